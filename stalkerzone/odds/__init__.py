"""Exact fight odds (FIGHT-*, DMG-*, ABIL-*): win, death and escape chances of a fight.

``odds(fight, policy)`` answers for a fight at a decision node; ``decision_odds`` gives the odds
of each choice there and ``best_decision`` the choice that maximises survival.
"""

from stalkerzone.odds.solver import POLICIES, Odds, Policy, best_decision, decision_odds, odds

__all__ = ["POLICIES", "Odds", "Policy", "best_decision", "decision_odds", "odds"]
