"""JSON Schemas (Draft 2020-12) of a card file and of ``pack.toml``, for editors (docs/cards.md).

Generated from the models: their docstrings and field descriptions give every title and
description; :data:`EXAMPLES` gives an example for every field. The schema is then reshaped so
that an editor (taplo, Even Better TOML) points at the one wrong field:

- a tagged union (``kind`` of abilities, event effects, requirements) becomes an ``enum`` of the
  kinds plus ``if``/``then`` per kind, so a misspelt kind is reported on ``kind`` itself;
- "a number or one per colour" and "text or one per language" choose their branch by type;
- optional values drop the ``null`` branch (TOML has no null).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from stalkerzone.content.models import CARD_MODELS, CardFile
from stalkerzone.content.pack_manifest import PackFile

DRAFT = "https://json-schema.org/draft/2020-12/schema"
CARD_SCHEMA_FILE = "card.schema.json"
PACK_SCHEMA_FILE = "pack.schema.json"

EXAMPLES: dict[str, Any] = {
    "format": 1,
    "id": "blood-sucker",
    "name": {"en": "Bloodsucker", "ru": "Кровосос"},
    "text": {"en": "Comes out at night.", "ru": "Выходит ночью."},
    "copies": 2,
    "art": "art/blood-sucker.png",
    "trophy": {"en": "Tentacles", "ru": "Щупальца"},
    "deck": "zone",
    "green": {"health": 8, "attack": "1d6+1", "defence": 0, "trophy_price": 100},
    "yellow": {"health": 14, "attack": "2d6", "defence": 1, "trophy_price": 250},
    "red": {"health": 24, "attack": "3d6+1", "defence": 2, "trophy_price": 500},
    "health": 14,
    "attack": "2d6+1",
    "defence": 1,
    "trophy_price": 250,
    "abilities": [{"kind": "regeneration", "amount": {"green": 1, "yellow": 2, "red": 3}}],
    "kind": "drain",
    "amount": 2,
    "rolls": {"green": 1, "yellow": 1, "red": 2},
    "succeeds_on": [5, 6],
    "attacks": 2,
    "rounds": [1, 2],
    "price": 300,
    "sold_at": ["village", "military_base"],
    "weapon_type": "rifle",
    "one_die_bonus": 1,
    "attack_bonus": 1,
    "slot": "head",
    "movement": 1,
    "heal": 10,
    "effects": [{"stat": "movement", "amount": 1}],
    "stat": "defence",
    "timing": "immediate",
    "effect": {"kind": "gain_money", "amount": 200},
    "ignores_defence": True,
    "requirement": {"kind": "visit", "site": "anomaly"},
    "monster": "gorynych",
    "colour": "yellow",
    "artifact": "syt-grass",
    "site": "anomaly",
    "reward": 300,
    "offered_at": ["village"],
    "bonuses": [{"stat": "attack", "amount": 1}],
    "start_money": 1000,
    "max_health": 30,
    "pack": {"id": "my-pack", "name": "My pack", "version": "1.0"},
    "version": "1.0",
    "author": "Anna K. <anna@example.org>",
    "licence": "CC BY 4.0",
    "art_licences": {"art/hag.png": "CC BY 3.0, Lorc, game-icons.net"},
    "description": {"en": "Six monsters of the swamps.", "ru": "Шесть болотных монстров."},
    "requires": ["base"],
    "min_program_version": "0.1.0",
}
"""An example value per field name (every field of every model has one; tests check it)."""


def card_file_schema() -> dict[str, Any]:
    """The schema of a card file: arrays ``monster``, ``weapon``, … of card tables."""
    return _editor_schema(CardFile.model_json_schema())


def pack_file_schema() -> dict[str, Any]:
    """The schema of a pack's ``pack.toml``."""
    return _editor_schema(PackFile.model_json_schema())


