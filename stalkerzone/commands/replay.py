"""`stalkerzone replay` (ARCHITECTURE.md). Placeholder: not built yet."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(subparsers: Any) -> None:
    subparsers.add_parser("replay", help="(not built yet)")


def run(args: argparse.Namespace) -> int:
    print("stalkerzone replay: not built yet")
    return 1
