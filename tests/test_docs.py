"""The documentation in docs/ agrees with the code: card format, architecture map, rule ids."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stalkerzone.content import loader, models
from stalkerzone.content.schema import card_file_schema, pack_file_schema
from stalkerzone.engine.core import dice

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PACKAGE = ROOT / "stalkerzone"
RULE_ID = re.compile(r"\b([A-Z]{2,}(?:-[A-Z0-9]+)+)\b")
# Folders of the project besides the package that the architecture map names.
PROJECT_FOLDERS = ("cards", "tiles", "docs", "tests", "benchmarks")


def _read(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _schemas() -> list[dict[str, Any]]:
    return [card_file_schema(), pack_file_schema()]


def _walk(node: object) -> Iterator[dict[str, Any]]:
    """Every JSON object inside a schema."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _limit_texts(prop: dict[str, Any]) -> list[str]:
    """How docs/cards.md writes a property's limits, e.g. ``1..20``, ``at most 3 entries``."""
    texts: list[str] = []
    branches = [prop.get(key) for key in ("then", "else") if isinstance(prop.get(key), dict)]
    for alt in [prop, *prop.get("anyOf", []), *branches]:
        if "maximum" in alt:
            texts.append(f"{alt['minimum']}..{alt['maximum']}")
        if "maxLength" in alt:
            texts.append(f"{alt.get('minLength', 0)}..{alt['maxLength']} characters")
        low, high = alt.get("minItems"), alt.get("maxItems")
        if low is not None and high is not None:
            texts.append(f"{low}..{high} entries")
        elif high is not None:
            texts.append(f"at most {high} entries")
        elif low is not None:
            texts.append(f"at least {low} entr{'y' if low == 1 else 'ies'}")
        items = alt.get("items", {})
        if "maximum" in items:
            texts.append(f"{items['minimum']}..{items['maximum']}")
    return texts


def _field_limits() -> set[tuple[str, str]]:
    """(key, limit text) for every bounded key of every model of the card and pack formats."""
    limits: set[tuple[str, str]] = set()
    for schema in _schemas():
        for node in _walk(schema):
            for key, prop in node.get("properties", {}).items():
                if key in models.COLOURS and prop.get("type") == "integer":
                    continue  # one colour of a per-colour number: the number's own limits
                if isinstance(prop, dict):
                    limits.update((key, text) for text in _limit_texts(prop))
    return limits


def _mentions(line: str, text: str) -> bool:
    """``text`` on ``line`` as a whole figure (``1..1000`` is not found in ``1..1000000``)."""
    return re.search(rf"(?<![\d.-]){re.escape(text)}(?![\d])", line) is not None


def test_docs_card_format_names_every_card_kind() -> None:
    doc = _read("cards.md")
    for kind in models.CARD_KINDS:
        assert f"### `{kind}`" in doc, kind


def test_docs_card_format_names_every_fixed_value() -> None:
    """Every enumerated value of the format (ability, effect and requirement kinds, sites, …)."""
    doc = _read("cards.md")
    values = {
        str(value)
        for schema in _schemas()
        for node in _walk(schema)
        for value in [*node.get("enum", []), *([node["const"]] if "const" in node else [])]
    }
    assert {"drain", "monster_max_attack", "visit", "danger_red", "max_health"} <= values
    missing = sorted(value for value in values if f"`{value}`" not in doc)
    assert missing == []


def test_docs_card_format_states_every_field_limit() -> None:
    """Each bounded key has a line of docs/cards.md naming the key and its limits."""
    lines = _read("cards.md").splitlines()
    limits = _field_limits()
    assert ("copies", "1..20") in limits and ("sold_at", "at most 3 entries") in limits
    missing = sorted(
        (key, text)
        for key, text in limits
        if not any(f"`{key}`" in line and _mentions(line, text) for line in lines)
    )
    assert missing == []


def test_docs_card_format_states_every_loader_constant() -> None:
    doc = _read("cards.md")
    constants = {
        name: value
        for module in (loader, dice)
        for name, value in vars(module).items()
        if name.startswith("MAX_")
    }
    assert set(constants) >= {"MAX_FILE_BYTES", "MAX_DICE"}
    assert f"{loader.MAX_FILE_BYTES} bytes" in doc
    assert f"1..{dice.MAX_DICE} dice" in doc
    for name, value in constants.items():
        assert _mentions(doc, str(value)), name
    sides = [str(s) for s in sorted(dice.ALLOWED_SIDES)]
    assert f"{', '.join(sides[:-1])} or {sides[-1]} sides" in doc
    assert f"must be `{models.FORMAT}`" in doc
    assert f"`{models.ID_PATTERN.strip('^$')}`" in doc
    assert all(f"`{lang}`" in doc for lang in models.LANGUAGES)
    assert all(f"`{colour}`" in doc for colour in models.COLOURS)


def _package_folders() -> list[str]:
    """``stalkerzone/`` and every folder below it, as ``stalkerzone/client/app/``."""
    return sorted(
        path.relative_to(ROOT).as_posix() + "/"
        for path in [PACKAGE, *PACKAGE.rglob("*")]
        if path.is_dir() and path.name != "__pycache__" and not path.name.startswith(".")
    )


def _map_lines() -> list[str]:
    return [line.strip() for line in _read("architecture.md").splitlines()]


def test_docs_architecture_map_lists_every_package_folder() -> None:
    folders = _package_folders()
    assert "stalkerzone/engine/" in folders and "stalkerzone/client/screens/fight/" in folders
    mapped = {line.split()[0] for line in _map_lines() if line}
    missing = [folder for folder in folders if folder not in mapped]
    assert missing == []


@pytest.mark.parametrize("folder", PROJECT_FOLDERS)
def test_docs_architecture_map_lists_the_project_folders(folder: str) -> None:
    assert (ROOT / folder).is_dir()
    assert any(line.startswith(f"{folder}/ ") for line in _map_lines()), folder


def test_docs_architecture_map_names_no_folder_that_is_gone() -> None:
    named = [
        line.split()[0]
        for line in _map_lines()
        if line.startswith("stalkerzone/") and line.split()[0].endswith("/")
    ]
    assert named, "the map names the package folders"
    assert sorted(set(named) - set(_package_folders())) == []


def _rule_ids() -> list[str]:
    return re.findall(r"\*\*([A-Z]+(?:-[A-Z0-9]+)+)\*\*", _read("rules.md"))


def test_docs_rules_give_every_id_once() -> None:
    ids = _rule_ids()
    assert len(ids) >= 50 and "EQ-10" in ids and "ABIL-FIRST-STRIKE" in ids
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("name", ["cards.md", "architecture.md", "../README.md"])
def test_docs_cite_only_rules_that_exist(name: str) -> None:
    ids = set(_rule_ids())
    cited = set(RULE_ID.findall(_read(name)))
    families = {rule.split("-")[0] for rule in ids}
    ours = {rule for rule in cited if rule.split("-")[0] in families}
    assert ours, f"{name} cites rules"
    assert sorted(ours - ids) == []
