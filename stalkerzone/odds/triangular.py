"""A cyclic level without regeneration, solved in one sweep over monster health (``odds``).

On a cyclic level (a harmless monster attack, no drain) the stalker's attack only lowers the
monster's health and a failed escape keeps it (FIGHT-3, FIGHT-6); without ABIL-REGENERATION
nothing raises it. So the level's system ``x = c + q·P x`` is lower triangular: the value at
monster health ``m`` depends on lower healths and on itself only. Then ``best`` needs no policy
iteration: once the values below ``m`` are final, the choice at ``m`` compares the two actions'
values at ``m`` alone, and the choices are found from the bottom up, a run of equal choices at a
time:

- a run of attacking states is the block of the one attack-everywhere inverse ``(I - q·H)^-1``
  (for a triangular matrix a diagonal block of the inverse is the inverse of the block);
- an escaping state refers to itself only: its value is ``c_e / (1 - q·stay)``.

Each run is one product; a level whose choice is "attack up to a health, escape above" (the
usual case) is two. The comparison is the one of ``levels.preferred`` (ABIL-FIRST-STRIKE: on the
decisions after the strike, as the levels above use them).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from stalkerzone.odds.outcome import TIE

Array = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]
WIN, DEATH = 0, 1


def preferred(new: Array, old: Array) -> Mask:
    """Per state, ``best`` prefers ``new`` to ``old``: more alive (1 - death), ties → more wins."""
    gain = old[:, DEATH] - new[:, DEATH]  # within TIE: the gain in wins decides
    decisive: Mask = np.where(np.abs(gain) <= TIE, new[:, WIN] - old[:, WIN], gain) > TIE
    return decisive


class TriangularLevel:
    """``x = c_a + q·H x`` on attacking states, ``x = c_e + q·stay·x`` on escaping ones.

    ``hits``: the stalker's attack as a matrix over monster health (row and column 0, the
    monster's death, are zero); ``win_add``: the chance to win by the attack itself.
    ``after_strike``: the choice is made after the monster's first strike (ABIL-FIRST-STRIKE),
    so ``c`` already holds the strike and the choice compares the decisions ``H x + win_add``
    and ``stay·x``; else the values ``x`` themselves.
    """

    def __init__(
        self,
        hits: Array,
        win_add: Array,
        q: float,
        stay: float,
        actions: tuple[bool, bool],
        after_strike: bool,
    ) -> None:
        top = self.top = len(hits) - 1
        self.hits, self.win_add, self.q, self.stay = hits, win_add, q, stay
        self.attack_allowed, self.escape_allowed = actions
        self.after_strike = after_strike
        self.q_hits = q * hits
        self.none_hit = np.diag(hits)[:, None]  # the chance of no damage (DMG-2), per health
        self.strict_hits = hits - np.diag(np.diag(hits))  # the attack's moves to lower health
        self.attack_scale = 1.0 / (1.0 - q * self.none_hit)
        self.escape_scale = 1.0 / (1.0 - q * stay)
        self.inverse = np.zeros_like(hits)  # (I - q·H)^-1, zero at health 0
        self.inverse[1:, 1:] = np.linalg.inv(np.eye(top) - self.q_hits[1:, 1:])

    def solve(self, c_attack: Array, c_escape: Array) -> tuple[Array, Mask, Array | None]:
        """The values, the choices (escape or not per health) and, after a first strike, the
        decisions (the value of the chosen action after the strike)."""
        top = self.top
        if self.attack_allowed and self.escape_allowed:
            return self._sweep(c_attack, c_escape)
        if self.escape_allowed:  # the escape policy
            x = c_escape * self.escape_scale
            x[0] = 0.0
            return x, np.ones(top + 1, dtype=bool), self.stay * x if self.after_strike else None
        x = self.inverse @ c_attack
        decision = np.asarray(self.hits @ x + self.win_add) if self.after_strike else None
        return x, np.zeros(top + 1, dtype=bool), decision

    def _sweep(self, c_attack: Array, c_escape: Array) -> tuple[Array, Mask, Array | None]:
        """``best`` from the bottom up: alternate runs of attacking and escaping states. The
        compared choices of the final runs are the decisions (``after_strike``)."""
        top, after_strike, hits, win_add = self.top, self.after_strike, self.hits, self.win_add
        escape_value = c_escape * self.escape_scale
        escape_choice = self.stay * escape_value if after_strike else escape_value
        escaping = np.zeros(top + 1, dtype=bool)
        x = self.inverse @ c_attack  # attack everywhere: final up to the first escape
        chosen = np.empty_like(x) if after_strike else x  # the compared value per state
        start = 1  # x is final below ``start``; from it on, the values of attacking
        while True:
            # attacking from ``start``: x[m] is the attack's value while start..m - 1 attack
            attack_choice = x[start:]
            if after_strike:
                attack_choice = chosen[start:] = hits[start:] @ x + win_add[start:]
            wanted = preferred(escape_choice[start:], attack_choice)
            if not wanted.any():
                return x, escaping, chosen if after_strike else None
            start += int(wanted.argmax())
            # escaping from ``start``: the attack's value at m while start..m - 1 escape
            x[start:] = escape_value[start:]
            if after_strike:
                chosen[start:] = escape_choice[start:]
            if start == top:
                escaping[start] = True
                return x, escaping, chosen if after_strike else None
            nxt = start + 1
            lower = self.strict_hits[nxt:] @ x
            attack_value = (c_attack[nxt:] + self.q * lower) * self.attack_scale[nxt:]
            if after_strike:
                attack_value = lower + self.none_hit[nxt:] * attack_value + win_add[nxt:]
            kept = preferred(escape_choice[nxt:], attack_value)
            if kept.all():
                escaping[start:] = True
                return x, escaping, chosen if after_strike else None
            end = nxt + int(kept.argmin())
            escaping[start:end] = True
            start = end
            rhs = c_attack[start:] + self.q_hits[start:, :start] @ x[:start]
            x[start:] = self.inverse[start:, start:] @ rhs
