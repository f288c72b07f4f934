"""A fight with a monster (FIGHT-1 …): its set-up, its steps and the fight the state holds."""
