"""Start-up of the client (docs/architecture.md, Speed targets; the figures are in
``benchmarks/bench_startup.py``): what the window and the first screens must not do when they
open. Each check runs a fresh interpreter, as a player's start does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from stalkerzone.client.app.window import StalkerWindow

ROOT = Path(__file__).resolve().parents[2]


def run_fresh(code: str, home: Path) -> str:
    """Run ``code`` in a fresh headless interpreter on this tree; its standard output."""
    env = {k: v for k, v in os.environ.items() if k not in ("ARCADE_SOUND_BACKENDS",)}
    env.update(ARCADE_HEADLESS="1", PYTHONPATH=str(ROOT), STALKERZONE_HOME=str(home))
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True
    ).stdout.strip()


def test_headless_start_looks_for_no_audio_or_ffmpeg_library(tmp_path: Path) -> None:
    code = (
        "import subprocess\n"
        "seen = []\n"
        "popen = subprocess.Popen.__init__\n"
        "def spy(self, args, *rest, **options):\n"
        "    seen.append(' '.join(map(str, args)))\n"
        "    return popen(self, args, *rest, **options)\n"
        "subprocess.Popen.__init__ = spy\n"
        "import stalkerzone.client, arcade, pyglet.media, pyglet.media.codecs as codecs\n"
        "probes = [a for a in seen if any(n in a for n in ('openal', 'pulse', 'avutil'))]\n"
        "print(tuple(pyglet.options.audio), [type(d).__name__ for d in codecs.registry._decoders],"
        " probes, 'ldconfig' in ' '.join(seen))\n"
    )
    out = run_fresh(code, tmp_path)
    # the silent driver, the WAV decoder only, no library hunted for; other libraries (GL,
    # fonts) are still found through ldconfig as pyglet does
    assert out == "('silent',) ['WaveDecoder'] [] True", out


FRAME = "def frame(w):\n    w.dispatch_event('on_draw'); w.dispatch_events(); w.ctx.finish()\n"


def test_the_first_screen_is_built_once_when_the_window_opens(tmp_path: Path) -> None:
    code = (
        "from stalkerzone.client.app.window import Presets, make_context, open_window\n"
        "from stalkerzone.client.app.base_view import BaseView\n" + FRAME + "built = []\n"
        "rebuild = BaseView.rebuild\n"
        "def counted(view):\n"
        "    built.append(view.kind); rebuild(view)\n"
        "BaseView.rebuild = counted\n"
        "window = open_window(make_context(Presets()))\n"
        "window.show_screen('title')\n"
        "frame(window); frame(window)\n"
        "window.dispatch_event('on_resize', 1280, 800)\n"  # a later resize still rebuilds
        "frame(window)\n"
        "print(built)\n"
    )
    assert run_fresh(code, tmp_path) == "['title', 'title']"


def test_fast_glyph_expansion_gives_exactly_pyglets_bytes() -> None:
    import random

    from pyglet.font.freetype import FreeTypeGlyphRenderer

    from stalkerzone.client.render.fonts import expand_grey_to_bgra, use_fast_glyphs

    assert use_fast_glyphs() and use_fast_glyphs()  # idempotent
    fast: Any = FreeTypeGlyphRenderer._expand_to_rgba
    original = fast.original
    rng = random.Random(5)
    for size in (0, 1, 7, 64, 333):
        data = bytes(rng.randrange(256) for _ in range(size))
        assert expand_grey_to_bgra(data, "R", "BGRA") == original(None, data, "R", "BGRA")
        assert fast(None, data, "R", "BGRA") == original(None, data, "R", "BGRA")
    # formats it does not handle go to pyglet's own loop
    assert expand_grey_to_bgra(b"ab", "RG", "BGRA") == b""
    assert fast(None, b"abcd", "RG", "BGRA") == original(None, b"abcd", "RG", "BGRA")


def test_a_new_game_makes_its_bot_memory_at_the_first_bot_decision() -> None:
    from stalkerzone.bots.memory import BotMemory
    from stalkerzone.client.app.context import AppContext
    from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec

    app = AppContext()
    stalkers = [s.id for s in app.cards().cards.stalkers]
    seats = (SeatSpec("Anna", stalkers[0]), SeatSpec("Boris", stalkers[1], "normal"))
    session = GameSession.start(app, GameSpec(11, seats, zone_mode="free"))
    assert session._bot_memory is None  # the odds solver (numpy) is not loaded for the board
    memory = session.bot_memory
    assert isinstance(memory, BotMemory) and session.bot_memory is memory


@pytest.mark.slow  # a fresh window to the first board
def test_the_title_and_the_first_board_leave_the_heavy_modules_alone(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from stalkerzone.client.app.window import Presets, make_context, open_window\n"
        + FRAME
        + "heavy = ('numpy', 'stalkerzone.odds', 'stalkerzone.bots.players',\n"
        "         'stalkerzone.client.render.card_face', 'stalkerzone.client.screens.board')\n"
        "def loaded():\n"
        "    return [m for m in heavy if m in sys.modules]\n"
        "app = make_context(Presets())\n"
        "window = open_window(app)\n"
        "window.show_screen('title')\n"
        "frame(window)\n"
        "title = loaded()\n"
        "from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec\n"
        "stalkers = [s.id for s in app.cards().cards.stalkers]\n"
        "seats = (SeatSpec('Anna', stalkers[0]), SeatSpec('Boris', stalkers[1], 'normal'))\n"
        "app.session = GameSession.start(app, GameSpec(11, seats, zone_mode='free'))\n"
        "app.session.show(window)\n"
        "frame(window)\n"
        "print(title, window.current_screen.kind, loaded())\n"
    )
    # the board's art comes from its prerendered files (no numpy); the odds solver waits for
    # the first bot decision
    out = run_fresh(code, tmp_path)
    board = ["stalkerzone.client.render.card_face", "stalkerzone.client.screens.board"]
    assert out == f"[] board {board}", out


def test_a_button_lays_its_text_out_in_the_game_font_only(
    win: StalkerWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    import arcade

    from stalkerzone.client.render.fonts import FONT

    view = win.show_screen("title")
    made: list[tuple[object, object]] = []
    make_text = arcade.Text.__init__

    def spy(self: arcade.Text, *args: Any, **kwargs: Any) -> None:
        made.append((kwargs.get("font_name"), kwargs.get("text")))
        make_text(self, *args, **kwargs)

    monkeypatch.setattr(arcade.Text, "__init__", spy)
    button = view.button("Новая игра", lambda: None)
    assert button.text == "Новая игра"
    label = button.ui_label._label
    assert label.font_name == FONT and label.text == "Новая игра"
    # arcade makes the label in its default font: empty, so that font lays nothing out
    assert made and all(font == FONT or text == "" for font, text in made), made
