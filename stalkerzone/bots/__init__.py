"""Bot players for empty seats: layout, movement, trading and fight choices by exact odds."""
