"""A game in progress as the client sees it: the only place that calls the engine's ``apply``.

``GameSession`` keeps the true state, the actions taken (a save is seed + set-up + actions,
as in boardgame.io), the turn log and whose eyes the screen shows (``viewer``). Screens read
``session.view`` (``player_view``) and ``session.legal()`` (``legal_actions``, computed off the
frame by :class:`~stalkerzone.client.worker.Worker`) and change the game with
``session.act(action)``, then call ``session.show(window)`` to open the screen the new state calls
for (with a hand-over page between two human players, TURN-3).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stalkerzone.client.worker import Worker
from stalkerzone.engine import actions as engine_actions
from stalkerzone.engine.actions import Action, EndTurn, PlaceSector
from stalkerzone.engine.game import (
    GameSetup,
    PlayerSetup,
    apply,
    legal_actions,
    new_game,
    player_view,
)
from stalkerzone.engine.hexes import Hex
from stalkerzone.engine.illegal import IllegalAction
from stalkerzone.engine.state import GameState

ZONE_MODES: tuple[str, ...] = ("hand", "free", "ring", "line", "compact")
BOT_STRENGTHS: tuple[str, ...] = ("easy", "normal", "hard")
PUBLIC = -1  # viewer index that sees nobody's private things


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat on the new-game screen: name, stalker card id, bot strength or ``None``."""

    name: str
    stalker: str
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything that makes a game besides the cards: what a save stores besides actions."""

    seed: int
    seats: tuple[SeatSpec, ...]
    variant: str = "standard"
    zone_mode: str = "hand"
    card_dirs: tuple[str, ...] = ()


@dataclass
class LogLine:
    turn: int
    player: str
    text: str


@dataclass
class GameSession:
    spec: GameSpec
    state: GameState
    cards: Any  # CardSet
    sectors: tuple[Any, ...]
    actions: list[Action] = field(default_factory=list)
    history: list[GameState] = field(default_factory=list)  # states before each action
    log: list[LogLine] = field(default_factory=list)
    viewer: int = PUBLIC
    worker: Worker = field(default_factory=Worker)
    autosave_enabled: bool = True
    source: Path | None = None
    _view_cache: tuple[int, int, GameState] | None = None

    # --- creating ----------------------------------------------------------------------------
    @classmethod
    def start(cls, app: Any, spec: GameSpec) -> GameSession:
        """A new game from the new-game screen's choices (``engine.game.new_game``)."""
        from stalkerzone.content.tiles import load_sectors

        cards = app.cards().cards
        sectors = load_sectors()
        setup = GameSetup(
            seed=spec.seed,
            players=tuple(PlayerSetup(s.name, s.stalker, s.bot) for s in spec.seats),
            variant=app.variant(spec.variant),
            zone_mode=spec.zone_mode,  # type: ignore[arg-type]
        )
        state = new_game(setup, cards, sectors)
        session = cls(spec=spec, state=state, cards=cards, sectors=tuple(sectors))
        session.viewer = session.default_viewer()
        return session

    # --- reading -----------------------------------------------------------------------------
    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.spec.seats) if s.bot is None)

    def is_bot(self, index: int | None = None) -> bool:
        seat = self.state.current_player if index is None else index
        return self.spec.seats[seat].bot is not None

    def default_viewer(self) -> int:
        """Whose private things the screen may show now: the current human player, or nobody."""
        if self.state.phase != "over" and not self.is_bot():
            return self.state.current_player
        return PUBLIC

    @property
    def view(self) -> GameState:
        """``player_view`` of the viewer: what the screen may show (TURN-3, DEATH-2)."""
        cache = self._view_cache
        if cache is not None and cache[0] == id(self.state) and cache[1] == self.viewer:
            return cache[2]
        view = player_view(self.state, self.viewer)
        self._view_cache = (id(self.state), self.viewer, view)
        return view

    def legal_key(self) -> tuple[str, int]:
        return ("legal", id(self.state))

    def legal(self) -> tuple[Action, ...] | None:
        """``legal_actions`` of the current state, or ``None`` while it is being computed."""
        state = self.state
        key = ("legal", id(state))
        self.worker.submit(key, lambda: legal_actions(state))
        result: tuple[Action, ...] | None = self.worker.result(key)
        return result

    def legal_now(self) -> tuple[Action, ...]:
        """``legal_actions``, waiting for it (bots in headless runs, tests)."""
        state = self.state
        key = ("legal", id(state))
        self.worker.submit(key, lambda: legal_actions(state))
        result: tuple[Action, ...] = self.worker.wait(key)
        return result

    # --- acting ------------------------------------------------------------------------------
    def act(self, action: Action) -> GameState:
        """Apply ``action`` (``engine.game.apply``); IllegalAction leaves everything unchanged."""
        before = self.state
        after = apply(before, action)
        self.history.append(before)
        self.actions.append(action)
        self.state = after
        who = before.players[before.current_player].name
        for line in after.notes:
            self.log.append(LogLine(before.turn, who, line))
        if len(self.log) > 400:
            del self.log[:-300]
        self.worker.forget(lambda key: key == ("legal", id(after)))
        if self.autosave_enabled and (
            isinstance(action, EndTurn) or (before.phase == "layout" and after.phase != "layout")
        ):
            self.autosave()
        return after

    def can_undo(self) -> bool:
        """Only a sector placement can be taken back (nothing random or hidden happened)."""
        return bool(self.actions) and isinstance(self.actions[-1], PlaceSector)

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalAction("TURN-4", "only the last sector placement can be taken back")
        self.state = self.history.pop()
        self.actions.pop()
        self.log.append(LogLine(self.state.turn, "", "TURN-4: placement taken back"))

    def autosave(self) -> Path | None:
        from stalkerzone.client import saves

        try:
            return saves.autosave(self)
        except OSError:
            return None

    def play_bot(self, window: Any) -> bool:
        """If a bot is to act and its move is computed, apply it and show the next screen."""
        if self.state.phase == "over" or not self.is_bot():
            return False
        legal = self.legal()
        if legal is None:
            return False
        from stalkerzone.client import botseat

        seat = self.spec.seats[self.state.current_player]
        self.act(botseat.choose(self.state, legal, seat.bot))
        self.show(window)
        return True

    # --- which screen ------------------------------------------------------------------------
    def screen_kind(self) -> str:
        """The screen the state calls for: layout, board, fight or gameover."""
        phase = self.state.phase
        if phase == "layout":
            return "layout"
        if phase == "over":
            return "gameover"
        if phase == "fight":
            return "fight"
        return "board"

    def show(self, window: Any, *, handover: bool = True) -> None:
        """Open the screen for the current state; a hand-over page first when the seat at the
        screen changes from one human to another (TURN-3)."""
        kind = self.screen_kind()
        if not window.has_screen(kind):
            kind = "board" if kind == "fight" else kind
        want = self.default_viewer()
        humans = self.humans
        needs_handover = (
            handover
            and not window.app.watching
            and len(humans) > 1
            and want != PUBLIC
            and want != self.viewer
            and self.state.phase != "over"
        )
        if needs_handover:
            self.viewer = PUBLIC
            window.show_screen("handover", player=want, then=kind)
            return
        self.viewer = want
        current = window.screen
        if current is not None and current.kind == kind and hasattr(current, "state_changed"):
            current.state_changed()
            return
        window.show_screen(kind)

    # --- saving ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from stalkerzone.client.saves import FORMAT

        return {
            "format": FORMAT,
            "game": "stalkerzone",
            "seed": self.spec.seed,
            "variant": self.spec.variant,
            "zone_mode": self.spec.zone_mode,
            "card_dirs": list(self.spec.card_dirs),
            "players": [dataclasses.asdict(s) for s in self.spec.seats],
            "actions": [action_to_json(a) for a in self.actions],
        }

    @classmethod
    def from_json(cls, app: Any, data: dict[str, Any], source: Path | None = None) -> GameSession:
        """Rebuild a game from a save: new game from the seed, then every action replayed."""
        from stalkerzone.client.saves import SaveError

        where = str(source or "save")
        try:
            seats = tuple(
                SeatSpec(str(p["name"]), str(p["stalker"]), p.get("bot")) for p in data["players"]
            )
            spec = GameSpec(
                seed=int(data["seed"]),
                seats=seats,
                variant=str(data.get("variant", "standard")),
                zone_mode=str(data.get("zone_mode", "hand")),
                card_dirs=tuple(str(d) for d in data.get("card_dirs", ())),
            )
            raw_actions = list(data["actions"])
        except (KeyError, TypeError, ValueError) as error:
            raise SaveError(f"{where}: {error}: missing or wrong field") from None
        try:
            session = cls.start(app, spec)
        except Exception as error:
            raise SaveError(f"{where}: cannot set the game up: {error}") from None
        session.autosave_enabled = False
        for number, raw in enumerate(raw_actions):
            try:
                session.act(action_from_json(raw))
            except (IllegalAction, KeyError, TypeError, ValueError) as error:
                raise SaveError(f"{where}: actions[{number}]: {error}") from None
        session.autosave_enabled = True
        session.source = source
        session.viewer = session.default_viewer()
        return session


