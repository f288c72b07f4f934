"""Start-up of a one-shot ``stalkerzone odds`` (docs/architecture.md, Speed targets): with the
content cache warm, the command reads the cached packs and variant without pydantic, without the
lint checks or the card models, and its loading and fight set-up import neither :mod:`dataclasses`
(with :mod:`inspect`) nor OpenSSL's ``hashlib``, so the gain cannot silently regress."""

from __future__ import annotations

import argparse
import gc
import json
from pathlib import Path

import pytest

from stalkerzone.cli import ListedCommand, build_parser
from tests.lifecycle.test_life_startup import run_python as child_output

ODDS = ["odds", "--monster", "gorynych", "--colour", "red", "--json"]
COMMAND = (
    "import json, sys\n"
    "from stalkerzone.cli import main\n"
    f"code = main({ODDS!r})\n"
    "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n"
)
LOADING = (  # what `odds` does before its solver runs, with the same modules
    "import json, sys\n"
    "from stalkerzone.commands.options import parse_cards\n"
    "from stalkerzone.content.loader import load_packs\n"
    "from stalkerzone.content.pack_cache import PackCache\n"
    "from stalkerzone.content.report import report\n"
    "from stalkerzone.content.variants import load_variant\n"
    "from stalkerzone.engine.core.cards import Colour\n"
    "from stalkerzone.engine.fight.combat import StalkerSide, start_fight\n"
    "from stalkerzone.engine.core.loadout import Loadout\n"
    "cache = PackCache.from_environment()\n"
    "result = load_packs(list(parse_cards([])), cache=cache)\n"
    "report(result, 'odds')\n"
    "cards = result.cards\n"
    "variant = load_variant('standard', cache=cache)\n"
    "loadout = Loadout(cards.stalkers[0])\n"
    "side = StalkerSide.from_loadout(loadout, variant, 100, 0)\n"
    "fight = start_fight(side, cards.get('gorynych'), Colour.RED)\n"
    "print(json.dumps({'hits': cache.hits, 'round': fight.round,\n"
    "                  'modules': sorted(sys.modules)}))\n"
)
NEVER_WARM = {
    "pydantic",
    "stalkerzone.content.lint",
    "stalkerzone.content.models",
    "stalkerzone.content.pack_validation",
    "stalkerzone.content.variant_file",
    "tomllib",
    "difflib",
}
NOT_BEFORE_THE_SOLVER = {"dataclasses", "inspect", "_hashlib"}


def run_python(code: str, home: Path) -> dict[str, object]:
    *printed, last = child_output(["-c", code], home).splitlines()
    found: dict[str, object] = json.loads(last)
    found["printed"] = printed
    return found


def top_level(modules: object) -> set[str]:
    assert isinstance(modules, list)
    return {name for name in modules if isinstance(name, str)} | {
        name.split(".")[0] for name in modules if isinstance(name, str)
    }


def test_life_warm_odds_reads_the_cache_without_validating(tmp_path: Path) -> None:
    cold = run_python(COMMAND, tmp_path)
    warm = run_python(COMMAND, tmp_path)
    assert cold["code"] == warm["code"] == 0 and cold["printed"] == warm["printed"]
    assert "pydantic" in top_level(cold["modules"])  # the cold run did validate
    assert top_level(warm["modules"]) & NEVER_WARM == set()


@pytest.mark.slow
def test_life_warm_odds_loads_and_sets_up_without_dataclasses(tmp_path: Path) -> None:
    run_python(COMMAND, tmp_path)  # fills the cache
    warm = run_python(LOADING, tmp_path)
    assert warm["hits"] == 2 and warm["round"] == 1  # packs and variant from the cache
    modules = top_level(warm["modules"])
    assert modules & (NEVER_WARM | NOT_BEFORE_THE_SOLVER) == set()
    assert "stalkerzone.engine.core.cards" in modules


BARE_COMMAND = (  # the command alone: this script imports nothing the command might not
    "import sys\n"
    "from stalkerzone.cli import main\n"
    f"code = main({ODDS!r})\n"
    "print(code, *sorted(sys.modules))\n"
)
NEVER_ONE_SHOT = {"json", "pickle", "numpy"}
"""Not imported by a warm one-shot odds: its answer is written without :mod:`json`, the entry
read by the C unpickler alone, a base fight solved on the plain grid."""


def run_bare(home: Path) -> tuple[str, str, set[str]]:
    """(the answer printed, the exit code, the modules) of one run of BARE_COMMAND."""
    answer, modules = child_output(["-c", BARE_COMMAND], home).splitlines()
    code, *names = modules.split()
    return answer, code, set(names)


@pytest.mark.slow
def test_life_warm_odds_imports_neither_json_nor_pickle(tmp_path: Path) -> None:
    cold_answer, _, cold_modules = run_bare(tmp_path)
    answer, code, modules = run_bare(tmp_path)
    assert code == "0" and answer == cold_answer and "pickle" in cold_modules  # it wrote
    assert json.loads(answer).keys() == {"win", "death", "escape", "expected_rounds"}
    assert modules & NEVER_ONE_SHOT == set() and "stalkerzone.odds" in modules


def test_life_only_the_command_run_gets_a_full_parser() -> None:
    """The other commands are listed with their summaries, never built (nor asked to parse)."""
    parser = build_parser("odds")
    parsed = parser.parse_args(["odds", "--monster", "gorynych", "--colour", "red"])
    assert (parsed.command, parsed.monster) == ("odds", "gorynych")
    assert parser.format_help() == build_parser().format_help()
    listed = ListedCommand("stalkerzone cards")
    with pytest.raises(AssertionError, match="stalkerzone cards"):
        listed.parse_known_args(["check"], argparse.Namespace())
    with pytest.raises(SystemExit):  # an unknown command: the choices, no listed parser asked
        build_parser().parse_args(["nonsense"])


PROCESS_COMMAND = (  # main() as the process's command line (sys.argv), as `stalkerzone` runs it
    "import gc, json, sys\n"
    "from stalkerzone.cli import main\n"
    f"sys.argv = ['stalkerzone', *{ODDS!r}]\n"
    "code = main()\n"
    "print(json.dumps({'code': code, 'on': gc.isenabled(), 'frozen': gc.get_freeze_count()}))\n"
)


@pytest.mark.slow
def test_life_the_command_line_imports_its_command_for_good(tmp_path: Path) -> None:
    """Run as the process's command line, the command's modules are imported without the
    collector and then frozen (kept out of its passes), the collector on again; the answer is
    the same as in a caller's process, where nothing is frozen."""
    run = run_python(PROCESS_COMMAND, tmp_path)
    assert run["code"] == 0 and run["on"] is True
    assert isinstance(run["frozen"], int) and run["frozen"] > 1000
    called = run_python(COMMAND, tmp_path)  # main(argv) as a caller runs it
    assert called["printed"] == run["printed"] and gc.get_freeze_count() == 0
