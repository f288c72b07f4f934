"""Cards coming into play are shown (EVENT-1, ANOM-1, TROPHY-1, ORDER-1, EQ-10): the reveals an
action's notes bring, the event card on a headless board until acknowledged, a bot's card
going by itself, the held event face down to others; the stalker card's trophies, orders,
Elements and where a gained card went and why."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, LogLine, SeatSpec
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.reveal import presenter
from stalkerzone.client.screens.reveal.event_words import signed
from stalkerzone.client.screens.stalker import holdings
from stalkerzone.client.screens.stalker import presenter as stalker_presenter
from stalkerzone.client.screens.stalker.screen import StalkerView
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import Colour, Note, Rng, Site
from stalkerzone.engine.play import GameState, Move, OpenOrder, Trophy
from stalkerzone.engine.turn import sites
from tests.client.test_text_fits import configurations
from tests.support.game import edit, fresh, give, hex_of, next_to, on_top, playing, take
from tests.support.text_walk import pretend_size, text_box, texts_of
from tests.support.window import colours, frame, key, pixels, shown


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """English unless a test says otherwise, and English again after it (for later files)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def anomaly_with(state: GameState, cid: str) -> tuple[GameState, GameState]:
    """ANOM-1 through the engine: an anomaly roll that draws an artifact, with ``cid`` on top
    of the artifact deck; the state before and after."""
    state, _ = on_top(playing(state), "artifacts", cid)
    seed = next(
        s
        for s in range(100)
        if state.variant.anomaly_outcome(Rng(s).randint(1, 6)).kind == "artifact"
    )
    before = replace(state, notes=())
    return before, sites.anomaly(before, before.current_player, Rng(seed))


# --- which cards come into play -------------------------------------------------------------


def test_goldfish_from_an_anomaly_is_shown_going_to_the_backpack_with_the_reason() -> None:
    """EQ-10: the roll's face, then the artifact with where it went and why."""
    before, after = anomaly_with(fresh(3), "goldfish")
    roll, found = presenter.reveals(before, after)
    assert roll.kind == "anomaly" and roll.face is not None and roll.rule == "ANOM-1"
    assert f"rolled {roll.face}" in roll.lines
    assert found.kind == "artifact" and found.card == "goldfish"
    assert found.goes_to == "→ backpack"
    assert found.lines == (
        "found in the anomaly",
        "Goldfish went to the backpack: activating it lowers maximum health by 5",
    )


def test_trophy_order_and_held_event_reveals() -> None:
    """TROPHY-1 with its colour, ORDER-1 with what it needs; EVENT-1: a held fight event is
    face down to everyone but its owner."""
    from stalkerzone.engine.core import Note

    state = fresh(3)
    me = state.current_player
    name = state.players[me].name
    notes = (
        Note("TROPHY-1", "trophy_taken", "x", player=name, card="blind-dog", colour="red"),
        Note("ORDER-1", "order_taken", "x", player=name, card="order-lost-scout"),
        Note("EVENT-1", "event_kept", "x", player=name, card="monster-first"),
    )
    trophy, order, held = presenter.reveals(state, replace(state, notes=notes))
    assert (trophy.kind, trophy.card, trophy.colour) == ("trophy", "blind-dog", Colour.RED)
    assert trophy.goes_to == "→ trophies (red)"
    assert trophy.lines == ("red · sells for 520",)
    assert order.kind == "order_taken" and order.lines == ("Visit: event site",)
    assert held.seen_by(me).card == "monster-first"
    hidden = held.seen_by(1 - me)
    assert hidden.card is None and hidden.lines == (i18n.t("reveal.kept_hidden"),)


# --- on the board ---------------------------------------------------------------------------


def start(win: StalkerWindow, bot: str | None = None) -> GameSession:
    seats = (SeatSpec("Anna", "gromoboy", bot), SeatSpec("Boris", "nosorog", bot))
    session = GameSession.start(win.app, GameSpec(seed=5, seats=seats, zone_mode="free"))
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    return session


def onto_event_hex(session: GameSession, event: str) -> Move:
    """The first seat next to an event hex with ``event`` on top of the deck; its move."""
    state = session.state
    while state.phase == "layout":
        state = session.act(session.legal_now()[0])
    target = hex_of(state, Site.EVENT)
    state = next_to(state, 0, target)
    state, _ = on_top(state, "events", event)
    session.record = replace(session.record, states=(*session.record.states[:-1], state))
    session.version += 1
    return Move(target)


