"""Load and validate the ten two-sided sectors (``tiles/*.toml``; format: ``tiles/README.md``).

Checks (MAP-1, MAP-2, MAP-5): 19 hexes of radius 2, known terrain and sites, roads continuous
inside a face, a road leaves the sector only through an edge's gate (outward side), edge flags
equal to the roads at the gates, every passable hex reachable, the unique sites (village,
military base, laboratory, epicenter) printed on both faces of their sector.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from stalkerzone.content.pack_cache import PackCache
from stalkerzone.engine.core import Site, Terrain, Text
from stalkerzone.engine.zone import (
    FACE_NAMES,
    GATE_OF,
    GATES,
    SECTOR_HEX_SET,
    SECTOR_HEXES,
    UNIQUE_SITES,
    Face,
    Hex,
    HexTile,
    Sector,
    neighbour,
)
from stalkerzone.errors import UserError
from stalkerzone.paths import tiles_dir

IMPASSABLE = frozenset({Terrain.WATER, Terrain.ANOMALY_FIELD})
"""Terrain that blocks a hex without a road (docs/rules.md §1); used for the reachability check."""


class TileError(UserError):
    """A broken tile file: names file, sector, face and hex."""


def _fail(
    file: Path, message: str, sector: str = "", face: str = "", hex_: Hex | None = None
) -> TileError:
    where = [file.name]
    if sector:
        where.append(f"sector {sector}")
    if face:
        where.append(f"face {face}")
    if hex_ is not None:
        where.append(f"hex ({hex_.q}, {hex_.r})")
    return TileError(": ".join([*where, message]))


def _text(value: Any, file: Path, sector: str, face: str, what: str) -> Text:
    if isinstance(value, str):
        return Text.plain(value)
    if (
        isinstance(value, Mapping)
        and value
        and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())
    ):
        return Text(tuple((str(k), str(v)) for k, v in value.items()))
    raise _fail(
        file, f"{what}: expected a string or a table like {{ en = …, ru = … }}", sector, face
    )


def _face(raw: Any, file: Path, sector: str, fname: str) -> Face:
    if not isinstance(raw, Mapping):
        raise _fail(file, "expected a table [faces.a]", sector, fname)
    unknown = set(raw) - {"name", "edges", "hexes"}
    if unknown:
        raise _fail(file, f"unknown key {sorted(unknown)[0]!r}", sector, fname)
    name = _text(raw.get("name", fname), file, sector, fname, "name")
    edges = raw.get("edges")
    if not (
        isinstance(edges, list) and len(edges) == 6 and all(isinstance(e, bool) for e in edges)
    ):
        raise _fail(file, "edges: expected 6 booleans", sector, fname)
    rows = raw.get("hexes")
    if not isinstance(rows, list):
        raise _fail(file, "hexes: expected a list of 19 hex tables", sector, fname)
    hexes: dict[Hex, HexTile] = {}
    for row in rows:
        if not isinstance(row, Mapping):
            raise _fail(file, "hexes: every entry is a table { at = [q, r], … }", sector, fname)
        at = row.get("at")
        if not (
            isinstance(at, list)
            and len(at) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in at)
        ):
            raise _fail(file, f"hexes: at = {at!r}: expected [q, r]", sector, fname)
        h = Hex(at[0], at[1])
        bad = set(row) - {"at", "terrain", "site", "roads"}
        if bad:
            raise _fail(file, f"unknown key {sorted(bad)[0]!r}", sector, fname, h)
        if h not in SECTOR_HEX_SET:
            raise _fail(file, "outside the sector (radius 2)", sector, fname, h)
        if h in hexes:
            raise _fail(file, "listed twice", sector, fname, h)
        try:
            terrain = Terrain(str(row.get("terrain")))
        except ValueError:
            known = ", ".join(t.value for t in Terrain)
            raise _fail(
                file, f"terrain {row.get('terrain')!r} unknown (one of {known})", sector, fname, h
            ) from None
        site: Site | None = None
        if "site" in row:
            try:
                site = Site(row["site"])
            except ValueError:
                known = ", ".join(s.value for s in Site)
                raise _fail(
                    file, f"site {row['site']!r} unknown (one of {known})", sector, fname, h
                ) from None
        roads = row.get("roads", [])
        if not (
            isinstance(roads, list)
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 6 for v in roads)
            and len(set(roads)) == len(roads)
        ):
            raise _fail(file, f"roads = {roads!r}: expected distinct sides 0…5", sector, fname, h)
        hexes[h] = HexTile(terrain, site, frozenset(roads))
    missing = [h for h in SECTOR_HEXES if h not in hexes]
    if missing:
        raise _fail(
            file,
            f"missing (a face lists all 19 hexes, {len(hexes)} given)",
            sector,
            fname,
            missing[0],
        )
    _check_roads(hexes, tuple(edges), file, sector, fname)
    _check_reachable(hexes, file, sector, fname)
    return Face(hexes, tuple(edges), name)


def _check_roads(
    hexes: Mapping[Hex, HexTile], edges: tuple[bool, ...], file: Path, sector: str, face: str
) -> None:
    for h in SECTOR_HEXES:
        for side in sorted(hexes[h].roads):
            n = neighbour(h, side)
            if n in hexes:
                if (side + 3) % 6 not in hexes[n].roads:
                    raise _fail(
                        file,
                        f"road leaves by side {side} but hex ({n.q}, {n.r}) has no road "
                        f"on side {(side + 3) % 6}",
                        sector,
                        face,
                        h,
                    )
            elif (h, side) not in GATE_OF:
                raise _fail(
                    file,
                    f"road leaves the sector by side {side}, which is not a gate",
                    sector,
                    face,
                    h,
                )
    for k, (gate, side) in enumerate(GATES):
        has_road = side in hexes[gate].roads
        if has_road != edges[k]:
            state = "a road" if has_road else "no road"
            raise _fail(
                file,
                f"edges[{k}] = {str(edges[k]).lower()} but the gate has {state} on side {side}",
                sector,
                face,
                gate,
            )
    count = sum(edges)
    if not 2 <= count <= 4:
        raise _fail(file, f"{count} road edges (a face has 2–4)", sector, face)


def _check_reachable(hexes: Mapping[Hex, HexTile], file: Path, sector: str, face: str) -> None:
    passable = {h for h, t in hexes.items() if t.roads or t.terrain not in IMPASSABLE}
    for h, t in hexes.items():
        if t.site is not None and h not in passable:
            raise _fail(file, f"site {t.site.value} on impassable terrain", sector, face, h)
    if not passable:
        raise _fail(file, "no passable hex", sector, face)
    start = min(passable)
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for side in range(6):
            n = neighbour(h, side)
            if n in passable and n not in seen:
                seen.add(n)
                todo.append(n)
    cut = sorted(passable - seen)
    if cut:
        raise _fail(file, "passable hex cut off from the rest of the face", sector, face, cut[0])


def load_sector(path: Path) -> Sector:
    """One sector file (TileError on any problem)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise _fail(path, f"cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise _fail(path, "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise _fail(path, f"not valid TOML: {error}") from None
    sid = raw.get("id")
    if not isinstance(sid, str) or not sid:
        raise _fail(path, 'id: expected a sector id such as "s01"')
    unknown = set(raw) - {"id", "name", "faces"}
    if unknown:
        raise _fail(path, f"unknown key {sorted(unknown)[0]!r}", sid)
    name = _text(raw.get("name", sid), path, sid, "", "name")
    faces_raw = raw.get("faces")
    if not isinstance(faces_raw, Mapping) or set(faces_raw) != set(FACE_NAMES):
        raise _fail(path, "faces: expected exactly [faces.a] and [faces.b]", sid)
    faces = {f: _face(faces_raw[f], path, sid, f) for f in FACE_NAMES}
    for site in UNIQUE_SITES:
        on = [f for f in FACE_NAMES if site in faces[f].sites()]
        counts = [faces[f].sites().count(site) for f in FACE_NAMES]
        if on and (len(on) != len(FACE_NAMES) or counts != [1] * len(FACE_NAMES)):
            raise _fail(
                path,
                f"{site.value} must be printed once on both faces (MAP-5); found {counts}",
                sid,
            )
    return Sector(sid, name, faces)


def load_sectors(
    directory: Path | None = None, *, cache: PackCache | None = None
) -> tuple[Sector, ...]:
    """All sectors of ``directory`` (default: the shipped ``tiles/``), sorted by id.

    Raises :class:`TileError` naming file, sector, face and hex on the first problem.
    ``cache``: where checked sectors are kept between runs, by a digest of the files (default:
    :meth:`PackCache.from_environment`); a broken folder is never cached."""
    folder = tiles_dir() if directory is None else directory
    if not folder.is_dir():
        raise TileError(f"{folder}: no such tile folder")
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise TileError(f"{folder}: no sector files (*.toml)")
    cache = PackCache.from_environment() if cache is None else cache
    key = _entry_key(cache, folder, files) if cache.enabled else None
    if key is not None:
        cached = cache.load(key, tuple)
        if cached is not None and all(isinstance(s, Sector) for s in cached):
            return cached
    sectors = _checked_sectors(folder, files)
    if key is not None:
        cache.store(key, sectors)
    return sectors


def _entry_key(cache: PackCache, folder: Path, files: list[Path]) -> str | None:
    """The cache key of the sector files (names and bytes), None if one cannot be read."""
    key = cache.key("sectors")
    key.add_text(str(folder.resolve()))
    for path in files:
        try:
            data = path.read_bytes()
        except OSError:
            return None
        key.add_text(path.name)
        key.add_bytes(data)
    return key.hexdigest()


def _checked_sectors(folder: Path, files: list[Path]) -> tuple[Sector, ...]:
    """Every sector file loaded and checked, then the MAP-5 checks across the sectors."""
    sectors: list[Sector] = []
    where: dict[str, Path] = {}
    for path in files:
        sector = load_sector(path)
        if sector.id in where:
            raise _fail(path, f"sector id already used by {where[sector.id].name}", sector.id)
        where[sector.id] = path
        sectors.append(sector)
    for site in UNIQUE_SITES:
        holders = [s.id for s in sectors if site in s.unique_sites()]
        if len(holders) != 1:
            raise TileError(
                f"{folder}: {site.value} is on {len(holders)} sectors {holders}"
                " (exactly one, MAP-5)"
            )
    return tuple(sorted(sectors, key=lambda s: s.id))
