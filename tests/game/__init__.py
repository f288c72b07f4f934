"""Game tests."""
