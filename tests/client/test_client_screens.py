"""The card screens driven by real input events: bases (buy, sell, refusals), the stalker card
(stash by drag, activate by click, inactive modifiers, lock in fights), the fight screen (exact
odds, dice, auto-resolve, results), the rules overlay (sections per screen, search in English and
Russian, ability numbers), settings, card faces. State and pixels are both checked."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.render.card_art import art_texture
from stalkerzone.client.render.card_face import CardFace
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.screens.fight.odds_worker import OddsWorker
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.rules import RulesView
from stalkerzone.client.screens.stalker.screen import StalkerView
from stalkerzone.client.text import i18n
from stalkerzone.client.text.rules_sections import abilities_in_play, search, start_section
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import CardSet, PerColour, Regeneration
from stalkerzone.engine.play import Buy, EndTurn, Move, card_id
from stalkerzone.odds import odds
from tests.support.window import (
    click,
    click_button,
    colours,
    current,
    find_button,
    frame,
    key,
    opened,
    pixels,
    shown,
    two_frames,
)


def set_state(session: GameSession, state: Any) -> None:
    """Test set-up only: put a hand-made state in place of the session's current one."""
    record = session.record
    session.record = replace(record, states=(*record.states[:-1], state))
    session.version += 1


def start(win: StalkerWindow, seed: int = 3, seats: int = 2, bot: str | None = None) -> GameSession:
    names = ("Anna", "Boris", "Vera")
    stalkers = ("gromoboy", "nosorog", "shustry")
    spec = GameSpec(
        seed=seed,
        seats=tuple(SeatSpec(names[k], stalkers[k], bot) for k in range(seats)),
        zone_mode="free",
    )
    session = GameSession.start(win.app, spec)
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    return session


def me(session: GameSession) -> Any:
    return session.state.players[session.state.current_player]


def row_button(win: StalkerWindow, key_name: str, text: str) -> Any:
    """The button with ``text`` on the row whose hit region is ``key_name`` (e.g. buy:ak-47)."""
    view = shown(win, BaseScreen)
    for _ in range(30):  # scroll the list with the wheel until the row shows
        hit = next((h for h in view.hits.items if h.key == key_name), None)
        if hit is not None:
            break
        box = view.list_box
        win.dispatch_event("on_mouse_scroll", (box[0] + box[1]) / 2, (box[2] + box[3]) / 2, 0, -1)
        win.dispatch_events()
    assert hit is not None, key_name
    for widget in view.ui.walk_widgets():
        if isinstance(widget, arcade.gui.UIFlatButton) and widget.text == text:
            cy = widget.rect.center[1]
            if hit.bottom - 8 <= cy <= hit.top + 8:
                return widget
    raise AssertionError(f"no '{text}' button on row {key_name}")


def press_widget(win: StalkerWindow, widget: Any) -> None:
    x, y = widget.rect.center
    click(win, x, y)
    frame(win)


def region(image: Any, box: tuple[float, float, float, float], height: int) -> bytes:
    """Pixels of a (left, right, bottom, top) box in window coordinates (image is top-down)."""
    left, right, bottom, top = box
    crop = image.crop((int(left), int(height - top), int(right), int(height - bottom)))
    return bytes(crop.tobytes())


# --- bases ---------------------------------------------------------------------------------------


def test_client_buy_and_sell_through_clicks(win: StalkerWindow) -> None:
    session = start(win)
    view = opened(win.show_screen("base"), BaseScreen)
    frame(win)
    assert view.site() is not None, "players start on the Village (ST-2)"
    cash = me(session).cash
    side_before = region(pixels(win), view.side_box, win.height)
    press_widget(win, row_button(win, "buy:berdan-rifle", "Buy"))
    player = me(session)
    assert player.weapon is not None and card_id(player.weapon) == "berdan-rifle"
    assert player.cash == cash - 300
    assert region(pixels(win), view.side_box, win.height) != side_before  # attack 1d6 → 2d6
    attack = "2d6+1" if player.stalker == "gromoboy" else "2d6"  # the first player is drawn
    assert any(t.text == attack for t in view._texts)

    click_button(win, "Sell")
    frame(win)
    assert view.tab == "sell"
    weapon = player.weapon
    press_widget(win, row_button(win, f"sell:{weapon}", "Sell"))
    assert view.question is not None and me(session).weapon == weapon  # the last weapon: asks
    assert "Berdan" in view.question.facts
    click_button(win, "Sell (Y)")
    player = me(session)
    assert player.weapon is None and player.cash == cash - 300 + 150  # BASE-2: half price
    # TURN-2: the sale and the purchase are taken back like any action, one by one
    assert view.question is None
    key(win, arcade.key.Z, arcade.key.MOD_CTRL)
    assert me(session).weapon == weapon and me(session).cash == cash - 300
    click_button(win, "Undo (U)")
    assert me(session).weapon is None and me(session).cash == cash
    assert view.info == "Taken back."


