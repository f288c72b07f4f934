"""One whole-number field of a card changed, and checked exactly as the loader checks a card
file (``simulate --sweep``'s ``card_fields``): a value the loader refuses is never played.

The field is a dotted path into the card's table as written in its file: ``red.health``,
``copies``, ``abilities.0.attacks`` (a list item by its number, from 0), ``abilities.0.rolls.red``.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from stalkerzone.content.loader import PACK_FILE, PackInfo
from stalkerzone.content.messages import hint
from stalkerzone.content.models import CARD_MODELS
from stalkerzone.content.problems import problems_from
from stalkerzone.engine.core import AnyCard


class CardEditError(ValueError):
    """A field that cannot be changed so, in the card author's words."""


def card_table(packs: Sequence[PackInfo], card: AnyCard) -> tuple[str, dict[str, Any], Path]:
    """The kind, the table as written and the pack folder of a loaded card."""
    for pack in packs:
        if pack.id != card.pack or not pack.loaded:
            continue
        for file in sorted(pack.path.glob("*.toml")):
            if file.name == PACK_FILE:
                continue
            try:
                data = tomllib.loads(file.read_text(encoding="utf-8-sig"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                continue
            for kind, entries in data.items():
                if kind in CARD_MODELS and isinstance(entries, list):
                    for entry in entries:
                        if isinstance(entry, dict) and entry.get("id") == card.id:
                            return kind, entry, pack.path
    raise CardEditError(f"the file of card '{card.id}' was not found in pack '{card.pack}'")


def edit_card(packs: Sequence[PackInfo], card: AnyCard, field: str, value: int) -> AnyCard:
    """``card`` with ``field`` set to ``value``; :class:`CardEditError` when the path does not
    lead to a whole number of the card, or when the loader would refuse the card so."""
    kind, table, pack_dir = card_table(packs, card)
    changed = copy.deepcopy(table)
    _set(changed, field.split("."), value, kind)
    model = CARD_MODELS[kind]
    try:
        loaded = model.model_validate(changed, context={"pack_dir": pack_dir})
    except ValidationError as error:
        problem = problems_from(error, changed, file="-", card_id=card.id, line_of=lambda loc: 0)[0]
        field_said = "" if problem.field == "-" else f"{problem.field}: "
        raise CardEditError(f"{value} is refused: {field_said}{problem.message}") from None
    return loaded.to_card(card.pack)


def _set(table: dict[str, Any], path: list[str], value: int, kind: str) -> None:
    """Set the whole number at ``path`` inside ``table`` (lists by item number)."""
    here: Any = table
    walked: list[str] = []
    for step in path[:-1]:
        here = _step(here, step, walked, kind)
        walked.append(step)
        if not isinstance(here, (dict, list)):
            shown = ".".join(walked)
            raise CardEditError(f"'{shown}' is {here!r}, with nothing inside it to change")
    last = path[-1]
    default = not walked and last not in here and last in CARD_MODELS[kind].model_fields
    if default:  # a field the card leaves at its default, such as copies
        here[last] = value
        return
    current = _step(here, last, walked, kind)
    if isinstance(current, bool) or not isinstance(current, int):
        shown = ".".join([*walked, last])
        what = "a table: name a number inside it" if isinstance(current, dict) else repr(current)
        raise CardEditError(f"'{shown}' is not a whole number (it is {what})")
    if isinstance(here, list):
        here[int(last)] = value
    else:
        here[last] = value


def _step(here: Any, step: str, walked: list[str], kind: str) -> Any:
    where = ".".join(walked) or f"the {kind} card"
    if isinstance(here, list):
        if not step.isdigit() or int(step) >= len(here):
            raise CardEditError(
                f"{where} is a list of {len(here)}: use an item number 0..{len(here) - 1}, "
                f"not '{step}'"
            )
        return here[int(step)]
    if step not in here:
        keys = sorted(here)
        raise CardEditError(
            f"{where} has no field '{step}'{hint(step, keys)} (fields: {', '.join(keys)})"
        )
    return here[step]
