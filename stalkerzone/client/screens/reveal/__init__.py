"""Cards coming into play (EVENT-1, ANOM-1, TROPHY-1, ORDER-1, EQ-10): the pure
:mod:`.presenter` (no arcade) says which and what they did; :mod:`.overlay` shows them over the
board."""