@pytest.mark.slow  # over a second: a whole screen played through
def test_client_refusal_shows_the_rule_and_links_to_it(win: StalkerWindow) -> None:
    session = start(win)
    view = opened(win.show_screen("base"), BaseScreen)
    frame(win)
    press_widget(win, row_button(win, "buy:toz-34", "Buy"))
    press_widget(win, row_button(win, "buy:berdan-rifle", "Buy"))
    before = session.state
    cash = me(session).cash
    assert cash < 400
    suit = row_button(win, "buy:stalker-suit", "Buy")
    assert suit.disabled  # off, saying why (ST-4) under the mouse: a click does nothing
    assert [why.rule for w, why in view.disabled_reasons.items if w is suit] == ["ST-4"]
    press_widget(win, suit)
    assert session.state is before and me(session).cash == cash and view.refusal is None
    view.do(Buy("stalker-suit"))  # the same action asked another way is refused with its rule
    frame(win)
    assert session.state is before and me(session).cash == cash  # refused: nothing changed
    assert view.refusal is not None and view.refusal.rule == "ST-4"
    assert view.refusal.message.startswith("ST-4: ")
    image = pixels(win)
    bottom = image.crop((20, win.height - 60, 700, win.height - 10))
    assert any(p[0] > 200 and p[1] < 110 for p in colours(bottom))  # red refusal text
    click_button(win, "Rule ST-4 ›")
    frame(win)
    assert current(win).kind == "rules" and shown(win, RulesView).selected == "ST-4"
    key(win, arcade.key.ESCAPE)
    assert win.current_screen is view


def test_client_heal_and_take_an_order(win: StalkerWindow) -> None:
    session = start(win)
    state = session.state
    players = tuple(
        replace(p, health=20) if k == state.current_player else p
        for k, p in enumerate(state.players)
    )
    set_state(session, replace(state, players=players))
    view = opened(win.show_screen("base", tab="heal"), BaseScreen)
    frame(win)
    cash = me(session).cash
    click_button(win, "Heal 5 (100 gr.)")
    frame(win)
    assert me(session).health == 25 and me(session).cash == cash - 100  # BASE-3
    click_button(win, "Heal all 5 (100 gr.)")
    assert me(session).health == 30
    key(win, arcade.key.KEY_4)  # the Orders tab
    frame(win)
    assert view.tab == "orders"
    offer = next(h for h in view.hits.items if str(h.key).startswith("offer:"))
    press_widget(win, row_button(win, offer.key, "Take"))
    orders = me(session).open_orders
    assert len(orders) == 1 and orders[0].card == offer.key.removeprefix("offer:")
    words = " ".join(t.text for t in view._texts)
    assert "Your orders 1/2" in words and "not yet" in words


def test_client_base_locked_below_reputation(win: StalkerWindow) -> None:
    from stalkerzone.engine.core import Site

    session = start(win)
    state = session.state
    military = state.zone_map.site_hexes(Site.MILITARY_BASE)[0]
    players = tuple(
        replace(p, position=military) if k == state.current_player else p
        for k, p in enumerate(state.players)
    )
    set_state(session, replace(state, players=players))
    view = opened(win.show_screen("base"), BaseScreen)
    frame(win)
    assert view.lock_box is not None
    words = " ".join(t.text for t in view._texts)
    assert "needs reputation 3, you have 0" in words
    find_button(win, "Rule BASE-1 ›")
    i18n.set_language("ru")  # the refusal comes from the engine's message key, in Russian
    try:
        view.rebuild()
        assert "нужна репутация 3, у вас 0" in " ".join(t.text for t in view._texts)
    finally:
        i18n.set_language("en")


