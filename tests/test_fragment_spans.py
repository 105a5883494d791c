"""A later word of a longer name read only inside it (:mod:`mdrecall.knowledge.aliases.fragment_links`) is
told by plain substring searches, as whole words: no regular expression compiled per name (a page of thousands
of names overflowed the cache, and compiling took a third of a 1 MB roster's views)."""

from __future__ import annotations

import re

import pytest

from mdrecall.knowledge.aliases import fragment_links
from mdrecall.knowledge.aliases.fragment_links import link_fragments


@pytest.mark.parametrize(
    ("line", "word", "longer", "inside"),
    [
        ("flew to cerro azul on friday", "azul", ["cerro azul"], True),
        ("azul again, then cerro azul", "azul", ["cerro azul"], False),
        ("the azulejo tiles of cerro azul", "azul", ["cerro azul"], True),  # azulejo is another word
        ("cerro azul_2 and cerro azul", "azul", ["cerro azul"], True),  # azul_2 is one word
        ("met at porto alegre's market", "alegre", ["porto alegre"], True),
        ("nothing here", "azul", ["cerro azul"], False),
        ("ñandú azul, río azul", "azul", ["ñandú azul", "río azul"], True),
    ],
)
def test_inside_reads_whole_words(line: str, word: str, longer: list[str], inside: bool) -> None:
    assert fragment_links._inside(line, word, longer) is inside


def test_many_names_compile_no_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    names = [f"brackwater{i} labs" for i in range(2000)]
    out = {n: n for n in names} | {"labs": "labs"}
    lines = {("p.md", i): f"- {n} quoted, as {names[(i + 1) % 2000]} did" for i, n in enumerate(names)}
    compiled: list[str] = []
    real = re._compile  # type: ignore[attr-defined]

    def counting(pattern: object, flags: int) -> object:
        compiled.append(str(pattern))
        return real(pattern, flags)

    monkeypatch.setattr(re, "_compile", counting)
    link_fragments(out, {}, lambda keys: list(lines), lambda where: {w: lines[w] for w in where})
    assert out["labs"] == "brackwater0 labs" and len(compiled) < 10
