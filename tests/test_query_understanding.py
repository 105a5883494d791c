"""Query understanding: synonyms (ES ↔ EN, user pairs), relative dates, CJK tokens, date hints."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest

from mdrecall import Config
from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored, apply_date_hints
from mdrecall.text.date_phrases.dates import DateHints, resolve_relative_dates
from mdrecall.text.query import MAX_SYNONYMS, build_keyword_query, cjk_fts_expression
from mdrecall.text.stopwords import STOP_WORDS, STOP_WORDS_BY_LANGUAGE
from mdrecall.text.synonyms import BUILTIN_GROUPS, DEFAULT_SYNONYMS, SynonymTable, fold, synonym_table
from mdrecall.text.tokens import cjk_index_text, tokenize

WED = date(2026, 1, 28)  # a Wednesday


def days(*offsets: int) -> tuple[str, ...]:
    return tuple((WED + timedelta(days=o)).isoformat() for o in sorted(offsets))


def span(start: str, end: str) -> tuple[str, ...]:
    a, b = date.fromisoformat(start), date.fromisoformat(end)
    return tuple((a + timedelta(days=k)).isoformat() for k in range((b - a).days + 1))


# ---- synonyms ---------------------------------------------------------------------------------------


def test_builtin_table_has_at_least_40_bilingual_pairs() -> None:
    assert len(BUILTIN_GROUPS) >= 40
    assert len(DEFAULT_SYNONYMS.pairs()) >= 40


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("meeting", "reunión"),
        ("decision", "decisión"),
        ("deadline", "plazo"),
        ("deadline", "fecha límite"),
        ("bug", "error"),
        ("database", "base de datos"),
        ("customer", "cliente"),
        ("invoice", "factura"),
        ("birthday", "cumpleaños"),
        ("doctor", "médico"),
        ("flight", "vuelo"),
    ],
)
def test_synonyms_work_both_ways(english: str, spanish: str) -> None:
    assert spanish in DEFAULT_SYNONYMS.lookup(english)
    assert english in DEFAULT_SYNONYMS.lookup(spanish)


def test_lookup_ignores_accents_case_punctuation_and_plurals() -> None:
    assert "meeting" in DEFAULT_SYNONYMS.lookup("REUNION")
    assert "birthday" in DEFAULT_SYNONYMS.lookup("cumpleanos")
    assert "database" in DEFAULT_SYNONYMS.lookup("Base-de-Datos")
    assert "invoice" in DEFAULT_SYNONYMS.lookup("facturas")
    assert "factura" in DEFAULT_SYNONYMS.lookup("invoices")
    assert fold("Fecha  Límite!") == "fecha limite"
    assert DEFAULT_SYNONYMS.lookup("zanzibar") == ()


def test_expand_matches_phrases_and_skips_words_already_there() -> None:
    syns = DEFAULT_SYNONYMS.expand(tokenize("la base de datos y la reunión"))
    assert "database" in syns and "meeting" in syns
    assert "reunión" not in syns and "reunion" not in syns
    assert "reunión" not in DEFAULT_SYNONYMS.expand(tokenize("reunion"))  # the same word to the index
    assert "reunión" in DEFAULT_SYNONYMS.expand(tokenize("reuniones"))  # no Spanish stemmer there


def test_english_forms_the_stemmer_misses_find_each_other(tmp_path: Path) -> None:
    from mdrecall import Memory

    from helpers import write

    write(
        tmp_path, "MEMORY.md", "# Memory\n\n- 2026-09-02: we chose PostgreSQL; the decision was unanimous.\n"
    )
    with Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}})) as mem:
        for query in ("what did we choose", "what did we decide", "our choice of database"):
            assert [h.path for h in mem.search(query)] == ["MEMORY.md"], query
    assert set(DEFAULT_SYNONYMS.lookup("choose")) >= {"chose", "chosen", "choice"}
    assert "decision" in DEFAULT_SYNONYMS.lookup("decide")


def test_user_synonyms_from_config_are_merged_and_symmetric() -> None:
    cfg = Config().merged(
        {"search": {"synonyms": {"coche": ["vehículo"], "kestrel": ["cernícalo", "proyecto k"]}}}
    )
    table = synonym_table(cfg.search.synonyms)
    assert isinstance(table, SynonymTable) and len(table) == len(DEFAULT_SYNONYMS) + 2
    assert "vehículo" in table.lookup("coche") and "coche" in table.lookup("vehiculo")
    assert "car" in table.lookup("coche")  # the built-in group still answers
    assert set(table.lookup("cernícalo")) == {"kestrel", "proyecto k"}
    assert "car" not in table.lookup("vehículo")  # groups are not chained
    assert synonym_table(cfg.search.synonyms) is table  # cached
    assert synonym_table({}) is DEFAULT_SYNONYMS
    q = build_keyword_query("kestrel status", synonyms=cfg.search.synonyms)
    assert q.terms == ("kestrel", "status")
    assert '"cernícalo"' in (q.fts or "") and '"proyecto k"' in (q.fts or "")


def test_synonyms_are_ored_into_fts_terms_stay_the_users() -> None:
    q = build_keyword_query("database deadline", synonyms=DEFAULT_SYNONYMS)
    assert q.terms == ("database", "deadline")
    assert "base de datos" in q.synonyms and "plazo" in q.synonyms
    assert q.all_terms == q.terms + q.synonyms
    assert q.fts is not None
    assert q.fts.startswith('"database" OR "deadline" OR ')
    assert '"base de datos"' in q.fts and '"fecha límite"' in q.fts
    assert len(q.synonyms) <= MAX_SYNONYMS


def test_defaults_are_backwards_compatible() -> None:
    q = build_keyword_query("what meetings did we have yesterday?")
    assert q.terms == ("meetings", "yesterday")
    assert q.synonyms == () and q.dates == ()
    assert q.fts == '"meetings" OR "yesterday"'


# ---- dates ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what did I do today", days(0)),
        ("¿qué hice hoy?", days(0)),
        ("yesterday", days(-1)),
        ("qué pasó ayer", days(-1)),
        ("the day before yesterday", days(-2)),
        ("antier", days(-2)),
        ("anteayer", days(-2)),
        ("antes de ayer", days(-2)),
        ("3 days ago", days(-3)),
        ("two days ago", days(-2)),
        ("hace 3 días", days(-3)),
        ("hace dos dias", days(-2)),
        ("esta mañana", days(0)),
        ("mañana", days(1)),
        ("on Monday", days(-2)),
        ("el lunes", days(-2)),
        ("el lunes pasado", days(-2)),
        ("last Wednesday", days(-7)),  # the most recent one *before* today
        ("el miércoles", days(-7)),
        ("friday", days(-5)),
        ("el sábado", days(-4)),
        ("next monday", days(5)),
        ("last week", span("2026-01-19", "2026-01-25")),
        ("la semana pasada", span("2026-01-19", "2026-01-25")),
        ("this week", span("2026-01-26", "2026-01-28")),
        ("esta semana", span("2026-01-26", "2026-01-28")),
        ("past week", span("2026-01-22", "2026-01-28")),
        ("last 3 days", span("2026-01-26", "2026-01-28")),
        ("últimos 3 días", span("2026-01-26", "2026-01-28")),
        ("last weekend", span("2026-01-24", "2026-01-25")),
        ("el fin de semana pasado", span("2026-01-24", "2026-01-25")),
        ("last month", span("2025-12-01", "2025-12-31")),
        ("el mes pasado", span("2025-12-01", "2025-12-31")),
        ("this month", span("2026-01-01", "2026-01-28")),
        ("hace dos semanas", span("2026-01-12", "2026-01-18")),
        ("2026-01-26", ("2026-01-26",)),
        ("January 26", ("2026-01-26",)),
        ("Jan 26th, 2025", ("2025-01-26",)),
        ("26 de enero", ("2026-01-26",)),
        ("26 de enero de 2025", ("2025-01-26",)),
        ("March 3", ("2025-03-03",)),  # no year: the latest one up to today
        ("in december", span("2025-12-01", "2025-12-31")),
        ("en enero", span("2026-01-01", "2026-01-28")),
        ("in January 2022", span("2022-01-01", "2022-01-31")),
        ("what happened in november 2024", span("2024-11-01", "2024-11-30")),
        ("the beginning of November 2024", span("2024-11-01", "2024-11-30")),
        ("en enero de 2022", span("2022-01-01", "2022-01-31")),
        ("between August 11 and August 15 2025", span("2025-08-11", "2025-08-15")),
        ("from March 3 to March 5", span("2025-03-03", "2025-03-05")),
        ("between December 28 and January 3 2026", span("2025-12-28", "2026-01-03")),
        ("between March 3 2025 and February 1 2025", ("2025-02-01", "2025-03-03")),  # backwards: the two days
        ("what did she finish last Friday on 23 January, 2025?", ("2025-01-17", "2025-01-23")),
        ("the Sunday before October 26, 2025", ("2025-10-19", "2025-10-26")),
        (
            "last week, as mentioned on November 6, 2025",
            span("2025-10-27", "2025-11-06")[:7] + ("2025-11-06",),
        ),
        ("what did we decide yesterday about the March 3 2025 launch", ("2025-03-03", "2026-01-27")),
        ("昨天", days(-1)),
        ("一昨日の会議", days(-2)),
        ("어제", days(-1)),
    ],
)
def test_relative_dates(text: str, expected: tuple[str, ...]) -> None:
    assert resolve_relative_dates(text, WED).iso == expected


@pytest.mark.parametrize(
    "text",
    [
        "por la mañana",
        "May I ask about the API?",
        "march forward",
        "the 5 whys",
        "version 2026",
        "domingos",
        "",
    ],
)
def test_not_dates(text: str) -> None:
    assert not resolve_relative_dates(text, WED)


def test_date_hints_record_phrases() -> None:
    hints = resolve_relative_dates("¿Qué decidimos ayer y la semana pasada?", WED)
    assert isinstance(hints, DateHints)
    assert hints.phrases == ("ayer", "semana pasada")
    assert hints.dates[0] == date(2026, 1, 19) and hints.dates[-1] == date(2026, 1, 27)


def test_date_words_are_not_keywords() -> None:
    q = build_keyword_query("What did we decide about the API yesterday?", today=WED)
    assert q.terms == ("decide", "api")
    assert q.dates == days(-1) and q.date_phrases == ("yesterday",)
    q = build_keyword_query("¿qué reuniones tuvimos el lunes pasado?", today=WED, synonyms=DEFAULT_SYNONYMS)
    assert q.terms == ("reuniones", "tuvimos")
    assert "meeting" in q.synonyms
    assert q.dates == days(-2)
    q = build_keyword_query("invoices from 2 days ago and last week", today=WED)
    assert q.terms == ("invoices",)
    assert len(q.dates) == 8
    q = build_keyword_query("What did Joanna finish in January 2022?", today=WED)
    assert q.terms == ("joanna", "finish") and len(q.dates) == 31  # "2022" is the month's year
    q = build_keyword_query("Where was John between August 11 and August 15 2025?", today=WED)
    assert q.terms == ("john",) and q.dates == span("2025-08-11", "2025-08-15")
    q = build_keyword_query("yesterday", today=WED)
    assert q.empty and q.fts is None and q.dates == days(-1)


@pytest.mark.parametrize(
    "hostile",
    [
        '"',
        "*",
        "AND OR NOT",
        "NEAR(a b)",
        "hace -3 días",
        "9999 days ago",
        "0 days ago",
        "2026-02-31",
        "今天*",
    ],
)
def test_hostile_input_is_still_safe(hostile: str) -> None:
    q = build_keyword_query(hostile, today=WED, synonyms={"x": ['"', "*"]})
    for expr in (q.fts, q.cjk_fts):
        assert expr is None or expr.startswith('"')
    for term in q.terms:
        assert f'"{term}"' in (q.fts or "") + (q.cjk_fts or "")


def test_very_long_input_is_capped() -> None:
    text = " ".join(["yesterday meeting 2026-01-26 reunión 会议"] * 5000)
    q = build_keyword_query(text, today=WED, synonyms=DEFAULT_SYNONYMS)
    assert len(q.terms) <= 32 and len(q.synonyms) <= MAX_SYNONYMS
    assert q.dates == ("2026-01-26", "2026-01-27")


# ---- stop words -------------------------------------------------------------------------------------


def test_italian_and_dutch_stop_words() -> None:
    assert {"it", "nl"} <= set(STOP_WORDS_BY_LANGUAGE)
    assert build_keyword_query("Cosa abbiamo deciso sulla banca dati?").terms == ("deciso", "banca", "dati")
    assert build_keyword_query("Wat hebben we besloten over de database?").terms == ("besloten", "database")


@pytest.mark.parametrize(
    "word",
    [
        "son",
        "war",
        "car",
        "sin",
        "hat",
        "bin",
        "era",
        "come",
        "dove",
        "met",
        "van",
        "op",
        "ci",
        "ai",
        "io",
        "vi",
        "mit",
    ],
)
def test_meaningful_english_words_are_never_stop_words(word: str) -> None:
    assert word not in STOP_WORDS


# ---- CJK tokens -------------------------------------------------------------------------------------


def test_cjk_runs_become_bigrams() -> None:
    assert tokenize("明天的会议") == ["明天", "天的", "的会", "会议"]
    assert tokenize("API设计 review") == ["api", "设计", "review"]
    assert tokenize("猫") == ["猫"]
    assert tokenize("회의는 내일") == ["회의", "의는", "내일"]
    assert tokenize("snake_case Ünïcode") == ["snake", "case", "ünïcode"]
    assert cjk_index_text("no cjk here") == ""
    assert cjk_index_text("我的猫 and 会议") == "我的 的猫 猫 会议 议"


def test_cjk_query_terms_and_expressions() -> None:
    q = build_keyword_query("会議はいつですか")
    assert q.terms == ("会議", "議は")  # Hiragana-only bigrams (はい, です) are dropped
    assert q.fts is None and q.cjk_fts == '"会議" OR "議は"'
    q = build_keyword_query("API设计")
    assert q.fts == '"api"' and q.cjk_fts == '"设计"'
    assert cjk_fts_expression(["猫", "数据库", "api"]) == '"猫"* OR "数据 据库"'
    assert build_keyword_query("的").empty  # a Chinese function word


# ---- date hints in ranking --------------------------------------------------------------------------


def _scored(path: str, day: str | None, score: float) -> Scored:
    return Scored(Chunk(path, "memory", 1, 2, "text", "h" + path, date=day), score, {"text": score})


def test_date_boost_reorders_and_keeps_scores_in_range() -> None:
    items = [
        _scored("a.md", "2026-01-20", 0.9),
        _scored("b.md", "2026-01-27", 0.7),
        _scored("MEMORY.md", None, 0.5),
    ]
    out = apply_date_hints(items, days(-1), factor=1.5)
    assert [s.chunk.path for s in out] == ["b.md", "a.md", "MEMORY.md"]
    assert out[0].score == pytest.approx(1.0) and out[1].score == pytest.approx(0.9 / 1.05)
    assert all("date" in s.stages for s in out)
    small = apply_date_hints(items, days(-1), factor=1.2)
    assert small[0].chunk.path == "a.md" and small[1].score == pytest.approx(0.84)


def test_date_filter_keeps_matching_days_unless_none_match() -> None:
    items = [
        _scored("a.md", "2026-01-20", 0.9),
        _scored("b.md", "2026-01-27", 0.7),
        _scored("c.md", None, 0.5),
    ]
    assert [s.chunk.path for s in apply_date_hints(items, span("2026-01-19", "2026-01-25"), "filter")] == [
        "a.md"
    ]
    assert apply_date_hints(items, ["2025-01-01"], "filter") == items
    assert apply_date_hints(items, [], "boost") == items
    assert apply_date_hints(items, days(-1), "off") == items
    with pytest.raises(ValueError, match="boost"):
        apply_date_hints(items, days(-1), "sometimes")
