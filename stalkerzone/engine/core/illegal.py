"""Refusals: every illegal action raises one of these, and the message starts with the rule id.

``str(error)`` reads like ``"BASE-1: Military Base needs reputation 3, you have 1"``; ``.rule``
holds the id alone so that the client can open that section of the rules reference. ``.key`` and
``.params`` say the same as data (see :mod:`~stalkerzone.engine.core.messages`) so that the client
can show it in the player's language: ``key="reputation"``, ``params=(("base", "military_base"),
("needed", 3), ("have", 1))``. A refusal without a key (``""``) is shown in English.
"""

from __future__ import annotations

from typing import Any

from stalkerzone.engine.core.messages import Params, params_of


class IllegalAction(Exception):
    """An action the rules do not allow now; the state it was tried on is unchanged."""

    def __init__(self, rule: str, message: str, *, key: str = "", **params: Any) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason = message
        self.key = key
        self.params: Params = params_of(params)


class NotNow(IllegalAction):
    """The action does not fit the phase or the step of the turn (TURN-2, TURN-4, EQ-2, WIN-1)."""


class LayoutRefused(IllegalAction):
    """A sector placement outside the legal placements (TURN-4, MAP-*)."""


class ZoneCutOff(LayoutRefused):
    """TURN-4: the roads meet, but after this placement the Zone could no longer be completed
    (``params``: ``reason``, the cut-off key of ``engine.zone.cut_offs.CUT_OFF_TEXT``, and its
    parameters)."""


class MoveRefused(IllegalAction):
    """A destination out of reach or forbidden (TURN-2, ST-5, WIN-1)."""


class EquipmentRefused(IllegalAction):
    """A slot, backpack or grenade rule was broken (EQ-*)."""


class BaseRefused(IllegalAction):
    """No base here, reputation too low, nothing to sell or buy (BASE-*, TROPHY-2)."""


class NotEnoughMoney(IllegalAction):
    """ST-4: there is no credit."""


class OrderRefused(IllegalAction):
    """ORDER-1: too many open orders, order not offered here or not fulfilled."""


class FightRefused(IllegalAction):
    """A fight decision the fight does not allow now (FIGHT-2, FIGHT-4)."""


class IllegalFightAction(FightRefused):
    """The fight refusal built from one English line that starts with its rule id
    (``"FIGHT-2: the fight is not waiting for a decision"``), for callers outside the engine;
    the engine itself raises :class:`FightRefused`."""

    def __init__(self, message: str, *, key: str = "", **params: Any) -> None:
        rule, _, reason = message.partition(": ")
        super().__init__(rule, reason, key=key, **params)