# --- the stalker card ------------------------------------------------------------------------


def test_client_stash_by_drag_and_activate_by_click(win: StalkerWindow) -> None:
    session = start(win)
    base = win.show_screen("base")
    frame(win)
    press_widget(win, row_button(win, "buy:berdan-rifle", "Buy"))
    press_widget(win, row_button(win, "buy:pistol-laser-sight", "Buy"))
    key(win, arcade.key.B)
    frame(win)
    view = shown(win, StalkerView)
    assert view.kind == "stalker" and view.back is base
    weapon = me(session).weapon
    tile = next(h for h in view.hits.items if h.key == ("card", weapon, "slot"))
    # EQ-4: the pistol sight does nothing with the rifle, and says why
    dim = [face for face, _i, _w in view.faces if face.dim]
    assert dim and "pistol" in dim[0].note
    slots_before = region(pixels(win), view.slots_box, win.height)
    x0, y0 = (tile.left + tile.right) / 2, (tile.bottom + tile.top) / 2
    x1, y1 = (view.pack_box[0] + view.pack_box[1]) / 2, view.pack_box[2] + 60
    win.dispatch_event("on_mouse_motion", x0, y0, 0, 0)
    win.dispatch_event("on_mouse_press", x0, y0, 1, 0)
    for k in range(1, 9):
        x, y = x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8
        win.dispatch_event("on_mouse_drag", x, y, 1, 1, 1, 0)
    win.dispatch_events()
    frame(win)
    win.dispatch_event("on_mouse_release", x1, y1, 1, 0)
    win.dispatch_events()
    frame(win)
    player = me(session)
    assert player.weapon is None and weapon in player.backpack  # EQ-8 stash
    assert region(pixels(win), view.slots_box, win.height) != slots_before
    tile = next(h for h in view.hits.items if h.key == ("card", weapon, "pack"))
    click(win, (tile.left + tile.right) / 2, (tile.bottom + tile.top) / 2)
    frame(win)
    assert me(session).weapon == weapon  # EQ-3 activate by a click


# --- fights ----------------------------------------------------------------------------------


def into_fight(
    win: StalkerWindow,
    monster: str = "blind-mole",
    buy: tuple[str, ...] = (),
    bot: str | None = None,
) -> GameSession:
    """A real Move into a danger hex with ``monster`` on top of the deck (after buying ``buy``
    at the Village and passing a round of turns)."""
    for seed in range(3, 40):
        session = start(win, seed, bot=bot)
        if buy:
            for cid in buy:
                session.act(Buy(cid))
            for _ in session.state.players:
                session.act(EndTurn())
        state = session.state
        inst = next(c for c in state.decks.monsters if card_id(c) == monster)
        rest = tuple(c for c in state.decks.monsters if c != inst)
        set_state(session, replace(state, decks=replace(state.decks, monsters=(inst, *rest))))
        zone = session.state.zone_map
        moves = [
            a
            for a in session.legal_now()
            if isinstance(a, Move) and str(zone.hexes[a.to].site or "").startswith("danger")
        ]
        if moves:
            win.show_screen("board")
            session.act(moves[0])
            session.show(win)
            frame(win)
            if session.state.phase == "fight":
                return session
    raise AssertionError("no seed with a danger in reach")


