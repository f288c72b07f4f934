"""`cards check --odds`: a monster's exact win chances against the kit of each stage of a game,
flagged against the base set's range (docs/cards.md, FIGHT-1 … FIGHT-8, BASE-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalkerzone.cli import main
from stalkerzone.engine.core import Colour, Monster, MonsterStats, Text, replace
from stalkerzone.odds.balance import Kit, MonsterOdds, outliers, stage_kits
from tests.support.base import base_cards
from tests.support.packs import PackWriter


def test_the_stage_kits_grow_with_the_bases() -> None:
    kits = stage_kits(base_cards())
    assert [k.name for k in kits] == ["start", "village", "military_base", "laboratory"]
    assert kits[0].weapon is not None and kits[0].head is None and kits[0].body is None
    prices = [k.weapon.price for k in kits if k.weapon is not None]
    assert prices == sorted(prices) and len(set(prices)) == 4
    defences = [sum(a.defence for a in (k.head, k.body) if a) for k in kits]
    assert defences == sorted(defences) and defences[-1] > defences[1]


def test_outliers_name_the_colour_kit_and_range() -> None:
    stats = MonsterStats(10, base_cards().weapons[0].attack, 0, 100)
    hag = Monster(
        "hag", Text.plain("Hag"), trophy=Text.plain("H"), green=stats, yellow=stats, red=stats
    )
    kits = (Kit("start", None), Kit("village", None))
    spans = {("zone", Colour.RED, 0): (0.30, 0.60), ("zone", Colour.RED, 1): (0.50, 0.90)}
    rows = [MonsterOdds("hag", Colour.RED, (0.20, 0.93))]
    assert outliers(hag, rows, spans, kits) == [
        "red vs the start kit (fists): win 20.0%, base set 30.0%–60.0% (harder than any)"
    ]  # 0.93 is within 5 points of 0.90
    guardian = replace(hag, deck="epicenter")
    assert outliers(guardian, rows, spans, kits) == []  # compared only with guardians


@pytest.mark.slow
def test_cards_check_odds_flags_a_monster_far_outside_the_base_set(
    write_pack: PackWriter, capsys: pytest.CaptureFixture[str]
) -> None:
    hag = (
        '[[monster]]\nid = "swamp-hag"\ntrophy = "Hair"\n'
        'green = { health = 8, attack = "1d6+1", defence = 0, trophy_price = 100 }\n'
        'yellow = { health = 14, attack = "2d6", defence = 1, trophy_price = 250 }\n'
        'red = { health = 60, attack = "4d6+4", defence = 4, trophy_price = 600 }\n'
    )
    pack = write_pack("swamp", {"m.toml": hag})
    assert main(["cards", "check", "--no-user", "--odds", str(Path(pack))]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("swamp-hag ")]
    assert [line.split()[1] for line in rows] == ["green", "yellow", "red"]
    assert "swamp-hag: warning: red vs the laboratory kit" in out and "(harder than any)" in out
    assert "gorynych" not in out  # the base set is the yardstick, not listed
