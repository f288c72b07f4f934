"""The current save format (4) as one strict pydantic model: every field's type checked, no
field it does not name. Older formats are brought to this one first
(:mod:`stalkerzone.persistence.save_upgrades`), so this is the only format that is checked.

What a field holds is checked here; what needs the loaded cards, sectors and rules (a pack's
version and checksum, a stalker's card, the snapshot's checksum and invariants, each action
and each line of the turn log) is checked by
:mod:`stalkerzone.persistence.saves` as it builds the game. Imported on the first load only
(pydantic is not imported to save, list or start up).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from stalkerzone.content.variants import VARIANT_NAMES
from stalkerzone.engine.game import ZoneMode
from stalkerzone.persistence.model_errors import first_error

MAX_PLAYERS = 6
_STRICT = ConfigDict(strict=True, extra="forbid", frozen=True)


class DocumentError(ValueError):
    """A save's document that is not the current format: one line naming the field."""


class SavedSeat(BaseModel):
    """A player of the saved game: the name, the stalker card's id and the bot level (null or
    left out for a person)."""

    model_config = _STRICT

    name: str
    stalker: str
    bot: str | None = None


class SavedPack(BaseModel):
    """A card pack the game was played with: its id, version and a checksum of its cards
    (version and checksum empty or left out when not known: then not compared)."""

    model_config = _STRICT

    id: str
    version: str = ""
    digest: str = ""


class SaveDocument(BaseModel):
    """A save of the current format.

    A save either carries the final state — ``snapshot``, its ``checksum``, the ``turn`` it
    was saved on, the ``sectors`` digest and one fingerprint per action in ``trail`` — and
    loads from it, or (a format 1 save, brought up to this format) carries no snapshot and
    is replayed from the seed."""

    model_config = _STRICT

    format: Literal[4]
    game: Literal["stalkerzone"]
    engine: str
    saved: str
    seed: int
    variant: str
    zone_mode: ZoneMode
    layout_by: Literal["all", "humans"] = "all"  # TURN-4: who places the sectors
    early_packs: list[Annotated[str, Field(max_length=64)]] = Field(
        default_factory=list, max_length=32
    )
    """Packs tried: their cards on top of the decks (the game's deal)."""
    players: list[SavedSeat]
    packs: list[SavedPack]
    sectors: str | None
    actions: list[dict[str, Any]]
    trail: list[str]
    turn: int | None
    checksum: str | None
    snapshot: dict[str, Any] | None
    log: list[dict[str, Any]]
    integrity: str | None = None
    """A checksum of the whole document (checked on reading the file, before any upgrade)."""

    @field_validator("variant")
    @classmethod
    def _known_variant(cls, name: str) -> str:
        if name not in VARIANT_NAMES:
            raise PydanticCustomError(
                "variant", "unknown variant {shown}", {"shown": f"{name!r:.40}"}
            )
        return name

    @field_validator("players")
    @classmethod
    def _seat_count(cls, seats: list[SavedSeat]) -> list[SavedSeat]:
        if not 1 <= len(seats) <= MAX_PLAYERS:
            raise PydanticCustomError(
                "players",
                "1 to {most} players, not {count}",
                {"most": MAX_PLAYERS, "count": len(seats)},
            )
        return seats

    @model_validator(mode="after")
    def _saved_state_whole(self) -> Self:
        """The saved state comes whole (with one fingerprint per action) or not at all."""
        if self.snapshot is None:
            if self.checksum is not None:
                raise PydanticCustomError("snapshot", "snapshot: missing (its checksum is saved)")
            return self
        for name in ("checksum", "turn", "sectors"):
            if getattr(self, name) is None:
                raise PydanticCustomError(
                    "saved_state", "{name}: missing (a snapshot is saved)", {"name": name}
                )
        if len(self.trail) != len(self.actions):
            raise PydanticCustomError(
                "trail",
                "trail: {trail} fingerprints for {actions} actions",
                {"trail": len(self.trail), "actions": len(self.actions)},
            )
        return self


def read_document_model(data: dict[str, Any], from_format: int) -> SaveDocument:
    """``data`` (already in the current format) checked; :class:`DocumentError` naming the
    first wrong field otherwise (``from_format``: the format the file was written in)."""
    try:
        return SaveDocument.model_validate(data)
    except ValidationError as error:
        raise DocumentError(_problem(error, data, from_format)) from None


def _problem(error: ValidationError, data: dict[str, Any], from_format: int) -> str:
    first = error.errors()[0]
    if first["loc"] == ("card_dirs",) and first["type"] == "extra_forbidden":
        return f"card_dirs: a format {from_format} save names its packs, not folders"
    return first_error(error, data)
