"""Client UI strings in English and Russian, kept as data (``strings/<lang>/*.toml``).

Every ``*.toml`` file in ``strings/<lang>/`` is read; its tables are flattened into dotted keys
(``[title] new_game = "New game"`` gives ``t("title.new_game")``). Each helper keeps its own
file (``core.toml`` here; e.g. ``fight.toml`` for the fight screens) with its own top-level
tables, so files never clash; a key defined twice is an error at load time.

``t(key, **fmt)`` formats with ``str.format`` names (``"Pass to {name}"``). A key missing in the
current language falls back to English, then to the key itself (visible, never a crash).
Plurals: ``{rounds@round}`` is the word ``plural.round`` in the form for the number ``rounds``
(``[plural] round = "round|rounds"``; Russian has three forms, ``"раунд|раунда|раундов"``), so
"after {rounds} {rounds@round}" reads "1 round", "5 rounds", "2 раунда", "5 раундов", "21 раунд".
English articles: ``{type:a}`` is the value after "a" or "an" by its first sound ("fits {type:a}
only": "fits a pistol only", "fits an automatic only"; :mod:`articles`).
The form is chosen by CLDR's plural rules (Babel), as are the number formats (:func:`percent`,
:func:`number`: "83.3%", "83,3 %").
Card names come from the card data: ``card_text(card.name)`` = ``Text.get(language())``.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping, Sequence
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, format_percent

from stalkerzone.client.text.articles import with_article
from stalkerzone.engine.core import Text

LANGUAGES: tuple[str, ...] = ("en", "ru")
STRINGS_DIR = Path(__file__).resolve().parent / "strings"


def _flatten(prefix: str, table: Mapping[str, object], into: dict[str, str], origin: str) -> None:
    for key, value in table.items():
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, Mapping):
            _flatten(name, value, into, origin)
        elif isinstance(value, str):
            if name in into:
                raise ValueError(f"{origin}: string '{name}' is defined twice")
            into[name] = value
        else:
            raise ValueError(f"{origin}: string '{name}' must be text, not {type(value).__name__}")


class Catalogue:
    """The loaded string tables and the language in use: one per :class:`AppContext`.

    Tables are read from ``strings/<lang>/`` on first use and kept for the catalogue's life.
    The window makes its context's catalogue the active one (:func:`use`); :func:`t` and the
    other module functions read the active catalogue.
    """

    def __init__(self, language: str = "en") -> None:
        self.language = "en"
        self.tables: dict[str, Mapping[str, str]] = {}
        self.set_language(language)

    def set_language(self, lang: str) -> None:
        self.language = lang if lang in LANGUAGES else "en"

    def strings(self, lang: str) -> Mapping[str, str]:
        """All strings of one language (read once per catalogue)."""
        table = self.tables.get(lang)
        if table is None:
            table = self.tables[lang] = _read_strings(lang)
        return table


def _read_strings(lang: str) -> Mapping[str, str]:
    table: dict[str, str] = {}
    folder = STRINGS_DIR / lang
    for path in sorted(folder.glob("*.toml")):
        with path.open("rb") as handle:
            _flatten("", tomllib.load(handle), table, str(path))
    return table


class _Active:
    """Which catalogue the module functions read (the window's context installs its own)."""

    catalogue = Catalogue()


def use(catalogue: Catalogue) -> None:
    """Make ``catalogue`` the one :func:`t`, :func:`language`… read."""
    _Active.catalogue = catalogue


def active() -> Catalogue:
    return _Active.catalogue


def strings(lang: str) -> Mapping[str, str]:
    """All strings of one language."""
    return _Active.catalogue.strings(lang)


def set_language(lang: str) -> None:
    """Switch the client language (``en`` or ``ru``); unknown codes fall back to English."""
    _Active.catalogue.set_language(lang)


def language() -> str:
    return _Active.catalogue.language


def has(key: str) -> bool:
    return key in strings(language()) or key in strings("en")


def t(key: str, /, **fmt: object) -> str:
    """The UI string ``key`` in the current language, formatted with ``fmt``."""
    text = strings(language()).get(key) or strings("en").get(key) or key
    if not fmt:
        return text
    try:
        return format_text(text, fmt)
    except (KeyError, IndexError, ValueError, TypeError):
        return text


def _count(value: object) -> int | Decimal:
    """A count as a number for the plural rules: an int, or a printed number ("1,7", "2.0") as a
    Decimal that keeps its visible decimals (CLDR: "1.0 fights", "1,7 боя")."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise TypeError(f"not a count: {value!r}")
    if isinstance(value, int):
        return value
    return Decimal(str(value).replace("\u00a0", "").replace(",", ".").strip())


def plural_category(lang: str, count: float | Decimal) -> str:
    """The CLDR plural category of ``count`` in ``lang`` (Babel's rules): ``one``, ``few``,
    ``many`` or ``other`` (ru: 1 → one, 2 → few, 5 and 11 → many, 21 → one; en: 1 → one,
    anything else → other)."""
    magnitude = -count if count < 0 else count
    return str(_locale(lang).plural_form(magnitude))


# The order of the "|"-separated forms of a ``[plural]`` word per language, by CLDR category;
# a category with no form of its own takes the form after the arrow (ru fractions: 1,5 раунда).
PLURAL_ORDER: dict[str, tuple[str, ...]] = {"en": ("one", "other"), "ru": ("one", "few", "many")}
_FORM_FALLBACK = {"other": "few", "few": "other", "many": "other", "zero": "other", "two": "other"}


def plural_form(lang: str, count: int | Decimal) -> int:
    """The index of ``count``'s form among a ``[plural]`` word's forms in ``lang`` (see
    :data:`PLURAL_ORDER`): en one|other (0, 1); ru one|few|many (0, 1, 2)."""
    order = PLURAL_ORDER.get(lang, PLURAL_ORDER["en"])
    category = plural_category(lang, count)
    if category not in order:
        category = _FORM_FALLBACK.get(category, order[-1])
    return order.index(category) if category in order else len(order) - 1


def plural(word: str, count: int | Decimal) -> str:
    """The word ``plural.<word>`` in the current language in the form for ``count``."""
    forms = t(f"plural.{word}").split("|")
    return forms[min(plural_form(language(), count), len(forms) - 1)]


def counted(stem: str, count: int) -> str:
    """The string ``<stem>_<category>`` for ``count``'s CLDR category in the current language
    (``board_ux.hex_one``, ``_few``, ``_many``); English "other" is the ``_many`` string."""
    category = plural_category(language(), count)
    for form in (category, "many" if category == "other" else "other", "many"):
        key = f"{stem}_{form}"
        if has(key):
            return t(key)
    return t(f"{stem}_many")


class _PluralFormatter(string.Formatter):
    """``str.format`` plus ``{count@word}`` fields and the article spec ``{word:a}`` (see the
    module docstring)."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "a":
            return with_article(str(value))
        return super().format_field(value, format_spec)

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and "@" in key:
            name, word = key.split("@", 1)
            return plural(word, _count(kwargs[name]))
        return super().get_value(key, args, kwargs)


def format_text(template: str, values: Mapping[str, object]) -> str:
    """``template`` with ``values`` filled in, plural fields included."""
    return _PluralFormatter().vformat(template, (), values)


def card_text(text: Text | None) -> str:
    """A card's text (name, trophy, rules text) in the current language."""
    return "" if text is None else text.get(language())


SURE = 1e-9
"""A probability this close to 0 or 1 is the float error of summing exact chances."""


def percent(p: float) -> str:
    """A probability as every screen prints it, one rounding for all ("<0.1%" and ">99.9%" at
    the ends, so a chance that is not certain never reads 0 or 100), in the current language's
    number format (CLDR via Babel: "83.3%" in English, "83,3 %" in Russian). A sum's rounding
    error is no chance ("win 0.0%" beside "death >99.9%" read as not adding up): within
    :data:`SURE` of 0 or 1 the value is exact."""
    if abs(p) < SURE:
        p = 0.0
    elif abs(1 - p) < SURE:
        p = 1.0
    if 0 < p < 0.001:
        return "<" + _percent_text(0.001)
    if 0.999 < p < 1:
        return ">" + _percent_text(0.999)
    return _percent_text(p)


def _percent_text(p: float) -> str:
    lang = language()
    return format_percent(round(p * 100, 1) / 100, _percent_pattern(lang), locale=lang)


@cache
def _percent_pattern(lang: str) -> str:
    """The locale's percent pattern with one decimal ("#,##0%" → "#,##0.0%", ru "#,##0\u00a0%")."""
    pattern = str(_locale(lang).percent_formats[None].pattern)
    return pattern.replace("0%", "0.0%").replace("0\u00a0%", "0.0\u00a0%")


def capitalised(text: str) -> str:
    """``text`` as a line of its own: its first letter upper-case (the catalogue keeps notes in
    lower case, as they also stand inside other sentences)."""
    return text[:1].upper() + text[1:]


def number(value: float, decimals: int = 1) -> str:
    """A decimal number in the current language's format ("2.5" in English, "2,5" in Russian)."""
    return format_decimal(
        value, "#,##0." + "0" * decimals if decimals else "#,##0", locale=language()
    )


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang if lang in LANGUAGES else "en")


DEFAULT_BOT_NAME = "Bot {n}"
"""How a bot seat's default name is stored (saves, the engine's notes): always this English form,
shown in the player's language by :func:`bot_name`."""


def default_bot_name(n: int) -> str:
    """The stored default name of the bot in seat ``n`` (1-based): "Bot 2" in any language."""
    return DEFAULT_BOT_NAME.format(n=n)


DEFAULT_NAME_KEYS = {"Bot": "newgame.bot_name", "Player": "newgame.player_name"}
"""The stored English head of a seat's default name ("Bot 2", "Player 1") → its string."""


def default_player_name(n: int) -> str:
    """The stored default name of the person in seat ``n`` (1-based): "Player 2" in any
    language."""
    return f"Player {n}"


def bot_name(name: str) -> str:
    """A seat's name as players read it: a stored default name ("Bot 2", "Player 1") in the
    current language ("Бот 2", "Игрок 1"); any other name (one a player typed) as it is."""
    head, _, number = name.partition(" ")
    key = DEFAULT_NAME_KEYS.get(head)
    if key and number.isdigit() and len(number) <= 2 and not number.startswith("0"):
        return t(key, n=int(number))
    return name


def player_name(name: str, bot: object = None) -> str:
    """A seat's name as players read it (``bot``: the seat's bot strength, or None for a
    person, which reads the same): a default name in the current language (:func:`bot_name`)."""
    del bot  # a person's default "Player 2" and a bot's "Bot 3" both read in the language
    return bot_name(name)
