"""Which dice a roll shows and their faces (DMG-4), from the engine's recorded roll (no arcade).

The engine records every roll's faces, its modifier and "+k to one die" next to the total
(:class:`~stalkerzone.engine.fight.setup.FightLogEntry`, the ANOM-1 notes). :func:`dice_shown`
gives one :class:`Die` per die with its recorded face, "+k to one die" on the highest, and the
sum with the modifier apart ("5 + 1 = 6").

A fight saved before faces were recorded has totals only. Then the faces follow from the
total exactly when only one split is possible (:func:`known_faces`: a single die, or every die
at its highest face, DMG-3, or its lowest); otherwise :func:`dice_shown` gives ``None`` and the
screen shows the total alone: faces that were not recorded are never made up.
"""

from __future__ import annotations

from dataclasses import dataclass

from stalkerzone.engine.core import Dice, DiceError, Throw


@dataclass(frozen=True, slots=True)
class Die:
    """One die: its number of sides, the face rolled, and "+k to one die" added on it."""

    sides: int
    face: int
    plus: int = 0


@dataclass(frozen=True, slots=True)
class DiceShown:
    dice: tuple[Die, ...]
    modifier: int  # the formula's flat bonus (may be negative)
    total: int
    settled: bool = True  # False while the dice tumble (no sum to show yet)

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    @property
    def equation(self) -> str:
        """ "5 + 1 = 6"; "" for a single plain die (its face is the total) and while the dice
        tumble."""
        if not self.settled:
            return ""
        terms = [str(d.face) for d in self.dice]
        terms += [str(d.plus) for d in self.dice if d.plus]
        text = " + ".join(terms)
        if self.modifier:
            text += f" {'+' if self.modifier > 0 else '−'} {abs(self.modifier)}"
        if len(self.dice) == 1 and not self.modifier and not self.dice[0].plus:
            return ""
        return f"{text} = {self.total}"


def formula_of(text: str) -> Dice | None:
    """The dice formula at the start of a step's dice text ("2d6+1 (+1 one die)" → 2d6+1)."""
    try:
        return Dice.parse(text.split(" ")[0].split("(")[0])
    except DiceError:
        return None


def known_faces(formula: Dice, total: int, one_die: int = 0) -> tuple[int, ...] | None:
    """The faces that gave ``total``, if only one split is possible (see the module)."""
    sides = [s for count, s in formula.groups for _ in range(count)]
    rest = total - formula.bonus - one_die
    if len(sides) == 1:
        return (rest,) if 1 <= rest <= sides[0] else None
    if rest == sum(sides) and total == formula.maximum(one_die):
        return tuple(sides)
    if rest == len(sides) and total == formula.minimum(one_die) and total > 0:
        return tuple(1 for _ in sides)
    return None


def dice_shown(
    formula_text: str,
    total: int | None,
    one_die: int = 0,
    faces: tuple[int, ...] = (),
    modifier: int | None = None,
) -> DiceShown | None:
    """The dice of a roll with their faces: the recorded ``faces`` (with their ``modifier``;
    the formula's bonus if None), else those the total fixes (see the module); None when the
    faces are not known."""
    formula = formula_of(formula_text)
    if formula is None or total is None:
        return None
    sides = formula.sides
    bonus = formula.bonus if modifier is None else modifier
    if faces:
        if len(faces) != len(sides):
            return None
        total = Throw(faces, bonus, one_die).total
    else:
        found = known_faces(formula, total, one_die)
        if found is None:
            return None
        faces = found
    top = max(range(len(faces)), key=lambda k: (faces[k], -k))
    dice = tuple(
        Die(s, f, one_die if k == top else 0)
        for k, (s, f) in enumerate(zip(sides, faces, strict=True))
    )
    return DiceShown(dice, bonus, total)


def tumbling(formula_text: str, faces: tuple[int, ...]) -> DiceShown | None:
    """Dice still rolling, showing ``faces`` (random, one per die of the formula)."""
    formula = formula_of(formula_text)
    if formula is None or len(faces) != formula.dice_count:
        return None
    dice = tuple(Die(s, f) for s, f in zip(formula.sides, faces, strict=True))
    return DiceShown(dice, 0, 0, settled=False)
