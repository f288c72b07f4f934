"""The window's sound player: plays a sound by name at the settings' volume, or not at all.

:class:`SoundPlayer` is owned by the window (``window.sound``) and loads each WAV of
``assets/sounds/`` the first time it is played (the loaded sounds live as long as the player).
It is silent, and never touches an audio driver, when audio is not allowed: headless
(``ARCADE_HEADLESS``, ``stalkerzone watch``) and under pytest (:func:`audio_allowed`); there it
only remembers what it was asked to play (``requested``), which the tests read. (Headless,
arcade itself gets pyglet's silent driver: :mod:`stalkerzone.client.app.headless`.)
"""

from __future__ import annotations

import logging
import os
import sys
from collections import deque
from pathlib import Path
from typing import Any

from stalkerzone import paths
from stalkerzone.client.sound.cues import SOUND_NAMES

log = logging.getLogger("stalkerzone.client")


def audio_allowed() -> bool:
    """Sound may be played: not headless and not under pytest."""
    return (
        "ARCADE_HEADLESS" not in os.environ
        and "PYTEST_CURRENT_TEST" not in os.environ
        and "pytest" not in sys.modules
    )


def sounds_dir() -> Path:
    """``assets/sounds/`` of the source tree or of the installed package."""
    return paths.base_cards_dir().parent / "assets" / "sounds"


class SoundPlayer:
    """Plays the sounds of :data:`~stalkerzone.client.sound.cues.SOUND_NAMES` by name."""

    def __init__(
        self,
        *,
        enabled: bool | None = None,
        volume: float = 0.8,
        muted: bool = False,
        folder: Path | None = None,
    ) -> None:
        self.enabled = audio_allowed() if enabled is None else enabled
        self.volume = volume
        self.muted = muted
        self.folder = folder or sounds_dir()
        self.requested: deque[str] = deque(maxlen=64)  # every name asked for, newest last
        self._loaded: dict[str, Any] = {}  # name -> arcade.Sound, loaded on first play
        self._broken: set[str] = set()

    def configure(self, volume: float, muted: bool) -> None:
        """The settings' volume (0..1) and mute."""
        self.volume = min(1.0, max(0.0, float(volume)))
        self.muted = bool(muted)

    @property
    def audible(self) -> bool:
        return self.enabled and not self.muted and self.volume > 0

    def play(self, name: str | None) -> bool:
        """Play ``name`` (None: nothing); True if it was played."""
        if name is None:
            return False
        if name not in SOUND_NAMES:
            raise KeyError(f"no sound '{name}' (known: {', '.join(SOUND_NAMES)})")
        self.requested.append(name)
        if not self.audible:
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        try:
            sound.play(volume=self.volume)
        except Exception as error:  # a missing or busy device must not stop the game
            log.info("sound %s not played: %s", name, error)
            self._broken.add(name)
            return False
        return True

    def play_all(self, names: list[str]) -> None:
        for name in names:
            self.play(name)

    def _sound(self, name: str) -> Any:
        if name in self._broken:
            return None
        sound = self._loaded.get(name)
        if sound is None:
            import arcade

            try:
                sound = arcade.load_sound(self.folder / f"{name}.wav")
            except Exception as error:
                log.info("sound %s not loaded: %s", name, error)
                self._broken.add(name)
                return None
            self._loaded[name] = sound
        return sound

    @property
    def loaded(self) -> tuple[str, ...]:
        """The sounds loaded so far (none while audio is not allowed)."""
        return tuple(self._loaded)
