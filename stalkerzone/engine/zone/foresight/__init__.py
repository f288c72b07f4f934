"""Dead-end foresight (TURN-4): can a partial Zone still be completed?"""
