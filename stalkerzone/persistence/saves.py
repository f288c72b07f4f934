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
field) and never writes to the file. Every file is read through :mod:`stalkerzone.files`
(regular files only, size limit while reading, guarded JSON), and a snapshot must satisfy the
state's invariants (:mod:`stalkerzone.persistence.invariants`). Formats 1 (the client's first
saves: set-up and actions only, replayed from the seed) and 2 (with the folders its packs came
from, no longer scanned) and 3 (no turn log: it loads with an empty log) are still read.

What the client calls::

    record = engine.game.record.start(setup, cards, sectors)
    path = saves.save_game(record, name="my-game", packs=load_result.packs, log=entries)
    saves.autosave(record, packs=...)                         # after every EndTurn
    loaded = saves.load_game(path, extra_dirs=dirs)           # -> LoadedGame(.record, …)
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from stalkerzone import __version__, files
from stalkerzone.engine.core import CardSet
from stalkerzone.engine.game import Divergence, GameRecord, GameSetup, PlayerSetup
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import Action, GameContext, GameState
from stalkerzone.engine.zone import Sector
from stalkerzone.errors import UserError
from stalkerzone.persistence.invariants import card_problem, state_problem
from stalkerzone.persistence.save_folder import AUTOSAVE as AUTOSAVE
from stalkerzone.persistence.save_folder import STALE_TEMP_SECONDS
from stalkerzone.persistence.save_folder import latest_autosave as latest_autosave
from stalkerzone.persistence.save_folder import list_saves as list_saves
from stalkerzone.persistence.save_folder import saves_dir as saves_dir
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

FORMAT = 4
READABLE_FORMATS = (1, 2, 3, 4)
MAX_BYTES = 64 * 1024 * 1024
MAX_NAME = 100
"""Longest save name (characters)."""
ZONE_MODES = ("hand", "free", "ring", "line", "compact")


class SaveError(UserError):
    """A save that cannot be written or read: one line naming the file and the field."""


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
    path.parent.mkdir(parents=True, exist_ok=True)
    files.clean_temp_files(path.parent, older_than=STALE_TEMP_SECONDS)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


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


def read_document(path: Path) -> dict[str, Any]:
    """The JSON object of a save file, its format and integrity checked."""
    try:
        raw = files.read_bytes(path, limit=MAX_BYTES)
    except files.FileRefused as error:
        reason = error.reason
        if reason.startswith("refused: larger"):
            reason = f"not a save file ({reason.removeprefix('refused: ')})"
        raise SaveError(f"{files.shorten(str(path), files.SHOWN_PATH)}: {reason}") from None
    if not raw.strip():
        raise SaveError(f"{path}: empty file, not a save")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a save file (not UTF-8 text)") from None
    try:
        data = files.load_json(text, str(path))
    except files.FileRefused as error:
        cut = ""
        if error.reason.startswith("bad JSON at") and _looks_cut(raw, text):
            cut = " (the file looks cut short)"
        raise SaveError(f"{path}: damaged save: {error.reason}{cut}") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a save file (expected a JSON object)")
    if data.get("game", "stalkerzone") != "stalkerzone":
        raise SaveError(f"{path}: game: not a Stalker Zone save ({data.get('game')!r:.40})")
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise SaveError(f"{path}: format: missing or not a number; not a save file")
    if fmt > FORMAT:
        raise SaveError(
            f"{path}: format: save format {fmt} is newer than this version reads "
            f"(formats {READABLE_FORMATS[0]}–{FORMAT}); update Stalker Zone"
        )
    if fmt not in READABLE_FORMATS:
        raise SaveError(f"{path}: format: save format {fmt} is no longer supported")
    if fmt >= 2:
        stored = data.get("integrity")
        body = {k: v for k, v in data.items() if k != "integrity"}
        if not isinstance(stored, str) or digest(body) != stored:
            raise SaveError(
                f"{path}: integrity: the file was edited or damaged (its checksum does not match)"
            )
    return data


