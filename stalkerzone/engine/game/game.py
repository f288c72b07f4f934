"""The game: set-up, legal actions, apply, and what each player may see.

Modelled on OpenSpiel (``legal_actions`` / ``apply`` on an immutable state, chance sampled by the
RNG kept in the state) and boardgame.io (``player_view``). ``apply`` never mutates: it returns a
new state or raises an :class:`~stalkerzone.engine.core.illegal.IllegalAction` whose message starts
with the rule id, and the state it was given is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from stalkerzone.engine.core import (
    AnyCard,
    CardSet,
    EquipmentRefused,
    IllegalAction,
    MoveRefused,
    NotNow,
    Rng,
    Site,
    StalkerCard,
    Variant,
    seed_state,
)
from stalkerzone.engine.play import (
    Action,
    Activate,
    Buy,
    Decks,
    DeliverOrder,
    DiscardArmour,
    EndTurn,
    FightDecision,
    GameContext,
    GameState,
    GiveUpOrder,
    Heal,
    LayoutBy,
    Move,
    Phase,
    PlaceSector,
    PlayerState,
    Sell,
    Stash,
    TakeOrder,
    card_id,
    instances,
    set_player,
)
from stalkerzone.engine.turn import bases, equipment, sites, start_health, turns
from stalkerzone.engine.zone import Hex, Sector, Zone, random_zone

ZoneMode = Literal["hand", "free", "ring", "line", "compact"]
MAX_PLAYERS = 6


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    """A seat: the player's name, its stalker card id and, for a bot, the bot's name (TURN-1)."""

    name: str
    stalker: str
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a new game needs besides the cards and sectors."""

    seed: int
    players: tuple[PlayerSetup, ...]
    variant: Variant
    zone_mode: ZoneMode = "hand"
    layout_by: LayoutBy = "all"  # TURN-4: who places the sectors of a hand-laid Zone
    early_packs: tuple[str, ...] = ()
    """Packs being tried: their cards are shuffled on top of each deck (a card author's test
    game; the rules are unchanged, only the order the decks are dealt in)."""


def new_game(setup: GameSetup, cards: CardSet, sectors: Sequence[Sector]) -> GameState:
    """Shuffle the decks, seat the players, pick the first player (TURN-1) and either open the
    layout phase (``zone_mode="hand"``, TURN-4) or deal a random Zone of that shape."""
    if not 1 <= len(setup.players) <= MAX_PLAYERS:
        raise ValueError(f"TURN-1: 1 to {MAX_PLAYERS} players, not {len(setup.players)}")
    taken = [seat.stalker for seat in setup.players]
    twice = next((s for s in taken if taken.count(s) > 1), None)
    if twice is not None:
        raise ValueError(
            f"ST-3: two seats chose the stalker '{twice}'; each seat plays its own stalker "
            "(the box has one card of each): choose another for one of them"
        )
    if setup.layout_by not in ("all", "humans"):
        raise ValueError(f"TURN-4: layout_by is 'all' or 'humans', not {setup.layout_by!r}")
    variant = setup.variant
    ctx = GameContext(cards, tuple(sectors), variant)
    rng = Rng(seed_state(setup.seed))
    players = []
    for seat in setup.players:
        stalker = cards.get(seat.stalker) if seat.stalker in cards else None
        if not isinstance(stalker, StalkerCard):
            raise ValueError(f"ST-3: '{seat.stalker}' is not a stalker card of the loaded packs")
        cash = stalker.start_money if stalker.start_money is not None else variant.start_money
        players.append(
            PlayerState(
                name=seat.name,
                stalker=stalker.id,
                bot=seat.bot,
                cash=cash,
                health=start_health(stalker, variant),
            )
        )

    def shuffled(group: Sequence[AnyCard]) -> tuple[str, ...]:
        pile = [i for card in group for i in instances(card)]
        rng.shuffle(pile)
        if setup.early_packs:  # the tried packs' cards first, each part in its shuffled order
            tried = {c.id for c in group if c.pack in setup.early_packs}
            pile.sort(key=lambda instance: card_id(instance) not in tried)
        return tuple(pile)

    decks = Decks(
        monsters=shuffled([m for m in cards.monsters if m.deck == "zone"]),
        guardians=shuffled([m for m in cards.monsters if m.deck == "epicenter"]),
        artifacts=shuffled(cards.artifacts),
        events=shuffled(cards.events),
        orders=shuffled(cards.orders),
        stock=tuple(i for card in cards.equipment for i in instances(card)),
    )
    first = rng.randrange(len(players))
    zone = Zone()
    if setup.zone_mode != "hand":
        zone = random_zone(ctx.sectors, rng, shape=setup.zone_mode)
    state = GameState(
        players=tuple(players),
        decks=decks,
        zone=zone,
        rng=rng.state,
        phase="layout",
        current_player=first,
        first_player=first,
        variant_id=variant.id,
        layout_by=setup.layout_by,
        ctx=ctx,
    )
    if setup.zone_mode != "hand":
        return turns.start_play(state)
    return replace(state, current_player=turns.layout_seat(state, first))


