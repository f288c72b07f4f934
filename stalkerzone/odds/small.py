"""Normal-round values of a small fight in plain Python, without numpy (docs/architecture.md,
Exact odds).

The same grid as ``levels.LevelGrid`` — per stalker health (a level) and monster health, the
chances to win and to die and the expected number of rounds from the start of a normal round —
for the fights of the base set: there a level is a few dozen states, and the dozens of numpy
calls per level cost more than the arithmetic (a one-shot ``stalkerzone odds`` also saves the
numpy import). Every product is a ``sum(map(mul, ...))`` over the damage chances.

A cyclic level (a harmless monster attack, no drain) without ABIL-REGENERATION is triangular:
monster health never rises, so the states are solved from the lowest health up, each choosing
between the two actions' values once the states below it are final (``triangular``: the same
comparison). A cyclic level with regeneration needs the linear solves of ``levels``: ``supports``
says no, and the solver takes the numpy grid.
"""

from __future__ import annotations

from operator import mul

from stalkerzone.odds.outcome import TIE
from stalkerzone.odds.rounds import ATTACK, ESCAPE, NormalRound

Row = list[float]
Level = tuple[Row, Row, Row]  # win, death, rounds per monster health 0..top


def escapes(escape: tuple[float, float], attack: tuple[float, float]) -> bool:
    """``best`` prefers escaping: more alive (1 - death), ties → more wins (``preferred``)."""
    gain = attack[1] - escape[1]
    return gain > TIE or (gain >= -TIE and escape[0] > attack[0] + TIE)


