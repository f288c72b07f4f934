"""The words printed on cards, in English and Russian, and a card's lines of rules text.

Card names and texts come from the card data (``Text.get(lang)``: the language, else English,
else the first language given — the client's rule). Numbers are the card's own: monster
abilities at each colour (ABIL-*), weapon attack and type (EQ-3, EQ-4), armour (EQ-6),
navigation (EQ-5), events (EVENT-1), orders (ORDER-1), stalker bonuses (ST-3).
"""

from __future__ import annotations

from babel import Locale

from stalkerzone.engine.core import (
    AnyCard,
    Armour,
    Artifact,
    ArtifactRequirement,
    Colour,
    Drain,
    Event,
    FirstStrike,
    Grenade,
    Monster,
    MultiAttack,
    Navigation,
    Order,
    Paralysis,
    Regeneration,
    StalkerCard,
    Stimulator,
    Text,
    TrophyRequirement,
    VisitRequirement,
    Weapon,
    WeaponMod,
)

LANGUAGES: tuple[str, ...] = ("en", "ru")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "monster": "Monster",
        "epicenter_monster": "Epicenter guardian",
        "weapon": "Weapon",
        "weapon_mod": "Weapon mod",
        "armour_head": "Helmet",
        "armour_body": "Body armour",
        "navigation": "Navigation",
        "grenade": "Grenade",
        "stimulator": "Stimulator",
        "artifact": "Artifact",
        "event_fight": "Event · keep for a fight",
        "event_immediate": "Event · at once",
        "order": "Order",
        "stalker": "Stalker",
        "green": "GREEN",
        "yellow": "YELLOW",
        "red": "RED",
        "health": "health",
        "attack": "attack",
        "defence": "defence",
        "trophy": "trophy",
        "price": "price",
        "reward": "reward",
        "movement": "movement",
        "heal": "heals",
        "trophy_line": "Trophy: {trophy}",
        "drain": "Drain: takes {amount} health every round, whatever your defence.",
        "paralysis": "Paralysis: {rolls} {roll_word} at the start of the fight, "
        "each paralyses on {faces}; a failed roll ends the series.",
        "first_strike": "First strike: always attacks first, every round.",
        "regeneration": "Regeneration: regains {amount} health every round, never above its start.",
        "multi_attack": "Multi-attack: {attacks} attack rolls in round {rounds}.",
        "weapon_line": "Attack {attack} · {type}",
        "mod_line": "For {type} weapons",
        "one_die": "+{amount} to one die",
        "attack_bonus": "{amount:+d} attack",
        "armour_line": "Defence {defence:+d}",
        "navigation_line": "Movement {movement:+d}",
        "grenade_line": "Thrown: attack {attack}",
        "stimulator_line": "Heals {heal} health",
        "stat_attack": "{amount:+d} attack",
        "stat_defence": "{amount:+d} defence",
        "stat_movement": "{amount:+d} movement",
        "stat_max_health": "{amount:+d} max health",
        "stat_escape": "{amount:+d} to escape rolls",
        "sold_at": "Sold at: {sites}",
        "offered_at": "Offered at: {sites}",
        "req_trophy": "Bring: trophy of {monster}",
        "req_trophy_colour": "Bring: trophy of {monster} ({colour})",
        "req_artifact": "Bring: {artifact}",
        "req_visit": "Visit: {site}",
        "effect_gain_money": "You gain {amount} green.",
        "effect_lose_money": "You lose {amount} green.",
        "effect_damage": "Damage {attack}, less your defence.",
        "effect_damage_ignores": "Damage {attack}, whatever your defence.",
        "effect_heal": "You heal {amount} health.",
        "effect_monster_attacks_first": "In your next fight the monster attacks first.",
        "effect_stalker_attacks_twice": "In your next fight you attack twice in round 1.",
        "effect_monster_max_attack": "In your next fight the monster's round-1 attacks are at "
        "their maximum.",
        "effect_lose_protection": "Discard one armour card of your choice, worn or in the "
        "backpack.",
        "effect_protection_minus_one": "-1 defence until your next base visit.",
        "effect_zombie": "Until the end of your next turn you may take another player's loot.",
        "effect_find_element": "You find an Element.",
        "effect_draw_artifact": "You draw an artifact.",
        "start_money": "Starts with {amount} green",
        "max_health": "Max health {amount}",
        "village": "Village",
        "military_base": "Military Base",
        "laboratory": "Laboratory",
        "epicenter": "Epicenter",
        "danger_green": "green danger",
        "danger_yellow": "yellow danger",
        "danger_red": "red danger",
        "anomaly": "anomaly",
        "event": "event site",
        "back_title": "STALKER ZONE",
        "back_monster": "Zone monster",
        "back_epicenter": "Epicenter",
        "back_equipment": "Equipment",
        "back_artifact": "Artifact",
        "back_event": "Event",
        "back_order": "Order",
        "back_stalker": "Stalker",
        "sector": "Sector {id} · face {face}",
        "sheet_cards": "Stalker Zone · print and play · card fronts {page}/{pages} · "
        "one face per card (print as many copies as the card's copies) · 63×88 mm, 3 mm bleed",
        "sheet_backs": "Stalker Zone · card backs {page}/{pages} · "
        "print double-sided, flip on the long edge",
        "sheet_sectors": "Stalker Zone · sectors, face {face} · {page}/{pages} · "
        "hexes 18 mm across flats · print double-sided, flip on the long edge",
    },
    "ru": {
        "monster": "Монстр",
        "epicenter_monster": "Страж Эпицентра",
        "weapon": "Оружие",
        "weapon_mod": "Модификация оружия",
        "armour_head": "Шлем",
        "armour_body": "Бронежилет",
        "navigation": "Навигация",
        "grenade": "Граната",
        "stimulator": "Стимулятор",
        "artifact": "Артефакт",
        "event_fight": "Событие · на бой",
        "event_immediate": "Событие · сразу",
        "order": "Заказ",
        "stalker": "Сталкер",
        "green": "ЗЕЛЁНЫЙ",
        "yellow": "ЖЁЛТЫЙ",
        "red": "КРАСНЫЙ",
        "health": "здоровье",
        "attack": "атака",
        "defence": "защита",
        "trophy": "трофей",
        "price": "цена",
        "reward": "награда",
        "movement": "движение",
        "heal": "лечит",
        "trophy_line": "Трофей: {trophy}",
        "drain": "Высасывание: отнимает {amount} здоровья каждый раунд, несмотря на защиту.",
        "paralysis": "Паралич: {rolls} {roll_word} в начале боя, паралич на {faces}; "
        "неудачный бросок прерывает серию.",
        "first_strike": "Первый удар: всегда атакует первым, в каждом раунде.",
        "regeneration": "Регенерация: восстанавливает {amount} здоровья каждый раунд, "
        "не выше начального.",
        "multi_attack": "Много атак: {attacks} бросков атаки в раунде {rounds}.",
        "weapon_line": "Атака {attack} · {type}",
        "mod_line": "Для оружия: {type}",
        "one_die": "+{amount} к одному кубику",
        "attack_bonus": "{amount:+d} к атаке",
        "armour_line": "Защита {defence:+d}",
        "navigation_line": "Передвижение {movement:+d}",
        "grenade_line": "Бросок: атака {attack}",
        "stimulator_line": "Лечит {heal} здоровья",
        "stat_attack": "{amount:+d} к атаке",
        "stat_defence": "{amount:+d} к защите",
        "stat_movement": "{amount:+d} к движению",
        "stat_max_health": "{amount:+d} к макс. здоровью",
        "stat_escape": "{amount:+d} к броску побега",
        "sold_at": "Продаётся: {sites}",
        "offered_at": "Где взять: {sites}",
        "req_trophy": "Принести: трофей «{monster}»",
        "req_trophy_colour": "Принести: трофей «{monster}» ({colour})",
        "req_artifact": "Принести: {artifact}",
        "req_visit": "Посетить: {site}",  # the site in the nominative after a colon
        "effect_gain_money": "Вы получаете {amount} грина.",
        "effect_lose_money": "Вы теряете {amount} грина.",
        "effect_damage": "Урон {attack} за вычетом защиты.",
        "effect_damage_ignores": "Урон {attack}, несмотря на защиту.",
        "effect_heal": "Вы восстанавливаете {amount} здоровья.",
        "effect_monster_attacks_first": "В вашем следующем бою монстр атакует первым.",
        "effect_stalker_attacks_twice": "В вашем следующем бою вы атакуете дважды в 1-м раунде.",
        "effect_monster_max_attack": "В вашем следующем бою атаки монстра в 1-м раунде — "
        "максимальные.",
        "effect_lose_protection": "Сбросьте одну карту защиты на выбор: надетую или из рюкзака.",
        "effect_protection_minus_one": "−1 к защите до следующего визита на базу.",
        "effect_zombie": "До конца вашего следующего хода можно забрать чужой хабар.",
        "effect_find_element": "Вы находите Элемент.",
        "effect_draw_artifact": "Вы тянете артефакт.",
        "start_money": "Начинает с {amount} грина",
        "max_health": "Макс. здоровье {amount}",
        "village": "Деревня",
        "military_base": "Военная база",
        "laboratory": "Лаборатория",
        "epicenter": "Эпицентр",
        "danger_green": "зелёная опасность",
        "danger_yellow": "жёлтая опасность",
        "danger_red": "красная опасность",
        "anomaly": "аномалия",
        "event": "место события",
        "back_title": "ЗОНА СТАЛКЕРОВ",
        "back_monster": "Монстр Зоны",
        "back_epicenter": "Эпицентр",
        "back_equipment": "Снаряжение",
        "back_artifact": "Артефакт",
        "back_event": "Событие",
        "back_order": "Заказ",
        "back_stalker": "Сталкер",
        "sector": "Сектор {id} · сторона {face}",
        "sheet_cards": "Зона Сталкеров · печатная версия · лицевые стороны {page}/{pages} · "
        "по одной на карту (печатайте столько, сколько копий у карты) · 63×88 мм, вылет 3 мм",
        "sheet_backs": "Зона Сталкеров · рубашки {page}/{pages} · двусторонняя печать, "
        "переворот по длинной стороне",
        "sheet_sectors": "Зона Сталкеров · секторы, сторона {face} · {page}/{pages} · гекс 18 мм "
        "между гранями · двусторонняя печать, переворот по длинной стороне",
    },
}

