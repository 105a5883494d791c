"""Query understanding as pure functions: keywords, stop words, synonyms, dates, FTS5 expressions.

Any string a user or agent can type becomes either a safe FTS5 expression or ``None`` (nothing to
search): every term is double-quoted, so ``*``, ``:``, ``-``, ``AND``/``OR``/``NOT``/``NEAR``,
parentheses and quotes are only ever words, never syntax. Terms are OR-ed: BM25 ranks chunks that
hold more (and rarer) terms first, while a chunk holding only some of them can still be found.

Given ``today``, words that only say *when* ("yesterday", "la semana pasada", "el lunes") become
:attr:`KeywordQuery.dates` instead of keywords; given a synonym table, the synonyms of the keywords
(and of phrases such as "base de datos") are OR-ed in. CJK terms (bigrams, see :mod:`mdrecall.text.tokens`)
are kept apart in :attr:`KeywordQuery.cjk_fts`, for a store's CJK index.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from mdrecall.text.date_phrases.date_direction import BACK_PREP, direction_of
from mdrecall.text.date_phrases.dates import resolve_tokens
from mdrecall.text.kind_words import asked_instances, code_languages
from mdrecall.text.past_verbs import past_verb
from mdrecall.text.stopwords import STOP_WORDS
from mdrecall.text.synonyms import SynonymTable, synonym_table
from mdrecall.text.tense import without_now_phrases
from mdrecall.text.tokens import is_cjk, is_hiragana, tokenize

__all__ = [
    "INTENT_CUES",
    "asks_about_self",
    "asks_for_code_language",
    "asks_for_list",
    "KeywordQuery",
    "PREFIX_MIN",
    "build_keyword_query",
    "cjk_fts_expression",
    "fts_expression",
    "query_intent",
    "numbered_names",
    "stop_word_compounds",
    "tokenize",
    "MAX_SYNONYMS",
    "MAX_TERMS",
]

MAX_TERMS = 32
MAX_SYNONYMS = 16
#: Terms at least this long also match as prefixes ("postgres" finds "PostgreSQL"; shorter ones such
#: as "plan" would find "planet").
PREFIX_MIN = 6

#: What a question asks for, by its wording: ``prefer`` (a recommendation, a preference: the user's
#: stated likes and dislikes answer it) or ``gather`` (a count, a total, a list: several facts).
_INTENTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "prefer",
        re.compile(
            r"\b(?:recommend\w*|suggest\w*|should (?:i|we)|ideas? for|tips? for|prefer\w*|favou?rite"
            r"|(?:would|might) (?:i|we|he|she|they) (?:like|enjoy|want)"
            r"|(?:what|which)(?: [\w'’-]+){0,3} (?:do|does) \w+ (?:like|enjoy))\b",
            re.IGNORECASE,
        ),
    ),
    (
        "gather",
        re.compile(
            r"\b(?:how many|how much|how often|in total|altogether|all (?:the|of)|list (?:all|the|every)"
            r"|what are (?:all|some)|every time)\b",
            re.IGNORECASE,
        ),
    ),
)
#: Words added to a ``prefer`` question's keywords: how capture labels a preference, and how people
#: state one.
INTENT_CUES: dict[str, tuple[str, ...]] = {
    "prefer": ("preference", "prefer", "favorite", "favourite", "love", "enjoy", "allergic", "hate"),
}


@dataclass(frozen=True)
class KeywordQuery:
    """The keyword leg's query: the user's terms, their synonyms, the days named, and FTS expressions."""

    text: str
    terms: tuple[str, ...]
    synonyms: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
    date_phrases: tuple[str, ...] = ()
    #: Terms also matched as prefixes (``"postgres"*``), for stores that can.
    prefixes: tuple[str, ...] = ()
    #: Words the question's intent adds (:func:`query_intent`): OR-ed in, shown in snippets.
    cues: tuple[str, ...] = ()
    #: Instances of the kinds the question asks for (:func:`~mdrecall.text.kind_words.asked_instances`:
    #: "what instruments" → clarinet, violin...): OR-ed in, shown in snippets.
    instances: tuple[str, ...] = ()

    @property
    def all_terms(self) -> tuple[str, ...]:
        """The terms, then their synonyms (a synonym may be a phrase: ``"base de datos"``), then cues
        and the instances of the kinds asked for."""
        return self.terms + self.synonyms + self.cues + self.instances

    @property
    def snippet_terms(self) -> tuple[str, ...]:
        """The words a snippet looks for: the user's terms, the intent's cues and the kinds' instances."""
        return self.terms + self.cues + self.instances

    @property
    def fts(self) -> str | None:
        """The FTS5 MATCH expression of the non-CJK terms, synonyms and prefixes, or ``None``."""
        expr = fts_expression([t for t in self.all_terms if not is_cjk(t)])
        extra = " OR ".join('"' + t.replace('"', '""') + '"*' for t in self.prefixes)
        return f"{expr} OR {extra}" if expr and extra else expr

    @property
    def cjk_fts(self) -> str | None:
        """The MATCH expression for a CJK bigram index (:func:`cjk_fts_expression`), or ``None``."""
        return cjk_fts_expression(self.all_terms)

    @property
    def empty(self) -> bool:
        """True when no searchable term is left."""
        return not self.terms


