"""`simulate` figures per card: counted from what the engine did (notes and actions), every
loaded card listed, win rates with and without a card with 95% Wilson intervals."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.cli import main
from stalkerzone.engine.game import GameSetup, PlayerSetup, apply, legal_actions, new_game
from stalkerzone.engine.play import Buy, FightDecision, card_id
from stalkerzone.simulation.card_stats import (
    COUNTS,
    MIN_SEAT_GAMES,
    CardCounts,
    card_summary,
    wilson,
)
from stalkerzone.simulation.runner import SimConfig, deal_stalkers, game_seed, load_world, run_games
from stalkerzone.simulation.summary import full_summary
from tests.simulation.pack import PACK_CARDS, write_pack
from tests.support.base import base_cards

SMALL = SimConfig(games=3, players=2, seed=4, variant="express", max_rounds=15, include_user=False)


def test_sim_wilson_interval_known_values() -> None:
    assert wilson(0, 0) is None
    assert wilson(5, 10) == (0.2366, 0.7634)
    assert wilson(0, 10) == (0.0, 0.2775)
    assert wilson(10, 10) == (0.7225, 1.0)
    low, high = wilson(50, 100) or (0, 0)
    assert low < 0.5 < high and high - low < 0.2


@pytest.mark.slow
def test_sim_counts_match_the_actions_of_the_game() -> None:
    """Replaying game 0 by hand: every Buy is counted as bought, every grenade or stimulator
    spent as used, every fight against the monster met."""
    world = load_world(SMALL)
    cards, sectors, variant = world
    result = run_games(SMALL, world=world)[0]
    assert result.cards is not None
    seed = game_seed(SMALL.seed, 0)
    stalkers = deal_stalkers(cards, SMALL.players, seed)
    seats = tuple(PlayerSetup(f"Bot {k + 1}", s, SMALL.level) for k, s in enumerate(stalkers))
    state = new_game(GameSetup(seed, seats, variant, SMALL.zone_mode), cards, sectors)  # type: ignore[arg-type]
    memory = BotMemory()
    bought: dict[str, int] = {}
    spent: dict[str, int] = {}
    fought: dict[str, int] = {}
    while not state.is_terminal and state.turn <= SMALL.round_cap * SMALL.players:
        action = bots.choose(state, None, SMALL.level, legal_actions(state), memory=memory)
        before, state = state, apply(state, action)
        if isinstance(action, Buy):
            bought[card_id(action.card)] = bought.get(card_id(action.card), 0) + 1
        if isinstance(action, FightDecision):
            for item in (action.grenade, action.stimulator):
                if item is not None:
                    spent[card_id(item)] = spent.get(card_id(item), 0) + 1
        if state.last_fight is not None and state.last_fight is not before.last_fight:
            monster = card_id(state.last_fight.monster)
            fought[monster] = fought.get(monster, 0) + 1
    counted = {(c, what): n for c, what, n in result.cards.counts}
    assert bought, "the bots bought nothing: the check would prove nothing"
    for cid, n in bought.items():
        assert counted[(cid, "bought")] == n
    assert sum(n for (_, what), n in counted.items() if what == "bought") == sum(bought.values())
    for cid, n in spent.items():
        # a grenade or stimulator is "used" only when spent (FIGHT-2)
        assert counted[(cid, "used")] == n
    for monster, n in fought.items():
        assert counted[(monster, "fights")] == n
    assert len(result.cards.held) == SMALL.players
    for held in result.cards.held:
        assert set(held) <= {c.id for c in cards}
    assert {c for c, _, _ in result.cards.counts} <= {c.id for c in cards}


@pytest.mark.slow
def test_sim_every_card_of_a_pack_is_listed(tmp_path: Path) -> None:
    folder = write_pack(tmp_path)
    config = SimConfig(
        games=3,
        players=2,
        seed=4,
        variant="express",
        max_rounds=15,
        include_user=False,
        card_dirs=(str(folder),),
    )
    world = load_world(config)
    summary = full_summary(config, run_games(config, world=world), world[0])
    rows = summary["cards"]
    assert list(rows) == [c.id for c in world[0]]
    for cid in PACK_CARDS:
        assert rows[cid]["pack"] == "sim-test"
    assert rows["test-rat"]["kind"] == "monster" and rows["test-grenade"]["kind"] == "grenade"
    assert rows["test-rat"]["fights"] > 0, "twelve copies of a weak monster are met"
    seat_games = config.games * config.players
    fights = sum(row["fought"] for row in summary["fights"].values())
    for row in rows.values():
        assert row["fights"] <= fights, "a card counts once a fight, whatever its copies"
        assert set(COUNTS) <= set(row)
        assert row["with"]["games"] + row["without"]["games"] <= seat_games  # same games
        assert row["with"]["wins"] <= row["with"]["games"]
        # 6 seat-games can never make a comparison meaningful; the note says why
        assert not row["meaningful"]
        assert ("too few games" in row["note"] and str(MIN_SEAT_GAMES) in row["note"]) or (
            row["note"] == "cannot compare: every seat of its games had it"
        )
    for row in summary["characters"].values():
        low, high = row["ci95"]
        assert low <= row["win_rate"] <= high


@pytest.mark.slow
def test_sim_command_lists_cards_in_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_pack(tmp_path)
    common = ["simulate", "--games", "2", "--players", "2", "--express", "--max-rounds", "10"]
    assert main([*common, "--cards", str(folder), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(PACK_CARDS) <= set(data["cards"])
    assert data["cards"]["test-grenade"]["with"]["ci95"] is None or (
        len(data["cards"]["test-grenade"]["with"]["ci95"]) == 2
    )
    assert main([*common, "--cards", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "Every card" in out
    for cid in PACK_CARDS:
        assert cid in out


@dataclass(frozen=True)
class _Game:
    cards: CardCounts | None
    capped: bool = False


def test_without_compares_the_other_seats_of_the_same_games() -> None:
    """A card held once, in a game its holder won: compared only with that game's other seat,
    not with every seat of every game; cards held in the same seat-games are named together;
    a grenade bought and never thrown is flagged."""
    cards = base_cards()
    grenade = cards.grenades[0].id
    medkit, armour = cards.stimulators[0].id, cards.armour[0].id
    games = [
        _Game(CardCounts(((grenade, "bought", 2),), ((grenade, medkit), ()), winner_seat=0)),
        _Game(CardCounts((), ((), (armour,)), winner_seat=1)),
        _Game(CardCounts((), ((), ()), winner_seat=None)),
    ]
    rows = card_summary(games, cards)
    assert rows[grenade]["with"]["games"] == 1 and rows[grenade]["with"]["wins"] == 1
    assert rows[grenade]["without"]["games"] == 1 and rows[grenade]["without"]["wins"] == 0
    assert rows[grenade]["held_with"] == [medkit] and rows[medkit]["held_with"] == [grenade]
    assert rows[grenade]["never_used"] and not rows[medkit]["never_used"]  # medkit: not had
    assert rows[armour]["without"]["games"] == 1 and rows[armour]["held_with"] == []
