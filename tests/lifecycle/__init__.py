"""Lifecycle tests."""
