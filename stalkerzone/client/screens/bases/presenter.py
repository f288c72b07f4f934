"""What the trading-base screen shows, decided from the player's view (no arcade here).

BASE-1 … BASE-3, TROPHY-2, ORDER-1: the base here, the side panel's stat lines, the lock below
the base's reputation, and the rows of the four tabs (Buy with price, stock and what the card
would change; Sell at the base's price; Heal options; Orders taken and offered with what each
asks). Each row's action is a :class:`RowAction`: ``primary`` (amber) when ``legal_actions``
holds it, otherwise the engine's refusal and its rule id (the button stays clickable: a refused
click shows the refusal line); Sell buttons stay plain.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from stalkerzone.client.screens.stats import stats_if
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import (
    card_name,
    card_summary,
    colour_name,
    site_name,
    stat_changes,
    t,
    weapon_type,
)
from stalkerzone.client.text.engine_text import render
from stalkerzone.client.text.rules_sections import rule_tip
from stalkerzone.engine.core import (
    BASES,
    AnyCard,
    ArtifactRequirement,
    Colour,
    IllegalAction,
    Monster,
    Order,
    Site,
    StalkerStats,
    TrophyRequirement,
    VisitRequirement,
    Weapon,
    WeaponMod,
)
from stalkerzone.engine.game import apply
from stalkerzone.engine.play import (
    Action,
    Buy,
    DeliverOrder,
    GameState,
    GiveUpOrder,
    Heal,
    PlayerState,
    Sell,
    TakeOrder,
    card_id,
)
from stalkerzone.engine.turn import bases, equipment

TABS = ("buy", "sell", "heal", "orders")


@dataclass(frozen=True, slots=True)
class RowAction:
    """A row's button: the action, its label, and whether the engine would take it now."""

    action: Action
    label: str
    primary: bool
    reason: str = ""  # the engine's refusal in the current language ("" if legal or unknown)
    rule: str = ""


@dataclass(frozen=True, slots=True)
class CardRow:
    """One row of a tab: the card tile, two text lines, the button, its hit key and tooltip."""

    key: str
    card: AnyCard
    headline: str  # a price, or what an order asks for
    detail: str  # stock, where a card is, progress, reward
    action: RowAction
    change: str = ""  # Buy: what the card would change (attack 1d6 → 2d6)
    colour: Colour | None = None  # a trophy's colour
    tip: str = ""
    tone: str = "accent"  # the headline's tone: accent, bad (cannot afford), text
    detail_tone: str = "dim"
    second: RowAction | None = None  # a second button left of the first (ORDER-1: give up)
    second_tip: str = ""  # what the second button does
    sold_out: bool = False  # Buy: no copy left in stock (the row stays, greyed, button off)
    gone: bool = False  # an order that left the list while at this base (kept in its place)


@dataclass(frozen=True, slots=True)
class HealPage:
    """BASE-3: health now, its price per point and the options to buy."""

    title: str
    state_line: str
    fraction: float
    full: str  # shown when nothing is missing
    options: tuple[RowAction, ...]
    afford_line: str


def site_here(state: GameState | None) -> Site | None:
    """The base the current player stands on, during a turn (None elsewhere)."""
    if state is None or state.phase != "turn":
        return None
    position = state.player.position
    info = state.zone_map.hexes.get(position) if position is not None else None
    return info.site if info is not None and info.site in BASES else None


def row_action(
    state: GameState, action: Action, label: str, legal: Collection[Action] | None
) -> RowAction:
    """The button of ``action``: primary if ``legal`` holds it; otherwise (or while ``legal``
    is not known yet) the engine decides by applying it to the view: a refusal leaves the
    state unchanged and gives the reason and its rule id."""
    if legal is not None and action in legal:
        return RowAction(action, label, True)
    try:
        apply(state, action)
    except IllegalAction as error:
        return RowAction(action, label, False, render(error, state.cards), error.rule)
    return RowAction(action, label, True)


