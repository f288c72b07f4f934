"""`stalkerzone cards check|schema|new` through the real command line (docs/cards.md tools)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from stalkerzone import paths
from stalkerzone.cli import main
from stalkerzone.content.loader import load_packs
from stalkerzone.content.models import CARD_KINDS
from stalkerzone.content.schema import card_file_schema, pack_file_schema
from tests.support.packs import PackWriter, manifest


def _base_is_ready() -> bool:
    return (paths.base_cards_dir() / "pack.toml").is_file()


needs_base = pytest.mark.skipif(
    not _base_is_ready(), reason="the base pack (cards/) is still being written"
)


@needs_base
def test_check_clean_base_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "check"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1
    assert out[0].startswith("base ") and out[0].endswith(" cards OK")


@needs_base
def test_check_broken_pack_prints_one_line_per_problem(
    write_pack: PackWriter, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write_pack(
        "bad",
        {
            "cards.toml": '[[weapon]]\nid = "gun"\nweapon_type = "rifle"\nattack = "1000d6"\n'
            'price = 1\n\n[[stalker]]\nid = "fine"\nstart_money = 900\n'
        },
    )
    assert main(["cards", "check", str(bad)]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    lines = captured.out.splitlines()
    assert lines[0] == (
        f"{bad / 'cards.toml'}:4: gun: attack: '1000d6': the number of dice must be 1..20, not 1000"
    )
    assert lines[1].startswith("base ") and lines[1].endswith("cards OK")
    assert lines[2] == "bad 1.0.0: 1 card loaded, 1 problem"
    assert lines[3] == "1 problem"


def test_check_missing_folder_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "check", str(tmp_path / "nowhere")]) == 2
    captured = capsys.readouterr()
    assert (
        captured.err.strip() == f"stalkerzone: cards check: {tmp_path / 'nowhere'} does not exist"
    )
    assert "Traceback" not in captured.err


def test_check_skipped_pack_and_exit_code(
    write_pack: PackWriter, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write_pack("bad", {"pack.toml": "format = 1\n[pack\n"})
    assert main(["cards", "check", "--no-user", str(bad)]) == 2
    out = capsys.readouterr().out
    assert f"{bad / 'pack.toml'}:2: -: -: TOML syntax error" in out
    assert f"{bad}: skipped (1 problem)" in out


@pytest.mark.parametrize("kind", CARD_KINDS)
def test_new_template_passes_check(
    kind: str, write_pack: PackWriter, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "new", kind]) == 0
    text = capsys.readouterr().out
    assert text.count("#") >= 3  # it is commented
    assert f"[[{kind}]]" in text
    pack = write_pack("mine", {"card.toml": text})
    result = load_packs([pack], include_user=False, base_dir=pack)
    assert result.problems == (), [str(p) for p in result.problems]
    assert len(list(result.cards)) == 1


def test_all_templates_together_pass_the_command(
    write_pack: PackWriter, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = []
    for kind in CARD_KINDS:
        main(["cards", "new", kind])
        texts.append(capsys.readouterr().out)
    pack = write_pack("mine", {"cards.toml": "\n".join(texts)})
    code = main(["cards", "check", "--no-user", str(pack)])
    out = capsys.readouterr().out
    if _base_is_ready():
        assert code == 0, out
    assert f"mine 1.0.0: {len(CARD_KINDS)} cards OK" in out


def test_new_unknown_kind_lists_the_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "new", "dragon"]) == 2
    err = capsys.readouterr().err
    assert "unknown card kind 'dragon'" in err
    assert ", ".join(CARD_KINDS) in err


def test_cards_without_verb_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards"]) == 2
    assert "check" in capsys.readouterr().err


def test_schema_is_valid_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert set(CARD_KINDS) <= set(schema["properties"])
    assert main(["cards", "schema", "--pack"]) == 0
    jsonschema.Draft202012Validator.check_schema(json.loads(capsys.readouterr().out))


def test_schema_rejects_what_the_loader_rejects() -> None:
    validator = jsonschema.Draft202012Validator(card_file_schema())
    good = tomllib.loads(
        '[[weapon]]\nid = "g"\nweapon_type = "rifle"\nattack = "2d6+1"\nprice = 1\n'
    )
    assert list(validator.iter_errors(good)) == []
    for bad in (
        '[[weapon]]\nid = "g"\nweapon_type = "rifle"\nattack = "2d6+__import__(1)"\nprice = 1\n',
        '[[weapon]]\nid = "g"\nweapon_type = "rifle"\nattack = "2d6"\nprice = 1\natack = 1\n',
        '[[monstr]]\nid = "g"\n',
        '[[event]]\nid = "e"\ntiming = "fight"\neffect = { kind = "teleport" }\n',
    ):
        assert list(validator.iter_errors(tomllib.loads(bad))), bad


@needs_base
def test_schema_validates_the_base_set_files() -> None:
    cards_validator = jsonschema.Draft202012Validator(card_file_schema())
    pack_validator = jsonschema.Draft202012Validator(pack_file_schema())
    files = sorted(paths.base_cards_dir().glob("*.toml"))
    assert len(files) > 1
    for path in files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        validator = pack_validator if path.name == "pack.toml" else cards_validator
        errors = [e.message for e in validator.iter_errors(data)]
        assert errors == [], path


BASE_IDS = [
    "gromoboy",
    "nosorog",
    "shustry",
    "mazhor",
    "sledopyt",
    "bugai",
    "yellowbreast",
    "gorynych",
    "leshak",
    "clawwing",
    "blind-mole",
    "cerberus",
    "guardian",
    "berdan-rifle",
    "ak-47",
    "rifle-sighting",
    "rifle-rifling",
    "rifle-scope",
    "zone-map",
    "navigator",
    "syt-grass",
    "monster-first",
    "stalker-twice",
    "monster-max-attack",
    "lose-protection",
    "protection-minus-one",
    "zombie",
]
"""Ids the team contract says every helper may rely on."""


@needs_base
def test_base_set_loads_with_zero_problems() -> None:
    result = load_packs(include_user=False)
    assert [str(p) for p in result.problems] == []
    assert [p.id for p in result.packs] == ["base"]
    ids = {card.id for card in result.cards}
    for wanted in BASE_IDS:
        assert wanted in ids, wanted


def test_manifest_helper_is_a_valid_pack(write_pack: PackWriter) -> None:
    pack = write_pack("p", {"pack.toml": manifest("p", "2.0.1")})
    result = load_packs([pack], include_user=False, base_dir=pack)
    assert result.problems == ()
    assert (result.packs[0].id, result.packs[0].version) == ("p", "2.0.1")
