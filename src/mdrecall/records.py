"""Frozen records whose methods are closures, not code compiled at import: what ``@dataclass`` makes for a
record (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, frozen ``__setattr__``/``__delattr__``)
without its ``exec`` per method (~50–60 µs each; ~15 ms of a one-shot command's start-up)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from reprlib import recursive_repr
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:  # typing has it from Python 3.11; only a type checker reads it

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


__all__ = ["hot_record", "plain_methods", "record"]

_T = TypeVar("_T")
#: Makes a record's ``__init__`` from its class and fields.
_MakeInit = Callable[[type[Any], tuple[Any, ...]], Callable[..., None]]


def plain_methods(cls: type[_T]) -> type[_T]:
    """Give a dataclass declared ``repr=False, eq=False`` the ``__repr__``, ``__eq__`` and ``__hash__``
    that ``@dataclass`` would have made, as closures over its field names.

    Same results as the generated methods, without compiling three functions per class at import
    (``dataclasses`` runs ``exec`` for each: ~0.3 ms a class, ~10 ms of a command's start-up for the
    config and the records). A method the class defines itself is kept, as ``@dataclass`` keeps it.
    """
    return _add_methods(cls, frozen=cls.__dataclass_params__.frozen)  # type: ignore[attr-defined]


def _add_methods(cls: type[_T], *, frozen: bool) -> type[_T]:
    flds = fields(cls)  # type: ignore[arg-type]
    shown = tuple(f.name for f in flds if f.repr)
    compared = _values(tuple(f.name for f in flds if f.compare))
    hashed = _values(tuple(f.name for f in flds if (f.compare if f.hash is None else f.hash)))
    own = cls.__dict__
    explicit_hash = not (
        own.get("__hash__", MISSING) is MISSING or (own["__hash__"] is None and "__eq__" in own)
    )

    @recursive_repr()
    def __repr__(self: Any) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    methods: dict[str, Any] = {"__repr__": __repr__, "__eq__": __eq__}
    for name, method in methods.items():
        if name not in own:
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
    if not explicit_hash:  # as @dataclass(eq=True): hashed by value when frozen, unhashable when not
        if frozen:
            __hash__.__qualname__ = f"{cls.__qualname__}.__hash__"
            cls.__hash__ = __hash__  # type: ignore[method-assign]
        else:
            cls.__hash__ = None  # type: ignore[assignment]
    return cls


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[_T]) -> type[_T]:
    """``@dataclass(frozen=True)`` for a record made a few times a command (a config section, a request),
    with every method a closure over its fields: none is compiled at import.

    :func:`plain_methods`'s three, and ``__init__`` (positional or keyword arguments, defaults, default
    factories, ``__post_init__``), ``__setattr__`` and ``__delattr__`` (:class:`FrozenInstanceError`) as
    ``frozen=True`` makes them. ``fields``, ``replace``, ``asdict`` and ``is_dataclass`` work as on any
    dataclass. Its ``__init__`` costs ~0.5 µs more a call than a compiled one: see :func:`hot_record`.
    """
    return _frozen(cls, _closure_init)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def hot_record(cls: type[_T]) -> type[_T]:
    """A :func:`record` made per chunk, hit or file: its ``__init__`` is the one ``@dataclass(frozen=True)``
    compiles (the faster to call), compiled when the first one is made, so a command that makes none (an
    ``index`` makes no hit) never compiles it."""
    return _frozen(cls, _compiled_on_first_use)


def _frozen(cls: type[_T], make_init: _MakeInit) -> type[_T]:
    dataclass(init=False, repr=False, eq=False)(cls)
    flds = fields(cls)  # type: ignore[arg-type]
    if any(not f.init or f.kw_only for f in flds) or "__init__" in cls.__dict__:
        raise TypeError(f"{cls.__qualname__}: a record has positional init fields only, and no __init__")
    known = frozenset(f.name for f in flds)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in known:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in known:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    for method in (make_init(cls, flds), __setattr__, __delattr__):
        if method.__name__ != "__init__" and method.__name__ in cls.__dict__:
            raise TypeError(f"Cannot overwrite attribute {method.__name__} in class {cls.__name__}")
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)
    return _add_methods(cls, frozen=True)


def _closure_init(cls: type[Any], flds: tuple[Any, ...]) -> Callable[..., None]:
    names = tuple(f.name for f in flds)
    known = frozenset(names)
    defaults = {f.name: f.default for f in flds if f.default is not MISSING}
    factories = {f.name: f.default_factory for f in flds if f.default_factory is not MISSING}
    post_init = hasattr(cls, "__post_init__")
    title = cls.__qualname__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if args:
            if len(args) > len(names):
                raise TypeError(
                    f"{title}() takes {len(names)} positional arguments but {len(args)} were given"
                )
            for name, value in zip(names, args, strict=False):
                if name in kwargs:
                    raise TypeError(f"{title}() got multiple values for argument '{name}'")
                kwargs[name] = value
        if not known.issuperset(kwargs):
            extra = next(k for k in kwargs if k not in known)
            raise TypeError(f"{title}() got an unexpected keyword argument '{extra}'")
        values: dict[str, Any] = {}
        for name in names:
            if name in kwargs:
                values[name] = kwargs[name]
            elif name in defaults:
                values[name] = defaults[name]
            elif name in factories:
                values[name] = factories[name]()
            else:
                raise TypeError(f"{title}() missing required argument: '{name}'")
        self.__dict__.update(values)  # as frozen=True's object.__setattr__, field by field
        if post_init:
            self.__post_init__()

    return __init__


def _compiled_on_first_use(cls: type[Any], flds: tuple[Any, ...]) -> Callable[..., None]:
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        compiled = _compiled_init(cls, flds)
        cls.__init__ = compiled  # two threads at once compile it twice: the same function
        compiled(self, *args, **kwargs)

    return __init__


def _compiled_init(cls: type[Any], flds: tuple[Any, ...]) -> Callable[..., None]:
    """The ``__init__`` ``@dataclass(frozen=True)`` makes for ``cls``'s fields, compiled for a twin class
    (it names no class: it sets each field with ``object.__setattr__`` and calls ``self.__post_init__``)."""
    body: dict[str, Any] = {"__annotations__": {f.name: f.type for f in flds}, "__module__": cls.__module__}
    for f in flds:
        if f.default is not MISSING:
            body[f.name] = f.default
        elif f.default_factory is not MISSING:
            body[f.name] = field(default_factory=f.default_factory)
    if hasattr(cls, "__post_init__"):
        body["__post_init__"] = cls.__post_init__
    twin: type[Any] = type(cls.__name__, (), body)
    dataclass(frozen=True, repr=False, eq=False, match_args=False)(twin)
    init: Callable[..., None] = twin.__init__
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function that gives an object's attributes ``names`` as a tuple (in C, for two or more)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda _obj: ()
