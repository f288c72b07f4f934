"""The screens, one module each (the fight, board, layout, base, stalker screens a package with
their pure presenter).

A screen is opened by its kind through the table in :mod:`stalkerzone.client.app.registry`,
which imports its module the first time it is shown.
"""
