"""Pure rules engine: no arcade, no I/O but what is passed in."""
