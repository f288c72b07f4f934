"""Layout placement (TURN-4, MAP-5): which sector a bot lays where. Every legal placement keeps
the Zone completable (a bot is refused dead ends like everyone); ``easy`` takes any, the others
the snuggest (touching the most placed sectors: a compact Zone has short routes). Ties are
broken by a hash of the state, never by a random number of the bot's own."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.play import Action, GameState, PlaceSector
from stalkerzone.engine.turn import foresight, sectors_to_place
from stalkerzone.engine.zone import slot_neighbours


def tiebreak(state: GameState, salt: str = "") -> int:
    """A number fixed by the state (never the global random module)."""
    text = f"{state.rng}|{state.turn}|{state.current_player}|{len(state.zone.placements)}|{salt}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def place(state: GameState, legal: Sequence[Action], level: str) -> Action:
    """One of the listed placements (each keeps the Zone completable, MAP-5)."""
    placements = [a for a in legal if isinstance(a, PlaceSector)]
    pick = tiebreak(state, "layout")
    if level == "easy" or not state.zone.placements:
        return placements[pick % len(placements)]
    taken = state.zone.by_slot()
    scored = [(sum(n in taken for n in slot_neighbours(a.slot)), a) for a in placements]
    top = max(score for score, _ in scored)
    best = [a for score, a in scored if score == top]
    return best[pick % len(best)]


def place_fast(state: GameState, level: str) -> Action:
    """The same kind of choice as :func:`place` without listing every legal placement of every
    sector first: pick a sector, rank its placements, and take the first that TURN-4 allows
    (the game's foresight proves the Zone stays completable)."""
    todo = sectors_to_place(state)
    pick = tiebreak(state, "layout")
    taken = state.zone.by_slot()
    seer = foresight(state)
    for k in range(len(todo)):
        sector = todo[(pick + k) % len(todo)]
        verdicts = seer.sector_verdicts(state.zone, sector).verdicts
        order = list(verdicts)
        if not order:
            continue
        start = pick % len(order)
        order = order[start:] + order[:start]
        if level != "easy" and taken:
            order.sort(key=lambda p: -sum(n in taken for n in slot_neighbours(p.slot)))
        for p in order:
            if verdicts[p]:
                return PlaceSector(p.sector, p.face, p.rotation, p.slot)
    return place(state, legal_actions(state), level)
