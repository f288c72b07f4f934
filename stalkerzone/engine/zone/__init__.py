"""The Zone: hexes, sectors and placements, the zone map, random Zones, cut-offs (MAP-1 … MAP-7)."""
