"""The game in progress: the session calling ``apply``, the worker thread, bot seats,
saves and ``watch``.
"""
