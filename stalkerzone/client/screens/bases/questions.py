"""The base's question before a sale that cannot be taken back lightly (BASE-2): selling the
last weapon the stalker carries leaves it bare-handed until it buys another."""

from __future__ import annotations

from collections.abc import Callable

from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_name
from stalkerzone.client.widgets.confirm_box import Confirm
from stalkerzone.engine.core import Weapon
from stalkerzone.engine.play import Action, GameState, Sell


def weapons_carried(state: GameState, index: int) -> list[str]:
    """The weapon cards player ``index`` carries (its slot and its backpack)."""
    player = state.players[index]
    return [c for c in player.carried() if isinstance(state.card(c), Weapon)]


def sale_question(state: GameState, action: Action, on_yes: Callable[[], None]) -> Confirm | None:
    """The question before selling the only weapon the current stalker carries, else None."""
    if not isinstance(action, Sell):
        return None
    weapons = weapons_carried(state, state.current_player)
    if weapons != [action.card]:
        return None
    return Confirm(
        i18n.t("confirm.last_weapon"),
        i18n.t("confirm.last_weapon_why", card=card_name(state.card(action.card))),
        i18n.t("confirm.last_weapon_yes"),
        on_yes,
    )
