"""Dead-end foresight (TURN-4, MAP-5): proven answers against a plain exhaustive search, the
node budget and its sound fallback (undecided is refused), the memo shared by symmetry, the
reasons in words, TURN-4 in the game (only proven placements are legal, a hand-laid Zone is
completed and never replaced) and ``map check --partial`` agreeing with the layout screen."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from stalkerzone.cli import main
from stalkerzone.client.screens.layout.presenter import dead_placements, slot_sets
from stalkerzone.engine.core import LayoutRefused, ZoneCutOff
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import GameState, PlaceSector
from stalkerzone.engine.turn import cut_off, foresight
from stalkerzone.engine.turn.turns import placements
from stalkerzone.engine.zone import (
    Placement,
    Sector,
    Zone,
    check_zone,
    direction,
    legal_placements,
    random_zone,
)
from stalkerzone.engine.zone.cut_offs import CUT_OFF_TEXT
from stalkerzone.engine.zone.foresight import Foresight
from tests.support.base import sectors
from tests.support.foresight import completable, dead_ends
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


# --- proven answers ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5, 8])
def test_foresight_agrees_with_the_exhaustive_search_one_sector_before_the_end(seed: int) -> None:
    zone = prefix(seed, 8)
    sid = next_sector(zone)
    verdicts = Foresight(sectors()).sector_verdicts(zone, sid).verdicts
    assert None not in verdicts.values()  # decided within the budget
    for p, verdict in verdicts.items():
        assert verdict == reference(zone.place(p), sectors()), p


@pytest.mark.slow
def test_foresight_agrees_with_the_exhaustive_search_two_sectors_before_the_end() -> None:
    zone = prefix(4, 7)
    sid = next_sector(zone)
    seer = Foresight(sectors())
    for p in legal_placements(zone, sid, sectors())[::25]:
        verdict = seer.zone_verdict(zone.place(p))
        assert verdict is not None and verdict == reference(zone.place(p), sectors()), p


def test_a_far_away_sector_cuts_the_zone_off() -> None:
    zone = Zone((Placement("s01", "a", 0, (0, 0)), Placement("s05", "b", 0, (6, 6))))
    seer = Foresight(sectors())
    assert seer.zone_verdict(zone) is False
    why = seer.zone_cut_off(zone)
    assert why is not None and why.rule == "MAP-5"
    assert seer.zone_cut_off(prefix(3, 4)) is None


def test_out_of_budget_is_undecided_and_refused_never_called_completable() -> None:
    """The hard bound: with no nodes to spend nothing but the one-network shortcut is proven;
    an undecided placement is refused like a dead end (the Zone stays provably completable)."""
    zone = prefix(0, 5)
    sid = next_sector(zone)
    tight = Foresight(sectors(), budget=1, sector_budget=1)
    free = Foresight(sectors())
    tight_verdicts = tight.sector_verdicts(zone, sid).verdicts
    free_verdicts = free.sector_verdicts(zone, sid).verdicts
    assert None in tight_verdicts.values()
    for p, verdict in tight_verdicts.items():
        if verdict is not None:
            assert verdict == free_verdicts[p]
        else:
            assert p in tight.dead_ends(zone, sid)
    undecided = next(p for p, v in tight_verdicts.items() if v is None)
    why = tight.cut_off(zone, undecided)
    assert why is not None and why.key == "undecided"


# --- the memo and the answers -------------------------------------------------------------------


def test_asking_again_costs_no_search() -> None:
    zone = prefix(5, 5)
    sid = next_sector(zone)
    seer = Foresight(sectors())
    first = seer.dead_ends(zone, sid)
    nodes = seer.nodes
    assert seer.dead_ends(zone, sid) == first
    assert seer.nodes == nodes


def test_answers_do_not_depend_on_what_was_asked_before() -> None:
    """A game's legal placements depend on its Zone only (the memo lives for one question)."""
    zone = prefix(7, 6)
    sid = next_sector(zone)
    alone = Foresight(sectors()).sector_verdicts(zone, sid)
    seasoned = Foresight(sectors())
    for size in range(1, 6):
        part = prefix(7, size)
        seasoned.sector_verdicts(part, next_sector(part))
    assert seasoned.sector_verdicts(zone, sid) == alone


def test_a_turned_and_moved_zone_is_the_same_state() -> None:
    """Symmetry: the whole Zone turned by a sixth and moved has the same memo key."""
    zone = prefix(6, 6)
    seer = Foresight(sectors())
    start = seer._start(zone)
    assert start is not None
    key = seer._key(*start)
    for turn in range(6):
        moved = seer._start(zone.transformed(turn, (3, -2)))
        assert moved is not None and seer._key(*moved) == key
        assert seer.zone_verdict(zone.transformed(turn, (3, -2))) == seer.zone_verdict(zone)


def test_the_answers_are_bounded() -> None:
    seer = Foresight(sectors(), answers_limit=3)
    for size in range(1, 8):
        zone = prefix(2, size)
        seer.sector_verdicts(zone, next_sector(zone))
        assert len(seer.answers) <= 3


