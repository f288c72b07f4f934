"""``pack.toml``, the manifest of a card pack (docs/cards.md "Where packs live"): its id, name
and version, and for sharing its author, licences, description, the packs it needs and the
oldest program that reads it."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, field_validator

from stalkerzone import __version__
from stalkerzone.content.models import Model
from stalkerzone.content.values import CardId, TextField

VERSION_PATTERN = r"^[0-9A-Za-z.+-]+$"
ShortText = Annotated[str, Field(min_length=1, max_length=200)]


def version_key(version: str) -> tuple[int, ...]:
    """``"0.10.2"`` → ``(0, 10, 2)``: the leading whole numbers of each dotted part."""
    parts = []
    for part in version.split("."):
        digits = "".join(ch for ch in part if ch.isdigit()) if part[:1].isdigit() else ""
        parts.append(int(digits[:9] or 0))
    return tuple(parts)


class PackMeta(Model):
    id: CardId
    """Pack id: lower-case letters, digits and '-', unique among loaded packs."""
    name: TextField
    """Pack name: text, or { en = "…", ru = "…" }."""
    version: Annotated[str, Field(pattern=VERSION_PATTERN, min_length=1, max_length=32)]
    """Pack version, e.g. '1.0'; saves record it."""
    author: ShortText | None = None
    """Who made the pack, e.g. 'Anna K. <anna@example.org>'."""
    licence: ShortText | None = None
    """The licence of the cards and, unless art_licences says otherwise, of the art, e.g.
    'CC BY 4.0'."""
    art_licences: dict[Annotated[str, Field(max_length=255)], ShortText] = Field(
        default_factory=dict, max_length=500
    )
    """A licence (and credit) per art file, e.g. { "art/hag.png" = "CC BY 3.0, Lorc" }."""
    description: TextField | None = None
    """What the pack adds, shown when it is shared: text, or { en = "…", ru = "…" }."""
    requires: tuple[CardId, ...] = Field(default=(), max_length=32)
    """Ids of packs that must be loaded with this one (their cards are named by its cards)."""
    min_program_version: (
        Annotated[str, Field(pattern=VERSION_PATTERN, min_length=1, max_length=32)] | None
    ) = None
    """The oldest Stalker Zone that reads this pack, e.g. '0.1.0'."""

    @field_validator("min_program_version")
    @classmethod
    def _program_new_enough(cls, version: str | None) -> str | None:
        if version is not None and version_key(version) > version_key(__version__):
            raise ValueError(
                f"this pack needs Stalker Zone {version} or newer; this is {__version__}"
            )
        return version


class PackFile(Model):
    """``pack.toml``: ``format = 1`` and ``[pack] id / name / version`` (and sharing keys)."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, use_attribute_docstrings=True, title="Stalker Zone pack.toml"
    )
    format: Literal[1]
    """Card format version: 1."""
    pack: PackMeta
    """The pack: [pack] with id, name and version."""
