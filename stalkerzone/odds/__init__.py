"""Exact fight odds (FIGHT-*, DMG-*, ABIL-*): win, death and escape chances of a fight."""
