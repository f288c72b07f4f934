"""The network-game screen: host a game (seats here, remote or bots) or join one (docs/protocol.md).

Hosting starts the authoritative server (``stalkerzone.network.server``) in its own thread and
joins it from this window over loopback for the seats played here (hot-seat, TURN-3); joining
connects to an address typed in or found on the local network (zeroconf, optional: without it
the screen says why nothing is listed), giving the table code the host shows. A hosted game
listens on this computer only unless a seat is remote and "the network" is chosen, and asks for
a table code. Hosted on the network, the game's screens show a join card (the QR code and URL of
a one-time join code) while a remote seat is free, and the window may be the table's public
display instead of a seat's screen (``controller.table_display``). A seat joined here is
remembered (``network.remembered``) and offered for "Rejoin". A game that ends because the host
went away comes back here with the reason.
"""

from __future__ import annotations

import functools
import secrets
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from arcade.shape_list import Shape, ShapeElementList

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.remote import HostedGame, RemoteSession
from stalkerzone.client.controller.session import BOT_STRENGTHS
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.confirm_box import Confirm
from stalkerzone.errors import UserError
from stalkerzone.network import discovery
from stalkerzone.network.client import DEFAULT_PORT, PacksOffered, open_game
from stalkerzone.network.lan_address import shown_address
from stalkerzone.network.limits import new_code
from stalkerzone.network.remembered import forget_seat, remember_seat, remembered_seats
from stalkerzone.network.table import SEAT_KINDS, GameTable, SeatKind
from stalkerzone.paths import user_cards_dir

MAX_SEATS = 6
MAX_SAVES_SHOWN = 4
MAX_REJOINS_SHOWN = 2
LOCAL_ONLY = "127.0.0.1"
NETWORK = "0.0.0.0"
BOT_TAKEOVER = 60.0
"""Seconds a remote seat may be away on its turn before a bot plays it, when chosen here."""


