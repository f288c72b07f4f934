"""The window's music: a quiet loop under the board and another under fights, cross-faded.

:func:`music_for` says which loop a screen calls for (pure): ``fight.wav`` in a fight,
``board.wav`` everywhere else (the title, the board, the bases, the stalker card); a screen
shown over another (the menu, the rules, the settings, saves, a hand-over) keeps the loop that
was playing. :class:`MusicPlayer` (``window.music``) follows the shown screen every frame: the
new loop fades in while the old one fades out (:data:`FADE_SECONDS`). Music volume 0 (or
mute) is silence. Like the effects (:mod:`~stalkerzone.client.sound.player`) it never touches
an audio driver headless or under pytest; there it only keeps ``track``, the loop it would
play, which the tests read. The loops are made by ``scripts/make_music.py``.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from stalkerzone import paths
from stalkerzone.client.sound.player import audio_allowed

log = logging.getLogger("stalkerzone.client")

MUSIC_NAMES: tuple[str, ...] = ("board", "fight")
FADE_SECONDS = 1.5  # a cross-fade between the board's loop and a fight's
OVERLAYS = frozenset({"menu", "rules", "settings", "saves", "error", "handover"})


def music_dir() -> Path:
    """``assets/music/`` of the source tree or of the installed package."""
    return paths.base_cards_dir().parent / "assets" / "music"


def music_for(screen_kind: str | None, playing: str | None, volume: float) -> str | None:
    """The loop for ``screen_kind`` (None: no screen), ``playing`` the loop playing now."""
    if volume <= 0:
        return None
    if screen_kind == "fight":
        return "fight"
    if screen_kind is None or screen_kind in OVERLAYS:
        return playing or "board"
    return "board"


class MusicPlayer:
    """Plays one of :data:`MUSIC_NAMES` in a loop, fading between them."""

    def __init__(self, *, enabled: bool | None = None, folder: Path | None = None) -> None:
        self.enabled = audio_allowed() if enabled is None else enabled
        self.folder = folder or music_dir()
        self.track: str | None = None  # the loop wanted now (None: silence)
        self.volume = 0.0
        self.levels: dict[str, float] = {}  # each sounding loop's fade, 0..1
        self._players: dict[str, Any] = {}  # name -> pyglet media player
        self._sounds: dict[str, Any] = {}  # name -> arcade.Sound, loaded on first play
        self._broken: set[str] = set()

    def update(self, screen_kind: str | None, volume: float, dt: float) -> None:
        """Follow the shown screen (its ``kind``) at ``volume`` (0..1; 0: no music)."""
        self.volume = min(1.0, max(0.0, float(volume)))
        self.track = music_for(screen_kind, self.track, self.volume)
        if not self.enabled:
            return
        step = max(0.0, dt) / FADE_SECONDS
        names = set(self._players) | ({self.track} if self.track else set())
        for name in sorted(names):
            wanted = name == self.track
            level = self.levels.get(name, 0.0)
            level = min(1.0, level + step) if wanted else max(0.0, level - step)
            self.levels[name] = level
            if wanted and name not in self._players and not self._start(name):
                continue
            player = self._players.get(name)
            if player is None:
                continue
            if level <= 0.0 and not wanted:
                self._stop(name)
            else:
                player.volume = level * self.volume

    def stop(self) -> None:
        """Silence at once (the window closes)."""
        for name in list(self._players):
            self._stop(name)
        self.track = None

    def _start(self, name: str) -> bool:
        if name in self._broken:
            return False
        try:
            sound = self._sounds.get(name)
            if sound is None:
                import arcade

                sound = self._sounds[name] = arcade.load_sound(self.folder / f"{name}.wav")
            self._players[name] = sound.play(volume=0.0, loop=True)
        except Exception as error:  # a missing file or device must not stop the game
            log.info("music %s not played: %s", name, error)
            self._broken.add(name)
            return False
        return True

    def _stop(self, name: str) -> None:
        player = self._players.pop(name, None)
        self.levels.pop(name, None)
        if player is None:
            return
        try:
            player.pause()
            player.delete()
        except Exception as error:
            log.info("music %s not stopped cleanly: %s", name, error)
