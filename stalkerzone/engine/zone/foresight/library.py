"""Every closed-roads Zone of a set of sectors (MAP-5, MAP-7), for the dead-end foresight (TURN-4).

With closed roads a valid Zone is rare: the shipped sectors make 880 of them up to rotation and
translation, all in ten compact shapes. So the foresight need not search: a partial Zone can be
completed exactly when one of those Zones, turned and moved, holds every placed sector's world
edge mask on its slot, its other sectors being the ones left. :class:`ClosedLibrary` looks that
up (the cells of the placed kinds of every Zone, moved so that their smallest slot is (0, 0),
indexed once per set of placed kinds; the partial Zone turned back by each of the six turns)
and gives the completion (a proof of ``True``); a ``False`` is a proof because the list is
complete.

The list is a pure function of the sectors' world edge masks. :func:`enumerate_closed` finds it by
an exhaustive search (the foresight's own moves and closed-roads bounds, every branch followed to
the end; minutes); the list for the shipped sectors is kept in
:mod:`stalkerzone.engine.zone.foresight.closed_zones` (written by ``scripts/make_closed_zones.py``),
with the masks it was made from, and is used only when a Foresight's sectors have exactly those
masks (any other pack is searched as before).
"""

from __future__ import annotations

import struct
from collections.abc import Mapping, Sequence
from operator import itemgetter

from stalkerzone.engine.zone import Slot
from stalkerzone.engine.zone.foresight.bounds import closing_moves, ends_pair
from stalkerzone.engine.zone.foresight.geometry import TURNS, road_networks
from stalkerzone.engine.zone.foresight.seer import Seer

Cell = tuple[Slot, int, int]
"""One sector of a Zone: (slot, sector kind, world edge mask)."""
ClosedZone = tuple[Cell, ...]
CACHE_LIMIT = 64
"""Sets of placed kinds whose index a library keeps before it starts afresh."""
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
"""One character per number 0 … 63 (masks; coordinates offset by 32) in the stored list."""
_NUMBER: Mapping[str, int] = {ch: n for n, ch in enumerate(ALPHABET)}


def _turned(mask: int, rho: int) -> int:
    return ((mask << rho) | (mask >> (6 - rho))) & 0x3F


_TURNED: tuple[tuple[int, ...], ...] = tuple(
    tuple(_turned(m, rho) for m in range(64)) for rho in range(6)
)
"""``_TURNED[ρ][mask]``: the mask turned by ρ sixths."""


def turn_zone(zone: ClosedZone, rho: int) -> ClosedZone:
    """The Zone turned about (0, 0) by ρ sixths, slots and masks."""
    a, b, c, d = TURNS[rho]
    return tuple(((a * q + b * r, c * q + d * r), k, _turned(m, rho)) for (q, r), k, m in zone)


def encode(zone: ClosedZone, kinds: int) -> str:
    """A Zone as text: per kind in order its q, r (offset by 32) and mask, one character each."""
    by_kind = {k: (slot, m) for slot, k, m in zone}
    out = []
    for k in range(kinds):
        (q, r), m = by_kind[k]
        out.append(ALPHABET[q + 32] + ALPHABET[r + 32] + ALPHABET[m])
    return "".join(out)


