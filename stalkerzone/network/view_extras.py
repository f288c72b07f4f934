"""What a view message carries besides the seat's state and legal actions: the exact odds of
the seat's fight decisions (``fight_odds``), whether the seat may undo (``undo_offer``) and, at
the end of the game, its story (:mod:`stalkerzone.story`, WIN-1).

Every field is made from what the receiving seat may see: the odds from its own view of the
fight, the undo from its own last action, the story only of public facts (each stalker's money,
health and Elements round by round, which the players' rows show anyway, and the fights played
in the open), the same for every seat. None of them may cost the game: one that cannot be
worked out is left out of the view (and logged once), never an error.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Sequence

from stalkerzone.engine.game import GameRecord
from stalkerzone.engine.play import GameState
from stalkerzone.network import undo_offer
from stalkerzone.network.fight_odds import FightOdds
from stalkerzone.persistence.serialize import JSON

log = logging.getLogger(__name__)


class ViewExtras:
    """The extra fields of the views of one table (odds solutions and the story kept)."""

    def __init__(self) -> None:
        self.odds = FightOdds()
        self.story: tuple[int, JSON] | None = None
        self.failed: set[str] = set()  # the fields that failed once (logged then)

    def fields(
        self,
        record: GameRecord,
        view: GameState,
        viewer: int,
        seats: Sequence[int],
        legal: Sequence[JSON],
        stand_in_moves: Collection[int] = (),
    ) -> dict[str, JSON]:
        """``odds``, ``undo`` and ``story`` where they apply (none of them otherwise);
        ``stand_in_moves``: the actions a stand-in bot played (``undo_offer``)."""
        out: dict[str, JSON] = {}
        held = view.fight
        if held is not None and held.player == viewer and viewer in seats and legal:
            odds = self._safely("odds", lambda: self.odds.of(held.fight, legal))
            if odds is not None:
                out["odds"] = odds
        verdict = undo_offer.check_for(record, seats, stand_in_moves)
        if verdict is not None:
            out["undo"] = undo_offer.undo_json(verdict)
        if record.state.phase == "over":
            story = self._safely("story", lambda: self.story_of(record))
            if story is not None:
                out["story"] = story
        return out

    def _safely(self, name: str, work: Callable[[], JSON]) -> JSON:
        """``work()``, or None (logged the first time) if it fails."""
        try:
            return work()
        except Exception:
            if name not in self.failed:
                self.failed.add(name)
                log.exception("the view's %s could not be worked out: left out", name)
            return None

    def story_of(self, record: GameRecord) -> JSON:
        """The story of the finished game (built once)."""
        from stalkerzone.story import build_story

        count = len(record.actions)
        if self.story is None or self.story[0] != count:
            self.story = (count, build_story(record).to_json())
        return self.story[1]
