"""The layout screen's presenter: legal, dead-end and turned slots, the MAP-5 checklist and the
"deal the rest" pick, computed without a window."""

from __future__ import annotations

from stalkerzone.client.screens.layout.presenter import checklist, deal_choice, slot_sets
from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.play import EndTurn, PlaceSector
from stalkerzone.engine.zone import Placement, Zone, ZoneProblem
from tests.support.base import sectors
from tests.support.game import fresh


def test_slots_split_into_legal_dead_end_and_fits_when_turned() -> None:
    legal = (
        PlaceSector("s1", "a", 0, (0, 0)),
        PlaceSector("s1", "a", 0, (1, 0)),
        PlaceSector("s1", "a", 2, (2, 0)),
        PlaceSector("s1", "b", 0, (3, 0)),
        PlaceSector("s2", "a", 0, (4, 0)),
    )
    dead = (Placement("s1", "a", 0, (1, 0)), Placement("s1", "a", 2, (2, 0)))
    good, dead_here, other = slot_sets(legal, "s1", "a", 0, dead)
    assert good == {(0, 0)}
    assert dead_here == {(1, 0)}  # a dead end at another rotation is not shown here
    assert other == {(2, 0), (3, 0)}  # s2's slot is not s1's business
    assert slot_sets((), "s1", "a", 0, ()) == (set(), set(), set())


def test_checklist_counts_sectors_unique_sites_and_cut_off_sectors() -> None:
    by_id = {s.id: s for s in sectors()}
    empty = checklist(Zone(), by_id, ())
    assert empty[0].text == "The Zone so far" and empty[0].tone == "title"
    assert empty[1].text == f"Sectors placed: 0 / {len(by_id)}" and empty[1].tone == "open"
    assert all(line.tone == "missing" for line in empty[2:-1])  # no unique site yet
    assert empty[-1].tone == "done"
    state = fresh(2)  # a random, finished Zone
    full = checklist(state.zone, by_id, ())
    assert all(line.tone == "done" for line in full[1:])
    cut = ZoneProblem("MAP-5", "s1", "no road reaches sector s1")
    lines = checklist(state.zone, by_id, (cut, ZoneProblem("MAP-4", "s2", "roads do not meet")))
    assert lines[-1].tone == "warn" and "(1 cut off)" in lines[-1].text


def test_deal_the_rest_picks_a_legal_placement_without_randomness() -> None:
    state = fresh(4, zone_mode="hand")
    legal = legal_actions(state)
    pick = deal_choice(state.zone, (*legal, EndTurn()), 11)
    assert isinstance(pick, PlaceSector) and pick in legal
    assert deal_choice(state.zone, legal, 11) == deal_choice(state.zone, legal, 11)
