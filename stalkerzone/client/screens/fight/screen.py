"""The fight screen (FIGHT-*, DMG-*, ABIL-*): monster, stalker, live exact odds, dice, round log.

The monster card at its colour with a health bar and ability badges (each explained with the
card's numbers and linked to its rule); the stalker with health, attack formula, defence; buttons
Attack / Grenade (n left) / Escape (with its chance) / Stimulator and Auto-resolve. Exact odds of
winning, dying and escaping under the best play come from ``engine.odds`` through
:class:`~stalkerzone.client.screens.fight.odds_worker.OddsWorker`,
recomputed after every roll off the frame.
The steps one decision produced (rolls, paralysis, first strike, drain, regeneration) are shown
one by one with the dice (brief, skippable: click, Space); the results come at the end.

What is shown is decided by :mod:`.presenter`; this module keeps the screen's state (the fight
held, the steps being revealed, the player's picks), its time and its input, and lays the page
out through :mod:`.panels`, :mod:`.decision_buttons`, :mod:`.round_log`, :mod:`.dice_area` and
:mod:`.result_box`.
"""

from __future__ import annotations

import arcade
from arcade.types import Color

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.card_face import MONSTER_COLOUR
from stalkerzone.client.render.card_thumbs import CardTiles
from stalkerzone.client.screens.fight import panels
from stalkerzone.client.screens.fight.ability_badges import new_shapes
from stalkerzone.client.screens.fight.bot_seat import PAUSE_BOT, auto_decision, bot_decision
from stalkerzone.client.screens.fight.decision_buttons import build_decisions
from stalkerzone.client.screens.fight.dice_animation import StepQueue
from stalkerzone.client.screens.fight.dice_area import DiceArea, Flash
from stalkerzone.client.screens.fight.fight_result import FightResult, results
from stalkerzone.client.screens.fight.odds_worker import FightOdds, OddsWorker
from stalkerzone.client.screens.fight.presenter import (
    FightPage,
    Selection,
    choice_words,
    present,
    select,
)
from stalkerzone.client.screens.fight.result_box import ResultBox
from stalkerzone.client.screens.fight.round_log import Bar, HealthSpot, RoundLog
from stalkerzone.client.screens.fight.steps import Step, describe_all
from stalkerzone.client.screens.screen_hints import add_fight_hint
from stalkerzone.client.sound.cues import note_sounds, roll_sound, step_sound
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_name, t
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.screen_frame import ScreenFrame
from stalkerzone.engine.core import Monster
from stalkerzone.engine.fight import Fight
from stalkerzone.engine.play import FightDecision, FightState, GameState

FLASH_SECONDS = 1.4
RESULT_SECONDS = 3.0
"""How long a bot's fight result stays at animation speed 1 (the others at the table read it)."""
WATCH_RESULT_SECONDS = 1.5
"""The same in ``watch`` (where everything runs four times faster)."""
FLASH_COLOURS: dict[str, Color] = {
    "paralysis": theme.WARN,
    "first_strike": theme.BAD,
    "drain": theme.BAD,
    "regeneration": theme.GOOD,
}


