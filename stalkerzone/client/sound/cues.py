"""Which sound a moment of the game calls for (pure, no arcade).

Sound names are the file names in ``assets/sounds/`` (:data:`SOUND_NAMES`). A fight plays its
sounds as the fight screen shows its steps (:func:`roll_sound` when dice start to tumble,
:func:`step_sound` when a step is revealed); everything else follows the engine's notes
(:func:`note_sounds`, by message key: BASE-2 trades, EVENT-1 cards, ANOM-1 rolls, DEATH-1,
WIN-1).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

SOUND_NAMES: tuple[str, ...] = (
    "dice",
    "hit",
    "hurt",
    "grenade",
    "buy",
    "sell",
    "event",
    "anomaly",
    "find",
    "win",
    "escape",
    "death",
    "victory",
    "turn",  # a human's turn starts (TURN-1: client/sound/turn_cue.py)
)

NOTE_SOUNDS: dict[str, str] = {
    "buy": "buy",  # BASE-2
    "heal": "buy",  # BASE-3: healing is paid for
    "sell": "sell",  # BASE-2
    "order_delivered": "sell",  # ORDER-2: paid for the delivery
    "event_drawn": "event",  # EVENT-1
    "event_kept": "event",
    "event_discarded": "event",
    "anomaly_damage": "anomaly",  # ANOM-1
    "anomaly_nothing": "anomaly",
    "anomaly_element": "find",
    "anomaly_artifact": "find",
    "artifact_gained": "find",
    "died": "death",  # DEATH-1 (a stalker killed by an anomaly or an event)
    "victory": "victory",  # WIN-1
}
"""Engine message keys (:mod:`stalkerzone.engine.core.messages`) and the sound each plays."""


class StepLike(Protocol):
    """What a fight step (:class:`~stalkerzone.client.screens.fight.steps.Step`) tells."""

    @property
    def kind(self) -> str: ...

    @property
    def roll(self) -> int | None: ...

    @property
    def card(self) -> str: ...

    def number(self, name: str, default: int = 0) -> int: ...


def roll_sound(step: StepLike) -> str | None:
    """DMG-1: dice are rolled for this step (attack, grenade, paralysis, escape)."""
    return "dice" if step.roll is not None else None


def step_sound(step: StepLike) -> str | None:
    """The sound of a fight step as it is revealed (FIGHT-2, FIGHT-5, FIGHT-6, DMG-2): a
    grenade explodes, an attack that does damage hits, the fight's end."""
    kind = step.kind
    if kind == "stalker_attack":
        if step.card:  # a grenade thrown
            return "grenade"
        return "hit" if step.number("damage") > 0 else None
    if kind == "monster_attack":
        return "hurt" if step.number("damage") > 0 else None
    if kind == "drain":
        return "hurt"
    if kind == "win":
        return "win"
    if kind == "death":
        return "death"
    if kind == "escape" and step.roll is None:  # the fight's end, not the escape roll
        return "escape"
    return None


def note_sounds(notes: Iterable[object], *, after_fight: bool = False) -> list[str]:
    """The sounds of an action's notes, each once, in order (a plain ``str`` note, read from
    a save, has no key and no sound). ``after_fight``: the notes of a fight's last decision,
    played as its result shows; the fight screen has played the stalker's fall already."""
    out: list[str] = []
    for note in notes:
        key = getattr(note, "key", "")
        name = NOTE_SOUNDS.get(key)
        if name is None or name in out or (after_fight and key == "died"):
            continue
        out.append(name)
    return out