def decode(text: str) -> ClosedZone:
    """The inverse of :func:`encode`."""
    at = _NUMBER.__getitem__
    return tuple(
        ((at(text[i]) - 32, at(text[i + 1]) - 32), i // 3, at(text[i + 2]))
        for i in range(0, len(text), 3)
    )


def enumerate_closed(seer: Seer) -> list[ClosedZone]:
    """Every valid closed-roads Zone (MAP-5, MAP-7) of ``seer``'s sectors up to rotation and
    translation: the first kind on (0, 0) with one mask of each set of its masks that turn into
    each other, every completion of that (the breadth-first argument of the foresight: each
    faced slot must be filled, the search branches on one of them over every sector that fits).
    Exhaustive and slow (minutes for the shipped sectors): run once, the result is kept."""
    found: list[ClosedZone] = []
    seen: set[tuple[Cell, ...]] = set()
    memo: dict[object, list[tuple[Cell, ...]]] = {}

    def rests(occupied: dict[Slot, int], counts: tuple[int, ...]) -> list[tuple[Cell, ...]]:
        key = (counts, frozenset(occupied.items()))
        known = memo.get(key)
        if known is not None:
            return known
        out: list[tuple[Cell, ...]] = []
        networks = road_networks(occupied)
        left = sum(counts)
        every: set[Slot] = set().union(*(f for _, f in networks))
        if not left:
            if len(networks) == 1 and not every:
                out.append(())
        elif all(f for _, f in networks) and len(every) <= left:
            options = {s: seer.moves.at(occupied, counts, s) for s in sorted(every)}
            closing = None
            if all(options.values()) and ends_pair(occupied, left, seer._end_totals(counts)):
                closing = closing_moves(occupied, every, options, counts)
            if closing is not None:
                slot = min(closing, key=lambda s: (len(closing[s]), s))
                for kind, m in closing[slot]:
                    occupied[slot] = m
                    fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
                    out += [((slot, kind, m), *rest) for rest in rests(occupied, fewer)]
                    del occupied[slot]
        memo[key] = out
        return out

    first = 0
    counts = [0] * len(seer.kind_masks)
    for sid in seer.tab.ids:
        counts[seer.kind[sid]] += 1
    counts[first] -= 1
    done: set[int] = set()
    for m in seer.kind_masks[first]:
        if m in done:
            continue
        done.update(_turned(m, rho) for rho in range(6))
        for rest in rests({(0, 0): m}, tuple(counts)):
            zone = tuple(sorted((((0, 0), first, m), *rest), key=lambda c: c[1]))
            if zone not in seen:
                seen.add(zone)
                found.append(zone)
        memo.clear()
    return found


class ClosedLibrary:
    """Every closed-roads Zone of one set of sectors (each kind ``0 … n−1`` once in each, up to
    rotation and translation); answers "can this partial Zone be completed, and how" by
    looking up the partial Zone turned back by each of the six turns.

    A cell is keyed as one number, its code (q · 256 + r) · 256 + mask: codes are ordered as
    the slots, and a code minus the code of a slot (mask 0) is the cell moved by that slot, one
    number per (Δq, Δr, mask) while |Δr| < 128."""

    def __init__(self, rows: Sequence[bytes]) -> None:
        self.rows = tuple(rows)
        """Per Zone, per kind ``k``: the world mask, r + 32, q + 32 and 0 at ``4k … 4k + 3``
        (so that each cell read as a little-endian 32-bit number is its code)."""
        self._codes: tuple[tuple[int, ...], ...] = ()
        self.index: dict[tuple[int, ...], dict[frozenset[int], int]] = {}
        """Placed kinds → the codes of their cells, moved so that the smallest slot is
        (0, 0) → the first Zone that holds them (bounded)."""

    def _by_placed(self, placed: tuple[int, ...]) -> dict[frozenset[int], int]:
        table = self.index.get(placed)
        if table is None:
            if not self._codes:  # once: each Zone's cells as codes, in kind order
                blob = b"".join(self.rows)
                every = struct.unpack(f"<{len(blob) // 4}I", blob)
                size = len(self.rows[0]) // 4
                self._codes = tuple(every[n : n + size] for n in range(0, len(every), size))
            table = {}
            pick = itemgetter(*placed)
            for n, codes in enumerate(self._codes):
                mine = pick(codes) if len(placed) > 1 else (codes[placed[0]],)
                base = min(mine) & ~255
                table.setdefault(frozenset(map(base.__rsub__, mine)), n)
            if len(self.index) >= CACHE_LIMIT:
                self.index.clear()
            self.index[placed] = table
        return table

    def rest(self, occupied: Mapping[Slot, int], counts: Sequence[int]) -> list[Cell] | None:
        """The sectors left, each on its slot with its mask, completing the partial Zone
        ``occupied`` (slot → world mask; ``counts``: sectors left per kind, 0 or 1), or ``None``
        when no valid closed-roads Zone holds it (a proof: the library is complete)."""
        placed = tuple(k for k, n in enumerate(counts) if not n)
        if len(placed) != len(occupied) or not self.rows:
            return None
        if not placed:
            return _cells(self.rows[0], -32, -32)
        table = self._by_placed(placed)
        cells = list(occupied.items())
        for rho in range(6):
            a, b, c, d = TURNS[(6 - rho) % 6]  # turn the partial Zone back by ρ
            turned = _TURNED[(6 - rho) % 6]
            back = [
                ((a * q + b * r) * 256 + c * q + d * r) * 256 + turned[m] for (q, r), m in cells
            ]
            base = min(back) & ~255
            n = table.get(frozenset(map(base.__rsub__, back)))
            if n is None:
                continue
            row = self.rows[n]
            zq, zr = min((row[4 * k + 2], row[4 * k + 1]) for k in placed)
            q0, r0 = min(((a * q + b * r, c * q + d * r) for q, r in occupied))
            # the Zone moved onto the turned-back partial Zone, then turned by ρ with it
            a, b, c, d = TURNS[rho]
            return [
                ((a * q + b * r, c * q + d * r), k, _turned(m, rho))
                for (q, r), k, m in _cells(row, q0 - zq, r0 - zr)
                if counts[k]
            ]
        return None


def _packed(qrm: bytes) -> bytes:
    """Per cell (q + 32, r + 32, mask) → (mask, r + 32, q + 32, 0), a :attr:`ClosedLibrary.rows`
    entry (byte slices: no loop per cell)."""
    out = bytearray(len(qrm) // 3 * 4)
    out[0::4] = qrm[2::3]
    out[1::4] = qrm[1::3]
    out[2::4] = qrm[0::3]
    return bytes(out)


def _cells(row: bytes, dq: int, dr: int) -> list[Cell]:
    """The cells of a row, its stored slots moved by (dq, dr)."""
    return [((row[i + 2] + dq, row[i + 1] + dr), i // 4, row[i]) for i in range(0, len(row), 4)]


def library_for(seer: Seer) -> ClosedLibrary | None:
    """The kept list of :mod:`~stalkerzone.engine.zone.foresight.closed_zones` for ``seer``'s
    sectors, when they are exactly the sectors it was made from (the same ids, each with the
    same world edge masks, one sector per kind); otherwise ``None`` (the foresight searches)."""
    from stalkerzone.engine.zone.foresight.closed_zones import SECTOR_MASKS, ZONES

    ids = tuple(sid for sid, _ in SECTOR_MASKS)
    if sorted(ids) != sorted(seer.tab.ids) or len(seer.kind_masks) != len(ids):
        return None
    for sid, masks in SECTOR_MASKS:
        if tuple(sorted(m for m, _ in seer.tab.distinct[sid])) != masks:
            return None
    if ids != seer.tab.ids or any(seer.kind[sid] != n for n, sid in enumerate(ids)):
        return None  # the stored order of kinds is the Foresight's
    table = bytes.maketrans(ALPHABET.encode(), bytes(range(64)))
    blob = _packed("".join(ZONES).encode().translate(table))  # every Zone at once
    size = 4 * len(ids)
    return ClosedLibrary([blob[n : n + size] for n in range(0, len(blob), size)])


def write_zones(seer: Seer, zones: Sequence[ClosedZone]) -> str:
    """The text of :mod:`stalkerzone.engine.zone.foresight.closed_zones` for these Zones."""
    order = {seer.kind[sid]: n for n, sid in enumerate(seer.tab.ids)}
    masks = [
        f'    ("{sid}", {tuple(sorted(m for m, _ in seer.tab.distinct[sid]))!r}),'
        for sid in seer.tab.ids
    ]
    texts = sorted(
        encode(tuple((slot, order[k], m) for slot, k, m in z), len(order)) for z in zones
    )
    per_line = 3
    rows = [" ".join(texts[n : n + per_line]) for n in range(0, len(texts), per_line)]
    return "\n".join(
        [
            '"""Generated by ``scripts/make_closed_zones.py``: do not edit by hand.',
            "",
            "Every valid closed-roads Zone (MAP-5, MAP-7) of the shipped sectors, up to rotation",
            "and translation: made by",
            ":func:`~stalkerzone.engine.zone.foresight.library.enumerate_closed` (an exhaustive",
            "search) and used by",
            ":func:`~stalkerzone.engine.zone.foresight.library.library_for` for sectors with",
            'exactly these world edge masks."""',
            "",
            "SECTOR_MASKS: tuple[tuple[str, tuple[int, ...]], ...] = (",
            *masks,
            ")",
            '"""Each sector\'s distinct world edge masks (the list holds for exactly these)."""',
            "ZONES: tuple[str, ...] = tuple(",
            '    """',
            *rows,
            '"""'.join(["", ".split()  # noqa: SIM905 (880 one-line strings otherwise)"]),
            ")",
            '"""Per Zone, per sector of ``SECTOR_MASKS``: its q, r and mask (``encode``)."""',
            "",
        ]
    )
