"""Benchmark: start-up CPU time of the command line and of the client (headless).

    python benchmarks/bench_startup.py [--repeat 7] [--against OTHER_CHECKOUT]

Targets: ``stalkerzone --help`` ≤ 3× a bare interpreter; a one-shot ``odds`` ≤ 120 ms; window to
the title frame ≤ 1 s; to the first board frame ≤ 1.5 s.

Each figure is the median CPU time (user + system, ``getrusage`` of the child) of ``--repeat``
fresh processes, all measured in the same run and interleaved so that a busy machine slows
them alike; the machine may be shared, so CPU time is the figure, not wall time. Bytecode is
cached (in a temporary ``PYTHONPYCACHEPREFIX``) as an installed package has it; the user folders
(``STALKERZONE_HOME``), the content cache included, are a temporary folder.

- **bare interpreter**: ``python -c pass``, the floor every command pays;
- **--help**: as shipped (only the summaries of the commands, no command module imported);
  **eager parser**: the naive way, every command module imported to build the full parser;
- **cards check** and **odds** (gorynych, red, ``--json``): with the content cache warm (the
  packs and the variant read back from one cache file, no pydantic) and with ``--no-cache``
  (validated again, the reference); **odds set-up**: the odds command's work up to its solver
  (the parser, packs, variant, the fight; the solver not imported): the command line's part;
- **import arcade**: ``import arcade`` alone (headless), the floor of every window case; **import
  arcade, headless fix**: ``import stalkerzone.client``, arcade as the client imports it (pyglet's
  silent audio driver chosen first, no FFmpeg or GdkPixbuf probes; ``client.app.headless``), so
  "window to title" minus this row is the client's own start-up;
- **window to title**: open the headless window, show the title screen, draw and finish one
  frame; **first board frame**: then start a two-seat game on a random Zone and draw its board,
  content cache warm and ``STALKERZONE_NO_CACHE=1``;
- with ``--against DIR``: the one-shot and window cases again with ``DIR`` (another checkout,
  e.g. the main branch) on ``PYTHONPATH``, in the same run: the ratio of this tree to that one.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EAGER = (
    "from stalkerzone.cli import COMMANDS\n"
    "import importlib, argparse\n"
    "parser = argparse.ArgumentParser(prog='stalkerzone')\n"
    "sub = parser.add_subparsers(dest='command')\n"
    "for name in COMMANDS:\n"
    "    importlib.import_module('stalkerzone.commands.' + name).add_parser(sub)\n"
    "parser.format_help()\n"
)
WINDOW = (
    "import os, sys\n"
    "from stalkerzone.client.app.window import Presets, make_context, open_window\n"
    "def frame(window):\n"
    "    window.dispatch_event('on_draw'); window.dispatch_events(); window.ctx.finish()\n"
    "app = make_context(Presets())\n"
    "window = open_window(app)\n"
    "window.show_screen('title')\n"
    "frame(window)\n"
    "if sys.argv[1] == 'board':\n"
    "    from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec\n"
    "    stalkers = [s.id for s in app.cards().cards.stalkers]\n"
    "    seats = (SeatSpec('Anna', stalkers[0]), SeatSpec('Boris', stalkers[1], 'normal'))\n"
    "    app.session = GameSession.start(app, GameSpec(11, seats, zone_mode='free'))\n"
    "    app.session.show(window)\n"
    "    assert window.current_screen.kind == 'board', window.current_screen\n"
    "    frame(window)\n"
    "sys.stdout.flush()\n"
    "os._exit(0)\n"
)
ODDS = ["-m", "stalkerzone", "odds", "--monster", "gorynych", "--colour", "red", "--json"]
ODDS_SET_UP = (  # the odds command up to its solver: arguments, packs, variant, the fight
    "from stalkerzone.cli import build_parser\n"
    "from stalkerzone.content.loader import load_packs\n"
    "from stalkerzone.content.pack_cache import PackCache\n"
    "from stalkerzone.content.report import report\n"
    "from stalkerzone.content.variants import load_variant\n"
    "from stalkerzone.engine.core.cards import Colour\n"
    "from stalkerzone.engine.fight.combat import StalkerSide, start_fight\n"
    "from stalkerzone.engine.core.loadout import Loadout\n"
    "build_parser()\n"
    "cache = PackCache.from_environment()\n"
    "result = load_packs([], cache=cache)\n"
    "report(result, 'odds')\n"
    "variant = load_variant('standard', cache=cache)\n"
    "side = StalkerSide.from_loadout(Loadout(result.cards.stalkers[0]), variant, 30, 0)\n"
    "start_fight(side, result.cards.get('gorynych'), Colour.RED)\n"
)
CHECK = ["-m", "stalkerzone", "cards", "check", "--no-user"]
NO_CACHE = {"STALKERZONE_NO_CACHE": "1"}
CASES: dict[str, tuple[list[str], dict[str, str]]] = {
    "bare interpreter": (["-c", "pass"], {}),
    "--help": (["-m", "stalkerzone", "--help"], {}),
    "eager parser": (["-c", EAGER], {}),
    "cards check, warm": (CHECK, {}),
    "cards check, no cache": (CHECK, NO_CACHE),
    "odds, warm": (ODDS, {}),
    "odds, no cache": (ODDS, NO_CACHE),
    "odds set-up, warm (no solver)": (["-c", ODDS_SET_UP], {}),
    "import arcade": (["-c", "import arcade"], {}),
    "import arcade, headless fix": (["-c", "import stalkerzone.client"], {}),
    "window to title": (["-c", WINDOW, "title"], {}),
    "first board, warm": (["-c", WINDOW, "board"], {}),
    "first board, no cache": (["-c", WINDOW, "board"], NO_CACHE),
}
COMPARED = ("cards check, warm", "odds, warm", "window to title", "first board, warm")
TARGETS = {"odds, warm": 0.120, "window to title": 1.0, "first board, warm": 1.5}


def cpu_seconds(arguments: list[str], env: dict[str, str]) -> float:
    """CPU time (user + system) of one child process running the interpreter, in the folder of
    the tree on its ``PYTHONPATH`` (``python -m`` and ``-c`` put the working folder first)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, *arguments],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        cwd=env["PYTHONPATH"],
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout to measure alongside")
    args = parser.parse_args()
    cases = dict(CASES)
    if args.against is not None:
        other = {"PYTHONPATH": str(args.against.resolve())}
        cases.update({f"{name} [other]": (CASES[name][0], other) for name in COMPARED})
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as bytecode:
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("PYTHONDONTWRITEBYTECODE", "STALKERZONE_NO_CACHE")
        }
        env.update(
            PYTHONPATH=str(ROOT),
            STALKERZONE_HOME=home,
            PYTHONPYCACHEPREFIX=bytecode,
            ARCADE_HEADLESS="1",
        )
        times: dict[str, list[float]] = {name: [] for name in cases}
        for arguments, extra in cases.values():  # bytecode, file cache, content cache
            cpu_seconds(arguments, {**env, **extra})
        for _ in range(args.repeat):
            for name, (arguments, extra) in cases.items():
                times[name].append(cpu_seconds(arguments, {**env, **extra}))
    medians = {name: statistics.median(samples) for name, samples in times.items()}
    bare = medians["bare interpreter"]
    print(f"CPU time per process, median of {args.repeat} (spread = min..max); load average")
    print(f"{os.getloadavg()[0]:.2f} (a shared machine: read the ratios, measured together):")
    for name, samples in times.items():
        target = f"  target <= {TARGETS[name] * 1000:.0f} ms" if name in TARGETS else ""
        print(
            f"  {name:<30} {medians[name] * 1000:7.1f} ms  ({min(samples) * 1000:.1f}.."
            f"{max(samples) * 1000:.1f})  {medians[name] / bare:5.2f}x bare{target}"
        )
    print(f"--help / bare interpreter: {medians['--help'] / bare:.2f}x (target <= 3x)")
    print(f"--help / eager parser: {medians['--help'] / medians['eager parser']:.2f}x")
    set_up = medians["odds set-up, warm (no solver)"]
    print(f"odds set-up (all but the solver) above bare: {(set_up - bare) * 1000:.1f} ms")
    for what in ("cards check", "odds", "first board"):
        ratio = medians[f"{what}, warm"] / medians[f"{what}, no cache"]
        print(f"{what}: warm cache / no cache: {ratio:.2f}x")
    arcade_floor = medians["import arcade, headless fix"]
    print(
        f"window to title = import arcade, headless fix {arcade_floor * 1000:.0f} ms + the client's"
        f" own {(medians['window to title'] - arcade_floor) * 1000:.0f} ms"
        f" (plain import arcade: {medians['import arcade'] * 1000:.0f} ms)"
    )
    print(
        "first board, warm = window to title + the game and its board"
        f" {(medians['first board, warm'] - medians['window to title']) * 1000:.0f} ms"
    )
    if args.against is not None:
        for name in COMPARED:
            ratio = medians[name] / medians[f"{name} [other]"]
            print(f"{name}: this tree / {args.against}: {ratio:.2f}x")


if __name__ == "__main__":
    main()
