"""Saved games on disk: JSON, written atomically, read back with every field checked.

A save (format 4) holds what decides the game — the seed, the variant, the Zone mode, the
players, the card packs (id, version and a checksum of their cards: never a folder; on load
they are looked up among the base pack, the user card folder and ``--cards`` folders), a
checksum of the sectors,
and every action applied — plus a snapshot of the final state for fast loading, that state's
checksum, one fingerprint per action (so a replay can name the first action that went another
way), an integrity checksum of the whole document (so an edited file is noticed) and the turn
log as message keys and parameters (:mod:`stalkerzone.persistence.turn_log`), so a loaded game
tells its story in the player's language.

Loading never raises anything but :class:`SaveError` (a one-line message naming the file and the
field) and never writes to the file. The file is read by
:mod:`stalkerzone.persistence.save_document` (regular files only, size limit while reading,
guarded JSON, format and integrity), an older format is brought up to the current one
(:mod:`stalkerzone.persistence.save_upgrades`: format 1, the client's first saves, set-up and
actions only, replayed from the seed; format 2, with the folders its packs came from, no longer
scanned; format 3, no turn log: it loads with an empty log), and the current format is checked
field by field by one strict model (:mod:`stalkerzone.persistence.save_model`). A snapshot must
also satisfy the state's invariants (:mod:`stalkerzone.persistence.invariants`).

What the client calls::

    record = engine.game.record.start(setup, cards, sectors)
    path = saves.save_game(record, name="my-game", packs=load_result.packs, log=entries)
    saves.autosave(record, packs=...)                         # after every EndTurn
    loaded = saves.load_game(path, extra_dirs=dirs)           # -> LoadedGame(.record, …)
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stalkerzone import __version__, files
from stalkerzone.engine.core import CardSet
from stalkerzone.engine.game import Divergence, GameRecord, GameSetup, PlayerSetup
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import Action, GameContext, GameState
from stalkerzone.engine.zone import Sector
from stalkerzone.errors import UserError
from stalkerzone.persistence.invariants import card_problem, state_problem
from stalkerzone.persistence.save_document import SaveError, read_document
from stalkerzone.persistence.save_folder import (
    AUTOSAVE,
    STALE_TEMP_SECONDS,
    saves_dir,
)
from stalkerzone.persistence.save_upgrades import (
    CURRENT_FORMAT,
    recorded_card_dirs,
    to_current,
)
from stalkerzone.persistence.serialize import (
    SnapshotError,
    action_from_json,
    action_to_json,
    cards_digest,
    digest,
    first_difference,
    state_digest,
    state_from_json,
    state_to_json,
    to_json,
)
from stalkerzone.persistence.turn_log import LogEntry, LogError, log_from_json, log_to_json

if TYPE_CHECKING:
    from stalkerzone.persistence.save_model import SaveDocument

FORMAT = CURRENT_FORMAT
MAX_NAME = 100
"""Longest save name (characters)."""


@dataclass(frozen=True, slots=True)
class PackRef:
    """A card pack a game was played with: id, version and a checksum of its cards."""

    id: str
    version: str = ""
    digest: str = ""


@dataclass(frozen=True)
class LoadedGame:
    """A game read from a save: the record to play on, and where it came from
    (``card_dirs``: the ``--cards`` folders its packs were looked up in)."""

    record: GameRecord
    path: Path
    format: int
    variant: str
    zone_mode: str
    card_dirs: tuple[str, ...]
    packs: tuple[PackRef, ...]
    cards: CardSet
    sectors: tuple[Sector, ...]
    log: tuple[LogEntry, ...] = ()
    """The turn log (format 4; empty for older saves)."""


# --- writing ----------------------------------------------------------------------------------


def pack_refs(
    cards: CardSet, packs: Iterable[Any] = (), ctx: GameContext | None = None
) -> tuple[PackRef, ...]:
    """The packs whose cards are in play; versions from the loader's ``PackInfo`` if given.

    With ``ctx`` (the game's rules context) the checksums are kept in its ``memo`` for the
    game's lifetime: an autosave after every turn does not hash the cards again."""
    versions = {str(p.id): str(p.version) for p in packs}
    ids = sorted({card.pack for card in cards})
    return tuple(PackRef(i, versions.get(i, ""), _pack_digest(cards, i, ctx)) for i in ids)


def _pack_digest(cards: CardSet, pack: str, ctx: GameContext | None) -> str:
    if ctx is None or ctx.cards is not cards:
        return cards_digest(cards, pack)
    key = ("saves.pack_digest", pack)
    found = ctx.memo.get(key)
    if not isinstance(found, str):
        found = cards_digest(cards, pack)
        ctx.memo[key] = found
    return found


def sectors_digest(sectors: Sequence[Sector], ctx: GameContext | None = None) -> str:
    """A checksum of the sectors (tiles) a game was played with (kept in ``ctx.memo`` when
    ``ctx`` is the game's context and holds these sectors)."""
    if ctx is None or ctx.sectors is not sectors:
        return digest(to_json(tuple(sectors), cards_by_reference=False))
    key = ("saves.sectors_digest",)
    found = ctx.memo.get(key)
    if not isinstance(found, str):
        found = digest(to_json(tuple(sectors), cards_by_reference=False))
        ctx.memo[key] = found
    return found


def save_data(
    record: GameRecord, *, packs: Iterable[Any] = (), log: Iterable[LogEntry] = ()
) -> dict[str, Any]:
    """The JSON document of a save (format 4) for ``record`` and its turn ``log``."""
    state = record.state
    setup = record.setup
    snapshot = state_to_json(state)
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": "stalkerzone",
        "engine": __version__,
        "saved": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seed": setup.seed,
        "variant": setup.variant.id,
        "zone_mode": setup.zone_mode,
        "layout_by": setup.layout_by,
        "early_packs": list(setup.early_packs),
        "players": [{"name": p.name, "stalker": p.stalker, "bot": p.bot} for p in setup.players],
        "packs": [
            {"id": p.id, "version": p.version, "digest": p.digest}
            for p in pack_refs(state.cards, packs, state.ctx)
        ],
        "sectors": sectors_digest(state.ctx.sectors, state.ctx),
        "actions": [action_to_json(a) for a in record.actions],
        "trail": list(record.fingerprints()),
        "turn": state.turn,
        "checksum": digest(snapshot),
        "snapshot": snapshot,
        "log": log_to_json(log),
    }
    data["integrity"] = digest(data)
    return data


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON to a temp file in the same folder, flush it to disk, then rename it over
    ``path``: a crash leaves either the old file or the new one, never half of one."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    files.write_atomic(path, text.encode("utf-8"), stale_after=STALE_TEMP_SECONDS)