class SmallGrid:
    """Values at the start of a normal round, solved on demand up to a stalker health."""

    @staticmethod
    def supports(rnd: NormalRound) -> bool:
        """Every level is acyclic or triangular (no regeneration on a cyclic level)."""
        return not (rnd.cyclic and rnd.regeneration > 0)

    def __init__(self, rnd: NormalRound) -> None:
        self.rnd = rnd
        top = self.top = rnd.monster_health
        self.regenerated = [min(m + rnd.regeneration, top) for m in range(top + 1)]
        self.top_hit = max(d for d, _ in rnd.stalker_damage)
        hit_chance = [0.0] * (self.top_hit + 1)
        for d, p in rnd.stalker_damage:
            hit_chance[d] += p
        self.hits_reversed = hit_chance[::-1]  # index top_hit - d: the chance of damage d
        self.none_hit = hit_chance[0]  # DMG-2: the defence absorbs the whole hit
        self.win_part = [0.0] + [sum(hit_chance[m:]) for m in range(1, top + 1)]  # FIGHT-6
        self.stay = 1.0 - rnd.escape_chance  # a failed escape (FIGHT-3)
        self.attack_allowed = ATTACK in rnd.actions
        self.escape_allowed = ESCAPE in rnd.actions
        self.harmless = rnd.harmless_chance
        fold = 0 if rnd.first_strike else rnd.drain  # the drain within the monster's reply
        self.drops = [(a + fold, p) for a, p in rnd.monster_damage if a + fold > 0]
        # per monster health m = 1..top: the states a hit leaves (m - d >= 1) and their chances
        self.windows = [self._window(m) for m in range(1, top + 1)]
        zero, one = [0.0] * (top + 1), [1.0] * (top + 1)
        self.dead: Level = (zero, one, zero)  # stalker health 0 and below
        self.values: list[Level] = [self.dead]  # per stalker health from 0
        self.decisions: list[Level] = [self.dead]  # ABIL-FIRST-STRIKE: after the strike

    def value(self, s: int, m: int) -> tuple[float, float, float, float]:
        """(win, death, endless, rounds) at the start of a normal round at (s, m)."""
        self.solve_to(s)
        win, death, rounds = self.values[s]
        return (win[m], death[m], 0.0, rounds[m])

    def mix(self, parts: list[tuple[int, float]], m: int) -> tuple[float, float, float]:
        """Σ p·(win, death, rounds) at the start of a normal round at (s, m), (s, p) in parts."""
        self.solve_to(max(s for s, _ in parts))
        win = death = rounds = 0.0
        for s, p in parts:
            level = self.values[s]
            win += p * level[0][m]
            death += p * level[1][m]
            rounds += p * level[2][m]
        return win, death, rounds

    def solve_to(self, s: int) -> None:
        for level in range(len(self.values), s + 1):
            if self.rnd.first_strike:
                self._first_strike_level(level)
            else:
                self.values.append(self._level(level))

    # --- the steps of a round ----------------------------------------------------------------

    def level(self, grid: list[Level], s: int) -> Level:
        return grid[s] if s > 0 else self.dead

    def lower_mix(self, grid: list[Level], s: int, rounds: float) -> Level:
        """Σ chance(drop)·grid[s - drop] over the monster's damage (and drain), drop > 0;
        ``rounds`` added to the expected rounds."""
        if not self.drops:
            zero = [0.0] * (self.top + 1)
            return zero, list(zero), [rounds] * (self.top + 1)
        weights = [p for _, p in self.drops]
        rows = [self.level(grid, s - drop) for drop, _ in self.drops]
        win = [sum(map(mul, weights, col)) for col in zip(*(r[0] for r in rows), strict=True)]
        death = [sum(map(mul, weights, col)) for col in zip(*(r[1] for r in rows), strict=True)]
        spent = [
            sum(map(mul, weights, col)) + rounds for col in zip(*(r[2] for r in rows), strict=True)
        ]
        return win, death, spent

    def regenerate(self, level: Level) -> Level:
        """``level`` at each monster health after ABIL-REGENERATION (itself without it)."""
        if self.rnd.regeneration == 0:
            return level
        regen = self.regenerated
        return (
            [level[0][j] for j in regen],
            [level[1][j] for j in regen],
            [level[2][j] for j in regen],
        )

    def _window(self, m: int) -> tuple[int, int, Row]:
        """(low, high, chances): ``hit(row, m)`` is Σ chances·row[low:high]."""
        low = max(1, m - self.top_hit)
        start = self.top_hit - (m - low)
        return low, m + 1, self.hits_reversed[start : start + m + 1 - low]

    def hits(self, row: Row) -> Row:
        """``hit(row, m)`` for every m = 1..top, the same sums in the same order."""
        return [sum(map(mul, chances, row[low:high])) for low, high, chances in self.windows]

    def hit(self, row: Row, m: int, lowest: int = 0) -> float:
        """Σ chance(d)·row[m - d] over the stalker's damage d >= ``lowest``, m - d >= 1."""
        low = max(1, m - self.top_hit)
        high = m + 1 - lowest
        if high <= low:
            return 0.0
        start = self.top_hit - (m - low)
        weights = self.hits_reversed[start : start + high - low]
        total: float = sum(map(mul, weights, row[low:high]))
        return total

    def attack(self, after: Level) -> Level:
        """The stalker attacks; ``after[j]``: the value once the monster is left at health j."""
        win = [part + hit for part, hit in zip(self.win_part[1:], self.hits(after[0]), strict=True)]
        return [0.0, *win], [0.0, *self.hits(after[1])], [0.0, *self.hits(after[2])]

    def escape(self, after: Level) -> Level:
        """The stalker tries to escape: the fight goes on only if the roll fails (FIGHT-3)."""
        stay = self.stay
        return (
            [stay * v for v in after[0]],
            [stay * v for v in after[1]],
            [stay * v for v in after[2]],
        )

    def actions(self, after: Level, count_round: bool = False) -> tuple[Level, Level]:
        """(attack, escape) from ``after`` (``count_round``: the round added to the expected
        rounds). An action the policy never takes (FIGHT-4, ``attack``) is not computed: the
        other stands in for it, and ``choose`` and ``_sweep`` never pick it."""
        attack = self.attack(after) if self.attack_allowed else None
        escape = self.escape(after) if self.escape_allowed else None
        if count_round:
            for level in (attack, escape):
                if level is not None:
                    level[2][1:] = [r + 1.0 for r in level[2][1:]]
        if attack is None:
            assert escape is not None, "a policy takes an action"
            return escape, escape
        return attack, attack if escape is None else escape

    def choose(self, attack: Level, escape: Level) -> Level:
        """The policy's action per state (``best``: ``escapes``) and the value it gives."""
        if not self.escape_allowed:
            return attack
        if not self.attack_allowed:
            return escape
        out: Level = ([0.0], [0.0], [0.0])
        for m in range(1, self.top + 1):
            chosen = (
                escape
                if escapes((escape[0][m], escape[1][m]), (attack[0][m], attack[1][m]))
                else attack
            )
            for f in range(3):
                out[f].append(chosen[f][m])
        return out

    # --- one level -------------------------------------------------------------------------

    def _level(self, s: int) -> Level:
        """The stalker acts first: action, the monster's reply, drain, regeneration."""
        lower = self.regenerate(self.lower_mix(self.values, s, 0.0))
        attack, escape = self.actions(lower, count_round=True)
        if self.rnd.drain > 0 or self.harmless == 0.0:
            value = self.choose(attack, escape)
        else:
            value = self._sweep(attack, escape, after_strike=False)[0]
        for row in value:
            row[0] = 0.0
        return value

    def _first_strike_level(self, s: int) -> None:
        """ABIL-FIRST-STRIKE: the strike, the stalker's action, drain, regeneration."""
        rnd, q = self.rnd, self.harmless
        struck = self.lower_mix(self.decisions, s, 1.0)  # strikes that hurt: decisions below
        if rnd.drain > 0:  # the decision after a harmless strike refers to level s - drain
            after = self.regenerate(self.level(self.values, s - rnd.drain))
            decision = self.choose(*self.actions(after))
            win, death, rounds = (
                [a + q * b for a, b in zip(struck[f], decision[f], strict=True)] for f in range(3)
            )
            value: Level = (win, death, rounds)
        elif q == 0.0:  # every strike hurts: the decisions at this level come after it
            value = struck
            after = self.regenerate(struck)
            decision = self.choose(*self.actions(after))
        else:  # a harmless strike leaves the decision at this level: triangular
            strike_win = [q * w for w in self.win_part]
            attack_part = (
                [a + w for a, w in zip(struck[0], strike_win, strict=True)],
                struck[1],
                struck[2],
            )
            value, decision = self._sweep(attack_part, struck, after_strike=True)
        for row in (*value, *decision):
            row[0] = 0.0
        self.values.append(value)
        self.decisions.append(decision)

    def _sweep(self, c_attack: Level, c_escape: Level, after_strike: bool) -> tuple[Level, Level]:
        """``x = c_a + q·H x`` where attacking, ``x = c_e + q·stay·x`` where escaping, from the
        lowest monster health up (``triangular.TriangularLevel``); also the decisions after the
        strike (ABIL-FIRST-STRIKE: ``H x + win`` or ``stay·x``, the ones compared)."""
        q, top = self.harmless, self.top
        attack_scale = 1.0 / (1.0 - q * self.none_hit)
        escape_scale = 1.0 / (1.0 - q * self.stay)
        x: Level = ([0.0], [0.0], [0.0])
        decision: Level = ([0.0], [0.0], [0.0])
        for m in range(1, top + 1):
            lower = [self.hit(x[f], m, lowest=1) for f in range(3)]  # the attack's moves down
            attack = [(c_attack[f][m] + q * lower[f]) * attack_scale for f in range(3)]
            escape = [c_escape[f][m] * escape_scale for f in range(3)]
            if after_strike:
                attack_choice = [
                    lower[0] + self.none_hit * attack[0] + self.win_part[m],
                    lower[1] + self.none_hit * attack[1],
                    lower[2] + self.none_hit * attack[2],
                ]
                escape_choice = [self.stay * v for v in escape]
            else:
                attack_choice, escape_choice = attack, escape
            chosen_escape = not self.attack_allowed or (
                self.escape_allowed
                and escapes(
                    (escape_choice[0], escape_choice[1]), (attack_choice[0], attack_choice[1])
                )
            )
            value, choice = (escape, escape_choice) if chosen_escape else (attack, attack_choice)
            for f in range(3):
                x[f].append(value[f])
                decision[f].append(choice[f])
        return x, decision
