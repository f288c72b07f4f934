"""Make ``arcade.gui`` importable when Arcade runs headless (docs/architecture.md, Arcade notes).

Import this module before ``arcade.gui`` everywhere in the client (``stalkerzone.client``
does it on import). It does nothing unless ``ARCADE_HEADLESS`` is set (any value turns
headless on, "0" included, as in Arcade itself).

Why: in arcade 3.3.3 + pyglet 2.1, ``import arcade.gui`` pulls in ``pyglet.input``, which
imports its X11 xinput modules; offscreen (EGL) there is no X display, so that import fails.
Also ``arcade.ControllerManager`` is not exported headless, while ``arcade.gui`` refers to it.
And headless, no audio device is opened: arcade gets pyglet's silent driver.

Start-up (headless): ``arcade.sound`` imports ``pyglet.media`` *before* it reads
``ARCADE_SOUND_BACKENDS``, so pyglet would probe its default drivers (OpenAL, PulseAudio) and the
FFmpeg decoder first; each missing library costs ``ctypes.util.find_library`` three rounds of
``ldconfig``, ``gcc`` and ``ld`` (about 200 ms of CPU in all). Headless, the silent driver is set
before arcade is imported and FFmpeg is not looked for (nothing is decoded headless; the sounds
are WAV files, which pyglet reads itself); nor is GdkPixbuf (pyglet decodes images with PIL
then, as arcade always does).
"""

from __future__ import annotations

import os
import sys
import types


def _stub(name: str, **functions: object) -> None:
    """Put an empty module ``name`` with the given attributes into ``sys.modules``."""
    if name in sys.modules:
        return
    module = types.ModuleType(name)
    module.__dict__.update(functions)
    sys.modules[name] = module


def _devices(*_args: object, **_kwargs: object) -> list[object]:
    """No input devices when there is no display."""
    return []


def install() -> None:
    """Apply the fix (idempotent); a no-op unless ``ARCADE_HEADLESS`` is set."""
    if "ARCADE_HEADLESS" not in os.environ:
        return
    # arcade picks its audio driver when first imported: headless, pyglet's silent one, which
    # opens no device (the window's SoundPlayer never plays there either)
    os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")
    import pyglet

    if "pyglet.media" not in sys.modules:  # the drivers are chosen when it is first imported
        pyglet.options.audio = ("silent",)
        sys.modules.setdefault("pyglet.media.codecs.ffmpeg_lib", None)  # type: ignore[arg-type]
    if "pyglet.image.codecs" not in sys.modules:
        sys.modules.setdefault("pyglet.image.codecs.gdkpixbuf2", None)  # type: ignore[arg-type]
    _stub("pyglet.input.linux.x11_xinput", get_devices=_devices)
    _stub("pyglet.input.linux.x11_xinput_tablet", get_tablets=_devices)
    import arcade
    import pyglet.input

    if not hasattr(arcade, "ControllerManager"):
        arcade.ControllerManager = pyglet.input.ControllerManager  # type: ignore[misc, assignment]


install()
