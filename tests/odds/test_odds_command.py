"""The one-shot ``stalkerzone odds`` (docs/architecture.md, Exact odds): its answers on the plain
grid,
byte for byte as the command printed them before its start-up work (FIGHT-*, ABIL-*, EQ-*), and
within 1e-12 of the numpy grid's; ``--json`` is what :mod:`json` writes, without importing it."""

from __future__ import annotations

import itertools
import json
import math
import random
import shlex
import struct

import pytest

from stalkerzone.cli import main
from stalkerzone.commands import odds as odds_command
from stalkerzone.odds import OddsSolver

# (arguments, the --json line the command printed for them)
ANSWERS = [
    (
        "--monster gorynych --colour red",
        (
            '{"win": 0.0, "death": 0.9999999999999998, "escape": 0.0, '
            '"expected_rounds": 2.19378596976287}'
        ),
    ),
    (
        "--monster gorynych --colour green --stalker bugai --weapon ak-47 --policy best",
        (
            '{"win": 0.9999999917309141, "death": 0.0, "escape": 8.269085860490577e-09, '
            '"expected_rounds": 1.3768005107133814}'
        ),
    ),
    (
        (
            "--monster yellowbreast --colour red --stalker sledopyt --weapon svd"
            " --mods sniper-pso-scope --armour army-helmet,stalker-suit --policy best"
        ),
        (
            '{"win": 0.6779668530567312, "death": 0.0, "escape": 0.3220331469432688, '
            '"expected_rounds": 2.6047525221270855}'
        ),
    ),
    (
        (
            "--monster leshak --colour yellow --stalker mazhor --weapon gauss-rifle"
            " --mods gauss-battery --armour exoskeleton --artifacts medusa,night-star"
            " --policy best"
        ),
        '{"win": 1.0, "death": 0.0, "escape": 0.0, "expected_rounds": 1.229736864566803}',
    ),
    (
        (
            "--monster clawwing --colour red --stalker shustry --weapon toz-34"
            " --event monster-first --policy escape"
        ),
        '{"win": 0.0, "death": 0.0, "escape": 1.0, "expected_rounds": 0.9999999999999998}',
    ),
    (
        (
            "--monster blind-mole --colour green --weapon groza --health 12 --reputation 3"
            " --policy best"
        ),
        (
            '{"win": 0.9999501778436009, "death": 4.982215639895595e-05, "escape": 0.0, '
            '"expected_rounds": 1.337382284568593}'
        ),
    ),
    (
        (
            "--monster cerberus --colour red --stalker nosorog --weapon saiga-12"
            " --mods shotgun-slugs --event stalker-twice"
        ),
        (
            '{"win": 0.46116601550285496, "death": 0.5388339844971451, "escape": 0.0, '
            '"expected_rounds": 1.559699523595932}'
        ),
    ),
    (
        (
            "--monster chimera --colour yellow --stalker gromoboy --weapon pm-pistol"
            " --event protection-minus-one --policy best"
        ),
        (
            '{"win": 4.568148148148146e-06, "death": 0.0, "escape": 0.9999954318518518, '
            '"expected_rounds": 2.3726830978472226}'
        ),
    ),
    (
        (
            "--monster burer --colour red --stalker bugai --weapon desert-eagle --epicenter"
            " --policy best"
        ),
        (
            '{"win": 1.1292752114052842e-06, "death": 0.9999988707247883, "escape": 0.0, '
            '"expected_rounds": 2.942714077363295}'
        ),
    ),
    (
        (
            "--monster boar --colour yellow --stalker sledopyt --weapon berdan-rifle"
            " --event monster-max-attack --policy escape"
        ),
        '{"win": 0.0, "death": 0.0, "escape": 1.0, "expected_rounds": 0.9999999999999999}',
    ),
    (
        (
            "--monster-health 20 --monster-attack 2d6+1 --monster-defence 2 --attack 3d6"
            " --defence 3 --health 25 --policy best"
        ),
        (
            '{"win": 0.8977304326780481, "death": 0.0, "escape": 0.10226956732195192, '
            '"expected_rounds": 2.834368402314414}'
        ),
    ),
    (
        (
            "--monster-health 40 --monster-attack 1d6 --attack 1d6+1 --defence 1 --reputation 2"
            " --policy escape"
        ),
        (
            '{"win": 0.0, "death": 3.168259403803539e-08, "escape": 0.999999968317406, '
            '"expected_rounds": 1.1999999619808874}'
        ),
    ),
]
TABLE = (
    "--monster leshak --colour red --stalker bugai --weapon ak-47 --artifacts soul"
    " --event monster-first --policy best",
    "Bugai: health 45/45, attack 3d6-1, defence 0, reputation 0, escape bonus +0\n"
    "Leshak (red): health 36, attack 3d6+3, defence 3; first strike\n"
    "  monster_attacks_first\n"
    "\n"
    "  policy        win    death   escape  rounds\n"
    "  attack      0.33%   99.67%    0.00%    3.83\n"
    "  escape      0.00%    0.00%  100.00%    1.00\n"
    "* best        0.00%    0.00%  100.00%    2.21\n",
)


def printed(capsys: pytest.CaptureFixture[str], arguments: str) -> str:
    assert main(["odds", *shlex.split(arguments)]) == 0
    out: str = capsys.readouterr().out
    return out


def test_odds_command_prints_the_same_answers(capsys: pytest.CaptureFixture[str]) -> None:
    for arguments, answer in ANSWERS:
        assert printed(capsys, arguments + " --json") == answer + "\n", arguments
    assert printed(capsys, TABLE[0]) == TABLE[1]


def test_odds_command_agrees_with_the_numpy_grid(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same fights with no plain states: numpy's grid, in this process."""
    monkeypatch.setattr(OddsSolver, "PLAIN_STATES", 0)
    for arguments, answer in ANSWERS:
        fast = json.loads(printed(capsys, arguments + " --json"))
        plain = json.loads(answer)
        assert fast.keys() == plain.keys(), arguments
        for key, value in plain.items():
            assert math.isclose(fast[key], value, rel_tol=0, abs_tol=1e-12), (arguments, key)


def _floats() -> list[float]:
    rng = random.Random(12)
    found = [0.0, -0.0, 1.0, 0.1, 1e-300, 5e-324, 1e16, 1e22, 123456789.0, 2.5e-7, 1 / 3]
    found += [struct.unpack("<d", rng.randbytes(8))[0] for _ in range(2000)]
    found += [rng.random() for _ in range(2000)]
    return [f for f in found if math.isfinite(f)]


def test_odds_command_json_text_is_what_json_writes() -> None:
    values = _floats()
    for win, death in itertools.pairwise(values):
        answer = {"win": win, "death": death, "escape": 0.0, "expected_rounds": None}
        assert odds_command.json_text(answer) == json.dumps(answer)
    for odd in ({"rounds": math.inf}, {"rounds": math.nan}, {"ok": True}, {"n": 3, "t": "x"}):
        assert odds_command.json_text(odd) == json.dumps(odd)
    assert odds_command.json_text({"a b": 1.0, "é": 2}) == json.dumps({"a b": 1.0, "é": 2})
