"""The game: new_game, legal_actions, apply, player_view; its record and undo."""
