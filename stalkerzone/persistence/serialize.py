"""Plain-JSON forms of actions and game states, read back strictly through pydantic.

Actions are written generically, as the contract between helpers says:
``{"type": ClassName, **fields}`` with tuples and hexes as lists. A game state is written field
by field, driven by the dataclasses' own fields, so new fields travel without new code.
Cards inside a state (a grenade in a fight) are written by reference, ``{"card": id}``, and
looked up again in the loaded :class:`~stalkerzone.engine.core.cards.CardSet` on reading.

Reading validates with pydantic ``TypeAdapter`` s built over the engine's frozen dataclasses in
strict mode (no string for a number, no number for true/false, no unknown field) and raises
:class:`SnapshotError` naming the place (``snapshot.players[2].cash: expected an integer``).
The pydantic models are in :mod:`stalkerzone.persistence.snapshot_models`, imported at the
first read: writing a save, or the title screen looking for the autosave, never builds them.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping
from typing import Any

from stalkerzone.engine.core import Card, CardSet
from stalkerzone.engine.play import ACTION_TYPES, Action, GameContext, GameState

JSON = Any
"""A value made of dict, list, str, int, float, bool and None only."""


class SnapshotError(ValueError):
    """A serialised value that does not fit its type; the message names where."""


# --- writing ----------------------------------------------------------------------------------


def to_json(value: object, *, cards_by_reference: bool = True) -> JSON:
    """The plain-JSON form of an engine value (dataclass, named tuple, enum, tuple, frozenset)."""
    if isinstance(value, enum.Enum):
        return value.value
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return str(value)
    if cards_by_reference and isinstance(value, Card):
        return {"card": value.id}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return [to_json(v, cards_by_reference=cards_by_reference) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, JSON] = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if isinstance(item, GameContext) or f.name.startswith("_"):
                continue
            out[f.name] = to_json(item, cards_by_reference=cards_by_reference)
        return out
    if isinstance(value, (tuple, list)):
        return [to_json(v, cards_by_reference=cards_by_reference) for v in value]
    if isinstance(value, (frozenset, set)):
        items = [to_json(v, cards_by_reference=cards_by_reference) for v in value]
        return sorted(items, key=canonical)
    if isinstance(value, Mapping):
        return {
            str(to_json(k)): to_json(v, cards_by_reference=cards_by_reference)
            for k, v in sorted(value.items(), key=lambda kv: canonical(to_json(kv[0])))
        }
    raise SnapshotError(f"cannot serialise a {type(value).__name__}")


def canonical(data: JSON) -> str:
    """One fixed text for a JSON value (sorted keys, no spaces): what hashes are taken of."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data: JSON) -> str:
    """``"sha256:<hex>"`` of the canonical text of ``data``."""
    return "sha256:" + hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


def action_to_json(action: Action) -> dict[str, JSON]:
    """``{"type": ClassName, **fields}`` (tuples and hexes as lists)."""
    out: dict[str, JSON] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        out[f.name] = to_json(getattr(action, f.name))
    return out


def state_to_json(state: GameState) -> dict[str, JSON]:
    """Every field of the state but its rules context (cards, sectors, variant)."""
    data = to_json(state)
    assert isinstance(data, dict)
    return data


def state_digest(state: GameState) -> str:
    """A checksum of the whole position (the RNG included): equal states, equal digests."""
    return digest(state_to_json(state))


def cards_digest(cards: CardSet, pack: str | None = None, *, with_art: bool = False) -> str:
    """A checksum of the cards (of one pack, if given): a save records it to notice edited
    cards whose pack kept its version number. A card's picture is left out: its path names the
    folder the program is installed in, which an upgrade or another machine changes while the
    game's cards stay the same (``with_art``: the checksum as saves before this one wrote it,
    pictures' full paths included, to read those saves where they were made)."""
    chosen = sorted((c for c in cards if pack is None or c.pack == pack), key=lambda c: c.id)
    cards_json = [to_json(c, cards_by_reference=False) for c in chosen]
    if not with_art:
        for card in cards_json:
            if isinstance(card, dict):
                card.pop("art", None)
    return digest(cards_json)


# --- reading ----------------------------------------------------------------------------------


def value_kind(data: object) -> str:
    """How a message names the JSON type of ``data`` (``a number``, ``a list``…)."""
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true/false"
    if isinstance(data, (int, float)):
        return "a number"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, dict):
        return "an object"
    return type(data).__name__


