"""Validating card packs read by :mod:`stalkerzone.content.loader` (docs/cards.md): the pydantic
models, one :class:`CardProblem` per thing wrong, the id and cross-reference checks, and the
warnings of :mod:`~stalkerzone.content.lint` (kept with each pack's info, so cached too).

Imported only when the packs are not in the cache (:mod:`stalkerzone.content.pack_cache`): this
is where pydantic and the card models are imported.
"""

from __future__ import annotations

import re
import tomllib
import typing
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, get_origin

from pydantic import BaseModel, ValidationError

from stalkerzone import files
from stalkerzone.content import lint
from stalkerzone.content.loader import (
    CARD_SET_FIELDS,
    PACK_FILE,
    Pack,
    PackInfo,
    SourceFile,
    ValidatedPacks,
    join,
    pack_problem,
)
from stalkerzone.content.messages import article, hint, short
from stalkerzone.content.models import CARD_KINDS, CARD_MODELS, FORMAT
from stalkerzone.content.pack_cache import PackCache
from stalkerzone.content.pack_manifest import PackFile
from stalkerzone.content.problems import CardProblem, LineFinder, Loc, problems_from
from stalkerzone.engine.core import CardSet
from stalkerzone.engine.core import cards as engine


@dataclass
class Loaded:
    """A card that passed validation, waiting for the cross-reference check."""

    card: engine.AnyCard
    kind: str
    file: str
    line: int
    pack: int
    finder: LineFinder
    span: tuple[int, int]


def validate(packs: list[Pack]) -> ValidatedPacks:
    """Every valid card of every valid pack, in load order, and each pack's problems and
    warnings."""
    loaded: list[Loaded] = []
    pack_ids: dict[str, Pack] = {}
    for pack in sorted(packs, key=lambda p: p.installed):  # a working copy wins its id
        _read_manifest(pack, pack_ids)
    for pack in packs:
        _check_requires(pack, pack_ids)
    for number, pack in enumerate(packs):
        if pack.meta is not None:
            for source in pack.card_files:
                loaded.extend(_read_card_file(pack, number, source))
            pack.warnings.extend(pack.ignored_files)
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
            title=pack.meta.pack.name if pack.meta else None,
        )
        for number, pack in enumerate(packs)
    )
    return ValidatedPacks(CardSet(**fields), infos)


def _warn(kept: list[Loaded], packs: list[Pack]) -> None:
    """Likely mistakes (:mod:`~stalkerzone.content.lint`), each filed with its card's pack."""
    by_file = {item.file: item.pack for item in kept}
    checks = [lint.orphan_mods(kept), lint.colour_order(kept), lint.bonusless_stalkers(kept)]
    if any(isinstance(i.card, engine.Artifact) and i.card.effects for i in kept):
        from stalkerzone.content.variants import load_variant  # only when there are effects

        standard = load_variant("standard", cache=PackCache.off())  # validated packs are cached
        checks.append(lint.crushing_penalties(kept, standard.start_health))
    for found in checks:
        for problem in found:
            packs[by_file[problem.file]].warnings.append(problem)
    counts = Counter(item.pack for item in kept)
    for number, pack in enumerate(packs):
        if pack.meta is not None and not counts[number] and not pack.problems:
            pack.warnings.append(lint.empty_pack(join(pack.shown, PACK_FILE)))


def _parse(source: SourceFile) -> tuple[str, dict[str, Any]] | CardProblem:
    """The text and the TOML tree of a file read, or its one problem (unread, not UTF-8,
    TOML syntax, too deep, a value refused)."""
    shown = source.shown
    if source.raw is None:
        assert source.problem is not None
        return source.problem
    try:
        text = source.raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = source.raw[: error.start].count(b"\n") + 1
        return pack_problem(shown, line, "not UTF-8 text (save the file as UTF-8)")
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
        if message.startswith("Cannot overwrite a value") or message.startswith("Cannot declare"):
            return _repeated_key(shown, text, line)
        return pack_problem(shown, line, f"TOML syntax error: {message}")
    except RecursionError:
        return pack_problem(shown, 1, "TOML nested too deeply")
    except ValueError as error:  # an integer over the interpreter's digit limit
        return pack_problem(shown, 1, f"TOML value refused: {files.shorten(str(error))}")
    problem_text = files.check_tree(data)
    if problem_text:
        return pack_problem(shown, 1, f"TOML {problem_text}")
    return text, data


_KEY_LINE = re.compile(r"^\s*([A-Za-z0-9_.\"'-]+)\s*=")
_TABLE_LINE = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.-]+)\s*\]")
_ID_LINE = re.compile(r"^\s*id\s*=\s*[\"']([^\"']*)[\"']")


def _repeated_key(shown: str, text: str, line: int) -> CardProblem:
    """A key (or table) written twice, named with its card: TOML allows each key once."""
    lines = text.splitlines()
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    key_match = _KEY_LINE.match(here) or _TABLE_LINE.match(here)
    key = key_match.group(1).strip("\"'") if key_match else "-"
    start = next((i for i in range(line - 1, -1, -1) if lines[i].lstrip().startswith("[[")), 0)
    end = next((i for i in range(line, len(lines)) if lines[i].lstrip().startswith("[[")), None)
    ids = (_ID_LINE.match(text_line) for text_line in lines[start:end])
    card = next((found.group(1) for found in ids if found and found.group(1)), "-")
    named = f"in card '{card}'" if card != "-" else "in this table"
    message = f"'{key}' is given twice {named}: keep one (TOML allows each key once)"
    return pack_problem(shown, line, message, card, key)


