"""The fight's odds panel says what its best play is (FIGHT-2, FIGHT-3, FIGHT-4): where an escape
is possible the best is the safest (likeliest to come out alive), called so with its chance to
live, and the move that wins most is named beside it with its button's own line; in the
Epicenter the words stay about the best move."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.fight.odds_worker import compute
from stalkerzone.client.screens.fight.presenter import (
    FightPage,
    decision_name,
    odds_line,
    present,
    select,
    winning_most,
)
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.text import i18n
from stalkerzone.client.text.i18n import percent
from stalkerzone.engine.fight import Decision, Fight, start_fight
from tests.client.test_client_screens import into_fight, set_state
from tests.client.test_fight_presenter import at_decision, held_in
from tests.client.test_text_fits import configurations
from tests.support.fights import monster, stalker
from tests.support.game import fresh
from tests.support.text_walk import misfits, pretend_size, text_box, texts_of
from tests.support.window import opened

ESCAPE, ATTACK = Decision("escape"), Decision("attack")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """English unless a test says otherwise, and English again after it (for later files)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def page(fight: Fight, *, epicenter: bool = False) -> FightPage:
    state = fresh(3)
    held = held_in(state, fight, epicenter=epicenter)
    return present(held, state, select(fight, None, None), compute(fight))


def cornered() -> Fight:
    """A wounded stalker (6 of 30) who escapes for sure (reputation 0) but could also win by
    attacking: the safest play is to run, and attacking wins most."""
    return at_decision(start_fight(stalker(health=6, max_health=30), monster()))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_safest_play_is_called_safest_and_the_play_that_wins_most_is_named(lang: str) -> None:
    i18n.set_language(lang)
    fight = cornered()
    odds = compute(fight)
    assert odds.decision == ESCAPE and odds.best.win == 0.0  # the panel's rows read "win 0.0%"
    shown = page(fight)
    attack = shown.button("attack")
    attacking = odds.of(ATTACK)
    assert attack is not None and attacking is not None and attacking.win > 0.5
    assert attack.odds == odds_line(attacking)  # the line the Attack button shows
    win, death = percent(attacking.win), percent(attacking.death)  # its figures, as rounded
    assert win in attack.odds and death in attack.odds
    words = {
        "en": (
            "How it ends, playing safe",
            "Safest now: try to escape — alive 100.0%",
            f"To win most: attack — win {win}, death {death}",
        ),
        "ru": (
            "Итог при осторожной игре",
            "Надёжнее всего сейчас: бежать — выживание 100,0\u00a0%",
            f"Ради победы: атаковать — победа {win}, смерть {death}",
        ),
    }[lang]
    assert (shown.odds.title, shown.odds.best_move, shown.odds.win_most) == words
    assert "Best move" not in shown.odds.best_move and "Лучший" not in shown.odds.best_move


def test_no_second_line_when_the_safest_play_also_wins_most() -> None:
    fight = at_decision(start_fight(stalker(health=20, max_health=30), monster()))
    odds = compute(fight)
    assert odds.decision == ATTACK and winning_most(odds) is None
    shown = page(fight)
    alive = percent(odds.best.win + odds.best.escape)
    assert shown.odds.best_move == f"Safest now: attack — alive {alive}"
    assert shown.odds.win_most == ""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_in_the_epicenter_the_words_stay_about_the_best_move(lang: str) -> None:
    """FIGHT-4: no escape, so coming out alive is winning: no "safest", no second line."""
    i18n.set_language(lang)
    fight = at_decision(start_fight(stalker(health=6, max_health=30), monster(), epicenter=True))
    odds = compute(fight)
    assert odds.decision is not None
    shown = page(fight, epicenter=True)
    assert shown.odds.title == i18n.t("fight.odds_title")
    assert shown.odds.best_move == i18n.t(
        "fight.best_move", move=decision_name(fight, odds.decision)
    )
    assert shown.odds.win_most == "" and shown.odds.tip == i18n.t("fight.odds_tip_no_escape")


def test_older_odds_name_no_move_while_the_new_ones_are_computed() -> None:
    """The moves of the last position are no advice for this one: "updating…" instead."""
    fight = cornered()
    state = fresh(3)
    shown = present(
        held_in(state, fight), state, select(fight, None, None), compute(fight), stale=True
    )
    assert shown.odds.rows and shown.odds.updating == "updating…"
    assert (shown.odds.best_move, shown.odds.win_most) == ("", "")


def test_the_tip_says_the_best_is_the_safest() -> None:
    tip = page(cornered()).odds.tip
    assert "safest" in tip and "alive" in tip and "wins more often" in tip


@pytest.mark.slow  # the fight screen built in every language, window size and UI scale
def test_the_safest_and_win_most_lines_fit_whole_under_the_bars(win: StalkerWindow) -> None:
    """The two lines at the panel's foot are whole (wrapped, never cut), clear of the odds bars
    and of every other text, in both languages at every window size and UI scale."""
    session = into_fight(win, "pseudogiant")
    held = session.state.fight
    assert held is not None
    fight = at_decision(held.fight)
    cornered_core = fight.core._replace(stalker_health=6, monster_health=4)
    set_state(
        session,
        replace(session.state, fight=replace(held, fight=replace(fight, core=cornered_core))),
    )
    found: list[str] = []
    try:
        for lang, (w, h), setting in configurations():
            win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
            with pretend_size(win, w, h):
                view = opened(win.show_screen("fight"), FightView)
                view.skip()
                assert view.page is not None
                odds = view.page.odds
                assert odds.best_move and odds.win_most, odds
                where = f"fight odds {lang} {w}x{h} {setting:.0%}"
                found += misfits(view, where)
                texts = {t.text.replace("\n", " "): t for t in texts_of(view)}
                lowest_bar = min(bar[1] for bar in view.bars)  # the odds rows' bars
                for line in (odds.best_move, odds.win_most):
                    said = texts.get(line)
                    if said is None:
                        found.append(f"{where}: not shown whole: {line!r}")
                    elif text_box(said)[3] > lowest_bar:
                        found.append(f"{where}: {line!r} over the bars")
    finally:
        win.app.update_settings(replace(win.app.settings, language="en", ui_scale=1.0))
    assert not found, "\n".join(found)
