"""Card art files as textures: the store of the window's context (:class:`ArtTextures`) and
:func:`art_texture`, which card faces (:mod:`card_face`) read.

Apart from :mod:`card_face` so that the context (and so the title screen) does not import the
card texts and the engine modules under them at start-up.
"""

from __future__ import annotations

from pathlib import Path

import arcade


class ArtTextures:
    """Card art files loaded as textures, each once (one per :class:`AppContext`)."""

    def __init__(self) -> None:
        self.loaded: dict[str, arcade.Texture | None] = {}

    def get(self, path: str) -> arcade.Texture | None:
        if path not in self.loaded:
            self.loaded[path] = _load_art(path)
        return self.loaded[path]


def _load_art(path: str) -> arcade.Texture | None:
    try:
        if not Path(path).is_file():
            return None
        return arcade.load_texture(path)
    except Exception:
        return None


class _Active:
    """Which art store :func:`art_texture` reads (the window's context installs its own)."""

    textures = ArtTextures()


def use(textures: ArtTextures) -> None:
    _Active.textures = textures


def art_texture(path: str) -> arcade.Texture | None:
    """The art file of a card (None if missing or unreadable: the face is generated then)."""
    return _Active.textures.get(path)
