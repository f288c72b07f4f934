"""What the fight screen shows, decided from the fight and the player's view (no arcade here).

:func:`present` turns the held fight (``player_view().fight`` or ``last_fight``), its exact odds
and the screen's selections into a :class:`FightPage`: the header, the monster card's lines
(colour, stats, abilities with their rule ids, the three colours), the stalker's lines, the odds
rows, the decision buttons (enabled or disabled with the engine's refusal and its rule id), the
status line; what a finished fight brought is :mod:`fight_result`'s. Tones are names
(``"good"``, ``"bad"``, ``"accent"``, ``"dim"``, ``"warn"``, ``"text"``); the screen maps them
to colours.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from stalkerzone.client.screens.fight.odds_worker import FightOdds
from stalkerzone.client.screens.fight.steps import Step, outcome_key
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import (
    ABILITY_RULE,
    ability_badge,
    ability_explained,
    card_name,
    colour_name,
    shorten,
    t,
)
from stalkerzone.client.text.engine_text import render
from stalkerzone.client.text.i18n import percent
from stalkerzone.engine.core import CardSet, Colour, FightRefused, Monster
from stalkerzone.engine.fight import Decision, Fight
from stalkerzone.engine.play import FightDecision, FightState, GameState
from stalkerzone.odds import Odds

__all__ = [
    "AbilityLine",
    "ButtonModel",
    "ColourRow",
    "FightPage",
    "MonsterPanel",
    "OddsPanel",
    "OddsRow",
    "Selection",
    "StalkerPanel",
    "Tone",
    "log_tone",
    "present",
    "select",
    "winning_most",
]

Tone = Literal["text", "dim", "accent", "good", "bad", "warn"]


# --- what the screen shows ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ButtonModel:
    """A decision button: its label, whether it can be pressed, and why not (rule id first)."""

    key: str  # attack | grenade | cycle_grenade | escape | stimulator | auto | skip
    label: str
    enabled: bool
    reason: str = ""  # why it is disabled: the engine's refusal, or what the fight waits for
    rule: str = ""  # the rule an engine refusal cites ("" while waiting for dice or a bot)
    odds: str = ""  # "win 71.2% · death 3.1%" under the button, if known
    primary: bool = False
    tip: str = ""  # what the button does, said under the mouse while it can be pressed


@dataclass(frozen=True, slots=True)
class AbilityLine:
    badge: str
    text: str  # the ability explained with the card's numbers at this colour
    rule: str


@dataclass(frozen=True, slots=True)
class ColourRow:
    """One of the card's three colours (health, attack, defence, trophy price)."""

    colour: Colour
    name: str
    line: str
    line_short: str
    current: bool


@dataclass(frozen=True, slots=True)
class MonsterPanel:
    colour: Colour
    colour_name: str
    stats: str
    max_health: int
    abilities: tuple[AbilityLine, ...]
    no_abilities: str  # shown when there are none
    colours: tuple[ColourRow, ...]
    colours_title: str


@dataclass(frozen=True, slots=True)
class StalkerPanel:
    title: str
    attack: str
    defence: str
    escape: str
    supplies: str
    max_health: int


@dataclass(frozen=True, slots=True)
class OddsRow:
    name: str
    value: str
    fraction: float
    tone: Tone


@dataclass(frozen=True, slots=True)
class OddsPanel:
    """Exact odds under the best play (FIGHT-2), or the outcome once the fight is over. Where
    an escape is possible (FIGHT-3) the best play is the safest (likeliest to come out alive):
    ``best_move`` says so with its chance to live, and ``win_most`` names the move that wins
    more often, with its button's odds, when there is one."""

    title: str
    outcome: str = ""  # the result headline when the fight is over
    waiting: str = ""  # shown while the first odds are computed
    updating: str = ""  # shown beside older odds while the new ones are computed
    rows: tuple[OddsRow, ...] = ()
    best_move: str = ""
    win_most: str = ""  # "To win most: attack — win 76.6%, death 14.8%" ("" if the best does)
    tip: str = ""


@dataclass(frozen=True, slots=True)
class FightPage:
    title: str
    subtitle: str
    monster: MonsterPanel
    stalker: StalkerPanel
    odds: OddsPanel
    buttons: tuple[ButtonModel, ...]
    status: str
    status_tone: Tone
    stimulator_hint: str
    escape_rule_note: str  # FIGHT-4 under a disabled Escape ("" if escape is possible)
    bot_note: str  # "the bot is deciding" on a bot seat's fight, or what it chose
    watch_title: str = ""  # whose fight it is, on a bot seat's fight

    def button(self, key: str) -> ButtonModel | None:
        return next((b for b in self.buttons if b.key == key), None)