def build_keyword_query(
    text: str,
    stop_words: frozenset[str] = STOP_WORDS,
    *,
    synonyms: SynonymTable | Mapping[str, Sequence[str]] | None = None,
    today: date | None = None,
    prefixes: bool = False,
    intent: str | None = None,
    kinds: bool = False,
) -> KeywordQuery:
    """Keywords of ``text``: tokens of 2+ characters that are not stop words, deduplicated, capped.

    ``today`` turns date phrases into ``dates`` (ISO days) and removes their words from the terms.
    ``synonyms`` is a :class:`~mdrecall.text.synonyms.SynonymTable` or user pairs (``search.synonyms``),
    merged with the built-in table; ``None`` adds no synonyms. A query made only of stop words and
    punctuation has no keywords (and finds nothing by keyword). ``prefixes`` lists the alphabetic
    terms of :data:`PREFIX_MIN`+ letters as prefixes too; ``intent`` (:func:`query_intent`) adds its
    :data:`INTENT_CUES`; ``kinds`` adds the instances of the kinds the question asks for
    (:func:`~mdrecall.text.kind_words.asked_instances`).
    """
    tokens = tokenize(text[:20_000])
    dates: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    if today is not None:
        hints = resolve_tokens(tokens, today)
        if hints.consumed:
            tokens = [t for i, t in enumerate(tokens) if i not in hints.consumed]
        dates, phrases = hints.iso, hints.phrases
        if dates:
            dates = _ahead(text[:20_000], today, dates)
    kept = _keywords(without_now_phrases(tokens), stop_words)
    terms = tuple(dict.fromkeys(kept))[:MAX_TERMS]
    syns: tuple[str, ...] = ()
    if synonyms is not None and terms:
        table = synonyms if isinstance(synonyms, SynonymTable) else synonym_table(synonyms)
        syns = tuple(s for s in table.expand(tokens[:200]) if s not in terms)[:MAX_SYNONYMS]
    if terms:  # "out-of-hours": the compound as a phrase, which its stop words alone cannot find
        syns += tuple(c for c in stop_word_compounds(text[:20_000], stop_words) if c not in syns)
        syns += tuple(c for c in numbered_names(text[:20_000]) if c not in syns)
    pre = tuple(t for t in terms if len(t) >= PREFIX_MIN and t.isascii() and t.isalpha()) if prefixes else ()
    cues = tuple(c for c in INTENT_CUES.get(intent or "", ()) if c not in terms and c not in syns)
    said = {*terms, *syns, *cues}
    asked = _CODE_LANGUAGE.sub(" ", text) if kinds and terms else ""  # not English, French...
    code = code_languages() if asked and asks_for_code_language(text) else ()  # Kotlin, Python...
    found = tuple(n for n in (*code, *asked_instances(asked)) if n not in said) if asked else ()
    return KeywordQuery(
        text=text,
        terms=terms,
        synonyms=syns,
        dates=dates,
        date_phrases=phrases,
        prefixes=pre,
        cues=cues,
        instances=found,
    )


