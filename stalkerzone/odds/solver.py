"""Exact fight odds (ARCHITECTURE.md `odds`): win, death, escape, expected rounds.

Policies: ``attack`` (attack every round, no grenades or stimulators), ``escape`` (try to escape
every round where FIGHT-4 allows it, else attack) and ``best`` (per state, the action among
attack and escape that maximises the chance to come out alive — win or escape — ties going to
the higher chance to win). ``best`` does not spend grenades or stimulators (they outlive the fight).

How it is solved, exactly:

- From round ``setup.normal_from`` on every round is alike. Its values over (stalker health,
  monster health) are solved level by level in increasing stalker health (stalker health never
  rises without stimulators), one vector operation per damage value. Inside one level the only
  cycles come from rounds in which the monster deals no damage and there is no drain:
  ``X = c + q·L(X)`` with ``q`` the chance of a harmless monster attack and ``L`` substochastic
  (for ``best`` a maximum of two such maps): a ``q``-contraction. It is solved by Gauss-Seidel
  with every self-loop solved exactly. When every reference points one way (to lower monster
  health: no regeneration, or regeneration below the least damage with ``attack``; to higher:
  ``escape``) one sweep in that order is the exact solution — without regeneration in a single
  pass that sums the monster's reply and the harmless attacks before the stalker's damage
  (``W = F + q·X``). Otherwise sweeps alternate up and down, started from the level below, until
  ``q/(1-q)·δ`` (a proven bound on the error) is below 1e-13; ``best`` settles win and death
  first, then the rounds of the actions chosen (one sweep if their references have an order).
  If the monster can never hurt the stalker (``q = 1``) one exact linear solve (Gaussian
  elimination) serves every level, never-ending states found by reachability (``endless``).
- Everything before that (the paralysis sequence, a special round 1, a fight in progress
  mid-round) is finite and acyclic: memoised recursion on the fight engine's own chance nodes,
  with the paralysis opening followed as a spread of stalker health and consecutive monster
  attacks summed into one volley. Tests check ``odds(f) = Σ p·odds(f after roll)`` at every
  chance node, so the fast paths and the engine cannot drift apart.

``expected_rounds`` is the expected number of the round in which the fight ends (round 1
includes the opening paralysis sequence), infinite if the fight may never end.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from operator import mul
from typing import Literal

from stalkerzone.engine.combat import (
    ACTION,
    OVER,
    PARA_ATTACK,
    PARA_ROLL,
    POST_ATTACK,
    PRE_ATTACK,
    Core,
    Decision,
    Fight,
    FightSetup,
    IllegalFightAction,
    chances,
    decide,
    monster_attacks_done,
    monster_dist,
    paralysis_chance,
    resolve,
    round_start,
)
from stalkerzone.engine.damage import damage_distribution

Policy = Literal["attack", "escape", "best"]
POLICIES: tuple[str, ...] = ("attack", "escape", "best")
TOL = 1e-13
TIE = 1e-12


@dataclass(frozen=True, slots=True)
class Odds:
    """Outcome probabilities (sum to 1 with ``endless``) and the expected number of rounds."""

    win: float
    death: float
    escape: float
    expected_rounds: float
    endless: float = 0.0

    @property
    def alive(self) -> float:
        return self.win + self.escape


# A value: (win, death, endless, rounds). Escape = 1 - win - death - endless.
Value = tuple[float, float, float, float]
WIN: Value = (1.0, 0.0, 0.0, 0.0)
DEATH: Value = (0.0, 1.0, 0.0, 0.0)
ESCAPE: Value = (0.0, 0.0, 0.0, 0.0)


def _better(a: Value, b: Value) -> bool:
    """``a`` strictly better than ``b`` for ``best``: more alive, ties → more wins."""
    alive_a = 1.0 - a[1] - a[2]
    alive_b = 1.0 - b[1] - b[2]
    if abs(alive_a - alive_b) > TIE:
        return alive_a > alive_b
    return a[0] > b[0] + TIE


def _damage(dist: Mapping[int, float], defence: int) -> list[tuple[int, float]]:
    """Damage after defence (DMG-2) with its probability."""
    return damage_distribution(dist, defence)


Row = tuple[list[complex], list[float] | None]  # packed pair, rounds if not packed
Plan = tuple[str, list[float], list[int], float]  # action, weights, references, self-loop


def _pick(a: tuple[complex, float], b: tuple[complex, float]) -> bool:
    """``b`` strictly better than ``a`` for ``best`` (more alive, ties → more wins)."""
    return _better((b[0].real, b[0].imag, 0.0, b[1]), (a[0].real, a[0].imag, 0.0, a[1]))


class _Grid:
    """Values at the start of a normal round for every (stalker health, monster health).

    Two numbers travel together as one complex number, so that one vector operation moves
    both: ``win + i·rounds`` for ``attack`` (death is 1 - win), ``death + i·rounds`` for
    ``escape`` (no wins), ``win + i·death`` with rounds beside it for ``best``.
    Rows are indexed by monster health - 1.
    """

    def __init__(self, setup: FightSetup, policy: Policy) -> None:
        mon = setup.monster
        st = setup.stalker
        self.M0 = M0 = mon.health
        self.k = mon.drain
        self.r = mon.regeneration
        self.first = mon.first_strike
        self.A = _damage(mon.attack.distribution(), st.defence)
        self.D = _damage(st.attack.distribution(st.one_die_bonus), mon.defence)
        self.e = setup.escape_chance if setup.can_escape else 0.0
        self.actions: tuple[str, ...]
        if policy == "attack" or not setup.can_escape:
            self.actions = ("attack",)
        elif policy == "escape":
            self.actions = ("escape",)
        else:
            self.actions = ("attack", "escape")
        self.A0 = sum(p for a, p in self.A if a == 0)
        self.rg = [min(M0, m + self.r) for m in range(M0 + 1)]
        self.invulnerable = self.A0 >= 1.0 - 1e-15 and self.k == 0
        self.cyclic = self.A0 > 0.0 and self.k == 0
        self.packed = len(self.actions) == 1
        if self.actions == ("attack",):
            self.win_z, self.death_z, self.round_z, self.round_r = 1 + 0j, 0j, 1j, 0.0
        elif self.actions == ("escape",):
            self.win_z, self.death_z, self.round_z, self.round_r = 0j, 1 + 0j, 1j, 0.0
        else:
            self.win_z, self.death_z, self.round_z, self.round_r = 1 + 0j, 1j, 0j, 1.0
        # win part of an attack at monster health m (index m-1): Σ_{d >= m} D(d)
        self.winpart = [self.win_z * sum(p for d, p in self.D if d >= m) for m in range(1, M0 + 1)]
        self.base: list[Value] | None = None
        self.plans: list[list[Plan]] | None = None
        self.refs_dir = 0
        self.prev_order: list[int] | None = None  # _best_regen: the last level's solving order
        self.prev_chosen: list[bool] = []  # and the choices (escape?) it was made for
        self.dec_next: Row | None = None  # the decision row of the level just solved, if known
        self.wplan: tuple[list[list[int]], list[tuple[list[float], list[int]]]] | None = None
        self.steps: list[list[tuple[list[float], list[int], float, float]]] | None = None
        self.top = 0
        self.Z: list[list[complex]] = [[0j] * (M0 + 1)]
        self.R: list[list[float]] = [[0.0] * (M0 + 1)]
        self.death_row: Row = ([self.death_z] * M0, None if self.packed else [0.0] * M0)
        self.shifted: list[Row] = [self.death_row]  # per level, regeneration applied
        self.dec: list[Row] = [self.death_row]  # first strike: the stalker's decision row

    def value(self, s: int, m: int) -> Value:
        if s > self.top:
            self.extend(s)
        if self.base is not None:
            return self.base[m]
        z = self.Z[s][m]
        if self.actions == ("attack",):
            return (z.real, 1.0 - z.real, 0.0, z.imag)
        if self.actions == ("escape",):
            return (0.0, z.real, 0.0, z.imag)
        return (z.real, z.imag, 0.0, self.R[s][m])

    def extend(self, top: int) -> None:
        if self.invulnerable:
            self._invulnerable(top)
            return
        M0 = self.M0
        for s in range(self.top + 1, top + 1):
            self.Z.append([0j] * (M0 + 1))
            self.R.append([0.0] * (M0 + 1))
            self.top = s
            if self.cyclic:
                self._level_cyclic(s)
            elif self.first:
                if self.k > 0:  # the decision after a harmless strike needs level s - k
                    self.dec.append(self._dec_row(s))
                self._store(s, self._first_row(s))
            else:
                self._store(s, self._choose(self._F(s, include_a0=True)))
            z, r, rg = self.Z[s], self.R[s], self.rg
            self.shifted.append(
                (
                    [z[rg[m]] for m in range(1, M0 + 1)],
                    None if self.packed else [r[rg[m]] for m in range(1, M0 + 1)],
                )
            )
            if self.first and self.k == 0:
                self.dec.append(self.dec_next or self._dec_row(s))
                self.dec_next = None

    def _shift(self, s2: int) -> Row:
        return self.shifted[s2] if s2 > 0 else self.death_row

    def _store(self, s: int, row: Row) -> None:
        """The round's value: the rest of it plus this round itself."""
        if row[1] is None:
            self.Z[s][1:] = [x + 1j for x in row[0]]
        else:
            self.Z[s][1:] = row[0]
            self.R[s][1:] = [1.0 + x for x in row[1]]

    def _dec_row(self, s1: int) -> Row:
        """First strike: the stalker's best action at health ``s1`` after the monster's attack."""
        return self._choose(self._shift(s1 - self.k))

    # --- vector steps --------------------------------------------------------------------------

    def _choose(self, after: Row) -> Row:
        """The stalker's action, given the values after it (before the monster's reply)."""
        att = self._attack(after) if "attack" in self.actions else None
        esc = self._escape(after) if "escape" in self.actions else None
        if att is None:
            assert esc is not None
            return esc
        if esc is None:
            return att
        # _pick per entry: escape if more alive, or as alive and more wins
        use = [
            (g := (1.0 - b.imag) - (1.0 - a.imag)) > TIE or (g >= -TIE and b.real > a.real + TIE)
            for a, b in zip(att[0], esc[0], strict=True)
        ]
        ar, er = att[1] or (), esc[1] or ()
        z = [b if u else a for u, a, b in zip(use, att[0], esc[0], strict=True)]
        r = [b if u else a for u, a, b in zip(use, ar, er, strict=True)]
        return (z, r)

    def _attack(self, after: Row) -> Row:
        """Σ_d D(d)·after[m-d], a win where m-d <= 0 (FIGHT-6)."""
        az, ar = after
        z = list(self.winpart)
        r = None if ar is None else [0.0] * self.M0
        for d, p in self.D:
            if d >= self.M0:
                continue
            z[d:] = [x + p * y for x, y in zip(z[d:], az)]  # noqa: B905 (shorter on purpose)
            if r is not None and ar is not None:
                r[d:] = [x + p * y for x, y in zip(r[d:], ar)]  # noqa: B905
        return (z, r)

    def _escape(self, after: Row) -> Row:
        """FIGHT-3: the fight goes on only if the escape roll fails."""
        q = 1.0 - self.e
        return ([q * x for x in after[0]], None if after[1] is None else [q * x for x in after[1]])

    def _F(self, s: int, include_a0: bool) -> Row:
        """Stalker first: the monster's reply, drain and the next round, after the action."""
        M0 = self.M0
        z: list[complex] = [0j] * M0
        r = None if self.packed else [0.0] * M0
        dead = 0.0
        for a, p in self.A:
            if a == 0 and not include_a0:
                continue
            s2 = s - a - self.k
            if s - a <= 0 or s2 <= 0:
                dead += p
                continue
            sz, sr = self.shifted[s2]
            z = [x + p * y for x, y in zip(z, sz, strict=True)]
            if r is not None and sr is not None:
                r = [x + p * y for x, y in zip(r, sr, strict=True)]
        if dead:
            lump = dead * self.death_z
            z = [x + lump for x in z]
        return (z, r)

    def _first_row(self, s: int, skip_a0: bool = False) -> Row:
        """First strike: Σ_a A(a)·Dec(s-a) (death if the strike kills), before the +1 round."""
        M0 = self.M0
        z: list[complex] = [0j] * M0
        r = None if self.packed else [0.0] * M0
        dead = 0.0
        for a, p in self.A:
            if a == 0 and skip_a0:
                continue
            if s - a <= 0:
                dead += p
                continue
            dz, dr = self.dec[s - a]
            z = [x + p * y for x, y in zip(z, dz, strict=True)]
            if r is not None and dr is not None:
                r = [x + p * y for x, y in zip(r, dr, strict=True)]
        if dead:
            lump = dead * self.death_z
            z = [x + lump for x in z]
        return (z, r)

    # --- one level with cycles (k = 0, harmless monster attacks) --------------------------------

    def _level_cyclic(self, s: int) -> None:
        """Gauss-Seidel, each self-loop solved exactly (see the module docstring).

        ``X[m] = base[m] + λ·best_a(K_a[m] + μ_a·Σ p·X[ref])``: a q-contraction with q = A0 < 1,
        so ``q/(1-q)·δ`` bounds the error. Without regeneration every reference is to a lower
        monster health or to itself, and one sweep is exact.
        """
        M0, A0 = self.M0, self.A0
        Z, R = self.Z[s], self.R[s]
        steps = self._steps()
        # per action, the constant part of each entry (before the self-loop is divided out)
        cz: list[list[complex]] = []
        cr: list[list[float]] = []
        if self.first:
            fz, fr = self._first_row(s, skip_a0=True)
            rz, rr, lam = self.round_z, self.round_r, A0
            bz = [0j] + [x + rz for x in fz]
            br = [0.0] + ([x + rr for x in fr] if fr is not None else [rr] * M0)
            if self.actions == ("attack", "escape") and self.r == 0 and self.k == 0:
                self._best_first(s, bz, br)
                return
            for action in self.actions:
                if action == "attack":
                    cz.append(
                        [bz[0]] + [x + lam * w for x, w in zip(bz[1:], self.winpart, strict=True)]
                    )
                else:
                    cz.append(bz)
                cr.append(br)
        else:
            fc = self._F(s, include_a0=False)
            rz, rr = self.round_z, self.round_r
            if self.actions == ("attack",) and self.r == 0:
                # one pass: X[m] = round + win part + Σ_d D(d)·W[m-d], W = F + A0·X (lower m)
                fz, W = fc[0], [0j] * (M0 + 1)
                wget = W.__getitem__
                for m, ((ps, refs, _, _),) in enumerate(steps[1:], 1):
                    x = rz + self.winpart[m - 1] + sum(map(mul, ps, map(wget, refs)), 0j)
                    Z[m] = x
                    W[m] = fz[m - 1] + A0 * x
                return
            if (
                self.actions == ("attack", "escape")
                and self.r > 0
                and self.D
                and self.D[0][0] > self.r
            ):
                self._best_regen(s, fc)
                return
            if self.actions == ("attack", "escape") and self.r == 0:
                # the same for best: W = F + A0·X for win/death and for rounds; a failed escape
                # stays at this monster health (a self-loop, divided out)
                fz, fr = fc[0], fc[1] or [0.0] * M0
                Wz, Wr = [0j] * (M0 + 1), [0.0] * (M0 + 1)
                wzget, wrget, q, win = Wz.__getitem__, Wr.__getitem__, 1.0 - self.e, self.winpart
                for m, ((pa, ra, _, _), (_, _, _, de)) in enumerate(steps[1:], 1):
                    za = rz + win[m - 1] + sum(map(mul, pa, map(wzget, ra)), 0j)
                    ze = (rz + q * fz[m - 1]) / de
                    gain = (1.0 - ze.imag) - (1.0 - za.imag)  # _pick: more alive, ties → more wins
                    if gain > TIE or (gain >= -TIE and ze.real > za.real + TIE):
                        x, r = ze, (rr + q * fr[m - 1]) / de
                    else:
                        x, r = za, rr + sum(map(mul, pa, map(wrget, ra)), 0.0)
                    Z[m], R[m] = x, r
                    Wz[m] = fz[m - 1] + A0 * x
                    Wr[m] = fr[m - 1] + A0 * r
                return
            for action in self.actions:
                kz, kr = self._attack(fc) if action == "attack" else self._escape(fc)
                cz.append([0j] + [rz + x for x in kz])
                cr.append([0.0] + ([rr + x for x in kr] if kr is not None else [rr] * M0))
        zget, rget, packed = Z.__getitem__, R.__getitem__, self.packed
        up, down = range(1, M0 + 1), range(M0, 0, -1)
        orders = (up, down) if self.refs_dir <= 0 else (down, up)
        if self.refs_dir == 0:  # mixed references: start from the level below, sweep both ways
            Z[1:] = self.Z[s - 1][1:]
            R[1:] = self.R[s - 1][1:]
        if packed:
            c0 = cz[0]
            for sweep in range(100_000):  # a safety net: the error bound below ends it long before
                delta = 0.0
                for m in orders[sweep % 2]:
                    ps, refs, lm, div = steps[m][0]
                    z = (c0[m] + lm * sum(map(mul, ps, map(zget, refs)), 0j)) / div
                    if self.refs_dir == 0:
                        dz = z - Z[m]
                        delta = max(delta, abs(dz.real), abs(dz.imag) / max(1.0, abs(z.imag)))
                    Z[m] = z
                if self.refs_dir != 0 or delta * A0 / (1.0 - A0) <= TOL:
                    return  # one sweep in the order of the references is exact
            return
        ca, ce = cz
        chosen = [0] * (M0 + 1)
        for sweep in range(100_000):
            delta = 0.0
            for m in orders[sweep % 2]:
                (pa, ra, la, da), (pe, re, le, de) = steps[m]
                za = (ca[m] + la * sum(map(mul, pa, map(zget, ra)), 0j)) / da
                ze = (ce[m] + le * sum(map(mul, pe, map(zget, re)), 0j)) / de
                gain = (1.0 - ze.imag) - (1.0 - za.imag)  # _pick: more alive, ties → more wins
                if gain > TIE or (gain >= -TIE and ze.real > za.real + TIE):
                    za = ze
                    chosen[m] = 1
                else:
                    chosen[m] = 0
                dz = za - Z[m]
                delta = max(delta, abs(dz.real), abs(dz.imag))
                Z[m] = za
            if self.refs_dir != 0 or delta * A0 / (1.0 - A0) <= TOL:
                break  # one sweep in the order of the references is exact
        # rounds, for the actions chosen: the same contraction, swept until it holds still
        for sweep in range(100_000):
            delta = 0.0
            for m in orders[sweep % 2]:
                i = chosen[m]
                ps, refs, lm, div = steps[m][i]
                r = (cr[i][m] + lm * sum(map(mul, ps, map(rget, refs)), 0.0)) / div
                delta = max(delta, abs(r - R[m]) / max(1.0, r))
                R[m] = r
            if self.refs_dir != 0 or delta * A0 / (1.0 - A0) <= TOL:
                break

    def _best_first(self, s: int, bz: list[complex], br: list[float]) -> None:
        """Best, first strike, no regeneration or drain: one exact pass in increasing monster
        health (an attack refers lower, a failed escape to itself), which also yields the
        stalker's decision row of this level (``_dec_row``) from the same sums."""
        M0, lam, q = self.M0, self.A0, 1.0 - self.e
        Z, R = self.Z[s], self.R[s]
        zget, rget, win, steps = Z.__getitem__, R.__getitem__, self.winpart, self._steps()
        de = 1.0 - lam * q
        decz: list[complex] = [0j] * M0
        decr: list[float] = [0.0] * M0
        for m in range(1, M0 + 1):
            pa, ra, _, _ = steps[m][0]
            az = win[m - 1] + sum(map(mul, pa, map(zget, ra)), 0j)
            ar = sum(map(mul, pa, map(rget, ra)), 0.0)
            xa, xe = bz[m] + lam * az, bz[m] / de
            gain = (1.0 - xe.imag) - (1.0 - xa.imag)  # _pick: more alive, ties → more wins
            if gain > TIE or (gain >= -TIE and xe.real > xa.real + TIE):
                x, r = xe, br[m] / de
            else:
                x, r = xa, br[m] + lam * ar
            Z[m], R[m] = x, r
            ez = q * x  # the decision after a harmless strike, as in _choose
            gain = (1.0 - ez.imag) - (1.0 - az.imag)
            if gain > TIE or (gain >= -TIE and ez.real > az.real + TIE):
                decz[m - 1], decr[m - 1] = ez, q * r
            else:
                decz[m - 1], decr[m - 1] = az, ar
        self.dec_next = (decz, decr)

    def _best_regen(self, s: int, fc: Row) -> None:
        """Best with regeneration below the least damage: Gauss-Seidel on W = F + A0·X∘rg.

        ``W[j]`` (monster health ``j`` before regeneration) is kept equal to ``F[j] +
        A0·X[rg[j]]`` with the current ``X``, so an attack is ``round + win part + Σ D(d)·W[m-d]``
        (every reference lower: no self-loop) and a failed escape ``q·W[m]`` (a self-loop only
        where ``rg[m] = m``, divided out): the same sweeps as the general loop, without a
        separate attack convolution.
        """
        M0, A0, rg = self.M0, self.A0, self.rg
        Z, R = self.Z[s], self.R[s]
        Z[1:] = self.Z[s - 1][1:]
        R[1:] = self.R[s - 1][1:]
        fz = [0j, *fc[0]]
        fr = [0.0, *(fc[1] or [0.0] * M0)]
        Wz = [0j] + [fz[j] + A0 * Z[rg[j]] for j in range(1, M0 + 1)]
        Wr = [0.0] + [fr[j] + A0 * R[rg[j]] for j in range(1, M0 + 1)]
        wzget, wrget = Wz.__getitem__, Wr.__getitem__
        rz, rr, q, win = self.round_z, self.round_r, 1.0 - self.e, self.winpart
        de = 1.0 - q * A0
        if self.wplan is None:
            # the entries of W that follow X[m]; an attack's weights and references into W
            users: list[list[int]] = [[] for _ in range(M0 + 1)]
            for j in range(1, M0 + 1):
                users[rg[j]].append(j)
            wrefs = [
                ([p for d, p in self.D if m - d > 0], [m - d for d, p in self.D if m - d > 0])
                for m in range(M0 + 1)
            ]
            self.wplan = (users, wrefs)
        users, wrefs = self.wplan
        orders = (range(1, M0 + 1), range(M0, 0, -1))
        # first in the order of the level below's choices (exact if they stay), then both ways
        first = self.prev_order
        chosen = [False] * (M0 + 1)
        for sweep in range(100_000):  # a safety net: the error bound below ends it long before
            delta = 0.0
            for m in first if first is not None and sweep == 0 else orders[sweep % 2]:
                pa, ja = wrefs[m]
                za = rz + win[m - 1] + sum(map(mul, pa, map(wzget, ja)), 0j)
                ze = (rz + q * fz[m]) / de if rg[m] == m else rz + q * Wz[m]
                gain = (1.0 - ze.imag) - (1.0 - za.imag)  # _pick: more alive, ties → more wins
                if gain > TIE or (gain >= -TIE and ze.real > za.real + TIE):
                    za = ze
                    chosen[m] = True
                else:
                    chosen[m] = False
                dz = za - Z[m]
                delta = max(delta, abs(dz.real), abs(dz.imag))
                Z[m] = za
                for j in users[m]:
                    Wz[j] = fz[j] + A0 * za
            if delta * A0 / (1.0 - A0) <= TOL:
                break
        if chosen == self.prev_chosen:  # the same choices as the level below: the same order
            order = self.prev_order
        else:
            order = _topological(
                [
                    ([rg[m]] if rg[m] != m else []) if chosen[m] else [rg[j] for j in wrefs[m][1]]
                    for m in range(M0 + 1)
                ]
            )
        self.prev_order, self.prev_chosen = order, chosen
        for sweep in range(100_000):  # rounds, for the actions chosen
            delta = 0.0
            for m in orders[sweep % 2] if order is None else order:
                if chosen[m]:
                    r = (rr + q * fr[m]) / de if rg[m] == m else rr + q * Wr[m]
                else:
                    pa, ja = wrefs[m]
                    r = rr + sum(map(mul, pa, map(wrget, ja)), 0.0)
                delta = max(delta, abs(r - R[m]) / max(1.0, r))
                R[m] = r
                for j in users[m]:
                    Wr[j] = fr[j] + A0 * r
            if order is not None or delta * A0 / (1.0 - A0) <= TOL:
                break  # in the order of the references one sweep is exact

    def _steps(self) -> list[list[tuple[list[float], list[int], float, float]]]:
        """Per monster health and action: weights, references, λ·μ and the self-loop divisor."""
        if self.steps is None:
            lam = self.A0 if self.first else 1.0
            # the harmless attack (A0) is the only factor beyond the plan's own weights; the
            # failed escape's 1 - e is in the escape plan's weight (not a second time here)
            lm = lam if self.first else self.A0
            self.steps = [[]] + [
                [(ps, refs, lm, 1.0 - lm * selfc) for _, ps, refs, selfc in row]
                for row in self._plans()[1:]
            ]
        return self.steps

    def _plans(self) -> list[list[Plan]]:
        """Per monster health and action: weights and references to other entries, self-loop."""
        if self.plans is None:
            rg = self.rg
            self.plans = [[]]
            for m in range(1, self.M0 + 1):
                options: list[Plan] = []
                for action in self.actions:
                    if action == "attack":
                        refs = [(p, rg[m - d]) for d, p in self.D if m - d > 0]
                    else:
                        refs = [(1.0 - self.e, rg[m])]
                    selfc = sum(p for p, ref in refs if ref == m)
                    others = [(p, ref) for p, ref in refs if ref != m]
                    options.append(
                        (action, [p for p, _ in others], [ref for _, ref in others], selfc)
                    )
                self.plans.append(options)
            lower = all(
                ref < m for m in range(1, self.M0 + 1) for o in self.plans[m] for ref in o[2]
            )
            higher = all(
                ref > m for m in range(1, self.M0 + 1) for o in self.plans[m] for ref in o[2]
            )
            # every reference to a lower (-1) or every one to a higher (+1) monster health, or mixed
            self.refs_dir = -1 if lower else 1 if higher else 0
        return self.plans

    # --- a monster that can never hurt the stalker ---------------------------------------------

    def _invulnerable(self, top: int) -> None:
        """q = 1: stalker health never changes in normal rounds; one exact solve for all."""
        if self.base is None:
            self.base = _invulnerable_values(self.M0, self.D, self.e, self.actions, self.rg)
        self.top = max(self.top, top)


