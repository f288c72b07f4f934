"""Exact dead-end foresight (TURN-4, MAP-5, MAP-7): answers against a plain exhaustive search,
the memo (kept, bounded, shared by symmetry), the reasons for a cut-off, and TURN-4 in the game:
only completable placements are legal, a hand-laid Zone is completed and never replaced."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from stalkerzone.cli import main
from stalkerzone.engine.actions import PlaceSector
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.illegal import LayoutRefused
from stalkerzone.engine.layout import (
    CUT_OFF_TEXT,
    Foresight,
    Placement,
    Sector,
    Zone,
    check_zone,
    completable,
    dead_ends,
    legal_placements,
    random_zone,
)
from stalkerzone.engine.state import GameState
from stalkerzone.engine.turns import cut_off, foresight, placements
from tests.support.base import sectors
from tests.support.game import fresh


def prefix(seed: int, size: int) -> Zone:
    return Zone(random_zone(sectors(), random.Random(seed)).placements[:size])


def next_sector(zone: Zone) -> str:
    return next(s.id for s in sectors() if s.id not in zone.sector_ids())


def reference(zone: Zone, tiles: tuple[Sector, ...]) -> bool:
    """The plain definition: some way of placing every remaining sector, each on a slot where
    its roads meet its neighbours' (MAP-4), gives a Zone that passes ``check_zone``."""
    left = [s.id for s in tiles if s.id not in zone.sector_ids()]
    if not left:
        return not check_zone(zone, tiles)
    return any(
        reference(zone.place(p), tiles) for sid in left for p in legal_placements(zone, sid, tiles)
    )


# --- exact answers ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5, 8])
def test_foresight_agrees_with_the_exhaustive_search_one_sector_before_the_end(seed: int) -> None:
    zone = prefix(seed, 8)
    sid = next_sector(zone)
    seer = Foresight(sectors())
    for p in legal_placements(zone, sid, sectors()):
        assert seer.completable(zone, p) == reference(zone.place(p), sectors()), p


def test_foresight_agrees_with_the_exhaustive_search_two_sectors_before_the_end() -> None:
    zone = prefix(4, 7)
    sid = next_sector(zone)
    seer = Foresight(sectors())
    for p in legal_placements(zone, sid, sectors())[::10]:
        assert seer.completable(zone, p) == reference(zone.place(p), sectors()), p


@pytest.mark.parametrize(("seed", "size"), [(0, 2), (1, 3), (2, 4), (3, 5), (4, 6), (7, 7)])
def test_every_completable_answer_comes_with_a_completion(seed: int, size: int) -> None:
    """A "completable" is never a guess: the completion keeps every placement and is valid."""
    zone = prefix(seed, size)
    seer = Foresight(sectors())
    sid = next_sector(zone)
    dead = seer.dead_ends(zone, sid)
    for k, p in enumerate(legal_placements(zone, sid, sectors())):
        if p in dead or k % 4:
            continue
        done = seer.completion(zone.place(p), random.Random(k))
        assert done is not None
        assert done.placements[: size + 1] == (*zone.placements, p)
        assert check_zone(done, sectors()) == ()


def test_a_far_away_sector_cuts_the_zone_off() -> None:
    zone = Zone((Placement("s01", "a", 0, (0, 0)), Placement("s05", "b", 0, (6, 6))))
    seer = Foresight(sectors())
    assert not seer.zone_completable(zone)
    why = seer.zone_cut_off(zone)
    assert why is not None and why.rule == "MAP-5"
    assert seer.zone_cut_off(prefix(3, 4)) is None


def test_closed_roads_foresight_finds_a_closed_zone() -> None:
    zone = random_zone(sectors(), random.Random(2), "free", closed_roads=True)
    seer = Foresight(sectors(), closed_roads=True)
    first_nine = Zone(zone.placements[:-1])
    assert seer.completable(first_nine, zone.placements[-1])
    done = seer.completion(Zone(zone.placements[:7]), random.Random(1))
    assert done is not None and check_zone(done, sectors(), closed_roads=True) == ()


# --- the memo -------------------------------------------------------------------------------


def test_asking_again_costs_no_search() -> None:
    zone = prefix(5, 5)
    sid = next_sector(zone)
    seer = Foresight(sectors())
    first = seer.dead_ends(zone, sid)
    nodes = seer.nodes
    assert seer.dead_ends(zone, sid) == first
    assert seer.nodes == nodes


def test_a_turned_and_moved_zone_is_the_same_question() -> None:
    """Symmetry: the whole Zone turned by a sixth and moved asks nothing new."""
    zone = prefix(6, 6)
    seer = Foresight(sectors())
    assert seer.zone_completable(zone)
    nodes = seer.nodes
    for turn in range(6):
        assert seer.zone_completable(zone.transformed(turn, (3, -2)))
    assert seer.nodes == nodes


def test_the_memo_is_bounded_and_answers_do_not_depend_on_it() -> None:
    zone = prefix(11, 6)
    sid = next_sector(zone)
    small = Foresight(sectors(), memo_limit=50)
    big = Foresight(sectors())
    assert small.dead_ends(zone, sid) == big.dead_ends(zone, sid)
    assert len(small.memo) <= 50
    first = legal_placements(zone, sid, sectors())[0]
    assert completable(zone, first, sectors()) == (first not in big.dead_ends(zone, sid))