@dataclass(frozen=True, slots=True)
class Selection:
    """What the player has picked on the screen: the grenade to throw, a stimulator to take,
    auto-resolve on, and what the screen is doing (dice rolling, a bot's seat)."""

    grenade: str | None = None
    stimulator: str | None = None
    auto: bool = False
    rolling: bool = False
    bot: bool = False
    remote: bool = False  # a player on another computer decides (a network game)
    shown_round: int = 0
    bot_choice: str = ""  # a bot seat's last decision in words ("attack"), while its dice roll


def select(fight: Fight, grenade: str | None, stimulator: str | None) -> Selection:
    """The picks made valid for the fight now: a grenade still held (the first by default), a
    stimulator still held or none."""
    grenades = list(dict.fromkeys(fight.core.grenades))
    if grenade not in grenades:
        grenade = grenades[0] if grenades else None
    if stimulator not in fight.core.stims:
        stimulator = None
    return Selection(grenade, stimulator)


# --- building it ----------------------------------------------------------------------------------


def present(
    held: FightState,
    state: GameState | None,
    selection: Selection,
    odds: FightOdds | None,
    *,
    stale: bool = False,
    symbols: bool = False,
) -> FightPage:
    """Everything the fight screen shows for ``held`` (FIGHT-*, DMG-*, ABIL-*).

    ``odds`` are the exact odds of the position shown (``stale``: of the position before the
    last decision, while the new ones are computed); ``symbols``: colour-blind symbols on.
    While the dice of the last steps still roll (``selection.rolling``) a fight that is over
    says nothing of its outcome yet: the result comes when the dice have settled."""
    fight = held.fight
    waiting = fight.is_terminal or fight.is_chance or selection.rolling or selection.bot
    deciding = not waiting
    round_no = selection.shown_round or fight.round
    subtitle = ""
    if held.event:
        subtitle = t("fight.event", event=t(f"fight.event_{held.event}"))
    if held.epicenter:
        subtitle = (subtitle + "   ·   " if subtitle else "") + t("fight.epicenter")
    button_odds = None if stale or not deciding else odds
    buttons = _buttons(fight, state, selection, deciding, button_odds)
    tone: Tone = "accent" if deciding else "dim"
    status = t("fight.rolling") if selection.rolling else ""
    if deciding:
        status = t("fight.your_move")
    return FightPage(
        title=t("fight.title_round", n=round_no),
        subtitle=subtitle,
        monster=_monster(held, state, symbols),
        stalker=_stalker(held, state),
        odds=_odds(
            fight, odds, stale, watched=selection.bot or selection.remote, rolling=selection.rolling
        ),
        buttons=buttons,
        status=status,
        status_tone=tone,
        stimulator_hint=_stimulator_hint(fight, selection.stimulator),
        escape_rule_note="" if fight.setup.can_escape else t("fight.no_escape_rule"),
        bot_note=_watch_line(selection) if selection.bot and not _over(fight, selection) else "",
        watch_title=_watch_title(held, state) if selection.bot else "",
    )


def _monster(held: FightState, state: GameState | None, symbols: bool) -> MonsterPanel:
    setup = held.fight.setup
    colour = held.colour
    card = state.card(held.monster) if state is not None else None
    abilities: tuple[AbilityLine, ...] = ()
    colours: tuple[ColourRow, ...] = ()
    if isinstance(card, Monster):
        abilities = tuple(
            AbilityLine(
                ability_badge(ability),
                ability_explained(ability, colour),
                ABILITY_RULE.get(ability.kind, "FIGHT-1"),
            )
            for ability in card.abilities
        )
        rows = []
        # WIN-1: the guardian is only ever fought at red; its other printed colours would read
        # as an error next to it (its red is set apart for balance), so only the one in play
        shown = (colour,) if card.deck == "epicenter" else tuple(Colour)
        for col in shown:
            stats = card.at(col)
            numbers = {
                "health": stats.health,
                "attack": str(stats.attack),
                "defence": stats.defence,
                "price": stats.trophy_price,
            }
            current = col == colour
            rows.append(
                ColourRow(
                    col,
                    ("• " if current else "  ") + colour_name(col, symbols),
                    t("fight.colour_line", **numbers),
                    t("fight.colour_line_short", **numbers),
                    current,
                )
            )
        colours = tuple(rows)
    return MonsterPanel(
        colour=colour,
        colour_name=colour_name(colour, symbols),
        stats=t(
            "fight.monster_stats", attack=str(setup.monster.attack), defence=setup.monster.defence
        ),
        max_health=setup.monster.health,
        abilities=abilities,
        no_abilities=t("fight.no_abilities"),
        colours=colours,
        colours_title=t("fight.colours"),
    )