def side_lines(player: PlayerState, stats: StalkerStats) -> list[tuple[str, str]]:
    """The side panel: attack (and "+k to one die"), defence, movement, health, cash, rep."""
    lines = [
        (t("stalker.attack"), str(stats.attack)),
        (t("stalker.defence"), str(stats.defence)),
        (t("stalker.movement"), str(stats.movement)),
        (t("stalker.health"), f"{player.health}/{stats.max_health}"),
        (t("base.cash"), str(player.cash)),
        (t("base.reputation"), str(player.reputation)),
    ]
    if stats.one_die_bonus:
        lines.insert(1, (t("base.one_die"), f"+{stats.one_die_bonus}"))
    return lines


def locked_lines(state: GameState, site: Site) -> tuple[str, str, str]:
    """BASE-1: the lock's title, the reputation it needs and how to get it."""
    need = state.variant.reputation_needed(site)
    return (
        t("base.locked"),
        t("base.locked_rep", base=site_name(site), need=need, have=state.player.reputation),
        t("base.locked_how"),
    )


def requirement_text(state: GameState, order: Order, symbols: bool = False) -> str:
    """ORDER-1: what an order asks for, in words (``symbols``: colour-blind marks on)."""
    req = order.requirement
    if isinstance(req, TrophyRequirement):
        monster = state.cards.get(req.monster) if req.monster in state.cards else None
        name = card_name(monster) if monster is not None else req.monster
        colour = colour_name(req.colour, symbols) if req.colour else t("base.any_colour")
        return t("base.req_trophy", monster=name, colour=colour)
    if isinstance(req, ArtifactRequirement):
        art = state.cards.get(req.artifact) if req.artifact in state.cards else None
        return t("base.req_artifact", artifact=card_name(art) if art else req.artifact)
    if isinstance(req, VisitRequirement):
        return t("base.req_visit", site=t(f"base.visit_{req.site.value}"))  # ru: accusative
    return ""


def buy_change(state: GameState, player: PlayerState, stats: StalkerStats, cid: str) -> str:
    """What buying ``cid`` would do: to the backpack, or the stats it changes (ST-1, EQ-3)."""
    ctx = state.ctx
    instance = f"{cid}#preview"
    after_player = equipment.receive(player, instance, ctx)
    if instance in after_player.backpack:
        return t("base.to_backpack")
    after = stats_if(state, player, lambda p: equipment.receive(p, instance, ctx))
    if after is None:
        return ""
    return change_words(stats, after) or card_effect(state, player, state.cards.get(cid))


def change_words(before: StalkerStats, after: StalkerStats) -> str:
    """The stat change in words; a one-die bonus alone (DMG-4) reads "attack 1d6+3, +1 to one
    die" rather than the same formula on both sides of an arrow, and one added to another
    reads as the result: "+6 to one die (was +3)", as the stalker card will show it."""

    def rest(s: StalkerStats) -> tuple[object, ...]:
        return (str(s.attack), s.defence, s.movement, s.max_health, s.escape_bonus)

    bonus = after.one_die_bonus - before.one_die_bonus
    if bonus and rest(before) == rest(after):
        amount = f"{bonus:+d}"
        if before.one_die_bonus:  # the bonuses add up (EQ-4): the result, and what it was
            total = f"{after.one_die_bonus:+d}"
            was = f"{before.one_die_bonus:+d}"
            return t("base.ch_one_die_total", attack=str(after.attack), total=total, was=was)
        return t("board_ux.ch_one_die", attack=str(after.attack), amount=amount)
    return stat_changes(before, after)


def card_effect(state: GameState, player: PlayerState, card: AnyCard) -> str:
    """What a card that changes no stat does: a weapon mod for another weapon type (EQ-4) says
    which weapon it needs and what the stalker carries; others say what the card does."""
    if isinstance(card, WeaponMod):
        needs = weapon_type(card.weapon_type)
        weapon = state.cards.get(card_id(player.weapon)) if player.weapon else None
        if not isinstance(weapon, Weapon):
            return t("board_ux.mod_no_weapon", type=needs)
        if weapon.weapon_type != card.weapon_type:
            carried = weapon_type(weapon.weapon_type)
            return t("board_ux.mod_other_weapon", type=needs, carried=carried)
    return card_summary(card) or t("base.no_stat_change")


def card_tip(card: AnyCard) -> str:
    """A buy row's tooltip: the card's own text, where it is sold, the rule."""
    lines = [card_name(card)]
    if card.text:
        lines.append(i18n.card_text(card.text))
    sold = ", ".join(site_name(s) for s in getattr(card, "sold_at", ()))
    if sold:
        lines.append(t("base.sold_at", bases=sold))
    lines.append(rule_tip("BASE-2"))
    return "\n".join(lines)


