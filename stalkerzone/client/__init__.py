"""The Arcade desktop client: views, widgets, rendering, the rules overlay."""
