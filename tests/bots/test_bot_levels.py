"""The bot levels are one table, weakest first (TURN-1), and what makes ``hard`` harder than
``normal`` is in its numbers: it settles for lower odds once nothing it can buy would help,
hurries when a rival carries the Elements, and weighs healing and buying on its way to the
Epicenter more (WIN-1)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from stalkerzone.bots.levels import LEVELS, PROFILES, Profile
from stalkerzone.bots.players import BotError, level_profile


def test_bot_levels_are_the_table_rows_weakest_first() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert all(isinstance(PROFILES[level], Profile) for level in LEVELS)
    assert {f.name for f in fields(Profile)} >= {"epicenter_odds", "settle_odds", "rival_hurry"}


def test_bot_levels_only_easy_plays_without_the_planner_and_the_exact_odds() -> None:
    assert [PROFILES[level].planner for level in LEVELS] == [False, True, True, True]
    assert [PROFILES[level].exact_fights for level in LEVELS] == [False, True, True, True]


def test_bot_levels_hard_goes_for_the_win_sooner_than_normal() -> None:
    normal, hard = PROFILES["normal"], PROFILES["hard"]
    assert hard.settle_odds < normal.settle_odds
    assert hard.rival_hurry < normal.rival_hurry == 1.0
    assert hard.plan_weight > normal.plan_weight
    for profile in PROFILES.values():  # easy goes in whatever its odds (0), planners wait
        assert (profile.settle_odds > 0) == profile.planner
        assert 0 <= profile.settle_odds <= profile.epicenter_odds < 1
        assert 0 < profile.rival_hurry <= 1 and 0 < profile.epicenter_health <= 1


def test_bot_levels_an_unknown_level_names_the_levels() -> None:
    with pytest.raises(
        BotError, match="unknown bot level 'master' \\(one of easy, normal, hard, expert\\)"
    ):
        level_profile("master")