def write_schemas(folder: Path) -> list[Path]:
    """Write ``card.schema.json`` and ``pack.schema.json`` into ``folder`` (made if missing);
    the paths written. Files already holding the same text are left alone."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in (
        (CARD_SCHEMA_FILE, card_file_schema()),
        (PACK_SCHEMA_FILE, pack_file_schema()),
    ):
        path = folder / name
        text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def _editor_schema(schema: dict[str, Any]) -> dict[str, Any]:
    schema = json.loads(json.dumps(schema))  # no shared sub-trees: each is edited on its own
    defs = schema.get("$defs", {})
    for definition in defs.values():
        _reshape(definition, defs)
    _reshape(schema, defs)
    from stalkerzone.content.templates import template  # templates name the schema files

    for kind, field in schema.get("properties", {}).items():
        if kind in CARD_MODELS:
            field["examples"] = [tomllib.loads(template(kind))[kind]]
    for model in (schema, *defs.values()):
        for name, field in model.get("properties", {}).items():
            _document(name, field, defs)
    return {"$schema": DRAFT, **schema}


def _reshape(node: Any, defs: dict[str, Any]) -> None:
    """Reshape ``node`` in place (see the module docstring), depth first."""
    if isinstance(node, list):
        for item in node:
            _reshape(item, defs)
        return
    if not isinstance(node, dict):
        return
    for value in list(node.values()):
        _reshape(value, defs)
    if "discriminator" in node and "oneOf" in node:
        _tagged(node, defs)
    any_of = node.get("anyOf")
    if isinstance(any_of, list):
        kept = [branch for branch in any_of if branch != {"type": "null"}]
        if len(kept) == 1:
            node.pop("anyOf")
            node.update({k: v for k, v in kept[0].items() if k not in node})
        elif len(kept) == 2 and {_type_of(b, defs) for b in kept} == {"object", "other"}:
            node.pop("anyOf")
            table = next(b for b in kept if _type_of(b, defs) == "object")
            plain = next(b for b in kept if _type_of(b, defs) == "other")
            node.update({"if": {"type": "object"}, "then": table, "else": plain})
        else:
            node["anyOf"] = kept
    if "default" in node and node["default"] is None:
        node.pop("default")


def _type_of(branch: dict[str, Any], defs: dict[str, Any]) -> str:
    ref = branch.get("$ref")
    target = defs.get(ref.rsplit("/", 1)[-1], {}) if isinstance(ref, str) else branch
    return "object" if target.get("type") == "object" else "other"


def _tagged(node: dict[str, Any], defs: dict[str, Any]) -> None:
    """``oneOf`` + ``discriminator`` -> ``kind`` enum + ``if``/``then`` per model."""
    tag = node.pop("discriminator")
    key = tag["propertyName"]
    node.pop("oneOf")
    by_model: dict[str, list[str]] = {}
    for value, ref in tag["mapping"].items():
        by_model.setdefault(ref, []).append(value)
    kinds = [value for values in by_model.values() for value in values]
    node["type"] = "object"
    node["required"] = [key]
    node["properties"] = {
        key: {
            "title": "Kind",
            "description": "Which kind this is; the other keys depend on it.",
            "enum": kinds,
            "examples": kinds[:1],
        }
    }
    node["allOf"] = [
        {
            "if": {"properties": {key: {"enum": values}}, "required": [key]},
            "then": {"$ref": ref},
        }
        for ref, values in by_model.items()
    ]


def _document(name: str, field: dict[str, Any], defs: dict[str, Any]) -> None:
    """Title, description and example of one property (from its model, else its type)."""
    ref = field.get("$ref")
    target = defs.get(ref.rsplit("/", 1)[-1], {}) if isinstance(ref, str) else {}
    description = field.get("description") or target.get("description")
    if description:
        field["description"] = description
        field["title"] = re.split(r"[:;,(.]", description, maxsplit=1)[0].strip()
    if name in EXAMPLES and "examples" not in field:
        field["examples"] = [EXAMPLES[name]]
