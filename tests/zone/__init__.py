"""Zone tests."""
