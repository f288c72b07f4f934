"""Make ``stalkerzone/engine/zone/foresight/closed_zones.py``: every valid closed-roads Zone (MAP-5,
MAP-7) of the shipped sectors, up to rotation and translation, for the dead-end foresight
(TURN-4).

Run ``python scripts/make_closed_zones.py`` after changing a sector's roads (a few minutes and
about 1.5 GB: the search is exhaustive, see
:func:`stalkerzone.engine.zone.foresight.library.enumerate_closed`); the module is committed, so
playing needs no build step. Until it is rewritten, the foresight searches for sectors whose
masks differ from the stored ones (``tests/zone/test_zone_foresight_closed.py`` fails then).
"""

from __future__ import annotations

import time
from pathlib import Path

from stalkerzone.content.tiles import load_sectors
from stalkerzone.engine.zone.foresight import Foresight
from stalkerzone.engine.zone.foresight.library import enumerate_closed, write_zones

TARGET = (
    Path(__file__).resolve().parent.parent / "stalkerzone/engine/zone/foresight/closed_zones.py"
)


def main() -> None:
    start = time.perf_counter()
    seer = Foresight(load_sectors(), closed_roads=True)
    zones = enumerate_closed(seer)
    TARGET.write_text(write_zones(seer, zones), encoding="utf-8")
    print(f"{len(zones)} closed Zones in {time.perf_counter() - start:.0f} s -> {TARGET}")


if __name__ == "__main__":
    main()
