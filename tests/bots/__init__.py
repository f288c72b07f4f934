"""Tests of the bots: their memory, and the choices each module makes."""