def _topological(refs: list[list[int]]) -> list[int] | None:
    """Entries 1.. in an order where each follows those it refers to; None if there is a cycle."""
    order: list[int] = []
    state = [0] * len(refs)  # 0 new, 1 on the path, 2 done
    for root in range(1, len(refs)):
        if state[root]:
            continue
        stack = [(root, 0)]
        state[root] = 1
        while stack:
            node, i = stack[-1]
            if i < len(refs[node]):
                stack[-1] = (node, i + 1)
                nxt = refs[node][i]
                if state[nxt] == 1:
                    return None
                if state[nxt] == 0:
                    state[nxt] = 1
                    stack.append((nxt, 0))
            else:
                stack.pop()
                state[node] = 2
                order.append(node)
    return order


def _invulnerable_values(
    M0: int,
    D: list[tuple[int, float]],
    e: float,
    actions: tuple[str, ...],
    rg: list[int],
) -> list[Value]:
    """The stalker never loses health: win, escape or never end, per monster health.

    ``best`` attacks where attacking for ever wins surely and escapes elsewhere (if it can).
    Never-ending states are found by reachability; the rest is an exact linear solve.
    """
    states = range(1, M0 + 1)
    succ = {m: [(rg[m - d], p) for d, p in D if m - d > 0] for m in states}
    win_leak = {m: sum(p for d, p in D if m - d <= 0) for m in states}

    def solve(attack: dict[int, bool]) -> list[Value]:
        moves = {m: succ[m] if attack[m] else [(rg[m], 1.0 - e)] for m in states}
        leak = {m: win_leak[m] if attack[m] else e for m in states}
        live = {m for m in states if leak[m] > 0.0}
        grew = True
        while grew:
            grew = False
            for m in states:
                if m not in live and any(n in live for n, _ in moves[m]):
                    live.add(m)
                    grew = True
        order = sorted(live)
        index = {m: i for i, m in enumerate(order)}
        n = len(order)
        matrix = [[0.0] * (n + 2) for _ in range(n)]
        for m, i in index.items():
            matrix[i][i] += 1.0
            for m2, p in moves[m]:
                if m2 in index:
                    matrix[i][index[m2]] -= p
            matrix[i][n] = leak[m] if attack[m] else 0.0  # win
            matrix[i][n + 1] = 0.0 if attack[m] else leak[m]  # escape
        sol = _solve(matrix, 2) if n else []
        ends = {m: sol[index[m]][0] + sol[index[m]][1] if m in index else 0.0 for m in states}
        sure = [m for m in order if ends[m] >= 1.0 - 1e-12]
        sidx = {m: i for i, m in enumerate(sure)}
        rmat = [[0.0] * (len(sure) + 1) for _ in sure]
        for m, i in sidx.items():
            rmat[i][i] += 1.0
            rmat[i][len(sure)] = 1.0
            for m2, p in moves[m]:
                rmat[i][sidx[m2]] -= p
        rounds = _solve(rmat, 1) if sure else []
        values: list[Value] = [ESCAPE]
        for m in states:
            if m not in index:
                values.append((0.0, 0.0, 1.0, math.inf))
                continue
            win, esc = sol[index[m]]
            endless = max(0.0, 1.0 - win - esc)
            r = rounds[sidx[m]][0] if m in sidx else math.inf
            values.append((win, 0.0, endless if endless > 1e-12 else 0.0, r))
        return values

    if "attack" not in actions:
        return solve(dict.fromkeys(states, False))
    forever = solve(dict.fromkeys(states, True))
    if actions == ("attack",) or e == 0.0:
        return forever
    return solve({m: forever[m][0] >= 1.0 - 1e-12 for m in states})