@pytest.mark.slow  # over a second: a whole screen played through
def test_client_fight_odds_dice_and_results(win: StalkerWindow) -> None:
    session = into_fight(win, "gorynych")
    view = shown(win, FightView)
    assert view.kind == "fight"
    key(win, arcade.key.SPACE)  # skip the opening paralysis rolls
    frame(win, updates=2)
    frame(win)
    assert session.state.fight is not None
    fight = session.state.fight.fight
    odds_shown = view.current_odds()
    exact = odds(fight, "best")
    assert odds_shown is not None and abs(odds_shown.best.win - exact.win) < 1e-12
    assert abs(odds_shown.best.win + odds_shown.best.death + odds_shown.best.escape - 1) < 1e-9
    odds_box = view.panels["odds"]
    crop = pixels(win).crop(
        (
            int(odds_box[0]),
            int(win.height - odds_box[3]),
            int(odds_box[1]),
            int(win.height - odds_box[2]),
        )
    )
    assert sum(1 for p in colours(crop) if p == (110, 200, 110)) > 50  # the green win bar
    assert any(
        b.text.startswith("Escape: succeeds ") for b in view.ui.walk_widgets() if hasattr(b, "text")
    )
    log_before = len(fight.log)
    click_button(win, "Attack (A)")
    frame(win, updates=3)
    now = session.state.fight.fight if session.state.fight else view.fight
    assert now is not None and len(now.log) > log_before
    assert view.queue.busy  # the dice are rolling
    dice = view.panels["dice"]
    crop = pixels(win).crop(
        (int(dice[0]), int(win.height - dice[3]), int(dice[1]), int(win.height - dice[2]))
    )
    assert sum(1 for p in colours(crop) if p == (240, 236, 220)) > 500  # the die face
    assert view.busy  # bots and the board wait for the dice
    key(win, arcade.key.R)  # auto-resolve
    for _ in range(2000):
        key(win, arcade.key.SPACE) if view.queue.busy else frame(win)
        if view.result is not None:
            break
    assert view.result is not None and session.state.phase != "fight"
    assert view.result["outcome"] in ("win", "death", "escape")
    assert [s for s in view.log if s.kind == "paralysis"], "paralysis shown as it happened"
    frame(win)
    click_button(win, "Continue")
    two_frames(win)
    frame(win)
    assert current(win).kind != "fight"


@pytest.mark.slow  # over a second: a whole screen played through
def test_client_fight_grenade_stimulator_and_locked_backpack(win: StalkerWindow) -> None:
    session = into_fight(win, "leshak", buy=("rgd-5", "bandage"))
    view = shown(win, FightView)
    assert view.kind == "fight"
    key(win, arcade.key.SPACE)
    frame(win, updates=2)
    player = me(session)
    assert player.grenades and player.stimulators
    stim_tip = next(h for h in view.hits.items if h.key == "stimulator")  # FIGHT-2, hovered
    assert stim_tip.tip == i18n.t("fight.stim_tip") and stim_tip.on_click is None
    # the backpack is locked during the fight, with the reason (EQ-2)
    key(win, arcade.key.B)
    frame(win)
    card = shown(win, StalkerView)
    assert card.kind == "stalker" and "cannot be used in a fight" in card.lock_reason()
    grenade = player.grenades[0]
    tile = next(h for h in card.hits.items if h.key == ("card", grenade, "slot"))
    before = session.state
    click(win, (tile.left + tile.right) / 2, (tile.bottom + tile.top) / 2)
    frame(win)
    assert session.state is before and card.refusal is not None and card.refusal.rule == "EQ-2"
    click_button(win, "Back")
    assert win.current_screen is view
    frame(win)
    # a stimulator with a grenade (FIGHT-2)
    key(win, arcade.key.S)
    assert view.stim == "bandage"
    click_button(win, "Grenade (1 left)")
    key(win, arcade.key.SPACE)
    frame(win)
    held = session.state.fight or session.state.last_fight
    assert held is not None
    fight = held.fight
    assert "rgd-5" in fight.used_grenades and "bandage" in fight.used_stimulators
    kinds = [s.kind for s in view.log]
    assert "stimulator" in kinds and "stalker_attack" in kinds
    assert any("Grenade" in s.text for s in view.log)


@pytest.mark.slow
def test_client_bot_fight_plays_itself_visibly(win: StalkerWindow) -> None:
    win.app.watching = True
    session = into_fight(win, "yellowbreast", bot="normal")
    view = shown(win, FightView)
    assert view.kind == "fight" and view.is_bot() and view.busy
    outcome = None
    for _ in range(3000):
        frame(win, dt=0.25)
        if view.result is not None:
            outcome = view.result["outcome"]
        if win.current_screen is not view:
            break
    assert outcome in ("win", "death", "escape")
    assert win.current_screen is not view and session.state.phase != "fight"
    attacked = any(s.kind == "monster_attack" for s in view.log)
    if attacked and outcome != "death":  # ABIL-DRAIN ends every round the monster attacked in
        assert any(s.kind == "drain" and s.flash == "drain" for s in view.log)


