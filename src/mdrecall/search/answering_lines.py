"""Which lines of a search candidate answer the query, and whether a later line superseded them.

The part of the supersession stage (:mod:`mdrecall.search.supersede`) that reads a candidate's lines: the
query words each line holds (with its headings' and the line leading its list), ties told apart by the
kind of value the question asks for (:func:`asked_value`) and by rarity among the candidates, and the line
superseding the answering lines (:func:`answer_superseded`), if any.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from mdrecall.models import Chunk, Scored
from mdrecall.search.query_words import word_of
from mdrecall.search.snippets import term_matches
from mdrecall.search.supersede_wording import held_stems
from mdrecall.stores.views import Supersession

__all__ = [
    "WHICH",
    "ChunkReader",
    "NewerAnswers",
    "answer_superseded",
    "asked_value",
    "line_values",
]

#: Reads the chunk holding a file's line (``None``: none, or one the search may not show).
ChunkReader = Callable[[str, int], Chunk | None]


#: Which slots of :func:`~mdrecall.knowledge.fact_lines.fact_values.slots` answer a question, by its opening
# words
#: (English): a time for "when", an amount for "how much", a name for "who".
_ASKS = (
    (re.compile(r"^\s*(?:when\b|what (?:time|day|date)s?\b|which (?:days?|dates?|times?)\b)", re.I), ("t:",)),
    (
        re.compile(
            r"^\s*(?:how (?:much|many|long|big|far)\b|what (?:is|'s) the (?:price|cost|rate|fee)\b)", re.I
        ),
        ("m:", "n:", "q:"),
    ),
    (re.compile(r"^\s*who(?:se|m)?\b", re.I), ("c:", "h:")),
    (re.compile(r"^\s*where\b", re.I), ("c:",)),
)
#: A question asking which one of a kind of named things ("which moving company", "which venue"): a
#: line naming one (a ``c:`` slot) answers it before a line naming none, when lines tie.
WHICH = re.compile(r"^\s*which\b", re.I)


def asked_value(query: str) -> tuple[str, ...]:
    """The slot prefixes of the kind of value ``query`` asks for (empty: none told by its wording)."""
    for pattern, kinds in _ASKS:
        if pattern.search(query):
            return kinds
    return ()


def _words(found: frozenset[str], word: Mapping[str, str] | None) -> frozenset[str]:
    """The words (:func:`word_of`) of the query stems ``found``."""
    return found if not word else frozenset(word.get(s, s) for s in found)


def _stems_by_line(
    text: str, stems: frozenset[str], word: Mapping[str, str] | None = None
) -> list[frozenset[str] | None]:
    """The query words (:func:`word_of`) of each line of ``text`` with those of the headings above it in
    the chunk (a line under "## Lantern Moth" is about Lantern Moth); ``None`` for a heading."""
    heads: list[tuple[int, frozenset[str]]] = []
    out: list[frozenset[str] | None] = []
    lines = text.split("\n")
    lead: frozenset[str] = frozenset()  # the words of the line leading the list a line is an item of
    for k, line in enumerate(lines):
        bare = line.lstrip()
        if bare.startswith("#"):
            level = len(bare) - len(bare.lstrip("#"))
            heads = [h for h in heads if h[0] < level] + [(level, _words(term_matches(bare, stems), word))]
            out.append(None)
            lead = frozenset()
            continue
        found = _words(term_matches(line, stems), word)
        if _ITEM.match(line):
            found = found | lead
        else:
            lead = found if k + 1 < len(lines) and _leads_list(line, lines[k + 1]) else frozenset()
        for _, held in heads:
            found = found | held
        out.append(found)
    return out


#: A list item's opening: a bullet or a number, then a space.
_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+")
#: The most words a line leading a list may hold: a title of the items under it ("Volunteer training",
#: "Family meeting about Easter."), not a paragraph of its own facts.
_LEAD_WORDS = 8


def _leads_list(line: str, following: str) -> bool:
    """Does ``line``, not a list item, lead the list that opens on the line ``following`` it? A short
    line over a list titles its items as a heading would ("Volunteer training" over "- held at the
    library"): the items answer what it names."""
    bare = line.strip()
    if not bare or _ITEM.match(following) is None or len(bare.split()) > _LEAD_WORDS:
        return False
    label, colon, value = bare.partition(":")
    return not (colon and value.strip())  # "Budget: £14,000 all in.": a fact of its own, not a title


class NewerAnswers:
    """The query words (:func:`word_of`) a line of one of the candidates holds (``None``: the line is in
    none of them), the kind of value the question asks for, and how rare each query word is among the
    candidates."""

    def __init__(
        self,
        head: Sequence[Scored],
        stems: frozenset[str],
        asks: tuple[str, ...] = (),
        word: Mapping[str, str] | None = None,
        picks: tuple[str, ...] | None = None,
    ) -> None:
        self.chunks: dict[str, list[tuple[int, int, str]]] = {}
        for s in head:
            c = s.chunk
            self.chunks.setdefault(c.path, []).append((c.start_line, c.end_line, c.text))
        self.stems = stems
        self.asks = asks
        #: the slots that tell tying lines apart (:func:`_tie_broken`): ``asks``, or a name for "which"
        self.picks = asks if picks is None else picks
        self.word = word if word is not None else word_of(stems)
        #: how many distinct words the question holds
        self.want = len(set(self.word.values()))
        self._counts: dict[str, int] | None = None

    def words_at(self, newer: Supersession) -> frozenset[str] | None:
        """The query words the line ``newer`` holds (with its headings') when a candidate holds it."""
        for start, end, text in self.chunks.get(newer.path, ()):
            if start <= newer.line <= end:
                by_line = _stems_by_line(text, self.stems, self.word)
                k = newer.line - start
                return by_line[k] if k < len(by_line) else None
        return None

    def held(self, newer: Supersession) -> int | None:
        found = self.words_at(newer)
        return None if found is None else len(found)

    def names_another(self, newer: Supersession, fetch: ChunkReader | None = None) -> bool:
        """False when the question asks for a person ("who": :func:`asked_value`) and the line ``newer``,
        a candidate, names no one but those the question names: it gives no other answer to it ("she's
        on parental leave from April" for "who covers for Kasia during her leave"). Not for "where" nor
        "which": a place or a thing is often written without a capital ("the marina's dry stack",
        "option A"); nor for a line written without capitals ("nnamdi takes over from dado"): its
        names are not told. A newer line no candidate holds is read by ``fetch`` (:func:`newer_chunks`);
        unread, it is taken to name another."""
        if "h:" not in self.asks:
            return True
        text = self.line(newer)
        if text is None and fetch is not None:
            chunk = fetch(newer.path, newer.line)
            if chunk is not None and chunk.start_line <= newer.line <= chunk.end_line:
                lines = chunk.text.split("\n")
                k = newer.line - chunk.start_line
                text = lines[k] if k < len(lines) else None
        if text is None or not _capitalises(text):
            return True
        return any(v.startswith(self.asks) and v[2:] not in self.stems for v in line_values(text))

    def own(self, line: str) -> frozenset[str]:
        """The query words of ``line``'s own words (not its headings')."""
        return _words(term_matches(line, self.stems), self.word)

    def line(self, newer: Supersession) -> str | None:
        """The text of the line ``newer`` when a candidate holds it."""
        for start, end, text in self.chunks.get(newer.path, ()):
            if start <= newer.line <= end:
                lines = text.split("\n")
                k = newer.line - start
                return lines[k] if k < len(lines) else None
        return None

    def rarity(self, found: frozenset[str]) -> float:
        """The words ``found`` weighted by how few candidates hold each (1 / the candidates holding it)."""
        if self._counts is None:
            counts: dict[str, int] = {}
            for chunks in self.chunks.values():
                for _, _, text in chunks:
                    for w in _words(held_stems(text, self.stems), self.word):
                        counts[w] = counts.get(w, 0) + 1
            self._counts = counts
        return sum(1.0 / max(1, self._counts.get(w, 1)) for w in found)


def _capitalises(line: str) -> bool:
    """Does ``line`` capitalise a word that does not open it (its writer writes names with capitals)?"""
    words = _ITEM.sub("", line, count=1).split()
    return any(w[:1].isupper() for w in words[1:])


def _tie_broken(
    lines: list[str], found: list[int], held: list[frozenset[str]], answers: NewerAnswers
) -> list[int]:
    """Of the answering lines ``found`` (indexes into ``lines``, tying on their count of query stems,
    ``held``), those holding a value of the kind the question asks for when some do (``picks``), then
    those whose words are rarest among the candidates."""
    if len(found) < 2:
        return found
    if answers.picks:
        typed = [i for i in found if any(v.startswith(answers.picks) for v in line_values(lines[i]))]
        found = typed or found
    if len(found) < 2:
        return found
    weights = {i: answers.rarity(held[i]) for i in found}
    top = max(weights.values())
    return [i for i in found if weights[i] >= top - 1e-9]


def answer_superseded(
    path: str,
    text: str,
    start: int,
    stems: frozenset[str],
    gone: Mapping[int, Supersession],
    answers: NewerAnswers | None = None,
    word: Mapping[str, str] | None = None,
) -> Supersession | None:
    """The line superseding the chunk's answering lines when every one of them is superseded, or is the
    line in this chunk (at ``path``) superseding another of them. Headings
    are not answering lines: a page's title names its subject, not a fact about it ("# Halden Bikes"
    for "how do we bill Halden"), but a line counts the query stems of the headings above it.

    Lines tying on their count are told apart (:func:`_tie_broken`). A current line still tying with a
    superseded one ("thesis on root hydraulics" beside "Thesis submission: end of March") leaves the
    chunk unmarked, unless the line superseding it, a candidate too, answers the query at least as well
    (it holds as many query stems): then the query asks for the fact that changed, and the chunk's
    answer to it is the older one. Lines count the query's words (``word``: :func:`word_of`), not its
    stems: "moving" and "move" are one word."""
    lines = text.split("\n")
    by_line = _stems_by_line(text, stems, word)
    best, tied = 0, []
    for i, found_here in enumerate(by_line):
        if found_here is None:
            continue
        n = len(found_here)
        if n > best:
            best, tied = n, [i]
        elif n == best and n:
            tied.append(i)
    if answers is not None and not _may_mark(start, len(lines), tied, best, gone, answers):
        return None  # whichever lines the tie keeps (so its rules are not loaded)
    if answers is not None:
        tied = _tie_broken(lines, tied, [f or frozenset() for f in by_line], answers)
    found = [start + i for i in tied]
    old = [n for n in found if n in gone]
    if not old:
        return None if answers is None else _asked_of_older(start, lines, by_line, tied, gone, answers)
    # the lines not superseded must be the newer lines of those that are, in this chunk: a status
    # updated further down the page ("Status: evaluation" … "Status: migrating") - the hit cites it
    newer = {gone[n].line for n in old if gone[n].path == path}
    if any(n not in gone and n not in newer for n in found):
        if answers is None:
            return None
        for n in old:  # the first superseded answering line whose newer line answers as well
            held = answers.held(gone[n])
            if held is not None and held >= best:
                return gone[n]
        for n in old:  # a tie made by the headings: the stored pair tells which line changed
            if _tie_by_headings(lines[n - start], gone[n], best, answers):
                return gone[n]
        return _asked_of_older(start, lines, by_line, tied, gone, answers)
    return gone[old[0]]


def _may_mark(
    start: int,
    count: int,
    tied: Sequence[int],
    best: int,
    gone: Mapping[int, Supersession],
    answers: NewerAnswers,
) -> bool:
    """Whether :func:`answer_superseded` can mark a chunk (``count`` lines from ``start``) whose answering
    lines ``tied`` (indexes) hold ``best`` query words: one of them is superseded, or the question asks
    for the fact that changed (:func:`_asked_of_older`: fewer words than it holds, and the newer line of
    a line of the chunk is a candidate's). When not, nothing hangs on which of them a tie keeps."""
    if any(start + i in gone for i in tied):
        return True
    if answers.want < 2 or best >= answers.want:
        return False
    return any(start <= n < start + count and answers.words_at(new) is not None for n, new in gone.items())


def _asked_of_older(
    start: int,
    lines: Sequence[str],
    by_line: Sequence[frozenset[str] | None],
    tied: Sequence[int],
    gone: Mapping[int, Supersession],
    answers: NewerAnswers,
) -> Supersession | None:
    """The line superseding one of the chunk's ``lines`` (from ``start``; ``by_line``: their query
    words, :func:`_stems_by_line`) that the chunk's answering lines (``tied``, indexes) are not, when the
    question asks for the fact that changed:

    * the newer line, a candidate, holds every query word (two or more) and the chunk's lines hold
      fewer: the chunk's answer to it is the older line, whatever words that line used ("Letting agent:
      Lomond Lettings" for "who manages the flat", answered by "Lomond Lettings no longer manage the
      flat");
    * or the older line's own words hold a query word, the newer line (a candidate) adds one, and the
      two together answer better than the chunk's best line: as many query words, rarer among the
      candidates ("CI runs on Bitrise." + "Bitrise is gone: the pipelines build on GitHub Actions" for
      "which CI service builds our app", against "Our app … backend services" in the same MEMORY.md).
      A fact that changed is told by both lines.
    """
    want = answers.want
    best = max((len(by_line[i] or ()) for i in tied), default=0)
    if want < 2 or best >= want:
        return None
    for n in sorted(gone):
        if start <= n < start + len(lines) and answers.held(gone[n]) == want:
            return gone[n]
    top = max((answers.rarity(by_line[i] or frozenset()) for i in tied), default=0.0)
    for n in sorted(gone):
        k = n - start
        here = by_line[k] if 0 <= k < len(by_line) else None
        if here is None or not answers.own(lines[k]):
            continue
        newer = answers.words_at(gone[n])
        if newer is None or newer <= here:
            continue
        both = here | newer
        if len(both) > best or (len(both) == best and answers.rarity(both) > top + 1e-9):
            return gone[n]
    return None


def _tie_by_headings(line: str, newer: Supersession, best: int, answers: NewerAnswers) -> bool:
    """Does the stored pair decide a tie the headings made? Every line of a page answers "when do we fly
    to Japan" by its title alone ("# Japan trip"); the superseded line of the tie (a plan's "out 14
    April") is its answer when the question asks for a kind of value (:func:`asked_value`), the line
    superseding it, a candidate, holds one too, and it answers as well as that line's own words do (the
    newer line, on another page, cannot count that page's title)."""
    if not answers.asks:
        return False
    own = len(answers.own(line))
    if own >= best:
        return False  # the line's own words answer: no tie made by its headings
    held = answers.held(newer)
    if held is None or held < own:
        return False
    text = answers.line(newer)
    return text is not None and any(v.startswith(answers.asks) for v in line_values(text))


def line_values(line: str) -> set[str]:
    """The typed values of ``line`` (:func:`~mdrecall.knowledge.fact_lines.fact_values.slots`) but the label
    opening it: "Rent" of "- Rent: paid on the 1st" titles the value and names nothing, so the line names no
    one and no place ("who", "where" and "which" questions ask for a name)."""
    from mdrecall.knowledge.fact_lines.fact_values import slots  # here: only a tie reads a line's values
    from mdrecall.knowledge.mentions.label_kinds import LABEL_HEAD

    found = slots(line)
    label = LABEL_HEAD.match(line)
    if label is None:
        return found
    return found - {"c:" + w for w in label.group(1).lower().split()}
