"""Exact fight odds (FIGHT-*, DMG-*, ABIL-*): win, death and escape chances of a fight.

``odds(fight, policy)`` answers for a fight at a decision node; ``decision_odds`` gives the odds
of each choice there and ``best_decision`` the choice that maximises survival. An
``OddsSolver`` keeps the solutions of recent fight set-ups for its owner (a fight screen, a bot).
"""

from stalkerzone.odds.outcome import POLICIES, Odds, Policy
from stalkerzone.odds.solver import OddsSolver, best_decision, decision_odds, odds

__all__ = ["POLICIES", "Odds", "OddsSolver", "Policy", "best_decision", "decision_odds", "odds"]
