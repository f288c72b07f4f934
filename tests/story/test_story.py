"""The story of a game (WIN-1, FIGHT-1 … FIGHT-6): samples per round, fights as in the log,
luck against the exact odds, and the same figures from ``stalkerzone replay --json``."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from stalkerzone.cli import main
from stalkerzone.engine.core import Note
from stalkerzone.engine.fight import Fight, start_core
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import GameState
from stalkerzone.odds import odds
from stalkerzone.persistence import saves
from stalkerzone.story import Story, build_story
from tests.story.games import played
from tests.support.records import packs


@cache
def story() -> Story:
    return build_story(played())


def test_story_has_one_sample_per_round_per_stalker() -> None:
    """TURN-2: a round is one turn of every seat; the sample of round r is the state at the end
    of round r (after its last EndTurn), the last one the final state."""
    record, told = played(), story()
    final = record.state
    seats = len(final.players)
    assert told.rounds == (final.turn - 1) // seats + 1 > 3
    ends: dict[int, GameState] = {}
    for state in record.states:
        if state.phase != "layout" and (state.turn - 1) % seats == 0:
            ends.setdefault((state.turn - 1) // seats, state)  # first state of the next round
    first = next(s for s in record.states if s.phase != "layout")
    for seat, stalker in enumerate(told.stalkers):
        assert stalker.name == final.players[seat].name
        assert [s.round for s in stalker.samples] == list(range(1, told.rounds + 1))
        assert stalker.start is not None and stalker.start.round == 0
        assert (stalker.start.cash, stalker.start.health) == (
            first.players[seat].cash,
            first.players[seat].health,
        )
        last = stalker.samples[-1]
        p = final.players[seat]
        assert (last.cash, last.health, last.elements) == (p.cash, p.health, p.elements)
        for sample in stalker.samples[:-1]:
            q = ends[sample.round].players[seat]
            assert (sample.cash, sample.health, sample.elements) == (q.cash, q.health, q.elements)


def test_story_counts_the_fights_of_the_log() -> None:
    """FIGHT-5, FIGHT-6, TROPHY-1: won, lost and escaped as the turn log tells them."""
    log: Counter[tuple[str, str]] = Counter()
    for state in played().states:
        for line in state.notes:
            if isinstance(line, Note) and line.key in ("trophy_taken", "escaped", "stalker_falls"):
                log[(dict(line.params)["player"], line.key)] += 1  # type: ignore[index]
    told = story()
    assert sum(s.fights for s in told.stalkers) == len(told.fights) == sum(log.values()) > 5
    for stalker in told.stalkers:
        assert stalker.won == log[(stalker.name, "trophy_taken")]
        assert stalker.escaped == log[(stalker.name, "escaped")]
        assert stalker.lost == log[(stalker.name, "stalker_falls")]


def test_story_luck_is_wins_less_the_odds_exactly() -> None:
    """The luck meter: each fight's chance to win is the exact odds (policy ``best``) of its
    set-up before the first roll; luck = wins − Σ p."""
    record, told = played(), story()
    setups = []
    before = record.states[0]
    for state in record.states[1:]:
        if state.last_fight is not None and state.last_fight is not before.last_fight:
            setups.append(state.last_fight.fight.setup)
        before = state
    assert len(setups) == len(told.fights)
    for setup, fight in zip(setups, told.fights, strict=True):
        exact = odds(Fight(setup, start_core(setup)[0]), "best")
        assert fight.win == pytest.approx(exact.win, abs=1e-12)
        assert fight.win + fight.death + fight.escape == pytest.approx(1.0)
        assert 0.0 <= fight.win <= 1.0
    for seat, stalker in enumerate(told.stalkers):
        mine = [f for f in told.fights if f.player == seat]
        assert stalker.won == sum(1 for f in mine if f.outcome == "win")
        assert stalker.expected_wins == sum(f.win for f in mine)
        assert stalker.luck == stalker.won - sum(f.win for f in mine)


def test_story_of_a_snapshot_record_replays_it_from_the_seed() -> None:
    """A record read from a save keeps only its last state: the story plays it again."""
    record = played()
    snapshot = records.from_snapshot(record.setup, record.actions, record.state)
    assert snapshot.initial is None
    assert build_story(snapshot) == story()


def test_story_of_a_game_still_in_layout_is_empty() -> None:
    """TURN-4: laying out the Zone by hand is no round yet; play starts with round 1."""
    ctx = played().state.ctx
    hand = replace(played().setup, zone_mode="hand")
    told = build_story(records.start(hand, ctx.cards, ctx.sectors))
    assert told.rounds == 0 and not told.fights
    assert all(s.start is None and not s.samples for s in told.stalkers)
    dealt = build_story(records.start(played().setup, ctx.cards, ctx.sectors))
    assert dealt.rounds == 1 and all(len(s.samples) == 1 for s in dealt.stalkers)


def test_story_in_replay_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``stalkerzone replay --json`` prints the same story as the game-over screen."""
    path = saves.save_game(played(), tmp_path / "game.json", packs=packs())
    assert main(["replay", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["same"] is True
    assert report["story"] == json.loads(json.dumps(story().to_json()))
    assert len(report["story"]["stalkers"]) == 3
    assert report["story"]["rounds"] == story().rounds