def test_module_functions_match_a_shared_foresight() -> None:
    zone = prefix(2, 6)
    sid = next_sector(zone)
    seer = Foresight(sectors())
    assert dead_ends(zone, sid, sectors(), foresight=seer) == dead_ends(zone, sid, sectors())
    first = legal_placements(zone, sid, sectors())[0]
    assert completable(zone, first, sectors()) == (first not in seer.dead_ends(zone, sid))


# --- reasons ----------------------------------------------------------------------------------


def test_directions_on_the_printed_map() -> None:
    assert direction((0, 0), (0, 0)) == (0, "")
    assert direction((0, 0), (0, 3))[0] == 3
    assert direction((0, 0), (0, -1))[1].startswith("north")  # rows grow downwards
    assert direction((0, 0), (0, 1))[1].startswith("south")
    assert direction((0, 0), (1, 0))[1] in ("east", "north-east")
    assert direction((0, 0), (-1, 0))[1] in ("west", "south-west")


@pytest.mark.parametrize(("seed", "size"), [(11, 6), (0, 8), (1, 8), (5, 5)])
def test_cut_off_says_why_in_words_exactly_for_the_refused(seed: int, size: int) -> None:
    zone = prefix(seed, size)
    sid = next_sector(zone)
    seer = Foresight(sectors())
    dead = seer.dead_ends(zone, sid)
    names = {s.id: s.name.get("en") for s in sectors()}
    for p in legal_placements(zone, sid, sectors()):
        why = seer.cut_off(zone, p)
        assert (why is not None) == (p in dead)
        if why is not None:
            assert why.key in CUT_OFF_TEXT and why.rule in ("MAP-5", "MAP-7", "TURN-4")
            text = why.english(names)
            assert "{" not in text and " s0" not in text and " s1" not in text
            assert "slot (" not in text
            params = dict(why.params)
            if why.key == "sector_cut_off":
                sector = params["sector"]
                assert isinstance(sector, str) and sector not in zone.place(p).sector_ids()
            if "direction" in params:
                assert "of the Village" in text


# --- TURN-4 in the game -----------------------------------------------------------------------


def layout_state(zone: Zone) -> GameState:
    state = fresh(1, players=2, zone_mode="hand")
    return replace(state, zone=zone)


def offered(state: GameState) -> set[Placement]:
    return {
        Placement(a.sector, a.face, a.rotation, a.slot)
        for a in legal_actions(state)
        if isinstance(a, PlaceSector)
    }


def test_legal_actions_offer_only_completable_placements_and_apply_refuses_the_rest() -> None:
    zone = prefix(0, 8)
    state = layout_state(zone)
    seer = foresight(state)
    todo = [s.id for s in sectors() if s.id not in zone.sector_ids()]
    every = {p for sid in todo for p in legal_placements(zone, sid, sectors())}
    dead = {p for p in every if not seer.completable(zone, p)}
    assert dead and offered(state) == every - dead
    assert set(placements(state)) == offered(state)
    p = sorted(dead, key=lambda q: (q.sector, q.slot, q.face, q.rotation))[0]
    before = state
    with pytest.raises(ZoneCutOff) as refused:
        apply(state, PlaceSector(p.sector, p.face, p.rotation, p.slot))
    assert isinstance(refused.value, LayoutRefused)
    assert refused.value.rule == "TURN-4" and refused.value.key == "dead_end"
    assert state == before and state.zone == zone
    reason = dict(refused.value.params)["reason"]
    assert reason in CUT_OFF_TEXT and cut_off(state, p) is not None
    assert " s0" not in str(refused.value) and "slot (" not in str(refused.value)


def test_a_hand_laid_zone_is_completed_never_replaced() -> None:
    """ "Deal the rest": whatever legal placements are picked, every sector placed by hand
    stays where it is and the tenth placement makes a valid Zone (TURN-4, MAP-5)."""
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
    assert not any("random Zone" in str(line) for line in state.notes)


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


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "size"), [(0, 8), (11, 6), (3, 4)])
def test_map_check_partial_agrees_with_the_layout_screen_on_every_slot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: int, size: int
) -> None:
    zone = prefix(seed, size)
    state = layout_state(zone)
    legal = tuple(a for a in legal_actions(state) if isinstance(a, PlaceSector))
    sid = next_sector(zone)
    dead = dead_placements(zone, sid, legal, sectors())
    for p in legal_placements(zone, sid, sectors()):
        good_slots, dead_slots, _ = slot_sets(legal, sid, p.face, p.rotation, dead)
        assert (p.slot in good_slots) != (p.slot in dead_slots)
        code, out = _check_partial(capsys, tmp_path / "partial.json", zone.place(p))
        assert code == (0 if p.slot in good_slots else 1), (p, out)
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


@pytest.mark.parametrize(
    "module",
    [
        "stalkerzone.engine.zone.foresight.search",
        "stalkerzone.engine.zone.foresight.reasons",
        "stalkerzone.engine.zone.foresight.library",
        "stalkerzone.engine.zone.random_zones",
        "stalkerzone.engine.zone.layout",
    ],
)
def test_the_layout_modules_import_in_any_order(module: str) -> None:
    """A script that imports the foresight (TURN-4), the random Zone (MAP-6) or the layout
    first works: none of them imports another back."""
    import subprocess
    import sys

    code = f"import {module}; from stalkerzone.engine.zone.foresight import Foresight"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
