"""Frozen value classes made without generated code (docs/architecture.md, Speed targets).

``@dataclass(frozen=True, slots=True)`` compiles six or seven methods from source text for every
class (about a millisecond each), and importing :mod:`dataclasses` imports :mod:`inspect`: the
engine's value types made up half of a one-shot ``stalkerzone odds``. :func:`frozen` gives a
class the behaviour of ``@dataclass(frozen=True, slots=True)`` from shared functions bound to
its field names: ``__init__`` (positional and keyword-only fields, defaults, default factories,
``__post_init__``), ``__repr__``, ``__eq__``, ``__hash__``, ``__match_args__``, the frozen
``__setattr__`` / ``__delattr__`` (:class:`dataclasses.FrozenInstanceError`) and pickling.

The classes stay dataclasses for every caller of :mod:`dataclasses`: ``__dataclass_fields__``
is built (and :mod:`dataclasses` imported) the first time someone asks for it, so
:func:`dataclasses.fields`, :func:`dataclasses.replace`, ``asdict`` and ``is_dataclass`` work as
before. :func:`replace` and :func:`fields` here do the same without importing it.

The shared functions loop over the field names, so a value built or hashed in a hot loop (a
game's loadouts, dice and fight sides) would be slower than a dataclass: after
:data:`UPGRADE_AFTER` calls a class gets the ``__init__``, ``__eq__`` and ``__hash__`` that
:mod:`dataclasses` generates for its fields, the same behaviour at a dataclass's speed.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

ClassT = TypeVar("ClassT", bound=type)
ValueT = TypeVar("ValueT")
T = TypeVar("T")

__all__ = ["Field", "field", "fields", "frozen", "replace"]


class _Missing:
    """No default (``dataclasses.MISSING`` without importing :mod:`dataclasses`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class Field:
    """One field of a frozen class: what ``dataclasses.field`` says about it."""

    __slots__ = (
        "compare",
        "default",
        "default_factory",
        "hash",
        "init",
        "kw_only",
        "name",
        "repr",
        "type",
    )

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        init: bool = True,
        repr: bool = True,
        hash: bool | None = None,
        compare: bool = True,
        kw_only: bool = False,
    ) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.kw_only = kw_only

    def named(self, name: str, annotation: Any) -> Field:
        made = Field(
            self.default,
            self.default_factory,
            self.init,
            self.repr,
            self.hash,
            self.compare,
            self.kw_only,
        )
        made.name, made.type = name, annotation
        return made

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r}, init={self.init})"


@overload
def field(
    *,
    default: T,
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
    kw_only: bool = False,
) -> T: ...


@overload
def field(
    *,
    default_factory: Callable[[], T],
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
    kw_only: bool = False,
) -> T: ...


@overload
def field(
    *,
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
    kw_only: bool = False,
) -> Any: ...


def field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
    kw_only: bool = False,
) -> Any:
    """A field with options, as ``dataclasses.field`` (for classes made by :func:`frozen`)."""
    return Field(default, default_factory, init, repr, hash, compare, kw_only)


@overload
@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def frozen(cls: ClassT, /) -> ClassT: ...


@overload
def frozen(*, slots: bool = True) -> Callable[[ClassT], ClassT]: ...


def frozen(cls: ClassT | None = None, /, *, slots: bool = True) -> Any:
    """Make the decorated class a frozen dataclass (slotted unless ``slots=False``), with the
    behaviour ``@dataclass(frozen=True, slots=slots)`` would give it."""

    def make(cls: ClassT) -> ClassT:
        return _make(cls, slots)

    return make if cls is None else make(cls)


def fields(value: object) -> tuple[Field, ...]:
    """The fields of a frozen class or value, in order (as :func:`dataclasses.fields`)."""
    cls = value if isinstance(value, type) else type(value)
    found: tuple[Field, ...] = cls.__frozen_fields__  # type: ignore[attr-defined]
    return found