def _solve(matrix: list[list[float]], rhs: int) -> list[list[float]]:
    """Gaussian elimination with partial pivoting; ``rhs`` right-hand columns at the end."""
    n = len(matrix)
    width = n + rhs
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        row = matrix[col]
        lead = row[col]
        for r in range(col + 1, n):
            factor = matrix[r][col] / lead
            if factor:
                target = matrix[r]
                for c in range(col, width):
                    target[c] -= factor * row[c]
    x = [[0.0] * rhs for _ in range(n)]
    for r in range(n - 1, -1, -1):
        for j in range(rhs):
            acc = matrix[r][n + j] - sum(matrix[r][c] * x[c][j] for c in range(r + 1, n))
            x[r][j] = acc / matrix[r][r]
    return x


class _Solver:
    """Memoised exact values of one fight set-up under one policy."""

    def __init__(self, setup: FightSetup, policy: Policy) -> None:
        self.setup = setup
        self.policy = policy
        self.normal_from = setup.normal_from
        self.grid = _Grid(setup, policy)
        self.memo: dict[Core, Value] = {}
        self.volleys: dict[tuple[int, int], dict[int, float]] = {}

    def at_round_start(self, core: Core) -> bool:
        setup = self.setup
        r = core.round
        if setup.monster_first(r):
            return core.phase == PRE_ATTACK and core.left == setup.monster_attacks(r)
        return core.phase == ACTION and core.left == setup.stalker_actions(r)

    def total(self, core: Core) -> Value:
        """(win, death, endless, expected number of the final round) from ``core``."""
        if core.phase == OVER:
            return (
                1.0 if core.outcome == "win" else 0.0,
                1.0 if core.outcome == "death" else 0.0,
                0.0,
                float(core.round),
            )
        if core.round >= self.normal_from and self.at_round_start(core):
            v = self.grid.value(core.s, core.m)
            return (v[0], v[1], v[2], v[3] + core.round - 1)
        key = core._replace(grenades=(), stims=())
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if core.phase in (PARA_ROLL, PARA_ATTACK):
            value = self.paralysis(key)
        elif core.phase == POST_ATTACK and core.round + 1 >= self.normal_from:
            value = self.last_volley(key)
        elif core.phase == ACTION:
            options = [self.total(decide(self.setup, key, d, None)) for d in self.decisions()]
            value = options[0]
            for v in options[1:]:
                if _better(v, value):
                    value = v
        else:
            merged: dict[Core, float] = {}
            if key.phase in (PRE_ATTACK, POST_ATTACK) and key.left > 1:
                # consecutive monster attacks (ABIL-MULTI-ATTACK): health only falls, so the
                # sum of their damage decides; one node instead of one per roll
                for dmg, p in self.volley(key.round, key.left).items():
                    s = key.s - dmg
                    if s <= 0:
                        nxt = key._replace(s=0, phase=OVER, outcome="death", left=0)
                    else:
                        nxt = monster_attacks_done(self.setup, key._replace(s=s, left=1), None)
                    merged[nxt] = merged.get(nxt, 0.0) + p
            else:
                for total, p in chances(self.setup, key).items():
                    nxt = resolve(self.setup, key, total, None)
                    merged[nxt] = merged.get(nxt, 0.0) + p
            w = dd = en = rr = 0.0
            for nxt, p in merged.items():
                v = self.total(nxt)
                w += p * v[0]
                dd += p * v[1]
                en += p * v[2]
                rr += p * v[3]
            value = (w, dd, en, rr)
        self.memo[key] = value
        return value

    def paralysis(self, core: Core) -> Value:
        """ABIL-PARALYSIS: the opening sequence only moves stalker health; follow its spread.

        Same steps as the engine (``combat.resolve``): a roll, on success an attack (two for a
        one-roll monster), another roll while rolls are left; a failure or the last attack
        leads to round 1 proper. Death during the sequence ends the fight in round 1.
        """
        setup = self.setup
        success = paralysis_chance(setup)
        hits = _damage(monster_dist(setup, core.round), setup.stalker.defence)
        one_roll = setup.monster.paralysis_rolls == 1
        spread: dict[int, float] = {core.s: 1.0}
        ends: dict[int, float] = {}
        death = 0.0
        phase, left, extra = core.phase, core.left, core.extra
        while spread:
            if phase == PARA_ROLL:
                for s, w in spread.items():
                    ends[s] = ends.get(s, 0.0) + w * (1.0 - success)
                spread = {s: w * success for s, w in spread.items()} if success else {}
                phase, left, extra = PARA_ATTACK, left - 1, one_roll
                continue
            after: dict[int, float] = {}
            for s, w in spread.items():
                for a, p in hits:
                    if s - a <= 0:
                        death += w * p
                    else:
                        after[s - a] = after.get(s - a, 0.0) + w * p
            spread = after
            if extra:
                extra = False
            elif left > 0:
                phase = PARA_ROLL
            else:
                for s, w in spread.items():
                    ends[s] = ends.get(s, 0.0) + w
                spread = {}
        win, dead, endless, rounds = 0.0, death, 0.0, death * core.round
        opening = core._replace(phase=ACTION, left=0, extra=False)
        for s, w in ends.items():
            v = self.total(round_start(setup, opening._replace(s=s), None, announce=False))
            win += w * v[0]
            dead += w * v[1]
            endless += w * v[2]
            rounds += w * v[3]
        return (win, dead, endless, rounds)

    def last_volley(self, core: Core) -> Value:
        """The monster's attack(s) after the stalker, drain, regeneration, then a normal round.

        The same steps as ``combat.resolve`` / ``_end_round``, read straight off the grid.
        """
        mon = self.setup.monster
        m2 = min(mon.health, core.m + mon.regeneration)
        win = dead = endless = rounds = 0.0
        for dmg, p in self.volley(core.round, core.left).items():
            s2 = core.s - dmg - mon.drain
            if core.s - dmg <= 0 or s2 <= 0:
                dead += p
                rounds += p * core.round
                continue
            v = self.grid.value(s2, m2)
            win += p * v[0]
            dead += p * v[1]
            endless += p * v[2]
            rounds += p * (v[3] + core.round)
        return (win, dead, endless, rounds)

    def volley(self, round_no: int, count: int) -> dict[int, float]:
        """Total damage of ``count`` monster attacks this round (after defence each)."""
        cache_key = (round_no if self.setup.max_attack(round_no) else 0, count)
        hit = self.volleys.get(cache_key)
        if hit is not None:
            return hit
        one = _damage(monster_dist(self.setup, round_no), self.setup.stalker.defence)
        total: dict[int, float] = {0: 1.0}
        for _ in range(count):
            step: dict[int, float] = {}
            for a, pa in total.items():
                for b, pb in one:
                    step[a + b] = step.get(a + b, 0.0) + pa * pb
            total = step
        self.volleys[cache_key] = total
        return total

    def decisions(self) -> list[Decision]:
        if self.policy == "attack" or not self.setup.can_escape:
            return [Decision("attack")]
        if self.policy == "escape":
            return [Decision("escape")]
        return [Decision("attack"), Decision("escape")]


