"""The foresight's questions (TURN-4) run with the cyclic collector paused, and leave it as
they found it (engine.zone.foresight.collector)."""

from __future__ import annotations

import gc
import random

from stalkerzone.engine.zone import Zone, random_zone
from stalkerzone.engine.zone.foresight import Foresight
from stalkerzone.engine.zone.foresight.collector import collector_paused
from tests.support.base import sectors


def test_a_question_runs_with_the_collector_paused_and_restores_it() -> None:
    tiles = sectors()
    seer = Foresight(tiles)
    seen: list[bool] = []
    bounded = seer._bounded

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return bounded(*args, **kwargs)  # type: ignore[arg-type]

    seer._bounded = spy  # type: ignore[assignment,method-assign]
    whole = random_zone(tiles, random.Random(3))
    zone = Zone(whole.placements[:4])
    assert gc.isenabled()
    seer.sector_verdicts(zone, whole.placements[4].sector)
    assert seen and not any(seen)
    assert gc.isenabled()


def test_the_collector_stays_off_for_a_caller_that_turned_it_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
