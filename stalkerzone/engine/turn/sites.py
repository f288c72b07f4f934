"""What happens where a move ends: loot, dangers, anomalies, events, the Epicenter (§1 table).

Fights are played by :mod:`stalkerzone.engine.fight.combat`: the game keeps the ``Fight`` value in
its state, hands the player's decisions to it and samples its chance nodes with the game RNG.
"""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.engine.core import (
    BASES,
    DANGER_COLOUR,
    FIGHT_EFFECTS,
    FISTS,
    Armour,
    Colour,
    Event,
    Monster,
    Note,
    Order,
    Rng,
    Site,
    VisitRequirement,
    damage_after_defence,
)
from stalkerzone.engine.fight import Decision, StalkerSide, play_chance
from stalkerzone.engine.fight import start_fight as combat_start_fight
from stalkerzone.engine.play import (
    Decks,
    FightState,
    GameState,
    OpenOrder,
    PlayerState,
    Trophy,
    card_id,
    note,
    set_player,
)
from stalkerzone.engine.turn.death import kill, pick_up
from stalkerzone.engine.turn.equipment import gain, gained_note, loadout, remove_card, stats
from stalkerzone.engine.zone import Hex

# --- drawing cards --------------------------------------------------------------------------


def draw(
    state: GameState, deck: str, discard: str | None, rng: Rng
) -> tuple[GameState, str | None]:
    """The top card of a deck; an empty deck first takes its shuffled discard (TROPHY-4)."""
    decks = state.decks
    pile: tuple[str, ...] = getattr(decks, deck)
    if not pile and discard is not None and getattr(decks, discard):
        cards = list(getattr(decks, discard))
        rng.shuffle(cards)
        pile = tuple(cards)
        decks = replace(decks, **{discard: ()})
        state = note(
            state,
            Note(
                "TROPHY-4",
                "pile_shuffled",
                f"the {discard.replace('_', ' ')} is shuffled into a new deck",
                pile=discard,
            ),
        )
    if not pile:
        return replace(state, decks=replace(decks, **{deck: pile})), None
    return replace(state, decks=replace(decks, **{deck: pile[1:]})), pile[0]


def put(decks: Decks, pile: str, instance: str) -> Decks:
    """Put a card on top of a discard pile or into the stock."""
    return replace(decks, **{pile: (instance, *getattr(decks, pile))})


def shuffle_in(decks: Decks, pile: str, instance: str, rng: Rng) -> Decks:
    """FIGHT-5: a card goes back into a deck face down, at a random place."""
    cards: tuple[str, ...] = getattr(decks, pile)
    at = rng.randint(0, len(cards))
    return replace(decks, **{pile: (*cards[:at], instance, *cards[at:])})


def give_artifact(state: GameState, index: int, rng: Rng, rule: str) -> GameState:
    """TROPHY-3, ANOM-1, events: the top artifact card goes into a slot or the backpack."""
    state, instance = draw(state, "artifacts", "artifact_discard", rng)
    if instance is None:
        return note(state, Note(rule, "artifact_deck_empty", "the artifact deck is empty"))
    player = state.players[index]
    gained = gain(player, instance, state.ctx)
    state = set_player(state, index, gained.player)
    cid = card_id(instance)
    state = note(
        state,
        Note(
            rule,
            "artifact_gained",
            f"{player.name} gets the artifact {cid}",
            player=player.name,
            card=cid,
        ),
    )
    return note(state, gained_note(gained, player.name, instance, rule))


# --- arriving ---------------------------------------------------------------------------------


def site_at(state: GameState, where: Hex) -> Site | None:
    info = state.zone_map.hexes.get(where)
    return info.site if info is not None else None


def arrive(state: GameState, path: tuple[Hex, ...], rng: Rng) -> GameState:
    """TURN-2: the move ends on ``path[-1]``; take loot, mark visits, resolve the site."""
    index = state.current_player
    where = path[-1]
    player = replace(state.players[index], position=where)
    site = site_at(state, where)
    if site is not None:
        player = mark_visits(player, site, state)
    state = set_player(replace(state, step="site", last_move=path), index, player)
    colour = DANGER_COLOUR.get(site) if site is not None else None
    if colour is not None:  # DEATH-3: the fight first, the loot only if alive after it
        return danger(state, index, colour, rng)
    state = pick_up(state, index)
    if site is None:
        return state
    if site in BASES:
        return visit_base(state, index)
    if site == Site.ANOMALY:
        return anomaly(state, index, rng)
    if site == Site.EVENT:
        return draw_event(state, index, rng)
    if site == Site.EPICENTER:
        return epicenter(state, index, rng)
    return state


