"""Engine notes and refusals as data, rendered in both languages (client/engine_text.py).

Every message key used in the engine source must have a string in ``strings/en/engine.toml``
and ``strings/ru/engine.toml`` (``[notes]`` for ``Note(...)``, ``[refusals]`` for every other
``key=...``), and each string must format with the parameters the engine passes.
"""

from __future__ import annotations

import ast
import pickle
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from stalkerzone.client.text import engine_text, i18n
from stalkerzone.content.loader import load_packs
from stalkerzone.engine.core import BaseRefused, CardSet, IllegalAction, messages
from stalkerzone.engine.game import undo

ENGINE = Path(messages.__file__).resolve().parent.parent
REFUSALS = re.compile(r"(Refused|NotNow|NotEnoughMoney|IllegalAction|IllegalFightAction)$")

SAMPLE: dict[str, str | int] = {
    "player": "Anna",
    "owner": "Boris",
    "base": "military_base",
    "colour": "red",
    "pile": "monster_discard",
    "slot": "grenades",
    "sector": "S3",
    "problem": "a road ends in the void",
    "action": "Move(to=(0, 0))",
    "move": "Roll(value=7)",
    "hex": "(1, -2)",
}


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def engine_keys() -> dict[str, dict[str, set[str]]]:
    """{"notes": {key: params}, "refusals": {key: params}} from the engine source."""
    found: dict[str, dict[str, set[str]]] = {"notes": {}, "refusals": {}}
    # the engine's notes, and the client's note for a move (TURN-2: the engine writes none)
    for path in [*sorted(ENGINE.rglob("*.py")), Path(engine_text.__file__)]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            names = {k.arg for k in node.keywords if k.arg is not None}
            if _name(node) == "Note" and len(node.args) >= 3:
                key = node.args[1]
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    found["notes"].setdefault(key.value, set()).update(names)
                continue
            for kw in node.keywords:
                if kw.arg == "key" and isinstance(kw.value, ast.Constant) and kw.value.value:
                    found["refusals"].setdefault(str(kw.value.value), set()).update(names - {"key"})
    return found


def test_every_note_and_refusal_in_the_engine_has_a_key() -> None:
    """No ``note(state, "...")`` with plain text and no refusal raised without ``key=``."""
    missing = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                call = node.exc
                if REFUSALS.search(_name(call)) and not any(
                    k.arg == "key" or k.arg is None for k in call.keywords
                ):
                    missing.append(f"{path.name}:{node.lineno}")
            if (
                isinstance(node, ast.Call)
                and _name(node) == "note"
                and len(node.args) == 2
                and isinstance(node.args[1], (ast.Constant, ast.JoinedStr))
            ):
                missing.append(f"{path.name}:{node.lineno} (plain note)")
    assert not missing


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_engine_key_has_a_string_that_formats(lang: str) -> None:
    keys = engine_keys()
    assert len(keys["notes"]) >= 30 and len(keys["refusals"]) >= 50
    table = i18n.strings(lang)
    for section, found in keys.items():
        for key, params in sorted(found.items()):
            name = f"{section}.{key}"
            assert name in table, f"{lang}: {name} missing"
            values = {p: SAMPLE.get(p, 3) for p in params}
            counted = {w for w, (count, _) in engine_text.COUNTED.items() if count in params}
            values.update({w: "hexes" for w in counted})  # counted words come from params
            i18n.format_text(table[name], values)  # every placeholder is a parameter ({n@word} too)
            used = set(re.findall(r"{(\w+)", table[name]))
            assert used <= params | counted, f"{lang}: {name} uses {used - params}"
    for word in ("base_village", "base_military_base", "base_laboratory", "colour_red"):
        assert f"engine_words.{word}" in table


def test_no_unused_strings() -> None:
    keys = engine_keys()
    for lang in i18n.LANGUAGES:
        for name in i18n.strings(lang):
            section, _, key = name.partition(".")
            if section in keys:
                assert key in keys[section], f"{lang}: {name} is never used"


def load_cards() -> CardSet:
    return load_packs(include_user=False).cards


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def test_note_keeps_its_english_text() -> None:
    note = messages.Note("BASE-2", "buy", "Anna buys ak74 for 900", player="Anna", card="ak74")
    assert note == "BASE-2: Anna buys ak74 for 900"
    assert note.startswith("BASE-2") and note.rule == "BASE-2" and note.key == "buy"
    assert note.params == (("player", "Anna"), ("card", "ak74"))
    again = pickle.loads(pickle.dumps(note))
    assert again == note and again.key == "buy" and again.params == note.params


def test_render_in_russian_with_card_names(russian: None) -> None:
    cards = load_cards()
    cid = next(c.id for c in cards if c.name.get("ru") != c.name.get("en"))
    note = messages.Note(
        "BASE-2", "buy", f"Anna buys {cid} for 900", player="Anna", card=cid, price=900
    )
    text = engine_text.render(note, cards)
    assert text == f"BASE-2: Anna покупает: «{cards.get(cid).name.get('ru')}» за 900"
    assert engine_text.render(note, cards, with_rule=False).startswith("Anna покупает")
    error = BaseRefused(
        "BASE-1",
        "Military Base needs reputation 3, you have 1",
        key="reputation",
        base="military_base",
        needed=3,
        have=1,
    )
    assert engine_text.render(error) == "BASE-1: Военная база: нужна репутация 3, у вас 1"


def test_render_falls_back_to_english(russian: None) -> None:
    assert engine_text.render("DEATH-1: plain text") == "DEATH-1: plain text"
    unknown = IllegalAction("TURN-2", "something new", key="no_such_key_anywhere")
    assert engine_text.render(unknown) == "TURN-2: something new"
    assert engine_text.render(IllegalAction("TURN-2", "no key")) == "TURN-2: no key"
    check = undo.UndoCheck(False, "TURN-2: the turn is over", "undo_turn_over")
    assert engine_text.render(check) == "TURN-2: ход окончен"


def test_a_played_game_has_keyed_notes_and_renders_them(russian: None) -> None:
    from stalkerzone.bots import players as bots
    from stalkerzone.content.tiles import load_sectors
    from stalkerzone.content.variants import load_variant
    from stalkerzone.engine.game import GameSetup, PlayerSetup
    from stalkerzone.engine.game import record as records

    cards = load_cards()
    seats = (PlayerSetup("Аня", "gromoboy", "hard"), PlayerSetup("Борис", "nosorog", "hard"))
    setup = GameSetup(5, seats, load_variant("express"), "hand")
    record = records.start(setup, cards, tuple(load_sectors()))
    keys = set()
    for _ in range(400):
        if record.state.is_terminal:
            break
        record = records.play(record, bots.choose(record.state, None, "hard"))
        for line in record.state.notes:
            assert isinstance(line, messages.Note) and line.key, line
            text = engine_text.render(line, cards)
            assert text.startswith(line.rule + ": ")
            assert not re.search(r"[a-z]{4,}", text.replace(line.rule, "")), text
            keys.add(line.key)
    assert {"sector_placed", "fight_danger"} <= keys