def _with_cards(data: JSON, cards: CardSet | None, where: str) -> JSON:
    """``data`` with every card reference ``{"card": id}`` replaced by that card's full JSON
    from the loaded packs (the save never carries a card's numbers)."""
    if isinstance(data, list):
        return [_with_cards(item, cards, f"{where}[{k}]") for k, item in enumerate(data)]
    if not isinstance(data, dict):
        return data
    if set(data) == {"card"}:
        card_id = data["card"]
        if not isinstance(card_id, str):
            raise SnapshotError(f'{where}: expected {{"card": id}}, found {value_kind(card_id)}')
        if cards is None or card_id not in cards:
            raise SnapshotError(f"{where}: no loaded pack defines a card '{card_id:.60}'")
        return to_json(cards.get(card_id), cards_by_reference=False)
    return {key: _with_cards(value, cards, f"{where}.{key}") for key, value in data.items()}


def action_from_json(data: JSON, where: str = "action") -> Action:
    """An action from ``{"type": ClassName, **fields}``, every field checked."""
    if not isinstance(data, dict):
        raise SnapshotError(f"{where}: expected an object, found {value_kind(data)}")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SnapshotError(f"{where}.type: unknown action {kind!r:.40}")
    body = {k: v for k, v in data.items() if k != "type"}
    from stalkerzone.persistence.snapshot_models import read_dataclass

    action: Action = read_dataclass(cls, body, where)
    return action


def state_from_json(data: JSON, ctx: GameContext, where: str = "snapshot") -> GameState:
    """A game state from :func:`state_to_json`, played with the rules context ``ctx``."""
    from stalkerzone.persistence.snapshot_models import read_dataclass

    with_cards = _with_cards(_fights_going_on(data), ctx.cards, where)
    state: GameState = read_dataclass(GameState, with_cards, where, ctx=ctx)
    return _shared_cards(state, ctx.cards)


OUTCOME_AT = 9
"""Where a fight's outcome stands in its saved core (a list): ``null`` while the fight goes on,
``""`` in saves written before the outcome became an enum."""


def _fights_going_on(data: JSON) -> JSON:
    """``data`` with the outcome ``""`` of an older save's fight cores read as ``null``."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for name in ("fight", "last_fight"):
        held = out.get(name)
        if not isinstance(held, dict) or not isinstance(held.get("fight"), dict):
            continue
        fight = dict(held["fight"])
        core = fight.get("core")
        if isinstance(core, list) and len(core) > OUTCOME_AT and core[OUTCOME_AT] == "":
            fight["core"] = [*core[:OUTCOME_AT], None, *core[OUTCOME_AT + 1 :]]
            out[name] = {**held, "fight": fight}
    return out


def _shared_cards(state: GameState, cards: CardSet) -> GameState:
    """The state with the loaded card objects themselves in its fights (equal values, but the
    engine then shares one object per card as a freshly played game does)."""
    for name in ("fight", "last_fight"):
        held = getattr(state, name)
        if held is None:
            continue
        stalker = held.fight.setup.stalker
        grenades = tuple(cards.get(g.id) for g in stalker.grenades)
        stimulators = tuple(cards.get(s.id) for s in stalker.stimulators)
        if grenades != stalker.grenades or stimulators != stalker.stimulators:
            raise SnapshotError(f"snapshot.{name}: a card in the fight is not the loaded card")
        side = dataclasses.replace(stalker, grenades=grenades, stimulators=stimulators)
        fight = dataclasses.replace(
            held.fight, setup=dataclasses.replace(held.fight.setup, stalker=side)
        )
        state = dataclasses.replace(state, **{name: dataclasses.replace(held, fight=fight)})
    return state


def first_difference(saved: Any, replayed: Any, where: str = "") -> str:
    """The first place two JSON values differ (``players[1].cash: saved 800, replayed 750``)."""
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key in sorted(set(saved) | set(replayed)):
            if key not in saved or key not in replayed:
                return f"{where}.{key}: only in the {'replay' if key in replayed else 'save'}"
            found = first_difference(saved[key], replayed[key], f"{where}.{key}" if where else key)
            if found:
                return found
        return ""
    if isinstance(saved, list) and isinstance(replayed, list):
        for k, (a, b) in enumerate(zip(saved, replayed, strict=False)):
            found = first_difference(a, b, f"{where}[{k}]")
            if found:
                return found
        if len(saved) != len(replayed):
            return f"{where}: saved {len(saved)} items, replayed {len(replayed)}"
        return ""
    if saved != replayed or type(saved) is not type(replayed):
        return f"{where}: saved {json.dumps(saved)[:60]}, replayed {json.dumps(replayed)[:60]}"
    return ""
