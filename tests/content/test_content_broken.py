"""A corpus of broken card files and packs (``broken_cases``): each is rejected with the expected
file, line, card id and field, never a traceback, and the good packs beside it still load
(docs/cards.md)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stalkerzone.content.loader import load_packs
from tests.content.broken_cases import CASES, SPARE, weapon
from tests.content.test_content_author_trial import VALIDATOR_PHRASES
from tests.support.packs import PackWriter


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_input_is_rejected_precisely(
    name: str, tmp_path: Path, write_pack: PackWriter, mini_base: Path
) -> None:
    case = CASES[name]
    files = dict(case.files)
    if case.spare:
        files["cards.toml"] = str(files["cards.toml"]) + SPARE
    good = write_pack("good", {"good.toml": '[[stalker]]\nid = "good-stalker"\nname = "G"\n'})
    bad = write_pack("bad", files, pack_id=case.pack_id)
    if "symlink" in case.make:
        (tmp_path / "outside.png").write_bytes(b"\x89PNG")
        link = bad / case.make["symlink"]
        link.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(tmp_path / "outside.png", link)

    result = load_packs([good, bad], include_user=False, base_dir=mini_base)

    lines = [str(p) for p in result.problems]
    assert len(result.problems) == case.count, lines
    problem = result.problems[-1]
    assert problem.file == str(bad / case.file), lines
    assert (problem.line, problem.card_id, problem.field) == (
        case.line,
        case.card_id,
        case.field,
    ), lines
    assert case.message in problem.message, lines
    for phrase in VALIDATOR_PHRASES:  # the game's own words, never the validator's
        assert all(phrase not in p.message for p in result.problems), lines
    assert str(problem).startswith(f"{bad / case.file}:{case.line}: {case.card_id}: {case.field}: ")
    assert "\n" not in str(problem)
    # the good packs beside it still load
    assert "good-stalker" in result.cards
    assert "gorynych" in result.cards
    assert ("spare-medkit" in result.cards) == case.spare
    info = {p.path: p for p in result.packs}
    assert info[good].ok and not info[bad].ok
    assert info[bad].problems == result.problems


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 30


def test_missing_folder_and_folder_without_packs(tmp_path: Path, mini_base: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    result = load_packs([tmp_path / "nowhere", empty], include_user=False, base_dir=mini_base)
    assert [(p.file, p.line, p.card_id, p.field) for p in result.problems] == [
        (str(tmp_path / "nowhere"), 0, "-", "-"),
        (str(empty), 0, "-", "-"),
    ]
    assert "does not exist" in result.problems[0].message
    assert "no pack.toml" in result.problems[1].message
    assert "gorynych" in result.cards


def test_user_folder_entries_without_pack_toml_are_reported(
    tmp_path: Path, mini_base: Path
) -> None:
    from stalkerzone import paths

    stray = paths.user_cards_dir() / "not-a-pack"
    stray.mkdir(parents=True)
    result = load_packs(base_dir=mini_base)
    assert [p.field for p in result.problems] == ["-"]
    assert "no pack.toml" in result.problems[0].message


def test_a_working_copy_wins_over_the_installed_pack_of_the_same_id(
    write_pack: PackWriter, mini_base: Path
) -> None:
    """An author edits a copy of an installed pack and passes it with --cards: the copy is
    checked and loaded, the installed one skipped with a warning (not the other way round)."""
    from stalkerzone import paths
    from tests.support.packs import manifest, write_files

    installed = paths.user_cards_dir() / "mine"
    write_files(installed, {"pack.toml": manifest("mine"), "c.toml": weapon(card_id="old-gun")})
    copy = write_pack("mine", {"c.toml": weapon(card_id="new-gun")}, pack_id="mine")
    result = load_packs([copy], base_dir=mini_base)
    assert "new-gun" in result.cards and "old-gun" not in result.cards
    assert result.problems == ()
    (notice,) = [w for w in result.warnings if w.field == "pack.id"]
    assert notice.file == str(installed / "pack.toml")
    assert "this installed copy skipped" in notice.message and str(copy) in notice.message


def test_a_sub_folder_with_card_files_but_no_pack_toml_is_named(
    tmp_path: Path, mini_base: Path
) -> None:
    from tests.support.packs import manifest, write_files

    parent = tmp_path / "packs"
    write_files(parent / "good", {"pack.toml": manifest("good"), "c.toml": weapon()})
    write_files(parent / "unfinished", {"c.toml": weapon(card_id="gun2")})
    write_files(parent / "art-only", {"x.png": b"\x89PNG"})
    result = load_packs([parent], include_user=False, base_dir=mini_base)
    assert "gun" in result.cards
    assert [(p.file, p.message) for p in result.problems] == [
        (str(parent / "unfinished"), "card files but no pack.toml: not a card pack, skipped")
    ]


def test_likely_mistakes_in_stalkers_and_artifacts_are_warned(
    write_pack: PackWriter, mini_base: Path
) -> None:
    """ST-3: every character has a bonus; ST-2: a penalty should leave some health."""
    cards = (
        '[[stalker]]\nid = "plain"\n\n[[stalker]]\nid = "tough"\nmax_health = 35\n\n'
        '[[artifact]]\nid = "crusher"\nprice = 1\n'
        'effects = [{ stat = "max_health", amount = -30 }]\n\n'
        '[[artifact]]\nid = "mild"\nprice = 1\neffects = [{ stat = "max_health", amount = -29 }]\n'
    )
    pack = write_pack("p", {"c.toml": cards})
    result = load_packs([pack], include_user=False, base_dir=mini_base)
    assert result.problems == ()
    found = {(w.card_id, w.field, w.line) for w in result.warnings}
    assert found == {("plain", "bonuses", 2), ("crusher", "effects[0]", 11)}
    (crusher,) = [w for w in result.warnings if w.card_id == "crusher"]
    assert "max_health -30 takes the whole health of a stalker with 30" in crusher.message


def test_many_problems_in_one_file_each_get_their_own_line(
    write_pack: PackWriter, mini_base: Path
) -> None:
    text = weapon("1000d6") + weapon("d0", card_id="gun2") + weapon(card_id="gun3")
    bad = write_pack("bad", {"cards.toml": text})
    result = load_packs([bad], include_user=False, base_dir=mini_base)
    assert [(p.line, p.card_id) for p in result.problems] == [(4, "gun"), (10, "gun2")]
    assert "gun3" in result.cards
