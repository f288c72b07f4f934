"""Helpers shared by the test suite: the base pack, fixtures' building blocks, scripted players."""
