"""The axe-core accessibility checker (``tests/web/vendor/axe.min.js``, MPL-2.0) run in a page
of the browser tests: injected by the browser itself into each page of a context (never served
by the host, never subject to the page's Content-Security-Policy), asked about the page as it is
shown now."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent.parent / "web" / "vendor" / "axe.min.js"
IMPACTS = ("serious", "critical")
"""The violations a test refuses; minor and moderate ones are reported, not failed."""

RUN = """async (impacts) => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.filter((v) => impacts.includes(v.impact)).map((v) => ({
    rule: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
}"""


def with_axe(context: Any) -> Any:
    """``context`` (a Playwright browser context) with axe-core in every page it opens."""
    context.add_init_script(path=str(AXE))
    return context


def serious_violations(page: Any) -> list[dict[str, Any]]:
    """The violations of serious or critical impact on the page as shown now."""
    found: list[dict[str, Any]] = page.evaluate(RUN, list(IMPACTS))
    return found
