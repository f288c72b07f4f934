"""The Arcade desktop client: views, widgets, rendering, the rules overlay.

Conventions (read before adding a screen)
=========================================

Headless
    Importing this package runs :mod:`stalkerzone.client.app.headless`, which makes ``arcade.gui``
    importable when ``ARCADE_HEADLESS`` is set (tests, ``stalkerzone watch``). Always import
    client modules (``from stalkerzone.client import ...``) before ``arcade.gui`` so the fix runs
    first. Headless windows ignore ``set_size``: call ``window.on_resize(w, h)`` in tests.

Adding a screen
    Put a module in ``stalkerzone/client/screens/`` (or a package, as the fight, board,
    layout, base and stalker screens are: the screen, the parts it lays out and its pure
    ``presenter``), subclass :class:`stalkerzone.client.app.base_view.BaseView` (an
    ``arcade.gui.UIView``; :class:`~stalkerzone.client.widgets.screen_frame.ScreenFrame` for a
    card screen with a header, "?" and Back buttons, a refusal line and tooltips;
    :class:`~stalkerzone.client.app.base_view.GameView` for a screen that opens only during a
    game) and add its kind to the table in :mod:`stalkerzone.client.app.registry`
    (``"kind": "module:Class"``; the module is imported the first time the screen is shown)::

        class SettingsView(ScreenFrame):
            kind = "settings"                  # its key in the table, the watch PNG name
            rules_section = "TURN-1"           # where F1 opens the rules overlay
            def __init__(self, window, back=None): super().__init__(window, back); ...
            def build(self):                   # widgets + texts for the current size/language
                self.label("text", x, y, 14)   # arcade.Text in the view's batch (never draw_text)
                self.anchored(self.hbox(self.button(t("kit.back"), self.go_back)),
                              anchor_x="right", anchor_y="bottom")  # UIAnchorLayout + UIBoxLayout
            def draw_scene(self): ...          # shapes/sprites; texts draw after, widgets last

    Open screens by kind: ``self.win.show_screen("fight", back=self)``; the screen shown now is
    ``window.current_screen`` (pyglet's ``window.screen`` is the monitor). ``UIView`` enables
    the ``UIManager`` in ``on_show_view`` and disables it in ``on_hide_view``; ``BaseView`` calls
    ``build()`` again on resize and language change (``self.rebuild()``). Sizes go through
    ``theme.px(n)`` (UI scale); colours come from :mod:`theme`. Shared keys live in
    ``BaseView.on_key_press`` (F1 rules overlay = screen "rules" with ``back`` and ``section``,
    ``window.open_rules(view, section)``; Esc = ``on_escape``; Ctrl+S / Ctrl+O = screen "saves");
    put screen keys in ``on_hotkey`` so they never fire while a text input is active. Clickable
    things a screen draws itself (not widgets) are :class:`widgets.hits.Hit` regions. Callbacks
    run through ``window.guarded`` so an exception opens the error dialog (screen "error")
    instead of killing the game; tests set ``window.raise_errors = True``. Put what a screen
    says (button texts, enabled states, HUD rows, log lines) in pure presenter functions and
    test them without a window.

    Screen kinds: title, newgame, lobby, layout, board, handover, fight, base, stalker,
    gameover, menu, saves, settings, rules, error (:data:`registry.SCREENS`).

Calling the engine
    The game lives in ``app.session`` (:class:`session.GameSession`, an ``engine.game.record``
    GameRecord inside); a screen reads it only through its ``session`` property (None before a
    game starts; a :class:`GameView` always has one), and starting or leaving a game sets
    ``app.session``. Change the game only with ``session.act(action)`` (``apply``; an
    ``IllegalAction`` leaves everything unchanged and its message starts with the rule id: show
    it), then ``session.show(window)`` opens the screen the new state calls for (layout, board,
    fight, base for a trading bot, gameover; a hand-over page between two humans). Read
    ``session.view`` (``player_view`` of ``session.viewer``) and ``session.legal()``
    (``legal_actions`` computed off the frame: ``None`` until ready); never show
    ``session.state`` itself. Undo: ``session.undo_check()`` / ``session.undo()``
    (``engine.game.undo``). Saves: :mod:`controller.save_files` (on ``persistence.saves``).

    A screen that follows the game's state overrides ``follows(kind)`` and ``state_changed()``:
    when ``session.show`` asks for a ``kind`` screen that the shown screen follows, the window
    calls its ``state_changed()`` instead of opening a new screen (the fight follows its fight,
    the board and layout their phase, the base and the stalker card the screen they were opened
    over; the session sees the window only through :class:`controller.session.ScreenHost`; which
    screen a state calls for is :func:`controller.session.screen_for`). Bot seats are played by
    one driver, ``window.bots`` (:class:`controller.bot_driver.BotDriver`), on screens of kind
    layout, board, fight, base or stalker, one action at a time, whenever ``screen.busy`` is
    false (set it while dice roll or a token walks); a screen that shows a bot's decision
    itself asks ``window.bots.choice(session)``. ``window.skip_bots`` /
    ``window.headless_fast`` (the headless ``watch``) mean: no waiting, no animation. In a
    headless fast run, call ``self.rebuild_soon()`` rather than ``self.rebuild()`` after a
    state change: it builds at the next drawn frame only (building texts and widgets is the
    slow part of a screen).

Text and languages
    ``i18n.t("section.key", name=...)`` for UI strings; strings are data in
    ``strings/<lang>/*.toml``, read by the context's :class:`i18n.Catalogue` (one file per
    area, e.g. ``strings/en/fight.toml`` with a ``[fight]`` table). Card words (names, kinds,
    summaries, ability explanations, refusals) are in :mod:`text.card_words`. The language,
    the UI scale and loaded card art belong to the ``AppContext`` (``window.app``); a new
    context is a fresh client. Card names and texts come from
    the card data: ``i18n.card_text(card.name)``. Every text uses ``fonts.FONT``
    ("Liberation Sans", Cyrillic included); :func:`fonts.load_fonts` runs when the window opens.

Drawing fast
    Build ``ShapeElementList`` / ``SpriteList`` / text batches when something changes, not in
    ``on_draw``; never call ``arcade.draw_text`` in ``on_draw``. The board renders the Zone once
    per map or zoom change into a world-space texture and keeps the rest of the screen in an
    offscreen cache, redrawn only when something changes (:mod:`render.zone_layer`).
"""

from stalkerzone.client.app import headless as _headless

_headless.install()
