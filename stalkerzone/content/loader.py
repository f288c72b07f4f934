"""Loading card packs (CARDS.md): the base pack, the user card folder and ``--cards DIR`` packs.

:func:`load_packs` never raises for bad input: it returns every valid card of every valid pack
plus one :class:`CardProblem` per thing wrong. Decisions:

- packs load in this order: base, user packs (sorted by folder name), extra dirs as given; the
  card files of a pack in name order (top level of the pack folder only); cards in file order.
  A folder given twice (same resolved path) is loaded once.
- a pack whose ``pack.toml`` is missing or broken is skipped whole; a pack id already loaded
  skips the later pack.
- a bad card is dropped, the rest of its file still loads; a file that cannot be read or parsed
  (over 1 MB, not UTF-8, TOML syntax, nested over 64 levels) is dropped whole. Files are read
  through :mod:`stalkerzone.files`: only regular files whose real path lies inside their pack
  (a symlink out of the pack, a FIFO or a device is refused, never opened).
- a duplicate card id drops the later card; the error names both files.
- cross references are checked once all packs are loaded: an order whose monster or artifact no
  loaded pack defines is dropped with its error.
- ``art`` is stored on the engine card as the resolved path of the file inside its pack.
"""

from __future__ import annotations

import tomllib
import typing
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from stalkerzone import files, paths
from stalkerzone.content import lint
from stalkerzone.content.messages import article, hint
from stalkerzone.content.models import CARD_KINDS, CARD_MODELS, FORMAT, PackFile
from stalkerzone.content.problems import CardProblem, LineFinder, Loc, problems_from, short
from stalkerzone.engine import cards as engine
from stalkerzone.engine.cards import CardSet

MAX_FILE_BYTES = 1_000_000
PACK_FILE = "pack.toml"
CARD_SET_FIELDS = {
    "monster": "monsters",
    "weapon": "weapons",
    "weapon_mod": "weapon_mods",
    "armour": "armour",
    "navigation": "navigation",
    "grenade": "grenades",
    "stimulator": "stimulators",
    "artifact": "artifacts",
    "event": "events",
    "order": "orders",
    "stalker": "stalkers",
}
"""Card kind (the TOML array name) -> :class:`CardSet` field."""

__all__ = ["MAX_FILE_BYTES", "CardProblem", "LoadResult", "PackInfo", "load_packs"]


@dataclass(frozen=True, slots=True)
class PackInfo:
    """A pack found while loading. ``ok``: no problems at all; ``loaded``: its pack.toml was
    valid (its valid cards are in the card set); ``cards``: how many of its cards loaded."""

    id: str
    name: str
    version: str
    path: Path
    ok: bool
    problems: tuple[CardProblem, ...]
    loaded: bool = True
    cards: int = 0
    warnings: tuple[CardProblem, ...] = ()


