"""A stalker's token walking its path hex by hex after a move (MOVE-1), not jumping.

:class:`TokenWalk` holds the walk: the hexes from where the stalker stood to where it stopped,
how far along it is (in hexes) and where its token is now (:meth:`TokenWalk.spot`, the
position override the map reads for the walker: the resting token layer leaves the walker out
and :meth:`TokenWalk.draw` draws it there with the token module's own drawing). Its pace is
hexes per second at the animation speed; Space, or any input, finishes it at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.tokens import TokenLayer
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.engine.zone import Hex

HEXES_PER_SECOND = 6.0  # at animation speed 1


def ease(f: float) -> float:
    """A step from one hex to the next starts and ends gently (smoothstep)."""
    f = min(1.0, max(0.0, f))
    return f * f * (3 - 2 * f)


class TokenWalk:
    """One token's walk along ``hexes`` (its start first); ``walker`` is None when still."""

    def __init__(self) -> None:
        self.walker: int | None = None
        self.hexes: tuple[Hex, ...] = ()
        self.points: list[tuple[float, float]] = []
        self.t = 0.0  # hexes walked so far (0 .. len(hexes) - 1)

    @property
    def active(self) -> bool:
        return self.walker is not None

    def start(self, walker: int, hexes: Sequence[Hex]) -> None:
        """Walk ``walker``'s token along ``hexes`` (where it stood, then each hex of its path)."""
        self.walker = walker
        self.hexes = tuple(hexes)
        self.points = [hexgeom.world(h.q, h.r, HEX) for h in self.hexes]
        self.t = 0.0

    @property
    def end(self) -> float:
        return float(max(0, len(self.points) - 1))

    def update(self, dt: float, hexes_per_second: float) -> bool:
        """Walk on for ``dt`` seconds; True when the walk has ended (the token rests again)."""
        if self.walker is None:
            return False
        self.t += dt * hexes_per_second
        if self.t < self.end:
            return False
        self.stop()
        return True

    def finish(self) -> None:
        """Space or another input: the token is at its destination at the next update."""
        if self.walker is not None:
            self.t = self.end

    def stop(self) -> None:
        self.walker = None
        self.hexes = ()
        self.points = []
        self.t = 0.0

    @property
    def hex_now(self) -> Hex | None:
        """The hex the token stands on or has last passed the middle of (None when still)."""
        if self.walker is None or not self.hexes:
            return None
        return self.hexes[min(len(self.hexes) - 1, round(self.t))]

    def spot(self) -> tuple[float, float]:
        """The token's world position now: between two hexes of its path, eased."""
        if len(self.points) < 2:
            return self.points[0] if self.points else (0.0, 0.0)
        t = max(0.0, min(self.t, self.end))
        k = min(int(t), len(self.points) - 2)
        f = ease(t - k)
        (ax, ay), (bx, by) = self.points[k], self.points[k + 1]
        return ax + (bx - ax) * f, ay + (by - ay) * f

    def draw(self, tokens: TokenLayer) -> None:
        """The walking token at :meth:`spot` (inside the map camera), the same picture as at
        rest (the token layer draws it)."""
        if self.walker is None or not self.points:
            return
        x, y = self.spot()
        tokens.draw_walker(self.walker, x, y)
