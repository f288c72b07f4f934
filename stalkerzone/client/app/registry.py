"""The screen registry: screens register under a *kind* with :func:`screen` so that other modules
open them by name (``window.show_screen("fight")``) without importing each other.

Start-up: when the window opens, :func:`load_screens` only reads the source of every module in
``stalkerzone.client.screens`` for its ``@screen("kind")`` lines; a module is imported the first
time one of its screens is opened (:func:`factory`), so the title screen comes up without the
fight, board or layout code (nor numpy and the odds solver)."""

from __future__ import annotations

import importlib
import logging
import os
import pkgutil
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stalkerzone.client.app.base_view import BaseView

log = logging.getLogger("stalkerzone.client")

ScreenFactory = Callable[..., "BaseView"]
_SCREENS: dict[str, ScreenFactory] = {}
_MODULES: dict[str, str] = {}  # kind -> the module that registers it (found by load_screens)
SCREEN_LINE = re.compile(r'^@screen\("([A-Za-z0-9_-]+)"\)', re.MULTILINE)


def screen(kind: str) -> Callable[[ScreenFactory], ScreenFactory]:
    """Class decorator: register a screen under ``kind`` (``title``, ``board``, ``fight``…)."""

    def register(factory: ScreenFactory) -> ScreenFactory:
        _SCREENS[kind] = factory
        return factory

    return register


def screen_kinds() -> tuple[str, ...]:
    """Every screen kind, registered or found in a module not imported yet."""
    return tuple(sorted({*_SCREENS, *_MODULES}))


def load_screens() -> list[str]:
    """Find the screens of every module of ``stalkerzone.client.screens`` (from their
    ``@screen("kind")`` lines; a module whose source cannot be read is imported now).

    A module that fails to import is skipped (logged, and returned as a note) so that one
    broken screen never keeps the window from opening.
    """
    package = importlib.import_module("stalkerzone.client.screens")
    problems = []
    for name, source in _modules(list(package.__path__), f"{package.__name__}."):
        kinds = _kinds_in(source)
        if kinds is not None:
            for kind in kinds:
                _MODULES.setdefault(kind, name)
            continue
        problem = _import(name)
        if problem:
            problems.append(problem)
    return problems


def _modules(path: list[str], prefix: str) -> list[tuple[str, str]]:
    """(name, source file) of every module below the folders ``path``, without importing any
    (``pkgutil.walk_packages`` and ``find_spec`` import the packages, and ``board`` imports
    its screen)."""
    found = []
    for info in pkgutil.iter_modules(path, prefix):
        folder = str(getattr(info.module_finder, "path", ""))
        short = info.name.rpartition(".")[2]
        if info.ispkg:
            found.extend(_modules([os.path.join(folder, short)], f"{info.name}."))
        else:
            found.append((info.name, os.path.join(folder, f"{short}.py")))
    return found


def _kinds_in(source: str) -> list[str] | None:
    """The kinds a module registers, read from its source file (None if it cannot be read)."""
    try:
        with open(source, encoding="utf-8") as text:
            return SCREEN_LINE.findall(text.read())
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def _import(module: str) -> str | None:
    """Import a screen module; the note of its failure, if it fails."""
    try:
        importlib.import_module(module)
    except Exception as error:
        log.error("screen module %s failed to import: %s", module, error)
        return f"{module}: {type(error).__name__}: {error}"
    return None


def factory(kind: str) -> ScreenFactory | None:
    """The factory of ``kind``, its module imported the first time it is asked for."""
    if kind not in _SCREENS and kind in _MODULES:
        problem = _import(_MODULES[kind])
        if problem is not None:
            raise RuntimeError(f"the screen '{kind}' cannot be opened: {problem}")
    return _SCREENS.get(kind)
