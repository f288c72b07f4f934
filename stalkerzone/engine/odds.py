"""Exact fight odds (ARCHITECTURE.md `odds`): win, death, escape, expected rounds.

Policies: ``attack`` (attack every round, no grenades or stimulators), ``escape`` (try to escape
every round where FIGHT-4 allows it, else attack) and ``best`` (per state, the action among
attack and escape that maximises the chance to come out alive — win or escape — ties going to
the higher chance to win). ``best`` does not spend grenades or stimulators (they outlive the fight).

How it is solved, exactly:

- From round ``setup.normal_from`` on every round is alike. Its values over (stalker health,
  monster health) are solved level by level in increasing stalker health (stalker health never
  rises without stimulators). Inside one level the only cycles come from rounds in which the
  monster deals no damage (and there is no drain): ``X = c + q·L(X)`` with ``q`` the chance of a
  harmless monster attack and ``L`` substochastic, a ``q``-contraction. It is solved by Gauss-Seidel
  with every self-loop solved exactly, stopping when ``q/(1-q)·δ`` (a proven bound on the
  error) is below 1e-13. If the monster can never hurt the stalker (``q = 1``), the level is solved
  by an exact linear solve with never-ending states detected by reachability (``endless``).
- Everything before that (the paralysis sequence, special round-1 rounds, a fight in progress
  mid-round) is a finite acyclic part, evaluated by memoised recursion on the fight engine's own
  chance nodes.

``expected_rounds`` is the expected number of the round in which the fight ends (round 1
includes the opening paralysis sequence), infinite if the fight may never end.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from stalkerzone.engine.combat import (
    ACTION,
    OVER,
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
    resolve,
)

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
    merged: dict[int, float] = {}
    for total, p in dist.items():
        d = max(0, total - defence)
        merged[d] = merged.get(d, 0.0) + p
    return sorted(merged.items())


Vec = list[float]
Row = tuple[Vec, Vec, Vec]  # win, death, rounds over monster health


class _Grid:
    """Values at the start of a normal round for every (stalker health, monster health)."""

    def __init__(self, setup: FightSetup, policy: Policy) -> None:
        mon = setup.monster
        st = setup.stalker
        self.M0 = M0 = mon.health
        self.k = mon.drain
        self.r = mon.regeneration
        self.first = mon.first_strike
        self.A = _damage(mon.attack.distribution(), st.defence)
        self.D = _damage(st.attack.distribution(st.one_die_bonus), mon.defence)
        self.dmax = max(d for d, _ in self.D)
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
        self.base: list[Value] | None = None
        self.top = 0
        zero = [0.0] * (M0 + 1)
        self.W: list[Vec] = [zero]
        self.Dd: list[Vec] = [zero]
        self.E: list[Vec] = [zero]
        self.R: list[Vec] = [zero]
        pad = self.dmax
        win_part = [1.0] * pad + [1.0]
        self.death_shift: Row = (
            win_part + [0.0] * M0,
            [0.0] * (pad + 1) + [1.0] * M0,
            [0.0] * (pad + 1 + M0),
        )
        self.shifted: list[Row] = [self.death_shift]  # per level: padded, regenerated
        self.dec: list[Row] = [self.death_shift]  # first strike: the stalker's decision row

    def value(self, s: int, m: int) -> Value:
        if s > self.top:
            self.extend(s)
        return (self.W[s][m], self.Dd[s][m], self.E[s][m], self.R[s][m])

    def extend(self, top: int) -> None:
        if self.invulnerable:
            self._invulnerable(top)
            return
        M0 = self.M0
        for s in range(self.top + 1, top + 1):
            for table in (self.W, self.Dd, self.E, self.R):
                table.append([0.0] * (M0 + 1))
            self.top = s
            if self.cyclic:
                self._level_cyclic(s)
            elif self.first:
                if self.k > 0:  # the decision after a harmless strike needs level s - k
                    self.dec.append(self._dec_row(s))
                self._store_row(s, self._first_row(s))
            else:
                self._store_row(s, self._choose_rows(self._attack(self._padded_F(s, True))))
            self._append_shift(s)
            if self.first and self.k == 0:
                self.dec.append(self._dec_row(s))

    # --- vector helpers (index m-1 for m = 1..M0) ------------------------------------------------

    def _shift(self, s2: int) -> Row:
        """The next round's values seen after the stalker's action: padded, regeneration applied."""
        return self.shifted[s2] if s2 > 0 else self.death_shift

    def _append_shift(self, s: int) -> None:
        pad, rg, M0 = self.dmax, self.rg, self.M0
        W, Dd, R = self.W[s], self.Dd[s], self.R[s]
        self.shifted.append(
            (
                [1.0] * (pad + 1) + [W[rg[m]] for m in range(1, M0 + 1)],
                [0.0] * (pad + 1) + [Dd[rg[m]] for m in range(1, M0 + 1)],
                [0.0] * (pad + 1) + [R[rg[m]] for m in range(1, M0 + 1)],
            )
        )

    def _dec_row(self, s1: int) -> Row:
        """First strike: the stalker's best action at health ``s1`` after the monster's attack."""
        return self._choose_rows(self._attack(self._shift(s1 - self.k)))

    def _attack(self, padded: Row) -> tuple[Row, Row | None]:
        """Attack (and escape) rows from the padded values after the stalker's action."""
        M0, pad = self.M0, self.dmax
        out: list[Vec] = []
        for vec in padded:
            acc = [0.0] * M0
            for d, p in self.D:
                lo = pad - d + 1
                acc = [a + p * x for a, x in zip(acc, vec[lo : lo + M0], strict=True)]
            out.append(acc)
        att: Row = (out[0], out[1], out[2])
        if "escape" not in self.actions:
            return att, None
        q = 1.0 - self.e
        esc: Row = tuple(  # type: ignore[assignment]
            [q * x for x in vec[pad + 1 : pad + 1 + M0]] for vec in padded
        )
        return att, esc

    def _choose_rows(self, rows: tuple[Row, Row | None]) -> Row:
        att, esc = rows
        if esc is None:
            return att
        if self.actions == ("escape",):
            return esc
        w, d, r = list(att[0]), list(att[1]), list(att[2])
        for i in range(self.M0):
            a = (att[0][i], att[1][i], 0.0, att[2][i])
            b = (esc[0][i], esc[1][i], 0.0, esc[2][i])
            if _better(b, a):
                w[i], d[i], r[i] = b[0], b[1], b[3]
        return (w, d, r)

    def _store_row(self, s: int, row: Row) -> None:
        self.W[s][1:] = row[0]
        self.Dd[s][1:] = row[1]
        self.R[s][1:] = [1.0 + x for x in row[2]]

    # --- one level without cycles ----------------------------------------------------------------

    def _first_row(self, s: int, skip_a0: bool = False) -> Row:
        """First strike: Σ_a A(a)·Dec(s-a) (death if the strike kills), before the +1 round."""
        M0 = self.M0
        w, d, r = [0.0] * M0, [0.0] * M0, [0.0] * M0
        dead = 0.0
        for a, p in self.A:
            if a == 0 and skip_a0:
                continue
            if s - a <= 0:
                dead += p
                continue
            dw, dd, dr = self.dec[s - a]
            w = [x + p * y for x, y in zip(w, dw, strict=True)]
            d = [x + p * y for x, y in zip(d, dd, strict=True)]
            r = [x + p * y for x, y in zip(r, dr, strict=True)]
        if dead:
            d = [x + dead for x in d]
        return (w, d, r)

    def _padded_F(self, s: int, include_a0: bool) -> Row:
        """Stalker first: the monster's attack, drain and next round after the stalker's action."""
        n = self.dmax + 1 + self.M0
        w, d, r = [0.0] * n, [0.0] * n, [0.0] * n
        for a, p in self.A:
            if a == 0 and not include_a0:
                continue
            sw, sd, sr = self._shift(s - a - self.k) if s - a > 0 else self.death_shift
            w = [x + p * y for x, y in zip(w, sw, strict=True)]
            d = [x + p * y for x, y in zip(d, sd, strict=True)]
            r = [x + p * y for x, y in zip(r, sr, strict=True)]
        if not include_a0:
            # m1 <= 0 means the stalker already won, whatever the monster would have done
            pad = self.dmax + 1
            w[:pad] = [1.0] * pad
            d[:pad] = [0.0] * pad
            r[:pad] = [0.0] * pad
        return (w, d, r)

    # --- one level with cycles (k = 0, harmless monster attacks) --------------------------------

    def _level_cyclic(self, s: int) -> None:
        """Gauss-Seidel in increasing monster health, each self-loop solved exactly.

        ``X[m] = base[m] + λ·best_a(K_a[m] + μ_a·Σ p·X[ref])``; the operator is a q-contraction
        with q = A0 < 1, so ``q/(1-q)·δ`` bounds the error. Without regeneration every reference
        is to a lower monster health or itself, and one sweep is exact.
        """
        M0, A0, rg, e = self.M0, self.A0, self.rg, self.e
        X = [(0.0, 0.0, 0.0)] * (M0 + 1)
        if self.first:
            fw, fd, fr = self._first_row(s, skip_a0=True)
            base = [(0.0, 0.0, 0.0)] + [(fw[i], fd[i], fr[i] + 1.0) for i in range(M0)]
            lam = A0
            katt = [(sum(p for d, p in self.D if m - d <= 0), 0.0, 0.0) for m in range(M0 + 1)]
            kesc = [(0.0, 0.0, 0.0)] * (M0 + 1)
            mu_att, mu_esc = 1.0, 1.0 - e
        else:
            fc = self._padded_F(s, include_a0=False)
            (aw, ad, ar), esc = self._attack(fc)
            base = [(0.0, 0.0, 1.0)] * (M0 + 1)
            lam = 1.0
            katt = [(0.0, 0.0, 0.0)] + [(aw[i], ad[i], ar[i]) for i in range(M0)]
            if esc is not None:
                kesc = [(0.0, 0.0, 0.0)] + [(esc[0][i], esc[1][i], esc[2][i]) for i in range(M0)]
            else:
                kesc = [(0.0, 0.0, 0.0)] * (M0 + 1)
            mu_att, mu_esc = A0, (1.0 - e) * A0
        refs_att = [[(p, rg[m - d]) for d, p in self.D if m - d > 0] for m in range(M0 + 1)]
        while True:
            delta = 0.0
            for m in range(1, M0 + 1):
                b = base[m]
                best: tuple[float, float, float] | None = None
                for action in self.actions:
                    if action == "attack":
                        k, mu, refs = katt[m], mu_att, refs_att[m]
                    else:
                        k, mu, refs = kesc[m], mu_esc, [(1.0, rg[m])]
                    ow = od = orr = selfc = 0.0
                    for p, ref in refs:
                        if ref == m:
                            selfc += p
                        else:
                            x = X[ref]
                            ow += p * x[0]
                            od += p * x[1]
                            orr += p * x[2]
                    div = 1.0 - lam * mu * selfc
                    cand = (
                        (b[0] + lam * (k[0] + mu * ow)) / div,
                        (b[1] + lam * (k[1] + mu * od)) / div,
                        (b[2] + lam * (k[2] + mu * orr)) / div,
                    )
                    if best is None or _better(
                        (cand[0], cand[1], 0.0, cand[2]), (best[0], best[1], 0.0, best[2])
                    ):
                        best = cand
                assert best is not None
                old = X[m]
                X[m] = best
                delta = max(
                    delta,
                    abs(best[0] - old[0]),
                    abs(best[1] - old[1]),
                    abs(best[2] - old[2]) / max(1.0, best[2]),
                )
            if self.r == 0 or delta * A0 / (1.0 - A0) <= TOL:
                break
        self.W[s][1:] = [x[0] for x in X[1:]]
        self.Dd[s][1:] = [x[1] for x in X[1:]]
        self.R[s][1:] = [x[2] for x in X[1:]]

    # --- a monster that can never hurt the stalker ---------------------------------------------

    def _invulnerable(self, top: int) -> None:
        """q = 1: stalker health never changes in normal rounds; solve one level exactly."""
        if self.base is None:
            self.base = _invulnerable_values(self.M0, self.D, self.e, self.actions, self.rg)
        for _ in range(self.top + 1, top + 1):
            self.W.append([v[0] for v in self.base])
            self.Dd.append([v[1] for v in self.base])
            self.E.append([v[2] for v in self.base])
            self.R.append([v[3] for v in self.base])
        self.top = max(self.top, top)


