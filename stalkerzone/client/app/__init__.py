"""The window, the screen table, settings and the headless fix for ``arcade.gui``."""
