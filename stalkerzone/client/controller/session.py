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
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from stalkerzone.bots.levels import LEVELS
from stalkerzone.client.controller.turn_log import LogLine as LogLine  # screens read it here
from stalkerzone.client.controller.turn_log import table_line, take_back, upgraded
from stalkerzone.client.controller.worker import Worker
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.engine.core import CardSet, Note
from stalkerzone.engine.game import (
    GameRecord,
    GameSetup,
    PlayerSetup,
    UndoCheck,
    legal_actions,
    player_view,
)
from stalkerzone.engine.play import (
    Action,
    Buy,
    DeliverOrder,
    EndTurn,
    GameState,
    GiveUpOrder,
    Heal,
    Move,
    Sell,
    TakeOrder,
)
from stalkerzone.engine.turn import bases
from stalkerzone.engine.zone import Sector

if TYPE_CHECKING:
    from stalkerzone.bots.memory import BotMemory
    from stalkerzone.client.controller.bot_driver import BotLog
    from stalkerzone.content.loader import LoadResult, PackInfo
    from stalkerzone.engine.core import Variant
    from stalkerzone.persistence.saves import LoadedGame
    from stalkerzone.persistence.turn_log import LogEntry
    from stalkerzone.story import Story

ZONE_MODES: tuple[str, ...] = ("hand", "free", "ring", "line", "compact")
BOT_STRENGTHS: tuple[str, ...] = LEVELS  # the bot levels, weakest first
PUBLIC = -1  # viewer index that sees nobody's private things
KEPT_SCREENS = frozenset({"board"})  # one instance per game: the camera stays where it was
TRADE_ACTIONS = (Buy, Sell, Heal, TakeOrder, DeliverOrder, GiveUpOrder)  # at a base (BASE-1)
PHASE_SCREENS: dict[str, str] = {"layout": "layout", "fight": "fight", "over": "gameover"}


def screen_for(phase: str, *, bot_at_base: bool) -> str:
    """The screen kind a state calls for: its phase's screen (:data:`PHASE_SCREENS`), else the
    base for a bot that arrived at or traded at a base (humans open it themselves), else the
    board."""
    if phase in PHASE_SCREENS:
        return PHASE_SCREENS[phase]
    return "base" if bot_at_base else "board"


class ContextForSession(Protocol):
    """What :meth:`GameSession.start` needs of the client's context."""

    def cards(self, *, reload: bool = False) -> LoadResult: ...

    def variant(self, name: str) -> Variant: ...


class ScreenHost(Protocol):
    """What the session asks of the window when it shows the screen for a new state."""

    @property
    def watching(self) -> bool:
        """Spectator mode: no hand-over pages."""
        ...

    def show_screen(self, kind: str, **options: Any) -> object:
        """Open a new screen of ``kind``."""
        ...

    def refresh_screen(self, kind: str, session: GameSession) -> bool:
        """If the shown screen is one of ``session`` that stays open when its state calls for a
        ``kind`` screen, refresh it in place (``state_changed``) and return True."""
        ...

    def show_again(self, view: object) -> bool:
        """Show a kept screen again if it belongs to this window; True if shown."""
        ...


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
    layout_by: str = "all"  # TURN-4: "humans": only the human seats place sectors
    early_packs: tuple[str, ...] = ()  # packs tried: their cards on top of the decks


