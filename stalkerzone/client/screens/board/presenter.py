"""What the board's HUD, button bar and hover line say: pure functions over the player's view
and ``legal_actions`` (no window), tested in ``tests/client/test_board_presenter.py``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from stalkerzone.client.render.zone_layer import PlacedHex
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.engine.core import BASES, CardSet, IllegalAction, Note, StalkerStats
from stalkerzone.engine.game import HIDDEN_CARD, apply
from stalkerzone.engine.play import (
    Action,
    Buy,
    DeliverOrder,
    DiscardArmour,
    EndTurn,
    FightDecision,
    GameState,
    GiveUpOrder,
    Heal,
    LootPile,
    Move,
    PlayerState,
    Sell,
    TakeOrder,
)
from stalkerzone.engine.zone import Hex

TRADE_ACTIONS = (Buy, Sell, Heal, TakeOrder, DeliverOrder, GiveUpOrder)  # at a base (BASE-1)


@dataclass(frozen=True, slots=True)
class BarButton:
    """A button of the board's top bar: which command, its text, enabled, highlighted."""

    command: str  # rules, end_turn, stalker, skip, trade
    text: str
    enabled: bool
    primary: bool = False


def bar_buttons(
    legal: Iterable[Action],
    *,
    my_turn: bool,
    bot_to_act: bool,
    skipping: bool,
    seated: bool = True,
) -> list[BarButton]:
    """The top bar, left to right: rules, End turn (TURN-2, when ``EndTurn`` is legal), the
    stalker card, "skip bots" while a bot acts, Trade while a base offers a deal (BASE-1).
    While a bot acts only rules and "skip bots" are there (nothing else could be pressed; the
    header says what the bot does in the room they leave). A window that plays no seat
    (``seated`` off: the public display) has no action button: rules and "skip bots" only."""
    legal = tuple(legal)
    can_end = any(isinstance(a, EndTurn) for a in legal)
    can_trade = any(isinstance(a, TRADE_ACTIONS) for a in legal)
    bar = [BarButton("rules", "?", True)]
    if not bot_to_act and seated:
        bar.append(
            BarButton("end_turn", i18n.t("board.end_turn"), my_turn and can_end, primary=True)
        )
        bar.append(BarButton("stalker", i18n.t("board.stalker"), my_turn))
    if bot_to_act:
        bar.append(BarButton("skip", i18n.t("board.skip"), not skipping))
    if can_trade and my_turn and seated:
        bar.append(BarButton("trade", i18n.t("board.trade"), True))
    return bar


def decision_text(action: FightDecision | DiscardArmour, cards: CardSet) -> str:
    """A fight decision's button text (FIGHT-2: attack or escape, grenade, stimulator) or the
    armour card to lose (EVENT-1 "loss of protection")."""
    if isinstance(action, FightDecision):
        text = i18n.t(f"board.fight_{action.action}")
        if action.grenade:
            text += f" ({action.grenade.partition('#')[0]})"
        if action.stimulator:
            text += " + " + action.stimulator.partition("#")[0]
        return text
    card = cards.get(action.card.partition("#")[0])
    return i18n.t("board.lose_armour", card=i18n.card_text(card.name))


def movement_left(state: GameState, seat: int, stats: StalkerStats) -> int | None:
    """What is left of seat ``seat``'s movement allowance this turn (TURN-2: one move a turn):
    all of it until the move is made (or a trade ends it), none after; ``None`` outside that
    seat's turn."""
    if state.phase != "turn" or state.current_player != seat:
        return None
    return stats.movement if state.step == "move" else 0


def path_words(state: GameState, to: Hex, steps: int, cost: int, allowance: int) -> str:
    """The path line for a walk to ``to``: its steps and cost of the allowance (TURN-2) and,
    before "click to go", that a base there is closed to the current player when its
    reputation falls short (REP-1, BASE-1: the walk would end at a base that will not trade)."""
    tile = state.zone_map.hexes.get(to)
    site = tile.site if tile is not None else None
    if site is not None and site in BASES:
        needed = state.variant.reputation_needed(site)
        have = state.players[state.current_player].reputation
        if have < needed:
            return i18n.t(
                "board.path_closed",
                steps=steps,
                cost=cost,
                allowance=allowance,
                needed=needed,
                have=have,
            )
    return i18n.t("board.path", steps=steps, cost=cost, allowance=allowance)


