"""The window, the screen registry, settings and the headless fix for ``arcade.gui``."""