#: A day a question does not point back at is read forward when the coming one is at most this many days
#: ahead: "what is due Friday" is the coming Friday, and "what is due by 1 February" the coming one when
#: asked in January, but the one just past when asked in March.
AHEAD_DAYS = 183


def _ahead(text: str, today: date, dates: tuple[str, ...]) -> tuple[str, ...]:
    """``dates`` with each phrase the question does not point back read forward where that is near: the
    query's reader reads a day back from ``today`` ("what did we do on Friday?"), but "what is due by 1
    February" asked in January, "what is on 6 April" asked in March, mean the coming one. A phrase that the
    index's note grammar (:func:`~mdrecall.text.date_phrases.note_dates.note_dates`, read from ``today`` in
    the direction its words give) reads as a day after today, at most :data:`AHEAD_DAYS` ahead, replaces the
    past days the query's reader gave it, unless the question's words point back; every other phrase keeps
    its days."""
    from mdrecall.text.date_phrases.note_dates import note_dates  # only for a question that names a day

    low = text.lower()
    out = set(dates)
    for found in note_dates(text, today):
        first = min(found.days)
        if first <= today or (first - today).days > AHEAD_DAYS or _points_back(low, found.start, found.end):
            continue
        back = resolve_tokens(tokenize(text[found.start : found.end]), today).iso
        if back and all(d in out and d < today.isoformat() for d in back):
            out.difference_update(back)
            out.update(d.isoformat() for d in found.days)
    return tuple(sorted(out))


def _points_back(low: str, start: int, end: int) -> bool:
    """Whether the words of a question point its date phrase at ``low[start:end]`` back: its own clause's
    (:func:`~mdrecall.text.date_phrases.date_direction.direction_of`), or a past verb or "last"/"since"
    anywhere before it ("what happened between 3 and 9 May")."""
    if direction_of(low, start, end) < 0:
        return True
    words = re.findall(r"[a-z']+", low[:start])
    return any(w in BACK_PREP or past_verb(w, p) for p, w in zip(["", *words], words, strict=False))


_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|we|us|our|ours)\b", re.IGNORECASE)


def asks_about_self(text: str) -> bool:
    """True when a question is in the first person ("what should I cook?", "recommend … for us"): the
    asker's own statements answer it, not anyone's (English)."""
    return _FIRST_PERSON.search(text[:2_000]) is not None


_LIST = re.compile(
    r"\b(?:what|which)\b(?:\W+[\w'’-]+){0,3}?\W+[a-z]{3,}s\W+(?:has|have|does|do|did|is|are|was|were)\b"
    # the present perfect gathers what happened over time: "where has Mel camped?", "what has Jo painted?"
    r"|\b(?:what|where|who)\s+(?:has|have)\s+(?!.*\b(?:been|got)\b)"  # not "has been working": one
    # a plural asked for by its name: "what are Mel's hobbies?", "what kinds of yoga ..."
    r"|\bwhat\s+(?:are|were)\s+(?:some\s+(?:of\s+)?)?(?:the\s+)?[\w'’-]+s\b"
    r"|\bwhat\s+(?:types|kinds|sorts)\s+of\b"
    r"|\bhow\s+many\s+(?:times\s+)?",  # a count needs every instance
    re.IGNORECASE,
)


#: A question about programming languages ("what programming languages does it use", "what is the tool
#: coded in"): its "languages" are technologies, not the languages people speak.
_CODE_LANGUAGE = re.compile(
    r"\b(?:programming|scripting|coding|computer|query|shader)\s+languages?\b"
    r"|\b(?:coded|programmed|implemented|scripted)\s+in\b",
    re.IGNORECASE,
)


def asks_for_code_language(text: str) -> bool:
    """True when the question's "language" is a programming language (English): "programming
    languages", "scripting language", "coded in"."""
    return _CODE_LANGUAGE.search(text[:2_000]) is not None


