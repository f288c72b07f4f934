"""A compact card tile shows its texts whole (EQ-1, ORDER-1): a long name or note shrinks, then
wraps to two lines; never cut inside a word with "…" ("Бронебойные пис…", "а АК-47…",
"Посетить место событ…"), in English and Russian, at the smallest window too."""

from __future__ import annotations

from dataclasses import replace

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.card_face import CardFace
from stalkerzone.client.screens.stalker.screen import StalkerView
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_name, card_summary
from stalkerzone.engine.play import OpenOrder, card_id
from stalkerzone.engine.turn import equipment
from tests.client.test_client_board import set_state, start
from tests.support.game import give, take
from tests.support.text_walk import pretend_size
from tests.support.window import frame, opened

WHOLE = {
    "en": ("Armour-piercing pistol rounds", "Armour-piercing sniper rounds", "Lost scout"),
    "ru": (
        "Бронебойные пистолетные патроны",
        "Бронебойные снайперские патроны",
        "а АК-47 — автомат",
        "Пропавший разведчик",
        "Посетить место события",
    ),
}


class Recorder:
    """Stands in for a screen while a face builds its texts: keeps what each label says."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def label(self, text: str, *args: object, **kwargs: object) -> arcade.Text:
        self.texts.append(text)
        return arcade.Text(text, 0, 0)


def cut_in_a_word(face: CardFace) -> list[str]:
    """The face's texts shown cut with "…" where the written text goes on inside a word."""
    written = [card_name(face.card), card_summary(face.card), face.note]
    found = []
    for text in face_texts(face):
        if not text.endswith("…"):
            continue
        shown = " ".join(text[:-1].split())
        for full in (" ".join(w.split()) for w in written):
            if full.startswith(shown) and len(full) > len(shown) and full[len(shown)].isalnum():
                found.append(text)
    return found


def face_texts(face: CardFace) -> list[str]:
    recorder = Recorder()
    face.build(recorder)
    return recorder.texts


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_long_names_and_notes_on_the_stalker_card_are_never_cut_in_a_word(
    win: StalkerWindow, lang: str, size: tuple[int, int]
) -> None:
    i18n.set_language(lang)
    try:
        session = start(win)
        state = session.state
        me = state.current_player
        state, _mod = give(state, me, "pistol-ap-rounds", "slot")
        for cid in ("automatic-ap-rounds", "sniper-ap-rounds"):
            state, _ = give(state, me, cid, "backpack")
        state, rifle = give(state, me, "ak-47", "backpack")
        player = state.players[me]
        if equipment.activate_refusal(player, rifle, state.ctx) is None:
            player = equipment.activate(player, rifle, state.ctx)
        state, order = take(state, "order-lost-scout")
        player = replace(player, open_orders=(OpenOrder(order),))
        state = replace(
            state, players=tuple(player if k == me else p for k, p in enumerate(state.players))
        )
        assert any(card_id(c) == "ak-47" for c in player.active)
        set_state(session, state)
        with pretend_size(win, *size):
            view = opened(win.show_screen("stalker"), StalkerView)
            frame(win)
            faces = [tile.face for tile in view.tiles.tiles]
        shown = [text for face in faces for text in face_texts(face)]
        whole = [" ".join(text.split()) for text in shown]
        for full in WHOLE[lang]:
            assert any(full in text for text in whole), (full, shown)
        cut = [text for face in faces for text in cut_in_a_word(face)]
        assert not cut, cut
    finally:
        i18n.set_language("en")