def _invulnerable_values(
    M0: int,
    D: list[tuple[int, float]],
    e: float,
    actions: tuple[str, ...],
    rg: list[int],
) -> list[Value]:
    """Per monster health: the stalker never loses health; attack wins surely unless trapped."""
    succ: dict[int, list[tuple[int, float]]] = {}
    for m in range(1, M0 + 1):
        succ[m] = [(rg[m - d], p) for d, p in D if m - d > 0]
    winnable: set[int] = {m for m in succ if sum(p for _, p in succ[m]) < 1.0 - 1e-15}
    changed = True
    while changed:
        changed = False
        for m, nxt in succ.items():
            if m not in winnable and any(n in winnable for n, _ in nxt):
                winnable.add(m)
                changed = True
    if actions == ("attack",):
        use_attack = dict.fromkeys(succ, True)
    elif actions == ("escape",):
        use_attack = dict.fromkeys(succ, False)
    else:
        use_attack = {m: m in winnable or e == 0.0 for m in succ}
    # expected rounds: solve (I - P) x = 1 over the states that end surely
    states = [m for m in succ if (m in winnable if use_attack[m] else e > 0.0)]
    index = {m: i for i, m in enumerate(states)}
    n = len(states)
    matrix = [[0.0] * (n + 1) for _ in range(n)]
    for m, i in index.items():
        matrix[i][i] += 1.0
        matrix[i][n] = 1.0
        if use_attack[m]:
            for m2, p in succ[m]:
                matrix[i][index[m2]] -= p
        else:
            matrix[i][index[rg[m]]] -= 1.0 - e
    rounds = _solve(matrix)
    values: list[Value] = [ESCAPE]
    for m in range(1, M0 + 1):
        if m not in index:
            values.append((0.0, 0.0, 1.0, math.inf))
        elif use_attack[m]:
            values.append((1.0, 0.0, 0.0, rounds[index[m]]))
        else:
            values.append((0.0, 0.0, 0.0, rounds[index[m]]))
    return values


def _solve(matrix: list[list[float]]) -> list[float]:
    """Gaussian elimination with partial pivoting on an augmented matrix (exact linear solve)."""
    n = len(matrix)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        lead = matrix[col][col]
        row = matrix[col]
        for r in range(col + 1, n):
            factor = matrix[r][col] / lead
            if factor:
                target = matrix[r]
                for c in range(col, n + 1):
                    target[c] -= factor * row[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        acc = matrix[r][n] - sum(matrix[r][c] * x[c] for c in range(r + 1, n))
        x[r] = acc / matrix[r][r]
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
        if core.phase == ACTION:
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
        raise IllegalFightAction("FIGHT-2: the fight is not waiting for a decision")
    solver = _solver(fight.setup, "best")
    best = Decision("attack")
    value = solver.total(decide(fight.setup, fight.core, best, None))
    for decision in solver.decisions()[1:]:
        v = solver.total(decide(fight.setup, fight.core, decision, None))
        if _better(v, value):
            best, value = decision, v
    return best
