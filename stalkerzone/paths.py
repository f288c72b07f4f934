"""Where the user's card packs, saves and settings live (platformdirs).

``STALKERZONE_HOME`` overrides the platform folders (the tests use it so that they never touch
a player's real files).
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "stalkerzone"
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _root(kind: str) -> Path:
    override = os.environ.get("STALKERZONE_HOME")
    if override:
        return Path(override) / kind
    import platformdirs  # not needed (not imported) when STALKERZONE_HOME is set

    if kind == "cards":
        return Path(platformdirs.user_data_dir(APP)) / "cards"
    if kind == "saves":
        return Path(platformdirs.user_data_dir(APP)) / "saves"
    if kind == "cache":
        return Path(platformdirs.user_cache_dir(APP))
    return Path(platformdirs.user_config_dir(APP))


def user_cards_dir() -> Path:
    """The user card folder: every pack (sub-folder with ``pack.toml``) here is loaded."""
    return _root("cards")


def user_saves_dir() -> Path:
    """Saves and the autosave."""
    return _root("saves")


def user_config_dir() -> Path:
    """Settings (language, UI scale, animation speed, colour-blind symbols, fullscreen)."""
    return _root("config")


def user_cache_dir() -> Path:
    """Validated content kept between runs (``content.pack_cache``); safe to delete."""
    return _root("cache")


def base_cards_dir() -> Path:
    """The base card pack shipped with the game (``cards/``)."""
    return _data_dir("cards")


def tiles_dir() -> Path:
    """The ten two-sided sectors shipped with the game (``tiles/``)."""
    return _data_dir("tiles")


def _data_dir(name: str) -> Path:
    """A top-level data folder of the project (``cards``, ``tiles``, later ``assets``).

    A built install (wheel, ``pip install .``, pipx) carries it as package data in
    ``stalkerzone/data/<name>`` (copied there by ``setup.py``); a source checkout or an editable
    install reads the folder at the top of the repository.
    """
    packaged = Path(__file__).resolve().parent / "data" / name
    if packaged.is_dir():
        return packaged
    return PROJECT_ROOT / name
