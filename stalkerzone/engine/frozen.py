"""Frozen value classes made without generated code (ARCHITECTURE.md start-up).

``@dataclass(frozen=True, slots=True)`` compiles six or seven methods from source text for every
class, about a millisecond each class; the card types alone made up a third of a one-shot
``stalkerzone odds``. :func:`frozen` gives a class the same behaviour from shared functions:
the fields, ``__match_args__`` and the slots still come from :mod:`dataclasses` (so
:func:`dataclasses.fields`, :func:`dataclasses.replace` and ``is_dataclass`` work as before),
then ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, the frozen ``__setattr__`` /
``__delattr__`` and the pickling pair are the functions below, bound to the class's field
names. Meant for values made now and then (cards, variants, load results); a value built in a
hot loop keeps ``@dataclass``, whose generated ``__init__`` is faster per call.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, field
from typing import Any, TypeVar, cast, dataclass_transform, overload

ClassT = TypeVar("ClassT", bound=type)

__all__ = ["frozen"]


@overload
@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def frozen(cls: ClassT, /) -> ClassT: ...


@overload
def frozen(*, slots: bool = True) -> Callable[[ClassT], ClassT]: ...


def frozen(cls: ClassT | None = None, /, *, slots: bool = True) -> Any:
    """Make the decorated class a frozen dataclass (slotted unless ``slots=False``), with the
    methods ``@dataclass(frozen=True, slots=slots)`` would give it."""

    def make(cls: ClassT) -> ClassT:
        made = cast(
            ClassT,
            dataclasses.dataclass(
                cls, init=False, repr=False, eq=False, slots=slots, match_args=True
            ),
        )
        _add_methods(made, slots)
        return made

    return make if cls is None else make(cls)


def _add_methods(cls: type, slots: bool) -> None:
    """Set the methods on ``cls``, a dataclass made with ``init``, ``repr`` and ``eq`` off."""
    every = dataclasses.fields(cls)
    names = tuple(f.name for f in every)
    shown = tuple(f.name for f in every if f.repr)
    compared = tuple(f.name for f in every if f.compare)
    hashed = tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))
    own = vars(cls)
    for name in ("__setattr__", "__delattr__"):
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    methods: dict[str, Any] = {
        "__init__": _init_function(cls, every),
        "__repr__": _repr_function(shown),
        "__eq__": _eq_function(compared),
        "__hash__": _hash_function(hashed),
        "__setattr__": _setattr_function(cls, frozenset(names)),
        "__delattr__": _delattr_function(cls, frozenset(names)),
    }
    if slots:  # as @dataclass pickles a frozen slots class
        methods["__getstate__"] = _getstate_function(names)
        methods["__setstate__"] = _setstate_function(names)
    for name, method in methods.items():
        if name in own and name != "__hash__":
            continue  # a method the class writes itself wins, as with @dataclass
        if name == "__hash__" and own.get("__hash__") is not None:
            continue
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)


def _values(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """The tuple of the ``names`` attributes of a value, as @dataclass compares them."""
    if len(names) >= 2:
        return operator.attrgetter(*names)
    if names:
        (name,) = names
        return lambda obj: (getattr(obj, name),)
    return lambda obj: ()


def _init_function(cls: type, every: tuple[Field[Any], ...]) -> Callable[..., None]:
    """``__init__``: the init fields in order, keyword-only ones by keyword only, defaults and
    default factories, fields outside ``__init__`` set from their defaults (all in field
    order), then ``__post_init__`` when the class has one."""
    positional = tuple(f.name for f in every if f.init and not f.kw_only)
    accepted = frozenset(f.name for f in every if f.init)
    plan: tuple[tuple[str, bool, Any, Any], ...] = tuple(
        (f.name, f.init, f.default, f.default_factory) for f in every
    )
    required = frozenset(
        f.name for f in every if f.init and f.default is MISSING and f.default_factory is MISSING
    )
    post_init = hasattr(cls, "__post_init__")
    every_positional = len(positional) == len(plan)
    qualname = f"{cls.__qualname__}.__init__()"
    assign = object.__setattr__

    def __init__(self: object, *args: Any, **kwargs: Any) -> None:
        if every_positional and not kwargs and len(required) <= len(args) <= len(plan):
            # the common call: fields by position, the rest from their defaults (a field
            # without a default never follows one with a default)
            for name, value in zip(positional, args, strict=False):
                assign(self, name, value)
            for name, _, default, factory in plan[len(args) :]:
                assign(self, name, factory() if default is MISSING else default)
            if post_init:
                self.__post_init__()  # type: ignore[attr-defined]
            return
        if len(args) > len(positional):
            raise TypeError(
                f"{qualname} takes {len(positional) + 1} positional arguments but "
                f"{len(args) + 1} were given"
            )
        given = dict(zip(positional, args, strict=False))
        if not kwargs.keys() <= accepted:
            name = min(kwargs.keys() - accepted)
            raise TypeError(f"{qualname} got an unexpected keyword argument {name!r}")
        if twice := kwargs.keys() & given.keys():
            raise TypeError(f"{qualname} got multiple values for argument {min(twice)!r}")
        given.update(kwargs)
        if not required <= given.keys():
            missing = ", ".join(repr(name) for name in sorted(required - given.keys()))
            raise TypeError(f"{qualname} missing required arguments: {missing}")
        for name, init, default, factory in plan:
            if init and name in given:
                assign(self, name, given[name])
            elif default is not MISSING:
                assign(self, name, default)
            elif factory is not MISSING:
                assign(self, name, factory())
        if post_init:
            self.__post_init__()  # type: ignore[attr-defined]

    return __init__


def _repr_function(shown: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({parts})"

    return __repr__


def _eq_function(compared: tuple[str, ...]) -> Callable[[object, object], Any]:
    values = _values(compared)

    def __eq__(self: object, other: object) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash_function(hashed: tuple[str, ...]) -> Callable[[object], int]:
    values = _values(hashed)

    def __hash__(self: object) -> int:
        return hash(values(self))

    return __hash__


def _setattr_function(
    cls: type[Any], names: frozenset[str]
) -> Callable[[object, str, object], None]:
    """Frozen: a field (any attribute, on the class itself) is never assigned after
    ``__init__``."""

    def __setattr__(self: object, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _delattr_function(cls: type[Any], names: frozenset[str]) -> Callable[[object, str], None]:
    def __delattr__(self: object, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


def _getstate_function(names: tuple[str, ...]) -> Callable[[object], list[Any]]:
    """The field values in field order (the state ``@dataclass`` slots classes pickle)."""

    def __getstate__(self: object) -> list[Any]:
        return [getattr(self, name) for name in names]

    return __getstate__


def _setstate_function(names: tuple[str, ...]) -> Callable[[object, list[Any]], None]:
    assign = object.__setattr__

    def __setstate__(self: object, state: list[Any]) -> None:
        for name, value in zip(names, state, strict=False):
            assign(self, name, value)

    return __setstate__