# --- legal actions --------------------------------------------------------------------------


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action open to the current decision-maker, in a stable order.

    The legal-actions contract: this lists exactly what :func:`apply` accepts, parameterised
    actions included (every ``Heal(k)`` the stalker can pay for, every card instance), and
    :func:`apply` refuses everything else with a rule id."""
    if state.phase == "over":
        return ()
    if state.phase == "layout":
        return tuple(
            PlaceSector(p.sector, p.face, p.rotation, p.slot) for p in turns.placements(state)
        )
    if state.phase == "fight":
        assert state.fight is not None
        return tuple(
            FightDecision(d.action, d.grenade, d.stimulator) for d in state.fight.fight.decisions()
        )
    player = state.player
    if state.phase == "choose_armour":
        return tuple(DiscardArmour(c) for c in sites.armour_to_lose(state, player))
    out: list[Action] = []
    out.extend(_equipment_actions(state, player))
    if state.step == "move":
        out.extend(Move(h) for h in sorted(destinations(state)))
    if bases.trade_refusal(state) is None:
        out.extend(_base_actions(state, player))
    out.append(EndTurn())
    return tuple(out)


def _equipment_actions(state: GameState, player: PlayerState) -> list[Action]:
    """EQ-8, EQ-10: every backpack card that may be activated, every active card that may be
    stashed (each instance: ``apply`` accepts any of them)."""
    ctx = state.ctx
    out: list[Action] = [
        Activate(c) for c in player.backpack if equipment.activate_refusal(player, c, ctx) is None
    ]
    out.extend(Stash(c) for c in player.active if equipment.stash_refusal(player, c, ctx) is None)
    return out


def _base_actions(state: GameState, player: PlayerState) -> list[Action]:
    """BASE-2, BASE-3, ORDER-1: what ``apply`` accepts at this base. Healing lists every
    number of points from 1 to what the stalker is missing and can pay for."""
    base = bases.base_here(state)
    assert base is not None
    out: list[Action] = []
    for cid in bases.catalogue(state, base):
        card = state.cards.get(cid)
        if (
            getattr(card, "price", 0) <= player.cash
            and bases.buy_refusal(state, player, cid) is None
        ):
            out.append(Buy(cid))
    sellable = [c for c in player.carried() if bases.sale_price(state, player, c) is not None]
    out.extend(Sell(c) for c in sellable)
    out.extend(Sell(t.card) for t in player.trophies)
    out.extend(Heal(k) for k in range(1, bases.heal_limit(state, player) + 1))
    if len(player.open_orders) < state.variant.max_open_orders:
        out.extend(
            TakeOrder(o)
            for o in bases.offered(state, base)
            if not bases.holds_order(player, card_id(o))
        )
    for order in player.open_orders:
        if bases.fulfilment(state, player, order) is not None:
            out.append(DeliverOrder(order.card))
    out.extend(GiveUpOrder(order.card) for order in player.open_orders)
    return out


def destinations(state: GameState) -> dict[Hex, tuple[Hex, ...]]:
    """TURN-2, ST-5, WIN-1: the hexes the current stalker may move to, with their paths."""
    player = state.player
    assert player.position is not None
    allowance = equipment.stats(player, state.ctx).movement
    routes = state.ctx.reachable(state.zone, player.position, allowance)
    zone_map = state.zone_map
    out: dict[Hex, tuple[Hex, ...]] = {}
    enough = player.elements >= state.variant.elements_required
    for where, route in routes.items():
        if where == player.position or not route.path:
            continue
        if zone_map.hexes[where].site == Site.EPICENTER and not enough:
            continue
        out[where] = tuple(route.path)
    return out


# --- apply ------------------------------------------------------------------------------------


Refusal = Callable[[], NotNow]
"""A refusal made afresh each time it is raised."""

EXCLUSIVE_PHASES: dict[type[Action], tuple[Phase, Refusal, Refusal]] = {
    PlaceSector: (
        "layout",
        lambda: NotNow("TURN-4", "the Zone is laid out already", key="zone_done"),
        lambda: NotNow("TURN-4", "first lay out the Zone: place a sector", key="layout_first"),
    ),
    FightDecision: (
        "fight",
        lambda: NotNow("FIGHT-2", "there is no fight", key="no_fight"),
        lambda: NotNow(
            "EQ-2", "during a fight only fight decisions are possible", key="fight_only"
        ),
    ),
    DiscardArmour: (
        "choose_armour",
        lambda: NotNow("EVENT-1", "no armour has to be lost now", key="no_armour_loss"),
        lambda: NotNow("EVENT-1", "first choose the armour card to lose", key="choose_armour"),
    ),
}
"""Actions that belong to one phase only, and the phase that accepts only them: the phase,
the refusal of the action outside it, and the refusal of any other action in it."""


def phase_refusal(state: GameState, action: Action) -> NotNow | None:
    """TURN-2, TURN-4, FIGHT-2, EVENT-1, WIN-1: why ``action`` does not fit the phase now."""
    if state.phase == "over":
        return NotNow("WIN-1", "the game is over", key="game_over")
    for kind, (phase, outside, inside) in EXCLUSIVE_PHASES.items():
        if isinstance(action, kind) and state.phase != phase:
            return outside()
        if state.phase == phase and not isinstance(action, kind):
            return inside()
    return None


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises an IllegalAction (rule id first), state untouched."""
    state = replace(state, notes=())
    refusal = phase_refusal(state, action)
    if refusal is not None:
        raise refusal
    rng = Rng(state.rng)
    index = state.current_player
    player = state.player
    match action:
        case PlaceSector():
            return replace(turns.place_sector(state, action, rng), rng=rng.state)
        case FightDecision(decision, grenade, stimulator):
            result = sites.decide(state, decision, grenade, stimulator, rng)
            return replace(result, rng=rng.state)
        case DiscardArmour(card):
            if card not in sites.armour_to_lose(state, player):
                cid = card_id(card)
                raise EquipmentRefused(
                    "EVENT-1", f"{cid} is not armour you wear or carry", key="not_armour", card=cid
                )
            return sites.lose_armour(state, index, card)
        case Activate(card):
            return set_player(state, index, equipment.activate(player, card, state.ctx))
        case Stash(card):
            return set_player(state, index, equipment.stash(player, card, state.ctx))
        case Move():
            return replace(_move(state, action, rng), rng=rng.state)
        case Buy(card):
            return bases.buy(state, card)
        case Sell(card):
            return bases.sell(state, card)
        case Heal(points):
            return bases.heal(state, points)
        case TakeOrder(card):
            return bases.take_order(state, card)
        case DeliverOrder(card):
            return bases.deliver_order(state, card)
        case GiveUpOrder(card):
            return bases.give_up_order(state, card)
        case EndTurn():
            return turns.end_turn(state)
    raise IllegalAction(
        "TURN-2", f"unknown action {action!r}", key="unknown_action", action=repr(action)
    )


