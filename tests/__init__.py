"""Tests of Stalker Zone."""