def mark_visits(player: PlayerState, site: Site, state: GameState) -> PlayerState:
    """ORDER-1: an open "visit" order is fulfilled once the stalker stands on its site."""
    changed = False
    orders = []
    for order in player.open_orders:
        card = state.card(order.card)
        assert isinstance(card, Order)
        req = card.requirement
        if not order.visited and isinstance(req, VisitRequirement) and req.site == site:
            orders.append(OpenOrder(order.card, visited=True))
            changed = True
        else:
            orders.append(order)
    return replace(player, open_orders=tuple(orders)) if changed else player


def visit_base(state: GameState, index: int) -> GameState:
    """EVENT-1: "protection reduced by 1" lasts until the next visit to a base."""
    player = state.players[index]
    if player.protection_minus:
        state = set_player(state, index, replace(player, protection_minus=0))
        state = note(
            state,
            Note("EVENT-1", "protection_restored", "protection is whole again at the base"),
        )
    return state


# --- anomalies and events -------------------------------------------------------------------


def anomaly(state: GameState, index: int, rng: Rng) -> GameState:
    """ANOM-1: roll 1d6 on the variant's anomaly table."""
    face = rng.randint(1, 6)
    outcome = state.variant.anomaly_outcome(face)
    player = state.players[index]
    if outcome.kind == "damage":
        formula = outcome.damage or FISTS
        thrown = formula.throw(rng)  # its faces go into the note (DMG-4), for the dice shown
        damage = thrown.total
        state = note(
            state,
            Note(
                "ANOM-1",
                "anomaly_damage",
                f"rolled {face}: anomaly damage {damage}, defence does not help",
                face=face,
                damage=damage,
                damage_dice=str(formula),
                damage_faces=",".join(str(f) for f in thrown.faces),
            ),
        )
        return hurt(state, index, damage)
    if outcome.kind == "element":
        state = set_player(state, index, replace(player, elements=player.elements + 1))
        return note(
            state,
            Note(
                "ANOM-1",
                "anomaly_element",
                f"rolled {face}: {player.name} finds an Element",
                face=face,
                player=player.name,
            ),
        )
    if outcome.kind == "artifact":
        rolled = Note("ANOM-1", "anomaly_artifact", f"rolled {face}", face=face)
        return give_artifact(note(state, rolled), index, rng, "ANOM-1")
    return note(
        state, Note("ANOM-1", "anomaly_nothing", f"rolled {face}: nothing happens", face=face)
    )


def hurt(state: GameState, index: int, damage: int) -> GameState:
    """Health loss outside fights; at 0 the stalker dies where it stands (FIGHT-6, DEATH-1)."""
    player = state.players[index]
    health = player.health - damage
    if health > 0:
        return set_player(state, index, replace(player, health=health))
    assert player.position is not None
    return replace(kill(state, index, player.position), step="done")


