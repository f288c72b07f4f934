"""The turn rules: moving and placing, sites, bases, equipment, death (TURN-1 …)."""
