"""`stalkerzone replay SAVE`: re-run a saved game from its seed and actions (docs/architecture.md).

With ``--json`` the output also holds ``"story"``: the game's story as on the game-over screen
(:mod:`stalkerzone.story`: money, health and Elements per round, fights, luck against the odds),
of the replayed actions.

Exit 0 when the replay reaches exactly the saved state, 1 when it diverges (the first diverging
action is named), 2 when the save cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from stalkerzone.commands.options import parse_cards
from stalkerzone.persistence.serialize import action_to_json


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="re-run a saved game from seed + actions and check it ends in the same state",
        description="Re-apply a save's actions from its seed and check that the game reaches "
        "exactly the saved state. Exit 0 same, 1 diverged, 2 unreadable save.",
    )
    parser.add_argument("save", type=Path, metavar="SAVE", help="a save file (JSON)")
    parser.add_argument(
        "--cards",
        action="append",
        default=[],
        metavar="DIR",
        help="an extra card pack folder (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def run(args: argparse.Namespace) -> int:
    from stalkerzone.persistence.saves import replay_save

    report = replay_save(args.save, extra_dirs=parse_cards(args.cards))
    divergence = report.divergence
    if args.json:
        out: dict[str, Any] = {
            "save": str(report.path),
            "actions": report.actions,
            "same": report.same,
            "checksum": report.checksum,
        }
        if divergence is not None:
            out["diverged_at"] = divergence.index
            out["action"] = action_to_json(divergence.action) if divergence.action else None
            out["reason"] = divergence.reason
            out["difference"] = report.difference
        if report.record is not None:
            from stalkerzone.story import build_story

            out["story"] = build_story(report.record).to_json()
        print(json.dumps(out, ensure_ascii=False))
    elif report.same:
        same = f"same final state ({report.checksum})"
        print(f"{report.path}: replayed {report.actions} actions: {same}")
    else:
        assert divergence is not None
        what = ""
        if divergence.action is not None:
            what = " " + json.dumps(action_to_json(divergence.action), ensure_ascii=False)
        print(
            f"{report.path}: diverged at action {divergence.index}{what}: {divergence.reason}",
            file=sys.stdout,
        )
        if report.difference:
            print(f"  first difference in the final state: {report.difference}")
    return 0 if report.same else 1
