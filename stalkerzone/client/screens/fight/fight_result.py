"""What a finished fight brought, in words (no arcade here): TROPHY-1, TROPHY-3, FIGHT-5, FIGHT-6.

:func:`results` gives the outcome's title and tone and one line per gain, loss or card used,
for the fight screen's result box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stalkerzone.client.screens.fight.presenter import Tone, grenade_name, stimulator_name
from stalkerzone.client.screens.fight.steps import outcome_key
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import colour_name, t
from stalkerzone.client.text.engine_text import render
from stalkerzone.engine.core import Monster
from stalkerzone.engine.play import FightState, GameState

__all__ = ["FightResult", "results"]


@dataclass(frozen=True, slots=True)
class FightResult:
    """What a finished fight brought: the outcome and one line per gain, loss or card used."""

    outcome: str | None
    title: str
    tone: Tone
    lines: tuple[str, ...]

    def __getitem__(self, name: str) -> object:
        """``result["outcome"]``, as the result was read when it was a dict."""
        return getattr(self, name)


def results(
    held: FightState,
    state: GameState | None,
    notes: Sequence[object] = (),
    symbols: bool = False,
    watched: bool = False,
) -> FightResult:
    """TROPHY-1, TROPHY-3, FIGHT-5, FIGHT-6: the result of the fight ``held``; ``notes`` are the
    engine's notes of the turn (a trophy sold at once, a win, a death); ``symbols``: the
    colour-blind setting (the trophy's colour with its marks, as on the monster panel);
    ``watched``: for a player who watches another's fight (told in the third person)."""
    fight = held.fight
    outcome = fight.outcome
    lines: list[str] = []
    if state is not None:
        monster = state.card(held.monster)
        if outcome == "win" and isinstance(monster, Monster):
            lines.append(
                t(
                    "fight.res_trophy",
                    trophy=i18n.card_text(monster.trophy),
                    colour=colour_name(held.colour, symbols),
                    price=monster.at(held.colour).trophy_price,
                )
            )
        elif outcome == "escape":
            lines.append(t("fight.res_escape"))
        elif outcome == "death":  # DEATH-1, DEATH-3: the loot once, the new stalker once
            reborn = any(getattr(n, "key", "") == "reborn" for n in notes)
            said = "fight.res_loot" if reborn else "fight.res_death"
            lines.append(t(f"{said}_other" if watched else said))
        if outcome != "death":
            top = fight.setup.stalker.max_health
            lines.append(
                t("fight.res_health", now=fight.stalker_health, max=top, rounds=fight.round)
            )
    for gid in fight.used_grenades:
        lines.append(t("fight.res_grenade", name=grenade_name(fight, gid)))
    for sid in fight.used_stimulators:
        lines.append(t("fight.res_stim", name=stimulator_name(fight, sid)))
    cards = state.cards if state is not None else None
    for note in notes:
        if getattr(note, "key", "") == "died":  # the title and the loot line say it
            continue
        if str(note).startswith(("TROPHY-3", "WIN-1", "DEATH")):
            lines.append(i18n.capitalised(render(note, cards, with_rule=False)))  # no rule id
    tone: Tone = "good" if outcome == "win" else "bad" if outcome == "death" else "accent"
    return FightResult(outcome, t(outcome_key(outcome, watched)), tone, tuple(lines))
