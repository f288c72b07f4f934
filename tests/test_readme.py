"""The README's engine examples ("Using the engine") run as doctests."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def python_blocks() -> list[str]:
    """The ```python blocks of README.md, in order."""
    return PYTHON_BLOCK.findall(README.read_text(encoding="utf-8"))


def test_readme_examples_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every block runs in one namespace, in order, as a reader would type them."""
    monkeypatch.setenv("STALKERZONE_HOME", str(tmp_path))
    blocks = python_blocks()
    assert len(blocks) >= 4, "new game, an illegal action, a fight, odds"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(report)
    assert result.attempted >= 30


def test_readme_examples_cover_the_engine_api() -> None:
    text = "\n".join(python_blocks())
    for name in ("new_game(", "legal_actions(", "apply(", "chance_outcomes(", "odds(", ".rule"):
        assert name in text, name
