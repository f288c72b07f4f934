"""The card author's tools: problems reported by every command that loads cards, the editor
schema (documented, pinpointing, the loader's dice limits, written beside the packs, checked with
taplo where it is installed) and `cards show` (docs/cards.md "Tools for card authors")."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from PIL import Image, ImageChops

from stalkerzone import paths
from stalkerzone.cli import main
from stalkerzone.content.models import CARD_KINDS
from stalkerzone.content.schema import (
    CARD_SCHEMA_FILE,
    PACK_SCHEMA_FILE,
    card_file_schema,
    pack_file_schema,
)
from stalkerzone.content.templates import TEMPLATE_KINDS, template
from stalkerzone.engine.core import Dice, DiceError
from tests.support.packs import MONSTER, PackWriter

BROKEN = '[[weapon]]\nid = "gun"\nweapon_type = "rifle"\nattack = "0d6"\nprice = 1\n'
ORPHAN = '[[weapon_mod]]\nid = "scope"\nweapon_type = "laser"\nattack_bonus = 1\nprice = 5\n'


def _models(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [("file", schema), *schema["$defs"].items()]


# --- nothing silent -------------------------------------------------------------------------


def test_cards_check_lists_warnings_and_counts_in_good_english(
    write_pack: PackWriter, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = write_pack("mine", {"cards.toml": ORPHAN})
    assert main(["cards", "check", "--no-user", str(pack)]) == 0  # warnings only: exit 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{pack / 'cards.toml'}:3: scope: weapon_type: warning: ")
    assert "mine 1.0.0: 1 card OK, 1 warning" in out
    assert out[-1] == "1 warning"


def test_odds_reports_skipped_cards_and_packs_on_stderr_before_its_result(
    write_pack: PackWriter, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write_pack("bad", {"cards.toml": BROKEN + "\n" + ORPHAN})
    skipped = write_pack("skipped", {"pack.toml": "format = 1\n"})
    args = ["odds", "--monster", "gorynych", "--colour", "green", "--stalker", "nosorog"]
    code = main([*args, "--json", "--cards", str(bad), "--cards", str(skipped)])
    out, err = capsys.readouterr()
    assert code == 0 and '"win"' in out
    lines = err.splitlines()
    assert (
        f"{bad / 'cards.toml'}:4: gun: attack: '0d6': the number of dice must be 1..20, not 0"
        in (lines)
    )
    assert f"{skipped / 'pack.toml'}:1: -: pack: required key is missing" in lines
    assert any(
        line.startswith(f"{bad / 'cards.toml'}:9: scope: weapon_type: warning:") for line in lines
    )
    assert lines[-1] == (
        f"stalkerzone odds: card packs: 2 problems (those cards are not loaded); "
        f"1 pack skipped ({skipped}); 1 warning"
    )


def test_simulate_reports_problems_on_stderr(
    write_pack: PackWriter, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write_pack("bad", {"cards.toml": BROKEN})
    args = ["simulate", "--games", "1", "--players", "1", "--max-rounds", "2", "--json"]
    assert main([*args, "--cards", str(bad)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)
    assert f"{bad / 'cards.toml'}:4: gun: attack: " in err
    assert "stalkerzone simulate: card packs: 1 problem (those cards are not loaded)" in err


# --- the editor schema ----------------------------------------------------------------------


def test_every_field_has_a_title_a_description_and_an_example() -> None:
    missing = [
        (model, key, need)
        for schema in (card_file_schema(), pack_file_schema())
        for model, node in _models(schema)
        for key, prop in node.get("properties", {}).items()
        for need in ("title", "description", "examples")
        if need not in prop
    ]
    assert missing == []
    props = card_file_schema()["$defs"]
    for model, key in [
        ("Weapon", "copies"),
        ("Weapon", "art"),
        ("Weapon", "price"),
        ("ColourStats", "health"),
        ("Paralysis", "succeeds_on"),
        ("MultiAttack", "rounds"),
    ]:
        prop = props[model]["properties"][key]
        assert prop["title"] != key.replace("_", " ").title(), (model, key)
        assert len(prop["description"]) > 20, (model, key)


def test_examples_are_valid_cards() -> None:
    schema = card_file_schema()
    validator = jsonschema.Draft202012Validator(schema)
    for kind in CARD_KINDS:
        example = schema["properties"][kind]["examples"][0]
        assert list(validator.iter_errors({kind: example})) == [], kind


@pytest.fixture(scope="module")
def card_validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(card_file_schema())


def test_schema_pinpoints_the_one_wrong_field(
    card_validator: jsonschema.Draft202012Validator,
) -> None:
    def _errors(text: str) -> list[tuple[str, str]]:
        found = card_validator.iter_errors(tomllib.loads(text))
        return sorted(("/".join(str(p) for p in e.absolute_path), e.message) for e in found)

    monster = MONSTER.format(id="rat")
    assert _errors(monster + '[[monster.abilities]]\nkind = "regenration"\namount = 1\n') == [
        (
            "monster/0/abilities/0/kind",
            "'regenration' is not one of "
            "['drain', 'first_strike', 'multi_attack', 'paralysis', 'regeneration']",
        )
    ]
    wrong = _errors(monster + '[[monster.abilities]]\nkind = "drain"\namount = 1000\n')
    assert [path for path, _ in wrong] == ["monster/0/abilities/0/amount"]
    colour = '{ kind = "trophy", monster = "rat", colour = "purple" }'
    order = f'[[order]]\nid = "o"\nrequirement = {colour}\nreward = 1\noffered_at = ["village"]\n'
    assert [path for path, _ in _errors(order)] == ["order/0/requirement/colour"]
    stalker = '[[stalker]]\nid = "s"\nstart_money = -5\n'
    assert [path for path, _ in _errors(stalker)] == ["stalker/0/start_money"]
    effect = '[[event]]\nid = "e"\ntiming = "fight"\neffect = { kind = "teleport" }\n'
    assert [path for path, _ in _errors(effect)] == ["event/0/effect/kind"]
    bonus = '[[stalker]]\nid = "s"\nbonuses = [{ stat = "luck", amount = 1 }]\n'
    assert [path for path, _ in _errors(bonus)] == ["stalker/0/bonuses/0/stat"]
    typo = '[[armour]]\nid = "a"\nslot = "head"\ndefense = 1\nprice = 1\n'
    assert len(_errors(typo)) == 2  # the unknown key and the missing one, once each


def test_schema_dice_pattern_takes_what_the_loader_takes() -> None:
    defs = card_file_schema()["$defs"]
    pattern = re.compile(defs["Weapon"]["properties"]["attack"]["pattern"])
    for count in range(26):
        for text in (f"{count}d6", f"2d6+{count}d4", f"{count}d6-1", f"{count}d7"):
            try:
                Dice.parse(text)
                parsed = True
            except DiceError:
                parsed = False
            assert bool(pattern.match(text)) == parsed, text


def test_schemas_are_written_into_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "schema", "--out", str(tmp_path / "schemas")]) == 0
    written = capsys.readouterr().out.split()
    assert [Path(p).name for p in written] == [CARD_SCHEMA_FILE, PACK_SCHEMA_FILE]
    card = json.loads((tmp_path / "schemas" / CARD_SCHEMA_FILE).read_text(encoding="utf-8"))
    assert card == card_file_schema()
    jsonschema.Draft202012Validator.check_schema(card)


def test_cards_new_writes_the_schemas_into_the_user_card_folder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cards", "new", "pack"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(f"#:schema ../{PACK_SCHEMA_FILE}\n")
    assert tomllib.loads(captured.out)["pack"]["id"] == "my-pack"
    folder = paths.user_cards_dir()
    for name in (CARD_SCHEMA_FILE, PACK_SCHEMA_FILE):
        jsonschema.Draft202012Validator.check_schema(json.loads((folder / name).read_text("utf-8")))


@pytest.mark.parametrize("kind", TEMPLATE_KINDS)
def test_every_template_names_its_schema_first(kind: str) -> None:
    name = PACK_SCHEMA_FILE if kind == "pack" else CARD_SCHEMA_FILE
    assert template(kind).splitlines()[0] == f"#:schema ../{name}"


TAPLO = shutil.which("taplo")


@pytest.mark.skipif(TAPLO is None, reason="taplo is not installed (npm install -g @taplo/cli)")
def test_taplo_pinpoints_a_wrong_ability_kind_and_a_wrong_colour(tmp_path: Path) -> None:
    assert TAPLO is not None
    assert main(["cards", "schema", "--out", str(tmp_path)]) == 0
    pack = tmp_path / "mine"
    pack.mkdir()
    text = (
        template("monster").replace('kind = "regeneration"', 'kind = "regenration"')
        + '\n[[order]]\nid = "job"\nreward = 1\noffered_at = ["village"]\n'
        'requirement = { kind = "trophy", monster = "my-monster", colour = "purple" }\n'
    )
    (pack / "cards.toml").write_text(text, encoding="utf-8")
    lines = text.splitlines()
    kind_line = (
        lines.index(
            'kind = "regenration"           # regains health every round, never above its start'
        )
        + 1
    )
    colour_line = len(lines)
    run = subprocess.run(
        [TAPLO, "lint", "--no-auto-config", "cards.toml"],
        cwd=pack,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    report = run.stdout + run.stderr
    assert run.returncode != 0, report
    assert f"cards.toml:{kind_line}:8" in report and '"regenration" is not one of' in report
    assert f"cards.toml:{colour_line}:" in report and '"purple" is not one of' in report
    assert "not valid under any of the given schemas" not in report


# --- cards show -----------------------------------------------------------------------------


def _shown(tmp_path: Path, card: str, *more: str) -> Image.Image:
    png = tmp_path / f"{card}.png"
    assert main(["cards", "show", card, "--png", str(png), "--no-user", *more]) == 0
    return Image.open(png).convert("RGB")


def test_cards_show_draws_the_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gorynych = _shown(tmp_path, "gorynych")
    leshak = _shown(tmp_path, "leshak")
    red = _shown(tmp_path, "gorynych", "--colour", "red")
    assert "gorynych (green, yellow, red)" in capsys.readouterr().out
    assert gorynych.width > 2 * red.width  # three colours side by side, or one
    assert len(gorynych.getcolors(1 << 20) or ()) > 50  # not blank
    assert ImageChops.difference(gorynych, leshak).getbbox() is not None


def test_cards_show_draws_the_card_text(write_pack: PackWriter, tmp_path: Path) -> None:
    plain = MONSTER.format(id="rat")
    told = plain.replace('trophy = "Head"', 'trophy = "Head"\ntext = "Lives in the old sewers."')
    a = _shown(
        tmp_path, "rat", "--colour", "green", "--cards", str(write_pack("a", {"c.toml": plain}))
    )
    b = _shown(
        tmp_path, "rat", "--colour", "green", "--cards", str(write_pack("b", {"c.toml": told}))
    )
    assert ImageChops.difference(a, b).getbbox() is not None


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["gorinych"], "no loaded card has the id 'gorinych' (did you mean 'gorynych'?)"),
        (["ak-47", "--colour", "red"], "--colour is for monsters"),
        (["gorynych", "--colour", "purple"], "one of green, yellow, red"),
    ],
)
def test_cards_show_bad_input_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    png = tmp_path / "x.png"
    assert main(["cards", "show", *args, "--png", str(png), "--no-user"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0] and "Traceback" not in err[0]
    assert not png.exists()


@pytest.mark.slow
def test_cards_show_watch_draws_again_on_each_save(
    write_pack: PackWriter, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cards show --watch`: a save redraws the card; a broken save says why and the watch goes
    on; the next good save draws again."""
    import argparse

    from stalkerzone.commands.card_show import watch_card

    pack = write_pack("w", {"c.toml": MONSTER.format(id="rat")})
    card_file = pack / "c.toml"
    png = tmp_path / "rat.png"
    saves = iter(
        [
            MONSTER.format(id="rat").replace("health = 8", "health = 9"),
            MONSTER.format(id="rat").replace("health = 8", "health = -1"),
            MONSTER.format(id="rat").replace("health = 8", "health = 10"),
        ]
    )
    pictures: list[bytes] = []

    def save_next(_: float) -> None:
        pictures.append(png.read_bytes())
        text = next(saves, None)
        if text is not None:
            card_file.write_text(text, encoding="utf-8")
            stat = card_file.stat()  # a new modification time even within one clock tick
            os.utime(card_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + len(pictures) * 10**6))

    args = argparse.Namespace(
        card_id="rat", colour="green", lang="en", cards=[pack], no_user=True, watch=True
    )
    assert watch_card(args, png, looks=4, sleep=save_next) == 0
    captured = capsys.readouterr()
    assert captured.out.count(f"{png}: rat (green)") == 3  # first, 9, 10 — not the broken one
    assert "health: must be at least 1" in captured.err
    assert "no loaded card has the id 'rat'" in captured.err
    assert pictures[0] != pictures[1]  # health 8 → 9 drawn
