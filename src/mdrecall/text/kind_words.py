"""The instances of a kind a question asks for: "what *instruments*" → clarinet, violin, piano. Pure.

"What instruments does Mel play?" is answered by "I play clarinet", which holds no word of the question
but Mel: a keyword index cannot find it, and a small vector model ranks it below any line about music.
A question asks for instances when a kind's word follows "what"/"which"/"list"/"name" within a few
words ("what *European* countries", "which *outdoor* sports"); its instances are then OR-ed into the
keyword query (:func:`mdrecall.text.query.build_keyword_query`), so the lines naming one are found and
shown. Two tables, English only:

* :data:`TECH_KINDS`: technologies by kind (database, framework, cloud, queue, CI), written by hand;
* ``data/kind_words.txt``: common kinds (instruments, sports, martial arts, cities, countries, pets,
  desserts...) with their instances from WordNet 3.0, written by ``scripts/gen_kind_words.py`` (only a
  word whose most frequent sense is of the kind: "violin", not "bass"); its ``~`` lines list the words
  for which the kind is a rarer sense ("bass"), which count only on a line naming the question's subject
  (:func:`mdrecall.search.kinds.confirmed_rare`). Read once, on the first
  question that names a kind (a few milliseconds); nothing else is loaded.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

__all__ = [
    "ASKS",
    "CODE_KIND",
    "TECH_KINDS",
    "asked_instances",
    "asked_rare",
    "code_languages",
    "kind_table",
    "number_forms",
    "rare_table",
]

#: A kind's words (as a query writes them) → names of its instances (matched whole, any case).
TECH_KINDS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("database", "databases", "db", "dbs", "datastore"): tuple(
        (
            "postgresql postgres mysql mariadb sqlite mongodb mongo cockroachdb redis cassandra dynamodb"
            " oracle mssql elasticsearch opensearch clickhouse snowflake bigquery supabase firestore neo4j"
            " couchdb couchbase timescaledb duckdb"
        ).split()
    ),
    ("framework", "frameworks"): tuple(
        "django flask fastapi rails laravel spring react vue angular svelte nextjs next.js express".split()
    ),
    ("cloud",): tuple("aws gcp azure heroku vercel netlify fly.io digitalocean hetzner cloudflare".split()),
    ("queue", "broker"): tuple("kafka rabbitmq sqs nats pubsub celery sidekiq".split()),
    ("ci",): tuple("jenkins circleci travis buildkite gitlab github actions".split()),
}

#: The table's word for programming languages (``data/kind_words.txt``: Pygments' lexers that
#: ``known_names.txt`` or WordNet call a programming language, by ``scripts/gen_kind_words.py``).
CODE_KIND = "programming_language"

#: A question asks for instances when the kind's word follows "what"/"which" (a few words between:
#: "what *European* countries", "what kind of sports"); "when did Mel play the instrument" asks about
#: one thing, not for the instruments.
ASKS = re.compile(r"\b(?:what|which|list|name)\b((?:\W+[\w'’-]+){1,4})", re.IGNORECASE)
#: Words that end the kind's phrase: "which *cities* has Jon visited", not "what does his dance ...".
_VERBS = frozenset(
    "is are was were be been do does did has have had can could will would should may might must"
    " wouldn't won't doesn't don't didn't isn't aren't".split()
)
#: "What place did the choir get at the festival", "which place did Ona finish in": a standing in a
#: contest, not a location, when a verb of placing follows and ends the clause or leads its where/when.
_STANDING = re.compile(
    r"\b(?:what|which)\s+place\b[^?.!;]*?\b(?:get|got|come|came|finish|finished|take|took|win|won"
    r"|place|placed|achieve|achieved|secure|secured)\s*(?:$|[?.!,;]|\b(?:in|at|on|overall|with)\b)",
    re.IGNORECASE,
)
#: The kind words :data:`_STANDING` reads as a standing.
_STANDING_WORDS = frozenset({"place"})
#: At most this many instances are added to one query.
MAX_INSTANCES = 600


@lru_cache(maxsize=1)
def kind_table() -> dict[str, tuple[str, ...]]:
    """Every kind's word (lowercase) → its instances: :data:`TECH_KINDS` and ``data/kind_words.txt``."""
    table = _read_table(rare=False)
    for words, names in TECH_KINDS.items():
        for word in words:
            table[word] = table.get(word, ()) + names
    return table


@lru_cache(maxsize=1)
def rare_table() -> dict[str, tuple[str, ...]]:
    """Every kind's word (lowercase) → the words for which it is a rarer sense ("instrument" → "bass",
    "organ", "recorder"): the ``~`` lines of ``data/kind_words.txt``."""
    return _read_table(rare=True)


def _read_table(rare: bool) -> dict[str, tuple[str, ...]]:
    table: dict[str, tuple[str, ...]] = {}
    text = (Path(__file__).parent / "data" / "kind_words.txt").read_text(encoding="utf-8")  # as names.py
    for line in text.splitlines():
        if not line.strip() or line.startswith("#") or "|" not in line or line.startswith("~") != rare:
            continue
        said, _, listed = line.removeprefix("~").partition("|")
        found = tuple(n.strip() for n in listed.split(",") if n.strip())
        for word in said.split():
            table[word.lower()] = table.get(word.lower(), ()) + found
    return table


def number_forms(word: str) -> tuple[str, ...]:
    """``word`` and its other grammatical number, as a table may list only one ("brokers" → "broker",
    "queue" → "queues", "categories" → "category", "boxes" → "box"). English regular forms only."""
    if word.endswith("ies") and len(word) > 4:
        return (word, word[:-3] + "y")
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return (word, word[:-2], word[:-1])
    if word.endswith("s") and not word.endswith("ss"):
        return (word, word[:-1])
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return (word, word[:-1] + "ies")
    return (word, word + "s")


def code_languages() -> tuple[str, ...]:
    """The programming languages a question about one is answered by ("what language is the service
    written in" → Kotlin, Python...; not the ones also ordinary words: "Rust", "Swift", "Go")."""
    return kind_table().get(CODE_KIND, ())


def asked_instances(query: str) -> tuple[str, ...]:
    """The instances of every kind the question asks for (``"what instruments does Mel play?"`` →
    ``("accordion", ..., "violin", ...)``); empty when it names no kind."""
    return _asked(query, kind_table())


def asked_rare(query: str) -> tuple[str, ...]:
    """The words for which a kind the question asks for is a rarer sense (``"what instrument does Kuba
    play?"`` → ``("horn", ..., "bass", ...)``): instances only where a line says so."""
    return _asked(query, rare_table())


def _asked(query: str, table: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    words: list[str] = []
    for m in ASKS.finditer(query[:2_000]):
        said = re.findall(r"[\w'’-]+", m.group(1).lower())
        cut = next((i for i, w in enumerate(said) if w in _VERBS), len(said))
        said = said[:cut]  # "what does Jon's *dance* studio offer" asks for no dances
        words += said + [f"{a}_{b}" for a, b in zip(said, said[1:], strict=False)]  # "martial arts"
    if words and _STANDING.search(query[:2_000]):  # "what place did they get": first, second...
        words = [w for w in words if w not in _STANDING_WORDS]
    if not words:
        return ()
    found: dict[str, None] = {}
    for word in words:
        # the word as written, else its other number ("which brokers" with only "broker" listed)
        named = table.get(word) or next((table[f] for f in number_forms(word)[1:] if f in table), ())
        found.update(dict.fromkeys(named))
    return tuple(found)[:MAX_INSTANCES]