def _stalker(held: FightState, state: GameState | None) -> StalkerPanel:
    fight = held.fight
    setup = fight.setup
    st = setup.stalker
    name, character = st.name, st.name
    if state is not None:
        player = state.players[held.player]
        name = i18n.player_name(player.name, player.bot)
        if player.stalker in state.cards:
            character = card_name(state.cards.get(player.stalker))
    attack = str(st.attack) + (
        t("fight.one_die_short", n=st.one_die_bonus) if st.one_die_bonus else ""
    )
    escape = (
        t("fight.escape_line", chance=percent(setup.escape_chance), rep=st.reputation)
        if setup.can_escape
        else t("fight.no_escape")
    )
    return StalkerPanel(
        title=shorten(f"{name} — {character}", 40),
        attack=t("fight.stalker_attack", attack=attack),
        defence=t("fight.stalker_defence", defence=st.defence),
        escape=escape,
        supplies=t("fight.supplies", g=len(fight.core.grenades), s=len(fight.core.stims)),
        max_health=st.max_health,
    )


def _over(fight: Fight, selection: Selection) -> bool:
    """The fight is over and its last dice have settled: its outcome may be told."""
    return fight.is_terminal and not selection.rolling


def _odds(
    fight: Fight, odds: FightOdds | None, stale: bool, watched: bool, rolling: bool = False
) -> OddsPanel:
    """FIGHT-2: how the fight ends with the best play from here (win, death, ending by a
    successful escape); the outcome once the fight is over and its dice have settled (the
    last odds, marked as being updated, while they still roll). Where an escape is possible
    (FIGHT-3) the best play is the safest, and is called so; in the Epicenter (FIGHT-4) coming
    out alive is winning, and the words stay about the best move. Older odds (``stale``)
    name no move: it was the last position's."""
    safe = fight.setup.can_escape
    title = t("fight.odds_title_safe" if safe else "fight.odds_title")
    if fight.is_terminal and not rolling:
        return OddsPanel(title, outcome=t(outcome_key(fight.outcome, watched)))
    if fight.is_terminal:
        stale = True  # the odds of the position before these rolls, until they are shown
    if odds is None:
        return OddsPanel(title, waiting=t("fight.rolling" if rolling else "fight.odds_wait"))
    best = odds.best
    rows = (
        OddsRow(t("fight.win"), percent(best.win), best.win, "good"),
        OddsRow(t("fight.death"), percent(best.death), best.death, "bad"),
        OddsRow(t("fight.escape_odds"), percent(best.escape), best.escape, "accent"),
    )
    move = most = ""
    decision = None if stale else odds.decision  # a stale decision was the last position's
    if decision is not None and safe:
        alive = percent(best.win + best.escape)
        move = t("fight.safest_move", move=decision_name(fight, decision), alive=alive)
        winning = winning_most(odds)
        if winning is not None:  # the button's own figures (its line adds a later escape)
            found = winning[1]
            most = t(
                "fight.win_most",
                move=decision_name(fight, winning[0]),
                win=percent(found.win),
                death=percent(found.death),
            )
    elif decision is not None:
        move = t("fight.best_move", move=decision_name(fight, decision))
    return OddsPanel(
        title,
        updating=t("fight.odds_updating") if stale else "",
        rows=rows,
        best_move=move,
        win_most=most,
        tip=t("fight.odds_tip" if safe else "fight.odds_tip_no_escape"),
    )


def winning_most(odds: FightOdds) -> tuple[Decision, Odds] | None:
    """FIGHT-2: the decision whose odds (as its button shows them: taken now, the best play
    after it) win most — on a tie the fewer deaths, then the less kit spent — when it wins
    more than the best decision does by the figures shown (``percent``); else None."""
    if odds.decision is None or not odds.per_decision:
        return None

    def kit(decision: Decision) -> int:
        return (decision.grenade is not None) + (decision.stimulator is not None)

    decision, found = max(
        odds.per_decision,
        key=lambda item: (round(item[1].win, 9), -round(item[1].death, 9), -kit(item[0])),
    )
    if decision == odds.decision or found.win <= odds.best.win:
        return None
    if percent(found.win) == percent(odds.best.win):
        return None  # no gain in the figures a player reads
    return decision, found


