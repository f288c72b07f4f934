"""Test set-up: every test runs headless (docs/architecture.md, Arcade notes) and never touches the
user's folders."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")  # arcade opens no audio device


@pytest.fixture(autouse=True)
def _private_user_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point the user card, save and settings folders at a temporary place."""
    home = tmp_path_factory.mktemp("user")
    old = os.environ.get("STALKERZONE_HOME")
    os.environ["STALKERZONE_HOME"] = str(home)
    yield
    if old is None:
        os.environ.pop("STALKERZONE_HOME", None)
    else:
        os.environ["STALKERZONE_HOME"] = old


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """The strings' language back to English after every test, whatever the test did: a test
    that switched to Russian and did not switch back made a later test in the same worker read
    Russian (which test ran before which changes from run to run under xdist)."""
    yield
    i18n = sys.modules.get("stalkerzone.client.text.i18n")
    if i18n is not None and i18n.language() != "en":
        i18n.set_language("en")


REPO = Path(__file__).resolve().parent.parent
