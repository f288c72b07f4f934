"""The browser the web tests share: the system Chromium (``tests.support.browser``), and the
folder their screenshots go to (``$STALKERZONE_SCREENSHOTS``, default: the test's own)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import browser


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    where = Path(os.environ.get("STALKERZONE_SCREENSHOTS") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


@pytest.fixture
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = browser.launch(pw)
        try:
            yield launched
        finally:
            launched.close()