def hud_rows(
    state: GameState,
    player: PlayerState,
    stats: StalkerStats,
    *,
    show_held_event: bool,
    movement: int | None = None,
) -> list[tuple[str, str]]:
    """(name, value) rows of the HUD: cash, reputation, elements of WIN-1, attack (with the
    DMG-4 one-die bonus), defence, movement (``movement`` left of the allowance this turn, see
    :func:`movement_left`; the allowance alone when None), and the held event for its owner
    only."""
    rows = [
        (i18n.t("hud.cash"), f"{player.cash}"),
        (i18n.t("hud.reputation"), f"{player.reputation}"),
        (i18n.t("hud.elements"), f"{player.elements} / {state.variant.elements_required}"),
        (i18n.t("hud.attack"), str(stats.attack)),
    ]
    if stats.one_die_bonus:  # DMG-4: added to the highest die
        rows.append((i18n.t("hud.one_die_row"), f"+{stats.one_die_bonus}"))
    rows += [
        (i18n.t("hud.defence"), f"{stats.defence}"),
        (
            i18n.t("hud.movement"),
            f"{stats.movement}"
            if movement is None
            else i18n.t("hud.movement_left", left=movement, max=stats.movement),
        ),
    ]
    if player.held_event and show_held_event and player.held_event != HIDDEN_CARD:
        event = state.cards.get(player.held_event.partition("#")[0])
        rows.append((i18n.t("hud.held_event"), i18n.card_text(event.name)))
    elif player.held_event:  # EVENT-1: others know one is held, not which
        rows.append((i18n.t("hud.held_event"), i18n.t("hud.held_event_face_down")))
    return rows


def public_line(player: PlayerState) -> str:
    """A seat's public standing on the side panel (TURN-3: nothing private): Elements (WIN-1),
    trophies (TROPHY-1), open orders (ORDER-1), reputation (REP-1), cash."""
    return i18n.t(
        "hud_public.line",
        e=player.elements,
        trophies=len(player.trophies),
        orders=len(player.open_orders),
        rep=player.reputation,
        cash=player.cash,
    )


def public_legend() -> str:
    """What the letters of :func:`public_line` stand for, one short line under "Players"."""
    return i18n.t("board_ux.legend")


ANOMALY_ROLLS = ("anomaly_damage", "anomaly_element", "anomaly_artifact", "anomaly_nothing")
"""ANOM-1 notes, which name no roller: the turn log says whose roll it was."""


def log_line(message: object, viewer: str | None, actor: str | None = None) -> object:
    """TURN-3, EVENT-1: a held fight event is named in the turn log only to its owner (the
    others read that a fight event is kept, face down). ANOM-1: an anomaly roll names the
    stalker ``actor`` who rolled it ("Bot 3 rolls 1 at the anomaly: damage 2"), not a bare
    "rolled 1" under someone else's line."""
    if isinstance(message, Note) and message.key == "event_kept":
        owner = dict(message.params).get("player")
        if owner != viewer:
            return f"EVENT-1: {i18n.t('reveal.kept_log', player=i18n.player_name(str(owner)))}"
    if isinstance(message, Note) and message.key in ANOMALY_ROLLS and actor:
        values = dict(message.params)
        face, damage = values.get("face", "?"), values.get("damage", "?")
        text = i18n.t(f"table.log_{message.key}", player=actor, face=face, damage=damage)
        return f"{message.rule}: {text}"
    return message


