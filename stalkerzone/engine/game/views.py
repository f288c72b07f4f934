"""What one player may see of a game (TURN-3, DEATH-2, EVENT-1): :func:`player_view`.

A view keeps the public board as it is and turns every face-down thing into its size: the draw
piles (monsters, guardians, artifacts, events) become as many :data:`HIDDEN_CARD` marks as they
hold cards, another stalker's held fight event becomes one mark ("a fight event is held"),
others' loot piles are left out (while the viewer's Zombie card is in force: where they lie,
not what they hold), and the RNG state is blanked. The orders on offer are public
(every base shows them, ORDER-1) but their shuffled order is not, so they are sorted. Engine notes
addressed to one seat (the fight event it keeps, a card that stays in another's loot) reach the
others only as the public part of what happened.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from stalkerzone.engine.core import Note
from stalkerzone.engine.play import GameState, LootPile

HIDDEN_CARD = "?"
"""A face-down card in a view: it is counted, never named."""
FACE_DOWN_PILES = ("monsters", "guardians", "artifacts", "events")
"""The draw piles of :class:`~stalkerzone.engine.play.state.Decks` nobody sees into."""

_KEPT = re.compile(r"EVENT-1: (?P<player>.+) keeps (?P<card>\S+) for the next fight")
_PICKUP_OTHER = re.compile(r"EVENT-1: (?P<player>.+) picks up .+'s loot")
_STAYS = re.compile(r"EQ-6: \S+ stays where it was: .+")


def player_view(state: GameState, player: int, *, hide_orders: bool = False) -> GameState:
    """TURN-3, DEATH-2: what ``player`` (``-1``: a spectator) may see. Others' loot piles are
    removed (with a Zombie card in force, EVENT-1: kept empty, where they lie) and their held
    fight events are :data:`HIDDEN_CARD` (and their open orders are removed, if the table chose
    so); the face-down draw piles keep only their size; the RNG state is blanked; notes for one
    seat only are told to the others without their card. A view is for showing and for bots'
    reasoning, never for ``apply``."""
    seated = 0 <= player < len(state.players)
    zombie = seated and state.players[player].zombie_turns > 0
    players = []
    for index, seat in enumerate(state.players):
        if index != player:
            if seat.held_event is not None:
                seat = replace(seat, held_event=HIDDEN_CARD)
            if hide_orders:
                seat = replace(seat, open_orders=())
        players.append(seat)
    decks = state.decks
    face_down = {name: (HIDDEN_CARD,) * len(getattr(decks, name)) for name in FACE_DOWN_PILES}
    hidden = replace(decks, orders=tuple(sorted(decks.orders)), **face_down)
    return replace(
        state,
        players=tuple(players),
        loot=tuple(
            pile if pile.owner == player else LootPile(pile.hex, pile.owner)
            for pile in state.loot
            if pile.owner == player or zombie
        ),
        decks=hidden,
        rng=0,
        notes=notes_seen(state, player),
    )


def notes_seen(state: GameState, player: int) -> tuple[str, ...]:
    """The notes of ``state`` as ``player`` (``-1``: a spectator) may read them."""
    viewer = state.players[player].name if 0 <= player < len(state.players) else None
    return tuple(_notes_seen(state.notes, viewer))


def _notes_seen(notes: tuple[str, ...], viewer: str | None) -> Iterator[str]:
    """The notes as the player named ``viewer`` (None: a spectator) may read them: EVENT-1, a
    fight event kept by another is only said to be kept; DEATH-2, a card that stays in the
    loot another picked up is not named. Notes read back from a save are plain text, so the
    English line is matched when the key is gone."""
    picker: str | None = None  # who picked up another's loot in these notes
    for note in notes:
        keeper = _named(note, "event_kept", _KEPT)
        if keeper is not None:
            if keeper == viewer:
                yield note
            else:
                text = f"{keeper} keeps a fight event for the next fight"  # no card
                yield Note("EVENT-1", "event_kept", text, player=keeper)
            continue
        picked = _named(note, "pickup_other", _PICKUP_OTHER)
        if picked is not None:
            picker = picked
        elif picker is not None and picker != viewer and _stays_in_loot(note):
            continue
        yield note


def _named(note: str, key: str, text: re.Pattern[str]) -> str | None:
    """The player a note of ``key`` names (read from the English ``text`` when the note is
    plain text), or None for another note."""
    if isinstance(note, Note):
        return str(dict(note.params).get("player", "")) if note.key == key else None
    found = text.fullmatch(note)
    return found.group("player") if found is not None else None


def _stays_in_loot(note: str) -> bool:
    """EQ-6: a card left where it was (after a pick-up: in another's loot)."""
    if isinstance(note, Note):
        return note.key == "gained_grenade_cap"
    return _STAYS.fullmatch(note) is not None
