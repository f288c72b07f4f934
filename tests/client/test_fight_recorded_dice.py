"""The dice drawn are the engine's recorded rolls (DMG-4): on the fight screen of a real game
every roll shown draws the faces its fight log entry recorded (pips read back from the pixels),
the modifier apart, "+k to one die" on the highest die; tumbling dice draw one die each."""

from __future__ import annotations

from random import Random

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.fight.dice_animation import ROLL_SECONDS, StepQueue
from stalkerzone.client.screens.fight.dice_area import FACE, PIPS, DiceArea
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.fight.steps import Step, describe_all
from stalkerzone.client.widgets import theme
from stalkerzone.engine.fight import play_chance, start_fight
from tests.client.test_client_screens import into_fight
from tests.support.fights import ATTACK, ESCAPE, monster, stalker
from tests.support.window import click_button, frame, pixels, shown

BOX = (400.0, 880.0, 280.0, 540.0)


def pips_match(
    image: object, win: StalkerWindow, x: float, y: float, size: float, face: int
) -> bool:
    """The pips of ``face`` are drawn at (x, y) and no other pip of a d6 is."""
    step = size * 0.27
    spots = {p for faces in PIPS.values() for p in faces}
    for dx, dy in spots:
        pixel = image.getpixel((int(x + dx * step), int(win.height - (y + dy * step))))  # type: ignore[attr-defined]
        want = theme.BG if (dx, dy) in PIPS[face] else FACE
        if pixel != tuple(want[:3]):
            return False
    return True


@pytest.mark.slow  # over a second: a whole screen played through
def test_the_fight_screen_draws_each_recorded_roll(win: StalkerWindow) -> None:
    session = into_fight(win, "gorynych")  # paralysis rolls (1d6), then 1d6+1 attacks
    view = shown(win, FightView)
    checked: list[Step] = []
    tumbled = 0
    for _ in range(400):
        kinds = {s.kind for s in checked}
        done = len(checked) >= 3 and {"paralysis", "stalker_attack"} <= kinds
        if view.result is not None or done:
            break
        if not view.queue.busy and view.playing():
            click_button(win, "Attack (A)")
        frame(win, dt=ROLL_SECONDS * 0.2)
        step = view.queue.current
        if step is None or step.roll is None or step in checked:
            continue
        drawn = view.dice.drawn
        if view.queue.rolling:
            assert drawn is not None and not drawn.settled  # each die tumbles on its own
            assert len(drawn.dice) == len(step.faces)
            tumbled += 1
            continue
        assert drawn is not None and drawn.settled
        assert step.faces, step  # the engine recorded the faces of this live roll
        assert drawn.faces == step.faces
        held = session.state.fight or session.state.last_fight
        assert held is not None
        logged = [e for e in held.fight.log if e.kind == step.kind and e.numbers == step.numbers]
        assert logged and logged[-1].faces == drawn.faces  # what the log holds, nothing else
        image = pixels(win)
        for die, (x, y, size) in zip(drawn.dice, view.dice.spots, strict=True):
            if die.sides == 6:
                assert pips_match(image, win, x, y, size, die.face), (step, die)
        checked.append(step)
    kinds = {s.kind for s in checked}
    assert len(checked) >= 3 and {"paralysis", "stalker_attack"} <= kinds, checked
    assert tumbled > 0
    assert "dice" in win.sound.requested  # and each roll rattled (silently, headless)


def test_a_recorded_two_dice_attack_shows_its_faces_and_one_die_bonus(win: StalkerWindow) -> None:
    side = stalker(health=40, attack="2d6+1", one_die_bonus=2)
    fight = play_chance(start_fight(side, monster(health=(60, 60, 60))).apply(ATTACK), Random(9))
    entry = next(e for e in fight.log if e.kind == "stalker_attack")
    step = next(s for s in describe_all(fight.log, fight.setup) if s.kind == "stalker_attack")
    win.clear(color=theme.BG)
    area = DiceArea()
    area.draw(BOX, StepQueue(current=step, elapsed=ROLL_SECONDS * 0.9), None, None)
    drawn = area.drawn
    assert drawn is not None and drawn.faces == entry.faces and len(entry.faces) == 2
    top = max(range(2), key=lambda k: (entry.faces[k], -k))
    assert [d.plus for d in drawn.dice] == [2 if k == top else 0 for k in range(2)]
    a, b = entry.faces
    total = dict(entry.numbers)["roll"]
    assert area._texts["equation"].text == f"{a} + {b} + 2 + 1 = {total}"
    image = arcade.get_image(0, 0, win.width, win.height).convert("RGB")
    for die, (x, y, size) in zip(drawn.dice, area.spots, strict=True):
        assert pips_match(image, win, x, y, size, die.face)


def test_an_escape_roll_shows_its_bonus_apart(win: StalkerWindow) -> None:
    side = stalker(health=40, reputation=9, escape_bonus=1)
    fight = start_fight(side, monster(health=(60, 60, 60)))
    fight = play_chance(fight.apply(ESCAPE), Random(2))
    step = next(s for s in describe_all(fight.log, fight.setup) if s.kind == "escape")
    area = DiceArea()
    area.draw(BOX, StepQueue(current=step, elapsed=ROLL_SECONDS * 0.9), None, None)
    face = step.roll
    assert face is not None and area.drawn is not None and area.drawn.faces == (face,)
    assert area._texts["equation"].text == f"{face} + 1 = {face + 1}"  # FIGHT-3