def test_an_event_drawn_puts_its_card_on_screen_until_acknowledged(win: StalkerWindow) -> None:
    session = start(win)
    move = onto_event_hex(session, "checkpoint-bribe")
    session.viewer = 0
    win.show_screen("board")
    frame(win, updates=2)
    view = shown(win, BoardView)
    board = pixels(win)
    cash = session.state.players[0].cash
    view.do(move)
    frame(win, updates=100)  # the token walks there, then the card flies off the deck
    shown_now = view.reveals.current
    assert shown_now is not None and shown_now.kind == "event"
    assert shown_now.card == "checkpoint-bribe"
    assert shown_now.lines == (f"−{min(100, cash)} gr.",)
    # the card's face is drawn over the map, in the event kind's colour
    face = view.reveals.face
    assert face is not None and face.card.id == "checkpoint-bribe"
    left, bottom, width, height = view.reveals.card_box
    top = win.height - bottom
    box = (int(left), int(top - height), int(left + width), int(top))
    image = pixels(win)
    assert image.crop(box) != board.crop(box)
    accent = tuple(face.accent)[:3]
    assert accent in colours(image.crop(box))
    frame(win, updates=120)  # a human's card waits
    assert view.reveals.current is shown_now and view.busy
    key(win, arcade.key.SPACE)
    frame(win, updates=60)
    assert view.reveals.current is None and not view.busy


def test_a_card_on_screen_is_drawn_over_the_goal_panel_and_the_tips(win: StalkerWindow) -> None:
    """EVENT-1: the revealed card has the table's attention: the board's overlays (goal panel,
    tips, legend) are drawn first, the card over them."""
    session = start(win)
    move = onto_event_hex(session, "stash")
    session.viewer = 0
    win.show_screen("board")
    frame(win, updates=2)
    view = shown(win, BoardView)
    view.do(move)
    frame(win, updates=100)
    assert view.reveals.current is not None
    order: list[str] = []
    reveals_draw, aloft = view.reveals.draw, view.draw_aloft

    def card(view: object) -> None:
        order.append("card")
        reveals_draw(view)

    def overlays() -> None:
        order.append("overlays")
        aloft()

    view.reveals.draw = card  # type: ignore[method-assign]
    view.draw_aloft = overlays  # type: ignore[method-assign]
    frame(win)
    assert order == ["overlays", "card"]


def test_a_card_on_screen_is_large_with_its_words_beside_it_over_the_map(
    win: StalkerWindow,
) -> None:
    """EVENT-1: the card at a card's proportions as tall as the panel holds, what it did in large
    type centred beside it, the panel over the map (the side panel stays in sight) and no wider
    than the card and its words need."""
    session = start(win)
    move = onto_event_hex(session, "stash")
    session.viewer = 0
    win.show_screen("board")
    frame(win, updates=2)
    view = shown(win, BoardView)
    view.do(move)
    frame(win, updates=100)
    reveals = view.reveals
    assert reveals.current is not None and reveals.current.lines == ("+200 gr.",)
    _left, bottom, right, top = reveals.box
    assert right <= win.width - view.hud_w, "over the map"
    cx, cy, cw, ch = reveals.card_box
    assert ch > 0.5 * (top - bottom) and abs(ch / cw - theme.CARD_RATIO) < 0.01
    said = next(t for t in view._texts if t.text == "+200 gr.")
    assert said.x > cx + cw and said.font_size >= 24
    middle = said.y - said.content_height / 2
    assert abs(middle - (cy + ch / 2)) < 2, "centred beside the card"
    assert right - (said.x + said.content_width) < theme.px(120), "no empty half panel"


def test_a_bots_card_goes_by_itself(win: StalkerWindow) -> None:
    session = start(win, bot="normal")
    move = onto_event_hex(session, "stash")
    win.show_screen("board")
    frame(win, updates=2)
    view = shown(win, BoardView)
    view.do(move)
    frame(win, updates=100)  # the walk, the card off the deck
    assert view.reveals.current is not None and view.reveals.current.lines == ("+200 gr.",)
    frame(win, updates=110)  # a bot's card stays 1.6 s
    assert view.reveals.shown[0].card == "stash"
    assert view.reveals.current is None or view.reveals.current is not view.reveals.shown[0]


