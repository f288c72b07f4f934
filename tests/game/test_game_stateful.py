"""A Hypothesis state machine over the game engine.

One example is one game: a drawn seed, 1–6 stalkers, the standard or the express variant and
a Zone laid out by hand or dealt in one of the shapes. Its rules play a drawn legal action
(uniform over the action kinds, or uniform over the whole list) or try a drawn illegal one (an
action legal in an earlier state, or a legal action with one field spoilt) that must be refused
with a rule id and leave the state as it was. The invariants of ``gamekit`` (and a few more)
are checked after every step. ``FIGURES`` counts what one run did; the test asserts on it.
"""

from __future__ import annotations

import copy
from collections import Counter, defaultdict, deque
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from stalkerzone.content.rules_reference import load_rules_reference
from stalkerzone.engine.core import CardSet, IllegalAction
from stalkerzone.engine.game import (
    HIDDEN_CARD,
    GameSetup,
    PlayerSetup,
    ZoneMode,
    apply,
    legal_actions,
    new_game,
    player_view,
)
from stalkerzone.engine.play import (
    Action,
    Activate,
    Buy,
    DeliverOrder,
    DiscardArmour,
    EndTurn,
    FightDecision,
    GameState,
    GiveUpOrder,
    Heal,
    Move,
    PlaceSector,
    Sell,
    Stash,
    TakeOrder,
    card_id,
    card_places,
)
from stalkerzone.engine.zone import Hex
from stalkerzone.persistence.serialize import state_to_json
from tests.support import game as gamekit
from tests.support.game import RULE_FIRST, STALKERS, base_cards, check_invariants, sectors, variant

RULE_IDS = frozenset(s.id for s in load_rules_reference("en"))
ZONE_MODES: tuple[ZoneMode, ...] = ("free", "ring", "line", "compact", "hand")
"""Dealt Zones first (Hypothesis shrinks towards the front), the Zone laid by hand last."""
FIGURES: Counter[str] = Counter()
"""What one run did: actions applied, illegal actions refused, invariant checks, games …"""
EXAMPLES = 60
STEPS = 250
HISTORY = 64
"""How many earlier legal actions are kept to be tried again later (as illegal candidates)."""
NOWHERE = Hex(97, -203)
"""A hex on no Zone."""
SHARED = {id(card): card for card in base_cards()}
"""Frozen card objects a deep copy of a state may share (only the state's own values are new)."""


@st.composite
def setups(draw: st.DrawFn) -> GameSetup:
    """A new game: seed, 1–6 distinct stalkers, variant and Zone mode (about 1 in 4 by hand)."""
    seed = draw(st.integers(0, 2**32 - 1))
    stalkers = draw(st.lists(st.sampled_from(STALKERS), min_size=1, max_size=6, unique=True))
    seats = tuple(PlayerSetup(f"P{k + 1}", s, None) for k, s in enumerate(stalkers))
    name = draw(st.sampled_from(("standard", "express")))
    hand = draw(st.booleans(), label="by hand?") and draw(st.booleans(), label="really?")
    mode = ZONE_MODES[4] if hand else draw(st.sampled_from(ZONE_MODES[:4]), label="shape")
    return GameSetup(seed, seats, variant(name), mode)


def by_kind(actions: tuple[Action, ...]) -> dict[str, list[Action]]:
    kinds: dict[str, list[Action]] = defaultdict(list)
    for a in actions:
        kinds[type(a).__name__].append(a)
    return dict(sorted(kinds.items()))


def maybe_legal(state: GameState, action: Action, listed: tuple[Action, ...]) -> bool:
    """True for an action legal_actions lists, or lists in another form: one copy per card id
    for Activate, and only the largest and the 1-point Heal."""
    if action in listed:
        return True
    if isinstance(action, Activate):
        same = any(
            isinstance(a, Activate) and card_id(a.card) == card_id(action.card) for a in listed
        )
        return same and action.card in state.player.backpack
    if isinstance(action, Heal):
        most = max((a.points for a in listed if isinstance(a, Heal)), default=0)
        return 1 <= action.points <= most
    return False


