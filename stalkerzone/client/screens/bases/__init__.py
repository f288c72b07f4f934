"""The trading-base screen: its pure presenter and the screen that draws it."""
