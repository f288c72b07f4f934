"""The fight screen as a package.

``presenter`` decides what is shown (pure: buttons with their state and the engine's refusal,
odds lines, monster and stalker lines, results), ``steps`` turns the fight log into shown steps,
``dice_faces`` says which dice a recorded roll shows; ``screen`` holds the screen's state, time
and input and lays the page out through ``panels``, ``decision_buttons``, ``round_log``,
``dice_area`` and ``result_box``; ``dice_animation`` times the steps, ``odds_worker`` computes
exact odds off the frame, ``bot_seat`` decides for bot seats and auto-resolve.
"""