WEAPON_TYPES: dict[str, dict[str, str]] = {
    "en": {
        "pistol": "pistol",
        "rifle": "rifle",
        "shotgun": "shotgun",
        "automatic": "automatic",
        "sniper": "sniper rifle",
        "gauss": "gauss",
    },
    "ru": {
        "pistol": "пистолет",
        "rifle": "ружьё",
        "shotgun": "дробовик",
        "automatic": "автомат",
        "sniper": "снайперская винтовка",
        "gauss": "гаусс",
    },
}


ROLL_WORDS: dict[str, dict[str, str]] = {
    "en": {"one": "roll", "other": "rolls"},
    "ru": {"one": "бросок", "few": "броска", "many": "бросков"},
}
"""The word "roll" per language by plural category."""


class Words:
    """The printed words of one language (``en`` or ``ru``)."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        self.lang = lang
        self._table = WORDS[lang]

    def __call__(self, key: str, /, **fmt: object) -> str:
        text = self._table.get(key) or WORDS["en"][key]
        return text.format(**fmt) if fmt else text

    def text(self, text: Text | None) -> str:
        """A card text in this language (the client's rule: ``Text.get(lang)``)."""
        return "" if text is None else text.get(self.lang)

    def weapon_type(self, name: str) -> str:
        """A weapon type in words; a pack's own type stays as the card says."""
        return WEAPON_TYPES[self.lang].get(name, name)

    def kind(self, card: AnyCard) -> str:
        """The card's kind line ("Monster", "Helmet", "Event · at once" …)."""
        if isinstance(card, Monster):
            return self("epicenter_monster" if card.deck == "epicenter" else "monster")
        if isinstance(card, Armour):
            return self(f"armour_{card.slot}")
        if isinstance(card, Event):
            return self(f"event_{card.timing}")
        return self(kind_key(card))

    def ability(self, ability: object, colour: Colour) -> str:
        """An ability at one colour, with its numbers (ABIL-*)."""
        if isinstance(ability, Drain):
            return self("drain", amount=ability.amount.of(colour))
        if isinstance(ability, Paralysis):
            rolls = ability.rolls.of(colour)
            return self(
                "paralysis",
                rolls=rolls,
                roll_word=self.counted(ROLL_WORDS, rolls),
                faces=faces(ability.succeeds_on),
            )
        if isinstance(ability, FirstStrike):
            return self("first_strike")
        if isinstance(ability, Regeneration):
            return self("regeneration", amount=ability.amount.of(colour))
        if isinstance(ability, MultiAttack):
            rounds = ", ".join(str(r) for r in sorted(ability.rounds))
            return self("multi_attack", attacks=ability.attacks.of(colour), rounds=rounds)
        return str(getattr(ability, "kind", ability))

    def counted(self, forms: dict[str, dict[str, str]], count: int) -> str:
        """The form of a counted word for ``count`` by CLDR's plural rules (Babel): 1 бросок,
        2 броска, 5 бросков; 1 roll, 2 rolls."""
        category = str(Locale.parse(self.lang).plural_form(count))
        own = forms[self.lang]
        return own.get(category) or own["other" if "other" in own else "many"]

    def sites(self, sites: tuple[str, ...]) -> str:
        return ", ".join(self(site) for site in sites)


def kind_key(card: AnyCard) -> str:
    """The words key of a card's kind, also its back design (``monster`` … ``stalker``)."""
    for cls, key in _KIND_KEYS:
        if isinstance(card, cls):
            return key
    return "artifact"


_KIND_KEYS: tuple[tuple[type, str], ...] = (
    (Monster, "monster"),
    (Weapon, "weapon"),
    (WeaponMod, "weapon_mod"),
    (Armour, "armour"),
    (Navigation, "navigation"),
    (Grenade, "grenade"),
    (Stimulator, "stimulator"),
    (Artifact, "artifact"),
    (Event, "event"),
    (Order, "order"),
    (StalkerCard, "stalker"),
)


def faces(values: frozenset[int]) -> str:
    """Die faces as a range when they are consecutive: ``4–6``, else ``1, 3``."""
    ordered = sorted(values)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]}"
    return ", ".join(str(v) for v in ordered)


