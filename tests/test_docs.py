"""The documentation in docs/ agrees with the code: card format, architecture map, rule ids."""

from __future__ import annotations

import re
import subprocess
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stalkerzone.content import loader, models, values
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
                if key in values.COLOURS and prop.get("type") == "integer":
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
    assert f"`{values.ID_PATTERN.strip('^$')}`" in doc
    assert all(f"`{lang}`" in doc for lang in values.LANGUAGES)
    assert all(f"`{colour}`" in doc for colour in values.COLOURS)


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


# --- the repository is self-contained ----------------------------------------------------------

OUTSIDE_DOCUMENTS = re.compile(
    "|".join(
        re.escape(name)
        for name in ("RULES" + ".md", "CARDS" + ".md", "ARCHITECTURE" + ".md", "ARCADE" + "-NOTES")
    )
)
"""Names of documents that lived beside the project, never in it (spelt in parts here, so that
this file does not name them itself)."""
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _tracked_files() -> list[Path]:
    """The repository's files: ``git ls-files`` in a checkout, else every file under the root
    but hidden folders and caches (an unpacked source archive)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        ).stdout.decode("utf-8")
    except (OSError, subprocess.SubprocessError):
        skipped = {"__pycache__", "build", "dist"}
        return sorted(
            path
            for path in ROOT.rglob("*")
            if path.is_file()
            and not any(
                part.startswith(".") or part in skipped or part.endswith(".egg-info")
                for part in path.relative_to(ROOT).parts[:-1]
            )
        )
    return [ROOT / name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def _text_files() -> dict[str, str]:
    """Every tracked file that is text (UTF-8 without NUL bytes), by its path from the root."""
    texts: dict[str, str] = {}
    for path in _tracked_files():
        data = path.read_bytes()
        if b"\0" in data:
            continue
        try:
            texts[path.relative_to(ROOT).as_posix()] = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return texts


def outside_references(text: str) -> list[tuple[int, str]]:
    """(line number, line) of every line of ``text`` that names an outside document."""
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if OUTSIDE_DOCUMENTS.search(line)
    ]


def test_docs_outside_references_are_found() -> None:
    sample = "ok\n# see " + "RULES" + ".md §5\nalso fine\n(" + "ARCADE" + "-NOTES.md)\n"
    assert [number for number, _ in outside_references(sample)] == [2, 4]
    assert outside_references("DEATH-1 (docs/rules.md), docs/cards.md, docs/architecture.md") == []


def test_docs_no_file_refers_to_a_document_outside_the_repository() -> None:
    texts = _text_files()
    assert {
        "README.md",
        "docs/rules.md",
        "stalkerzone/engine/game/game.py",
        "tiles/README.md",
    } <= set(texts), "the walk reaches every part of the repository"
    found = [
        f"{name}:{number}: {line}"
        for name, text in sorted(texts.items())
        for number, line in outside_references(text)
    ]
    assert found == [], "cite docs/rules.md ids, docs/cards.md or docs/architecture.md instead"


def test_docs_markdown_links_stay_inside_the_repository() -> None:
    """Every relative link of a Markdown file leads to a file or folder of the repository."""
    texts = _text_files()
    broken = []
    for name, text in sorted(texts.items()):
        if not name.endswith(".md"):
            continue
        for target in MARKDOWN_LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (ROOT / name).parent / target.partition("#")[0]
            inside = path.resolve().is_relative_to(ROOT)
            if not inside or not path.exists():
                broken.append(f"{name}: {target}")
    assert broken == []


def test_docs_licence_file_matches_the_package_metadata() -> None:
    """pyproject's licence is the LICENSE file's; the art's own licences are in the credits."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith(f"{project['license']['text']} License\n")
    assert "assets/CREDITS.md" in licence
    assert (ROOT / "assets" / "CREDITS.md").is_file()