class GameMachine(RuleBasedStateMachine):
    """One game per example; see the module docstring."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.seen: deque[Action] = deque(maxlen=HISTORY)

    # --- set-up -------------------------------------------------------------------------------

    def _start(self, setup: GameSetup) -> None:
        self.state = new_game(setup, base_cards(), sectors())
        self.seen.clear()
        FIGURES["games"] += 1
        FIGURES[f"zone {setup.zone_mode}"] += 1
        FIGURES[f"variant {setup.variant.id}"] += 1

    @initialize(setup=setups())
    def start(self, setup: GameSetup) -> None:
        self._start(setup)

    @precondition(lambda self: self.state is not None and self.state.is_terminal)
    @rule(setup=setups(), data=st.data())
    def start_again(self, setup: GameSetup, data: st.DataObject) -> None:
        """A finished game refuses everything (WIN-1); deal the next one."""
        FIGURES["games finished"] += 1
        self._try_illegal(data)
        self._start(setup)

    # --- legal actions ------------------------------------------------------------------------

    def _play(self, action: Action) -> None:
        assert self.state is not None
        self.state = apply(self.state, action)
        self.seen.append(action)
        FIGURES["actions"] += 1
        FIGURES[f"action {type(action).__name__}"] += 1

    @precondition(lambda self: self.state is not None and not self.state.is_terminal)
    @rule(data=st.data())
    def play_by_kind(self, data: st.DataObject) -> None:
        """A legal action, uniform over the kinds first (keeps games moving past the bases)."""
        assert self.state is not None
        kinds = by_kind(legal_actions(self.state))
        kind = data.draw(st.sampled_from(sorted(kinds)), label="kind")
        self._play(data.draw(st.sampled_from(kinds[kind]), label="action"))

    @precondition(lambda self: self.state is not None and not self.state.is_terminal)
    @rule(data=st.data())
    def play_any(self, data: st.DataObject) -> None:
        """A legal action, uniform over the list legal_actions gives."""
        self._play_any(data)

    def _play_any(self, data: st.DataObject) -> None:
        assert self.state is not None
        actions = legal_actions(self.state)
        self._play(actions[data.draw(st.integers(0, len(actions) - 1), label="index")])

    # --- illegal actions ----------------------------------------------------------------------

    def _candidates(self, data: st.DataObject) -> list[Action]:
        """Actions to try: some illegal by construction, some only if they are not listed."""
        state = self.state
        assert state is not None
        draw = data.draw
        player = state.player
        every = [i for i, _ in card_places(state)]
        anyone = draw(st.sampled_from(every), label="any card")
        mine = player.carried()
        out: list[Action] = [
            # legal once, in some earlier state of this game
            *(list(self.seen)[-1:] if self.seen else []),
            *([draw(st.sampled_from(list(self.seen)), label="old")] if self.seen else []),
            # unknown cards
            Buy("no-such-card"),
            Sell("no-such-card#1"),
            Activate("no-such-card#1"),
            Stash("no-such-card#1"),
            TakeOrder("no-such-card#1"),
            DeliverOrder("no-such-card#1"),
            GiveUpOrder("no-such-card#1"),
            DiscardArmour("no-such-card#1"),
            # somebody's or something's card, used by the current player
            Buy(card_id(anyone)),
            Sell(anyone),
            Activate(anyone),
            Stash(anyone),
            TakeOrder(anyone),
            DeliverOrder(anyone),
            GiveUpOrder(anyone),
            DiscardArmour(anyone),
            # nonsense numbers and fight decisions
            Heal(draw(st.integers(-3, 40), label="heal")),
            FightDecision(draw(st.sampled_from(["dance", "", "Attack"]), label="verb")),
            FightDecision("grenade", card_id(anyone)),
            FightDecision("grenade", None),
            FightDecision("attack", None, card_id(anyone)),
            FightDecision("escape", None, card_id(anyone)),
            EndTurn(),
            Move(NOWHERE),
            PlaceSector("s99", "a", 0, (0, 0)),
        ]
        if mine:
            own = draw(st.sampled_from(mine), label="own card")
            # equipment actions for the wrong card: stash what is packed, pack what is active
            out += [Activate(own), Stash(own), DiscardArmour(own), Sell(own)]
        if state.phase == "layout":
            placed = draw(st.sampled_from(legal_actions(state)), label="placement")
            assert isinstance(placed, PlaceSector)
            q, r = placed.slot
            out += [
                replace(placed, slot=(q + draw(st.integers(-2, 2)), r + draw(st.integers(-2, 2)))),
                replace(placed, rotation=(placed.rotation + draw(st.integers(1, 5))) % 6),
                replace(placed, face="b" if placed.face == "a" else "a"),
                replace(placed, rotation=draw(st.sampled_from([-1, 6, 99]))),
                replace(placed, face="c"),
                replace(placed, sector=draw(st.sampled_from([s.id for s in sectors()]))),
            ]
        else:
            hexes = sorted(state.zone_map.hexes)
            out += [Move(draw(st.sampled_from(hexes), label="hex"))]
            if player.position is not None:
                out += [Move(player.position)]
                far = Hex(player.position.q + 40, player.position.r - 20)
                out += [Move(far)]
            out += [PlaceSector(s.id, "a", 0, (0, 0)) for s in sectors()[:1]]
        return out

    @precondition(lambda self: self.state is not None and not self.state.is_terminal)
    @rule(data=st.data())
    def try_illegal_then_play(self, data: st.DataObject) -> None:
        """An illegal action (refused, nothing changed), then a legal one so the game goes on."""
        self._try_illegal(data)
        self._play_any(data)

    def _try_illegal(self, data: st.DataObject) -> None:
        """A drawn action that legal_actions does not list must be refused with a rule id, and
        the state must be unchanged (==, and the same JSON snapshot)."""
        state = self.state
        assert state is not None
        listed = legal_actions(state)
        candidates = self._candidates(data)
        action = data.draw(st.sampled_from(candidates), label="illegal")
        if maybe_legal(state, action, listed):
            FIGURES["illegal draws that were legal"] += 1
            return
        before = state_to_json(state)
        twin = copy.deepcopy(state, {id(state.ctx): state.ctx, **SHARED})
        try:
            apply(state, action)
        except IllegalAction as error:
            message = str(error)
            assert RULE_FIRST.match(message), message
            assert error.rule in RULE_IDS, message
            assert message.startswith(f"{error.rule}: "), message
            rule_id = error.rule
        else:
            raise AssertionError(
                f"{action!r} is not listed but was accepted in phase {state.phase}"
            )
        assert state == twin
        assert state_to_json(state) == before
        FIGURES["illegal refused"] += 1
        FIGURES[f"refused {rule_id}"] += 1

    # --- invariants ---------------------------------------------------------------------------

    @invariant()
    def every_invariant(self) -> None:
        """gamekit's invariants, a consistent phase, and each player's view (TURN-3, DEATH-2)."""
        state = self.state
        if state is None:
            return
        FIGURES["invariant checks"] += check_invariants(state)
        checks = 0
        assert 0 <= state.current_player < len(state.players)
        assert (state.phase == "fight") == (state.fight is not None), "FIGHT-2 fight state"
        assert bool(legal_actions(state)) != state.is_terminal, "TURN-2 nothing to do"
        checks += 3
        # cash, health, grenade cap, slot limits, one place per card, reputation and the
        # others' loot and held events are gamekit.check_invariants; here a view must also
        for index, seat in enumerate(state.players):
            # hidden information (TURN-3, DEATH-2): what the others must not see
            view = player_view(state, index)
            assert view.players[index] == seat, "a player sees its own seat whole"
            own = tuple(p for p in view.loot if p.owner == index)
            assert own == tuple(p for p in state.loot if p.owner == index), "DEATH-2"
            if seat.zombie_turns == 0:
                assert own == view.loot, "DEATH-2"
            assert view.rng == 0, "the RNG is blanked"
            for other, shown in enumerate(view.players):
                if other == index:
                    continue
                held = state.players[other].held_event
                assert shown.held_event == (None if held is None else HIDDEN_CARD), "TURN-3"
                if held is not None:
                    FIGURES["held events hidden"] += 1
            hidden = sum(1 for p in state.loot if p.owner != index)
            FIGURES["loot piles hidden"] += hidden
            checks += 4
        FIGURES["invariant checks"] += checks


@pytest.mark.slow
def test_game_state_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    # gamekit.check_invariants recounts every card of the packs on each call; the packs do not
    # change during the run, so count them once (half the time of the invariants).
    counted: dict[int, tuple[object, Counter[str]]] = {}
    count_all = gamekit.all_instances

    def count_once(cards: CardSet) -> Counter[str]:
        if id(cards) not in counted:
            counted[id(cards)] = (cards, count_all(cards))
        return counted[id(cards)][1]

    monkeypatch.setattr(gamekit, "all_instances", count_once)
    FIGURES.clear()
    run_state_machine_as_test(  # type: ignore[no-untyped-call]
        GameMachine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        ),
    )
    print(dict(sorted(FIGURES.items())))
    assert FIGURES["actions"] >= 10_000, FIGURES["actions"]
    assert FIGURES["illegal refused"] >= 1_000, FIGURES["illegal refused"]
    assert FIGURES["zone hand"] >= 1
    assert FIGURES["variant express"] >= 1 and FIGURES["variant standard"] >= 1