def _move(state: GameState, action: Move, rng: Rng) -> GameState:
    if state.step != "move":
        raise NotNow(
            "TURN-2",
            "one move per turn, before trading: the stalker stays where it is; end the turn",
            key="one_move",
        )
    player = state.player
    allowed = destinations(state)
    path = allowed.get(action.to)
    if path is None:
        info = state.zone_map.hexes.get(action.to)
        enough = player.elements >= state.variant.elements_required
        if info is not None and info.site == Site.EPICENTER and not enough:
            need = state.variant.elements_required
            raise MoveRefused(
                "WIN-1",
                f"the Epicenter needs {need} Elements, you carry {player.elements}",
                key="epicenter_elements",
                need=need,
                have=player.elements,
            )
        raise _unreachable(state, action.to)
    return sites.arrive(state, path, rng)


def _unreachable(state: GameState, to: Hex) -> MoveRefused:
    """TURN-2, ST-5: why ``to`` is out of reach, and what would make it reachable (worked out
    only for a refused move: the costly search runs without a movement limit)."""
    where = tuple(to)
    player = state.player
    assert player.position is not None
    if to not in state.zone_map.hexes:
        return MoveRefused(
            "TURN-2", f"hex {where} is out of reach: it is not part of the Zone", key="off_zone"
        )
    if to == player.position:
        return MoveRefused(
            "TURN-2", f"hex {where} is out of reach: the stalker stands there", key="move_here"
        )
    movement = equipment.stats(player, state.ctx).movement
    route = state.zone_map.reachable(player.position, 10**6, state.variant).get(to)
    if route is None:
        return MoveRefused(
            "TURN-2",
            f"hex {where} is out of reach: no way leads there (dangers and the Epicenter end "
            "a move, impassable hexes block it)",
            key="no_way",
            hex=str(where),
        )
    return MoveRefused(
        "TURN-2",
        f"hex {where} is out of reach this turn: the way costs {route.cost} movement, the "
        f"stalker has {movement}",
        key="out_of_reach",
        hex=str(where),
        cost=route.cost,
        movement=movement,
    )
