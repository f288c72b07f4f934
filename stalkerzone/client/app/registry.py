"""The screen registry: screens register under a *kind* with :func:`screen` so that other modules
open them by name (``window.show_screen("fight")``) without importing each other; every module
in ``stalkerzone.client.screens`` is imported when the window opens (:func:`load_screens`)."""

from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stalkerzone.client.app.base_view import BaseView

log = logging.getLogger("stalkerzone.client")

ScreenFactory = Callable[..., "BaseView"]
_SCREENS: dict[str, ScreenFactory] = {}


def screen(kind: str) -> Callable[[ScreenFactory], ScreenFactory]:
    """Class decorator: register a screen under ``kind`` (``title``, ``board``, ``fight``…)."""

    def register(factory: ScreenFactory) -> ScreenFactory:
        _SCREENS[kind] = factory
        return factory

    return register


def screen_kinds() -> tuple[str, ...]:
    return tuple(sorted(_SCREENS))


def load_screens() -> list[str]:
    """Import every module of ``stalkerzone.client.screens`` so that its screens register.

    A module that fails to import is skipped (logged, and returned as a note) so that one
    broken screen never keeps the window from opening.
    """
    package = importlib.import_module("stalkerzone.client.screens")
    problems = []
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}."):
        if info.ispkg:
            continue
        name = info.name
        try:
            importlib.import_module(name)
        except Exception as error:
            log.error("screen module %s failed to import: %s", name, error)
            problems.append(f"{name}: {type(error).__name__}: {error}")
    return problems


def factory(kind: str) -> ScreenFactory | None:
    """The registered factory of ``kind``, if any."""
    return _SCREENS.get(kind)