def rules_lines(
    card: AnyCard, colour: Colour | None, words: Words, names: dict[str, str]
) -> list[str]:
    """What the card does in numbers, one paragraph per line (its ``text`` not included).

    ``names`` maps card ids to their printed names (for orders that name a monster or an
    artifact)."""
    lines: list[str] = []
    if isinstance(card, Monster):
        col = colour or Colour.GREEN
        lines.extend(words.ability(a, col) for a in card.abilities)
        lines.append(words("trophy_line", trophy=words.text(card.trophy)))
    elif isinstance(card, Weapon):
        lines.append(
            words("weapon_line", attack=str(card.attack), type=words.weapon_type(card.weapon_type))
        )
    elif isinstance(card, WeaponMod):
        parts = [words("mod_line", type=words.weapon_type(card.weapon_type))]
        if card.one_die_bonus:
            parts.append(words("one_die", amount=card.one_die_bonus))
        if card.attack_bonus:
            parts.append(words("attack_bonus", amount=card.attack_bonus))
        lines.append(": ".join(parts[:1]) + (" — " + ", ".join(parts[1:]) if parts[1:] else ""))
    elif isinstance(card, Armour):
        lines.append(words("armour_line", defence=card.defence))
    elif isinstance(card, Navigation):
        lines.append(words("navigation_line", movement=card.movement))
    elif isinstance(card, Grenade):
        lines.append(words("grenade_line", attack=str(card.attack)))
    elif isinstance(card, Stimulator):
        lines.append(words("stimulator_line", heal=card.heal))
    elif isinstance(card, Artifact):
        lines.extend(words(f"stat_{e.stat}", amount=e.amount) for e in card.effects)
    elif isinstance(card, Event):
        lines.extend(_effect(card, words))
    elif isinstance(card, Order):
        lines.append(_requirement(card, words, names))
    elif isinstance(card, StalkerCard):
        lines.extend(words(f"stat_{b.stat}", amount=b.amount) for b in card.bonuses)
        if card.start_money is not None:
            lines.append(words("start_money", amount=card.start_money))
        if card.max_health is not None:
            lines.append(words("max_health", amount=card.max_health))
    return lines


def _effect(card: Event, words: Words) -> list[str]:
    """What an event does (EVENT-1): its numbers, and for an effect without numbers the words
    of the effect when the card has no ``text`` to say it."""
    effect = card.effect
    if effect.kind in ("gain_money", "lose_money", "heal"):
        return [words(f"effect_{effect.kind}", amount=effect.amount)]
    if effect.kind == "damage" and effect.attack is not None:
        key = "effect_damage_ignores" if effect.ignores_defence else "effect_damage"
        return [words(key, attack=str(effect.attack))]
    return [] if card.text is not None else [words(f"effect_{effect.kind}")]


def _requirement(card: Order, words: Words, names: dict[str, str]) -> str:
    req = card.requirement
    if isinstance(req, TrophyRequirement):
        monster = names.get(req.monster, req.monster)
        if req.colour is None:
            return words("req_trophy", monster=monster)
        return words("req_trophy_colour", monster=monster, colour=words(req.colour.value).lower())
    if isinstance(req, ArtifactRequirement):
        return words("req_artifact", artifact=names.get(req.artifact, req.artifact))
    if isinstance(req, VisitRequirement):
        return words("req_visit", site=words(req.site.value))
    return ""