@dataclass(frozen=True, slots=True)
class LoadResult:
    """What :func:`load_packs` found: the valid cards, every problem, every pack, and the
    warnings (likely mistakes in cards that still loaded, :mod:`~stalkerzone.content.lint`)."""

    cards: CardSet
    problems: tuple[CardProblem, ...]
    packs: tuple[PackInfo, ...]
    warnings: tuple[CardProblem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class _Loaded:
    """A card that passed validation, waiting for the cross-reference check."""

    card: engine.AnyCard
    kind: str
    file: str
    line: int
    pack: int
    finder: LineFinder
    span: tuple[int, int]


@dataclass
class _Pack:
    path: Path
    shown: str
    meta: PackFile | None = None
    problems: list[CardProblem] = field(default_factory=list)
    warnings: list[CardProblem] = field(default_factory=list)
    rejected: set[str] = field(default_factory=set)  # ids of cards dropped for their errors


def load_packs(
    extra_dirs: Sequence[Path] = (),
    *,
    include_user: bool = True,
    base_dir: Path | None = None,
) -> LoadResult:
    """Load the base pack, the user packs (``include_user``) and ``extra_dirs``.

    An extra dir may be a pack (it holds ``pack.toml``) or a folder of packs.
    """
    packs, loose = _find_packs(extra_dirs, include_user, base_dir)
    loaded: list[_Loaded] = []
    pack_ids: dict[str, str] = {}
    for number, pack in enumerate(packs):
        _read_manifest(pack, pack_ids)
        if pack.meta is not None:
            for path in sorted(p for p in pack.path.glob("*.toml") if p.name != PACK_FILE):
                loaded.extend(_read_card_file(pack, number, path))
            pack.warnings.extend(lint.ignored_files(pack.path, pack.shown))
    kept = _check_references(_check_ids(loaded, packs), packs)
    _warn(kept, packs)

    by_field: dict[str, list[engine.AnyCard]] = {name: [] for name in CARD_SET_FIELDS.values()}
    for item in kept:
        by_field[CARD_SET_FIELDS[item.kind]].append(item.card)
    fields: dict[str, Any] = {name: tuple(cards) for name, cards in by_field.items()}
    infos = tuple(
        PackInfo(
            id=pack.meta.pack.id if pack.meta else pack.path.name,
            name=pack.meta.pack.name.get("en") if pack.meta else pack.path.name,
            version=pack.meta.pack.version if pack.meta else "?",
            path=pack.path,
            ok=not pack.problems,
            problems=tuple(sorted(pack.problems, key=lambda p: (p.file, p.line))),
            loaded=pack.meta is not None,
            cards=sum(1 for item in kept if item.pack == number),
            warnings=tuple(sorted(pack.warnings, key=lambda p: (p.file, p.line))),
        )
        for number, pack in enumerate(packs)
    )
    problems = (*loose, *(p for info in infos for p in info.problems))
    warnings = tuple(w for info in infos for w in info.warnings)
    return LoadResult(CardSet(**fields), problems, infos, warnings)


def _warn(kept: list[_Loaded], packs: list[_Pack]) -> None:
    """Likely mistakes (:mod:`~stalkerzone.content.lint`), each filed with its card's pack."""
    by_file = {item.file: item.pack for item in kept}
    for found in (lint.orphan_mods(kept), lint.colour_order(kept)):
        for problem in found:
            packs[by_file[problem.file]].warnings.append(problem)
    counts = Counter(item.pack for item in kept)
    for number, pack in enumerate(packs):
        if pack.meta is not None and not counts[number] and not pack.problems:
            pack.warnings.append(lint.empty_pack(_join(pack.shown, PACK_FILE)))


def _find_packs(
    extra_dirs: Sequence[Path], include_user: bool, base_dir: Path | None
) -> tuple[list[_Pack], list[CardProblem]]:
    """The pack folders to load, in load order, and problems with folders that hold none."""
    loose: list[CardProblem] = []
    packs: list[_Pack] = []
    seen: set[Path] = set()

    def add(path: Path) -> None:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            packs.append(_Pack(path, _shown(path)))

    add(paths.base_cards_dir() if base_dir is None else Path(base_dir))
    if include_user:
        for folder in _subfolders(paths.user_cards_dir()):
            if (folder / PACK_FILE).is_file():
                add(folder)
            else:
                loose.append(_problem(folder, 0, f"no {PACK_FILE}: not a card pack, skipped"))
    for extra in extra_dirs:
        directory = Path(extra)
        if not directory.is_dir():
            what = "is not a folder" if directory.exists() else "does not exist"
            loose.append(_problem(directory, 0, f"card pack folder {what}"))
        elif (directory / PACK_FILE).is_file():
            add(directory)
        else:
            inner = [p for p in _subfolders(directory) if (p / PACK_FILE).is_file()]
            if not inner:
                loose.append(_problem(directory, 0, f"no {PACK_FILE} here nor in any sub-folder"))
            for folder in inner:
                add(folder)
    return packs, loose


def _subfolders(directory: Path) -> list[Path]:
    """Sub-folders in name order (none if the folder is missing or unreadable)."""
    try:
        return sorted(p for p in directory.iterdir() if p.is_dir())
    except OSError:
        return []


def _shown(path: Path) -> str:
    """A path as a person would type it: relative to the working folder when inside it."""
    if not path.is_absolute():
        return str(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _problem(
    path: Path | str, line: int, message: str, card: str = "-", key: str = "-"
) -> CardProblem:
    shown = path if isinstance(path, str) else _shown(path)
    return CardProblem(shown, line, card, key, message)


def _read_text(path: Path, shown: str, pack_dir: Path) -> tuple[str | None, CardProblem | None]:
    """The file's text, or the reason it cannot be read (size, encoding, I/O, not a regular
    file inside its pack)."""
    try:
        raw = files.read_bytes(path, limit=MAX_FILE_BYTES, inside=pack_dir, name=shown)
    except files.FileRefused as error:
        reason = error.reason
        if reason.startswith("refused: larger"):
            reason = "card files over 1 MB are refused"
        elif reason.startswith("cannot read: "):
            reason = "cannot read the file: " + reason.removeprefix("cannot read: ")
        return None, _problem(shown, 0, reason)
    try:  # a byte-order mark (saved by some Windows editors) is accepted and ignored
        return raw.decode("utf-8").removeprefix("\ufeff"), None
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        return None, _problem(shown, line, "not UTF-8 text (save the file as UTF-8)")


def _parse(path: Path, shown: str, pack_dir: Path) -> tuple[str, dict[str, Any]] | CardProblem:
    text, problem = _read_text(path, shown, pack_dir)
    if text is None:
        assert problem is not None
        return problem
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        line = 1
        if "(at line " in message:
            message, _, where = message.rpartition(" (at line ")
            line = int(where.split(",")[0].rstrip(")")) if where[:1].isdigit() else 1
        elif message.endswith("(at end of document)"):
            message = message.removesuffix(" (at end of document)")
            line = max(1, text.count("\n") + 1)
        return _problem(shown, line, f"TOML syntax error: {message}")
    except RecursionError:
        return _problem(shown, 1, "TOML nested too deeply")
    except ValueError as error:  # an integer over the interpreter's digit limit
        return _problem(shown, 1, f"TOML value refused: {files.shorten(str(error))}")
    problem_text = files.check_tree(data)
    if problem_text:
        return _problem(shown, 1, f"TOML {problem_text}")
    return text, data


def _read_manifest(pack: _Pack, pack_ids: dict[str, str]) -> None:
    path = pack.path / PACK_FILE
    shown = _join(pack.shown, PACK_FILE)
    if not path.is_file():
        pack.problems.append(_problem(shown, 0, f"no {PACK_FILE}: not a card pack, skipped"))
        return
    parsed = _parse(path, shown, pack.path)
    if isinstance(parsed, CardProblem):
        pack.problems.append(parsed)
        return
    text, data = parsed
    finder = LineFinder(text)
    for kind in [k for k in data if k in CARD_MODELS]:
        entries = data.pop(kind)
        for card_id, line in _tables_of(finder, kind, entries):
            message = (
                f"cards do not go in {PACK_FILE}: move [[{kind}]] into a card file beside it, "
                f"e.g. {kind}s.toml (this card is not loaded)"
            )
            pack.problems.append(_problem(shown, line, message, card_id, kind))
    try:
        meta = PackFile.model_validate(data)
    except ValidationError as error:
        pack.problems.extend(
            problems_from(
                error,
                data,
                file=shown,
                card_id="-",
                line_of=lambda loc: _manifest_line(finder, loc),
                allowed_keys=lambda loc, raw: _allowed_keys(PackFile, loc, raw),
            )
        )
        return
    other = pack_ids.get(meta.pack.id)
    if other is not None:
        line = _manifest_line(finder, ("pack", "id"))
        message = f"pack id '{meta.pack.id}' is already used by {other}; pack skipped"
        pack.problems.append(CardProblem(shown, line, "-", "pack.id", message))
        return
    pack_ids[meta.pack.id] = shown
    pack.meta = meta


def _manifest_line(finder: LineFinder, loc: Loc) -> int:
    if loc and loc[0] == "pack":
        span = finder.card_span("pack", 0)
        if span is not None:
            return finder.key_line(span, "pack", loc[1:])
    return finder.top_key_line(str(loc[0])) if loc else 1


def _join(shown: str, name: str) -> str:
    return str(Path(shown) / name)


def _read_card_file(pack: _Pack, number: int, path: Path) -> list[_Loaded]:
    """Validate every card of one file; bad cards become problems, the others load."""
    shown = _join(pack.shown, path.name)
    parsed = _parse(path, shown, pack.path)
    if isinstance(parsed, CardProblem):
        pack.problems.append(parsed)
        return []
    text, data = parsed
    finder = LineFinder(text)
    assert pack.meta is not None
    context = {"pack_dir": pack.path}
    result: list[_Loaded] = []
    for kind, entries in data.items():
        if kind == "format":
            if entries != FORMAT or isinstance(entries, bool):
                message = f"this program reads format {FORMAT}, not {short(entries)}"
                pack.problems.append(_problem(shown, finder.top_key_line(kind), message, key=kind))
            continue
        model = CARD_MODELS.get(kind)
        line = finder.top_key_line(kind)
        if model is None:
            message = (
                f"unknown card kind '{kind}'{hint(kind, CARD_KINDS)}; "
                f"known kinds: {', '.join(CARD_KINDS)}"
            )
            for card_id, at in _tables_of(finder, kind, entries):
                pack.problems.append(_problem(shown, at, message, card_id, kind))
            continue
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            message = f"cards are tables: write [[{kind}]] (two brackets) before each card"
            for card_id, at in _tables_of(finder, kind, entries):
                pack.problems.append(_problem(shown, at, message, card_id, kind))
            continue
        for index, entry in enumerate(entries):
            span = finder.card_span(kind, index) or (line, line)
            raw_id = entry.get("id")
            card_id = raw_id if isinstance(raw_id, str) and raw_id else "-"
            try:
                card = model.model_validate(entry, context=context)
            except RecursionError:
                pack.rejected.add(card_id)
                message = "values nested too deeply"
                pack.problems.append(_problem(shown, span[0], message, card_id))
                continue
            except ValidationError as error:
                pack.rejected.add(card_id)
                pack.problems.extend(
                    problems_from(
                        error,
                        entry,
                        file=shown,
                        card_id=card_id,
                        line_of=lambda loc, s=span, k=kind: finder.key_line(s, k, loc),
                        allowed_keys=lambda loc, raw, m=model: _allowed_keys(m, loc, raw),
                    )
                )
                continue
            card_value = card.to_card(pack.meta.pack.id)
            result.append(_Loaded(card_value, kind, shown, span[0], number, finder, span))
    return result


def _tables_of(finder: LineFinder, kind: str, entries: object) -> list[tuple[str, int]]:
    """(card id, line) of each table written under ``kind`` (one entry if it holds none)."""
    tables = entries if isinstance(entries, list) else [entries]
    found = []
    for index, entry in enumerate(tables):
        raw_id = entry.get("id") if isinstance(entry, Mapping) else None
        card_id = raw_id if isinstance(raw_id, str) and raw_id else "-"
        span = finder.card_span(kind, index)
        found.append((card_id, span[0] if span else finder.top_key_line(kind)))
    return found or [("-", finder.top_key_line(kind))]


def _allowed_keys(model: type[BaseModel], loc: Loc, raw: Any) -> list[str]:
    """The keys allowed in the table at ``loc`` of ``raw`` validated by ``model`` (best effort)."""
    current: type[BaseModel] | None = model
    for part in loc:
        if current is None:
            return []
        if isinstance(part, int):
            raw = raw[part] if isinstance(raw, list) and 0 <= part < len(raw) else None
            continue
        info = current.model_fields.get(part)
        raw = raw.get(part) if isinstance(raw, Mapping) else None
        if info is None:
            return []
        current = _pick_model(_models_in(info.annotation), raw)
    return list(current.model_fields) if current is not None else []


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _pick_model(models: Iterable[type[BaseModel]], raw: Any) -> type[BaseModel] | None:
    candidates = list(models)
    if len(candidates) == 1:
        return candidates[0]
    first = raw[0] if isinstance(raw, list) and raw else raw
    tag = first.get("kind") if isinstance(first, Mapping) else None
    for candidate in candidates:
        kind = candidate.model_fields.get("kind")
        if kind is not None and tag in typing.get_args(kind.annotation):
            return candidate
    return None


def _check_ids(loaded: list[_Loaded], packs: list[_Pack]) -> list[_Loaded]:
    """Card ids are unique across all loaded packs: a later duplicate is dropped (CARDS.md)."""
    first: dict[str, _Loaded] = {}
    kept = []
    for item in loaded:
        earlier = first.get(item.card.id)
        if earlier is None:
            first[item.card.id] = item
            kept.append(item)
            continue
        message = (
            f"duplicate id: also defined in {earlier.file}:{earlier.line}; this one is dropped"
        )
        packs[item.pack].problems.append(
            CardProblem(item.file, item.line, item.card.id, "id", message)
        )
    return kept


def _check_references(loaded: list[_Loaded], packs: list[_Pack]) -> list[_Loaded]:
    """Orders must name a monster / artifact some loaded pack defines (ORDER-1)."""
    ids = {item.card.id: item.kind for item in loaded}
    rejected = set().union(*(pack.rejected for pack in packs))
    kept = []
    for item in loaded:
        card = item.card
        if isinstance(card, engine.Order):
            requirement = card.requirement
            wanted: tuple[str, str, str] | None = None
            if isinstance(requirement, engine.TrophyRequirement):
                wanted = ("monster", requirement.monster, "requirement.monster")
            elif isinstance(requirement, engine.ArtifactRequirement):
                wanted = ("artifact", requirement.artifact, "requirement.artifact")
            if wanted is not None and ids.get(wanted[1]) != wanted[0]:
                kind, target, key = wanted
                other = ids.get(target)
                message = (
                    f"'{target}' is {article(other)}, not {article(kind)}"
                    if other
                    else f"the {kind} '{target}' has errors (see above)"
                    if target in rejected
                    else f"no loaded pack defines {article(kind)} '{target}'"
                )
                line = item.finder.key_line(item.span, item.kind, ("requirement",))
                problem = CardProblem(item.file, line, card.id, key, message + "; order dropped")
                packs[item.pack].problems.append(problem)
                continue
        kept.append(item)
    return kept