def _unknown_kind(kind: str) -> str:
    """Why a top-level table is not a card kind; a card's own list written at the top level
    (``[[abilities]]`` for ``[[monster.abilities]]``) is named as such."""
    owners = [
        name
        for name, model in CARD_MODELS.items()
        if kind in model.model_fields
        and get_origin(model.model_fields[kind].annotation) in (tuple, list)
    ]
    if owners:
        return (
            f"'{kind}' is part of a card, not a card kind: write [[{owners[0]}.{kind}]] "
            f"right after its [[{owners[0]}]], or {kind} = [ … ] inside it"
        )
    return (
        f"unknown card kind '{kind}'{hint(kind, CARD_KINDS)}; known kinds: {', '.join(CARD_KINDS)}"
    )


def _read_manifest(pack: Pack, pack_ids: dict[str, Pack]) -> None:
    shown = join(pack.shown, PACK_FILE)
    if pack.manifest is None:
        pack.problems.append(pack_problem(shown, 0, f"no {PACK_FILE}: not a card pack, skipped"))
        return
    parsed = _parse(pack.manifest)
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
            pack.problems.append(pack_problem(shown, line, message, card_id, kind))
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
        if pack.installed and not other.installed:
            message = (
                f"pack '{meta.pack.id}' is also given as {other.shown}: that working copy is "
                "loaded and this installed copy skipped"
            )
            pack.warnings.append(CardProblem(shown, line, "-", "pack.id", message, warning=True))
            return
        first = join(other.shown, PACK_FILE)
        message = f"pack id '{meta.pack.id}' is already used by {first}; pack skipped"
        pack.problems.append(CardProblem(shown, line, "-", "pack.id", message))
        return
    pack_ids[meta.pack.id] = pack
    pack.meta = meta


def _check_requires(pack: Pack, pack_ids: dict[str, Pack]) -> None:
    """A pack whose ``requires`` names a pack that is not loaded is skipped (its cards would
    name cards nobody defines)."""
    if pack.meta is None:
        return
    missing = [r for r in pack.meta.pack.requires if pack_ids.get(r) is None]
    if missing:
        shown = join(pack.shown, PACK_FILE)
        message = (
            f"needs the pack{'s' if len(missing) > 1 else ''} {', '.join(missing)}, not loaded "
            f"(give it with --cards or install it); pack skipped"
        )
        pack.problems.append(CardProblem(shown, 0, "-", "pack.requires", message))
        pack.meta = None


def _manifest_line(finder: LineFinder, loc: Loc) -> int:
    if loc and loc[0] == "pack":
        span = finder.card_span("pack", 0)
        if span is not None:
            return finder.key_line(span, "pack", loc[1:])
    return finder.top_key_line(str(loc[0])) if loc else 1


def _read_card_file(pack: Pack, number: int, source: SourceFile) -> list[Loaded]:
    """Validate every card of one file; bad cards become problems, the others load."""
    shown = source.shown
    parsed = _parse(source)
    if isinstance(parsed, CardProblem):
        pack.problems.append(parsed)
        return []
    text, data = parsed
    finder = LineFinder(text)
    assert pack.meta is not None
    context = {"pack_dir": pack.path}
    result: list[Loaded] = []
    for kind, entries in data.items():
        if kind == "format":
            if entries != FORMAT or isinstance(entries, bool):
                message = f"this program reads format {FORMAT}, not {short(entries)}"
                pack.problems.append(
                    pack_problem(shown, finder.top_key_line(kind), message, key=kind)
                )
            continue
        model = CARD_MODELS.get(kind)
        line = finder.top_key_line(kind)
        if model is None:
            message = _unknown_kind(kind)
            for card_id, at in _tables_of(finder, kind, entries):
                pack.problems.append(pack_problem(shown, at, message, card_id, kind))
            continue
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            message = f"cards are tables: write [[{kind}]] (two brackets) before each card"
            for card_id, at in _tables_of(finder, kind, entries):
                pack.problems.append(pack_problem(shown, at, message, card_id, kind))
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
                pack.problems.append(pack_problem(shown, span[0], message, card_id))
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
            result.append(Loaded(card_value, kind, shown, span[0], number, finder, span))
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


def _check_ids(loaded: list[Loaded], packs: list[Pack]) -> list[Loaded]:
    """Card ids are unique across all loaded packs: a later duplicate is dropped (docs/cards.md)."""
    first: dict[str, Loaded] = {}
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


def _check_references(loaded: list[Loaded], packs: list[Pack]) -> list[Loaded]:
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
                    + hint(target, [i for i, k in ids.items() if k == kind])
                )
                line = item.finder.key_line(item.span, item.kind, ("requirement",))
                problem = CardProblem(item.file, line, card.id, key, message + "; order dropped")
                packs[item.pack].problems.append(problem)
                continue
        kept.append(item)
    return kept
