"""Warnings for likely mistakes in card packs: the cards load, but the author should look.

- files in a pack folder that look like card files but are never read (``.TOML``,
  ``cards.toml.txt``, ``*.toml`` in a sub-folder: only the top level ``*.toml`` files are read);
- a pack that holds no cards at all;
- a weapon mod whose ``weapon_type`` no loaded weapon has (EQ-4: it can never count);
- a Zone monster that is stronger at a weaker colour (green < yellow < red, §5);
- a stalker with no bonus (every character has one, ST-3);
- an artifact whose health penalty takes a stalker's whole health (ST-2).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Protocol

from stalkerzone.content.messages import hint
from stalkerzone.content.problems import CardProblem, LineFinder, Loc
from stalkerzone.engine.core import Colour
from stalkerzone.engine.core import cards as engine

CARD_SUFFIX = ".toml"
_MAX_LISTED = 200  # entries of a pack folder looked at (a huge art folder is not walked)


class LoadedCard(Protocol):
    """A card that loaded, with where it was written (the loader's record of it)."""

    card: engine.AnyCard
    kind: str
    file: str
    line: int
    finder: LineFinder
    span: tuple[int, int]


def warning(file: str, line: int, message: str, card: str = "-", key: str = "-") -> CardProblem:
    return CardProblem(file, line, card, key, message, warning=True)


def ignored_files(pack_dir: Path, shown: str) -> list[CardProblem]:
    """Files of a pack folder that look like card files but are not read (docs/cards.md)."""
    found: list[CardProblem] = []
    try:
        entries = sorted(pack_dir.iterdir())[:_MAX_LISTED]
    except OSError:
        return found
    for entry in entries:
        name = entry.name
        where = str(Path(shown) / name)
        if entry.is_dir() and not entry.is_symlink():
            try:
                inner = sorted(p.name for p in entry.iterdir() if _looks_like_cards(p.name))
            except OSError:
                continue
            if inner:
                found.append(
                    warning(
                        str(Path(where) / inner[0]),
                        0,
                        f"card files in sub-folders are not read ({len(inner)} here); "
                        "move them into the pack folder",
                    )
                )
        elif _looks_like_cards(name) and not name.endswith(CARD_SUFFIX):
            fixed = name[: name.lower().index(CARD_SUFFIX)] + CARD_SUFFIX
            found.append(
                warning(
                    where, 0, f"not read: only files ending in '.toml' are; rename it '{fixed}'"
                )
            )
    return found


_BACKUPS = ("~", ".bak", ".orig", ".swp")
"""Editor backups and hidden files are left alone: nobody meant them as card files."""


def _looks_like_cards(name: str) -> bool:
    lowered = name.lower()
    return CARD_SUFFIX in lowered and not name.startswith(".") and not lowered.endswith(_BACKUPS)


def empty_pack(shown_manifest: str) -> CardProblem:
    return warning(shown_manifest, 0, "this pack holds no cards (card files are *.toml beside it)")


def orphan_mods(loaded: Sequence[LoadedCard]) -> list[CardProblem]:
    """EQ-4: a mod counts only with a weapon of its type; warn when no loaded weapon has it."""
    types = sorted({i.card.weapon_type for i in loaded if isinstance(i.card, engine.Weapon)})
    found = []
    for item in loaded:
        card = item.card
        if isinstance(card, engine.WeaponMod) and card.weapon_type not in types:
            line = item.finder.key_line(item.span, item.kind, ("weapon_type",))
            message = (
                f"no loaded weapon has weapon_type '{card.weapon_type}'"
                f"{hint(card.weapon_type, types)}, so this mod never counts (EQ-4); "
                f"weapon types: {', '.join(types) or 'none'}"
            )
            found.append(warning(item.file, line, message, card.id, "weapon_type"))
    return found


def colour_order(loaded: Iterable[LoadedCard]) -> list[CardProblem]:
    """§5: a monster is weakest at green and strongest at red; warn for a number that falls.
    Epicenter guardians are always fought at red (WIN-1), so only Zone monsters are checked."""
    found = []
    for item in loaded:
        card = item.card
        if not isinstance(card, engine.Monster) or card.deck != "zone":
            continue
        stats = [(colour, card.at(colour)) for colour in Colour]
        for key in ("health", "attack", "defence", "trophy_price"):
            for (low, weak), (high, strong) in itertools.pairwise(stats):
                a, b = _strength(weak, key), _strength(strong, key)
                if a > b:
                    loc: Loc = (high.value, key)
                    line = item.finder.key_line(item.span, item.kind, loc)
                    message = (
                        f"{key} {_shown(strong, key)} at {high.value} is less than "
                        f"{_shown(weak, key)} at {low.value}; colours go from weakest (green) "
                        "to strongest (red)"
                    )
                    found.append(warning(item.file, line, message, card.id, f"{high.value}.{key}"))
    return found


def _strength(stats: engine.MonsterStats, key: str) -> float:
    return stats.attack.mean() if key == "attack" else float(getattr(stats, key))


def _shown(stats: engine.MonsterStats, key: str) -> str:
    value = getattr(stats, key)
    return f"'{value}'" if key == "attack" else str(value)


def bonusless_stalkers(loaded: Iterable[LoadedCard]) -> list[CardProblem]:
    """ST-3: every character has a bonus; a stalker card without one is likely unfinished."""
    found = []
    for item in loaded:
        card = item.card
        if not isinstance(card, engine.StalkerCard):
            continue
        if not card.bonuses and card.start_money is None and card.max_health is None:
            line = item.finder.key_line(item.span, item.kind, ("id",))
            message = (
                "this stalker has no bonus (every character has one, ST-3): add e.g. "
                'bonuses = [{ stat = "attack", amount = 1 }], start_money or max_health'
            )
            found.append(warning(item.file, line, message, card.id, "bonuses"))
    return found


def crushing_penalties(loaded: Sequence[LoadedCard], start_health: int) -> list[CardProblem]:
    """ST-2: an artifact's ``max_health`` penalty should leave every stalker some health; warn
    when it takes the whole of the frailest stalker's (health never drops below 1)."""
    healths = [
        item.card.max_health or start_health
        for item in loaded
        if isinstance(item.card, engine.StalkerCard)
    ] or [start_health]
    frailest = min(healths)
    found = []
    for item in loaded:
        card = item.card
        if not isinstance(card, engine.Artifact):
            continue
        for index, effect in enumerate(card.effects):
            if effect.stat == "max_health" and effect.amount <= -frailest:
                line = item.finder.key_line(item.span, item.kind, ("effects", index))
                message = (
                    f"max_health {effect.amount} takes the whole health of a stalker with "
                    f"{frailest} (the frailest in play): while active it would have 1 left"
                )
                found.append(warning(item.file, line, message, card.id, f"effects[{index}]"))
    return found
