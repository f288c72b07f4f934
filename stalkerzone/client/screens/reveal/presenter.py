"""Which cards came into play with an action and what each did (no arcade here).

EVENT-1, ANOM-1, TROPHY-1, TROPHY-3, ORDER-1, REP-1, WIN-1, EQ-10: the engine writes a note with
a message key for everything an action did (:mod:`stalkerzone.engine.core.messages`); a
:class:`Reveal` is one card (or face) those notes bring into play, with the lines of what it did
(the numbers from the state before and after the action) and where it goes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from stalkerzone.client.screens.bases.presenter import requirement_text
from stalkerzone.client.screens.reveal.event_words import event_effect_lines, signed
from stalkerzone.client.screens.stats import stats_if
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_name, colour_name, t
from stalkerzone.engine.core import Colour, Event, Monster, Note, Order, Param
from stalkerzone.engine.play import GameState, PlayerState
from stalkerzone.engine.turn import equipment

SOURCES = {
    "TROPHY-3": "reveal.from_red",
    "ANOM-1": "reveal.from_anomaly",
    "EVENT-1": "reveal.from_event",
    "DEATH-2": "reveal.from_loot",
    "BASE-2": "reveal.from_shop",
}
"""The rule a card was gained by (a gained note's ``source``) → how it came."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """One card (or face) that came into play: whose, what it is, what it did, where it goes.

    ``card`` is a card id (``None`` for a face without a card: an Element, an anomaly roll, a
    fight event kept face down); ``face`` is an anomaly roll's recorded die (ANOM-1) for the
    dice drawing; ``private`` marks what only ``player`` may see (EVENT-1 held event)."""

    kind: str  # event, held_event, artifact, trophy, order_taken, order_delivered, element, anomaly
    player: int
    title: str
    card: str | None = None
    lines: tuple[str, ...] = ()
    goes_to: str = ""
    colour: Colour | None = None
    face: int | None = None
    rule: str = ""
    private: bool = False
    hidden: tuple[str, ...] = field(default=(), compare=False)
    """The lines shown instead of ``lines`` to everyone but the owner of a private reveal."""

    def seen_by(self, viewer: int) -> Reveal:
        """What ``viewer`` may see of it: a private card face down to anyone but its owner."""
        if not self.private or viewer == self.player:
            return self
        return Reveal(self.kind, self.player, self.title, None, self.hidden, rule=self.rule)


def params(note: Note) -> Mapping[str, Param]:
    return dict(note.params)


def seat_of(state: GameState, name: object, default: int) -> int:
    """The seat of a player named in a note (the acting seat if the name is not unique)."""
    seats = [k for k, p in enumerate(state.players) if p.name == name]
    return seats[0] if len(seats) == 1 else default


def gained_sentence(note: Note, state: GameState, cards_name: str) -> str:
    """EQ-10: where a gained card went and why, as a sentence ("Goldfish went to the backpack:
    activating it lowers maximum health by 5"); "" for a note that is not a gained note."""
    key = note.key
    values = params(note)
    if key == "gained_to_slot":
        return t("gained.to_slot", card=cards_name)
    if key == "gained_slot_full":
        return t("gained.slot_full", card=cards_name)
    if key == "gained_to_backpack":
        return t("gained.to_backpack", card=cards_name)
    if key == "gained_grenade_cap":
        return t("gained.grenade_cap", card=cards_name, player=values.get("player", ""))
    if key == "gained_lowers_stat":
        player = next((p for p in state.players if p.name == values.get("player")), None)
        what = lowered_text(state, player, str(values.get("card", "")), str(values.get("stat")))
        return t("gained.lowers", card=cards_name, what=what)
    return ""


def lowered_text(state: GameState, player: PlayerState | None, cid: str, stat: str) -> str:
    """EQ-10: what activating a backpack card ``cid`` would lower, with the amount ("maximum
    health by 5", "attack (2d8 → 2d6)"); the stat alone when the card is no longer there."""
    name = t(f"engine_words.stat_{stat}")
    if player is None:
        return name
    instance = next((c for c in player.backpack if c.partition("#")[0] == cid), None)
    if instance is None:
        return name
    now = equipment.stats(player, state.ctx)
    after = stats_if(state, player, lambda p: equipment.activate(p, instance, state.ctx))
    if after is None:
        return name
    if stat == "attack":
        return t("gained.lowers_attack", a=str(now.attack), b=str(after.attack))
    values = {
        "defence": (now.defence, after.defence),
        "movement": (now.movement, after.movement),
        "escape": (now.escape_bonus, after.escape_bonus),
        "max_health": (now.max_health, after.max_health),
    }
    old, new = values.get(stat, (0, 0))
    return t("gained.lowers_by", stat=name, amount=old - new) if new < old else name


def backpack_reason(state: GameState, player: PlayerState, instance: str) -> str:
    """EQ-7, EQ-10: why a backpack card is not in its slot, as a tile note ("lowers maximum
    health by 5", "slot full"); "" when it would go in and lower nothing."""
    card = state.card(instance)
    if equipment.slot_of(card) is None:
        return ""
    if not equipment.slot_has_room(player, card, state.ctx):
        return t("gained.note_full")
    now = equipment.stats(player, state.ctx)
    after = stats_if(state, player, lambda p: equipment.activate(p, instance, state.ctx))
    if after is None:
        return ""
    stat = equipment.stat_lowered(now, after)
    if stat is None:
        return ""
    what = lowered_text(state, player, instance.partition("#")[0], stat)
    return t("gained.note_lowers", what=what)


def slot_words(state: GameState, cid: str) -> str:
    slot = equipment.slot_of(state.cards.get(cid))
    return t(f"stalker.slot_{slot}") if slot else ""


def destination(note: Note | None, state: GameState, cid: str) -> str:
    """EQ-10: where a gained card went, from its gained note."""
    if note is None:
        return ""
    if note.key == "gained_to_slot":
        return t("reveal.to_slot", slot=slot_words(state, cid))
    if note.key == "gained_grenade_cap":
        return t("reveal.left_behind")
    return t("reveal.to_backpack")


def own_notes(rest: Iterable[Note]) -> list[Note]:
    """The notes after an event drawn up to the next card drawn or kept: what it brought."""
    out = []
    for n in rest:
        if n.key in ("event_drawn", "event_kept", "event_discarded"):
            break
        out.append(n)
    return out


def card_name_of(state: GameState, cid: str) -> str:
    return card_name(state.cards.get(cid)) if cid in state.cards else cid


TOLD_BY_FIGHT_RESULT = frozenset({"TROPHY-1", "TROPHY-3"})
"""The rules whose cards a fight's own result box tells (the trophy, the red monster's
artifact): a fight decision brings no second pop-up for them."""


def reveals(before: GameState, after: GameState, symbols: bool = False) -> list[Reveal]:
    """The cards one action brought into play (``after.notes``), in the order they came
    (``symbols``: colour-blind marks on the colours). A fight decision's trophy and artifact
    are left out: the fight screen's result box tells them (one box per fight)."""
    actor = before.current_player
    notes = [n for n in after.notes if isinstance(n, Note)]
    told = TOLD_BY_FIGHT_RESULT if before.phase == "fight" else frozenset()
    out: list[Reveal] = []
    for k, note in enumerate(notes):
        found = reveal_of(note, notes[k + 1 :], before, after, actor, symbols)
        if found is not None and found.rule not in told:
            out.append(found)
    return out


def reveal_of(
    note: Note,
    rest: Iterable[Note],
    before: GameState,
    after: GameState,
    actor: int,
    symbols: bool = False,
) -> Reveal | None:
    """The reveal one note brings (None for notes that bring no card)."""
    values = params(note)
    who = seat_of(after, values.get("player"), actor)
    name = i18n.player_name(after.players[who].name, after.players[who].bot)
    cid = str(values.get("card", ""))
    key = note.key
    if key == "event_drawn":  # EVENT-1: the event's own effect first, then what followed
        event = after.cards.get(cid) if cid in after.cards else None
        said = event_effect_lines(
            event if isinstance(event, Event) else None,
            own_notes(rest),
            before.players[who],
            after.players[who],
            after,
        )
        return Reveal("event", who, t("reveal.event_title", player=name), cid, tuple(said))
    if key in ("event_kept", "event_discarded"):  # no effect outside a fight: event_drawn's
        line = {"event_kept": "reveal.kept_line", "event_discarded": "reveal.discarded_line"}[key]
        private = key == "event_kept"
        title = t("reveal.kept_title" if private else "reveal.event_title", player=name)
        hidden = (t("reveal.kept_hidden"),)
        return Reveal(
            "held_event" if private else "event",
            who,
            title,
            cid,
            (t(line),),
            rule="EVENT-1",
            private=private,
            hidden=hidden,
        )
    if key == "artifact_gained":
        gained = next((n for n in rest if n.key.startswith("gained_")), None)
        lines = [t(SOURCES[note.rule])] if note.rule in SOURCES else []
        if gained is not None:
            sentence = gained_sentence(gained, after, card_name_of(after, cid))
            lines.append(sentence)
        title = t("reveal.artifact_title", player=name)
        goes = destination(gained, after, cid)
        return Reveal("artifact", who, title, cid, tuple(lines), goes, rule=note.rule)
    if key == "trophy_taken":
        colour = Colour(str(values.get("colour", "green")))
        goes = t("reveal.to_trophies", colour=colour_name(colour, symbols))
        title = t("reveal.trophy_title", player=name)
        monster = after.cards.get(cid) if cid in after.cards else None
        worth: tuple[str, ...] = ()
        if isinstance(monster, Monster):  # TROPHY-2: what a base pays for it
            price = monster.at(colour).trophy_price
            worth = (t("owned.trophy_note", colour=colour_name(colour, symbols), price=price),)
        return Reveal("trophy", who, title, cid, worth, goes, colour, rule="TROPHY-1")
    if key == "order_taken":
        order = after.cards.get(cid) if cid in after.cards else None
        need = (requirement_text(after, order, symbols),) if isinstance(order, Order) else ()
        title = t("reveal.order_taken_title", player=name)
        return Reveal("order_taken", who, title, cid, need, t("reveal.to_orders"), rule="ORDER-1")
    if key == "order_delivered":
        reward = int(values.get("reward", 0))
        paid = (t("reveal.cash", amount=signed(reward)), t("reveal.reputation"))
        title = t("reveal.order_delivered_title", player=name)
        goes = t("reveal.to_delivered")
        return Reveal("order_delivered", who, title, cid, paid, goes, rule="REP-1")
    if key.startswith("anomaly_"):
        return anomaly_reveal(note, after, who)
    return None


def anomaly_reveal(note: Note, after: GameState, who: int) -> Reveal:
    """ANOM-1: the roll (its recorded face, for the dice drawing) and what it brought."""
    values = params(note)
    face = int(values.get("face", 0))
    player = after.players[who]
    shown = i18n.player_name(player.name, player.bot)
    lines = []
    goes = ""
    if note.key == "anomaly_damage":
        lines.append(t("reveal.anomaly_damage", damage=values.get("damage", 0)))
    elif note.key == "anomaly_element":
        lines.append(t("reveal.elements", amount="+1"))
        need = after.variant.elements_required
        goes = t("reveal.to_elements", n=player.elements, need=need)
    elif note.key == "anomaly_artifact":
        lines.append(t("reveal.anomaly_artifact"))
    else:
        lines.append(t("reveal.anomaly_nothing"))
    lines.append(t("reveal.rolled", face=face))  # the outcome first, then the die
    kind = "element" if note.key == "anomaly_element" else "anomaly"
    title = t(f"reveal.{kind}_title", player=shown)
    return Reveal(kind, who, title, None, tuple(lines), goes, face=face, rule="ANOM-1")
