from __future__ import annotations

import pytest

from mdrecall.text.query import MAX_TERMS, build_keyword_query, fts_expression, tokenize


def test_stop_words_and_short_tokens_are_dropped() -> None:
    q = build_keyword_query("What did we decide about the API?")
    assert q.terms == ("decide", "api")
    assert q.fts == '"decide" OR "api"'


def test_spanish_stop_words() -> None:
    assert build_keyword_query("¿Qué decidimos sobre la base de datos?").terms == (
        "decidimos",
        "base",
        "datos",
    )


@pytest.mark.parametrize(
    "hostile",
    ['"', '""', "*", ":", "-", "AND", "OR NOT", "NEAR(a b)", "a:b", "-x", 'he said "hi', "(((", "^", "'"],
)
def test_fts_syntax_is_always_quoted(hostile: str) -> None:
    q = build_keyword_query(hostile)
    for term in q.terms:
        assert q.fts is not None and f'"{term}"' in q.fts


def test_quotes_inside_terms_are_doubled() -> None:
    assert fts_expression(['a"b']) == '"a""b"'


def test_punctuation_only_and_stop_word_only_queries_are_empty() -> None:
    assert build_keyword_query("?!.,;:*").empty
    assert build_keyword_query("what is it").fts is None


def test_long_query_is_capped() -> None:
    q = build_keyword_query(" ".join(f"word{i}" for i in range(5000)))
    assert len(q.terms) == MAX_TERMS


def test_unicode_tokens() -> None:
    assert tokenize("Ünïcode café ДОМ") == ["ünïcode", "café", "дом"]
    assert tokenize("snake_case_name") == ["snake", "case", "name"]
