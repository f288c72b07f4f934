"""English indefinite articles: "a" or "an" by the first sound of the word that follows ("a
pistol", "an automatic", "an Order", "a uniform", "an hour", "an SVD").

The string catalogues ask for it with the format spec ``a``: ``"fits {type:a} only"`` (see
:func:`stalkerzone.client.text.i18n.format_text`); Russian strings have no articles and never
use it.
"""

from __future__ import annotations

# Words spelt with a vowel that begin with a consonant sound ("a unique", "a one-off", "a
# European") and words spelt with "h" that begin with a vowel sound ("an hour").
CONSONANT_SOUND = ("uni", "use", "usu", "uti", "ure", "uro", "eu", "ewe", "one", "once")
VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")
# Letters whose name begins with a vowel sound, for abbreviations read letter by letter ("an
# SVD", "an FN", "a TOZ"); numbers read with a vowel first are "an 8", "an 11", "an 18".
VOWEL_LETTERS = frozenset("AEFHILMNORSX")


def article(word: str) -> str:
    """ "a" or "an" before ``word`` (its first word decides; "" for no word)."""
    first = word.strip().split(" ", 1)[0].strip("\"'“”«(")
    if not first:
        return ""
    if first[0].isdigit():
        digits = first[: len(first) - len(first.lstrip("0123456789"))]
        eleven = len(digits) % 3 == 2 and digits.startswith(("11", "18"))  # eleven, eighteen
        return "an" if digits.startswith("8") or eleven else "a"
    if _spelt_out(first):
        return "an" if first[0] in VOWEL_LETTERS else "a"
    lower = first.lower()
    if lower.startswith(VOWEL_SOUND):
        return "an"
    if lower.startswith(CONSONANT_SOUND):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


def _spelt_out(word: str) -> bool:
    """An abbreviation read letter by letter: two or more capitals and no small letter, short
    or with no vowel to read it by ("SVD", "FN", "AK"; not "NATO")."""
    letters = [c for c in word if c.isalpha()]
    capitals = len(letters) > 1 and all(c.isupper() for c in letters)
    return capitals and (len(letters) <= 3 or not any(c in "AEIOU" for c in letters))


def with_article(word: str) -> str:
    """``word`` after its article: "an automatic", "a sniper rifle"."""
    found = article(word)
    return f"{found} {word}" if found else word
