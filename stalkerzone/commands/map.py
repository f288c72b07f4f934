"""`stalkerzone map` (ARCHITECTURE.md). Placeholder: not built yet."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(subparsers: Any) -> None:
    subparsers.add_parser("map", help="(not built yet)")


def run(args: argparse.Namespace) -> int:
    print("stalkerzone map: not built yet")
    return 1