def fit_log(lines_newest_last: Sequence[str], chars_per_line: int, rows: int) -> list[str]:
    """The newest log lines that fit in ``rows`` rows of ``chars_per_line`` characters,
    newest first (a long line wraps over several rows)."""
    shown: list[str] = []
    room = rows
    for text in reversed(lines_newest_last):
        need = 1 + len(text) // chars_per_line
        if room - need < 0:
            break
        shown.append(text)
        room -= need
    return shown


def describe_hex(
    h: Hex,
    placed: PlacedHex | None,
    state: GameState,
    sector_name: str | None,
    viewer: int | None = None,
) -> str:
    """The hover line of a hex: sector, terrain, road, cost (TURN-2), the site and what
    happens there, who stands there, and the loot piles the view shows (DEATH-1: one's own
    with how many cards it holds; another's, when shown, as a bare pile, DEATH-2)."""
    if placed is None:
        return ""
    tile = placed.tile
    variant = state.variant
    parts = [i18n.t(f"terrain.{tile.terrain.value}")]
    if placed.roads:
        parts.append(i18n.t("terrain.road"))
        cost: int | None = variant.road_cost
    else:
        cost = variant.terrain_cost.get(tile.terrain)
    parts.append(
        i18n.t("terrain.cost", cost=cost) if cost is not None else i18n.t("terrain.impassable")
    )
    if sector_name is not None:
        parts.insert(0, i18n.t("board.sector", name=sector_name))
    text = " · ".join(parts)
    if tile.site is not None:
        site = tile.site
        rep = variant.base_reputation.get(site, 0) if site in BASES else 0
        about = i18n.t(f"site.about_{site.value}", rep=rep, n=variant.elements_required)
        text = f"{i18n.t(f'site.{site.value}')}: {about}   ({text})"
    here = [
        f"{k + 1}. {i18n.player_name(p.name)}"
        for k, p in enumerate(state.players)
        if p.position == h
    ]
    if here:
        text += "   " + ", ".join(here)
    loot = loot_words(state, h, viewer)
    return f"{loot}   {text}" if loot else text


def loot_words(state: GameState, h: Hex, viewer: int | None) -> str:
    """The loot piles on ``h`` the view shows, first on the hover line (the sack is what the
    mouse is on): one's own with what it holds (DEATH-1); another's, seen only while a Zombie
    card is in force, with whose it is and that what it holds is not seen (DEATH-2)."""
    lines = []
    for pile in state.loot:
        if pile.hex != h:
            continue
        if viewer is None or pile.owner == viewer:
            lines.append(i18n.t("loot.own", what=loot_contents(state, pile)))
        else:
            owner = i18n.player_name(state.players[pile.owner].name)
            lines.append(i18n.t("loot.other", name=owner))
    return "   ".join(lines)


def loot_contents(state: GameState, pile: LootPile) -> str:
    """DEATH-1: what one's own pile holds: its cards by name, then trophies, cash, Elements."""
    what = [i18n.card_text(state.card(card).name) for card in pile.cards]
    if pile.trophies:
        what.append(i18n.t("owned.loot_trophies", n=len(pile.trophies)))
    if pile.money:
        what.append(i18n.t("owned.loot_money", n=pile.money))
    if pile.elements:
        what.append(i18n.t("owned.loot_elements", n=pile.elements))
    return ", ".join(what) if what else i18n.t("loot.empty")


def unreachable_reason(state: GameState, h: Hex, *, my_turn: bool) -> str:
    """TURN-2, ST-5, WIN-1: why the current stalker cannot go to ``h`` now, in words ("" when
    it can, or outside a turn). The engine decides: ``Move(h)`` is applied to the view, which
    is never changed (a refusal leaves it as it was, a legal move's result is dropped)."""
    if state.phase != "turn" or h not in state.zone_map.hexes:
        return ""
    if not my_turn:
        return i18n.t("board_ux.hover_not_your_turn", name=state.player.name)
    if h == state.player.position:
        return ""
    try:
        apply(state, Move(h))
    except IllegalAction as error:
        text = engine_text.sentence(engine_text.render(error, state.cards))
        return text[:1].upper() + text[1:]  # a line of its own
    return ""