_SOLVERS: dict[tuple[FightSetup, str], _Solver] = {}
_MAX_SOLVERS = 256


def _solver(setup: FightSetup, policy: Policy) -> _Solver:
    key = (setup, policy)
    solver = _SOLVERS.get(key)
    if solver is None:
        if len(_SOLVERS) >= _MAX_SOLVERS:
            _SOLVERS.pop(next(iter(_SOLVERS)))
        solver = _Solver(setup, policy)
        _SOLVERS[key] = solver
    return solver


def _to_odds(v: Value) -> Odds:
    win, death, endless, rounds = v
    escape = 1.0 - win - death - endless
    escape = 0.0 if escape < 1e-14 else escape
    return Odds(win, death, escape, math.inf if endless > 1e-12 else rounds, endless)


def odds(fight: Fight, policy: Policy = "attack") -> Odds:
    """Exact odds of ``fight`` (fresh or in progress) under ``policy``."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy '{policy}' (attack, escape or best)")
    return _to_odds(_solver(fight.setup, policy).total(fight.core))


def decision_odds(fight: Fight, decision: Decision) -> Odds:
    """Exact odds of taking ``decision`` now and playing ``best`` afterwards."""
    solver = _solver(fight.setup, "best")
    return _to_odds(solver.total(decide(fight.setup, fight.core, decision, None)))


def best_decision(fight: Fight) -> Decision:
    """The decision of the ``best`` policy now (attack or escape; ties → attack)."""
    if fight.is_terminal or fight.is_chance:
        raise IllegalFightAction(
            "FIGHT-2: the fight is not waiting for a decision", key="not_deciding"
        )
    solver = _solver(fight.setup, "best")
    best = Decision("attack")
    value = solver.total(decide(fight.setup, fight.core, best, None))
    for decision in solver.decisions()[1:]:
        v = solver.total(decide(fight.setup, fight.core, decision, None))
        if _better(v, value):
            best, value = decision, v
    return best