def replace(value: ValueT, /, **changes: Any) -> ValueT:
    """A copy of a frozen value with ``changes`` (as :func:`dataclasses.replace`)."""
    for f in fields(value):
        if not f.init:
            if f.name in changes:
                raise ValueError(f"field {f.name} is declared with init=False, it cannot be")
        elif f.name not in changes:
            changes[f.name] = getattr(value, f.name)
    made: ValueT = value.__class__(**changes)
    return made


def _make(cls: ClassT, slots: bool) -> ClassT:
    """The frozen class of ``cls``: its fields (its bases' first), then the methods."""
    collected: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for f in base.__dict__.get("__frozen_fields__", ()):
            collected[f.name] = f
    namespace = dict(cls.__dict__)
    own: list[str] = []
    for name, annotation in namespace.get("__annotations__", {}).items():
        if isinstance(annotation, str) and annotation.startswith(("ClassVar", "typing.ClassVar")):
            continue
        value = namespace.get(name, MISSING)
        spec = value if isinstance(value, Field) else Field(default=value)
        collected[name] = spec.named(name, annotation)
        own.append(name)
        if slots or spec.default is MISSING:
            namespace.pop(name, None)
        else:
            namespace[name] = spec.default  # as @dataclass leaves a default on the class
    every = tuple(collected.values())
    _check_order(cls, every)
    if slots:
        inherited = {s for base in cls.__mro__[1:] for s in base.__dict__.get("__slots__", ())}
        namespace["__slots__"] = tuple(name for name in own if name not in inherited)
        namespace.pop("__dict__", None)
        namespace.pop("__weakref__", None)
        made = type(cls)(cls.__name__, cls.__bases__, namespace)
        made.__qualname__ = cls.__qualname__
    else:
        made = cls
        for name in own:
            if name in namespace:
                setattr(made, name, namespace[name])
            elif name in made.__dict__:
                delattr(made, name)
    _add_methods(made, every, slots)
    return made


def _check_order(cls: type, every: tuple[Field, ...]) -> None:
    """As @dataclass: a positional field without a default never follows one with a default."""
    seen_default = False
    for f in every:
        if not f.init or f.kw_only:
            continue
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if seen_default and not has_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
        seen_default = seen_default or has_default


def _add_methods(cls: type, every: tuple[Field, ...], slots: bool) -> None:
    """Set the fields and the methods on ``cls`` (a method the class writes itself wins)."""
    names = tuple(f.name for f in every)
    shown = tuple(f.name for f in every if f.repr)
    compared = tuple(f.name for f in every if f.compare)
    hashed = tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))
    own = cls.__dict__
    for name in ("__setattr__", "__delattr__"):
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    uses = _Uses(cls)
    methods: dict[str, Any] = {
        "__init__": _init_function(cls, every, uses),
        "__repr__": _repr_function(shown),
        "__eq__": _eq_function(compared, uses),
        "__setattr__": _setattr_function(cls, frozenset(names)),
        "__delattr__": _delattr_function(cls, frozenset(names)),
    }
    if own.get("__hash__") is None:  # none written, or set to None by a written __eq__
        methods["__hash__"] = _hash_function(hashed, uses)
    if slots:  # as @dataclass pickles a frozen slots class
        methods["__getstate__"] = _getstate_function(names)
        methods["__setstate__"] = _setstate_function(names)
    for name, method in methods.items():
        if name in own and name != "__hash__":
            continue
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
        if name in _GENERATED:
            uses.shared.append(name)
    type.__setattr__(cls, "__frozen_fields__", every)
    if "__match_args__" not in own:
        match_args = tuple(f.name for f in every if f.init and not f.kw_only)
        type.__setattr__(cls, "__match_args__", match_args)
    type.__setattr__(cls, "__dataclass_fields__", _DataclassFields())
    type.__setattr__(cls, "__dataclass_params__", _DataclassParams())


