"""A game in progress as the client sees it: the only place that calls the engine's ``apply``.

``GameSession`` keeps the true state, the actions taken (a save is seed + set-up + actions,
as in boardgame.io), the turn log and whose eyes the screen shows (``viewer``). Screens read
``session.view`` (``player_view``) and ``session.legal()`` (``legal_actions``, computed off the
frame by :class:`~stalkerzone.client.controller.worker.Worker`) and change the game with
``session.act(action)``, then call ``session.show(window)`` to open the screen the new state calls
for (with a hand-over page between two human players, TURN-3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stalkerzone.client.controller.worker import Worker
from stalkerzone.client.text import i18n
from stalkerzone.engine.actions import Action, EndTurn
from stalkerzone.engine.game import GameSetup, PlayerSetup, legal_actions, player_view
from stalkerzone.engine.state import GameState

ZONE_MODES: tuple[str, ...] = ("hand", "free", "ring", "line", "compact")
BOT_STRENGTHS: tuple[str, ...] = ("easy", "normal", "hard")
PUBLIC = -1  # viewer index that sees nobody's private things
KEPT_SCREENS = frozenset({"board"})
TRADE_ACTIONS = frozenset(
    {"Buy", "Sell", "Heal", "TakeOrder", "DeliverOrder"}
)  # one instance per game: the camera stays where it was


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
    record: Any  # engine.record.GameRecord: set-up, actions, the states between
    cards: Any  # CardSet
    sectors: tuple[Any, ...]
    packs: tuple[Any, ...] = ()  # content.loader.PackInfo of the loaded packs (for saves)
    log: list[LogLine] = field(default_factory=list)
    viewer: int = PUBLIC
    worker: Worker = field(default_factory=Worker)
    autosave_enabled: bool = True
    source: Path | None = None
    kept_views: dict[str, Any] = field(default_factory=dict)
    version: int = 0  # grows with every change of ``state`` (keys for engine work)
    _view_cache: tuple[int, int, GameState] | None = None

    # --- creating ----------------------------------------------------------------------------
    @classmethod
    def start(cls, app: Any, spec: GameSpec) -> GameSession:
        """A new game from the new-game screen's choices (``engine.record.start``)."""
        from stalkerzone.content.tiles import load_sectors
        from stalkerzone.engine import record as records

        result = app.cards()
        sectors = load_sectors()
        setup = GameSetup(
            seed=spec.seed,
            players=tuple(PlayerSetup(s.name, s.stalker, s.bot) for s in spec.seats),
            variant=app.variant(spec.variant),
            zone_mode=spec.zone_mode,  # type: ignore[arg-type]
        )
        record = records.start(setup, result.cards, sectors)
        session = cls(spec, record, result.cards, tuple(sectors), tuple(result.packs))
        session.viewer = session.default_viewer()
        return session

    @property
    def state(self) -> GameState:
        """The true state (never shown as such: screens read :attr:`view`)."""
        state: GameState = self.record.state
        return state

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self.record.actions)

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
        if cache is not None and cache[0] == self.version and cache[1] == self.viewer:
            return cache[2]
        view = player_view(self.state, self.viewer)
        self._view_cache = (self.version, self.viewer, view)
        return view

    def legal(self) -> tuple[Action, ...] | None:
        """``legal_actions`` of the current state, or ``None`` while it is being computed."""
        state = self.state
        key = ("legal", self.version)
        self.worker.submit(key, lambda: legal_actions(state))
        result: tuple[Action, ...] | None = self.worker.result(key)
        return result

    def legal_now(self) -> tuple[Action, ...]:
        """``legal_actions``, waiting for it (tests, headless runs)."""
        state = self.state
        key = ("legal", self.version)
        self.worker.submit(key, lambda: legal_actions(state))
        result: tuple[Action, ...] = self.worker.wait(key)
        return result

    # --- acting ------------------------------------------------------------------------------
    def act(self, action: Action) -> GameState:
        """Apply ``action`` (``engine.record.play`` = ``apply``); an IllegalAction leaves
        everything unchanged."""
        from stalkerzone.engine import record as records

        before = self.state
        self.record = records.play(self.record, action)
        after = self.state
        self.version += 1
        who = before.players[before.current_player].name
        for line in after.notes:
            self.log.append(LogLine(before.turn, who, line))
        if len(self.log) > 400:
            del self.log[:-300]
        self.worker.forget(lambda key: key[1] == self.version)  # type: ignore[index]
        if self.autosave_enabled and (
            isinstance(action, EndTurn) or (before.phase == "layout" and after.phase != "layout")
        ):
            self.autosave()
        return after

    def undo_check(self) -> Any:
        """``engine.undo.check``: may the last action be taken back, and if not, why."""
        from stalkerzone.engine import undo

        return undo.check(self.record)

    def can_undo(self) -> bool:
        return bool(self.undo_check())

    def undo(self) -> None:
        """Take the last action back (TURN-2: until dice, a drawn card or the end of a turn)."""
        from stalkerzone.engine import undo

        self.record = undo.undo(self.record)
        self.version += 1
        self.log.append(LogLine(self.state.turn, "", i18n.t("log.undone")))

    def play_bot(self, window: Any) -> bool:
        """If a bot is to act and its choice is ready (computed off the frame), apply it and
        show the next screen."""
        if self.state.phase == "over" or not self.is_bot():
            return False
        state = self.state
        seat = self.spec.seats[state.current_player]
        key = ("bot", self.version)

        def decide() -> Action:
            from stalkerzone.client.controller import bot_driver as botseat

            return botseat.choose(state, legal_actions(state), seat.bot)

        self.worker.submit(key, decide)
        action = self.worker.result(key)
        if action is None:
            return False
        self.act(action)
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
        if self.is_bot() and self.arrived_or_trading():
            return "base"  # a bot trading is shown at the base (humans open it themselves)
        return "board"

    def arrived_or_trading(self) -> bool:
        """The stalker stands on a base and just arrived or just traded there (BASE-1)."""
        from stalkerzone.engine import bases

        state = self.state
        if state.phase != "turn" or bases.base_here(state) is None or not self.record.actions:
            return False
        last = type(self.record.actions[-1]).__name__
        return last in TRADE_ACTIONS or (last == "Move" and state.step == "site")

    def show(self, window: Any, *, handover: bool = True) -> None:
        """Open the screen for the current state; a hand-over page first when the seat at the
        screen changes from one human to another (TURN-3)."""
        kind = self.screen_kind()
        want = self.default_viewer()
        humans = self.humans
        needs_handover = (
            handover
            and not window.app.watching
            and len(humans) > 1
            and want != PUBLIC
            and want != self.viewer
            and self.state.phase not in ("over", "layout")  # laying out hides nothing
        )
        if needs_handover:
            self.viewer = PUBLIC
            window.show_screen("handover", player=want, then=kind)
            return
        self.viewer = want
        current = window.screen
        if (
            current is not None
            and current.kind == kind
            and getattr(current, "session", None) is self
            and hasattr(current, "state_changed")
        ):
            current.state_changed()
            return
        kept = self.kept_views.get(kind)
        if kept is not None and kept.window is window:
            window.show_view(kept)  # it notices the new state in its next on_update
            return
        view = window.show_screen(kind)
        if kind in KEPT_SCREENS:
            self.kept_views[kind] = view

    # --- saving ------------------------------------------------------------------------------
    def autosave(self) -> Path | None:
        """Rewrite the autosave (after every turn); a failure never stops the game."""
        from stalkerzone.client.controller import save_files as saves

        try:
            return saves.autosave(self)
        except Exception:  # a full disk must not end the game
            return None

    @classmethod
    def from_loaded(cls, loaded: Any) -> GameSession:
        """A session for a game read by ``stalkerzone.persistence.saves.load_game``."""
        setup = loaded.record.setup
        seats = tuple(SeatSpec(p.name, p.stalker, p.bot) for p in setup.players)
        spec = GameSpec(setup.seed, seats, loaded.variant, loaded.zone_mode, loaded.card_dirs)
        session = cls(spec, loaded.record, loaded.cards, tuple(loaded.sectors))
        session.source = loaded.path
        session.viewer = session.default_viewer()
        return session