# --- the stalker card -----------------------------------------------------------------------


def owning_everything(session: GameSession) -> int:
    """The first seat with a yellow trophy, an open order, an Element and Goldfish gained from
    an anomaly (in the backpack, EQ-10), its notes in the turn log."""
    state = session.state
    while state.phase == "layout":
        state = session.act(session.legal_now()[0])
    me = state.current_player
    state, dog = take(state, "blind-dog")
    state, order = take(state, "order-lost-scout")
    trophies = (Trophy(dog, Colour.YELLOW),)
    state = edit(state, me, trophies=trophies, open_orders=(OpenOrder(order),), elements=1)
    state, _ = give(state, me, "berdan-rifle")
    _before, after = anomaly_with(state, "goldfish")
    session.record = replace(session.record, states=(*session.record.states[:-1], after))
    session.version += 1
    session.log += [LogLine(after.turn, "", line) for line in after.notes]
    session.viewer = me
    return me


def test_a_trophy_an_order_and_goldfish_appear_on_the_stalker_card(win: StalkerWindow) -> None:
    """TROPHY-1, ORDER-1, WIN-1 and EQ-10 on the stalker card: the trophy with its colour, the
    order with what it needs, the Elements, Goldfish in the backpack with the reason."""
    session = start(win)
    me = owning_everything(session)
    state = session.view
    player = state.players[me]
    items = holdings.holdings(state, player)
    assert [(h.kind, h.colour) for h in items] == [("trophy", Colour.YELLOW), ("order", None)]
    assert items[0].note == "yellow · sells for 220"
    assert items[1].note == "Visit: event site"
    (pack,) = stalker_presenter.backpack(state, player, False)
    assert pack.card.id == "goldfish" and pack.note == "lowers maximum health by 5"
    lines = holdings.gained_lines([line.text for line in session.log], state, player)
    assert lines == ["Goldfish went to the backpack: activating it lowers maximum health by 5"]
    view = win.show_screen("stalker", player=me)
    frame(win)
    assert isinstance(view, StalkerView)
    drawn = {face.card.id: face for face in view.owned_faces}
    assert set(drawn) == {"blind-dog", "order-lost-scout"}
    texts = [text.text for text in view._texts]
    assert "Elements 1/3" in texts
    assert any("Goldfish went to the backpack" in text for text in texts)
    # the trophy is drawn in its colour's band (TROPHY-1)
    dog = drawn["blind-dog"]
    box = (
        int(dog.left),
        int(win.height - dog.top),
        int(dog.right),
        int(win.height - dog.bottom),
    )
    assert tuple(dog.accent)[:3] in colours(pixels(win).crop(box))


