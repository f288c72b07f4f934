"""The fight's log as the screen shows it, step by step (no arcade here).

:func:`describe` turns a :class:`~stalkerzone.engine.fight.combat.FightLogEntry` into a line in the
current language with its rule id, and says whether a die was rolled (for the dice animation)
and which ability acted (paralysis, first strike, drain, regeneration: shown as they happen).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from stalkerzone.client.text.card_words import ABILITY_RULE, t
from stalkerzone.engine.fight import FightLogEntry, FightSetup


@dataclass(frozen=True, slots=True)
class Step:
    """One fight log entry as the screen shows it."""

    kind: str  # the engine's kind (round, paralysis, monster_attack, stalker_attack, …)
    text: str  # in the current language
    rule: str  # the rule it cites ("" if none)
    roll: int | None = None  # a rolled total or die face, if any
    dice: str = ""  # the formula rolled ("1d6", "2d6+1")
    who: str = ""  # "monster" | "stalker" | ""
    flash: str = ""  # an ability shown as it happens: paralysis, first_strike, drain, regeneration
    good: bool | None = None  # good for the stalker (True), bad (False), neutral (None)
    numbers: tuple[tuple[str, int], ...] = ()  # the entry's numbers (health after it, round)
    one_die: int = 0  # "+k to one die" (DMG-4) added to the highest die of this roll
    faces: tuple[int, ...] = ()  # the dice as the engine recorded them (DMG-4); () if not
    modifier: int = 0  # added to the recorded faces (the formula's bonus, the escape bonus)
    card: str = ""  # the card the step used (the grenade thrown)
    actor: str = ""  # the fighting stalker's name when another player watches ("" for "you")

    def number(self, name: str, default: int = 0) -> int:
        return dict(self.numbers).get(name, default)


def _numbers(entry: FightLogEntry) -> dict[str, int]:
    return dict(entry.numbers)


def describe(
    entry: FightLogEntry,
    setup: FightSetup,
    previous: FightLogEntry | None = None,
    monster_name: str = "",
    fighter: str = "",
) -> Step:
    """The screen's view of one log entry; ``previous`` is the entry before it (first strike);
    ``fighter``: the fighting stalker's name, when the screen's player only watches (the log
    then says "Anna attacks", not "You attack")."""
    step = _describe(entry, setup, previous, monster_name)
    if fighter:
        step = _third_person(step, entry, fighter)
    return replace(
        step,
        numbers=entry.numbers,
        faces=entry.faces,
        modifier=entry.modifier,
        card=entry.card,
    )


def _third_person(step: Step, entry: FightLogEntry, fighter: str) -> Step:
    """``step`` told of ``fighter`` instead of "you" (FIGHT-2, FIGHT-5, FIGHT-6)."""
    n = _numbers(entry)
    text = step.text
    if entry.kind == "stalker_attack" and not entry.card:
        roll, damage = n.get("roll", 0), n.get("damage", 0)
        text = t("fight.log_stalker_other", player=fighter, roll=roll, damage=damage)
    elif entry.kind == "death":
        text = t("fight.log_death_other", player=fighter)
    elif entry.kind == "escape" and "roll" not in n:
        text = t("fight.log_escaped_other", player=fighter)
    return replace(step, text=text, actor=fighter)


def _describe(
    entry: FightLogEntry, setup: FightSetup, previous: FightLogEntry | None, monster_name: str
) -> Step:
    kind = entry.kind
    n = _numbers(entry)
    monster = setup.monster
    stalker = setup.stalker
    name = monster_name or monster.name
    if kind == "round":
        return Step(kind, t("fight.log_round", n=n.get("round", 0)), "FIGHT-1")
    if kind == "paralysis":
        roll = n.get("roll", 0)
        hit = roll in monster.paralysis_faces
        text = t("fight.log_paralysed" if hit else "fight.log_not_paralysed", roll=roll)
        return Step(kind, text, "ABIL-PARALYSIS", roll, "1d6", "monster", "paralysis", not hit)
    if kind == "monster_attack":
        first = (
            previous is not None
            and previous.kind == "round"
            and setup.monster_first(dict(previous.numbers).get("round", 0))
        )
        text = t("fight.log_monster", name=name, roll=n.get("roll", 0), damage=n.get("damage", 0))
        dice = str(monster.attack)
        rule = "ABIL-FIRST-STRIKE" if first and monster.first_strike else "DMG-2"
        if first and not monster.first_strike:
            rule = "FIGHT-7"
        return Step(
            kind,
            text,
            rule,
            n.get("roll"),
            dice,
            "monster",
            "first_strike" if first else "",
            n.get("damage", 0) == 0,
        )
    if kind == "stalker_attack":
        grenade = bool(entry.card)
        key = "fight.log_grenade" if grenade else "fight.log_stalker"
        text = t(key, roll=n.get("roll", 0), damage=n.get("damage", 0))
        if grenade:
            dice = _grenade_dice(setup, entry.card)
        else:
            dice = str(stalker.attack)
            if stalker.one_die_bonus:
                dice += t("fight.one_die_short", n=stalker.one_die_bonus)
        bonus = 0 if grenade else stalker.one_die_bonus
        return Step(
            kind,
            text,
            "FIGHT-2",
            n.get("roll"),
            dice,
            "stalker",
            "",
            n.get("damage", 0) > 0,
            one_die=bonus,
        )
    if kind == "escape" and "roll" in n:
        roll = n.get("roll", 0)
        ok = bool(n.get("success", 0))
        bonus = stalker.escape_bonus
        text = t(
            "fight.log_escape_ok" if ok else "fight.log_escape_failed",
            roll=roll,
            bonus=f"+{bonus}" if bonus else "",
            rep=stalker.reputation,
        )
        return Step(kind, text, "FIGHT-3", roll, "1d6", "stalker", "", ok)
    if kind in ("drain", "regeneration"):
        text = t(f"fight.log_{kind}", name=name, amount=n.get("amount", 0))
        return Step(kind, text, ABILITY_RULE[kind], None, "", "monster", kind, False)
    if kind == "stimulator":
        return Step(
            kind,
            t("fight.log_stimulator", heal=n.get("heal", 0)),
            "FIGHT-2",
            None,
            "",
            "stalker",
            "",
            True,
        )
    if kind == "win":
        return Step(kind, t("fight.log_win"), "FIGHT-6", good=True)
    if kind == "death":
        return Step(kind, t("fight.log_death"), "FIGHT-6", good=False)
    if kind == "escape":
        return Step(kind, t("fight.log_escaped"), "FIGHT-5", good=True)
    return Step(kind, entry.text, "")


def _grenade_dice(setup: FightSetup, grenade_id: str) -> str:
    for g in setup.stalker.grenades:
        if g.id == grenade_id:
            bonus = setup.stalker.attack_bonus_grenades
            return str(g.attack.plus(bonus)) if bonus else str(g.attack)
    return ""


def describe_all(
    log: Sequence[FightLogEntry],
    setup: FightSetup,
    start: int = 0,
    monster_name: str = "",
    fighter: str = "",
) -> list[Step]:
    """Steps for ``log[start:]`` (each knows the entry before it); ``monster_name`` is the
    card's name in the current language; ``fighter`` as for :func:`describe`."""
    out: list[Step] = []
    for k in range(start, len(log)):
        previous = log[k - 1] if k > 0 else None
        out.append(describe(log[k], setup, previous, monster_name, fighter))
    return out


def outcome_key(outcome: str | None, watched: bool = False) -> str:
    """The string key of a fight's result headline (FIGHT-6, FIGHT-5); ``watched``: for a
    player who watches another's fight ("The stalker escaped", not "You escaped")."""
    key = {
        "win": "fight.result_win",
        "death": "fight.result_death",
        "escape": "fight.result_escape",
    }.get(outcome or "", "fight.result_none")
    return f"{key}_other" if watched and outcome in ("death", "escape") else key
