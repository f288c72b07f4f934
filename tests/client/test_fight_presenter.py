"""The fight presenter without a window: buttons with their enabled state and the engine's
refusal (FIGHT-2, FIGHT-4), odds lines, monster and stalker lines, results (FIGHT-6)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from stalkerzone.client.screens.fight.fight_result import results
from stalkerzone.client.screens.fight.odds_worker import compute
from stalkerzone.client.screens.fight.presenter import (
    FightPage,
    Selection,
    choice_words,
    decision_name,
    log_tone,
    present,
    select,
)
from stalkerzone.client.screens.fight.steps import describe_all, outcome_key
from stalkerzone.client.text import i18n
from stalkerzone.client.text.i18n import percent
from stalkerzone.engine.core import Colour, FirstStrike, Monster, Note, Paralysis, PerColour
from stalkerzone.engine.fight import Fight, start_fight
from stalkerzone.engine.play import FightDecision, FightState, GameState
from tests.client.test_engine_words import RULE_ID
from tests.support.fights import ATTACK, grenade, monster, script, stalker, stimulator
from tests.support.game import fresh


def held_in(state: GameState, fight: Fight, *, epicenter: bool = False) -> FightState:
    """A fight of the current player against a real monster card of the deck."""
    instance = state.decks.monsters[0]
    return FightState(
        player=state.current_player,
        monster=instance,
        colour=Colour.YELLOW,
        hex=state.players[state.current_player].position or (0, 0),  # type: ignore[arg-type]
        fight=fight,
        epicenter=epicenter,
    )


def at_decision(fight: Fight) -> Fight:
    """Play the opening chance nodes (paralysis) with rolls that miss, up to a decision."""
    while fight.is_chance:
        fight = script(fight, [6])
    return fight


def page_of(fight: Fight, selection: Selection | None = None, **kw: object) -> FightPage:
    i18n.set_language("en")
    state = fresh(3)
    held = held_in(state, fight, epicenter=bool(kw.pop("epicenter", False)))
    selection = selection or select(fight, None, None)
    return present(held, state, selection, compute(fight) if not fight.is_terminal else None)


def test_buttons_at_a_decision_carry_odds_and_rule_reasons() -> None:
    fight = at_decision(start_fight(stalker(health=20), monster()))
    page = page_of(fight)
    attack = page.button("attack")
    assert attack is not None and attack.enabled and attack.primary
    # 2d6 kills 8 health within 4 rounds; 1d6 cannot take 20 health in the 3 replies before
    assert attack.odds == "win 100.0% · death 0.0%"
    # no grenade held: disabled with the engine's FIGHT-2 refusal
    throw = page.button("grenade")
    assert throw is not None and not throw.enabled
    assert (throw.rule, throw.reason) == ("FIGHT-2", "no grenade left")
    stim = page.button("stimulator")
    assert stim is not None and not stim.enabled
    assert (stim.rule, stim.reason) == ("FIGHT-2", "no stimulator left")
    escape = page.button("escape")
    assert escape is not None and escape.enabled and escape.label == "Escape: succeeds 100.0%"
    # its line says how the fight ends when it is taken: by the escape (one chance, one name)
    assert escape.odds == "death 0.0% · escaped 100.0%"
    assert (page.status, page.status_tone) == ("Your move", "accent")
    assert page.escape_rule_note == ""
    assert page.button("auto") is not None and page.button("skip") is None


def test_epicenter_escape_is_refused_with_fight_4() -> None:
    side = stalker(health=20)
    fight = at_decision(start_fight(side, monster(), epicenter=True))
    page = page_of(fight, epicenter=True)
    escape = page.button("escape")
    assert escape is not None and not escape.enabled
    assert escape.rule == "FIGHT-4" and escape.label == "No escape"
    assert (escape.rule, escape.reason) == ("FIGHT-4", "no escape is possible in the Epicenter")
    assert page.escape_rule_note == "No escape in the Epicenter"  # words; the rule is escape.rule
    i18n.set_language("ru")  # the Russian words say the same reason, not "not in the Epicenter"
    state = fresh(3)
    russian = present(held_in(state, fight, epicenter=True), state, select(fight, None, None), None)
    assert russian.escape_rule_note == "Из Эпицентра не убежать"
    assert "Epicenter" in page.subtitle
    assert page.button("attack") is not None and page.button("attack").enabled  # type: ignore[union-attr]


def test_grenades_and_stimulators_enabled_and_named() -> None:
    side = stalker(
        health=20,
        max_health=30,
        grenades=(grenade("rgd-5"), grenade("f-1", "3d6")),
        stimulators=(stimulator("bandage", 5),),
    )
    fight = at_decision(start_fight(side, monster()))
    selection = select(fight, None, "bandage")
    first = fight.core.grenades[0]
    assert selection.grenade == first and selection.stimulator == "bandage"
    page = page_of(fight, selection)
    throw = page.button("grenade")
    assert throw is not None and throw.enabled and throw.label == f"{first} (1 left)"
    assert page.button("cycle_grenade") is not None  # two kinds of grenade: » picks
    stim = page.button("stimulator")
    assert stim is not None and stim.enabled and "+5" in stim.label
    assert select(fight, "gone", "gone") == Selection(first, None)


def test_nothing_can_be_pressed_while_dice_roll_or_a_bot_decides() -> None:
    fight = at_decision(start_fight(stalker(health=20), monster()))
    rolling = page_of(fight, Selection(rolling=True))
    assert not any(b.enabled for b in rolling.buttons if b.key not in ("auto", "skip"))
    assert rolling.button("skip") is not None and rolling.status == i18n.t("fight.rolling")
    assert all(b.rule == "" for b in rolling.buttons)  # waiting is no engine refusal
    bot = page_of(fight, Selection(bot=True))
    assert bot.bot_note and bot.button("auto") is None
    assert not any(b.enabled for b in bot.buttons)


def test_a_bots_fight_says_whose_it_is_and_what_the_bot_chose() -> None:
    """FIGHT-2 watched: over a bot seat's (disabled) buttons whose fight it is, under them
    "The bot is deciding…" and, while the dice of its decision roll, what it chose."""
    side = stalker(grenades=(grenade("rgd-5"),), stimulators=(stimulator("bandage", 5),))
    fight = at_decision(start_fight(side, monster()))
    deciding = page_of(fight, Selection(bot=True))
    state = fresh(3)
    name = state.players[state.current_player].name
    assert deciding.watch_title == i18n.t("fight.watch_title", name=name) and name
    assert deciding.bot_note == i18n.t("fight.bot_deciding")
    words = choice_words(fight, FightDecision("grenade", "rgd-5", "bandage"))
    assert words == "throw rgd-5 + bandage"
    rolling = page_of(fight, Selection(bot=True, rolling=True, bot_choice=words))
    assert rolling.bot_note == "The bot chose to throw rgd-5 + bandage"
    mine = page_of(fight)
    assert mine.watch_title == "" and mine.bot_note == ""


def test_odds_rows_and_monster_lines() -> None:
    beast = monster(Paralysis(PerColour(1, 2, 3)), FirstStrike())
    fight = at_decision(start_fight(stalker(health=20), beast))
    page = page_of(fight)
    odds = compute(fight).best
    assert [r.value for r in page.odds.rows] == [
        percent(odds.win),
        percent(odds.death),
        percent(odds.escape),
    ]
    assert [r.tone for r in page.odds.rows] == ["good", "bad", "accent"]
    best = compute(fight).decision
    assert best is not None
    alive = percent(odds.win + odds.escape)  # FIGHT-3: the best play is the safest
    assert page.odds.best_move == f"Safest now: {decision_name(fight, best)} — alive {alive}"
    state = fresh(3)
    card = state.card(state.decks.monsters[0])
    assert isinstance(card, Monster)
    assert len(page.monster.abilities) == len(card.abilities)
    assert [r.current for r in page.monster.colours] == [c == Colour.YELLOW for c in Colour]
    assert page.monster.max_health == fight.setup.monster.health
    assert page.stalker.attack == "Attack 2d6" and page.stalker.max_health == 20
    assert page.stalker.title.startswith(state.players[state.current_player].name + " — ")


def test_results_and_log_lines() -> None:
    fight = at_decision(start_fight(stalker(health=20, attack="1d6"), monster(health=(1, 1, 1))))
    done = script(fight, [ATTACK, 6])
    assert done.is_terminal and done.outcome == "win"
    state = fresh(3)
    result = results(held_in(state, done), state)
    assert result.outcome == "win" and result.tone == "good" and result["outcome"] == "win"
    assert any("trophy" in line.lower() for line in result.lines)
    steps = describe_all(done.log, done.setup)
    assert steps[-1].kind == "win" and log_tone(steps[-1]) == "good"
    assert log_tone(replace(steps[-1], kind="round")) == "accent"
    assert page_of(done).odds.outcome  # the result headline instead of odds


def test_a_watched_fight_is_told_in_the_third_person() -> None:
    """Another player's fight: "Anna attacks: 6", "Anna got away", "The stalker escaped"."""
    i18n.set_language("en")
    fight = at_decision(start_fight(stalker(health=20, attack="1d6"), monster(health=(1, 1, 1))))
    done = script(fight, [ATTACK, 6])
    mine = describe_all(done.log, done.setup)
    theirs = describe_all(done.log, done.setup, fighter="Anna")
    attack = next(k for k, s in enumerate(mine) if s.kind == "stalker_attack")
    assert mine[attack].text.startswith("You attack: ") and mine[attack].actor == ""
    assert theirs[attack].text.startswith("Anna attacks: ") and theirs[attack].actor == "Anna"
    assert outcome_key("escape", watched=True) == "fight.result_escape_other"
    assert outcome_key("win", watched=True) == "fight.result_win"
    state = fresh(3)
    watched = results(held_in(state, done), state, watched=True)
    assert watched.title == results(held_in(state, done), state).title == "Victory"
    i18n.set_language("ru")
    try:
        ru = describe_all(done.log, done.setup, fighter="Anna")
        assert ru[attack].text.startswith("Anna атакует: ")
    finally:
        i18n.set_language("en")