def _looks_cut(raw: bytes, text: str) -> bool:
    """Whether a JSON text that does not parse ends before its last closing brace."""
    if not raw.rstrip().endswith(b"}"):
        return True
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return error.pos >= len(text.rstrip()) - 1
    except (ValueError, RecursionError):
        return False
    return False


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: Path) -> Any:
    if key not in data:
        raise SaveError(f"{path}: {key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SaveError(f"{path}: {key}: wrong type ({type(value).__name__})")
    return value


def _players(data: Mapping[str, Any], path: Path) -> tuple[PlayerSetup, ...]:
    raw = _field(data, "players", list, path)
    out = []
    for k, seat in enumerate(raw):
        where = f"{path}: players[{k}]"
        if not isinstance(seat, dict):
            raise SaveError(f"{where}: expected an object")
        name, stalker, bot = seat.get("name"), seat.get("stalker"), seat.get("bot")
        if not isinstance(name, str) or not isinstance(stalker, str):
            raise SaveError(f"{where}: name and stalker must be strings")
        if bot is not None and not isinstance(bot, str):
            raise SaveError(f"{where}.bot: must be a string or null")
        out.append(PlayerSetup(name, stalker, bot))
    if not 1 <= len(out) <= 6:
        raise SaveError(f"{path}: players: 1 to 6 players, not {len(out)}")
    return tuple(out)


def _pack_list(data: Mapping[str, Any], path: Path) -> tuple[PackRef, ...]:
    raw = data.get("packs", [])
    if not isinstance(raw, list):
        raise SaveError(f"{path}: packs: expected a list")
    out = []
    for k, item in enumerate(raw):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise SaveError(f"{path}: packs[{k}]: expected an object with an id")
        version, dig = item.get("version", ""), item.get("digest", "")
        if not isinstance(version, str) or not isinstance(dig, str):
            raise SaveError(f"{path}: packs[{k}]: version and digest must be strings")
        out.append(PackRef(item["id"], version, dig))
    return tuple(out)


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
    found = {p.id: p for p in result.packs if p.ok and p.loaded}
    for ref in refs:
        info = found.get(ref.id)
        if info is None:
            hint = "; add its folder with --cards DIR" if ref.id != "base" else ""
            if hint and recorded_dirs:
                hint += f" (it was saved from {files.shorten(recorded_dirs[0])})"
            version = f" version {ref.version}" if ref.version else ""
            raise SaveError(f"{path}: packs: the save needs card pack '{ref.id}'{version}{hint}")
        if ref.version and info.version != ref.version:
            raise SaveError(
                f"{path}: packs: pack '{ref.id}' is version {info.version}, the save was "
                f"made with version {ref.version}"
            )
    wanted = {ref.id for ref in refs}
    cards = result.cards
    fields = {
        name: tuple(c for c in group if c.pack in wanted) for name, group in cards.groups().items()
    }
    chosen = replace(cards, **fields)  # type: ignore[arg-type]
    for ref in refs:
        if ref.digest and cards_digest(chosen, ref.id) != ref.digest:
            raise SaveError(
                f"{path}: packs: the cards of pack '{ref.id}' changed since the game was saved"
            )
    return chosen


def load_game(
    path: Path,
    *,
    extra_dirs: Sequence[Path] = (),
    include_user: bool = True,
    verify: bool = False,
) -> LoadedGame:
    """Read a save. Format 2 loads from its snapshot (checked against its checksum); with
    ``verify`` (and always for format 1) the actions are replayed from the seed as well and must
    reach the saved state. :class:`SaveError` for anything wrong; the file is never written."""
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
    from stalkerzone.content.tiles import load_sectors
    from stalkerzone.content.variants import VARIANT_NAMES, load_variant

    if data is None:
        data = read_document(path)
    fmt: int = data["format"]
    seed = _field(data, "seed", int, path)
    variant_name = _field(data, "variant", str, path) if "variant" in data else "standard"
    if variant_name not in VARIANT_NAMES:
        raise SaveError(f"{path}: variant: unknown variant {variant_name!r:.40}")
    zone_mode = data.get("zone_mode", "hand")
    if zone_mode not in ZONE_MODES:
        raise SaveError(f"{path}: zone_mode: unknown Zone mode {zone_mode!r:.40}")
    players = _players(data, path)
    card_dirs_raw = _recorded_dirs(data, fmt, path)
    refs = _pack_list(data, path)
    actions, trail_raw = _actions(data, fmt, path)
    log = _log(data, fmt, path)
    cards = _cards_for(refs, extra_dirs, include_user, path, card_dirs_raw)
    try:
        variant = load_variant(variant_name)
        sectors = tuple(load_sectors())
    except UserError as error:
        raise SaveError(f"{path}: {error}") from None
    if fmt >= 2 and data.get("sectors") != sectors_digest(sectors):
        raise SaveError(f"{path}: sectors: the Zone's sectors changed since the game was saved")
    missing = [p.stalker for p in players if p.stalker not in cards]
    if missing:
        raise SaveError(f"{path}: players: no loaded pack defines the stalker '{missing[0]:.40}'")
    setup = GameSetup(seed, players, variant, zone_mode)
    snapshot = data.get("snapshot")
    divergence: Divergence | None = None
    if fmt >= 2 and not replay_all:
        if not isinstance(snapshot, dict) or digest(snapshot) != data.get("checksum"):
            raise SaveError(f"{path}: snapshot: does not match its checksum")
        state = _checked_snapshot(snapshot, setup, GameContext(cards, sectors, variant), path)
        record = records.from_snapshot(setup, actions, state, trail_raw)
    else:
        try:
            record, divergence = records.replay(setup, cards, sectors, actions, trail_raw)
        except ValueError as error:
            raise SaveError(f"{path}: cannot set the game up: {error}") from None
        final = digest(as_saved(state_to_json(record.state), snapshot))
        if divergence is None and fmt >= 2 and final != data.get("checksum"):
            divergence = Divergence(len(actions), None, "the final state differs")
    loaded = LoadedGame(
        record=record,
        path=path,
        format=fmt,
        variant=variant_name,
        zone_mode=zone_mode,
        card_dirs=tuple(str(d) for d in extra_dirs),
        packs=refs,
        cards=cards,
        sectors=sectors,
        log=log,
    )
    return loaded, divergence


def _log(data: Mapping[str, Any], fmt: int, path: Path) -> tuple[LogEntry, ...]:
    """The turn log of a format 4 save, every line checked; none before format 4."""
    if fmt < 4:
        return ()
    try:
        return log_from_json(data.get("log", []))
    except LogError as error:
        raise SaveError(f"{path}: {error}") from None


def _recorded_dirs(data: Mapping[str, Any], fmt: int, path: Path) -> list[str]:
    """The folders a format 2 save recorded (shown in hints, never scanned); none later."""
    recorded = data.get("card_dirs", [])
    if fmt >= 3 and "card_dirs" in data:
        raise SaveError(f"{path}: card_dirs: a format {fmt} save names its packs, not folders")
    if not isinstance(recorded, list) or not all(isinstance(d, str) for d in recorded):
        raise SaveError(f"{path}: card_dirs: expected a list of folder names")
    return recorded


def _actions(data: Mapping[str, Any], fmt: int, path: Path) -> tuple[list[Action], list[str]]:
    """The saved actions, every field checked, and their fingerprints."""
    actions: list[Action] = []
    for k, raw in enumerate(_field(data, "actions", list, path)):
        try:
            actions.append(action_from_json(raw, f"actions[{k}]"))
        except SnapshotError as error:
            raise SaveError(f"{path}: {error}") from None
    trail = data.get("trail", [])
    if not isinstance(trail, list) or not all(isinstance(t, str) for t in trail):
        raise SaveError(f"{path}: trail: expected a list of strings")
    if fmt >= 2 and len(trail) != len(actions):
        raise SaveError(f"{path}: trail: {len(trail)} fingerprints for {len(actions)} actions")
    return actions, trail


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
