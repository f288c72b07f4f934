"""What every engine package speaks: cards, dice, the seeded RNG, the variant, loadouts,
damage, notes and refusals."""