def check_save_name(name: str) -> str:
    """The reason ``name`` cannot name a save file, or ``""``."""
    if not name.strip():
        return "a save name may not be empty"
    if len(name) > MAX_NAME:
        return f"a save name has at most {MAX_NAME} characters, not {len(name)}"
    if any(unicodedata.category(c).startswith("C") for c in name):
        return "a save name may not contain control characters (such as NUL)"
    if any(c in name for c in '/\\:*?"<>|') or name.startswith("."):
        return 'a save name may not contain / \\ : * ? " < > | or start with .'
    return ""


def save_path(name: str | None = None) -> Path:
    """``<saves folder>/<name>.json`` (default name: a UTC time stamp)."""
    stem = time.strftime("game-%Y%m%d-%H%M%S", time.gmtime()) if name is None else name
    problem = check_save_name(stem)
    if problem:
        raise SaveError(f"{files.shorten(repr(stem))}: {problem}")
    return saves_dir() / f"{stem}.json"


def save_game(
    record: GameRecord,
    path: Path | None = None,
    *,
    name: str | None = None,
    packs: Iterable[Any] = (),
    log: Iterable[LogEntry] = (),
) -> Path:
    """Save ``record`` (and its turn ``log``) to ``path`` (or ``<saves folder>/<name>.json``),
    atomically."""
    target = path if path is not None else save_path(name)
    data = save_data(record, packs=packs, log=log)
    try:
        write_json_atomic(target, data)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else None
        raise SaveError(f"{target}: cannot write: {reason or error}") from None
    return target


