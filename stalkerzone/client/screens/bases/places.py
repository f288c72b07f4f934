"""Rows that keep their places at a base (ORDER-1): while a stalker stays at a base, an order
that leaves a list (delivered, given up) keeps its row there, greyed, so the rows below it do
not move and a second click on the same place never acts on another order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from stalkerzone.client.screens.bases.presenter import CardRow, RowAction
from stalkerzone.client.text.card_words import t
from stalkerzone.engine.play import GameState


def gone_word(state: GameState, row: CardRow) -> str:
    """Why an order's row left its list: delivered, or given up (back under the deck)."""
    instance = row.key.split(":", 1)[1]
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
    state: GameState, shown: Sequence[CardRow], now: Sequence[CardRow], fill_gaps: bool
) -> list[CardRow]:
    """The rows of ``now`` in the places they had in ``shown`` (the list as last drawn): a row
    no longer there stays greyed in its place; a new row takes the first greyed place when
    ``fill_gaps`` (a list of fixed size, such as the open orders), else it goes at the end."""
    fresh = {row.key: row for row in now}
    placed = [
        fresh.pop(row.key)
        if row.key in fresh
        else row
        if row.gone
        else greyed(row, gone_word(state, row))
        for row in shown
    ]
    for row in now:
        if row.key not in fresh:
            continue
        gap = next((i for i, old in enumerate(placed) if old.gone), None) if fill_gaps else None
        if gap is None:
            placed.append(row)
        else:
            placed[gap] = row
    return placed