@pytest.mark.slow  # over a second: a whole screen played through
def test_client_watched_fight_is_told_of_its_stalker_and_shows_its_odds(win: StalkerWindow) -> None:
    """Another's fight (here a bot's): the log says "Bot 1 attacks", not "You attack", and the
    odds appear once computed, not only when the next decision comes."""
    session = into_fight(win, "yellowbreast", bot="normal")
    view = shown(win, FightView)
    fight = view.fight
    assert fight is not None and view.is_bot() and not fight.is_terminal
    view.skip()  # the opening steps shown: the screen waits on the bot's decision
    view.odds = OddsWorker(synchronous=False)  # as in the game: computed off the frame
    view.last_odds, view._odds_shown = None, None
    view.rebuild()
    view.odds.wait(fight)
    frame(win, dt=0.0)  # no time passes: the bot has not decided yet
    assert view.fight is fight and view.page is not None and view.page.odds.rows
    win.app.watching = True
    for _ in range(3000):
        frame(win, dt=0.25)
        if win.current_screen is not view:
            break
    name = session.state.players[view.held.player].name if view.held else ""
    attacks = [s for s in view.log if s.kind == "stalker_attack" and not s.card]
    assert attacks and all(s.text.startswith(f"{name} attacks: ") for s in attacks)
    assert not any("You" in s.text for s in view.log)


# --- the rules overlay ---------------------------------------------------------------------------


@pytest.mark.slow
def test_client_overlay_opens_at_the_section_of_each_screen(win: StalkerWindow) -> None:
    start(win)
    for kind in ("title", "board", "stalker", "base", "settings", "newgame"):
        view = win.show_screen(kind)
        frame(win)
        key(win, arcade.key.F1)
        frame(win)
        rules = shown(win, RulesView)
        assert rules.kind == "rules", kind
        assert rules.selected == start_section(view.rules_section), kind
        assert rules.selected.startswith(view.rules_section.split("-")[0])
        key(win, arcade.key.F1)
        assert win.current_screen is view, kind
    assert start_section("FIGHT-1") == "FIGHT-1"
    assert start_section("BASE-1: Military Base needs reputation 3, you have 1") == "BASE-1"
    assert start_section("TURN") == "TURN-1"


def test_client_search_finds_english_and_russian_words(win: StalkerWindow) -> None:
    assert "FIGHT-3" in search("побег")
    assert "FIGHT-3" in search("escape")
    assert "EQ-6" in search("гранат")
    assert search("no-such-word-anywhere") == ()
    start(win)
    board = win.show_screen("stalker")
    frame(win)
    key(win, arcade.key.F1)
    rules = shown(win, RulesView)
    frame(win)
    box = rules.search_input
    assert box is not None
    click(win, *box.rect.center)
    for char in "побег":
        win.dispatch_event("on_text", char)
    win.dispatch_events()
    frame(win)
    assert rules.query == "побег" and "FIGHT-3" in rules.ids
    assert rules.selected in rules.ids
    texts = " ".join(t.text for t in rules.cache.items.values() if t.visible)
    assert rules.shown()["FIGHT-3"].title in texts  # listed by its title
    box.text = ""
    rules.set_query("Accumulation")
    assert rules.ids == ("EQ-4",)
    key(win, arcade.key.ESCAPE)
    assert win.current_screen is board


def test_client_overlay_in_russian_and_wheel_does_not_leave(win: StalkerWindow) -> None:
    start(win)
    i18n.set_language("ru")
    try:
        view = opened(win.show_screen("rules", section="ABIL-REGENERATION"), RulesView)
        frame(win)
        words = " ".join(t.text for t in view.cache.items.values() if t.visible)
        assert "Регенерация" in words or "регенер" in words.lower()
        assert "восстанавливает" in words  # custom numbers explained, in Russian
        for _ in range(5):
            win.dispatch_event("on_mouse_scroll", win.width - 200, 300, 0, -1)
        win.dispatch_events()
        frame(win)
        assert win.current_screen is view and view.selected != "ABIL-REGENERATION"
    finally:
        i18n.set_language("en")


