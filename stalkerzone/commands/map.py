"""`stalkerzone map`: the sectors, a random valid Zone, and checking a layout file (MAP-1…7).

``map tiles --json`` / ``map random --seed S [--shape …] [--closed-roads] [--json]`` /
``map check FILE [--closed-roads]`` (exit 0 valid, 1 invalid, 2 unreadable);
``map check --partial FILE``: can this partial layout still be completed (TURN-4; exit 0 yes,
1 no with the reason, 2 unreadable) — the same foresight the game and its layout screen use.
JSON shapes as docs/architecture.md states (The ``map`` JSON shapes).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from stalkerzone import files
from stalkerzone.commands.options import parse_seed
from stalkerzone.content.tiles import load_sectors
from stalkerzone.engine.zone import (
    FACE_NAMES,
    SHAPES,
    Placement,
    Sector,
    Zone,
    ZoneImpossible,
    check_zone,
    random_zone,
)
from stalkerzone.engine.zone.foresight import Foresight
from stalkerzone.errors import UserError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("map", help="the sectors, random Zones, layout checks")
    sub = parser.add_subparsers(dest="map_command", metavar="SUBCOMMAND", required=True)
    tiles = sub.add_parser("tiles", help="the ten two-sided sectors")
    tiles.add_argument("--json", action="store_true", help="print JSON")
    tiles.add_argument("--tiles", type=Path, default=None, help=argparse.SUPPRESS)
    rnd = sub.add_parser("random", help="deal a random valid Zone")
    rnd.add_argument("--seed", required=True, help="a whole number 0..2**63-1")
    rnd.add_argument("--shape", choices=SHAPES, default="free")
    rnd.add_argument("--closed-roads", action="store_true", help="MAP-7: no road into space")
    rnd.add_argument("--json", action="store_true", help="print the layout as JSON")
    rnd.add_argument("--tiles", type=Path, default=None, help=argparse.SUPPRESS)
    check = sub.add_parser("check", help="check a Zone layout file (- or /dev/stdin: stdin)")
    check.add_argument("file")
    check.add_argument("--closed-roads", action="store_true", help="also check MAP-7")
    check.add_argument(
        "--partial", action="store_true", help="a layout under way: can it still be completed?"
    )
    check.add_argument("--tiles", type=Path, default=None, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    sectors = load_sectors(args.tiles)
    if args.map_command == "tiles":
        return _tiles(sectors, args.json)
    if args.map_command == "random":
        return _random(sectors, args)
    return _check(sectors, args)


def _tiles(sectors: tuple[Sector, ...], as_json: bool) -> int:
    data = {
        "radius": 2,
        "sectors": [
            {
                "id": s.id,
                "faces": {
                    name: {
                        "edges": list(face.edges),
                        "sites": [site.value for site in face.sites()],
                    }
                    for name, face in s.faces.items()
                },
            }
            for s in sectors
        ],
    }
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    for s in sectors:
        for name, face in s.faces.items():
            edges = "".join("R" if e else "." for e in face.edges)
            sites = ", ".join(site.value for site in face.sites())
            print(f"{s.id}{name}  {face.name.get('en'):<22} edges {edges}  {sites}")
    return 0


def layout_json(zone: Zone) -> dict[str, Any]:
    return {
        "placements": [
            {"sector": p.sector, "face": p.face, "rotation": p.rotation, "slot": list(p.slot)}
            for p in zone.placements
        ]
    }


def _random(sectors: tuple[Sector, ...], args: argparse.Namespace) -> int:
    seed = parse_seed(args.seed)
    try:
        zone = random_zone(sectors, random.Random(seed), args.shape, args.closed_roads)
    except ZoneImpossible as error:
        raise UserError(f"map random: {error}", exit_code=1) from None
    if args.json:
        print(json.dumps(layout_json(zone)))
        return 0
    roads = ", closed roads" if args.closed_roads else ""
    print(f"Zone (seed {seed}, shape {args.shape}{roads}): sector+face/rotation per slot")
    print(ascii_zone(zone))
    return 0


def ascii_zone(zone: Zone) -> str:
    """The slots drawn as a hex grid of labels like ``s01a3`` (sector, face, rotation)."""
    cells = {p.slot: f"{p.sector}{p.face}{p.rotation}" for p in zone.placements}
    if not cells:
        return "(empty)"
    cols = {slot: 2 * slot[0] + slot[1] for slot in cells}
    c0 = min(cols.values())
    r0, r1 = min(j for _, j in cells), max(j for _, j in cells)
    lines = []
    for j in range(r0, r1 + 1):
        row = {cols[s] - c0: label for s, label in cells.items() if s[1] == j}
        width = max(row) + 1 if row else 0
        text = "".join(row.get(c, "").center(4) if c in row else "   " for c in range(width))
        lines.append(text.rstrip())
    return "\n".join(lines)


MAX_LAYOUT_BYTES = 1_000_000
"""A layout of ten sectors is a few hundred bytes; anything over 1 MB is not a layout."""


def _read_source(source: str, name: str) -> bytes:
    """The bytes of the layout file, or of stdin for ``-`` (at most the limit either way)."""
    if source != "-":
        return files.read_bytes(source, limit=MAX_LAYOUT_BYTES, name=name)
    stream = getattr(sys.stdin, "buffer", None)
    raw = (
        stream.read(MAX_LAYOUT_BYTES + 1)
        if stream is not None
        else sys.stdin.read(MAX_LAYOUT_BYTES + 1).encode("utf-8", "surrogateescape")
    )
    if len(raw) > MAX_LAYOUT_BYTES:
        raise UserError(f"{name}: refused: larger than {MAX_LAYOUT_BYTES} bytes")
    return raw


def read_layout(source: str) -> Zone:
    """Parse a layout file (UserError, exit 2, naming the file and field when malformed).

    Read through :mod:`stalkerzone.files` (regular files only, at most 1 MB, JSON guarded)."""
    name = "<stdin>" if source in ("-", "/dev/stdin") else files.shorten(source, files.SHOWN_PATH)
    if source == "/dev/stdin":
        source = "-"
    raw = _read_source(source, name)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{name}: not UTF-8 text") from None
    try:
        data = files.load_json(text, name, max_depth=8)
    except files.FileRefused as error:
        raise UserError(f"{name}: not valid JSON: {error.reason}") from None
    if not isinstance(data, dict) or not isinstance(data.get("placements"), list):
        raise UserError(f'{name}: expected an object {{"placements": [...]}}')
    placements = []
    for k, raw in enumerate(data["placements"]):
        where = f"{name}: placements[{k}]"
        if not isinstance(raw, dict):
            raise UserError(f"{where}: expected an object")
        extra = set(raw) - {"sector", "face", "rotation", "slot"}
        if extra:
            raise UserError(f"{where}: unknown field {files.shorten(repr(sorted(extra)[0]))}")
        sector, face, rotation, slot = (raw.get(f) for f in ("sector", "face", "rotation", "slot"))
        if not isinstance(sector, str) or not 0 < len(sector) <= 40:
            raise UserError(f"{where}: sector: expected a sector id string")
        if face not in FACE_NAMES:
            raise UserError(f'{where}: face: expected "a" or "b"')
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation < 6:
            raise UserError(f"{where}: rotation: expected an integer 0…5")
        if not (
            isinstance(slot, list)
            and len(slot) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in slot)
        ):
            raise UserError(f"{where}: slot: expected [i, j] (two integers)")
        placements.append(Placement(sector, str(face), rotation, (slot[0], slot[1])))
    return Zone(tuple(placements))


def _check(sectors: tuple[Sector, ...], args: argparse.Namespace) -> int:
    zone = read_layout(args.file)
    if args.partial:
        return _check_partial(sectors, zone, args.closed_roads)
    problems = check_zone(zone, sectors, closed_roads=args.closed_roads)
    if not problems:
        print(f"valid: {len(zone.placements)} sectors")
        return 0
    for problem in problems:
        print(str(problem))
    print(f"invalid: {len(problems)} problem(s)")
    return 1


def _check_partial(sectors: tuple[Sector, ...], zone: Zone, closed_roads: bool) -> int:
    """TURN-4: exit 0 when the partial layout is proven completable, else 1 with the reason
    (the game refuses such a placement: a dead end, or not confirmed within the search budget)."""
    why = Foresight(sectors, closed_roads=closed_roads).zone_cut_off(zone)
    left = len(sectors) - len(zone.placements)
    if why is None:
        print(f"can be completed: {len(zone.placements)} sectors placed, {left} to place")
        return 0
    names = {s.id: s.name.get("en") for s in sectors}
    print(f"cannot be completed: {why.english(names)} ({why.rule})")
    return 1
