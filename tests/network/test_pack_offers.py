"""A host offers the card packs of its game to the players who join it (docs/protocol.md "Card
packs"): a client without the pack is told what is offered, accepts it explicitly, gets it
checked against the host's digest and installed, and joins; loopback only."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from stalkerzone import paths
from stalkerzone.content.loader import load_packs
from stalkerzone.content.pack_archive import ArchiveError
from stalkerzone.network.client import PacksOffered, address_uri, open_game
from stalkerzone.network.hosting import HostPlan, new_table
from stalkerzone.network.pack_offers import install_offers
from tests.support.network import LOOPBACK, hosted
from tests.support.packs import MONSTER, manifest, write_files


def _swamp(root: Path) -> Path:
    pack = root / "swamp"
    card = MONSTER.format(id="swamp-hag")
    write_files(pack, {"pack.toml": manifest("swamp"), "m.toml": card})
    return pack


def test_a_missing_pack_is_offered_checked_installed_and_then_joined(tmp_path: Path) -> None:
    pack = _swamp(tmp_path / "host")
    plan = HostPlan(("remote", "remote"), seed=3, zone_mode="free", card_dirs=(pack,))
    table = new_table(plan, include_user=False, autosave=False)
    with hosted(table) as server:
        address = f"{LOOPBACK}:{server.port}"
        here = load_packs(include_user=True)  # the joining player: base set only
        assert "swamp-hag" not in here.cards
        with pytest.raises(PacksOffered) as caught:
            open_game(address, (), any_seat=True, loaded=here, timeout=10)
        (offer,) = caught.value.offers
        assert (offer.id, offer.version, len(offer.digest)) == ("swamp", "1.0.0", 64)
        assert "swamp 1.0.0" in str(caught.value)
        said = install_offers(address_uri(address), caught.value.offers, paths.user_cards_dir())
        assert said[0].startswith("swamp 1.0.0 installed (sha256 ")
        now = load_packs(include_user=True)
        assert "swamp-hag" in now.cards
        game = open_game(address, (), any_seat=True, loaded=now, timeout=10)
        try:
            assert game.seats and game.view is not None
        finally:
            game.connection.close()


def test_an_archive_that_is_not_the_one_named_is_not_installed(tmp_path: Path) -> None:
    pack = _swamp(tmp_path / "host")
    plan = HostPlan(("remote", "remote"), seed=3, zone_mode="free", card_dirs=(pack,))
    table = new_table(plan, include_user=False, autosave=False)
    with hosted(table) as server:
        address = f"{LOOPBACK}:{server.port}"
        with pytest.raises(PacksOffered) as caught:
            open_game(address, (), any_seat=True, loaded=load_packs(), timeout=10)
        (offer,) = caught.value.offers
        forged = replace(offer, digest="0" * 64)
        with pytest.raises(ArchiveError, match="not what was offered"):
            install_offers(address_uri(address), [forged], paths.user_cards_dir())
        assert not (paths.user_cards_dir() / "swamp").exists()
        missing = replace(offer, id="nothing")
        with pytest.raises(ArchiveError, match="the host answered 404"):
            install_offers(address_uri(address), [missing], paths.user_cards_dir())
