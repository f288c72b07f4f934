"""Nothing silent: what a command that loads cards tells the author before its result
(docs/cards.md).

One line per problem and per warning, ``file:line: card-id: field: message``, then one summary
line naming what was left out: the cards with errors and the packs that were skipped.
"""

from __future__ import annotations

import sys
from typing import TextIO

from stalkerzone.content.loader import LoadResult
from stalkerzone.content.messages import count_of


def report_lines(result: LoadResult, command: str) -> list[str]:
    """The problem and warning lines of ``result`` and a summary (none when all is well)."""
    lines = [str(p) for p in result.problems] + [str(w) for w in result.warnings]
    if not lines:
        return []
    parts = []
    if result.problems:
        parts.append(f"{count_of(len(result.problems), 'problem')} (those cards are not loaded)")
    skipped = [p for p in result.packs if not p.loaded]
    if skipped:
        names = ", ".join(str(p.path) for p in skipped)
        parts.append(f"{count_of(len(skipped), 'pack')} skipped ({names})")
    if result.warnings:
        parts.append(count_of(len(result.warnings), "warning"))
    lines.append(f"stalkerzone {command}: card packs: {'; '.join(parts)}")
    return lines


def report(result: LoadResult, command: str, stream: TextIO | None = None) -> None:
    """Print :func:`report_lines` on ``stream`` (stderr by default)."""
    out = sys.stderr if stream is None else stream
    for line in report_lines(result, command):
        print(line, file=out)
