"""Engine notes and refusals in the player's language.

The engine writes English lines that start with their rule id and carry a message key and
parameters as data (:mod:`stalkerzone.engine.core.messages`): notes in ``state.notes``
(:class:`~stalkerzone.engine.core.messages.Note`), refusals as
:class:`~stalkerzone.engine.core.illegal.IllegalAction` (also ``IllegalFightAction`` and
``engine.game.undo.UndoCheck``). :func:`render` turns any of them into text in the current language,
from the ``[notes]`` and ``[refusals]`` tables of ``strings/<lang>/engine.toml``::

    engine_text.render(error, session.cards)   # "BASE-1: Военная база: нужна репутация 3, у вас 1"
    engine_text.words(error, session.cards)    # "Военная база: нужна репутация 3, у вас 1"

Players read :func:`words`: the sentence without its rule id (a screen shows the rule as a
small "Rule BASE-1 ›" link next to it) and with sectors named by their names, never their ids.
Card ids in the parameters become the cards' localized names; player names stay as they are.
Anything without a known key (a plain string, a note read back from an old save) is shown as
the engine's English text, never an error.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from stalkerzone.client.text import i18n
from stalkerzone.engine.core import BASES, CardSet, Note
from stalkerzone.engine.play import GameState
from stalkerzone.engine.zone import Sector

WORDS = ("base", "colour", "pile", "slot", "stat")
"""Parameters whose values are translated through ``[engine_words]`` (``colour_red``)."""

NAME_PARAMS = frozenset({"player", "name"})
"""Parameters that hold a seat's name: a default name ("Bot 3") reads in the language."""


def is_card_param(name: str) -> bool:
    """``card`` and any parameter ending in ``card`` hold a card id."""
    return name.endswith("card")


def _card_name(cid: str, cards: CardSet | None) -> str:
    if cards is None:
        return cid
    try:
        if cid not in cards:
            return cid
        card = cards.get(cid)
    except (KeyError, TypeError):
        return cid
    name = getattr(card, "name", None)
    return i18n.card_text(name) if name is not None else cid


def _sector_name(sid: str, sectors: Iterable[Sector]) -> str:
    """MAP-1: a sector by its name in the current language (the id only if it is unknown)."""
    found = next((s for s in sectors if s.id == sid), None)
    return i18n.card_text(found.name) if found is not None else sid


def _value(
    name: str, value: object, cards: CardSet | None, sectors: Iterable[Sector] = ()
) -> object:
    if isinstance(value, str):
        if name in NAME_PARAMS:
            return i18n.player_name(value)
        if is_card_param(name):
            return _card_name(value, cards)
        if name == "sector":
            return _sector_name(value, sectors)
        if name in WORDS:
            word = f"engine_words.{name}_{value}"
            return i18n.t(word) if i18n.has(word) else value
    return value


COUNTED = {"hexes": ("steps", "board_ux.hex")}
"""Words a template counts: ``{hexes}`` is ``board_ux.hex_one|few|many`` for ``steps``."""


def plural_form(n: int) -> str:
    """``one``, ``few`` or ``many`` for ``n`` in the current language, by CLDR's plural rules
    (:func:`i18n.plural_category`; English "other" is ``many``): 1 гекс, 2 гекса, 5 гексов."""
    category = i18n.plural_category(i18n.language(), n)
    return "many" if category == "other" else category


def dealt_note(sector: str) -> Note:
    """TURN-4: a sector placed by "deal the rest" is logged as dealt, not as placed by a seat."""
    return Note("TURN-4", "sector_dealt", f"sector {sector} is dealt", sector=sector)


