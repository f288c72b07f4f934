"""The fight screen (FIGHT-*, DMG-*, ABIL-*): monster, stalker, live exact odds, dice, round log.

The monster card at its colour with a health bar and ability badges (each explained with the
card's numbers and linked to its rule); the stalker with health, attack formula, defence; buttons
Attack / Grenade (n left) / Escape (with its chance) / Stimulator and Auto-resolve. Exact odds of
winning, dying and escaping under the best play come from ``engine.odds`` through
:class:`~stalkerzone.client.screens.fight.odds_worker.OddsWorker`,
recomputed after every roll off the frame.
The steps one decision produced (rolls, paralysis, first strike, drain, regeneration) are shown
one by one with the dice (brief, skippable: click, Space); the results come at the end.
"""

from __future__ import annotations

from typing import Any

import arcade
import pyglet

from stalkerzone.client.app.window import BaseView, StalkerWindow, screen
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.card_face import MONSTER_COLOUR, CardFace
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.screens.fight.dice_animation import StepQueue
from stalkerzone.client.screens.fight.odds_worker import FightOdds, OddsWorker
from stalkerzone.client.screens.fight.presenter import Step, describe_all, outcome_key
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import (
    ABILITY_RULE,
    Hit,
    ability_badge,
    ability_explained,
    card_name,
    colour_name,
    open_rules,
    session_of,
    shorten,
    t,
)
from stalkerzone.client.text.engine_text import render
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.screen_frame import ScreenFrame, TextCache
from stalkerzone.engine.actions import FightDecision
from stalkerzone.engine.cards import Colour
from stalkerzone.engine.combat import Decision

PAUSE_BOT = 0.5  # seconds between a bot's decisions (divided by the animation speed)
FLASH_SECONDS = 1.4


PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, 1), (1, -1)),
    3: ((-1, 1), (0, 0), (1, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
}


def draw_pips(cx: float, cy: float, size: float, face: int, colour: Any) -> None:
    """The face of a six-sided die as pips (paralysis and escape rolls are plain 1d6)."""
    step = size * 0.27
    radius = size * 0.09
    for dx, dy in PIPS[face]:
        arcade.draw_circle_filled(cx + dx * step, cy + dy * step, radius, colour)


def pct(p: float) -> str:
    if 0 < p < 0.001:
        return "<0.1%"
    if 0.999 < p < 1:
        return ">99.9%"
    return f"{p * 100:.1f}%"


@screen("fight")
class FightView(ScreenFrame):
    kind = "fight"
    rules_section = "FIGHT-1"

    def __init__(self, window: StalkerWindow, back: BaseView | None = None) -> None:
        super().__init__(window, back)
        session = session_of(self)
        self.held: Any = None
        self.queue = StepQueue()
        self.log: list[Step] = []
        self.shown_health: tuple[int, int] = (0, 0)
        self.flash: tuple[str, float, Any] | None = None
        self.result: dict[str, Any] | None = None
        self.auto = False
        self.wait = 0.0
        self.grenade: str | None = None
        self.stim: str | None = None
        sync = bool(getattr(getattr(session, "worker", None), "synchronous", False))
        self.odds = OddsWorker(synchronous=sync)
        self._die_text: arcade.Text | None = None
        self._flash_text: arcade.Text | None = None
        self._captions: dict[str, arcade.Text] = {}
        self.panels: dict[str, tuple[float, float, float, float]] = {}
        self.bars: list[tuple[float, float, float, float, float, Any]] = []
        self.face: CardFace | None = None
        self.final_notes: tuple[str, ...] = ()
        self.last_odds: FightOdds | None = None
        self.dyn = TextCache()
        self.spots: dict[str, Any] = {}
        self.health_bars: list[tuple[float, float, float, float, float, Any]] = []
        self.stale = False
        self.shown_round = 0
        self.last_roll: Step | None = None
        self.result_batch: pyglet.graphics.Batch | None = None
        state = None if session is None else session.view
        if state is not None:
            held = state.fight or state.last_fight
            if held is not None:
                self.held = held
                fight = held.fight
                setup = fight.setup
                self.shown_health = (setup.stalker.health, setup.monster.health)
                if state.fight is None:
                    self.final_notes = tuple(state.notes)

    # reading ---------------------------------------------------------------------------------
    @property
    def fight(self) -> Any:
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
        return bool(
            getattr(self.win, "headless_fast", False) or getattr(self.win, "skip_bots", False)
        )

    def is_bot(self) -> bool:
        session = session_of(self)
        return session is not None and self.held is not None and session.is_bot(self.held.player)

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
        if fight is None or fight.is_terminal:
            return None
        fresh = None if self.queue.busy else self.odds.get(fight)
        if fresh is not None:
            self.last_odds = fresh
            return fresh
        self.stale = True
        return self.last_odds

    # layout ----------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.bars = []
        self.spots = {}
        self.dyn.clear()
        fight = self.fight
        if fight is None:
            self.header(t("fight.title"))
            self.label(t("fight.none"), px(24), h / 2, 16, theme.TEXT_DIM)
            return
        setup = fight.setup
        round_no = self.shown_round or fight.round
        sub = ""
        if self.held.event:
            sub = t("fight.event", event=t(f"fight.event_{self.held.event}"))
        if self.held.epicenter:
            sub = (sub + "   ·   " if sub else "") + t("fight.epicenter")
        self.fight_header(t("fight.title_round", n=round_no), sub)
        col = min(px(380), int(w * 0.27))
        top = h - px(78)
        self.panels = {
            "monster": (px(16), px(16) + col, px(16), top),
            "stalker": (w - px(16) - col, w - px(16), top - px(250), top),
            "log": (w - px(16) - col, w - px(16), px(16), top - px(262)),
            "odds": (px(32) + col, w - px(32) - col, top - px(170), top),
            "dice": (px(32) + col, w - px(32) - col, px(16) + px(262), top - px(182)),
            "actions": (px(32) + col, w - px(32) - col, px(16), px(16) + px(250)),
        }
        self.build_monster(setup)
        self.build_stalker(setup)
        self.build_log()
        self.build_odds()
        self.build_actions(setup)
        self.build_dynamic()
        if self.result is not None:
            self.result_batch = pyglet.graphics.Batch()
            self.build_result()

    def fight_header(self, title: str, subtitle: str) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        if subtitle:
            self.label(subtitle, px(24), h - px(64), 12, theme.WARN)
        self.button(
            "?", self.help, width=44, height=40, size=16, x=w - px(60), y=h - px(56), add=True
        )
        if self.win.has_screen("stalker"):
            self.button(
                t("fight.backpack"),
                self.open_backpack,
                width=150,
                height=40,
                size=13,
                x=w - px(60) - px(160),
                y=h - px(56),
                add=True,
            )

    def build_monster(self, setup: Any) -> None:
        px = theme.px
        lf, r, b, tp = self.panels["monster"]
        session = session_of(self)
        monster_card = session.view.card(self.held.monster) if session is not None else None
        colour = self.held.colour
        symbols = self.app.settings.colour_blind_symbols
        card_h = min(px(300), (tp - b) * 0.45)
        if monster_card is not None:
            self.face = CardFace(
                monster_card,
                lf + px(12),
                tp - px(12) - card_h,
                r - lf - px(24),
                card_h,
                colour=colour,
            )
            self.face.build(self)
        y = tp - px(22) - card_h
        self.label(
            colour_name(colour, symbols),
            lf + px(14),
            y - px(12),
            13,
            MONSTER_COLOUR[colour],
            bold=True,
        )
        self.spots["monster"] = (
            r - px(14),
            y - px(12),
            (lf + px(14), y - px(34), r - lf - px(28), px(12)),
            setup.monster.health,
        )
        self.label(
            t(
                "fight.monster_stats",
                attack=str(setup.monster.attack),
                defence=setup.monster.defence,
            ),
            lf + px(14),
            y - px(58),
            13,
        )
        self.hits.add(
            Hit(
                lf + px(14),
                y - px(64),
                r - px(14),
                y - px(44),
                "stats",
                None,
                t("kit.tip_rule", rule="DMG-2"),
            )
        )
        y -= px(82)
        abilities = monster_card.abilities if monster_card is not None else ()
        if not abilities:
            self.label(t("fight.no_abilities"), lf + px(14), y, 12, theme.TEXT_DIM)
            y -= px(30)
        for ability in abilities:
            rule = ABILITY_RULE.get(ability.kind, "FIGHT-1")
            badge = ability_badge(ability)
            mark = self.label(badge + "  ?", lf + px(21), y, 12, theme.BG, bold=True)
            bw = mark.content_width + px(14)
            self.badge_rects.append((lf + px(14), y - px(6), lf + px(14) + bw, y + px(18)))
            text = ability_explained(ability, colour)
            self.label(
                text,
                lf + px(14),
                y - px(12),
                11,
                theme.TEXT,
                width=int(r - lf - px(28)),
                multiline=True,
                anchor_y="top",
            )
            self.hits.add(
                Hit(
                    lf + px(14),
                    y - px(6),
                    lf + px(14) + bw,
                    y + px(18),
                    f"abil:{rule}",
                    lambda rr=rule: open_rules(self, rr),
                    t("kit.tip_rule_click", rule=rule),
                )
            )
            y -= px(70)
        if monster_card is not None and y > b + px(110):
            self.build_colours(monster_card, colour, lf, r, y)

    def build_colours(self, card: Any, current: Any, lf: float, r: float, y: float) -> None:
        """The card's three colours (health, attack, defence, trophy price), this one marked."""
        px = theme.px
        self.label(t("fight.colours"), lf + px(14), y, 11, theme.TEXT_DIM, bold=True)
        symbols = self.app.settings.colour_blind_symbols
        for k, col in enumerate(Colour):
            stats = card.at(col)
            yy = y - px(22) - k * px(20)
            mark = col == current
            tone = MONSTER_COLOUR[col] if mark else theme.TEXT_DIM
            self.label(
                ("• " if mark else "  ") + colour_name(col, symbols),
                lf + px(14),
                yy,
                11,
                tone,
                bold=mark,
            )
            key = "fight.colour_line" if r - lf >= px(340) else "fight.colour_line_short"
            line = t(
                key,
                health=stats.health,
                attack=str(stats.attack),
                defence=stats.defence,
                price=stats.trophy_price,
            )
            self.label(line, lf + px(118), yy, 11, theme.TEXT if mark else theme.TEXT_DIM)

    def build_stalker(self, setup: Any) -> None:
        px = theme.px
        lf, r, _b, tp = self.panels["stalker"]
        st = setup.stalker
        session = session_of(self)
        player = session.view.players[self.held.player] if session is not None else None
        name = player.name if player is not None else st.name
        x = lf + px(14)
        character = st.name
        if player is not None and session is not None and player.stalker in session.view.cards:
            character = card_name(session.view.cards.get(player.stalker))
        self.label(shorten(f"{name} — {character}", 40), x, tp - px(28), 15, bold=True)
        self.spots["stalker"] = (
            r - px(14),
            tp - px(52),
            (x, tp - px(72), r - lf - px(28), px(12)),
            st.max_health,
        )
        attack = str(st.attack) + (
            t("fight.one_die_short", n=st.one_die_bonus) if st.one_die_bonus else ""
        )
        self.label(t("fight.stalker_attack", attack=attack), x, tp - px(100), 13)
        self.label(t("fight.stalker_defence", defence=st.defence), x, tp - px(124), 13)
        esc = (
            t("fight.no_escape")
            if not setup.can_escape
            else t("fight.escape_line", chance=pct(setup.escape_chance), rep=st.reputation)
        )
        esc_text = self.label(
            esc, x, tp - px(148), 12, theme.TEXT_DIM, width=int(r - x - px(10)), multiline=True
        )
        extra = max(0, esc_text.content_height - px(18))
        fight = self.fight
        grenades = len(fight.core.grenades) if fight is not None else 0
        stims = len(fight.core.stims) if fight is not None else 0
        self.label(
            t("fight.supplies", g=grenades, s=stims), x, tp - px(172) - extra, 12, theme.TEXT_DIM
        )
        self.hits.add(
            Hit(
                x,
                tp - px(156),
                r - px(14),
                tp - px(136),
                "esc",
                None,
                t("kit.tip_rule", rule="FIGHT-3"),
            )
        )

    def build_log(self) -> None:
        px = theme.px
        lf, _r, _b, tp = self.panels["log"]
        self.label(t("fight.log_title"), lf + px(14), tp - px(24), 13, bold=True)

    def build_dynamic(self) -> None:
        """What changes while the dice roll: round, health numbers and bars, the round log.
        Texts come from a :class:`TextCache`, so a revealed step makes one or two new texts."""
        px = theme.px
        cache = self.dyn
        cache.begin()
        self.health_bars = []
        fight = self.fight
        if fight is None:
            cache.end()
            return
        h = self.window.height
        round_no = self.shown_round or fight.round
        cache.get(
            ("title", round_no),
            t("fight.title_round", n=round_no),
            px(24),
            h - px(42),
            22,
            theme.ACCENT,
            bold=True,
        )
        for side, index, colour in (("monster", 1, theme.BAD), ("stalker", 0, theme.GOOD)):
            spot = self.spots.get(side)
            if spot is None:
                continue
            x, y, bar, top = spot
            now = self.shown_health[index]
            cache.get(
                (side, now, top),
                t("fight.health", now=now, max=top),
                x,
                y,
                13,
                theme.TEXT,
                anchor_x="right",
            )
            self.health_bars.append((*bar, now / max(1, top), colour))
        self.hits.items = [hit for hit in self.hits.items if not str(hit.key).startswith("log:")]
        lf, r, b, tp = self.panels["log"]
        line_h = px(19)
        lines = max(1, int((tp - b - px(44)) // line_h))
        colours = {True: theme.GOOD, False: theme.BAD, None: theme.TEXT}
        chars = int((r - lf) / px(6.6))
        for k, step in enumerate(self.log[-lines:]):
            y = tp - px(48) - k * line_h
            colour = theme.ACCENT if step.kind == "round" else colours[step.good]
            cache.get(
                ("log", id(step)),
                shorten(step.text, chars),
                lf + px(14),
                y,
                11,
                colour,
                bold=step.kind == "round",
            )
            if step.rule:
                self.hits.add(
                    Hit(
                        lf + px(8),
                        y - px(4),
                        r - px(8),
                        y + px(14),
                        f"log:{k}",
                        lambda rr=step.rule: open_rules(self, rr),
                        t("kit.tip_rule_click", rule=step.rule),
                    )
                )
        cache.end()

    def build_odds(self) -> None:
        px = theme.px
        lf, r, b, tp = self.panels["odds"]
        x = lf + px(14)
        self.label(t("fight.odds_title"), x, tp - px(26), 14, bold=True)
        fight = self.fight
        if fight is not None and fight.is_terminal:
            self.label(t(outcome_key(fight.outcome)), x, tp - px(62), 18, theme.ACCENT, bold=True)
            return
        odds = self.current_odds()
        if odds is None:
            self.label(t("fight.odds_wait"), x, tp - px(62), 13, theme.TEXT_DIM)
            return
        if self.stale:
            self.label(
                t("fight.odds_updating"),
                r - px(14),
                tp - px(26),
                11,
                theme.TEXT_DIM,
                anchor_x="right",
            )
        best = odds.best
        rows = [
            (t("fight.win"), best.win, theme.GOOD),
            (t("fight.death"), best.death, theme.BAD),
            (t("fight.escape_odds"), best.escape, theme.ACCENT),
        ]
        width = r - lf - px(28)
        for k, (name, p, colour) in enumerate(rows):
            y = tp - px(56) - k * px(28)
            self.label(name, x, y, 12, theme.TEXT_DIM)
            self.label(pct(p), r - px(14), y, 14, colour, bold=True, anchor_x="right")
            self.bars.append((x + px(90), y - px(2), width - px(170), px(10), p, colour))
        if odds.decision is not None:
            self.label(
                t("fight.best_move", move=self.decision_name(odds.decision)),
                x,
                b + px(12),
                12,
                theme.ACCENT,
            )
        self.hits.add(Hit(lf, b, r, tp, "odds", None, t("fight.odds_tip")))

    def decision_name(self, decision: Decision) -> str:
        if decision.action == "grenade":
            return t("fight.do_grenade_named", name=self.grenade_name(decision.grenade or ""))
        return t(f"fight.do_{decision.action}")

    def grenade_name(self, grenade_id: str) -> str:
        fight = self.fight
        for g in fight.setup.stalker.grenades if fight is not None else ():
            if g.id == grenade_id:
                return card_name(g)
        return grenade_id

    def build_actions(self, setup: Any) -> None:
        px = theme.px
        lf, r, _b, tp = self.panels["actions"]
        if self.result is not None:
            return
        lf, r = lf + px(14), r - px(14)
        fight = self.fight
        playing = self.playing()
        odds = self.current_odds() if playing else None
        if self.stale:
            odds = None
        core = fight.core
        grenade_ids = list(dict.fromkeys(core.grenades))
        if self.grenade not in grenade_ids:
            self.grenade = grenade_ids[0] if grenade_ids else None
        stim_ids = list(dict.fromkeys(core.stims))
        stim_allowed = any(d.stimulator for d in fight.decisions()) if playing else False
        if self.stim not in stim_ids:
            self.stim = None
        gap = px(12)
        bw = (r - lf - gap) / 2 / theme.scale()
        fs = 14 if bw >= 200 else 12
        y1 = tp - px(100)
        y2 = y1 - px(74)

        def odds_line(decision: Decision, x: float, y: float) -> None:
            if odds is None:
                return
            o = odds.of(decision)
            if o is not None:
                self.label(
                    t("fight.odds_short", win=pct(o.win), death=pct(o.death)),
                    x + px(4),
                    y - px(16),
                    10,
                    theme.TEXT_DIM,
                )

        self.button(
            t("fight.attack"),
            lambda: self.decide("attack"),
            width=bw,
            height=46,
            size=fs + 1,
            x=lf,
            y=y1,
            add=True,
            enabled=playing,
            primary=True,
        )
        odds_line(Decision("attack"), lf, y1)
        n_left = len(core.grenades)
        label = t("fight.grenade", n=n_left)
        if self.grenade and len(grenade_ids) > 1:
            label = t(
                "fight.grenade_named",
                name=shorten(self.grenade_name(self.grenade), 14),
                n=core.grenades.count(self.grenade),
            )
        self.button(
            label,
            lambda: self.decide("grenade"),
            width=bw,
            height=46,
            size=fs,
            x=lf + px(bw) + gap,
            y=y1,
            add=True,
            enabled=playing and n_left > 0,
        )
        if self.grenade:
            odds_line(Decision("grenade", self.grenade), lf + px(bw) + gap, y1)
        if len(grenade_ids) > 1:
            self.button(
                "»",
                self.cycle_grenade,
                width=34,
                height=46,
                size=fs,
                x=r - px(34),
                y=y1,
                add=True,
                enabled=playing,
            )
        if setup.can_escape:
            esc = t("fight.escape", chance=pct(setup.escape_chance))
        else:
            esc = t("fight.escape_none")
        self.button(
            esc,
            lambda: self.decide("escape"),
            width=bw,
            height=46,
            size=fs,
            x=lf,
            y=y2,
            add=True,
            enabled=playing and setup.can_escape,
        )
        if setup.can_escape:
            odds_line(Decision("escape"), lf, y2)
        else:
            self.label(t("fight.no_escape_rule"), lf + px(4), y2 - px(16), 10, theme.WARN)
            self.hits.add(
                Hit(
                    lf,
                    y2 - px(20),
                    lf + px(bw),
                    y2,
                    "fight4",
                    lambda: open_rules(self, "FIGHT-4"),
                    t("kit.tip_rule_click", rule="FIGHT-4"),
                )
            )
        if self.stim:
            heal = next((s.heal for s in setup.stalker.stimulators if s.id == self.stim), 0)
            stim_label = t("fight.stim_on", name=shorten(self.stim_name(self.stim), 14), heal=heal)
        else:
            stim_label = t("fight.stim_off", n=len(core.stims))
        self.button(
            stim_label,
            self.cycle_stim,
            width=bw,
            height=46,
            size=fs - 1,
            x=lf + px(bw) + gap,
            y=y2,
            add=True,
            enabled=stim_allowed and bool(stim_ids),
        )
        self.label(t("fight.stim_hint"), lf + px(bw) + gap + px(4), y2 - px(16), 10, theme.TEXT_DIM)
        y3 = y2 - px(66)
        if not self.is_bot() and not fight.is_terminal:
            self.button(
                t("fight.auto_on") if self.auto else t("fight.auto"),
                self.toggle_auto,
                width=bw,
                height=40,
                size=fs - 1,
                x=lf,
                y=y3,
                add=True,
            )
        if self.queue.busy:
            self.button(
                t("fight.skip"),
                self.skip,
                width=bw,
                height=40,
                size=fs - 1,
                x=lf + px(bw) + gap,
                y=y3,
                add=True,
            )
        if self.is_bot() and not fight.is_terminal:
            self.label(t("fight.bot_deciding"), lf, y3 + px(12), 12, theme.TEXT_DIM)
        if self.refusal is not None:
            self.refusal_line(lf, tp - px(44), r - lf)
        elif playing:
            self.label(
                t("fight.your_move"),
                lf,
                tp - px(30),
                14,
                theme.ACCENT,
                bold=True,
                anchor_y="center",
            )
        else:
            self.label(
                t("fight.rolling") if self.queue.busy else "",
                lf,
                tp - px(30),
                13,
                theme.TEXT_DIM,
                anchor_y="center",
            )
        self.dice_area = self.panels["dice"]

    def stim_name(self, stim_id: str) -> str:
        fight = self.fight
        for s in fight.setup.stalker.stimulators if fight is not None else ():
            if s.id == stim_id:
                return card_name(s)
        return stim_id

    def build_result(self) -> None:
        """TROPHY-1, TROPHY-3, FIGHT-5, DEATH-1: the end of the fight, over everything."""
        px = theme.px
        w, h = self.window.width, self.window.height
        assert self.result is not None
        box = (w / 2 - px(330), w / 2 + px(330), h / 2 - px(180), h / 2 + px(170))
        self.result_box = box
        lf, r, b, tp = box
        batch = self.result_batch
        outcome = self.result.get("outcome")
        colour = {"win": theme.GOOD, "death": theme.BAD}.get(outcome or "", theme.ACCENT)
        self.label(
            t(outcome_key(outcome)),
            w / 2,
            tp - px(56),
            28,
            colour,
            bold=True,
            anchor_x="center",
            batch=batch,
        )
        y = tp - px(96)
        for line in self.result.get("lines", [])[:8]:
            text = self.label(
                line,
                lf + px(34),
                y,
                13,
                theme.TEXT,
                anchor_y="top",
                width=int(r - lf - px(68)),
                multiline=True,
                batch=batch,
            )
            y -= text.content_height + px(10)
        self.button(
            t("fight.continue"),
            self.finish,
            width=220,
            height=44,
            primary=True,
            x=w / 2 - px(110),
            y=b + px(22),
            add=True,
        )

    # drawing ---------------------------------------------------------------------------------
    def rebuild(self) -> None:
        self.badge_rects: list[tuple[float, float, float, float]] = []
        super().rebuild()

    def draw_scene(self) -> None:
        if self.fight is None:
            return
        for name, box in self.panels.items():
            if name == "dice":
                continue
            edge = MONSTER_COLOUR[self.held.colour] if name == "monster" else None
            widgets.panel(*box, edge=edge)
        if self.face is not None:
            self.face.draw()
        for left, bottom, width, height, fraction, colour in self.bars + self.health_bars:
            widgets.bar(left, bottom, width, height, fraction, colour)
        self.dyn.draw()
        for lf, b, r, tp in self.badge_rects:
            arcade.draw_lrbt_rectangle_filled(lf, r, b, tp, theme.ACCENT)
        self.draw_dice()
        hover = self.hover
        if hover is not None and hover.on_click is not None:
            arcade.draw_lrbt_rectangle_outline(
                hover.left - 2, hover.right + 2, hover.bottom - 2, hover.top + 2, theme.ACCENT, 1
            )

    def draw_over(self) -> None:
        if self.result is not None and self.result_batch is not None:
            w, h = self.window.width, self.window.height
            arcade.draw_lrbt_rectangle_filled(0, w, 0, h, (0, 0, 0, 120))
            outcome = self.result.get("outcome")
            edge = {"win": theme.GOOD, "death": theme.BAD}.get(outcome or "", theme.ACCENT)
            widgets.panel(*self.result_box, light=True, edge=edge)
            self.result_batch.draw()
            return
        super().draw_over()

    def draw_dice(self) -> None:
        px = theme.px
        lf, r, b, tp = self.panels["dice"]
        cx, cy = (lf + r) / 2, (b + tp) / 2 - (px(14) if self.flash is not None else 0)
        step = self.queue.current
        face = self.queue.face()
        dim = False
        if face is None and self.last_roll is not None and self.last_roll.roll is not None:
            step, face, dim = self.last_roll, self.last_roll.roll, True
        if face is not None and step is not None:
            size = max(px(40), min(px(92), tp - b - px(64)))
            colour = theme.BAD if step.who == "monster" else theme.ACCENT
            if dim:
                colour = theme.PANEL_EDGE
            arcade.draw_lrbt_rectangle_filled(
                cx - size / 2,
                cx + size / 2,
                cy - size / 2 + px(8),
                cy + size / 2 + px(8),
                (150, 148, 138) if dim else (240, 236, 220),
            )
            arcade.draw_lrbt_rectangle_outline(
                cx - size / 2,
                cx + size / 2,
                cy - size / 2 + px(8),
                cy + size / 2 + px(8),
                colour,
                4,
            )
            text = self._die_text
            if text is None:
                text = arcade.Text(
                    "",
                    cx,
                    cy + px(8),
                    theme.BG,
                    px(40),
                    font_name=FONT,
                    bold=True,
                    anchor_x="center",
                    anchor_y="center",
                )
                self._die_text = text
            if step.dice == "1d6" and 1 <= face <= 6:
                draw_pips(cx, cy + px(8), size, face, theme.BG)
            else:
                if text.font_size != int(size * 0.43):
                    text.font_size = int(size * 0.43)
                text.x, text.y = cx, cy + px(8)
                text.text = str(face)
                text.draw()
            label = self._flash_or_caption(step)
            if label:
                self._draw_caption(label, cx, b + px(4), colour)
        flash = self.flash
        if flash is not None:
            words, _left, colour = flash
            self._draw_banner(words, cx, tp - px(14), colour)

    def _flash_or_caption(self, step: Step) -> str:
        who = t("fight.who_monster") if step.who == "monster" else t("fight.who_you")
        return f"{who}: {step.dice}" if step.dice else who

    def _draw_caption(self, words: str, cx: float, y: float, colour: Any) -> None:
        text = self._captions.get(words)
        if text is None:
            text = arcade.Text(
                words, cx, y, colour, theme.px(12), font_name=FONT, anchor_x="center"
            )
            self._captions = {words: text}
        text.x, text.y, text.color = cx, y, colour
        text.draw()

    def _draw_banner(self, words: str, cx: float, y: float, colour: Any) -> None:
        px = theme.px
        text = self._flash_text
        if text is None or text.text != words:
            text = arcade.Text(
                words,
                cx,
                y,
                theme.BG,
                px(16),
                font_name=FONT,
                bold=True,
                anchor_x="center",
                anchor_y="center",
            )
            self._flash_text = text
        w = text.content_width + px(30)
        arcade.draw_lrbt_rectangle_filled(cx - w / 2, cx + w / 2, y - px(15), y + px(15), colour)
        text.x, text.y = cx, y
        text.draw()

    # time ------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        speed = float(self.app.settings.animation_speed)
        if self.app.watching:
            speed *= 4
        changed = False
        if self.fast() and self.queue.busy:
            for step in self.queue.skip():
                self.reveal(step)
            self.flash = None
            self.after_animation()
            self.rebuild()
            return
        for step in self.queue.update(delta_time, speed):
            self.reveal(step)
            changed = True
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
        if self.result is not None and not self.queue.busy and self.app.watching:
            self.wait += delta_time * speed
            if self.wait > 1.5 or self.fast():
                self.finish()
            return
        fight = self.fight
        if fight is None or fight.is_terminal or self.queue.busy:
            return
        if self.is_bot():
            self.wait += delta_time * speed
            if (self.wait >= PAUSE_BOT or self.fast()) and self.bot_decides():
                self.wait = 0.0
            return
        if self.auto:
            odds = self.odds.get(fight)
            if odds is not None and odds.decision is not None:
                d = odds.decision
                self.send(FightDecision(d.action, d.grenade, None))
            return
        if self._odds_pending():
            self.rebuild()

    def _odds_pending(self) -> bool:
        """True once, when the odds of the current position have just become ready."""
        fight = self.fight
        key = OddsWorker.key(fight)
        ready = self.odds.worker.ready(key)
        shown = getattr(self, "_odds_shown", None)
        if ready and shown != key:
            self._odds_shown = key
            return True
        return False

    def reveal(self, step: Step) -> None:
        """A step has been shown: log it, move the health bars, flash an ability."""
        self.log.append(step)
        if step.roll is not None:
            self.last_roll = step
        if step.kind == "round":
            self.shown_round = self._numbers_of(step).get("round", self.shown_round)
        if len(self.log) > 300:
            del self.log[:-200]
        numbers = self._numbers_of(step)
        s, m = self.shown_health
        self.shown_health = (numbers.get("stalker", s), numbers.get("monster", m))
        colours = {
            "paralysis": theme.WARN,
            "first_strike": theme.BAD,
            "drain": theme.BAD,
            "regeneration": theme.GOOD,
        }
        if step.flash:
            words = t(f"fight.flash_{step.flash}")
            if step.flash == "paralysis" and step.good:
                words = t("fight.flash_paralysis_failed")
            self.flash = (words, FLASH_SECONDS, colours.get(step.flash, theme.ACCENT))

    def _numbers_of(self, step: Step) -> dict[str, int]:
        return self._step_numbers.get(id(step), {}) if hasattr(self, "_step_numbers") else {}

    def push_log(self, fight: Any, start: int) -> None:
        session = session_of(self)
        name = ""
        if session is not None and self.held is not None:
            name = card_name(session.view.card(self.held.monster))
        steps = describe_all(fight.log, fight.setup, start, name)
        numbers = getattr(self, "_step_numbers", {})
        for k, step in enumerate(steps):
            numbers[id(step)] = dict(fight.log[start + k].numbers)
        self._step_numbers = numbers
        self.queue.push(steps)

    def on_show_view(self) -> None:
        if not getattr(self, "_started", False):
            self._started = True
            fight = self.fight
            if fight is not None:
                self.queue = StepQueue()
                self.push_log(fight, 0)
                if self.fast():
                    for step in self.queue.skip():
                        self.reveal(step)
                    self.flash = None
                    self.after_animation()
        super().on_show_view()

    def after_animation(self) -> None:
        """Everything is shown: snap the bars to the true numbers; results if it is over."""
        fight = self.fight
        if fight is None:
            return
        self.shown_health = (fight.stalker_health, fight.monster_health)
        if fight.is_terminal and self.result is None:
            self.result = self.results(fight)

    def results(self, fight: Any) -> dict[str, Any]:
        """TROPHY-1, TROPHY-3, FIGHT-5, FIGHT-6: what the fight brought."""
        session = session_of(self)
        state = session.view if session is not None else None
        lines: list[str] = []
        outcome = fight.outcome
        if state is not None:
            monster = state.card(self.held.monster)
            colour = self.held.colour
            if outcome == "win":
                stats = monster.at(colour)
                lines.append(
                    t(
                        "fight.res_trophy",
                        trophy=i18n.card_text(monster.trophy),
                        colour=colour_name(colour, False),
                        price=stats.trophy_price,
                    )
                )
            elif outcome == "escape":
                lines.append(t("fight.res_escape"))
            elif outcome == "death":
                lines.append(t("fight.res_death"))
            if outcome != "death":
                top = fight.setup.stalker.max_health
                lines.append(
                    t("fight.res_health", now=fight.stalker_health, max=top, rounds=fight.round)
                )
        for gid in fight.used_grenades:
            lines.append(t("fight.res_grenade", name=self.grenade_name(gid)))
        for sid in fight.used_stimulators:
            lines.append(t("fight.res_stim", name=self.stim_name(sid)))
        for note in self.final_notes:
            if note.startswith(("TROPHY-3", "WIN-1", "DEATH")):
                lines.append(self.translate_note(note))
        return {"outcome": outcome, "lines": lines}

    def translate_note(self, note: str) -> str:
        """An engine note in the current language (:func:`engine_text.render`)."""
        session = session_of(self)
        return render(note, session.view.cards if session is not None else None)

    # decisions -------------------------------------------------------------------------------
    def decide(self, action: str) -> None:
        if not self.playing():
            return
        grenade = self.grenade if action == "grenade" else None
        self.send(FightDecision(action, grenade, self.stim))

    def send(self, decision: FightDecision) -> None:
        """``session.act`` a fight decision and queue the steps it produced."""
        fight = self.fight
        start = len(fight.log)
        if not self.act(decision):
            self.auto = False
            self.rebuild()
            return
        self.stim = None
        self.info = ""
        session = session_of(self)
        state = session.view
        if state.fight is not None:
            self.held = state.fight
        elif state.last_fight is not None:
            self.held = state.last_fight
            self.final_notes = tuple(state.notes)
            self.auto = False
        self.push_log(self.held.fight, start)
        self.rebuild()

    def bot_decides(self) -> bool:
        """A bot's fight decision, computed off the frame (``botseat.choose`` on the session's
        worker); True once it has been sent."""
        from stalkerzone.client.controller import bot_driver as botseat
        from stalkerzone.engine.game import legal_actions

        session = session_of(self)
        if session is None or session.state.phase != "fight":
            return False
        state = session.state
        seat = session.spec.seats[self.held.player]
        key = ("fight-bot", session.version)
        session.worker.submit(key, lambda: botseat.choose(state, legal_actions(state), seat.bot))
        if not session.worker.ready(key):
            return False
        action = session.worker.result(key)
        if isinstance(action, FightDecision):
            self.send(action)
        return True

    def cycle_grenade(self) -> None:
        fight = self.fight
        ids = list(dict.fromkeys(fight.core.grenades))
        if ids:
            k = ids.index(self.grenade) if self.grenade in ids else -1
            self.grenade = ids[(k + 1) % len(ids)]
        self.rebuild()

    def cycle_stim(self) -> None:
        fight = self.fight
        ids: list[str | None] = [None, *dict.fromkeys(fight.core.stims)]
        k = ids.index(self.stim) if self.stim in ids else 0
        self.stim = ids[(k + 1) % len(ids)]
        self.rebuild()

    def toggle_auto(self) -> None:
        self.auto = not self.auto
        self.rebuild()

    def skip(self) -> None:
        for step in self.queue.skip():
            self.reveal(step)
        self.flash = None
        self.after_animation()
        self.rebuild()

    def finish(self) -> None:
        """Leave the fight: the screen the game calls for now (the board, a hand-over…)."""
        self.wait = 0.0
        session = session_of(self)
        if session is None:
            self.win.show_screen("title")
            return
        session.show(self.win)

    def open_backpack(self) -> None:
        self.win.show_screen("stalker", back=self, player=self.held.player if self.held else None)

    def state_changed(self) -> None:
        """The session says the state changed (e.g. a bot acted): follow the fight."""
        session = session_of(self)
        if session is None:
            return
        state = session.view
        held = state.fight or state.last_fight
        if held is not None and held is not self.held and self.held is not None:
            old = self.held.fight
            same = held.monster == self.held.monster and len(held.fight.log) >= len(old.log)
            start = len(old.log) if same else 0
            if not same:
                self.log, self.result = [], None
            self.held = held
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
        if self.queue.busy:
            hit = self.hits.at(x, y)
            if hit is None:
                self.skip()
                return
        super().on_mouse_press(x, y, button, modifiers)

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        key = arcade.key
        if symbol == key.SPACE:
            if self.queue.busy:
                self.skip()
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
            if self.playing():
                action = actions[symbol]
                fight = self.fight
                if action == "escape" and not fight.setup.can_escape:
                    return True
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
        if symbol == key.B and self.win.has_screen("stalker"):
            self.open_backpack()
            return True
        return None
