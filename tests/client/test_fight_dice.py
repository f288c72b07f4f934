"""Dice drawn as dice (DMG-4): the faces follow the engine's recorded roll, a d6 shows its pips,
other dice their number on their shape, "+k to one die" on the highest die, the modifier apart.
Pixels are read back from the headless window."""

from __future__ import annotations

from typing import Any

import arcade

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.fight.dice_animation import ROLL_SECONDS, StepQueue
from stalkerzone.client.screens.fight.dice_area import (
    CAPTION_BAND,
    DIE_LARGEST,
    FACE,
    PIPS,
    DiceArea,
)
from stalkerzone.client.screens.fight.dice_faces import Die, dice_shown, known_faces
from stalkerzone.client.screens.fight.steps import Step, describe_all
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import Dice
from stalkerzone.engine.fight import start_fight
from tests.support.fights import ATTACK, monster, script, stalker

BOX = (400.0, 880.0, 280.0, 540.0)  # the fight screen's dice panel at 1280 × 800


def shown_now(step: Step) -> StepQueue:
    """A queue whose current step has stopped tumbling: the recorded roll is shown."""
    return StepQueue(current=step, elapsed=ROLL_SECONDS * 0.9)


def draw(win: StalkerWindow, step: Step) -> tuple[Any, DiceArea]:
    win.clear(color=theme.BG)
    area = DiceArea()
    area.draw(BOX, shown_now(step), None, None)
    return arcade.get_image(0, 0, win.width, win.height).convert("RGB"), area


def at(image: Any, win: StalkerWindow, x: float, y: float) -> tuple[int, int, int]:
    pixel: tuple[int, int, int] = image.getpixel((int(x), int(win.height - y)))
    return pixel


def test_faces_come_from_the_recorded_total_only_when_unique() -> None:
    assert known_faces(Dice.parse("1d6+1"), 6) == (5,)
    assert known_faces(Dice.parse("2d8+2"), 18) == (8, 8)  # DMG-3 maximum attack
    assert known_faces(Dice.parse("2d6"), 8) is None  # 2+6, 3+5, 4+4…: never made up
    assert known_faces(Dice.parse("1d6"), 7) is None
    shown = dice_shown("2d6 (+1 one die)", 13, one_die=1)
    assert shown is not None and shown.dice == (Die(6, 6, 1), Die(6, 6, 0))
    assert shown.equation == "6 + 6 + 1 = 13"
    one = dice_shown("1d6+1", 6)
    assert one is not None and one.equation == "5 + 1 = 6"
    plain = dice_shown("1d6", 4)
    assert plain is not None and plain.equation == ""  # a plain die: its face is the total


def test_a_recorded_paralysis_roll_is_drawn_with_its_pips(win: StalkerWindow) -> None:
    from stalkerzone.engine.core import Paralysis, PerColour

    fight = start_fight(stalker(health=20), monster(Paralysis(PerColour(1, 2, 3))))
    fight = script(fight, [5])  # the engine records the paralysis roll 5
    steps = [s for s in describe_all(fight.log, fight.setup) if s.kind == "paralysis"]
    assert steps and steps[0].roll == 5 and steps[0].dice == "1d6"
    image, _area = draw(win, steps[0])
    cx, cy = (BOX[0] + BOX[1]) / 2, (BOX[2] + BOX[3]) / 2 + 8
    size = max(40, min(DIE_LARGEST, BOX[3] - BOX[2] - CAPTION_BAND - 12))
    step = size * 0.27
    for dx, dy in PIPS[5]:  # a pip at each of the five's places …
        assert at(image, win, cx + dx * step, cy + dy * step) == tuple(theme.BG[:3])
    for dx, dy in ((-1, 0), (1, 0)):  # … and none where only a six has one
        assert at(image, win, cx + dx * step, cy + dy * step) == tuple(FACE[:3])


def test_a_one_die_attack_shows_the_modifier_apart(win: StalkerWindow) -> None:
    fight = start_fight(stalker(health=20, attack="1d6+1"), monster(health=(9, 9, 9)))
    while fight.is_chance:
        fight = script(fight, [6])
    fight = script(fight, [ATTACK, 6])  # the die shows 5, +1: 6
    step = next(s for s in describe_all(fight.log, fight.setup) if s.kind == "stalker_attack")
    assert step.roll == 6
    image, area = draw(win, step)
    assert area._texts["equation"].text == "5 + 1 = 6"
    cx, cy = (BOX[0] + BOX[1]) / 2, (BOX[2] + BOX[3]) / 2 + 8
    assert at(image, win, cx, cy) == tuple(theme.BG[:3])  # the five's middle pip
    face = sum(1 for p in image.getdata() if p == tuple(FACE[:3]))
    assert face > 3000  # one die face drawn


def test_other_dice_show_their_number_on_their_shape(win: StalkerWindow) -> None:
    step = Step("monster_attack", "", "DMG-3", 18, "2d8+2", "monster")
    image, area = draw(win, step)
    assert area._texts["equation"].text == "8 + 8 + 2 = 18"
    assert area._texts["die0"].text == "8" and area._texts["die1"].text == "8"
    left_x, right_x = area._texts["die0"].x, area._texts["die1"].x
    y = area._texts["die0"].y
    assert left_x < right_x
    size = right_x - left_x  # two dice side by side, one size and a fifth apart
    for x in (left_x, right_x):
        # a diamond: face at its middle edge, background in the bounding square's corner
        assert at(image, win, x - size * 0.3, y) == tuple(FACE[:3])
        assert at(image, win, x - size * 0.38, y + size * 0.38) == tuple(theme.BG[:3])
    # and an unknown split keeps the plain total box
    unknown = Step("monster_attack", "", "DMG-2", 9, "2d8+2", "monster")
    _image, area = draw(win, unknown)
    assert "equation" not in area._texts and area._die_text is not None
    assert area._die_text.text == "9"