def move_note(before: GameState, after: GameState) -> Note | None:
    """TURN-2: a Move is public, so the turn log says who moved how far and where to (a base
    by its name, elsewhere the sector); ``None`` if no stalker moved."""
    path = tuple(after.last_move)
    if not path:
        return None
    who = before.players[before.current_player].name
    info = after.zone_map.hexes.get(path[-1])
    steps = len(path)
    hexes = f"{steps} hex" if steps == 1 else f"{steps} hexes"
    if info is not None and info.site in BASES:
        base = info.site.value
        return Note(
            "TURN-2",
            "moved_base",
            f"{who} moves {hexes} to {base}",
            player=who,
            steps=steps,
            base=base,
        )
    sector = info.sector if info is not None else ""
    return Note(
        "TURN-2",
        "moved",
        f"{who} moves {hexes} in sector {sector}",
        player=who,
        steps=steps,
        sector=sector,
    )


def parts(message: object) -> tuple[str, str, str, Mapping[str, object]] | None:
    """(table, rule id, key, params) of a note or refusal that carries a key, else None."""
    key = getattr(message, "key", "")
    if not isinstance(key, str) or not key:
        return None
    params = dict(getattr(message, "params", ()) or ())
    if isinstance(message, str):  # a Note
        return "notes", str(getattr(message, "rule", "")), key, params
    rule = getattr(message, "rule", None)
    if not isinstance(rule, str):  # IllegalFightAction, UndoCheck: the rule id leads the text
        text = str(getattr(message, "reason", "") or message)
        head, sep, _ = text.partition(": ")
        rule = head if sep and head.replace("-", "").isalnum() and head.isupper() else ""
    return "refusals", rule, key, params


def english(message: object) -> str:
    """The engine's own English line (rule id first)."""
    reason = getattr(message, "reason", None)
    if isinstance(reason, str) and not isinstance(message, BaseException):
        return reason  # UndoCheck
    return str(message)


def render(
    message: object,
    cards: CardSet | None = None,
    *,
    with_rule: bool = True,
    sectors: Iterable[Sector] = (),
) -> str:
    """A note or refusal in the current language (rule id first unless ``with_rule=False``).

    ``message``: a ``Note`` (or any string), an ``IllegalAction``, an ``IllegalFightAction``
    or an ``UndoCheck``; ``cards``: the game's ``CardSet`` (``session.cards``) for card names;
    ``sectors``: the game's sectors (``session.sectors``) for sector names.
    An unknown key or a template that does not format gives the English text.
    """
    found = parts(message)
    if found is None:
        return _strip(english(message), with_rule)
    table, rule, key, params = found
    name = f"{table}.{key}"
    if not i18n.has(name):
        return _strip(english(message), with_rule)
    values = {k: _value(k, v, cards, sectors) for k, v in params.items()}
    for word, (count, stem) in COUNTED.items():
        number = params.get(count)
        if isinstance(number, int):
            values[word] = i18n.counted(stem, number)
    template = i18n.strings(i18n.language()).get(name) or i18n.strings("en")[name]
    try:
        text = i18n.format_text(template, values)
    except (KeyError, IndexError, ValueError, TypeError):
        return _strip(english(message), with_rule)
    return f"{rule}: {text}" if with_rule and rule else text


def words(message: object, cards: CardSet | None = None, *, sectors: Iterable[Sector] = ()) -> str:
    """What a player reads: :func:`render` without the rule id (shown as a link instead)."""
    return render(message, cards, with_rule=False, sectors=sectors)


def sentence(text: str) -> str:
    """``text`` without a leading rule id (``"TURN-2: no way"`` -> ``"no way"``)."""
    return _strip(text, False)


def rule_of(message: object) -> str:
    """The rule id a note or refusal cites (``""`` if none): the target of its rule link."""
    found = parts(message)
    if found is not None and found[1]:
        return found[1]
    head, sep, _ = english(message).partition(": ")
    return head if sep and _is_rule_id(head) else ""


def _is_rule_id(head: str) -> bool:
    return head.isupper() and " " not in head and "-" in head


def _strip(text: str, with_rule: bool) -> str:
    if with_rule:
        return text
    head, sep, rest = text.partition(": ")
    return rest if sep and _is_rule_id(head) else text
