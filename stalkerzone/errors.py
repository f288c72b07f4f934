"""Errors meant for the person at the keyboard: shown as one line, never as a traceback."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from a user (a file, a command-line value): message + exit code (default 2)."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code
