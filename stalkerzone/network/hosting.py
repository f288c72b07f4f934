"""Setting up a hosted game: a new one from seat kinds, or a saved one resumed with its seats.

What ``stalkerzone host`` and the client's "Host a game" screen share: cards from the base pack,
the user folder and ``--cards`` folders; seats named and given stalkers in order (TURN-1); a save
resumed with the seats it was played with (its bots stay bots).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from stalkerzone.engine.game import MAX_PLAYERS, GameSetup, PlayerSetup
from stalkerzone.engine.game import record as records
from stalkerzone.errors import UserError
from stalkerzone.network.table import GameTable, SeatKind

if TYPE_CHECKING:
    from stalkerzone.content.loader import LoadResult

ZoneMode = Literal["hand", "free", "ring", "line", "compact"]


@dataclass(frozen=True, slots=True)
class HostPlan:
    """A new hosted game: seat kinds in seat order, and what else the set-up needs."""

    kinds: tuple[SeatKind, ...]
    seed: int = 0
    variant: str = "standard"
    zone_mode: ZoneMode = "hand"
    card_dirs: tuple[Path, ...] = ()
    bot_strength: str = "normal"
    names: tuple[str, ...] = ()


def seat_names(kinds: Sequence[SeatKind], names: Sequence[str] = ()) -> tuple[str, ...]:
    """``names`` where given, else "Player N" for people and "Bot N" for bots."""
    out = []
    players = bots = 0
    for index, kind in enumerate(kinds):
        if kind == "bot":
            bots += 1
            default = f"Bot {bots}"
        else:
            players += 1
            default = f"Player {players}"
        out.append(names[index] if index < len(names) and names[index] else default)
    return tuple(out)


def new_table(
    plan: HostPlan,
    *,
    include_user: bool = True,
    loaded: LoadResult | None = None,
    **options: object,
) -> GameTable:
    """A table for a new game, played with ``loaded`` cards (by default the base pack, the
    user folder and the plan's folders); ``options``: the other :class:`GameTable` fields."""
    from stalkerzone.content.loader import load_packs
    from stalkerzone.content.tiles import load_sectors
    from stalkerzone.content.variants import load_variant

    if not 1 <= len(plan.kinds) <= MAX_PLAYERS:
        raise UserError(f"--seats: 1 to {MAX_PLAYERS} seats, not {len(plan.kinds)}")
    if loaded is None:
        loaded = load_packs(plan.card_dirs, include_user=include_user)
    stalkers = [s.id for s in loaded.cards.stalkers]
    if not stalkers:
        raise UserError("no stalker cards are loaded")
    names = seat_names(plan.kinds, plan.names)
    players = tuple(
        PlayerSetup(
            names[k],
            stalkers[k % len(stalkers)],
            plan.bot_strength if kind == "bot" else None,
        )
        for k, kind in enumerate(plan.kinds)
    )
    setup = GameSetup(plan.seed, players, load_variant(plan.variant), plan.zone_mode)
    record = records.start(setup, loaded.cards, load_sectors())
    return GameTable.create(record, plan.kinds, packs=tuple(loaded.packs), **options)


def resumed_table(
    save: Path,
    *,
    people: SeatKind = "remote",
    card_dirs: Sequence[Path] = (),
    **options: object,
) -> GameTable:
    """A saved game (``persistence.saves.load_game``) hosted again: its bots stay bots, every
    other seat is ``people`` (remote, or hot-seat at the host); it goes on saving to ``save``, and
    the seat tokens kept beside it (``seat_tokens``) hold their seats for their players."""
    from stalkerzone.network.seat_tokens import read_tokens
    from stalkerzone.persistence.saves import load_game

    loaded = load_game(save, extra_dirs=tuple(card_dirs))
    players = loaded.record.setup.players
    kinds = tuple("bot" if p.bot else people for p in players)
    options.setdefault("save_to", save)
    # the tokens given out before: players rejoin their seats with them (TURN-1)
    people_seats = {i for i, kind in enumerate(kinds) if kind == "remote"}
    kept = read_tokens(save, len(players))
    options.setdefault("tokens", {t: s for t, s in kept.items() if set(s) <= people_seats})
    return GameTable.create(loaded.record, kinds, packs=loaded.packs, **options)