def draw_event(state: GameState, index: int, rng: Rng) -> GameState:
    """EVENT-1: immediate events resolve now; a fight event is held (at most one)."""
    state, instance = draw(state, "events", "event_discard", rng)
    if instance is None:
        return note(state, Note("EVENT-1", "event_deck_empty", "the event deck is empty"))
    event = state.card(instance)
    assert isinstance(event, Event)
    player = state.players[index]
    kind = event.effect.kind
    if event.timing == "fight" and kind in FIGHT_EFFECTS:
        if player.held_event is None:
            state = set_player(state, index, replace(player, held_event=instance))
            return note(
                state,
                Note(
                    "EVENT-1",
                    "event_kept",
                    f"{player.name} keeps {event.id} for the next fight",
                    player=player.name,
                    card=event.id,
                ),
            )
        state = replace(state, decks=put(state.decks, "event_discard", instance))
        return note(
            state,
            Note(
                "EVENT-1",
                "event_discarded",
                f"{event.id} is discarded: one fight event is held already",
                card=event.id,
            ),
        )
    state = note(
        state,
        Note(
            "EVENT-1",
            "event_drawn",
            f"{player.name} draws {event.id}",
            player=player.name,
            card=event.id,
        ),
    )
    state = replace(state, decks=put(state.decks, "event_discard", instance))
    effect = event.effect
    ctx = state.ctx
    if kind == "lose_protection":
        armour = armour_to_lose(state, player)
        if len(armour) == 1:
            return lose_armour(state, index, armour[0])
        if len(armour) > 1:
            return replace(state, phase="choose_armour")
        return note(state, Note("EVENT-1", "no_armour", "no armour to lose"))
    if kind == "protection_minus_one":
        return set_player(
            state, index, replace(player, protection_minus=player.protection_minus + 1)
        )
    if kind == "zombie":
        return set_player(state, index, replace(player, zombie_turns=2))
    if kind == "gain_money":
        return set_player(state, index, replace(player, cash=player.cash + effect.amount))
    if kind == "lose_money":
        return set_player(state, index, replace(player, cash=max(0, player.cash - effect.amount)))
    if kind == "heal":
        top = stats(player, ctx).max_health
        return set_player(
            state, index, replace(player, health=min(top, player.health + effect.amount))
        )
    if kind == "find_element":
        return set_player(state, index, replace(player, elements=player.elements + 1))
    if kind == "draw_artifact":
        return give_artifact(state, index, rng, "EVENT-1")
    if kind == "damage":
        formula = effect.attack or FISTS
        thrown = formula.throw(rng)  # the draws of roll(), its faces kept for the table (DMG-4)
        defence = 0 if effect.ignores_defence else stats(player, ctx).defence
        damage = damage_after_defence(thrown.total, defence)
        faces = " + ".join(str(f) for f in thrown.faces)
        rolled = Note(
            "EVENT-1",
            "event_damage",
            f"rolled {faces} on {formula} = {thrown.total}, defence {defence}: damage {damage}",
            dice=str(formula),
            faces=faces,
            rolled=thrown.total,
            defence=defence,
            damage=damage,
        )
        return hurt(note(state, rolled), index, damage)
    # A fight effect on an immediate card: nothing to hold it for (docs/cards.md allows it).
    return note(
        state,
        Note(
            "EVENT-1",
            "event_no_effect",
            f"{event.id} has no effect outside a fight",
            card=event.id,
        ),
    )


def armour_to_lose(state: GameState, player: PlayerState) -> tuple[str, ...]:
    """EVENT-1 "loss of protection": the armour cards the player may choose from, worn or in
    the backpack (stashing armour does not dodge the event)."""
    worn = tuple(c for c in (player.head, player.body) if c)
    return worn + tuple(c for c in player.backpack if isinstance(state.card(c), Armour))


def lose_armour(state: GameState, index: int, instance: str) -> GameState:
    """EVENT-1 "loss of protection": the chosen armour card leaves the game (not to the stock)."""
    player = remove_card(state.players[index], instance)
    state = set_player(state, index, player)
    state = replace(state, decks=put(state.decks, "removed", instance), phase="turn")
    cid = card_id(instance)
    return note(
        state,
        Note(
            "EVENT-1",
            "armour_lost",
            f"{player.name} loses {cid}: it leaves the game",
            player=player.name,
            card=cid,
        ),
    )


# --- fights -----------------------------------------------------------------------------------


def danger(state: GameState, index: int, colour: Colour, rng: Rng) -> GameState:
    """FIGHT-1: the top monster card attacks at the danger's colour."""
    state, monster = draw(state, "monsters", "monster_discard", rng)
    if monster is None:
        state = note(
            state,
            Note("TROPHY-4", "no_monster", "no monster card is left: the danger is quiet"),
        )
        return pick_up(state, index)
    return begin_fight(state, index, monster, colour, rng, epicenter=False)


def epicenter(state: GameState, index: int, rng: Rng) -> GameState:
    """WIN-1: the guardian of the Epicenter fights at red; FIGHT-4: no escape."""
    state, guardian = draw(state, "guardians", None, rng)
    if guardian is None:
        return note(state, Note("WIN-1", "no_guardian", "the Epicenter has no guardian card"))
    return begin_fight(state, index, guardian, Colour.RED, rng, epicenter=True)


def stalker_side(state: GameState, player: PlayerState) -> StalkerSide:
    """The stalker as it fights now (FIGHT-1): what its active cards give (EQ-*), its health,
    its reputation for escaping (FIGHT-3) and the protection events took (EVENT-1)."""
    return StalkerSide.from_loadout(
        loadout(player, state.ctx),
        state.variant,
        health=player.health,
        reputation=player.reputation,
        protection_minus=player.protection_minus,
    )