class LobbyView(BaseView):
    kind = "lobby"
    rules_section = "TURN-1"

    def __init__(self, window: StalkerWindow, message: str = "", address: str = "") -> None:
        super().__init__(window)
        self.message = i18n.t("network.host_gone", reason=message) if message else ""
        self.address = address
        self.code = ""
        self.port = str(DEFAULT_PORT)
        self.local_only = False  # hosting: listen on this computer only
        self.takeover = False  # hosting: a bot plays a remote seat that is away on its turn
        self.bot_strength = "normal"  # hosting: the level of the bot seats (TURN-1)
        self.display = False  # hosting: this window is the table's public display
        self.kinds: list[SeatKind] = ["local", "remote"]
        self.found: list[discovery.FoundGame] = []
        self.saves: list[Path] = []  # saved games offered for resuming (TURN-1)
        self.search: threading.Thread | None = None
        self.search_result: tuple[list[discovery.FoundGame], str] | None = None
        self.back_shapes: ShapeElementList[Shape] | None = None
        self.question: Confirm | None = None  # the host's card packs, offered
        session = self.session
        if isinstance(session, RemoteSession):
            session.leave()  # a game that ended (or was left) lets go of its host
            self.app.session = None

    # --- building ----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.back_shapes = self.window.backdrops.get(w, h, seed=5)
        self.label(
            i18n.t("network.title"),
            w / 2,
            h - px(60),
            30,
            theme.ACCENT,
            bold=True,
            anchor_x="center",
        )
        self.label(
            i18n.t("network.subtitle"), w / 2, h - px(90), 13, theme.TEXT_DIM, anchor_x="center"
        )
        left, right = w * 0.27, w * 0.73
        top = h - px(150)
        self.label(
            i18n.t("network.host_title"), left, top, 18, theme.TEXT, bold=True, anchor_x="center"
        )
        self.label(
            i18n.t("network.join_title"), right, top, 18, theme.TEXT, bold=True, anchor_x="center"
        )
        self.build_host(left, top - px(30))
        self.build_join(right, top - px(30))
        if self.message:
            self.label(self.message[:160], w / 2, px(90), 14, theme.WARN, anchor_x="center")
        back = self.button(i18n.t("network.back"), lambda: self.win.show_screen("title"), width=160)
        self.anchored(back, anchor_x="center", anchor_y="bottom", align_y=px(24))
        if self.question is not None:  # the host's card packs, offered (over the screen)
            self.question.build(self, self.answer)

    def answer(self, yes: bool) -> None:
        question, self.question = self.question, None
        if yes and question is not None:
            question.on_yes()
        self.rebuild()

    def offer_packs(self, address: str, offered: PacksOffered, retry: Callable[[], object]) -> None:
        """Ask before taking the host's card packs: what they are, how large, that they are
        checked and installed into the user card folder; yes installs them and joins again."""
        from stalkerzone.network.client import address_uri
        from stalkerzone.network.pack_offers import install_offers

        names = ", ".join(
            f"{o.id} {o.version} ({max(1, o.size // 1024)} KB)" for o in offered.offers
        )

        def install() -> None:
            try:
                said = install_offers(address_uri(address), offered.offers, user_cards_dir())
            except UserError as error:
                self.say(str(error))
                return
            self.app.cards(reload=True)
            self.say("; ".join(said))
            retry()

        self.question = Confirm(
            i18n.t("network.packs_offered"),
            i18n.t("network.packs_offered_why", packs=names, folder=str(user_cards_dir())),
            i18n.t("network.packs_offered_yes"),
            install,
        )

    def build_host(self, x: float, top: float) -> None:
        px = theme.px
        buttons = []
        for index, kind in enumerate(self.kinds):
            text = i18n.t("network.seat", n=index + 1, kind=i18n.t(f"network.kind_{kind}"))
            buttons.append(
                self.button(
                    text, functools.partial(self.cycle, index), width=260, height=36, size=13
                )
            )
        more = self.button(
            i18n.t("network.add_seat"),
            self.add_seat,
            width=125,
            height=34,
            size=13,
            enabled=len(self.kinds) < MAX_SEATS,
        )
        fewer = self.button(
            i18n.t("network.remove_seat"),
            self.remove_seat,
            width=125,
            height=34,
            size=13,
            enabled=len(self.kinds) > 1,
        )
        reach = i18n.t("network.reach_local" if self.local_only else "network.reach_network")
        reach_button = self.button(reach, self.toggle_reach, width=260, height=34, size=12)
        takeover = i18n.t("network.takeover_on" if self.takeover else "network.takeover_off")
        takeover_button = self.button(takeover, self.toggle_takeover, width=260, height=34, size=12)
        strength = i18n.t("newgame.strength_" + self.bot_strength)
        strength_button = self.button(
            i18n.t("network.bot_strength", strength=strength),
            self.cycle_strength,
            width=260,
            height=34,
            size=12,
        )
        display = i18n.t("network.display_on" if self.display else "network.display_off")
        display_button = self.button(display, self.toggle_display, width=260, height=34, size=12)
        start = self.button(
            i18n.t("network.start_host"), lambda: self.host_game(), width=260, primary=True
        )
        resume = self.button(
            i18n.t("network.resume"), self.toggle_saves, width=260, height=34, size=13
        )
        saves = [
            self.button(
                i18n.t("network.resume_save", name=path.stem),
                functools.partial(self.resume_game, path),
                width=260,
                height=30,
                size=11,
            )
            for path in self.saves[:MAX_SAVES_SHOWN]
        ]
        column = self.vbox(
            *buttons,
            self.hbox(more, fewer),
            reach_button,
            takeover_button,
            strength_button,
            display_button,
            start,
            resume,
            *saves,
            space=6,
        )
        self.anchored(
            column,
            anchor_x="left",
            anchor_y="top",
            align_x=x - px(130),
            align_y=-(self.window.height - top),
        )
        rows = len(self.kinds) + 5 + len(saves)
        below = top - px(36 * len(self.kinds) + 4 * 34 + 44 + 34 + 30 * len(saves) + 6 * rows)
        below -= px(24)
        self.label(i18n.t("network.port"), x - px(130), below - px(20), 12, theme.TEXT_DIM)
        field = self.text_input(
            self.port, x - px(80), below - px(28), px(100), px(28), 13, self.set_port
        )
        self.ui.add(field)
        self.label(
            i18n.t("network.seats_hint"),
            x - px(130),
            below - px(50),
            11,
            theme.TEXT_DIM,
            anchor_y="top",
            width=px(300),
            multiline=True,
        )
        room = below - px(90 + 60) > px(110) and not self.message  # clear of Back and notes
        if room and "remote" in self.kinds and not self.local_only:
            place = shown_address(NETWORK)
            port = self.port.strip() if self.port.strip().isdigit() else str(DEFAULT_PORT)
            hint = i18n.t("network.phones_hint", address=place.address, port=port)
            self.label(
                place.note or hint,
                x - px(130),
                below - px(90),
                11,
                theme.ACCENT,
                anchor_y="top",
                width=px(300),
                multiline=True,
            )

    def build_join(self, x: float, top: float) -> None:
        px = theme.px
        self.label(i18n.t("network.address"), x - px(150), top - px(14), 12, theme.TEXT_DIM)
        field = self.text_input(
            self.address, x - px(150), top - px(52), px(300), px(30), 14, self.set_address
        )
        self.ui.add(field)
        self.label(i18n.t("network.code"), x - px(150), top - px(72), 12, theme.TEXT_DIM)
        code_field = self.text_input(
            self.code, x - px(150), top - px(110), px(300), px(30), 14, self.set_code
        )
        self.ui.add(code_field)
        join = self.button(
            i18n.t("network.join"), lambda: self.join_game(self.address), width=145, primary=True
        )
        watch = self.button(
            i18n.t("network.watch"), lambda: self.join_game(self.address, watch=True), width=145
        )
        rejoins = [
            self.button(
                i18n.t("network.rejoin", address=seat.address),
                functools.partial(self.rejoin, seat.address),
                width=300,
                height=32,
                size=11,
            )
            for seat in remembered_seats()[:MAX_REJOINS_SHOWN]
        ]
        find = self.button(
            i18n.t("network.find"),
            self.find_games,
            width=300,
            height=36,
            size=13,
            enabled=self.search is None,
        )
        rows = [
            self.button(
                i18n.t("network.found", name=g.name, address=g.address, free=g.free_seats),
                functools.partial(self.join_game, g.address),
                width=300,
                height=32,
                size=11,
            )
            for g in self.found[:5]
        ]
        column = self.vbox(self.hbox(join, watch), *rejoins, find, *rows, space=6)
        self.anchored(
            column,
            anchor_x="left",
            anchor_y="top",
            align_x=x - px(150),
            align_y=-(self.window.height - top + px(122)),
        )

    def draw_scene(self) -> None:
        if self.back_shapes is not None:
            self.back_shapes.draw()

    # --- editing -----------------------------------------------------------------------------
    def cycle(self, index: int) -> None:
        kind = self.kinds[index]
        self.kinds[index] = SEAT_KINDS[(SEAT_KINDS.index(kind) + 1) % len(SEAT_KINDS)]
        self.rebuild_soon()

    def cycle_strength(self) -> None:
        """The next bot level (TURN-1) for the bot seats, weakest first and round again."""
        k = BOT_STRENGTHS.index(self.bot_strength)
        self.bot_strength = BOT_STRENGTHS[(k + 1) % len(BOT_STRENGTHS)]
        self.rebuild_soon()

    def add_seat(self) -> None:
        if len(self.kinds) < MAX_SEATS:
            self.kinds.append("remote")
            self.rebuild_soon()

    def remove_seat(self) -> None:
        if len(self.kinds) > 1:
            self.kinds.pop()
            self.rebuild_soon()

    def toggle_saves(self) -> None:
        """Show (or hide) the newest saved games, each a button that hosts it again."""
        from stalkerzone.client.controller.save_files import list_saves

        if self.saves:
            self.saves = []
            self.say("")
            return
        self.saves = list_saves()
        self.say("" if self.saves else i18n.t("network.no_saves"))

    def set_port(self, text: str) -> None:
        self.port = text

    def set_address(self, text: str) -> None:
        self.address = text

    def set_code(self, text: str) -> None:
        self.code = text

    def toggle_reach(self) -> None:
        self.local_only = not self.local_only
        self.rebuild_soon()

    def toggle_takeover(self) -> None:
        self.takeover = not self.takeover
        self.rebuild_soon()

    def toggle_display(self) -> None:
        self.display = not self.display
        self.rebuild_soon()

    def bind(self, kinds: Sequence[SeatKind]) -> str:
        """Where a hosted game listens: the network only if a seat is remote and the player
        did not choose this computer only."""
        return NETWORK if "remote" in kinds and not self.local_only else LOCAL_ONLY

    def say(self, text: str) -> None:
        self.message = text
        self.rebuild_soon()

    # --- hosting and joining -----------------------------------------------------------------
    def host_game(self, *, bind: str | None = None, bot_delay: float = 0.5) -> RemoteSession | None:
        """Start a host for the seats chosen here and join it from this window."""
        from stalkerzone.network.hosting import HostPlan, new_table

        dirs = tuple(self.app.presets.card_dirs)
        seed = self.app.presets.seed
        plan = HostPlan(
            tuple(self.kinds),
            seed=seed if seed is not None else secrets.randbits(63),
            variant=self.app.presets.variant,
            card_dirs=dirs,
            bot_strength=self.bot_strength,
        )
        try:
            table = new_table(plan)
        except (UserError, ValueError) as error:
            self.say(str(error))
            return None
        return self.serve(table, bind=bind, bot_delay=bot_delay)

    def resume_game(
        self, save: Path, *, bind: str | None = None, bot_delay: float = 0.5
    ) -> RemoteSession | None:
        """Host a saved game again (as ``stalkerzone host --load``): its bots stay bots, its
        first person's seat is played here, the others are remote and rejoin with the tokens
        kept beside the save (TURN-1)."""
        from stalkerzone.engine.core import IllegalAction
        from stalkerzone.network.hosting import resumed_table

        try:
            loaded = resumed_table(
                save, card_dirs=tuple(Path(p) for p in self.app.presets.card_dirs)
            )
        except (UserError, ValueError, OSError, IllegalAction) as error:
            self.say(str(error))
            return None
        people = [seat.index for seat in loaded.seats if seat.kind != "bot"]
        if people:  # the first person's seat is played at this window, as it was hosted here
            loaded.seats[people[0]].kind = "local"
            loaded.tokens = {t: s for t, s in loaded.tokens.items() if people[0] not in s}
        return self.serve(loaded, bind=bind, bot_delay=bot_delay)

    def serve(
        self, table: GameTable, *, bind: str | None, bot_delay: float
    ) -> RemoteSession | None:
        """Start the server for ``table`` (a new table code; ``bind`` None: :meth:`bind`) and
        join it from this window (its hot-seat seats)."""
        from stalkerzone.network.server import GameServer

        port = int(self.port) if self.port.strip().isdigit() else DEFAULT_PORT
        self.kinds = [s.kind for s in table.seats]
        bind = self.bind(self.kinds) if bind is None else bind
        table.code = new_code()
        table.bot_takeover = BOT_TAKEOVER if self.takeover else None
        table.public_display = self.display
        server = GameServer(table, host=bind, port=min(port, 65535), bot_delay=bot_delay)
        try:
            server.start()
        except OSError as error:
            self.say(str(error))
            return None
        lan = None
        if "remote" in self.kinds and discovery.announced(bind):
            free = self.kinds.count("remote")
            lan = discovery.advertise(
                f"Stalker Zone {discovery.lan_address()}", server.port, free_seats=free
            )
        link = shown_address(bind)
        hosted = HostedGame(server, lan, "" if link.note else link.address)
        try:
            session = self.enter(
                f"127.0.0.1:{server.port}", token=table.host_key, display=self.display
            )
        except UserError as error:
            hosted.close()
            self.say(str(error))
            return None
        session.hosting = hosted
        if lan is not None and lan.problem:
            session.log_line(lan.problem)
        address = f"{link.address}:{server.port}"
        session.log_line(i18n.t("network.hosting", address=address, code=table.code))
        if link.note:
            session.log_line(link.note)
        return session

    def join_game(
        self, address: str, *, watch: bool = False, code: str | None = None
    ) -> RemoteSession | None:
        """Join the game at ``address`` (the first free remote seat, or as a spectator) with the
        table ``code`` (default: the one typed here); a seat taken is remembered (Rejoin)."""
        if not address.strip():
            self.say(i18n.t("network.address"))
            return None
        code = self.code.strip() if code is None else code
        try:
            session = self.enter(address, any_seat=not watch, code=code or None)
        except PacksOffered as offered:
            self.offer_packs(
                address, offered, lambda: self.join_game(address, watch=watch, code=code)
            )
            self.rebuild()
            return None
        except UserError as error:
            self.say(str(error))
            return None
        if session.game.token:
            remember_seat(address, session.game.token, code)
        return session

    def rejoin(self, address: str) -> RemoteSession | None:
        """Take back the seat remembered for ``address`` with its token; a host that refuses
        the token (a game over or gone) makes it forgotten."""
        seat = next((s for s in remembered_seats() if s.address == address), None)
        if seat is None:
            return None
        try:
            return self.enter(address, token=seat.token, code=seat.code or None)
        except UserError as error:
            if "token" in str(error):
                forget_seat(address)
            self.say(str(error))
            return None

    def enter(
        self,
        address: str,
        *,
        token: str | None = None,
        any_seat: bool = False,
        seats: Sequence[int] = (),
        code: str | None = None,
        display: bool = False,
    ) -> RemoteSession:
        """Connect, join, make the game this window's session (``display``: the table's public
        display) and show its screen."""
        game = open_game(
            address,
            seats,
            token=token,
            any_seat=any_seat,
            code=code,
            card_dirs=tuple(Path(p) for p in self.app.presets.card_dirs),
            loaded=self.app.cards(),
        )
        session = RemoteSession.joined(game)
        session.display = display
        self.app.session = session
        session.show(self.win)
        return session

    # --- finding games -----------------------------------------------------------------------
    def find_games(self) -> None:
        """List the games on the local network (in a thread: it takes a second or two)."""
        self.search_result = None

        def run() -> None:
            self.search_result = discovery.browse()

        self.search = threading.Thread(target=run, name="stalkerzone-find", daemon=True)
        self.search.start()
        self.say(i18n.t("network.finding"))

    def on_update(self, delta_time: float) -> None:
        if self.search is not None and not self.search.is_alive():
            self.search = None
            found, problem = self.search_result or ([], "")
            self.found = found
            self.say(problem or ("" if found else i18n.t("network.none_found")))