def test_presenters_import_no_arcade() -> None:
    """Screens draw, presenters decide: the presenters run without arcade or pyglet."""
    code = (
        "import sys\n"
        "import stalkerzone.client.screens.fight.presenter\n"
        "import stalkerzone.client.screens.bases.presenter\n"
        "import stalkerzone.client.screens.stalker.presenter\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet')))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "ARCADE_HEADLESS"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == "[]"


ONE_DIE = ("1d6", "1d6", "1d6")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_death_result_tells_the_loot_and_rebirth_without_rule_ids(lang: str) -> None:
    """The result box after a death reads the engine's notes in words: no "DEATH-1: …"; each
    fact once (the loot, the new stalker), each line from a capital letter."""
    i18n.set_language(lang)
    fight = at_decision(
        start_fight(stalker(health=1, attack="1d6"), monster(health=(9, 9, 9), attack=ONE_DIE))
    )
    done = script(fight, [ATTACK, 1, 6])
    assert done.is_terminal and done.outcome == "death"
    state = fresh(3)
    notes = [
        Note("DEATH-1", "died", "Anna's stalker died; the loot stays on the hex", player="Anna"),
        Note(
            "DEATH-3",
            "reborn",
            "a new Gromoboy starts at the Village",
            player="Anna",
            card="gromoboy",
        ),
    ]
    result = results(held_in(state, done), state, notes)
    assert len(result.lines) == 2 and all(line[:1].isupper() for line in result.lines)
    village = {"en": "Village", "ru": "Деревн"}[lang]  # "в Деревне"
    assert [village in line for line in result.lines] == [False, True]  # the new stalker once
    assert i18n.card_text(state.cards.get("gromoboy").name) in result.lines[1]
    offenders = [line for line in result.lines if RULE_ID.search(line)]
    i18n.set_language("en")
    assert not offenders


@pytest.mark.parametrize(("health", "warned"), [(28, True), (25, False), (20, False)])
def test_a_stimulator_that_would_waste_over_half_says_so_before_it_is_taken(
    health: int, warned: bool
) -> None:
    """A Medkit (+10) at 28/30 heals 2: the button and the line under it say so; at 25/30 it
    heals 5 (half, not over half wasted) and nothing is said."""
    side = stalker(health=health, max_health=30, stimulators=(stimulator("medkit", 10),))
    fight = at_decision(start_fight(side, monster()))
    page = page_of(fight, select(fight, None, "medkit"))
    stim = page.button("stimulator")
    assert stim is not None and stim.enabled
    if warned:
        assert "(+2 of 10)" in stim.label
        assert page.stimulator_hint == "heals only 2 of 10: health 28/30"
    else:
        assert "(+10)" in stim.label and " of " not in stim.label
        assert page.stimulator_hint == i18n.t("fight.stim_hint")
    unpicked = page_of(fight, select(fight, None, None))
    assert unpicked.stimulator_hint == i18n.t("fight.stim_hint")


def test_the_stimulator_button_says_what_a_stimulator_does_under_the_mouse() -> None:
    """FIGHT-2: "Without stimulator (1 held)" is a choice, so under the mouse it says what
    taking one does; with none held it is off and says why instead."""
    side = stalker(health=20, max_health=30, stimulators=(stimulator("medkit", 10),))
    fight = at_decision(start_fight(side, monster()))
    stim = page_of(fight).button("stimulator")
    assert stim is not None and stim.enabled and stim.rule == "FIGHT-2"
    assert stim.tip == i18n.t("fight.stim_tip") and "health" in stim.tip
    bare = at_decision(start_fight(stalker(health=20, max_health=30), monster()))
    none = page_of(bare).button("stimulator")
    assert none is not None and not none.enabled and not none.tip


CHANCE_FORMATS = re.compile(r"\*\s*100\b|\b100\s*\*|:\.\d%}|:\.\d+f}\s*%")


def test_no_client_module_formats_a_chance_itself() -> None:
    """One rounding for every chance printed (i18n.percent: ">99.9%" never beside "100.0%"):
    no other client module multiplies by 100 or formats a percent (the UI scale is no chance)."""
    import stalkerzone.client as client

    root = Path(client.__file__).parent
    offenders = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "i18n.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if CHANCE_FORMATS.search(line) and "ui_scale" not in line:
                offenders.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
    assert (percent(0.9996), percent(1.0), percent(0.0004)) == (">99.9%", "100.0%", "<0.1%")


def test_the_fight_panel_words_say_what_each_number_is() -> None:
    """The stimulator button says there is none left (not "none (0)") or that one is held and
    not taken; a decision's line names a later escape, and a fight no one can end says so
    instead of "win 0.0% · death 0.0%"; the rolling dice of a finished fight keep its outcome
    back."""
    from stalkerzone.client.screens.fight.presenter import odds_line
    from stalkerzone.odds import Odds

    bare = at_decision(start_fight(stalker(health=20), monster()))
    stim = page_of(bare).button("stimulator")
    assert stim is not None and stim.label == "Stimulator: none left"
    held = at_decision(
        start_fight(stalker(health=20, stimulators=(stimulator("b", 5),)), monster())
    )
    stim = page_of(held).button("stimulator")
    assert stim is not None and stim.label == "Stimulator: not now (1 held)"
    assert odds_line(Odds(0.5, 0.2, 0.3, 2.0)) == "win 50.0% · death 20.0% · escaped 30.0%"
    assert odds_line(Odds(0.7, 0.3, 0.0, 2.0)) == "win 70.0% · death 30.0%"
    assert odds_line(Odds(0.0, 0.1, 0.9, 2.0)) == "death 10.0% · escaped 90.0%"
    assert odds_line(Odds(0.0, 0.0, 0.0, float("inf"), 1.0)) == "no end: it can go on for ever"
    i18n.set_language("ru")
    try:
        assert odds_line(Odds(0.0, 0.0, 0.0, float("inf"), 1.0)).startswith("конца нет")
    finally:
        i18n.set_language("en")
    done = script(
        at_decision(start_fight(stalker(health=20), monster(health=(1, 1, 1)))), [ATTACK, 6]
    )
    assert done.is_terminal
    rolling = page_of(done, Selection(rolling=True))
    assert rolling.odds.outcome == "" and rolling.odds.waiting == i18n.t("fight.rolling")
    assert page_of(done).odds.outcome == i18n.t(outcome_key(done.outcome))
