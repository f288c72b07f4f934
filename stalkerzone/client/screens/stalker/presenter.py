"""What the stalker card shows, decided from the player's view (no arcade here).

EQ-1 … EQ-10, ST-1, ST-3: the title with the character's bonuses, the stat lines with their
rules, the slots row by row (tiles with counts, inactive modifiers with the engine's reason,
EQ-4), the backpack, each card's tooltip, what moving a card would change, and why cards cannot
be moved now (EQ-2 in a fight, EQ-8 outside one's own turn or for a bot).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stalkerzone.client.screens.reveal.presenter import backpack_reason
from stalkerzone.client.screens.stats import stats_if
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import (
    card_name,
    card_note,
    card_summary,
    effect_text,
    stat_changes,
    t,
    weapon_type,
)
from stalkerzone.engine.core import (
    AnyCard,
    StalkerCard,
    StalkerStats,
    Weapon,
    WeaponMod,
    inactive_mods,
)
from stalkerzone.engine.play import GameState, PlayerState, card_id
from stalkerzone.engine.turn import equipment

SINGLE = ("weapon", "head", "body", "navigation")
MULTI = ("mods", "artifacts", "grenades", "stimulators")


def group(instances: Sequence[str]) -> list[tuple[str, int]]:
    """Instances grouped by card id, in order: (first instance, count)."""
    out: dict[str, list[str]] = {}
    for instance in instances:
        out.setdefault(card_id(instance), []).append(instance)
    return [(items[0], len(items)) for items in out.values()]


@dataclass(frozen=True, slots=True)
class Lock:
    """Why cards cannot be moved now ("" if they can) and the rule that says so."""

    reason: str
    rule: str


def lock(state: GameState | None, index: int, bot: bool) -> Lock:
    """EQ-2: not during a fight; EQ-8: only on one's own turn, never for a bot's seat."""
    if state is None:
        return Lock(t("stalker.locked_nogame"), "EQ-8")
    if state.phase == "fight":
        return Lock(t("stalker.locked_fight"), "EQ-2")
    if state.phase != "turn":
        return Lock(t("stalker.locked_phase"), "EQ-8")
    if index != state.current_player:
        return Lock(t("stalker.locked_turn", name=state.players[index].name), "EQ-8")
    if bot:
        return Lock(t("stalker.locked_bot"), "EQ-8")
    return Lock("", "EQ-8")


def bonus_text(stalker: StalkerCard) -> str:
    """ST-3: the character's bonuses, e.g. " (+1 attack)"."""
    parts = [effect_text(b.stat, b.amount) for b in stalker.bonuses if b.amount]
    return f"  ({', '.join(parts)})" if parts else ""


def title(state: GameState, player: PlayerState) -> str:
    stalker = state.cards.get(player.stalker)
    bonus = bonus_text(stalker) if isinstance(stalker, StalkerCard) else ""
    return (
        t("stalker.title_of", name=i18n.player_name(player.name), stalker=card_name(stalker))
        + bonus
    )


@dataclass(frozen=True, slots=True)
class StatLines:
    """ST-1: attack, defence, movement (each with its rule), health and the other numbers."""

    entries: tuple[tuple[str, str, str], ...]  # name, value, rule
    one_die: str  # "+1 to one die" under the attack, or ""
    health: str
    health_fraction: float
    extra: str  # cash · reputation · Elements · escape bonus · protection lost


def stat_lines(state: GameState, player: PlayerState, stats: StalkerStats) -> StatLines:
    extra = [
        t("stalker.cash", cash=player.cash),
        t("stalker.reputation", rep=player.reputation),
        t("stalker.elements", n=player.elements, need=state.variant.elements_required),
    ]
    if stats.escape_bonus:
        extra.append(t("stalker.escape_bonus", amount=f"{stats.escape_bonus:+d}"))
    if player.protection_minus:
        extra.append(t("stalker.protection_minus", n=player.protection_minus))
    return StatLines(
        entries=(
            (t("stalker.attack"), str(stats.attack), "DMG-1"),
            (t("stalker.defence"), str(stats.defence), "DMG-2"),
            (t("stalker.movement"), str(stats.movement), "ST-5"),
        ),
        one_die=t("kit.one_die", amount=stats.one_die_bonus) if stats.one_die_bonus else "",
        health=f"{player.health}/{stats.max_health}",
        health_fraction=player.health / max(1, stats.max_health),
        extra="   ·   ".join(extra),
    )


STAT_STARTS = (0.0, 0.40, 0.57, 0.76)
"""Where the attack, defence, movement and health columns start, as shares of the row."""


def stat_columns(needs: list[float], span: float) -> list[float]:
    """Where each stat column starts in a row ``span`` pixels wide: at its share of the row
    (``STAT_STARTS``), moved right past the column before it when that one needs more room
    (its label or value is wider, a longer language, a larger UI scale), and back left from the
    row's end when the last ones would run out of it."""
    starts = [share * span for share in STAT_STARTS]
    for k in range(1, len(starts)):
        starts[k] = max(starts[k], starts[k - 1] + needs[k - 1])
    starts[-1] = min(starts[-1], span - needs[-1])
    for k in range(len(starts) - 2, 0, -1):
        starts[k] = min(starts[k], starts[k + 1] - needs[k])
    return starts


