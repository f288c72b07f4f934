""" "Learn to play": a real game on a fixed seed, taught step by step over the normal screens.

``script`` reads the lesson (``lesson.toml``), ``goals`` says what completes a step and what to
click now, ``controller`` follows the game's actions, ``overlay`` draws the step over whichever
screen is shown, ``lesson_session`` is the game session that ties them together and
``lesson_save`` is where the lesson keeps itself.
"""
