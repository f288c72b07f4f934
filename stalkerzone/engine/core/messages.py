"""Engine text as data: every note and refusal carries a message key and plain parameters.

The engine speaks English (``"BASE-2: Anna buys ak74 for 900"``), and that text stays exactly
what it was. Next to it, each line carries a ``key`` (``"buy"``) and ``params``
(``(("player", "Anna"), ("card", "ak74"), ("price", 900))``) so that a client can say the same
in another language. The client's string tables hold one template per key: ``[notes]`` for
:class:`Note` keys, ``[refusals]`` for the keys of
:class:`~stalkerzone.engine.core.illegal.IllegalAction` (and fight refusals, undo refusals).

Parameter conventions (so a client knows what to translate):

* ``player``, ``owner``: player names, shown as they are;
* ``card`` or any name ending in ``card``: a card id (``"ak74"``), never a card name: the client
  shows the card's localized name from the card data;
* ``base``: a :class:`~stalkerzone.engine.core.cards.Site` value (``"military_base"``);
* ``colour``: a :class:`~stalkerzone.engine.core.cards.Colour` value (``"red"``);
* ``pile``: a deck name of :class:`~stalkerzone.engine.play.state.Decks` (``"monster_discard"``);
* ``slot``: ``"grenades"`` or ``"stimulators"``;
* ``stat``: a :data:`~stalkerzone.engine.core.cards.Stat` value (``"max_health"``, EQ-10);
* ``source``: the rule id of the way a card was gained (``"ANOM-1"``, ``"BASE-2"``: EQ-10);
* everything else: numbers, sector ids, or free English text (``problem``, ``action``).
"""

from __future__ import annotations

from typing import Any

Param = str | int
"""A parameter value: a number, an id or a name (never a card name: its id)."""

Params = tuple[tuple[str, Param], ...]


def params_of(values: dict[str, Any]) -> Params:
    """Keyword arguments as ``Params``: ints stay ints, everything else becomes ``str``."""
    return tuple(
        (name, value if isinstance(value, int) and not isinstance(value, bool) else str(value))
        for name, value in values.items()
    )


class Note(str):
    """One line of what an action did: the English text itself (rule id first), which also
    carries ``rule``, ``key`` and ``params``.

    A ``str`` subclass on purpose: everything that read notes as text (``line.startswith``,
    ``"BASE-2" in line``, JSON snapshots, state digests) keeps working unchanged. JSON keeps the
    text only, so a note read back from a snapshot is a plain ``str`` (a client then shows the
    English text).
    """

    rule: str
    key: str
    params: Params

    def __new__(cls, rule: str, key: str, text: str, **params: Any) -> Note:
        self = super().__new__(cls, f"{rule}: {text}")
        self.rule = rule
        self.key = key
        self.params = params_of(params)
        return self

    @property
    def text(self) -> str:
        """The English line, rule id first (the same as ``str(note)``)."""
        return str.__str__(self)

    @property
    def message(self) -> str:
        """The English line without its rule id."""
        return self.text.removeprefix(f"{self.rule}: ")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.rule, self.key, self.message, self.params))


def _rebuild(rule: str, key: str, message: str, params: Params) -> Note:
    return Note(rule, key, message, **dict(params))