def shop_catalogue(state: GameState, site: Site) -> tuple[str, ...]:
    """BASE-2: every equipment card this base sells, in the packs' catalogue order, whether
    or not the stock holds a copy now: the rows never move when a card sells out or comes
    back (a sold card goes back to the stock, which would put it on top)."""
    return tuple(card.id for card in state.cards.equipment if site in card.sold_at)


def buy_rows(
    state: GameState, site: Site, stats: StalkerStats, legal: Collection[Action] | None
) -> list[CardRow]:
    """BASE-2: the base's catalogue with price, copies in stock and what each would change;
    a card with no copy left stays in its place, marked sold out."""
    player = state.player
    rows = []
    for cid in shop_catalogue(state, site):
        card = state.cards.get(cid)
        price = int(getattr(card, "price", 0))
        copies = sum(1 for c in state.decks.stock if card_id(c) == cid)
        sold_out = copies == 0
        rows.append(
            CardRow(
                key=f"buy:{cid}",
                card=card,
                headline=t("base.price", price=price),
                detail=t("base.row_sold_out") if sold_out else t("base.in_stock", n=copies),
                action=row_action(state, Buy(cid), t("base.buy"), legal),
                change="" if sold_out else buy_change(state, player, stats, cid),
                tip=card_tip(card),
                tone="dim" if sold_out else "accent" if price <= player.cash else "bad",
                detail_tone="warn" if sold_out else "dim",
                sold_out=sold_out,
            )
        )
    return rows


def sell_rows(
    state: GameState, legal: Collection[Action] | None, symbols: bool = False
) -> list[CardRow]:
    """BASE-2 (equipment at the base's price) and TROPHY-2 (trophies at the card's price)."""
    player = state.player
    rows = []
    for instance in player.carried():
        price = bases.sale_price(state, player, instance)
        if price is None:
            continue
        where = t("base.active") if instance in player.active else t("base.in_backpack")
        rows.append(
            CardRow(
                key=f"sell:{instance}",
                card=state.card(instance),
                headline=t("base.sells_for", price=price),
                detail=where,
                action=_plain(row_action(state, Sell(instance), t("base.sell"), legal)),
                tip=rule_tip("BASE-2"),
            )
        )
    for trophy in player.trophies:
        monster = state.card(trophy.card)
        assert isinstance(monster, Monster)
        what = t(
            "base.trophy_of",
            trophy=i18n.card_text(monster.trophy),
            colour=colour_name(trophy.colour, symbols),
        )
        rows.append(
            CardRow(
                key=f"sell:{trophy.card}",
                card=monster,
                headline=t("base.sells_for", price=monster.at(trophy.colour).trophy_price),
                detail=what,
                action=_plain(row_action(state, Sell(trophy.card), t("base.sell"), legal)),
                colour=trophy.colour,
                tip=rule_tip("TROPHY-2"),
            )
        )
    return rows


def _plain(action: RowAction) -> RowAction:
    """Sell buttons are never amber: selling is what a base is for (the refusal, if any,
    stays as the tooltip)."""
    return RowAction(action.action, action.label, False, action.reason, action.rule)


