"""JSON Schemas (Draft 2020-12) of a card file and of ``pack.toml``, for editors (CARDS.md)."""

from __future__ import annotations

from typing import Any

from stalkerzone.content.models import CardFile, PackFile

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def card_file_schema() -> dict[str, Any]:
    """The schema of a card file: arrays ``monster``, ``weapon``, … of card tables."""
    return {"$schema": DRAFT, **CardFile.model_json_schema()}


def pack_file_schema() -> dict[str, Any]:
    """The schema of a pack's ``pack.toml``."""
    return {"$schema": DRAFT, **PackFile.model_json_schema()}