UPGRADE_AFTER = 2000
"""Calls of a class's shared ``__init__``, ``__eq__`` and ``__hash__`` after which the class gets
the ones ``@dataclass`` generates instead (the same behaviour, faster per call): a value used in
a hot loop pays the shared functions only for its first calls, and a one-shot command never
imports :mod:`dataclasses`."""
_GENERATED = ("__init__", "__eq__", "__hash__")


def _shadow(owner: type, **params: bool) -> Any:
    """A dataclass made by :mod:`dataclasses` with the fields of ``owner`` (and its
    ``__post_init__``): where the generated methods and the ``Field`` objects come from."""
    import dataclasses

    every = fields(owner)
    namespace: dict[str, Any] = {
        "__annotations__": {f.name: f.type for f in every},
        "__qualname__": owner.__qualname__,
        "__module__": owner.__module__,
    }
    if hasattr(owner, "__post_init__"):
        namespace["__post_init__"] = owner.__post_init__
    for f in every:
        namespace[f.name] = dataclasses.field(
            default=dataclasses.MISSING if f.default is MISSING else f.default,
            default_factory=(
                dataclasses.MISSING if f.default_factory is MISSING else f.default_factory
            ),
            init=f.init,
            repr=f.repr,
            hash=f.hash,
            compare=f.compare,
            kw_only=f.kw_only,
        )
    return dataclasses.dataclass(**params)(type(owner.__name__, (), namespace))


class _Uses:
    """How often one class's shared methods ran; at :data:`UPGRADE_AFTER` the class gets the
    generated ones (owned by the class's methods, so it lives as long as the class)."""

    __slots__ = ("cls", "count", "shared")

    def __init__(self, cls: type) -> None:
        self.cls = cls
        self.count = 0
        self.shared: list[str] = []  # the methods of _GENERATED that the class did not write

    def upgrade(self) -> None:
        """Put the generated ``__init__``, ``__eq__`` and ``__hash__`` on the class."""
        shadow = _shadow(self.cls, frozen=True, repr=False)
        for name in self.shared:
            type.__setattr__(self.cls, name, shadow.__dict__[name])


class _DataclassFields:
    """``__dataclass_fields__``, built for :mod:`dataclasses` the first time it is read."""

    def __get__(self, obj: object, owner: type) -> dict[str, Any]:
        result: dict[str, Any] = _shadow(
            owner, init=False, repr=False, eq=False
        ).__dataclass_fields__
        type.__setattr__(owner, "__dataclass_fields__", result)
        return result


class _DataclassParams:
    """``__dataclass_params__`` (frozen, with ``__eq__``), built when first read."""

    def __get__(self, obj: object, owner: type) -> Any:
        import dataclasses

        params: Any = dataclasses.dataclass(frozen=True)(type(owner.__name__, (), {}))
        result = params.__dataclass_params__
        type.__setattr__(owner, "__dataclass_params__", result)
        return result


