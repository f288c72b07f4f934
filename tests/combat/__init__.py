"""Combat tests."""