def test_client_custom_monster_abilities_use_their_numbers() -> None:
    from stalkerzone.content.loader import load_packs

    cards = load_packs(include_user=False).cards
    mole = next(m for m in cards.monsters if m.id == "blind-mole")
    custom = replace(mole, id="my-mole", abilities=(Regeneration(PerColour(2, 5, 9)),), pack="mine")
    extended = CardSet(
        monsters=(*cards.monsters, custom), stalkers=cards.stalkers, artifacts=cards.artifacts
    )
    lines = abilities_in_play(extended, "ABIL-REGENERATION")
    assert any("regains 5 health each round as yellow" in line for line in lines)
    assert any("regains 9 health each round as red" in line for line in lines)


# --- settings and card faces ----------------------------------------------------------------------


def test_client_settings_language_and_scale(win: StalkerWindow) -> None:
    view = win.show_screen("settings")
    frame(win)
    before = pixels(win)
    click_button(win, "English")
    frame(win)
    assert i18n.language() == "ru" and win.app.settings.language == "ru"
    assert pixels(win).tobytes() != before.tobytes()
    click_button(win, "100%")
    frame(win)
    assert theme.scale() == 1.15
    click_button(win, "Вкл.")  # colour-blind symbols off
    assert win.app.settings.colour_blind_symbols is False
    key(win, arcade.key.ESCAPE)
    assert win.current_screen is not view
    i18n.set_language("en")
    theme.set_scale(1.0)


def test_client_card_faces_generated_or_art(win: StalkerWindow, tmp_path: Path) -> None:
    from PIL import Image

    from stalkerzone.content.loader import load_packs

    cards = load_packs(include_user=False).cards
    art = tmp_path / "art.png"
    Image.new("RGB", (40, 60), (255, 0, 255)).save(art)
    weapon = replace(cards.weapons[0], id="custom-gun", art=str(art), pack="mine")
    plain = replace(cards.weapons[0], id="custom-plain", art=None, pack="mine")
    assert art_texture(str(art)) is not None and art_texture(str(tmp_path / "none.png")) is None
    view = win.show_screen("settings")
    frame(win)
    faces = [CardFace(weapon, 100, 100, 200, 280), CardFace(plain, 400, 100, 200, 280)]
    for face in faces:
        face.build(view)
    win.clear()
    for face in faces:
        face.draw()
    image = pixels(win)
    art_part = image.crop((110, win.height - 330, 290, win.height - 170))
    assert any(p == (255, 0, 255) for p in colours(art_part))  # the pack's art is drawn
    gen_part = image.crop((410, win.height - 330, 590, win.height - 170))
    assert not any(p == (255, 0, 255) for p in colours(gen_part))
    assert len(set(colours(gen_part))) > 3  # a generated face, not a blank


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_client_screens_draw_in_both_languages(win: StalkerWindow, lang: str) -> None:
    start(win)
    i18n.set_language(lang)
    try:
        for kind in ("stalker", "base", "settings"):
            view = win.show_screen(kind)
            frame(win)
            assert view._texts
            missing = [t.text for t in view._texts if i18n.has(t.text)]
            assert not missing, missing  # no raw string keys on screen
    finally:
        i18n.set_language("en")


def test_client_search_finds_the_monsters_a_rule_lists_as_in_play() -> None:
    """ "Лешак", "Leshak" or a custom monster's "hag" find the rule of its ability."""
    from stalkerzone.content.loader import load_packs
    from stalkerzone.engine.core import Text

    cards = load_packs(include_user=False).cards
    mole = next(m for m in cards.monsters if m.id == "blind-mole")
    hag = replace(mole, id="swamp-hag", name=Text((("en", "Swamp hag"), ("ru", "Болотная ведьма"))))
    extended = CardSet(
        monsters=(*cards.monsters, hag), stalkers=cards.stalkers, artifacts=cards.artifacts
    )
    assert search("hag") == ()  # without the cards in play: in no rule's own text
    assert search("hag", "en", extended) == ("ABIL-REGENERATION",)
    assert search("ведьма", "ru", extended) == ("ABIL-REGENERATION",)
    assert "ABIL-FIRST-STRIKE" in search("Лешак", "ru", cards)
    assert "ABIL-FIRST-STRIKE" in search("leshak", "en", cards)
