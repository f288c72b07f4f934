"""A card author's test game (``play --try DIR``): the tried packs' cards are dealt first from
every deck; the rules are unchanged and the deal is still the seed's (docs/cards.md)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from stalkerzone.content.variants import load_variant
from stalkerzone.engine.core import CardSet
from stalkerzone.engine.game import GameSetup, PlayerSetup, legal_actions, new_game
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import card_id
from stalkerzone.persistence import saves
from tests.support.base import base_cards, sectors


def _with_a_pack(cards: CardSet) -> CardSet:
    """The base set with three of its monsters and two events re-tagged as pack 'mine'."""
    mine = {m.id for m in cards.monsters if m.deck == "zone"}
    chosen = set(sorted(mine)[:3]) | {e.id for e in cards.events[:2]}
    groups: dict[str, Any] = {
        name: tuple(replace(c, pack="mine") if c.id in chosen else c for c in group)
        for name, group in cards.groups().items()
    }
    return CardSet(**groups)


def test_the_tried_packs_cards_come_first_in_each_deck() -> None:
    cards = _with_a_pack(base_cards())
    seats = (PlayerSetup("A", cards.stalkers[0].id), PlayerSetup("B", cards.stalkers[1].id))
    plain = GameSetup(7, seats, load_variant("standard"), zone_mode="free")
    tried = replace(plain, early_packs=("mine",))
    normal = new_game(plain, cards, sectors()).decks
    early = new_game(tried, cards, sectors()).decks
    for deck in ("monsters", "events"):
        pile = getattr(early, deck)
        packs = [cards.get(card_id(i)).pack for i in pile]
        first_base = packs.index("base")
        assert first_base > 0 and "mine" not in packs[first_base:]
        assert sorted(pile) == sorted(getattr(normal, deck))  # the same cards, another order
    assert new_game(tried, cards, sectors()).decks == early  # still the seed's deal


def test_the_tried_packs_are_kept_in_a_save(tmp_path: Path) -> None:
    seats = (PlayerSetup("A", "gromoboy"), PlayerSetup("B", "nosorog"))
    setup = GameSetup(3, seats, load_variant("standard"), "free", early_packs=("base",))
    record = records.start(setup, base_cards(), sectors())
    for _ in range(3):
        record = records.play(record, legal_actions(record.state)[0])
    path = saves.save_game(record, tmp_path / "game.json")
    loaded = saves.load_game(path, verify=True)  # the replay from the seed deals the same
    assert loaded.record.setup.early_packs == ("base",)