def test_module_functions_match_a_shared_foresight() -> None:
    zone = prefix(2, 6)
    sid = next_sector(zone)
    seer = Foresight(sectors())
    assert dead_ends(zone, sid, sectors(), foresight=seer) == dead_ends(zone, sid, sectors())


# --- reasons ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "size"), [(11, 6), (0, 8), (1, 8), (5, 5)])
def test_cut_off_says_why_in_words_exactly_for_the_dead_ends(seed: int, size: int) -> None:
    zone = prefix(seed, size)
    sid = next_sector(zone)
    seer = Foresight(sectors())
    dead = seer.dead_ends(zone, sid)
    names = {s.id: s.name.get("en") for s in sectors()}
    for p in legal_placements(zone, sid, sectors()):
        why = seer.cut_off(zone, p)
        assert (why is not None) == (p in dead)
        if why is not None:
            assert why.key in CUT_OFF_TEXT and why.rule in ("MAP-5", "MAP-7")
            text = why.english(names)
            assert "{" not in text and " s0" not in text and " s1" not in text
            params = dict(why.params)
            if why.key == "sector_cut_off":
                sector = params["sector"]
                others = Zone((*zone.placements, p))
                assert isinstance(sector, str) and sector not in others.sector_ids()


# --- TURN-4 in the game -----------------------------------------------------------------------


def layout_state(zone: Zone) -> GameState:
    state = fresh(1, players=2, zone_mode="hand")
    return replace(state, zone=zone)


def test_legal_actions_offer_only_completable_placements_and_apply_refuses_the_rest() -> None:
    zone = prefix(0, 8)
    state = layout_state(zone)
    offered = {
        Placement(a.sector, a.face, a.rotation, a.slot)
        for a in legal_actions(state)
        if isinstance(a, PlaceSector)
    }
    seer = foresight(state)
    todo = [s.id for s in sectors() if s.id not in zone.sector_ids()]
    every = {p for sid in todo for p in legal_placements(zone, sid, sectors())}
    dead = {p for p in every if not seer.completable(zone, p)}
    assert dead and offered == every - dead
    assert set(placements(state)) == offered
    p = sorted(dead, key=lambda q: (q.sector, q.slot, q.face, q.rotation))[0]
    with pytest.raises(LayoutRefused) as refused:
        apply(state, PlaceSector(p.sector, p.face, p.rotation, p.slot))
    assert refused.value.rule == "TURN-4" and refused.value.key == "dead_end"
    reason = dict(refused.value.params)["reason"]
    assert reason in CUT_OFF_TEXT and cut_off(state, p) is not None


def test_a_hand_laid_zone_is_completed_never_replaced() -> None:
    """ "Deal the rest": whatever completable placements are picked, every sector placed by
    hand stays where it is and the tenth placement makes a valid Zone (TURN-4, MAP-5)."""
    state = fresh(4, players=3, zone_mode="hand")
    by_hand: list[Placement] = []
    pick = 0
    while state.phase == "layout":
        actions = legal_actions(state)
        assert actions
        action = actions[(pick * 7919) % len(actions)]
        assert isinstance(action, PlaceSector)
        by_hand.append(Placement(action.sector, action.face, action.rotation, action.slot))
        state = apply(state, action)
        pick += 1
    assert state.zone.placements == tuple(by_hand)
    assert check_zone(state.zone, sectors()) == ()
    assert not any("random Zone" in line for line in state.notes)


# --- map check --partial ----------------------------------------------------------------------


def _check_partial(capsys: pytest.CaptureFixture[str], path: Path, zone: Zone) -> tuple[int, str]:
    data = {
        "placements": [
            {"sector": p.sector, "face": p.face, "rotation": p.rotation, "slot": list(p.slot)}
            for p in zone.placements
        ]
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["map", "check", "--partial", str(path)])
    return code, capsys.readouterr().out


@pytest.mark.parametrize(("seed", "size"), [(0, 8), (11, 6), (3, 4)])
def test_map_check_partial_agrees_with_the_legal_placements_on_every_slot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: int, size: int
) -> None:
    zone = prefix(seed, size)
    state = layout_state(zone)
    offered = {
        Placement(a.sector, a.face, a.rotation, a.slot)
        for a in legal_actions(state)
        if isinstance(a, PlaceSector)
    }
    sid = next_sector(zone)
    for p in legal_placements(zone, sid, sectors()):
        code, out = _check_partial(capsys, tmp_path / "partial.json", zone.place(p))
        assert code == (0 if p in offered else 1), (p, out)
        assert out.startswith("can be completed" if code == 0 else "cannot be completed")


def test_map_check_partial_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    far = Zone((Placement("s01", "a", 0, (0, 0)), Placement("s05", "b", 0, (6, 6))))
    code, out = _check_partial(capsys, tmp_path / "far.json", far)
    assert code == 1 and "(MAP-5)" in out and "s05" not in out
    code, _ = _check_partial(capsys, tmp_path / "empty.json", Zone())
    assert code == 0
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["map", "check", "--partial", str(broken)]) == 2
    capsys.readouterr()
