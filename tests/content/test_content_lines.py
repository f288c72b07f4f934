"""Lines of cards and keys found in the raw TOML text (tomllib gives no positions)."""

from __future__ import annotations

from stalkerzone.content.problems import LineFinder, field_name

TEXT = '''\
format = 1
[[monster]]
id = "a"
text = """
[[monster]]
"""
"green" = { health = 1 }
[[monster.abilities]]
kind = "drain"
amount = 1
[[monster.abilities]]
kind = "regeneration"
amount = 2

[[monster]]
id = "b"
red = { health = 0 }
'''


def test_card_spans_skip_multi_line_strings_and_include_sub_tables() -> None:
    finder = LineFinder(TEXT)
    assert finder.card_span("monster", 0) == (2, 14)
    assert finder.card_span("monster", 1) == (15, 17)
    assert finder.card_span("monster", 2) is None


def test_key_lines() -> None:
    finder = LineFinder(TEXT)
    first = (2, 14)
    assert finder.key_line(first, "monster", ("id",)) == 3
    assert finder.key_line(first, "monster", ("green", "health")) == 7
    assert finder.key_line(first, "monster", ("abilities", 1, "amount")) == 13
    assert finder.key_line(first, "monster", ("abilities", 0)) == 8
    assert finder.key_line(first, "monster", ("missing",)) == 2
    assert finder.key_line((15, 17), "monster", ("red", "health")) == 17
    assert finder.top_key_line("format") == 1
    assert finder.top_key_line("monster") == 2


def test_field_names() -> None:
    assert field_name(("abilities", 0, "rolls")) == "abilities[0].rolls"
    assert field_name(("sold_at", 1)) == "sold_at[1]"
    assert field_name(()) == "-"
