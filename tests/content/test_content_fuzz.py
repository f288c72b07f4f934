"""Whatever a card file holds, loading never raises and every problem is one line (bad input)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stalkerzone.content import variants
from stalkerzone.content.loader import load_packs
from stalkerzone.content.models import CARD_KINDS
from tests.support.packs import MINI_BASE, manifest, write_files

FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

KEYS = st.sampled_from(
    [
        "id",
        "name",
        "trophy",
        "green",
        "red",
        "attack",
        "health",
        "kind",
        "amount",
        "abilities",
        "effect",
        "requirement",
        "price",
        "sold_at",
        "art",
        "copies",
        "rolls",
        "monster",
        "x",
    ]
)
SCALARS = st.one_of(
    st.integers(-5, 30),
    st.booleans(),
    st.sampled_from(["2d6", "d0", "gorynych", "village", "drain", "../x", "", "1000d6"]),
    st.text(max_size=8),
)
VALUES: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)


def _assert_well_formed(pack: Path, base: Path) -> None:
    result = load_packs([pack], include_user=False, base_dir=base)
    for problem in result.problems:
        line = str(problem)
        assert "\n" not in line
        assert line.startswith(f"{problem.file}:{problem.line}: ")
    assert "gorynych" in result.cards  # the good base still loads


@pytest.mark.slow
@FUZZ
@given(kind=st.sampled_from([*CARD_KINDS, "bogus"]), card=st.dictionaries(KEYS, VALUES))
def test_random_card_tables_never_raise(kind: str, card: dict[str, Any], tmp_path: Path) -> None:
    base = tmp_path / "base"
    write_files(base, {**MINI_BASE, "pack.toml": manifest("base")})
    write_files(
        tmp_path / "p", {"pack.toml": manifest("p"), "c.toml": tomli_w.dumps({kind: [card]})}
    )
    _assert_well_formed(tmp_path / "p", base)


@FUZZ
@given(text=st.text(max_size=200))
def test_random_text_never_raises(text: str, tmp_path: Path) -> None:
    base = tmp_path / "base"
    write_files(base, {**MINI_BASE, "pack.toml": manifest("base")})
    write_files(tmp_path / "p", {"pack.toml": manifest("p"), "c.toml": "[[monster]]\n" + text})
    _assert_well_formed(tmp_path / "p", base)


def test_broken_variant_file_names_file_and_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (variants.VARIANTS_DIR / "standard.toml").read_text(encoding="utf-8")
    (tmp_path / "standard.toml").write_text(
        text.replace("grenade_cap = 10", 'grenade_cap = "ten"'), encoding="utf-8"
    )
    (tmp_path / "express.toml").write_text("format = \n", encoding="utf-8")
    monkeypatch.setattr(variants, "VARIANTS_DIR", tmp_path)
    with pytest.raises(variants.VariantError, match=r"standard\.toml: grenade_cap: "):
        variants.load_variant("standard")
    with pytest.raises(variants.VariantError, match=r"express\.toml: cannot read"):
        variants.load_variant("express")


def test_variant_anomaly_table_must_cover_every_face(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (variants.VARIANTS_DIR / "standard.toml").read_text(encoding="utf-8")
    (tmp_path / "standard.toml").write_text(text.replace("faces = [6]", "faces = [5]"), "utf-8")
    monkeypatch.setattr(variants, "VARIANTS_DIR", tmp_path)
    with pytest.raises(variants.VariantError, match=r"each face 1\.\.6 exactly once"):
        variants.load_variant("standard")
