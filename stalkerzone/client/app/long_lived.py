"""A game's long-lived objects kept out of the cyclic collector's passes.

A game in the client holds about a hundred thousand objects (its cards and states, arcade's and
pyglet's, the screens' texts) that live as long as the game. A full pass of the collector walks
all of them and frees none (70–90 ms on 2 cores): a pass that lands on an input makes that
input's frame late by as much. So when a new game is first shown, the window collects once and
then freezes what lives (``gc.freeze``): later passes walk only what was made since. The next
game unfreezes first, so what the last game left behind is collected then.
"""

from __future__ import annotations

import gc


class LongLivedObjects:
    """The window's record of the game whose objects are frozen (see the module). Only the
    game's own window freezes (``enabled``, set by ``open_window``): a process that makes
    windows for its own ends (tests) keeps its objects to itself."""

    def __init__(self, *, enabled: bool = False) -> None:
        self.enabled = enabled
        self.game: int | None = None  # id() of the game last settled
        self.settled = 0  # how many times the objects were collected and frozen

    def settle(self, game: object | None) -> None:
        """Once per game (``game`` is the session shown): collect, then freeze what lives."""
        if not self.enabled or game is None or id(game) == self.game:
            return
        self.game = id(game)
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.settled += 1
