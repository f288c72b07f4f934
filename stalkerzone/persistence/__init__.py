"""Games on disk: JSON of states and actions, and save files (seed, set-up, actions)."""
