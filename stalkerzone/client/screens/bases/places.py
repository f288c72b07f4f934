"""Rows that keep their places at a base (ORDER-1, BASE-2): while a stalker stays at a base, an
order that leaves a list (delivered, given up) or a card sold keeps its row there, greyed, and a
new row (an order taken, a card bought) comes below the rows shown, never into a greyed row's
place: the row under the mouse never changes meaning, a second click on the same place never
acts on another card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from stalkerzone.client.screens.bases.presenter import CardRow, RowAction
from stalkerzone.client.text.card_words import t
from stalkerzone.engine.play import GameState


def gone_word(state: GameState, row: CardRow) -> str:
    """Why a row left its list: a card sold; an order delivered, or given up (back under the
    deck)."""
    kind, instance = row.key.split(":", 1)
    if kind == "sell":
        return t("base.row_sold")
    delivered = instance in state.player.delivered
    return t("base.row_delivered") if delivered else t("base.row_given_up")


def greyed(row: CardRow, word: str) -> CardRow:
    """A row kept in its place after its order left: greyed, its buttons off."""
    action = row.action
    return replace(
        row,
        detail=word,
        action=RowAction(action.action, action.label, False),
        tone="dim",
        detail_tone="dim",
        second=None,
        second_tip="",
        sold_out=True,
        gone=True,
    )


def keep_places(
    state: GameState, shown: Sequence[CardRow], now: Sequence[CardRow]
) -> list[CardRow]:
    """The rows of ``now`` in the places they had in ``shown`` (the list as last drawn): a row
    no longer there stays greyed in its place; a new row goes below them all, in the order of
    ``now`` (never into a greyed row's place)."""
    fresh = {row.key: row for row in now}
    placed = [
        fresh.pop(row.key)
        if row.key in fresh
        else row
        if row.gone
        else greyed(row, gone_word(state, row))
        for row in shown
    ]
    return placed + [row for row in now if row.key in fresh]
