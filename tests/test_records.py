"""The config, request and report records: dataclasses whose methods are closures, not code compiled at
import (``dataclasses`` compiles each generated method: ~0.3 ms a class, ~10 ms of every command's start)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import pytest

import mdrecall.cli.app
import mdrecall.config.settings
import mdrecall.config.sources
import mdrecall.models
import mdrecall.request
import mdrecall.search.pipeline
import mdrecall.search.runner
from mdrecall.config.settings import ChunkingConfig, Config, SearchConfig
from mdrecall.records import hot_record, record

METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")
#: Records made per chunk, hit or file compile their ``__init__`` (the faster one to call) when the first is
#: made; the mutable ones (made once a command) compile theirs at import.
COMPILED_INIT = {"Chunk", "Candidate", "Hit", "Scored", "IndexedFile"}
COMPILED_INIT |= {"IndexReport", "State", "SearchResult", "Companions"}


def compiled(cls: type) -> list[str]:
    """The methods of ``cls`` that ``dataclasses`` compiled from source (their code says ``<string>``)."""
    found = []
    for name in METHODS:
        fn = cls.__dict__.get(name)
        code = getattr(getattr(fn, "__wrapped__", fn), "__code__", None)
        if code is not None and code.co_filename == "<string>":
            found.append(name)
    return found


def test_the_start_up_records_compile_no_method_at_import() -> None:
    modules = (mdrecall.config.settings, mdrecall.config.sources, mdrecall.request, mdrecall.models)
    modules += (mdrecall.cli.app, mdrecall.search.pipeline, mdrecall.search.runner)
    classes = [
        c
        for m in modules
        for c in vars(m).values()
        if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == m.__name__
    ]
    assert len(classes) >= 40
    made = {c.__qualname__: compiled(c) for c in classes}
    allowed = {name: ["__init__"] for name in COMPILED_INIT}
    assert {name: m for name, m in made.items() if m and m != allowed.get(name)} == {}


@dataclasses.dataclass(frozen=True)
class Stock:
    a: int
    b: str = "x"
    c: dict[str, int] = dataclasses.field(default_factory=dict)
    d: tuple[str, ...] = ()


@record
class Lean:
    a: int
    b: str = "x"
    c: dict[str, int] = dataclasses.field(default_factory=dict)
    d: tuple[str, ...] = ()


@hot_record
class Hot:
    a: int
    b: str = "x"
    c: dict[str, int] = dataclasses.field(default_factory=dict)
    d: tuple[str, ...] = ()


@pytest.mark.parametrize("Lean", [Lean, Hot])
def test_a_record_behaves_as_a_frozen_dataclass(Lean: Any) -> None:  # noqa: N803 - the class under test
    for args, kwargs in (((1,), {}), ((1, "y"), {"d": ("p",)}), ((), {"a": 2, "c": {"k": 1}})):
        stock, lean = Stock(*args, **kwargs), Lean(*args, **kwargs)
        assert repr(lean) == repr(stock).replace("Stock", Lean.__name__)
        assert dataclasses.asdict(lean) == dataclasses.asdict(stock)
        assert lean == Lean(*args, **kwargs) and lean != Lean(99) and lean != stock
        assert pickle.loads(pickle.dumps(lean)) == lean == copy.deepcopy(lean)
        assert dataclasses.replace(lean, b="z") == Lean(lean.a, "z", lean.c, lean.d)
    assert Lean(1).c is not Lean(1).c  # a fresh default each time
    for cls in (Stock, Lean):
        with pytest.raises(TypeError, match="unhashable type: 'dict'"):
            hash(cls(1))  # hashed by value, and a dict has none
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'a'"):
        Lean(1).a = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'b'"):
        del Lean(1).b  # type: ignore[misc]
    assert Lean.__match_args__ == Stock.__match_args__
    bad: list[tuple[tuple[Any, ...], dict[str, Any]]] = [((), {}), ((1, "y", {}, (), 5), {})]
    bad += [((1,), {"a": 1}), ((1,), {"e": 1})]
    for args, kwargs in bad:
        with pytest.raises(TypeError):
            Stock(*args, **kwargs)
        with pytest.raises(TypeError):
            Lean(*args, **kwargs)


def test_a_hot_record_compiles_its_init_when_the_first_is_made() -> None:
    @hot_record
    class Fresh:
        a: int
        b: str = "x"

    assert compiled(Fresh) == []
    assert Fresh(1, b="y") == Fresh(1, "y") and repr(Fresh(2)).endswith(".Fresh(a=2, b='x')")
    assert compiled(Fresh) == ["__init__"]  # what @dataclass(frozen=True) makes, signature and all
    assert str(inspect.signature(Fresh)) == "(a: 'int', b: 'str' = 'x') -> None"
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'a'"):
        Fresh()  # type: ignore[call-arg]


def test_the_config_compares_and_prints_by_value() -> None:
    """A server reuses its memory when the command's config equals its own; an embedder's key is its repr."""
    assert Config() == Config() and Config() != Config().merged({"search": {"max_results": 3}})
    assert repr(ChunkingConfig()) == "ChunkingConfig(tokens=300, overlap=60, parent_tokens=500)"
    assert hash(ChunkingConfig()) == hash((300, 60, 500))
    assert SearchConfig().synonyms is not SearchConfig().synonyms