def autosave(
    record: GameRecord, *, packs: Iterable[Any] = (), log: Iterable[LogEntry] = ()
) -> Path:
    """Rewrite ``autosave.json`` in the saves folder (call it after every turn)."""
    return save_game(record, name=AUTOSAVE, packs=packs, log=log)


# --- reading ----------------------------------------------------------------------------------


def _cards_for(
    refs: tuple[PackRef, ...],
    extra_dirs: Sequence[Path],
    include_user: bool,
    path: Path,
    recorded_dirs: Sequence[str] = (),
) -> CardSet:
    """The cards of exactly the recorded packs (more packs would change the decks), looked up
    by id among the base pack, the user card folder and ``extra_dirs`` — never in a folder the
    save names (``recorded_dirs``, format 2, only appear in the hint)."""
    from stalkerzone.content.loader import load_packs

    try:
        result = load_packs(extra_dirs, include_user=include_user)
    except (UserError, OSError, ValueError) as error:
        raise SaveError(f"{path}: packs: cannot load the card packs: {error}") from None
    if not refs:
        return result.cards
    found = {p.id: str(p.version) for p in result.packs if p.ok and p.loaded}
    for ref in refs:
        problem = _pack_problem(ref, found, recorded_dirs)
        if problem:
            raise SaveError(f"{path}: packs: {problem}")
    chosen = _only_packs(result.cards, {ref.id for ref in refs})
    changed = [
        ref.id
        for ref in refs
        if ref.digest
        and ref.digest
        not in (cards_digest(chosen, ref.id), cards_digest(chosen, ref.id, with_art=True))
    ]
    if changed:
        raise SaveError(
            f"{path}: packs: the cards of pack '{changed[0]}' changed since the game was saved"
        )
    return chosen


def _only_packs(cards: CardSet, wanted: set[str]) -> CardSet:
    """``cards`` without the cards of packs not ``wanted``."""
    fields = {
        name: tuple(c for c in group if c.pack in wanted) for name, group in cards.groups().items()
    }
    return replace(cards, **fields)  # type: ignore[arg-type]


def _pack_problem(ref: PackRef, versions: Mapping[str, str], recorded_dirs: Sequence[str]) -> str:
    """Why the recorded pack ``ref`` is not among the loaded ones (``versions`` by id), or
    ``""``."""
    if ref.id not in versions:
        hint = "; add its folder with --cards DIR" if ref.id != "base" else ""
        if hint and recorded_dirs:
            hint += f" (it was saved from {files.shorten(recorded_dirs[0])})"
        version = f" version {ref.version}" if ref.version else ""
        return f"the save needs card pack '{ref.id}'{version}{hint}"
    if ref.version and versions[ref.id] != ref.version:
        return (
            f"pack '{ref.id}' is version {versions[ref.id]}, the save was made with version "
            f"{ref.version}"
        )
    return ""


def load_game(
    path: Path,
    *,
    extra_dirs: Sequence[Path] = (),
    include_user: bool = True,
    verify: bool = False,
) -> LoadedGame:
    """Read a save. A save with a snapshot (format 2 on) loads from it (checked against its
    checksum); with ``verify`` (and always for format 1, which has none) the actions are
    replayed from the seed as well and must reach the saved state. :class:`SaveError` for
    anything wrong; the file is never written."""
    loaded, divergence = _load(path, extra_dirs, include_user, replay_all=verify)
    if divergence is not None:
        raise SaveError(f"{path}: actions[{divergence.index}]: {divergence.reason}")
    return loaded


