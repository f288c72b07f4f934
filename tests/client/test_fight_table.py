"""The fight as a table (FIGHT-1): the monster's card and the stalker's card with its portrait
face each other as large as the window allows, the abilities as badges on the monster's card
(ABIL-*: icon, short name, the rule's text under the mouse), the dice between the cards with
the odds beside them, and no panel left out: the panels tile the window under the header at
1280x800 and 1920x1080, in English and Russian, at every UI scale."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.app.settings import UI_SCALES
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.fight.ability_badges import ICONS, KIND_OF_RULE, rule_text
from stalkerzone.client.screens.fight.dice_animation import StepQueue
from stalkerzone.client.screens.fight.dice_area import DiceArea
from stalkerzone.client.screens.fight.panels import Box, card_size
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.text import i18n
from stalkerzone.content.rules_reference import load_rules_reference
from stalkerzone.engine.core import Monster
from tests.client.test_client_screens import into_fight
from tests.support.text_walk import pretend_size
from tests.support.window import frame, opened

SIZES = ((1280, 800), (1920, 1080))


def area(box: Box) -> float:
    left, right, bottom, top = box
    return max(0.0, right - left) * max(0.0, top - bottom)


def overlap(a: Box, b: Box) -> float:
    return area((max(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), min(a[3], b[3])))


def walk() -> list[tuple[str, tuple[int, int], float]]:
    return [(lang, size, s) for lang in ("en", "ru") for size in SIZES for s in UI_SCALES]


@pytest.mark.slow  # over a second: the screen built at 20 sizes and scales
def test_the_cards_face_each_other_and_the_panels_fill_the_window(win: StalkerWindow) -> None:
    session = into_fight(win, "gorynych")
    state = session.state
    held = state.fight
    assert held is not None
    stalker = state.players[held.player].stalker
    for lang, (w, h), setting in walk():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        where = f"{lang} {w}x{h} {setting:.0%}"
        with pretend_size(win, w, h):
            view = opened(win.show_screen("fight"), FightView)
            view.skip()
            assert view.tiles.card_ids() == ["gorynych", stalker], where
            monster_face, stalker_face = (tile.face for tile in view.tiles.tiles)
            assert state.card(stalker).art, "a stalker's card shows its portrait"
            for face in (monster_face, stalker_face):  # large: more than half the height
                assert face.height > 0.5 * h and not face.compact, where
            assert monster_face.height == stalker_face.height, where
            assert monster_face.right < view.panels["dice"][0], where
            assert stalker_face.left > view.panels["odds"][1], where
            boxes = list(view.panels.values())
            for k, a in enumerate(boxes):
                assert 0 <= a[0] < a[1] <= w and 0 <= a[2] < a[3] <= h, where
                assert all(overlap(a, b) == 0 for b in boxes[k + 1 :]), where
            top = max(box[3] for box in boxes)
            covered = sum(area(box) for box in boxes) / (w * top)
            assert covered > 0.86, f"{where}: the panels cover {covered:.0%} under the header"
            dice, odds = view.panels["dice"], view.panels["odds"]
            assert dice[2:] == odds[2:] and dice[1] < odds[0], "the odds beside the dice"
            assert card_size(w, h)[1] == monster_face.height
    win.app.update_settings(replace(win.app.settings, language="en", ui_scale=1.0))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_ability_is_a_badge_on_the_card_with_its_rule_under_the_mouse(
    win: StalkerWindow, lang: str
) -> None:
    win.app.update_settings(replace(win.app.settings, language=lang))
    session = into_fight(win, "gorynych")
    view = opened(win.show_screen("fight"), FightView)
    view.skip()
    frame(win)
    card = session.state.card("gorynych")
    assert isinstance(card, Monster) and card.abilities
    face = view.tiles.tiles[0].face
    badges = [hit for hit in view.hits.items if str(hit.key).startswith("abil:")]
    assert len(badges) == len(card.abilities)
    rules = {section.id: section for section in load_rules_reference(lang)}
    for hit in badges:
        rule = hit.rule
        assert face.left <= hit.left and hit.right <= face.right, "on the card"
        assert face.bottom <= hit.bottom and hit.top <= face.top, "on the card"
        assert rule in KIND_OF_RULE and ICONS[KIND_OF_RULE[rule]], "an icon of its own"
        assert rule in hit.tip and rules[rule].title in hit.tip
        assert rules[rule].text.split()[0] in hit.tip, "the rule's own text"
        assert hit.on_click is not None  # a click opens the rule
        word = i18n.t(f"kit.abil_{KIND_OF_RULE[rule]}")
        label = next(text for text in view._texts if text.text == word)
        assert hit.left < label.x < hit.right and hit.bottom < label.y < hit.top
    assert rule_text("NO-SUCH-RULE") == ""


def test_before_the_first_roll_the_stalkers_dice_wait_on_the_table(win: StalkerWindow) -> None:
    area = DiceArea()
    area.draw((400.0, 880.0, 280.0, 540.0), StepQueue(), None, None, ("2d6+1", "Attack 2d6+1"))
    assert len(area.spots) == 2  # two blank dice
    area.draw((400.0, 880.0, 280.0, 540.0), StepQueue(), None, None)
    assert area.spots == []  # nothing asked for: nothing drawn