class FightView(ScreenFrame):
    kind = "fight"
    rules_section = "FIGHT-1"

    def __init__(self, window: StalkerWindow, back: BaseView | None = None) -> None:
        super().__init__(window, back)
        add_fight_hint(self)  # H: what the bot would decide, its button highlighted
        session = self.session
        self.held: FightState | None = None
        self.queue = StepQueue()
        self.log: list[Step] = []
        self.shown_health: tuple[int, int] = (0, 0)
        self.shown_round = 0
        self.last_roll: Step | None = None
        self.flash: Flash | None = None
        self.result: FightResult | None = None
        self.result_box: ResultBox | None = None
        self.auto = False
        self.bot_choice = ""  # a bot seat's last decision in words (shown while its dice roll)
        self.wait = 0.0
        self.grenade: str | None = None
        self.stim: str | None = None
        sync = bool(getattr(getattr(session, "worker", None), "synchronous", False))
        self.odds = OddsWorker(synchronous=sync)
        self.last_odds: FightOdds | None = None
        self.stale = False
        self.panels: dict[str, panels.Box] = {}
        self.bars: list[Bar] = []
        self.health_spots: dict[str, HealthSpot] = {}
        self.badge_shapes = new_shapes()  # the ability badges' plates and icons
        self.table_shapes = new_shapes()  # the panels and the odds' bars
        self.tiles = CardTiles(self.app.thumbnails())  # the two cards' faces
        self.final_notes: tuple[object, ...] = ()  # the engine's notes (read in words)
        self.final_sounds: list[str] = []  # of the fight's last notes, played with the result
        self.round_log = RoundLog()
        self.dice = DiceArea()
        self.page: FightPage | None = None
        self.idle_dice = ("", "")  # the stalker's attack dice and its line, before any roll
        self._started = False
        self._odds_shown: object = None
        state = self.view_state()
        held = None if state is None else state.fight or state.last_fight
        if state is not None and held is not None:
            self.hold(state, held)

    # reading ---------------------------------------------------------------------------------
    def view_state(self) -> GameState | None:
        session = self.session
        return None if session is None else session.view

    def hold(self, state: GameState, held: FightState) -> None:
        """Show ``held`` (the fight of ``state``, or the one it just ended) from its start."""
        self.held = held
        setup = held.fight.setup
        self.shown_health = (setup.stalker.health, setup.monster.health)
        self.take_end(state)

    def take_end(self, state: GameState) -> None:
        """If ``state`` is the one after the fight, keep the notes and sounds of its last
        action (shown and played with the result)."""
        if state.fight is None:
            self.final_notes = tuple(state.notes)
            self.final_sounds = note_sounds(state.notes, after_fight=True)

    def continues(self, held: FightState) -> bool:
        """``held`` is the fight shown, with the same or more steps (a later state of it)."""
        if self.held is None or held.monster != self.held.monster:
            return False
        shown = self.held.fight.log
        return tuple(held.fight.log[: len(shown)]) == tuple(shown)

    @property
    def fight(self) -> Fight | None:
        return None if self.held is None else self.held.fight

    @property
    def busy(self) -> bool:  # type: ignore[override]
        """The window's bot driver waits while dice roll, results show or a bot fights here
        (this screen plays a bot's fight decisions itself, visibly)."""
        fight = self.fight
        return (
            self.queue.busy
            or self.result is not None
            or (fight is not None and not fight.is_terminal and self.is_bot())
        )

    def fast(self) -> bool:
        """Headless watch or "skip bots": no waiting, no dice."""
        return bool(self.win.headless_fast or self.win.skip_bots)

    def is_bot(self) -> bool:
        session = self.session
        return session is not None and self.held is not None and session.is_bot(self.held.player)

    def is_remote(self) -> bool:
        """A player on another computer decides this fight (a network game)."""
        session = self.session
        return session is not None and self.held is not None and session.is_remote(self.held.player)

    def playing(self) -> bool:
        """Waiting for this screen's player to decide (not animating, not over, not a bot)."""
        fight = self.fight
        return (
            fight is not None
            and not fight.is_terminal
            and not fight.is_chance
            and not self.queue.busy
            and not self.is_bot()
        )

    def current_odds(self) -> FightOdds | None:
        """The odds of the position shown: the new ones once the dice are shown and they are
        computed, the last ones meanwhile (``self.stale`` says so)."""
        fight = self.fight
        self.stale = False
        if fight is None or (fight.is_terminal and not self.queue.busy):
            return None  # over and shown: the outcome, no odds
        fresh = None if self.queue.busy or fight.is_terminal else self.odds.get(fight)
        if fresh is not None:
            self.last_odds = fresh
            return fresh
        self.stale = True
        return self.last_odds

    def selection(self, fight: Fight) -> Selection:
        """The player's picks made valid for the fight now, with what the screen is doing."""
        picked = select(fight, self.grenade, self.stim)
        self.grenade, self.stim = picked.grenade, picked.stimulator
        return Selection(
            picked.grenade,
            picked.stimulator,
            auto=self.auto,
            rolling=self.queue.busy,
            bot=self.is_bot(),
            remote=self.is_remote(),
            shown_round=self.shown_round,
            bot_choice=self.bot_choice,
        )

    # layout ----------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.bars = []
        self.health_spots = {}
        self.tiles.clear()
        self.badge_shapes = new_shapes()
        self.round_log.clear()
        held = self.held
        if held is None:
            self.header(t("fight.title"))
            self.label(t("fight.none"), px(24), h / 2, 16, theme.TEXT_DIM)
            return
        fight = held.fight
        state = self.view_state()
        odds = self.current_odds()
        stale = self.stale
        page = present(
            held,
            state,
            self.selection(fight),
            odds,
            stale=stale,
            symbols=self.app.settings.colour_blind_symbols,
        )
        self.page = page
        self.idle_dice = (str(fight.setup.stalker.attack), page.stalker.attack)
        self.panels = panels.panel_boxes(w, h)
        panels.build_header(self, page)
        card = state.card(held.monster) if state is not None else None
        monster = card if isinstance(card, Monster) else None
        panels.build_monster(self, page.monster, monster, self.panels["monster"])
        seat = state.players[held.player] if state is not None else None
        stalker = state.cards.get(seat.stalker) if state is not None and seat else None
        panels.build_stalker(self, page, stalker, self.panels["stalker"])
        panels.build_log_title(self, self.panels["log"])
        panels.build_odds(self, page, self.panels["odds"])
        if self.result is None:
            build_decisions(self, page, self.panels["actions"])
        self.round_log.build(self)
        edge = MONSTER_COLOUR[held.colour]
        self.table_shapes = panels.table_shapes(self.panels, edge, self.bars)
        if self.result is not None:
            self.result_box = ResultBox(self.result)
            self.result_box.build(self)

    def build_dynamic(self) -> None:
        """The round, health and log after a revealed step (the rest stays as built)."""
        self.round_log.build(self)

    # drawing ---------------------------------------------------------------------------------
    def draw_scene(self) -> None:
        if self.held is None:
            return
        self.table_shapes.draw()  # the panels and the odds' bars
        self.tiles.draw()
        self.badge_shapes.draw()
        self.round_log.draw_bars()
        self.round_log.draw_texts()
        if "dice" in self.panels:
            self.dice.draw(
                self.panels["dice"], self.queue, self.last_roll, self.flash, self.idle_dice
            )
        hover = self.hover
        if hover is not None and hover.on_click is not None:
            arcade.draw_lrbt_rectangle_outline(
                hover.left - 2, hover.right + 2, hover.bottom - 2, hover.top + 2, theme.ACCENT, 1
            )

    # time ------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        speed = float(self.app.settings.animation_speed)
        if self.app.watching:
            speed *= 4
        if self.fast() and self.queue.busy:
            self.skip()
            return
        changed = False
        for step in self.queue.update(delta_time, speed):
            self.reveal(step)
            changed = True
        for step in self.queue.started:  # dice start to tumble
            self.win.sound.play(roll_sound(step))
        if self.flash is not None:
            words, left, colour = self.flash
            left -= delta_time * speed
            self.flash = (words, left, colour) if left > 0 else None
        if changed:
            if self.queue.busy:
                self.build_dynamic()
            else:
                self.after_animation()
                self.rebuild()
            return
        if self.result is not None and not self.queue.busy and (self.app.watching or self.is_bot()):
            # a bot's result goes by itself: a bot never waits for a human (Space still skips)
            self.wait += delta_time * speed
            limit = WATCH_RESULT_SECONDS if self.app.watching else RESULT_SECONDS
            if self.wait > limit or self.fast():
                self.finish()
            return
        fight = self.fight
        if fight is None or fight.is_terminal or self.queue.busy:
            return
        if self._odds_pending(fight):  # odds shown as soon as ready, watched fights too
            self.rebuild()
            return
        if self.is_bot():
            self.wait += delta_time * speed
            if (self.wait >= PAUSE_BOT or self.fast()) and self.bot_decides():
                self.wait = 0.0
            return
        if self.auto:
            decision = auto_decision(self.odds.get(fight))
            if decision is not None:
                self.send(decision)
            return

    def _odds_pending(self, fight: Fight) -> bool:
        """True once, when the odds of the current position have just become ready."""
        key = OddsWorker.key(fight)
        if self.odds.worker.ready(key) and self._odds_shown != key:
            self._odds_shown = key
            return True
        return False

    def reveal(self, step: Step, sound: bool = True) -> None:
        """A step has been shown: log it, move the health bars, flash an ability, play its
        sound."""
        if sound:
            self.win.sound.play(step_sound(step))
        self.log.append(step)
        if step.roll is not None:
            self.last_roll = step
        if step.kind == "round":
            self.shown_round = step.number("round", self.shown_round)
        if len(self.log) > 300:
            del self.log[:-200]
        s, m = self.shown_health
        self.shown_health = (step.number("stalker", s), step.number("monster", m))
        if step.flash:
            words = t(f"fight.flash_{step.flash}")
            if step.flash == "paralysis" and step.good:
                words = t("fight.flash_paralysis_failed")
            self.flash = (words, FLASH_SECONDS, FLASH_COLOURS.get(step.flash, theme.ACCENT))

    def push_log(self, fight: Fight, start: int) -> None:
        """Queue the steps of ``fight.log[start:]`` to be revealed one by one."""
        state = self.view_state()
        name = fighter = ""
        if state is not None and self.held is not None:
            name = card_name(state.card(self.held.monster))
            if self.is_bot():  # a bot's or another player's fight, watched (third person)
                seat = state.players[self.held.player]
                fighter = i18n.player_name(seat.name, seat.bot)
        self.queue.push(describe_all(fight.log, fight.setup, start, name, fighter))

    def on_show_view(self) -> None:
        if not self._started:
            self._started = True
            fight = self.fight
            if fight is not None:
                self.queue = StepQueue()
                self.push_log(fight, 0)
                if self.fast():
                    self.reveal_all()
        super().on_show_view()

    def reveal_all(self) -> None:
        """Show every queued step now; only the last step's sound plays."""
        steps = self.queue.skip()
        for step in steps:
            self.reveal(step, sound=False)
        sounds = [name for name in map(step_sound, steps) if name is not None]
        self.win.sound.play(sounds[-1] if sounds else None)
        self.flash = None
        self.after_animation()

    def after_animation(self) -> None:
        """Everything is shown: snap the bars to the true numbers; results if it is over."""
        fight = self.fight
        if fight is None or self.held is None:
            return
        self.shown_health = (fight.stalker_health, fight.monster_health)
        if fight.is_terminal and self.result is None:
            symbols = self.app.settings.colour_blind_symbols
            self.result = results(
                self.held, self.view_state(), self.final_notes, symbols, watched=self.is_bot()
            )
            self.win.sound.play_all(self.final_sounds)  # an artifact found, the game won

    # decisions -------------------------------------------------------------------------------
    def decide(self, action: str) -> None:
        if not self.playing():
            return
        grenade = self.grenade if action == "grenade" else None
        self.send(FightDecision(action, grenade, self.stim))

    def send(self, decision: FightDecision) -> None:
        """``session.act`` a fight decision and queue the steps it produced."""
        fight = self.fight
        session = self.session
        if fight is None or session is None:
            return
        start = len(fight.log)
        if not self.act(decision):
            self.auto = False
            self.rebuild()
            return
        self.stim = None
        self.info = ""
        state = session.view
        if state.fight is not None:
            self.held = state.fight
        elif state.last_fight is not None:
            self.held = state.last_fight
            self.final_notes = tuple(state.notes)
            self.final_sounds = note_sounds(state.notes, after_fight=True)
            self.auto = False
        if self.held is not None:
            self.push_log(self.held.fight, start)
        self.rebuild()

    def bot_decides(self) -> bool:
        """A bot's fight decision, computed off the frame; True once it has been sent."""
        session = self.session
        if session is None or self.held is None:
            return False
        decision = bot_decision(session, self.held.player)
        if decision is None:
            return False
        if self.fight is not None:
            self.bot_choice = choice_words(self.fight, decision)
        self.send(decision)
        return True

    def cycle_grenade(self) -> None:
        fight = self.fight
        ids = list(dict.fromkeys(fight.core.grenades)) if fight is not None else []
        if ids:
            k = ids.index(self.grenade) if self.grenade in ids else -1
            self.grenade = ids[(k + 1) % len(ids)]
        self.rebuild()

    def cycle_stim(self) -> None:
        fight = self.fight
        held = fight.core.stims if fight is not None else ()
        ids: list[str | None] = [None, *dict.fromkeys(held)]
        k = ids.index(self.stim) if self.stim in ids else 0
        self.stim = ids[(k + 1) % len(ids)]
        self.rebuild()

    def toggle_auto(self) -> None:
        self.auto = not self.auto
        self.rebuild()

    def skip(self) -> None:
        self.reveal_all()
        self.rebuild()

    def finish(self) -> None:
        """Leave the fight: the screen the game calls for now (the board, a hand-over…)."""
        self.wait = 0.0
        session = self.session
        if session is None:
            self.win.show_screen("title")
            return
        session.show(self.win)

    def open_backpack(self) -> None:
        self.win.show_screen("stalker", back=self, player=self.held.player if self.held else None)

    def follows(self, kind: str) -> bool:
        """FIGHT-1: the screen follows its fight, and stays after the fight has ended until its
        last steps and result have been seen (a fight followed from another seat ends with the
        host's view of the next screen)."""
        if kind == "fight":
            return True
        state = self.view_state()
        ended = None if state is None else state.last_fight
        return self.result is None and ended is not None and self.continues(ended)

    def state_changed(self) -> None:
        """The state changed (a bot acted, the host sent a new view): reveal the new steps of
        the fight shown, or show a new fight from its start."""
        state = self.view_state()
        if state is None:
            return
        held = state.fight or state.last_fight
        if held is not None and held is not self.held:
            if self.continues(held):
                start = len(self.held.fight.log) if self.held is not None else 0
                self.held = held
                self.take_end(state)
            else:
                self.log, self.result, self.result_box = [], None, None
                self.last_roll, self.flash, self.shown_round = None, None, 0
                self.final_notes, self.final_sounds, self.last_odds = (), [], None
                self.grenade, self.stim, self.auto, self.wait = None, None, False, 0.0
                start = 0
                self.hold(state, held)
            self.push_log(held.fight, start)
        self.rebuild()

    def go_back(self) -> None:
        if self.result is not None or self.fight is None:
            self.finish()

    def on_escape(self) -> None:
        if self.queue.busy:
            self.skip()
        elif self.result is not None:
            self.finish()
        else:
            super(ScreenFrame, self).on_escape()

    # input -----------------------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.queue.busy and self.hits.at(x, y) is None:
            self.skip()
            return
        super().on_mouse_press(x, y, button, modifiers)

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        key = arcade.key
        if symbol == key.SPACE:
            if self.queue.busy:
                self.skip()
                if self.is_bot() and self.session is not None and self.session.state.is_terminal:
                    self.finish()  # a watched fight that ended the game: its end at once
            elif self.result is not None:
                self.finish()
            elif self.playing():
                self.decide("attack")
            return True
        if symbol in (key.ENTER, key.RETURN) and self.result is not None:
            self.finish()
            return True
        actions = {key.A: "attack", key.G: "grenade", key.E: "escape"}
        if symbol in actions:
            fight = self.fight
            if self.playing() and fight is not None:
                action = actions[symbol]
                if action == "escape" and not fight.setup.can_escape:
                    return True  # FIGHT-4
                if action == "grenade" and not fight.core.grenades:
                    return True
                self.decide(action)
            return True
        if symbol == key.S:
            if self.playing():
                self.cycle_stim()
            return True
        if symbol == key.R:
            if not self.is_bot():
                self.toggle_auto()
            return True
        if symbol == key.B:
            self.open_backpack()
            return True
        return None
