"""Benchmark: frozen value classes (``stalkerzone.engine.core.frozen_classes``) against the
reference, ``@dataclass(frozen=True, slots=True)``, on the same fields.

    python benchmarks/bench_frozen.py [--runs 7]

Medians over ``--runs`` of, for a class shaped like the engine's ``MonsterSide`` (13 fields,
most with defaults):

- **make the class**: what a module pays at import for each of its classes (the reason for
  ``frozen``: no methods compiled from source, no :mod:`dataclasses` import);
- **construct** (5 arguments by position) during a class's first ``UPGRADE_AFTER`` calls
  (frozen's shared functions), then **construct**, **replace** one field, **hash**, **equal**
  (two equal values), **unpickle** once the class is in use (frozen has switched to the
  methods dataclasses generates): what running code pays per value.

Printed in microseconds and as ratios frozen / dataclass.
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.engine.core import frozen_classes as fz

MAKERS: dict[str, Callable[[type], type]] = {
    "dataclass": dataclasses.dataclass(frozen=True, slots=True),
    "frozen": fz.frozen,
}


def make_class(decorate: Callable[[type], type]) -> type:
    """A class shaped like the engine's ``MonsterSide``, made by ``decorate``."""

    class Side:
        name: str
        colour: str
        health: int
        attack: tuple[int, ...]
        defence: int
        drain: int = 0
        paralysis_rolls: int = 0
        paralysis_faces: frozenset[int] = frozenset({4, 5, 6})
        first_strike: bool = False
        regeneration: int = 0
        multi_attacks: int = 1
        multi_rounds: frozenset[int] = frozenset()
        card_id: str = ""

    return decorate(Side)


SIDES = {name: make_class(decorate) for name, decorate in MAKERS.items()}
for _name, _side in SIDES.items():  # picklable by name, for the unpickle case
    _side.__qualname__ = _side.__name__ = f"{_name}_side"
    globals()[_side.__name__] = _side


def per_call(action: Callable[[], object], number: int) -> float:
    """Microseconds per call of ``action``."""
    start = time.perf_counter()
    for _ in range(number):
        action()
    return (time.perf_counter() - start) / number * 1e6


def measure(decorate: Callable[[type], type]) -> dict[str, float]:
    cls = SIDES["frozen" if decorate is fz.frozen else "dataclass"]
    fresh = make_class(decorate)  # its first calls: frozen's shared functions
    first_calls = per_call(lambda: fresh("bloodsucker", "red", 12, (2, 6), 1), fz.UPGRADE_AFTER - 1)
    for _ in range(fz.UPGRADE_AFTER):  # from here on: the generated methods
        cls("bloodsucker", "red", 12, (2, 6), 1)
    value = cls("bloodsucker", "red", 12, (2, 6), 1, drain=1)
    twin = cls("bloodsucker", "red", 12, (2, 6), 1, drain=1)
    data = pickle.dumps(value)
    replace = fz.replace if decorate is fz.frozen else dataclasses.replace
    return {
        "make the class": per_call(lambda: make_class(decorate), 100),
        "construct, first": first_calls,
        "construct": per_call(lambda: cls("bloodsucker", "red", 12, (2, 6), 1), 20000),
        "replace": per_call(lambda: replace(value, health=5), 20000),
        "hash": per_call(lambda: hash(value), 50000),
        "equal": per_call(lambda: value == twin, 50000),
        "unpickle": per_call(lambda: pickle.loads(data), 20000),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    samples: dict[str, dict[str, list[float]]] = {name: {} for name in MAKERS}
    for _ in range(args.runs):  # interleaved, so that a busy machine slows both alike
        for name, decorate in MAKERS.items():
            for case, micro in measure(decorate).items():
                samples[name].setdefault(case, []).append(micro)
    print(f"median of {args.runs} runs, microseconds per call (frozen / dataclass):")
    for case in samples["dataclass"]:
        reference = statistics.median(samples["dataclass"][case])
        mine = statistics.median(samples["frozen"][case])
        print(
            f"  {case:<16} dataclass {reference:8.2f}  frozen {mine:8.2f}  {mine / reference:5.2f}x"
        )


if __name__ == "__main__":
    main()
