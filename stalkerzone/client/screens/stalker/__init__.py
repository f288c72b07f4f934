"""The stalker card and backpack: its pure presenter and the screen that draws it."""
