"""The screen table (``client.app.registry``): every kind names a class of that kind, imported
only when first opened; an unknown kind is a clear error, not a silent gap."""

from __future__ import annotations

import importlib

import pytest

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.registry import (
    SCREENS,
    UnknownScreen,
    screen_class,
    screen_kinds,
)
from stalkerzone.client.app.window import StalkerWindow


@pytest.mark.parametrize("kind", sorted(SCREENS))
def test_every_table_entry_imports_a_screen_of_its_kind(kind: str) -> None:
    module_name, _, class_name = SCREENS[kind].partition(":")
    found = getattr(importlib.import_module(module_name), class_name)
    assert isinstance(found, type) and issubclass(found, BaseView)
    assert found.kind == kind
    assert screen_class(kind) is found


def test_the_kinds_are_the_table_and_every_screen_class_is_in_it() -> None:
    assert screen_kinds() == tuple(sorted(SCREENS))
    for kind in SCREENS:
        screen_class(kind)
    named = {target.partition(":")[2] for target in SCREENS.values()}
    shown = {cls.__name__ for cls in _concrete_screens(BaseView) if cls.kind != "screen"}
    assert shown <= named


def _concrete_screens(base: type[BaseView]) -> set[type[BaseView]]:
    found: set[type[BaseView]] = set()
    for sub in base.__subclasses__():
        if sub.__module__.startswith("stalkerzone.client.screens."):
            found.add(sub)
        found |= _concrete_screens(sub)
    return found


def test_an_unknown_kind_is_a_clear_error(win: StalkerWindow) -> None:
    with pytest.raises(UnknownScreen, match=r"no screen kind 'menus' \(known: .*menu.*\)"):
        win.show_screen("menus")
    assert win.current_screen is None
