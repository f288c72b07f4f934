"""Bot games for balance (``stalkerzone simulate``): play many games, measure, aggregate."""