def heal_page(state: GameState, stats: StalkerStats, legal: Collection[Action] | None) -> HealPage:
    """BASE-3: heal 1, 5 or all missing points at the variant's price per point, always three
    buttons in the same places (a "Heal 5" the missing points do not need is shown off with the
    engine's reason: "Heal all" never moves under the mouse)."""
    player = state.player
    price = state.variant.heal_price
    missing = stats.max_health - player.health
    affordable = min(missing, player.cash // max(1, price))
    options: list[RowAction] = []
    if missing > 0:
        for points, key in ((1, "base.heal_n"), (5, "base.heal_n"), (missing, "base.heal_all")):
            label = t(key, n=points, cost=points * price)
            options.append(row_action(state, Heal(points), label, legal))
    return HealPage(
        title=t("base.heal_title"),
        state_line=t("base.heal_state", health=player.health, max=stats.max_health, price=price),
        fraction=player.health / max(1, stats.max_health),
        full=t("base.heal_full") if missing <= 0 else "",
        options=tuple(options),
        afford_line=t("base.heal_afford", n=affordable),
    )


def open_order_rows(
    state: GameState, legal: Collection[Action] | None, symbols: bool = False
) -> list[CardRow]:
    """ORDER-1: the player's open orders, what each asks and whether it can be delivered;
    each with a "give up" button (no reward, no reputation change, back under the deck)."""
    player = state.player
    rows = []
    for order in player.open_orders:
        card = state.card(order.card)
        assert isinstance(card, Order)
        done = bases.fulfilment(state, player, order) is not None
        progress = t("base.progress_done") if done else t("base.progress_not")
        action = row_action(state, DeliverOrder(order.card), t("base.deliver"), legal)
        give_up = row_action(state, GiveUpOrder(order.card), t("base.give_up"), legal)
        rows.append(
            CardRow(
                key=f"order:{order.card}",
                card=card,
                headline=requirement_text(state, card, symbols),
                detail=progress + "  ·  " + t("base.reward", reward=card.reward),
                action=RowAction(action.action, action.label, done, action.reason, action.rule),
                tip=rule_tip("ORDER-1"),
                tone="text",
                detail_tone="good" if done else "warn",
                second=RowAction(
                    give_up.action, give_up.label, False, give_up.reason, give_up.rule
                ),
                second_tip=t("base.give_up_tip"),
            )
        )
    return rows


def offered_rows(
    state: GameState, site: Site, legal: Collection[Action] | None, symbols: bool = False
) -> list[CardRow]:
    """ORDER-1: the orders this base offers (taken while fewer than the variant's cap), in
    the packs' catalogue order: an order given up comes back to its place, not the bottom."""
    player = state.player
    cap = state.variant.max_open_orders
    rows = []
    catalogue = {card.id: place for place, card in enumerate(state.cards.orders)}
    held = [
        o.card
        for o in player.open_orders
        if isinstance(held_card := state.card(o.card), Order)
        and (not held_card.offered_at or site in held_card.offered_at)
    ]  # a taken order keeps its row here, greyed: the rows below it do not move
    offers = sorted(
        [*bases.offered(state, site), *held], key=lambda i: (catalogue.get(card_id(i), 0), i)
    )
    for instance in offers:
        card = state.card(instance)
        assert isinstance(card, Order)
        taken = instance in held
        action = row_action(state, TakeOrder(instance), t("base.take"), legal)
        primary = len(player.open_orders) < cap and not taken
        rows.append(
            CardRow(
                key=f"offer:{instance}",
                card=card,
                headline=requirement_text(state, card, symbols),
                detail=t("base.row_taken") if taken else t("base.reward", reward=card.reward),
                action=RowAction(action.action, action.label, primary, action.reason, action.rule),
                tip=rule_tip("ORDER-1"),
                tone="dim" if taken else "text",
                detail_tone="dim" if taken else "accent",
                sold_out=taken,
            )
        )
    return rows


def done_text(before: GameState, after: GameState | None, action: Action) -> str:
    """What a trade did, in the current language (the engine's notes are in English)."""
    cash = before.player.cash
    now = after.player.cash if after is not None else cash
    card_ref = getattr(action, "card", None)
    name = card_name(before.card(card_ref)) if card_ref else ""
    if isinstance(action, Buy):
        return t("base.did_buy", name=name, price=cash - now)
    if isinstance(action, Sell):
        return t("base.did_sell", name=name, price=now - cash)
    if isinstance(action, Heal):
        return t("base.did_heal", n=action.points, price=cash - now)
    if isinstance(action, TakeOrder):
        return t("base.did_take", name=name)
    if isinstance(action, DeliverOrder):
        return t("base.did_deliver", name=name, reward=now - cash)
    if isinstance(action, GiveUpOrder):
        return t("base.did_give_up", name=name)
    return ""


def scroll_words(scroll: int, total: int, rows: int) -> str:
    """The scroll note of a list of ``total`` rows showing ``rows`` from row ``scroll`` ("1–5 of
    10" and how many more are below; "" if all show)."""
    if total <= rows:
        return ""
    end = min(total, scroll + rows)
    note = t("stalker.scroll", a=scroll + 1, b=end, n=total)
    if end < total:
        note = f"{t('scrolling.more_below', n=total - end)}   {note}"
    return note
