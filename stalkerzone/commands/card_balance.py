"""`stalkerzone cards check --odds`: each monster's exact win chances at each colour against the
kit of each stage of a game, and the outliers against the base set (docs/cards.md)."""

from __future__ import annotations

from typing import Any

from stalkerzone.engine.core import CardSet
from stalkerzone.odds.balance import BalanceSignal, outliers

BASE_PACK = "base"


def print_balance(cards: CardSet) -> int:
    """Print the table for the monsters of the packs other than the base set (the base set's
    own when there are none); the number of outliers found."""
    from stalkerzone.content.variants import load_variant

    groups: dict[str, Any] = {
        name: tuple(c for c in group if c.pack == BASE_PACK)
        for name, group in cards.groups().items()
    }
    reference = CardSet(**groups)
    signal = BalanceSignal(reference, load_variant("standard"))
    spans = signal.reference_range()
    own = [m for m in cards.monsters if m.pack != BASE_PACK]
    monsters = own or list(cards.monsters)
    kits = signal.kits
    print()
    print(
        f"Exact chances to win, fighting to the end at full health "
        f"({signal.variant.start_health}), against the kit of each stage:"
    )
    for kit in kits:
        print(f"  {kit.name}: {kit.label()}")
    width = max(len(m.id) for m in monsters)
    header = "  ".join(f"{kit.name:>13}" for kit in kits)
    print(f"{'monster':<{width}}  {'colour':<6}  {header}")
    found = 0
    for monster in monsters:
        rows = signal.odds_of(monster)
        for row in rows:
            cells = "  ".join(f"{_percent(win):>13}" for win in row.wins)
            print(f"{monster.id:<{width}}  {row.colour.value:<6}  {cells}")
        if monster.pack != BASE_PACK:
            for line in outliers(monster, rows, spans, kits):
                print(f"{monster.id}: warning: {line}")
                found += 1
    what = "guardians at red" if any(m.deck == "epicenter" for m in monsters) else ""
    scope = "the base set's monsters of the same deck" + (f" ({what})" if what else "")
    print(f"outliers are flagged against {scope}, 5 points outside their range")
    return found


def _percent(chance: float) -> str:
    if 0 < chance < 0.001:
        return "<0.1%"
    if 0.999 < chance < 1:
        return ">99.9%"
    return f"{100 * chance:.1f}%"