def action_to_json(action: Action) -> dict[str, Any]:
    """``{"type": ClassName, **fields}`` with tuples (and Hex) as lists (contract)."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def action_from_json(raw: dict[str, Any]) -> Action:
    kind = engine_actions.ACTION_TYPES.get(raw.get("type", ""))
    if kind is None:
        raise ValueError(f"type: unknown action {raw.get('type')!r}")
    hints = typing.get_type_hints(kind, vars(engine_actions))
    values: dict[str, Any] = {}
    for f in dataclasses.fields(kind):  # type: ignore[arg-type]
        if f.name not in raw:
            continue
        value = raw[f.name]
        hint = str(hints.get(f.name, ""))
        if isinstance(value, list):
            value = Hex(*value) if "Hex" in hint else tuple(value)
        values[f.name] = value
    return kind(**values)


def seats_from_presets(players: int, bots: int, stalkers: Sequence[str]) -> list[SeatSpec]:
    """Default seats: humans first, then bots; stalkers dealt in card order."""
    seats = []
    for index in range(players):
        bot = "normal" if index >= players - bots else None
        name = f"Bot {index + 1}" if bot else f"Player {index + 1}"
        seats.append(SeatSpec(name, stalkers[index % len(stalkers)] if stalkers else "", bot))
    return seats