@dataclass(frozen=True)
class ReplayReport:
    """What ``stalkerzone replay`` found: same state, or where it diverged."""

    path: Path
    actions: int
    same: bool
    checksum: str
    divergence: Divergence | None = None
    difference: str = ""
    record: GameRecord | None = field(default=None, compare=False, repr=False)
    """The replayed game (up to a divergence), every state kept."""


def replay_save(
    path: Path, *, extra_dirs: Sequence[Path] = (), include_user: bool = True
) -> ReplayReport:
    """Replay a save's actions from its seed and compare with the saved final state."""
    data = read_document(path)
    loaded, divergence = _load(path, extra_dirs, include_user, replay_all=True, data=data)
    state = loaded.record.state
    checksum = state_digest(state)
    saved = data.get("snapshot")
    difference = ""
    if isinstance(saved, dict):
        difference = first_difference(saved, as_saved(state_to_json(state), saved))
    same = divergence is None and not difference
    if divergence is None and difference:
        divergence = Divergence(len(loaded.record.actions), None, "the final state differs")
    return ReplayReport(
        path, len(loaded.record.actions), same, checksum, divergence, difference, loaded.record
    )


def _load(
    path: Path,
    extra_dirs: Sequence[Path],
    include_user: bool,
    *,
    replay_all: bool,
    data: dict[str, Any] | None = None,
) -> tuple[LoadedGame, Divergence | None]:
    if data is None:
        data = read_document(path)
    document = _current_document(data, path)
    refs = tuple(PackRef(p.id, p.version, p.digest) for p in document.packs)
    actions = _actions(document.actions, path)
    log = _log(document.log, path)
    cards = _cards_for(refs, extra_dirs, include_user, path, recorded_card_dirs(data))
    setup, ctx = _setup(document, cards, path)
    divergence: Divergence | None = None
    if document.snapshot is not None and not replay_all:
        if digest(document.snapshot) != document.checksum:
            raise SaveError(f"{path}: snapshot: does not match its checksum")
        state = _checked_snapshot(document.snapshot, setup, ctx, path)
        record = records.from_snapshot(setup, actions, state, document.trail)
    else:
        record, divergence = _replayed(document, setup, ctx, actions, path)
    loaded = LoadedGame(
        record=record,
        path=path,
        format=data["format"],
        variant=document.variant,
        zone_mode=document.zone_mode,
        card_dirs=tuple(str(d) for d in extra_dirs),
        packs=refs,
        cards=cards,
        sectors=ctx.sectors,
        log=log,
    )
    return loaded, divergence


def _current_document(data: dict[str, Any], path: Path) -> SaveDocument:
    """The save brought up to the current format and checked field by field."""
    from stalkerzone.persistence.save_model import DocumentError, read_document_model

    try:
        return read_document_model(to_current(data), data["format"])
    except DocumentError as error:
        raise SaveError(f"{path}: {error}") from None


def _setup(document: SaveDocument, cards: CardSet, path: Path) -> tuple[GameSetup, GameContext]:
    """The game's set-up and rules context: its variant, the sectors (unchanged since the game
    was saved) and a stalker card for every player."""
    from stalkerzone.content.tiles import load_sectors
    from stalkerzone.content.variants import load_variant

    try:
        variant = load_variant(document.variant)
        sectors = tuple(load_sectors())
    except UserError as error:
        raise SaveError(f"{path}: {error}") from None
    if document.sectors is not None and document.sectors != sectors_digest(sectors):
        raise SaveError(f"{path}: sectors: the Zone's sectors changed since the game was saved")
    players = tuple(PlayerSetup(p.name, p.stalker, p.bot) for p in document.players)
    missing = [p.stalker for p in players if p.stalker not in cards]
    if missing:
        raise SaveError(f"{path}: players: no loaded pack defines the stalker '{missing[0]:.40}'")
    setup = GameSetup(
        document.seed,
        players,
        variant,
        document.zone_mode,
        document.layout_by,
        tuple(document.early_packs),
    )
    return setup, GameContext(cards, sectors, variant)