def preview(
    state: GameState, player: PlayerState, stats: StalkerStats, instance: str, where: str
) -> str:
    """What moving ``instance`` would change: activating it from the pack (EQ-3) or stashing
    it from its slot (EQ-8); "" if the engine would refuse."""
    ctx = state.ctx
    if where == "pack":
        after = stats_if(state, player, lambda p: equipment.activate(p, instance, ctx))
        verb = "stalker.if_activated"
    else:
        after = stats_if(state, player, lambda p: equipment.stash(p, instance, ctx))
        verb = "stalker.if_stashed"
    if after is None:
        return ""
    change = stat_changes(stats, after) or t("stalker.no_change")
    return t(verb, card=card_name(state.card(instance)), change=change)


def mod_reason(state: GameState, player: PlayerState, instance: str, reason: str) -> str:
    """EQ-4: why a modifier gives nothing (the engine's words, or their translation)."""
    if i18n.language() == "en":
        return reason.removeprefix("EQ-4: ")
    mod = state.card(instance)
    mod_type = mod.weapon_type if isinstance(mod, WeaponMod) else ""
    if player.weapon is None:
        return t("stalker.mod_no_weapon", type=weapon_type(mod_type))
    weapon = state.card(player.weapon)
    return t(
        "stalker.mod_wrong_type",
        type=weapon_type(mod_type),
        weapon=card_name(weapon),
        wtype=weapon_type(weapon.weapon_type if isinstance(weapon, Weapon) else ""),
    )


def card_tip(card: AnyCard, note: str, action: str, locked: bool) -> str:
    """A tile's tooltip: name, summary, card text, the note, and what a click does."""
    lines = [card_name(card), card_summary(card), card_note(card)]
    if note:
        lines.append(note)
    if not locked:
        lines.append(action)
    return "\n".join(line for line in lines if line)


@dataclass(frozen=True, slots=True)
class Tile:
    """A card in a slot row or the backpack."""

    instance: str
    card: AnyCard
    count: int = 1
    dim: bool = False  # an inactive modifier (EQ-4)
    note: str = ""
    tip: str = ""
    units: int = 1  # how many tile widths it takes (an inactive modifier takes two)


@dataclass(frozen=True, slots=True)
class SlotRow:
    """A slot row: its label, the tiles shown, and how many more there are."""

    slot: str
    label: str
    tiles: tuple[Tile, ...]
    more: int = 0


def single_slots(state: GameState, player: PlayerState, locked: bool) -> list[SlotRow]:
    """EQ-1: weapon, head, body, navigation: one card each (or empty)."""
    rows = []
    for slot in SINGLE:
        instance: str | None = getattr(player, slot)
        tiles: tuple[Tile, ...] = ()
        if instance is not None:
            card = state.card(instance)
            tiles = (Tile(instance, card, tip=card_tip(card, "", t("stalker.tip_stash"), locked)),)
        rows.append(SlotRow(slot, t(f"stalker.slot_{slot}"), tiles))
    return rows


def multi_slots(
    state: GameState, player: PlayerState, locked: bool, width: int = 4
) -> list[SlotRow]:
    """EQ-4 … EQ-7: modifiers, artifacts, grenades, stimulators, ``width`` tile widths a row (an
    inactive modifier takes two, with its reason); grenades and stimulators grouped."""
    variant = state.variant
    inactive = {m.id: why for m, why in inactive_mods(equipment.loadout(player, state.ctx))}
    caps = {
        "mods": "",
        "artifacts": f" {len(player.artifacts)}/{variant.active_artifacts}",
        "grenades": f" {len(player.grenades)}/{variant.grenade_cap}",
        "stimulators": "",
    }
    rows = []
    for slot in MULTI:
        held: tuple[str, ...] = getattr(player, slot)
        items = [(i, 1) for i in held] if slot in ("mods", "artifacts") else group(held)
        tiles: list[Tile] = []
        units = 0
        for instance, count in items:
            dim = slot == "mods" and card_id(instance) in inactive
            need = 2 if dim else 1
            left_after = len(items) - len(tiles) - 1
            if units + need > (width if left_after == 0 else width - 1):
                break
            note = mod_reason(state, player, instance, inactive[card_id(instance)]) if dim else ""
            card = state.card(instance)
            tip = card_tip(card, note, t("stalker.tip_stash"), locked)
            tiles.append(Tile(instance, card, count, dim, note, tip, need))
            units += need
        label = t(f"stalker.slot_{slot}") + caps[slot]
        rows.append(SlotRow(slot, label, tuple(tiles), len(items) - len(tiles)))
    return rows


def backpack(state: GameState, player: PlayerState, locked: bool) -> list[Tile]:
    """EQ-8: the backpack's cards; a card with no slot says so, one whose slot is full or that
    would lower a stat says that (EQ-10: "lowers maximum health by 5")."""
    tiles = []
    for instance in player.backpack:
        card = state.card(instance)
        no_slot = equipment.slot_of(card) is None
        note = t("stalker.no_slot") if no_slot else backpack_reason(state, player, instance)
        tip = card_tip(card, "", t("stalker.tip_activate"), locked)
        tiles.append(Tile(instance, card, note=note, tip=tip))
    return tiles
