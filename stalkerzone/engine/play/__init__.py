"""The state of play and the actions a player takes."""