def _values(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """The tuple of the ``names`` attributes of a value, as @dataclass compares them."""
    if len(names) >= 2:
        return operator.attrgetter(*names)
    if names:
        (name,) = names
        return lambda obj: (getattr(obj, name),)
    return lambda obj: ()


def _init_function(cls: type, every: tuple[Field, ...], uses: _Uses) -> Callable[..., None]:
    """``__init__``: the init fields in order, keyword-only ones by keyword only, defaults and
    default factories, fields outside ``__init__`` set from their defaults, then
    ``__post_init__`` when the class has one."""
    positional = tuple(f.name for f in every if f.init and not f.kw_only)
    accepted = frozenset(f.name for f in every if f.init)
    # (name, default, factory, required: an init field without a default) per field in order
    steps = tuple(
        (
            f.name,
            f.default,
            f.default_factory,
            f.init and f.default is MISSING and f.default_factory is MISSING,
        )
        for f in every
    )
    # for n arguments by position: the names they fill and every other field's step, made on
    # the first call with n (a class has as many of them as positional fields: made up front,
    # they were most of the cost of making a class at import)
    given: dict[int, frozenset[str]] = {}
    remaining: dict[int, tuple[tuple[str, Any, Any, bool], ...]] = {}

    def given_first(n: int) -> frozenset[str]:
        found = given.get(n)
        if found is None:
            found = given[n] = frozenset(positional[:n])
        return found

    def rest(n: int) -> tuple[tuple[str, Any, Any, bool], ...]:
        found = remaining.get(n)
        if found is None:
            first = given_first(n)
            found = remaining[n] = tuple(step for step in steps if step[0] not in first)
        return found

    post_init = hasattr(cls, "__post_init__")
    qualname = f"{cls.__qualname__}.__init__()"
    assign = object.__setattr__

    def refuse(args: tuple[Any, ...], kwargs: dict[str, Any]) -> TypeError:
        """The TypeError of a call that does not fit the fields."""
        if len(args) > len(positional):
            return TypeError(
                f"{qualname} takes {len(positional) + 1} positional arguments but "
                f"{len(args) + 1} were given"
            )
        if not kwargs.keys() <= accepted:
            name = min(kwargs.keys() - accepted)
            return TypeError(f"{qualname} got an unexpected keyword argument {name!r}")
        if twice := kwargs.keys() & given_first(len(args)):
            return TypeError(f"{qualname} got multiple values for argument {min(twice)!r}")
        missing = [
            name for name, _, _, required in rest(len(args)) if required and name not in kwargs
        ]
        return TypeError(f"{qualname} missing required arguments: {', '.join(map(repr, missing))}")

    def __init__(self: object, *args: Any, **kwargs: Any) -> None:
        uses.count += 1
        if uses.count == UPGRADE_AFTER:
            uses.upgrade()
        if len(args) > len(positional) or (
            kwargs
            and not (kwargs.keys() <= accepted and kwargs.keys().isdisjoint(given_first(len(args))))
        ):
            raise refuse(args, kwargs)
        for name, value in zip(positional, args, strict=False):
            assign(self, name, value)
        for name, default, factory, required in remaining.get(len(args)) or rest(len(args)):
            if name in kwargs:
                assign(self, name, kwargs[name])
            elif default is not MISSING:
                assign(self, name, default)
            elif factory is not MISSING:
                assign(self, name, factory())
            elif required:
                raise refuse(args, kwargs)
            # else outside __init__ and without a default: left unset, as @dataclass does
        if post_init:
            self.__post_init__()  # type: ignore[attr-defined]

    return __init__


def _repr_function(shown: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({parts})"

    return __repr__


def _eq_function(compared: tuple[str, ...], uses: _Uses) -> Callable[[object, object], Any]:
    values = _values(compared)

    def __eq__(self: object, other: object) -> Any:
        uses.count += 1
        if uses.count == UPGRADE_AFTER:
            uses.upgrade()
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash_function(hashed: tuple[str, ...], uses: _Uses) -> Callable[[object], int]:
    values = _values(hashed)

    def __hash__(self: object) -> int:
        uses.count += 1
        if uses.count == UPGRADE_AFTER:
            uses.upgrade()
        return hash(values(self))

    return __hash__


def _frozen_error(message: str) -> Exception:
    from dataclasses import FrozenInstanceError  # only when someone tries

    return FrozenInstanceError(message)


def _setattr_function(
    cls: type[Any], names: frozenset[str]
) -> Callable[[object, str, object], None]:
    """Frozen: a field (any attribute, on the class itself) is never assigned after
    ``__init__``."""

    def __setattr__(self: object, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise _frozen_error(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _delattr_function(cls: type[Any], names: frozenset[str]) -> Callable[[object, str], None]:
    def __delattr__(self: object, name: str) -> None:
        if type(self) is cls or name in names:
            raise _frozen_error(f"cannot delete field {name!r}")
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
