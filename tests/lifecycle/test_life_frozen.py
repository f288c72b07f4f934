"""Frozen value classes (``stalkerzone.engine.core.frozen_classes``) behave as
``@dataclass(frozen=True, slots=True)`` does: construction, equality, hashing, repr, pattern
matching, pickling, copying and every :mod:`dataclasses` helper, for a class and a subclass with
keyword-only fields."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from stalkerzone.engine.core import frozen_classes as fz


@dataclasses.dataclass(frozen=True, slots=True)
class RefBase:
    id: str
    name: str
    note: str | None = dataclasses.field(default=None, kw_only=True)
    copies: int = dataclasses.field(default=1, kw_only=True)


@dataclasses.dataclass(frozen=True, slots=True)
class RefCard(RefBase):
    power: int
    tags: tuple[str, ...] = ()
    seen: tuple[int, ...] = dataclasses.field(default=(), compare=False, repr=False)


@fz.frozen
class Base:
    id: str
    name: str
    note: str | None = fz.field(default=None, kw_only=True)
    copies: int = fz.field(default=1, kw_only=True)


@fz.frozen
class Card(Base):
    power: int
    tags: tuple[str, ...] = ()
    seen: tuple[int, ...] = fz.field(default=(), compare=False, repr=False)


@fz.frozen(slots=False)
class Index:
    items: tuple[str, ...] = ()
    made: list[str] = fz.field(default_factory=list, compare=False)
    lookup: dict[str, int] = fz.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lookup", {item: n for n, item in enumerate(self.items)})


CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    (("a", "A", 3), {}),
    (("a", "A", 3, ("x",)), {"copies": 2}),
    (("a", "A"), {"power": 5, "note": "n", "seen": (1,)}),
    ((), {"id": "a", "name": "A", "power": 1, "tags": ("t",)}),
]
BAD_CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    (("a",), {}),
    (("a", "A", 3, (), (), "extra"), {}),
    (("a", "A", 3), {"colour": "red"}),
    (("a", "A", 3), {"id": "b"}),
]


def made(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[RefCard, Card]:
    return RefCard(*args, **kwargs), Card(*args, **kwargs)


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_frozen_values_match_dataclasses(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    ref, card = made(args, kwargs)
    assert repr(card) == repr(ref).replace("RefCard", "Card")
    assert dataclasses.astuple(card) == dataclasses.astuple(ref)
    twin = Card(*args, **kwargs)
    assert card == twin and hash(card) == hash(twin) and card is not twin
    assert card != dataclasses.replace(card, power=card.power + 1)
    assert card == dataclasses.replace(card, seen=(9,))  # not compared, as with @dataclass
    assert card.__eq__(ref) is NotImplemented  # another class: never equal


def test_frozen_values_refuse_the_calls_dataclasses_refuse() -> None:
    for args, kwargs in BAD_CALLS:
        with pytest.raises(TypeError):
            RefCard(*args, **kwargs)
        with pytest.raises(TypeError):
            Card(*args, **kwargs)


def test_frozen_values_are_frozen_slotted_and_pickle() -> None:
    card = Card("a", "A", 3, copies=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.power = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del card.power
    assert not hasattr(card, "__dict__")
    assert vars(Card)["__slots__"] == RefCard.__slots__
    assert vars(Base)["__slots__"] == RefBase.__slots__
    assert Card.__match_args__ == RefCard.__match_args__
    for again in (pickle.loads(pickle.dumps(card)), copy.copy(card), copy.deepcopy(card)):
        assert again == card and again.copies == 2
    match card:
        case Card("a", "A", power):
            assert power == 3
        case _:
            pytest.fail("positional pattern did not match")


def test_frozen_values_answer_every_dataclasses_helper() -> None:
    card = Card("a", "A", 3, note="n")
    names = [f.name for f in dataclasses.fields(card)]
    assert names == [f.name for f in dataclasses.fields(RefCard)]
    assert [f.name for f in fz.fields(card)] == names
    assert dataclasses.asdict(card) == dataclasses.asdict(RefCard("a", "A", 3, note="n"))
    assert (
        fz.replace(card, power=7)
        == dataclasses.replace(card, power=7)
        == Card("a", "A", 7, note="n")
    )
    assert [f.kw_only for f in dataclasses.fields(card)] == [
        f.kw_only for f in dataclasses.fields(RefCard)
    ]
    assert dataclasses.is_dataclass(card) and dataclasses.is_dataclass(Card)


def test_frozen_values_without_slots_run_post_init_and_factories() -> None:
    first, second = Index(("x", "y")), Index(("x", "y"))
    assert first.lookup == {"x": 0, "y": 1} and first == second
    assert first.made == [] and first.made is not second.made
    assert "lookup" not in repr(first) and hash(first) == hash(second)
    assert pickle.loads(pickle.dumps(first)) == first
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.items = ()  # type: ignore[misc]
    with pytest.raises(ValueError, match="init=False"):
        fz.replace(first, lookup={})
    with pytest.raises(TypeError):

        @fz.frozen
        class Misordered:  # a field without a default after one with a default
            a: int = 0
            b: int  # type: ignore[misc]


def test_frozen_values_used_often_switch_to_the_generated_methods() -> None:
    """After UPGRADE_AFTER calls a class has the methods @dataclass generates: same values,
    same hashes, same refusals, its __post_init__ still run."""

    @fz.frozen(slots=False)
    class Often:
        items: tuple[str, ...]
        size: int = fz.field(default=0, kw_only=True)
        made: list[str] = fz.field(default_factory=list, compare=False)
        lookup: dict[str, int] = fz.field(init=False, repr=False, compare=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "lookup", {item: n for n, item in enumerate(self.items)})

    first = Often(("x",), size=2)
    shared = vars(Often)["__init__"], vars(Often)["__eq__"], vars(Often)["__hash__"]
    before = (repr(first), hash(first))
    for _ in range(fz.UPGRADE_AFTER):
        Often(("x",), size=2)
    generated = vars(Often)["__init__"], vars(Often)["__eq__"], vars(Often)["__hash__"]
    assert all(a is not b for a, b in zip(shared, generated, strict=True))
    again = Often(("x",), size=2)
    assert (repr(again), hash(again)) == before and again == first
    assert again.lookup == {"x": 0} and again.made == [] and again.made is not first.made
    assert Often(("y",)) != first and Often(("x",)).size == 0
    refused: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((), {}),
        ((("x",), [], 3), {}),
        ((("x",),), {"lookup": {}}),
    ]
    for args, kwargs in refused:
        with pytest.raises(TypeError):
            Often(*args, **kwargs)
    with pytest.raises(dataclasses.FrozenInstanceError):
        again.size = 3  # type: ignore[misc]
