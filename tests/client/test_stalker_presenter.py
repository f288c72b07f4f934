"""The stalker-card presenter without a window: locks with their rule (EQ-2, EQ-8), stat lines
(ST-1), slot rows with inactive modifiers and the engine's reason (EQ-4), the backpack (EQ-8),
previews of what moving a card would change."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.screens.stalker import presenter
from stalkerzone.client.text import i18n
from stalkerzone.engine.turn import stats
from tests.support.game import edit, fresh, give


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


def test_locks_cite_their_rule() -> None:
    state = fresh(3)
    me, other = state.current_player, 1 - state.current_player
    assert presenter.lock(state, me, bot=False) == presenter.Lock("", "EQ-8")
    fight = presenter.lock(replace(state, phase="fight"), me, bot=False)
    assert fight.rule == "EQ-2" and fight.reason == i18n.t("stalker.locked_fight")
    turn = presenter.lock(state, other, bot=False)
    assert turn.rule == "EQ-8" and state.players[other].name in turn.reason
    assert presenter.lock(state, me, bot=True).reason == i18n.t("stalker.locked_bot")
    assert presenter.lock(None, 0, bot=False).reason == i18n.t("stalker.locked_nogame")


def test_inactive_modifier_says_why_and_takes_two_tiles() -> None:
    state, rifle = give(fresh(3), 0, "berdan-rifle")
    state, sight = give(state, 0, "pistol-laser-sight")
    state = replace(state, current_player=0)
    rows = {row.slot: row for row in presenter.multi_slots(state, state.players[0], False)}
    (tile,) = rows["mods"].tiles
    assert tile.instance == sight and tile.dim and tile.units == 2
    assert "pistol" in tile.note and tile.note in tile.tip
    assert tile.tip.endswith(i18n.t("stalker.tip_stash"))
    singles = {row.slot: row for row in presenter.single_slots(state, state.players[0], True)}
    (weapon,) = singles["weapon"].tiles
    assert weapon.instance == rifle
    assert not weapon.tip.endswith(i18n.t("stalker.tip_stash"))  # locked: no click hint
    assert singles["head"].tiles == ()


def test_stat_lines_and_previews() -> None:
    state, rifle = give(fresh(3), 0, "berdan-rifle")
    state = edit(replace(state, current_player=0), 0, health=20)
    player = state.players[0]
    now = stats(player, state.ctx)
    lines = presenter.stat_lines(state, player, now)
    assert lines.entries[0] == (i18n.t("stalker.attack"), str(now.attack), "DMG-1")
    assert [rule for _n, _v, rule in lines.entries] == ["DMG-1", "DMG-2", "ST-5"]
    assert lines.health == f"20/{now.max_health}"
    assert lines.health_fraction == 20 / now.max_health
    assert i18n.t("stalker.cash", cash=player.cash) in lines.extra
    stash = presenter.preview(state, player, now, rifle, "slot")
    # the first stalker, Gromoboy, adds +1 to every attack (ST-3)
    assert stash == "Putting Berdan rifle away: attack 2d6+1 → 1d6+1"


def test_backpack_tiles_and_title() -> None:
    state, kept = give(fresh(3), 0, "berdan-rifle", where="pack")
    state = replace(state, current_player=0)
    player = state.players[0]
    (tile,) = presenter.backpack(state, player, False)
    assert tile.instance == kept and tile.note == ""
    assert tile.tip.endswith(i18n.t("stalker.tip_activate"))
    activate = presenter.preview(state, player, stats(player, state.ctx), kept, "pack")
    assert activate == "Taking Berdan rifle out: attack 1d6+1 → 2d6+1"
    assert presenter.title(state, player).startswith(player.name)
    assert presenter.group(["a#1", "a#2", "b#1"]) == [("a#1", 2), ("b#1", 1)]
