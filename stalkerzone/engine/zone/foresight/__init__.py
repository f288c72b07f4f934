"""Dead-end foresight (TURN-4): can a partial Zone still be completed?"""

from stalkerzone.engine.zone.foresight.search import Foresight

__all__ = ["Foresight"]