@dataclass
class GameSession:
    spec: GameSpec
    record: GameRecord  # set-up, actions, the states between
    cards: CardSet
    sectors: tuple[Sector, ...]
    packs: tuple[PackInfo, ...] = ()  # the loaded packs (for saves)
    log: list[LogLine] = field(default_factory=list)
    viewer: int = PUBLIC
    worker: Worker = field(default_factory=Worker)
    _bot_memory: BotMemory | None = field(default=None, repr=False)  # see ``bot_memory``
    autosave_enabled: bool = True
    fight_shown_at: int = -1  # the actions played when a fight over within a move was shown
    source: Path | None = None
    kept_views: dict[str, object] = field(default_factory=dict)
    version: int = 0  # grows with every change of ``state`` (keys for engine work)
    saved_version: int = 0  # ``version`` when the game was last saved or loaded by a player
    _view_cache: tuple[int, int, GameState] | None = None
    bot_log: BotLog | None = None  # ``watch --log``: each bot choice with its reason
    zone_seen: bool = False  # the table has seen the finished Zone before the first hand-over
    plays_bots: ClassVar[bool] = (
        True  # this client decides for bot seats (a network game: the host)
    )

    # --- creating ----------------------------------------------------------------------------
    @classmethod
    def start(cls, app: ContextForSession, spec: GameSpec) -> GameSession:
        """A new game from the new-game screen's choices (``engine.game.record.start``)."""
        from stalkerzone.content.tiles import load_sectors
        from stalkerzone.engine.game import record as records

        result = app.cards()
        sectors = load_sectors()
        setup = GameSetup(
            seed=spec.seed,
            players=tuple(PlayerSetup(s.name, s.stalker, s.bot) for s in spec.seats),
            variant=app.variant(spec.variant),
            zone_mode=spec.zone_mode,  # type: ignore[arg-type]
            layout_by=spec.layout_by,  # type: ignore[arg-type]
            early_packs=spec.early_packs,
        )
        record = records.start(setup, result.cards, sectors)
        session = cls(spec, record, result.cards, tuple(sectors), tuple(result.packs))
        session.viewer = session.default_viewer()
        return session

    @property
    def bot_memory(self) -> BotMemory:
        """What the game's bots worked out so far, made at the first bot decision (start-up:
        its odds solver brings numpy, which a game's first board does not need)."""
        if self._bot_memory is None:
            from stalkerzone.bots.memory import BotMemory

            self._bot_memory = BotMemory()
        return self._bot_memory

    @property
    def state(self) -> GameState:
        """The true state (never shown as such: screens read :attr:`view`)."""
        return self.record.state

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

    def is_remote(self, index: int) -> bool:
        """A seat played by a person on another machine (a network game; never here)."""
        return False

    def seated(self) -> bool:
        """Whether this window plays a seat at all: a network spectator or the table's public
        display plays none, so its screens offer no action button (only viewing controls)."""
        return True

    def default_viewer(self) -> int:
        """Whose private things the screen may show now: the current human player, or nobody."""
        if self.state.phase != "over" and not self.is_bot():
            return self.state.current_player
        return PUBLIC

    @property
    def round(self) -> int:
        """TURN-1: the round being played (every seat has one turn a round; 0 while laying out)."""
        from stalkerzone.engine.turn import round_number

        return round_number(self.state)

    def at_start_of_play(self) -> bool:
        """TURN-1: play has begun and its first player has not acted yet (the Zone dealt or
        just laid out)."""
        from stalkerzone.engine.play import PlaceSector

        state = self.state
        if state.phase != "turn" or state.turn != 1 or state.step != "move":
            return False
        actions = self.record.actions
        return not actions or isinstance(actions[-1], PlaceSector)

    def shown_name(self, seat: int) -> str:
        """The name of ``seat`` as players read it: a bot's default name ("Bot 2", as the
        new-game screen stores it) in the current language ("Бот 2"); any other name as it is."""
        name = self.state.players[seat].name
        return i18n.player_name(name)

    def seat_line(self) -> str:
        """Whose turn it is and the round, as the header of every game screen shows it
        (``"Anna's turn · round 4"``, or what a bot is doing)."""
        state = self.state
        name = self.shown_name(state.current_player)
        if state.phase == "layout":
            return i18n.t("flow.bot_layout" if self.is_bot() else "flow.laying_out", name=name)
        if self.is_bot():
            return f"{self.bot_activity()} · {i18n.t('flow.round', n=self.round)}"
        return i18n.t("flow.seat_turn", name=name, n=self.round)

    def bot_activity(self) -> str:
        """TURN-2: what the bot whose turn it is does now ("Bot 3 is trading at the Village"):
        by what its last action did (an event card drawn, EVENT-1; an anomaly rolled, ANOM-1),
        else by where the turn stands (a fight, a base, the move, the end)."""
        state = self.state
        name = self.shown_name(state.current_player)
        if state.phase == "layout":
            return i18n.t("flow.bot_layout", name=name)
        done = {  # the rules the last action applied (a base restoring protection is no event)
            str(line).partition(":")[0]
            for line in state.notes
            if getattr(line, "key", "") != "protection_restored"
        }
        if state.phase == "choose_armour" or "EVENT-1" in done:  # the event card just drawn
            return i18n.t("flow.bot_event", name=name)
        if "ANOM-1" in done:
            return i18n.t("flow.bot_anomaly", name=name)
        if state.phase == "fight":
            return i18n.t("flow.bot_fighting", name=name)
        base = bases.base_here(state)
        if base is not None and self.arrived_or_trading():
            where = i18n.t(f"engine_words.base_{base.value}")
            return i18n.t("flow.bot_trading", name=name, base=where)
        if state.step == "move":
            return i18n.t("flow.bot_moving", name=name)
        return i18n.t("flow.bot_ending", name=name)

    def bot_is_acting(self) -> bool:
        """A bot's turn: screens show it read-only (no live buttons for the bot's actions)."""
        return self.state.phase != "over" and self.is_bot()

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

    def poll(self, host: ScreenHost) -> None:
        """Called every frame: a local game changes only through :meth:`act`, so nothing to
        read here (a network session reads its host here)."""

    def close(self) -> None:
        """The client lets go of this game (back to the title): nothing to release for a local
        game (a network session leaves its host, or stops the one it runs)."""

    def rules_focus(self) -> str | None:
        """The rule F1 opens instead of the screen's own section (a lesson's step), or None."""
        return None

    def draw_overlay(self, window: Any) -> None:
        """Drawn over every screen after it: nothing for a local game (a network session shows
        who is connected)."""

    def teaching(self) -> bool:
        """Whether a lesson's steps are shown over the screens (one-time tips wait meanwhile)."""
        return False

    def escape_overlay(self) -> bool:
        """Esc closes what :meth:`draw_overlay` shows, if it can be closed (True: it was)."""
        return False

    def click_overlay(self, x: float, y: float) -> bool:
        """A click on what :meth:`draw_overlay` shows (True: taken, the screen does not see it)."""
        return False

    # --- acting ------------------------------------------------------------------------------
    def act(self, action: Action, *, dealt: bool = False) -> GameState:
        """Apply ``action`` (``engine.game.record.play`` = ``apply``); an IllegalAction leaves
        everything unchanged. ``dealt``: a sector placed by "deal the rest" (TURN-4), which the
        turn log names as dealt, not as placed by the seat."""
        from stalkerzone.engine.game import record as records

        before = self.state
        self.record = records.play(self.record, action)
        after = self.state
        self.version += 1
        who = before.players[before.current_player].name
        number = len(self.record.actions)  # the action's lines carry it (an undo marks them)
        moved = engine_text.move_note(before, after) if isinstance(action, Move) else None
        if moved is not None:  # TURN-2: a move is public; the engine writes no note for it
            self.log.append(LogLine(before.turn, who, moved, number))
        for line in after.notes:
            if dealt and isinstance(line, Note) and line.key == "sector_placed":
                line = engine_text.dealt_note(str(dict(line.params).get("sector", "")))
            self.log.append(LogLine(before.turn, who, line, number))
        if len(self.log) > 400:
            del self.log[:-300]
        self.worker.forget(lambda key: key[1] == self.version)  # type: ignore[index]
        if self.autosave_enabled and (
            isinstance(action, EndTurn)
            or (before.phase == "layout" and after.phase != "layout")
            or after.is_terminal  # WIN-1: Continue then opens the finished game, its end shown
        ):
            self.autosave()
        return after

    def host_story(self) -> Story | None:
        """The story of the game as the host told it (a network game's end), None here: a
        game played at this screen builds its own from its record."""
        return None

    def undo_check(self) -> UndoCheck:
        """``engine.game.undo.check``: may the last action be taken back, and if not, why."""
        from stalkerzone.engine.game import undo

        return undo.check(self.record, self.undo_seat())

    def undo_seat(self) -> int | None:
        """Whose actions Undo may take back: in play the seat whose turn it is (TURN-2); in the
        layout any seat's last placement (None)."""
        state = self.state
        return None if state.phase == "layout" else state.current_player

    def can_undo(self) -> bool:
        return bool(self.undo_check())

    def undo(self) -> None:
        """Take the last action back (TURN-2: until dice, a drawn card or the end of a turn);
        the turn log marks that action's lines taken back (:func:`turn_log.take_back`)."""
        from stalkerzone.engine.game import undo

        number = len(self.record.actions)
        self.record = undo.undo(self.record, self.undo_seat())
        self.version += 1
        take_back(self.log, number, self.state.turn)

    # --- which screen ------------------------------------------------------------------------
    def screen_kind(self) -> str:
        """The screen the state calls for (:func:`screen_for`)."""
        phase = self.state.phase
        bot_at_base = phase not in PHASE_SCREENS and self.is_bot() and self.arrived_or_trading()
        return screen_for(phase, bot_at_base=bot_at_base)

    def arrived_or_trading(self) -> bool:
        """The stalker stands on a base and just arrived or just traded there (BASE-1)."""
        state = self.state
        if state.phase != "turn" or bases.base_here(state) is None or not self.record.actions:
            return False
        last = self.record.actions[-1]
        return isinstance(last, TRADE_ACTIONS) or (isinstance(last, Move) and state.step == "site")

    def fight_ended_by_last_move(self) -> bool:
        """The last action, a move, began a fight that ended within it (FIGHT-3: a monster
        striking first killed the stalker before any decision): the board shows it played out,
        as any fight is, or the death would only be in the log."""
        record = self.record
        if len(record.states) < 2 or not record.actions or not isinstance(record.actions[-1], Move):
            return False
        if self.fight_shown_at == len(record.actions):  # shown already
            return False
        before, after = record.states[-2], record.states[-1]
        return after.fight is None and after.last_fight not in (None, before.last_fight)

    def traded_this_turn(self) -> bool:
        """The current stalker traded at a base this turn, so it stays on its hex (TURN-2)."""
        if self.state.phase != "turn" or self.state.step == "move":
            return False
        for action in reversed(self.record.actions):
            if isinstance(action, TRADE_ACTIONS):
                return True
            if isinstance(action, (Move, EndTurn)):
                return False
        return False

    def show(self, window: ScreenHost, *, handover: bool = True) -> None:
        """Open the screen for the current state; a hand-over page first when the seat at the
        screen changes from one human to another (TURN-3). At the start of play the board shows
        the finished Zone to the whole table before that first hand-over (TURN-1)."""
        kind = self.screen_kind()
        want = self.default_viewer()
        humans = self.humans
        needs_handover = (
            handover
            and not window.watching
            and len(humans) > 1
            and want != PUBLIC
            and want != self.viewer
            and self.state.phase not in ("over", "layout")  # laying out hides nothing
        )
        if needs_handover and not self.zone_seen and self.at_start_of_play():
            self.zone_seen = True  # TURN-1: first the whole Zone, public; then the hand-over
            want = PUBLIC
        elif needs_handover:
            self.viewer = PUBLIC
            window.show_screen("handover", player=want, then=kind)
            return
        self.viewer = want
        if window.refresh_screen(kind, self):
            return
        kept = self.kept_views.get(kind)
        if kept is not None and window.show_again(kept):
            return  # it notices the new state in its next on_update
        view = window.show_screen(kind)
        if kind in KEPT_SCREENS:
            self.kept_views[kind] = view

    # --- saving ------------------------------------------------------------------------------
    def log_entries(self) -> tuple[LogEntry, ...]:
        """The turn log as a save keeps it (message keys and parameters)."""
        from stalkerzone.persistence.turn_log import LogEntry

        return tuple(
            LogEntry(line.turn, line.player, line.text, line.action, line.taken_back)
            for line in self.log
        )

    def unsaved(self) -> bool:
        """Something happened since the game was last saved or loaded (the autosave aside)."""
        return self.version != self.saved_version and self.state.phase != "over"

    def save(self, name: str | None = None) -> Path:
        """Save the game with its turn log as ``<name>.json`` (``SaveError`` if it cannot)."""
        from stalkerzone.persistence import saves

        path = saves.save_game(self.record, name=name, packs=self.packs, log=self.log_entries())
        self.saved_version = self.version
        return path

    def leave_words(self) -> str:
        """The text key of what leaving for the title screen says about this game's save."""
        return "confirm.leave_why"

    def autosave(self) -> Path | None:
        """Rewrite the autosave (after every turn); a failure never stops the game."""
        from stalkerzone.persistence import saves

        try:
            return saves.autosave(self.record, packs=self.packs, log=self.log_entries())
        except Exception:  # a full disk must not end the game
            return None

    @classmethod
    def from_loaded(cls, loaded: LoadedGame) -> GameSession:
        """A session for a game read by ``stalkerzone.persistence.saves.load_game``."""
        setup = loaded.record.setup
        seats = tuple(SeatSpec(p.name, p.stalker, p.bot) for p in setup.players)
        spec = GameSpec(
            setup.seed,
            seats,
            loaded.variant,
            loaded.zone_mode,
            loaded.card_dirs,
            layout_by=setup.layout_by,
            early_packs=setup.early_packs,
        )
        session = cls(spec, loaded.record, loaded.cards, tuple(loaded.sectors))
        session.source = loaded.path
        session.log = [
            LogLine(e.turn, e.player, upgraded(e.line), e.action, e.taken_back) for e in loaded.log
        ]
        if loaded.format < 4 and loaded.record.actions:
            session.log.append(LogLine(loaded.record.state.turn, "", table_line("flow.old_log")))
        # nobody's eyes yet: ``show`` puts the hand-over page first when the seat is human and
        # the table has several human players (TURN-3)
        session.viewer = PUBLIC
        return session