def asks_for_list(text: str) -> bool:
    """True when a question asks for several things of a kind ("what books has Tim read?",
    "which cities has Jon visited?"): a plural noun after what/which, then its verb; the present perfect
    of what/where/who ("where has Mel camped?"); "what are X's hobbies", "what kinds of", "how many"
    (English)."""
    return _LIST.search(text[:2_000]) is not None


def query_intent(text: str) -> str | None:
    """``"prefer"``, ``"gather"`` or ``None``: what the question asks for, by its wording (English)."""
    for name, pattern in _INTENTS:
        if pattern.search(text[:2_000]):
            return name
    return None


#: A hyphenated compound of two to four words ("out-of-hours", "follow-up", "day-to-day").
_COMPOUND = re.compile(r"(?<![\w-])[^\W\d_]+(?:-[^\W\d_]+){1,3}(?![\w-])")


def stop_word_compounds(text: str, stop_words: frozenset[str] = STOP_WORDS) -> tuple[str, ...]:
    """The hyphenated compounds of ``text`` holding a stop word, as phrases ("out-of-hours" → ``"out of
    hours"``): the keywords keep only "hours", which any note of hours matches as well, while the phrase
    matches the compound written with hyphens or spaces. Compounds without a stop word ("T-cell") keep
    all their words as keywords and are left alone."""
    found: dict[str, None] = {}
    for m in _COMPOUND.finditer(text):
        parts = m.group(0).lower().split("-")
        if any(p in stop_words for p in parts) and any(p not in stop_words for p in parts):
            found.setdefault(" ".join(parts), None)
    return tuple(found)


#: A thing named by its number: "No. 2", "Nr. 4", "number 7" (not "no 2 days alike": a capital and a dot).
_NUMBERED = re.compile(r"\b(?:No|Nr|NO|NR)\.\s?(\d{1,4})(?![\w.,]\d)|\b[Nn]umber\s(\d{1,4})(?![\w.,]\d)")


def numbered_names(text: str) -> tuple[str, ...]:
    """The things ``text`` names by a number, as phrases ("a No. 2 oyster" → ``"no 2"``, ``"number
    2"``): the keywords drop "no" (a stop word) and "2" (one character), so the line grading "No. 2
    (90–120g)" held no word of the question naming it."""
    found: dict[str, None] = {}
    for m in _NUMBERED.finditer(text):
        n = m.group(1) or m.group(2)
        found.update(dict.fromkeys((f"no {n}", f"number {n}")))
    return tuple(found)


def _keywords(tokens: list[str], stop_words: frozenset[str]) -> list[str]:
    """Tokens that carry meaning: 2+ characters (one CJK character is a word), no stop words.

    Pure-Hiragana bigrams (particles, verb endings: は, です) are dropped when the query has other CJK.
    """
    kept = [t for t in tokens if t not in stop_words and (len(t) >= 2 or (is_cjk(t) and not is_hiragana(t)))]
    if any(is_cjk(t) and not is_hiragana(t) for t in kept):
        kept = [t for t in kept if not is_hiragana(t)]
    return kept


def fts_expression(terms: Sequence[str]) -> str | None:
    """OR of double-quoted terms (quotes inside a term are doubled), or ``None`` when empty.

    A term with spaces is an FTS5 phrase: its words must be consecutive.
    """
    quoted = ['"' + t.replace('"', '""') + '"' for t in terms if t]
    return " OR ".join(quoted) if quoted else None


def cjk_fts_expression(terms: Sequence[str]) -> str | None:
    """OR of the CJK terms for an index of :func:`~mdrecall.text.tokens.cjk_index_text`, or ``None``.

    A bigram is one token; a longer run (a synonym such as 数据库) is the phrase of its bigrams; a
    single character is a prefix query (``"猫"*``), which finds it at the start of a bigram or as the
    indexed last character of a run.
    """
    parts: list[str] = []
    for term in terms:
        if not is_cjk(term):
            continue
        grams = tokenize(term)
        if len(grams) == 1 and len(grams[0]) == 1:
            parts.append(f'"{grams[0]}"*')
        elif grams:
            parts.append('"' + " ".join(grams) + '"')
    return " OR ".join(dict.fromkeys(parts)) if parts else None
