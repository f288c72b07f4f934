"""The new-game screen picks stalkers by portrait (ST-3): every character's card with its face
(portrait, name, bonus) and starting numbers, each seat's portrait in its row; a click on a card
gives it to the seat choosing, a click on a seat's portrait makes that seat choose."""

from __future__ import annotations

import arcade.gui
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.card_art import art_texture
from stalkerzone.client.screens.newgame import NewGameView
from stalkerzone.client.screens.stalker.picker import start_numbers
from stalkerzone.client.text import i18n
from tests.client.test_client_screens import press_widget
from tests.support.window import frame, opened


def picture_buttons(view: NewGameView) -> list[arcade.gui.UITextureButton]:
    return [w for w in view.ui.walk_widgets() if isinstance(w, arcade.gui.UITextureButton)]


def card_button(view: NewGameView, card_id: str) -> arcade.gui.UITextureButton:
    for button in picture_buttons(view):
        texture = button.texture
        if texture is not None and texture.atlas_name.startswith(f"card-face:{card_id}:"):
            return button
    raise AssertionError(f"no card of {card_id} on the new-game screen")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_stalker_shows_its_card_face_and_numbers(win: StalkerWindow, language: str) -> None:
    i18n.set_language(language)
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    texts = [t.text for t in view._texts]
    variant = win.app.variant(view.variant)
    for stalker in view.stalkers:
        button = card_button(view, stalker.id)
        assert button.texture is not None and button.texture.width >= 60
        health, cash = start_numbers(stalker, variant)
        assert health in texts and cash in texts
    bugai = next(s for s in view.stalkers if s.id == "bugai")
    assert start_numbers(bugai, variant)[0] == i18n.t("picker.health", health=35)
    # each seat's row shows its stalker's portrait (the card art)
    portraits = {id(b.texture) for b in picture_buttons(view)}
    for seat in view.seats:
        card = view.stalker(seat[2])
        assert card is not None and card.art is not None
        assert id(art_texture(card.art)) in portraits, seat
    assert i18n.t("picker.title", name=view.seats[0][0]) in texts
    i18n.set_language("en")


def test_a_click_on_a_card_gives_it_to_the_choosing_seat(win: StalkerWindow) -> None:
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    assert [s[2] for s in view.seats[:2]] == ["gromoboy", "nosorog"]
    press_widget(win, card_button(view, "mazhor"))
    assert view.seats[0][2] == "mazhor"
    # the second seat's portrait makes it the one choosing; its pick swaps with the first (ST-3)
    second = art_texture(str(view.stalker("nosorog").art))  # type: ignore[union-attr]
    portrait = next(b for b in picture_buttons(view) if b.texture is second)
    press_widget(win, portrait)
    assert view.picker.seat == 1
    assert i18n.t("picker.title", name=view.seats[1][0]) in [t.text for t in view._texts]
    press_widget(win, card_button(view, "mazhor"))
    assert [s[2] for s in view.seats[:2]] == ["nosorog", "mazhor"]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_picker_text_is_below_the_smallest_size(win: StalkerWindow, language: str) -> None:
    """Every character's card in the picker (its name, its whole ability text) and the numbers
    under it are set at least at the style guide's smallest size (``TYPE_TINY``) at every UI
    scale and window size, and no ability text is cut (Nosorog's long one included)."""
    from dataclasses import replace

    from stalkerzone.client.app.settings import UI_SCALES
    from stalkerzone.client.render.card_face import CardFace
    from stalkerzone.client.text.card_words import card_summary
    from stalkerzone.client.widgets import theme
    from stalkerzone.client.widgets.text_batch import TextBatch
    from tests.support.text_walk import pretend_size

    found: list[str] = []
    for setting in UI_SCALES:
        win.app.update_settings(replace(win.app.settings, language=language, ui_scale=setting))
        for w, h in ((1024, 640), (1280, 800), (1920, 1080)):
            where = f"{language} {w}x{h} {setting:.0%}"
            with pretend_size(win, w, h):
                view = opened(win.show_screen("newgame"), NewGameView)
                smallest = theme.px(theme.TYPE_TINY)
                assert set(view.picker.cards) == {s.id for s in view.stalkers}, where
                for stalker in view.stalkers:
                    left, bottom, right, top = view.picker.cards[stalker.id]
                    face = CardFace(stalker, 0, 0, right - left, top - bottom)
                    texts = TextBatch()
                    face.build(texts)
                    found += [
                        f"{where}: {stalker.id} {text.text[:30]!r} at {text.font_size}"
                        for text in texts.texts
                        if text.font_size < smallest
                    ]
                    shown = " ".join(t.text for t in texts.texts)
                    if not face.compact and card_summary(stalker) not in shown:
                        found.append(f"{where}: {stalker.id}'s ability text is cut")
                variant = win.app.variant(view.variant)
                numbers = {n for s in view.stalkers for n in start_numbers(s, variant)}
                found += [
                    f"{where}: {text.text!r} at {text.font_size}"
                    for text in view._texts
                    if text.text in numbers and text.font_size < smallest
                ]
    i18n.set_language("en")
    assert not found, "\n".join(found)