def odds_line(odds: Odds, at_least: bool = False) -> str:
    """The line under a decision button: how the fight ends if it is taken now and the best
    play follows ("win 71.2% · death 3.1%"), with the chance of ending by a later escape when
    there is one, and "it goes on" when none of them can happen (never a bare
    "win 0.0% · death 0.0%"); ``at_least``: figures that leave the kit out after the decision
    ("win ≥31.2% · death ≤68.8%", FIGHT-4)."""
    win, death = percent(odds.win), percent(odds.death)
    if at_least and odds.escape < 0.0005:
        return t("fight.odds_at_least", win=win, death=death)
    if odds.escape >= 0.0005 and odds.win == 0:  # no win at all: death and escape say it
        return t("fight.odds_death_escape", death=death, escape=percent(odds.escape))
    if odds.escape >= 0.0005:
        return t("fight.odds_short_escape", win=win, death=death, escape=percent(odds.escape))
    if odds.win + odds.death < 0.0005:
        return t("fight.odds_goes_on")
    return t("fight.odds_short", win=win, death=death)


def decision_name(fight: Fight, decision: Decision) -> str:
    """ "Attack", "Escape", "Throw RGD-5" in the current language, with the stimulator taken
    with it ("attack, and take Medkit")."""
    if decision.action == "grenade":
        move = t("fight.do_grenade_named", name=grenade_name(fight, decision.grenade or ""))
    else:
        move = t(f"fight.do_{decision.action}")
    if decision.stimulator:
        return t(
            "fight.with_stimulator", move=move, name=stimulator_name(fight, decision.stimulator)
        )
    return move


def grenade_name(fight: Fight, grenade_id: str) -> str:
    for g in fight.setup.stalker.grenades:
        if g.id == grenade_id:
            return card_name(g)
    return grenade_id


def stimulator_name(fight: Fight, stim_id: str) -> str:
    for s in fight.setup.stalker.stimulators:
        if s.id == stim_id:
            return card_name(s)
    return stim_id


def refusal(fight: Fight, decision: Decision, cards: CardSet | None) -> tuple[str, str]:
    """The engine's refusal of ``decision`` now, in words in the current language, and its
    rule id apart (("", "") if the fight allows it)."""
    try:
        fight.apply(decision)
    except FightRefused as error:
        words = render(error, cards, with_rule=False)  # the rule is its own line of the tip
        return " ".join(words.split()), error.rule  # no card named: one space
    return "", ""


def _buttons(
    fight: Fight,
    state: GameState | None,
    selection: Selection,
    deciding: bool,
    odds: FightOdds | None,
) -> tuple[ButtonModel, ...]:
    """FIGHT-2 decisions (attack, grenade, stimulator), FIGHT-3/FIGHT-4 escape, auto-resolve."""
    cards = state.cards if state is not None else None
    core = fight.core
    legal = set(fight.decisions()) if deciding else set()
    waiting = _waiting(fight, selection)

    def model(key: str, label: str, decision: Decision, primary: bool = False) -> ButtonModel:
        if not deciding:
            return ButtonModel(key, label, False, waiting, primary=primary)
        if decision in legal:
            line = ""
            if odds is not None:  # with the stimulator picked, if it goes with this action
                taken = replace(decision, stimulator=selection.stimulator)
                o = odds.of(taken) if selection.stimulator else None
                used = taken if o is not None else decision
                o = o or odds.of(decision)
                if o is not None:
                    line = odds_line(o, at_least=used in odds.at_least)
            return ButtonModel(key, label, True, odds=line, primary=primary)
        reason, rule = refusal(fight, decision, cards)
        return ButtonModel(key, label, False, reason, rule, primary=primary)

    out = [model("attack", t("fight.attack"), Decision("attack"), primary=True)]
    grenade_ids = list(dict.fromkeys(core.grenades))
    label = t("fight.grenade", n=len(core.grenades))
    if selection.grenade and len(grenade_ids) > 1:
        label = t(
            "fight.grenade_named",
            name=shorten(grenade_name(fight, selection.grenade), 14),
            n=core.grenades.count(selection.grenade),
        )
    thrown = selection.grenade or next((g.id for g in fight.setup.stalker.grenades), "")
    out.append(model("grenade", label, Decision("grenade", thrown)))
    if len(grenade_ids) > 1:
        out.append(ButtonModel("cycle_grenade", "»", deciding, "" if deciding else waiting))
    if fight.setup.can_escape:  # FIGHT-3: the chance this try succeeds (not the fight's end)
        escape = t("fight.escape", chance=percent(fight.setup.escape_chance))
    else:
        escape = t("fight.escape_none")
    out.append(model("escape", escape, Decision("escape")))
    out.append(_stimulator_button(fight, selection, deciding, legal, cards, waiting))
    if not selection.bot and not fight.is_terminal:
        out.append(
            ButtonModel("auto", t("fight.auto_on") if selection.auto else t("fight.auto"), True)
        )
    if selection.rolling:
        out.append(ButtonModel("skip", t("fight.skip"), True))
    return tuple(out)