def _replayed(
    document: SaveDocument,
    setup: GameSetup,
    ctx: GameContext,
    actions: Sequence[Action],
    path: Path,
) -> tuple[GameRecord, Divergence | None]:
    """The game replayed from its seed, and where it went another way than the save: an
    action's fingerprint or the final state's checksum (when the save has them)."""
    try:
        record, divergence = records.replay(setup, ctx.cards, ctx.sectors, actions, document.trail)
    except ValueError as error:
        raise SaveError(f"{path}: cannot set the game up: {error}") from None
    if divergence is None and document.checksum is not None:
        final = digest(as_saved(state_to_json(record.state), document.snapshot))
        if final != document.checksum:
            divergence = Divergence(len(actions), None, "the final state differs")
    return record, divergence


def _log(raw: list[dict[str, Any]], path: Path) -> tuple[LogEntry, ...]:
    """The turn log, every line checked (empty for a save from before format 4)."""
    try:
        return log_from_json(raw)
    except LogError as error:
        raise SaveError(f"{path}: {error}") from None


def _actions(raw: list[dict[str, Any]], path: Path) -> list[Action]:
    """The saved actions, every field checked."""
    actions: list[Action] = []
    for k, item in enumerate(raw):
        try:
            actions.append(action_from_json(item, f"actions[{k}]"))
        except SnapshotError as error:
            raise SaveError(f"{path}: {error}") from None
    return actions


def _checked_snapshot(
    snapshot: dict[str, Any], setup: GameSetup, ctx: GameContext, path: Path
) -> GameState:
    """The saved state, every field checked by type, then against the state's invariants and
    the card places: a snapshot is only as good as whoever signed it."""
    try:
        state = state_from_json(snapshot, ctx)
    except SnapshotError as error:
        raise SaveError(f"{path}: {error}") from None
    problem = state_problem(state, setup)
    if problem:
        raise SaveError(f"{path}: {problem}")
    problem = card_problem(state, ctx.cards)
    if problem:
        raise SaveError(f"{path}: snapshot: {problem}")
    return state


ROLL_DETAIL = ("faces", "modifier", "one_die")
"""What a fight log entry records of a roll's dice (DMG-4); saves from before lack it."""


def as_saved(replayed: Any, saved: Any) -> Any:
    """The replayed state's JSON as the save's build wrote it: without the recorded dice of
    fight rolls when the saved snapshot's fight logs have none (an older save replays the same
    game; only what is recorded of it grew)."""
    if not isinstance(replayed, dict) or not isinstance(saved, dict) or _has_roll_detail(saved):
        return replayed
    out = dict(replayed)
    for name in ("fight", "last_fight"):
        held = out.get(name)
        if isinstance(held, dict) and isinstance(held.get("fight"), dict):
            fight = dict(held["fight"])
            fight["log"] = [
                {k: v for k, v in entry.items() if k not in ROLL_DETAIL}
                if isinstance(entry, dict)
                else entry
                for entry in fight.get("log", [])
            ]
            out[name] = {**held, "fight": fight}
    return out


def _has_roll_detail(snapshot: dict[str, Any]) -> bool:
    """Whether a snapshot's fight logs record roll dice (any entry, or no fight logged)."""
    entries = [
        entry
        for name in ("fight", "last_fight")
        if isinstance(held := snapshot.get(name), dict) and isinstance(held.get("fight"), dict)
        for entry in held["fight"].get("log", [])
        if isinstance(entry, dict)
    ]
    return not entries or any("faces" in entry for entry in entries)