def test_reveal_and_holdings_presenters_import_no_arcade() -> None:
    """Screens draw, presenters decide: these run without arcade or pyglet."""
    code = (
        "import sys\n"
        "import stalkerzone.client.screens.reveal.presenter\n"
        "import stalkerzone.client.screens.stalker.holdings\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet')))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "ARCADE_HEADLESS"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == "[]"


def test_the_side_panel_shows_public_standing_only() -> None:
    """TURN-3: trophies and orders counted for everyone; nothing private of others."""
    from stalkerzone.client.screens.board.presenter import public_line

    state = fresh(3)
    state, dog = take(state, "blind-dog")
    state = edit(state, 1, trophies=(Trophy(dog, Colour.GREEN),), elements=2)
    line = public_line(state.players[1])
    assert line.startswith("E 2 · T 1 · O 0 · rep 0")
    i18n.set_language("ru")
    assert public_line(state.players[1]).startswith("Э 2 · Т 1 · З 0")


def test_the_turn_log_names_a_held_event_only_to_its_owner() -> None:
    """TURN-3, EVENT-1: others read that a fight event is kept, not which."""
    from stalkerzone.client.screens.board.presenter import log_line
    from stalkerzone.client.text import engine_text
    from stalkerzone.engine.core import Note

    cards = fresh(3).cards
    kept = Note(
        "EVENT-1", "event_kept", "Anna keeps monster-first", player="Anna", card="monster-first"
    )
    name = i18n.card_text(cards.get("monster-first").name)
    assert name in engine_text.render(log_line(kept, "Anna"), cards)
    for other in ("Boris", None):
        shown_to_other = engine_text.render(log_line(kept, other), cards)
        assert name not in shown_to_other
        assert shown_to_other == "EVENT-1: Anna keeps a fight event, face down"


def test_the_rules_reference_explains_gained_cards_in_both_languages() -> None:
    """EQ-10 in the in-game rules reference, English and Russian."""
    from stalkerzone.content.rules_reference import load_rules_reference

    for lang, word in (("en", "backpack"), ("ru", "рюкзак")):
        (section,) = [s for s in load_rules_reference(lang) if s.id == "EQ-10"]
        assert word in section.text and section.title


def onto_village(session: GameSession) -> Move:
    """The first seat next to the Village (BASE-1); its move there."""
    state = session.state
    while state.phase == "layout":
        state = session.act(session.legal_now()[0])
    target = hex_of(state, Site.VILLAGE)
    state = next_to(state, 0, target)
    session.record = replace(session.record, states=(*session.record.states[:-1], state))
    session.version += 1
    session.viewer = 0
    return Move(target)


def take_an_order(session: GameSession) -> None:
    from stalkerzone.engine.play import TakeOrder

    session.act(next(a for a in session.legal_now() if isinstance(a, TakeOrder)))


def test_what_a_player_did_at_the_base_is_not_revealed_again_on_the_board(
    win: StalkerWindow,
) -> None:
    """BASE-1 / ORDER-1: the base's screen shows the order taken there; back on the board the
    same card does not come up a second time. Taken on the board's own watch, it does."""
    from stalkerzone.client.screens.bases.screen import BaseScreen

    session = start(win)
    move = onto_village(session)
    win.show_screen("board")
    frame(win, updates=2)
    view = shown(win, BoardView)
    view.do(move)
    frame(win, updates=60)  # the token walks there and the base's screen opens (BASE-1)
    base = shown(win, BaseScreen)
    take_an_order(session)
    frame(win, updates=2)
    assert win.show_again(base.back)
    frame(win, updates=30)
    assert shown(win, BoardView) is view
    assert view.reveals.current is None and not view.reveals.pending
    # the same order taken while the board looks on is revealed (the test can fail)
    take_an_order(session)
    frame(win, updates=30)
    assert view.reveals.current is not None and view.reveals.current.kind == "order_taken"


def test_end_turn_takes_a_card_on_screen_away_first(win: StalkerWindow) -> None:
    """A key that cannot act while a card is up is not swallowed: E takes the card away."""
    session = start(win)
    move = onto_event_hex(session, "stash")
    session.viewer = 0
    win.show_screen("board")
    frame(win, updates=2)
    view = shown(win, BoardView)
    view.do(move)
    frame(win, updates=100)  # the walk, the card off the deck
    assert view.reveals.current is not None
    key(win, arcade.key.E)
    frame(win, updates=60)
    assert view.reveals.current is None and session.state.current_player == 0


def test_colour_words_follow_the_colour_blind_setting() -> None:
    """TROPHY-1, ORDER-1: the trophy's colour on its reveal and on the stalker card, and an
    order's colour requirement, carry the "!" marks with colour-blind symbols on, not off."""
    from stalkerzone.client.screens.bases.presenter import requirement_text
    from stalkerzone.engine.core import Note, Order, TrophyRequirement

    state = fresh(3)
    me = state.current_player
    name = state.players[me].name
    note = Note("TROPHY-1", "trophy_taken", "x", player=name, card="blind-dog", colour="red")
    after = replace(state, notes=(note,))
    (plain,) = presenter.reveals(state, after)
    (marked,) = presenter.reveals(state, after, symbols=True)
    assert plain.goes_to == "→ trophies (red)" and marked.goes_to == "→ trophies (red !!!)"
    assert marked.lines == ("red !!! · sells for 520",)
    state, dog = take(state, "blind-dog")
    state = edit(state, me, trophies=(Trophy(dog, Colour.YELLOW),))
    player = state.players[me]
    assert holdings.trophies(state, player)[0].note.startswith("yellow ·")
    assert holdings.trophies(state, player, symbols=True)[0].note.startswith("yellow !! ·")
    order = next(
        c
        for c in state.cards
        if isinstance(c, Order)
        and isinstance(c.requirement, TrophyRequirement)
        and c.requirement.colour is not None
    )
    assert isinstance(order.requirement, TrophyRequirement)
    colour = order.requirement.colour
    assert colour is not None
    mark = {"green": "!", "yellow": "!!", "red": "!!!"}[colour.value]
    assert f"{colour.value} {mark}" in requirement_text(state, order, symbols=True)
    assert f"{colour.value} {mark}" not in requirement_text(state, order)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_event_damage_roll_shows_its_dice(lang: str) -> None:
    """EVENT-1 "Emission" (2d6, no defence): the card says the health lost (the event's own
    effect, first), then the faces rolled and their sum, so the player can check the number;
    the draws are the roll's."""
    i18n.set_language(lang)
    state, _ = on_top(playing(fresh(3)), "events", "emission")
    before = replace(state, notes=())
    index = before.current_player
    after = sites.draw_event(before, index, Rng(7))
    notes = [n for n in after.notes if isinstance(n, Note) and n.key == "event_damage"]
    assert len(notes) == 1
    values = dict(notes[0].params)
    faces = [int(f) for f in str(values["faces"]).split(" + ")]
    assert len(faces) == 2 and sum(faces) == values["rolled"] == values["damage"]
    lost = before.players[index].health - after.players[index].health
    assert lost == min(values["damage"], before.players[index].health)
    card = next(r for r in presenter.reveals(before, after) if r.kind == "event")
    assert card.lines[0] == i18n.t("reveal.health", amount=signed(-lost))
    dice_line = card.lines[1]
    assert str(values["faces"]) in dice_line and f"= {values['rolled']}" in dice_line


def test_last_gained_names_gains_and_does_not_follow_slot_and_backpack_moves() -> None:
    """EQ-10: a card put into its slot and later moved to the backpack (or back) is still the
    last gain; a card no longer held (sold) drops out."""
    state = fresh(2)
    player = state.players[0]
    gained = Note("EQ-10", "gained_to_slot", "x", player=player.name, card="medkit")
    in_backpack = replace(player, backpack=(*player.backpack, "medkit#1"))
    lines = holdings.gained_lines([gained], state, in_backpack)
    assert lines == [presenter.gained_sentence(gained, state, "Medkit")]
    sold = replace(player, backpack=tuple(c for c in player.backpack if not c.startswith("medkit")))
    assert holdings.gained_lines([gained], state, sold) == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_where_ones_loot_lies_is_said_in_map_words_not_coordinates(lang: str) -> None:
    i18n.set_language(lang)
    state = fresh(2)
    epicenter = hex_of(state, Site.EPICENTER)
    assert holdings.hex_words(state, epicenter) == i18n.t("kit.site_epicenter")
    plain = next(h for h, info in state.zone_map.hexes.items() if info.site is None)
    words = holdings.hex_words(state, plain)
    assert words and "(" not in words and not any(ch.isdigit() for ch in words), words


def test_a_card_on_screen_leaves_the_map_in_sight_at_every_size_and_scale(
    win: StalkerWindow,
) -> None:
    """ANOM-1, EQ-10: an anomaly's roll and the artifact it gave, shown over the board, take
    at most 60% of the window's height with their words (the card smaller still) in both
    languages at every window size and UI scale; every word inside the panel."""
    session = start(win)
    while session.state.phase == "layout":
        session.act(session.legal_now()[0])
    session.viewer = 0
    before, after = anomaly_with(session.state, "goldfish")
    found: list[str] = []
    for lang, (w, h), setting in configurations():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        shown_now = presenter.reveals(before, after)
        assert [r.kind for r in shown_now] == ["anomaly", "artifact"]
        with pretend_size(win, w, h):
            view = win.show_screen("board")
            reveals = view.reveals  # type: ignore[attr-defined]
            for reveal in shown_now:
                where = f"{reveal.kind} {lang} {w}x{h} {setting:.0%}"
                reveals.current = reveal
                reveals.build(view)
                left, bottom, right, top = reveals.box
                _cx, _cy, _cw, ch = reveals.card_box
                if top - bottom > 0.6 * h + 1 or ch > 0.6 * h:
                    found.append(f"{where}: panel {top - bottom:.0f}, card {ch:.0f} of {h}")
                for text in (t for t in texts_of(view) if t.batch is reveals.batch):
                    tl, tr, tb, tt = text_box(text)
                    if not (left <= tl and tr <= right and bottom <= tb and tt <= top):
                        found.append(f"{where}: {text.text[:40]!r} out of the panel")
            reveals.current = None
    assert not found, "\n".join(found)
