"""The screen table: every screen kind and the class that shows it, so that modules open screens
by kind (``window.show_screen("fight")``) without importing each other.

:data:`SCREENS` names each class as ``"module:Class"``; the module is imported the first time a
screen of its kind is opened (:func:`screen_class`), so the title screen comes up without the
fight, board or layout code (nor numpy and the odds solver). A new screen is one line here.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from stalkerzone.client.app.base_view import BaseView

log = logging.getLogger("stalkerzone.client")

SCREENS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "title": "stalkerzone.client.screens.title:TitleView",
        "newgame": "stalkerzone.client.screens.newgame:NewGameView",
        "lobby": "stalkerzone.client.screens.lobby:LobbyView",
        "layout": "stalkerzone.client.screens.layout.screen:LayoutView",
        "board": "stalkerzone.client.screens.board.screen:BoardView",
        "handover": "stalkerzone.client.screens.handover:HandoverView",
        "fight": "stalkerzone.client.screens.fight.screen:FightView",
        "base": "stalkerzone.client.screens.bases.screen:BaseScreen",
        "stalker": "stalkerzone.client.screens.stalker.screen:StalkerView",
        "gameover": "stalkerzone.client.screens.gameover:GameOverView",
        "menu": "stalkerzone.client.screens.menu:MenuView",
        "saves": "stalkerzone.client.screens.saves:SavesView",
        "settings": "stalkerzone.client.screens.settings:SettingsView",
        "rules": "stalkerzone.client.screens.rules:RulesView",
        "error": "stalkerzone.client.screens.error:ErrorView",
    }
)
_LOADED: dict[str, type[BaseView]] = {}


class UnknownScreen(LookupError):
    """A screen kind that is not in :data:`SCREENS`."""


class ScreenNotLoaded(RuntimeError):
    """A screen whose module or class cannot be loaded (the message says which and why)."""


def screen_kinds() -> tuple[str, ...]:
    """Every screen kind, sorted (no screen module is imported)."""
    return tuple(sorted(SCREENS))


def screen_class(kind: str) -> type[BaseView]:
    """The class of the ``kind`` screen, its module imported the first time it is asked for.

    An unknown kind is an :class:`UnknownScreen`; a module that fails to import, or a class that
    is missing or of another kind, a :class:`ScreenNotLoaded` naming the screen.
    """
    found = _LOADED.get(kind)
    if found is not None:
        return found
    target = SCREENS.get(kind)
    if target is None:
        raise UnknownScreen(f"no screen kind '{kind}' (known: {', '.join(screen_kinds())})")
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:
        log.error("screen module %s failed to import: %s", module_name, error)
        raise ScreenNotLoaded(
            f"the screen '{kind}' cannot be opened: {module_name}: {type(error).__name__}: {error}"
        ) from error
    found = getattr(module, class_name, None)
    if not (isinstance(found, type) and issubclass(found, BaseView)) or found.kind != kind:
        raise ScreenNotLoaded(f"the screen '{kind}': {target} is not a BaseView of kind '{kind}'")
    _LOADED[kind] = found
    return found
