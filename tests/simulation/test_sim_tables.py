"""simulate's text tables keep every column whole when written to a file or a pipe (a
terminal keeps its width): an author compares packs in a saved text file."""

from __future__ import annotations

import pytest

from stalkerzone.commands.simulate_tables import UNCUT_WIDTH, print_cards, table_console
from stalkerzone.simulation.card_stats import COUNTS, rate_row


def test_a_pipe_gets_the_uncut_width(capsys: pytest.CaptureFixture[str]) -> None:
    assert table_console().width == UNCUT_WIDTH  # pytest's stdout is not a terminal


def test_long_card_ids_and_intervals_are_never_cut(capsys: pytest.CaptureFixture[str]) -> None:
    long_id = "bloodsucker-of-the-deep-swamp-with-a-very-long-name-" + "x" * 40
    row = {
        "kind": "monster",
        "pack": "swamp-horrors-expansion-pack",
        **dict.fromkeys(COUNTS, 1234),
        "with": rate_row(221, 1000),
        "without": rate_row(299, 1000),
        "meaningful": True,
        "note": "",
    }
    print_cards({"cards": {long_id: row}, "min_seat_games": 30})
    out = capsys.readouterr().out
    assert long_id in out and "swamp-horrors-expansion-pack" in out
    assert "…" not in out