def _stimulator_button(
    fight: Fight,
    selection: Selection,
    deciding: bool,
    legal: set[Decision],
    cards: CardSet | None,
    waiting: str,
) -> ButtonModel:
    """FIGHT-2, FIGHT-8: a stimulator goes with an action (one each); the button picks which."""
    core = fight.core
    if selection.stimulator:
        heal = next(
            (s.heal for s in fight.setup.stalker.stimulators if s.id == selection.stimulator), 0
        )
        name = shorten(stimulator_name(fight, selection.stimulator), 14)
        waste = stimulator_waste(fight, selection.stimulator)
        label = (
            t("fight.stim_on", name=name, heal=heal)
            if waste is None
            else t("fight.stim_on_waste", name=name, heal=waste[0], full=waste[1])
        )
    elif core.stims:
        label = t("fight.stim_off", n=len(core.stims))
    else:
        label = t("fight.stim_none")
    if not deciding:
        return ButtonModel("stimulator", label, False, waiting)
    if any(d.stimulator for d in legal):
        return ButtonModel("stimulator", label, True, rule="FIGHT-2", tip=t("fight.stim_tip"))
    held = next(iter(core.stims), None)
    held = held or next((s.id for s in fight.setup.stalker.stimulators), "")
    reason, rule = refusal(fight, Decision("attack", None, held), cards)
    return ButtonModel("stimulator", label, False, reason, rule)


def stimulator_waste(fight: Fight, stim_id: str) -> tuple[int, int] | None:
    """(health it would give, health on the card) when taking stimulator ``stim_id`` now would
    waste more than half of it (FIGHT-2: health never goes over the maximum); else None."""
    heal = next((s.heal for s in fight.setup.stalker.stimulators if s.id == stim_id), 0)
    room = max(0, fight.setup.stalker.max_health - fight.stalker_health)
    useful = min(heal, room)
    return (useful, heal) if 2 * useful < heal else None


def _stimulator_hint(fight: Fight, stim_id: str | None) -> str:
    """The line under the stimulator button: how it is used, or what the chosen one would
    waste ("heals only 2 of 10: health 28/30") before it is taken."""
    waste = stimulator_waste(fight, stim_id) if stim_id else None
    if waste is None:
        return t("fight.stim_hint")
    health, top = fight.stalker_health, fight.setup.stalker.max_health
    return t("fight.stim_waste", heal=waste[0], full=waste[1], now=health, max=top)


def _waiting(fight: Fight, selection: Selection) -> str:
    """Why no decision can be made now (the fight is over, dice roll, a bot plays the seat)."""
    if _over(fight, selection):
        return t(outcome_key(fight.outcome, selection.bot or selection.remote))
    if selection.bot:
        return _deciding(selection)
    return t("fight.rolling")


def _deciding(selection: Selection) -> str:
    """Who decides instead of the player at this screen: a bot, or a remote player."""
    return t("network.remote_deciding") if selection.remote else t("fight.bot_deciding")


def _watch_line(selection: Selection) -> str:
    """FIGHT-2 on a bot seat's fight: what the bot does ("The bot chose to attack" while its
    dice roll, "The bot is deciding…" before)."""
    if selection.bot_choice and selection.rolling:
        return t("fight.watch_chose", choice=selection.bot_choice)
    return _deciding(selection)


def _watch_title(held: FightState, state: GameState | None) -> str:
    """Whose fight is watched ("Boris's fight"), over a bot seat's buttons."""
    name = state.players[held.player].name if state else ""
    return t("fight.watch_title", name=i18n.player_name(name))


def choice_words(fight: Fight, decision: FightDecision) -> str:
    """A fight decision in words as a bot's choice: "attack", "throw RGD-5", "try to escape",
    with the stimulator it takes ("+ Bandage")."""
    if decision.action == "grenade":
        words = t("fight.do_grenade_named", name=grenade_name(fight, decision.grenade or ""))
    else:
        words = t(f"fight.do_{decision.action}")
    if decision.stimulator:
        stims = fight.setup.stalker.stimulators
        stim = next((s for s in stims if s.id == decision.stimulator), None)
        words += f" + {card_name(stim) if stim is not None else decision.stimulator}"
    return words


def log_tone(step: Step) -> Tone:
    """A log line's tone: rounds amber, good for the stalker green, bad red."""
    if step.kind == "round":
        return "accent"
    if step.good is None:
        return "text"
    return "good" if step.good else "bad"
