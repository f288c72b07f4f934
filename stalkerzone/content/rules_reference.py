"""The in-game rules reference: one section per rule id of docs/rules.md, in English and Russian.

The text lives in ``stalkerzone/content/rules/<lang>.toml`` (written in our own words). Numbers
that a variant sets appear as placeholders such as ``{elements_required}``; :func:`fill` puts in
the numbers of the variant in force. Every refusal of the engine starts with a rule id, so the
client can open the matching section (:func:`section_for`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from stalkerzone.engine.core import Site, Terrain, Variant
from stalkerzone.errors import UserError

RULES_DIR = Path(__file__).resolve().parent / "rules"
LANGUAGES = ("en", "ru")
TOPICS = (
    "map",
    "stalker",
    "equipment",
    "fight",
    "monsters",
    "trophy",
    "death",
    "base",
    "zone",
    "turn",
)
_RULE_ID = re.compile(r"^([A-Z]+(?:-[A-Z0-9]+)+):")


@dataclass(frozen=True, slots=True)
class RuleSection:
    """One rule: its id (``"BASE-1"``), a title, the text (with placeholders) and a topic."""

    id: str
    title: str
    text: str
    topic: str

    def filled(self, variant: Variant) -> str:
        """The text with the variant's numbers in place of the placeholders."""
        return fill(self.text, variant)


@cache
def load_rules_reference(lang: str = "en") -> tuple[RuleSection, ...]:
    """The sections of one language, in the rules' order; unknown languages fall back to English."""
    if lang not in LANGUAGES:
        lang = "en"
    path = RULES_DIR / f"{lang}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise UserError(f"{path}: cannot read the rules reference: {error}") from None
    sections = []
    for k, raw in enumerate(data.get("section", [])):
        try:
            section = RuleSection(
                id=str(raw["id"]),
                title=str(raw["title"]),
                text=str(raw["text"]),
                topic=str(raw["topic"]),
            )
        except KeyError as error:
            raise UserError(f"{path}: section {k + 1}: missing key {error}") from None
        if section.topic not in TOPICS:
            raise UserError(f"{path}: {section.id}: topic: unknown topic '{section.topic}'")
        sections.append(section)
    return tuple(sections)


def section_for(message_or_id: str, lang: str = "en") -> RuleSection | None:
    """The section a refusal ("BASE-1: …") or a rule id names, if there is one."""
    match = _RULE_ID.match(message_or_id)
    rule = match.group(1) if match else message_or_id.strip()
    return next((s for s in load_rules_reference(lang) if s.id == rule), None)


def placeholders(variant: Variant) -> dict[str, str]:
    """Every placeholder the reference text may use, with this variant's numbers."""
    costs = variant.terrain_cost
    open_cost = costs.get(Terrain.OPEN)
    return {
        "start_money": str(variant.start_money),
        "start_health": str(variant.start_health),
        "base_movement": str(variant.base_movement),
        "elements_required": str(variant.elements_required),
        "grenade_cap": str(variant.grenade_cap),
        "active_artifacts": str(variant.active_artifacts),
        "max_open_orders": str(variant.max_open_orders),
        "road_cost": str(variant.road_cost),
        "cost_open": "-" if open_cost is None else str(open_cost),
        "heal_price": str(variant.heal_price),
        "resale_divisor": str(variant.resale_divisor),
        "rep_village": str(variant.reputation_needed(Site.VILLAGE)),
        "rep_military_base": str(variant.reputation_needed(Site.MILITARY_BASE)),
        "rep_laboratory": str(variant.reputation_needed(Site.LABORATORY)),
    }


_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def fill(text: str, variant: Variant) -> str:
    """Replace ``{name}`` placeholders with the variant's numbers (unknown names stay)."""
    values = placeholders(variant)
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)
