"""Benchmark: CPU time of ``stalkerzone --help`` (target ≤ 3× a bare interpreter).

    python benchmarks/bench_startup.py [--repeat 15]

Each figure is the median CPU time (user + system of the child process) of ``--repeat`` fresh
processes, all measured in the same run and interleaved so that a busy machine slows them alike:

- **bare interpreter**: ``python -c pass``, the floor every command pays;
- **--help**: ``python -m stalkerzone --help`` as shipped (only the summaries of the commands,
  no command module imported);
- **eager parser**: the naive way, every command module imported to build the full parser;
- **cards check**: a one-shot command that loads and validates the base pack, for scale.
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
CASES: dict[str, list[str]] = {
    "bare interpreter": ["-c", "pass"],
    "--help": ["-m", "stalkerzone", "--help"],
    "eager parser": ["-c", EAGER],
    "cards check": ["-m", "stalkerzone", "cards", "check", "--no-user"],
}


def cpu_seconds(arguments: list[str], env: dict[str, str]) -> float:
    """CPU time (user + system) of one child process running the interpreter."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, *arguments], env=env, check=True, stdout=subprocess.DEVNULL, cwd=ROOT
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "STALKERZONE_HOME": home}
        times: dict[str, list[float]] = {name: [] for name in CASES}
        for arguments in CASES.values():  # warm the file cache and the bytecode
            cpu_seconds(arguments, env)
        for _ in range(args.repeat):
            for name, arguments in CASES.items():
                times[name].append(cpu_seconds(arguments, env))
    bare = statistics.median(times["bare interpreter"])
    print(f"CPU time per process, median of {args.repeat} (spread = min..max):")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(
            f"  {name:<17} {median * 1000:7.1f} ms  ({min(samples) * 1000:.1f}.."
            f"{max(samples) * 1000:.1f})  {median / bare:5.2f}x bare"
        )
    ratio = statistics.median(times["--help"]) / bare
    print(f"--help / bare interpreter: {ratio:.2f}x (target <= 3x)")


if __name__ == "__main__":
    main()