def begin_fight(
    state: GameState, index: int, monster: str, colour: Colour, rng: Rng, *, epicenter: bool
) -> GameState:
    """Start a fight; a held fight event applies to it and goes to the discard (EVENT-1)."""
    player = state.players[index]
    where = player.position
    assert where is not None
    event_kind: str | None = None
    if player.held_event is not None:
        event = state.card(player.held_event)
        assert isinstance(event, Event)
        event_kind = event.effect.kind
        state = replace(state, decks=put(state.decks, "event_discard", player.held_event))
        player = replace(player, held_event=None)
        state = set_player(state, index, player)
        state = note(
            state,
            Note("EVENT-1", "event_applies", f"{event.id} applies to this fight", card=event.id),
        )
    card = state.card(monster)
    assert isinstance(card, Monster)
    side = stalker_side(state, player)
    fight = combat_start_fight(side, card, colour, event=event_kind, epicenter=epicenter)
    fight = play_chance(fight, rng)
    if epicenter:
        meets = Note(
            "FIGHT-1",
            "fight_epicenter",
            f"{player.name} meets {card.id} at the Epicenter",
            player=player.name,
            card=card.id,
        )
    else:
        meets = Note(
            "FIGHT-1",
            "fight_danger",
            f"{player.name} meets {card.id} at a {colour} danger",
            player=player.name,
            card=card.id,
            colour=colour.value,
        )
    state = note(state, meets)
    held = FightState(index, monster, colour, where, fight, epicenter, event_kind)
    state = replace(state, phase="fight", fight=held, current_player=index)
    return finish_fight(state, rng) if fight.is_terminal else state


def decide(
    state: GameState, action: str, grenade: str | None, stimulator: str | None, rng: Rng
) -> GameState:
    """FIGHT-2: one decision, then chance until the next decision or the end."""
    held = state.fight
    assert held is not None
    decision = Decision(action, grenade=grenade, stimulator=stimulator)  # type: ignore[arg-type]
    fight = held.fight.apply(decision)  # a FightRefused names its rule (FIGHT-2, FIGHT-4)
    fight = play_chance(fight, rng)
    state = replace(state, fight=replace(held, fight=fight))
    return finish_fight(state, rng) if fight.is_terminal else state


def finish_fight(state: GameState, rng: Rng) -> GameState:
    """FIGHT-5, FIGHT-6, TROPHY-1, TROPHY-3, WIN-1: settle a finished fight."""
    held = state.fight
    assert held is not None
    fight = held.fight
    index = held.player
    player = state.players[index]
    decks = state.decks
    for used in (*fight.used_grenades, *fight.used_stimulators):
        instance = _first_of(player.grenades + player.stimulators, used)
        player = remove_card(player, instance)
        decks = put(decks, "stock", instance)
    player = replace(player, health=max(0, fight.stalker_health))
    state = replace(state, decks=decks, fight=None, last_fight=held, phase="turn")
    state = set_player(state, index, player)
    outcome = fight.outcome
    if outcome == "win":
        trophy = Trophy(held.monster, held.colour)
        state = set_player(state, index, replace(player, trophies=(*player.trophies, trophy)))
        cid = card_id(held.monster)
        state = note(
            state,
            Note(
                "TROPHY-1",
                "trophy_taken",
                f"{player.name} takes the trophy {cid} ({held.colour})",
                player=player.name,
                card=cid,
                colour=held.colour.value,
            ),
        )
        if held.colour == Colour.RED and not held.epicenter:
            state = give_artifact(state, index, rng, "TROPHY-3")
        if held.epicenter:
            return victory(state, index)
        return pick_up(state, index)  # DEATH-3: loot on a danger hex, after the fight
    pile = "guardians" if held.epicenter else "monsters"
    state = replace(state, decks=shuffle_in(state.decks, pile, held.monster, rng))
    if outcome == "escape":
        state = note(
            state,
            Note(
                "FIGHT-5",
                "escaped",
                f"{player.name} escapes; the monster card goes back into the deck",
                player=player.name,
            ),
        )
        return pick_up(state, index)  # DEATH-3: alive after the fight
    state = note(
        state,
        Note("FIGHT-6", "stalker_falls", f"{player.name}'s stalker falls", player=player.name),
    )
    return replace(kill(state, index, held.hex), step="done")


def _first_of(items: tuple[str, ...], card: str) -> str:
    for instance in items:
        if card_id(instance) == card:
            return instance
    raise KeyError(card)


def victory(state: GameState, index: int) -> GameState:
    """WIN-1: the first stalker to beat the guardian wins; the rest are ranked behind."""
    players = state.players
    others = sorted(
        (k for k in range(len(players)) if k != index),
        key=lambda k: (-players[k].elements, -players[k].reputation, -players[k].cash, k),
    )
    state = replace(state, phase="over", winner=index, standings=(index, *others))
    name = players[index].name
    return note(
        state,
        Note("WIN-1", "victory", f"{name} beats the guardian and wins the game", player=name),
    )
