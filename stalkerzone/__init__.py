"""Stalker Zone (Зона Сталкеров): rules engine, card packs and an Arcade client."""

__version__ = "0.1.0"
