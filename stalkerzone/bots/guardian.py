"""The exact chance to beat the Epicenter's guardian (WIN-1, FIGHT-4) for the expert: its plan
and its evaluation read the odds of :mod:`stalkerzone.odds`, not an estimate."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.core import Colour
from stalkerzone.engine.fight import start_fight
from stalkerzone.engine.play import GameState, PlayerState
from stalkerzone.engine.turn import stalker_side, stats


def guardian_win(
    memory: BotMemory, state: GameState, p: PlayerState, *, as_it_stands: bool = False
) -> float:
    """WIN-1, FIGHT-4: the exact chance of ``p`` with its equipment at full health (or its
    health now: ``as_it_stands``) to beat the guardian, averaged over the Epicenter deck's cards
    (its make-up is public), playing each fight the best way (grenades and stimulators
    included)."""
    if not as_it_stands:
        p = replace(p, health=stats(p, state.ctx).max_health)
    side = stalker_side(state, p)
    hit = memory.guardian_exact.get(side)
    if hit is not None:
        return hit
    guardians = [m for m in state.cards.monsters if m.deck == "epicenter"]
    copies = sum(g.copies for g in guardians)
    total = 0.0
    for g in guardians:
        fight = start_fight(side, g, Colour.RED, epicenter=True)
        total += g.copies * memory.odds.odds(fight, "best").win
    return memory.guardian_exact.put(side, total / copies if copies else 0.0)
