"""`stalkerzone play` (ARCHITECTURE.md). Placeholder: not built yet."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(subparsers: Any) -> None:
    subparsers.add_parser("play", help="(not built yet)")


def run(args: argparse.Namespace) -> int:
    print("stalkerzone play: not built yet")
    return 1
