"""Who and what a Markdown file is about: entity mentions and relationships. Pure, no network, no LLM.

A file yields :class:`Mention` records, each found one way (``how``):

* ``front_matter``: ``people:``/``tags:``/``projects:``/``organisations:``/``places:``/``tools:`` keys of
  a leading ``---`` block (inline ``[a, b]``, ``a, b`` or ``- a`` list items);
* ``wiki``: ``[[Name]]`` and ``[[Name|label]]`` links (the target is the name);
* ``mention``: ``@name`` (not an e-mail address);
* ``speaker``: a speaker label opening a line: ``**Name**:``, ``- Name: ...``, ``Name: ...``;
* ``relation``: an end of a stated relationship (:mod:`mdrecall.knowledge.relations`);
* ``name``: a capitalised name inside a sentence. These are only candidates: the entity view keeps them
  when the name recurs across files or was found some other way;
* ``name_start``: a capitalised word opening a sentence or line, kept only for names that are entities
  on other evidence (most such words are ordinary words);
* ``typed_name``: a capitalised name whose kind the name itself or the words around it tell (a known given
  name and a surname, an organisation suffix, a known place, "Dana said"): :mod:`.names`.

Kinds are told where the evidence says so (person, project, organisation, place, tool), else "unknown".
Each mention carries its line, its section (the heading line above it) and the day it was seen: the
line's valid day (:func:`mdrecall.knowledge.valid_time.line_dates`), but never later than the day the line
was written ("send it to Karin by Friday" mentions Karin the day it is written, not on Friday).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from datetime import date
from functools import cache
from itertools import accumulate

from mdrecall.knowledge.front_matter import front_matter_end, front_matter_line
from mdrecall.knowledge.line_scan import CODE, cue_lines, may_hold_code, skipped_and_headings
from mdrecall.knowledge.names import (
    PLACE_NOUNS,
    PLACE_WORDS,
    LineLabels,
    common_word,
    first_names,
    given_name,
    known_name,
    known_words_max,
    lower_known,
    name_kind,
    places,
    trim_leading,
    upper_kind,
)
from mdrecall.knowledge.relations import Relation, find_relations
from mdrecall.knowledge.valid_time import LineDays

__all__ = ["KINDS", "Extraction", "Mention", "entity_key", "extract_entities"]

KINDS = (
    "person", "project", "organisation", "place", "technology", "product", "pet", "work", "event", "unknown"
)  # fmt: skip


@dataclass(frozen=True)
class Mention:
    """One mention of an entity on one line (1-based) of a file."""

    name: str
    kind: str
    how: str
    line: int
    section: int = 0
    day: str | None = None

    @property
    def key(self) -> str:
        """The normalised name entities are grouped by."""
        return entity_key(self.name)


@dataclass(frozen=True)
class Extraction:
    """Everything found in one file."""

    mentions: list[Mention]
    relations: list[tuple[Relation, str | None]]  # with the line's valid day


def entity_key(name: str) -> str:
    """``"  Bob  Smith "`` → ``"bob smith"``: how names are compared."""
    return " ".join(name.split()).casefold()


_WIKI = re.compile(r"\[\[([^\[\]|#\n]+)(?:#[^\[\]|\n]*)?(?:\|[^\[\]\n]*)?\]\]")
_AT = re.compile(r"(?<![\w.@/])@([A-Za-z][\w-]*(?:\.[\w-]+)*[\w])")
#: Upper- and lower-case Latin letters, accented ones included ("Inês", "Zoë Åberg", "Łukasz").
_UP = "A-Z" + "".join(c for c in map(chr, range(0xC0, 0x250)) if c.isupper())
_LO = "a-z" + "".join(c for c in map(chr, range(0xC0, 0x250)) if c.islower())
_WORD = rf"[{_UP}][{_LO}][{_UP}{_LO}0-9]*"
#: Capitalised words in a row, not glued to a word, an apostrophe or a hyphen (the look-behind comes after
#: the first letter so that the search can skip ahead to capitals: several times faster).
_CAPS = re.compile(
    rf"[{_UP}](?<![\w'’-][{_UP}])[{_LO}][{_UP}{_LO}0-9]*(?:(?:['’]s)?[ ](?:{_WORD}))*(?![\w-])"
)
#: A word with a capital after a lower-case letter that _CAPS does not find ("easyJet", "iPhone", "macOS").
_CAMEL_LOW = re.compile(r"(?<![\w'’@/.-])[a-z]+[A-Z][A-Za-z0-9]*(?![\w@/-]|\.\w)")
#: A capital inside a word after a lower-case letter ("PostgreSQL", "LaunchDarkly"): not an ordinary word.
_HUMP = re.compile(r"[a-z][A-Z]")
#: An all-capitals word (checked against the well-known names only: "AWS", "NHS").
_UPPER = re.compile(r"(?<![\w'’@/.-])[A-Z][A-Z0-9]{1,9}(?![\w-])")
#: A lower-case word ("k6", "postgres", "priya"): checked against well-known names and given names.
_LOWER = re.compile(r"(?<![\w'’@/.-])[a-z][a-z0-9]*(?:[.-][a-z0-9]+)?(?![\w'’@/-]|\.\w)")
#: A work's title: capitalised words (or numbers), joined by a few small words ("The Covenant of Water").
_TITLE = (
    r"(?:The[ ]|A[ ]|An[ ])?[A-Z0-9][\w'’-]*"
    r"(?:[ ](?:(?:of|the|and|a|an|in|on|to|for|with|at|from)[ ])*[A-Z0-9][\w'’-]*)*"
)
#: "Title by Firstname Lastname" opening a line, after a label or a verb of reading, or after a comma
#: ("Piranesi by Susanna Clarke", "Reading: The Wild Robot by Peter Brown, then Wonder by R. J. Palacio").
#: A title of several words after a verb of reading or watching ("Reading Klara and the Sun to Ada",
#: "watched The Lord of the Rings", "finally watched Past Lives").
_WORK_VERBS = r"[Rr]eading|[Rr]ead|[Rr]e-read|[Ff]inished|[Ss]tarted|[Ww]atched|[Ww]atching|[Rr]ewatched"
_WORK_TITLE = re.compile(
    rf"\b(?:{_WORK_VERBS})[ ]"
    r"(?P<t>(?:The[ ]|A[ ])?[A-Z][\w'’-]*(?:[ ](?:(?:and|of)[ ](?:the[ ]|a[ ])?|the[ ])?"
    r"[A-Z][\w'’-]*)+)"
)
#: An author: initials and a surname ("R. J. Palacio") or two or three capitalised words.
_AUTHOR = (
    rf"(?P<a>(?:[{_UP}]\.[ ]?){{1,3}}[{_UP}][{_LO}'’-]+"
    rf"|[{_UP}][{_LO}]+(?:[ ][{_UP}][{_LO}'’-]+){{1,2}})\b"
)
_BY_AUTHOR = re.compile(
    r"^[^\S\n]*(?:[-*+][^\S\n]+)?[*_\"“]*(?P<t>[A-Z][^:;()\[\]\n]{0,80}?)[*_\"”]*[ ]by[ ]" + _AUTHOR, re.M
)
_BY_AUTHOR_AFTER = re.compile(
    rf"(?:[:;,][ ](?:then[ ]|and[ ]|or[ ])?|\b(?:{_WORK_VERBS})[ ])"
    rf"[*_\"“]*(?P<t>{_TITLE})[*_\"”]*,?[ ]by[ ]" + _AUTHOR
)
_BY_NAME = re.compile(r"[ ]by[ ][A-Z]")
#: Words opening a title before "by" that are not part of it ("Now reading X by", "Finished X by").
_TITLE_LEAD = frozenset(
    "now currently just finally also finished started reading read re-read rereading watched watching "
    "rewatched loved enjoyed recommended".split()
)
#: Names whose words are joined by "&" or "of": "Farrow & Ball", "Harlow & Sons", "University of Leeds",
#: "Max Planck Institute of Molecular Plant Physiology" (the "of" kind only after an organisation's or a
#: place's word, checked by :func:`_joined_kind`).
_OF_HEADS = frozenset(
    """University Institute College School Museum Bank Centre Center Department Ministry Academy Society
    Church Council Library Hospital Board Office Faculty Federation League Order Guild Chamber Court Isle
    Bay Gulf Port City Cape Lake Mount Palace Tower Bridge Museums Friends""".split()
)
#: "of" names that are places ("Isle of Skye", "Bay of Biscay"); the others are organisations.
_OF_PLACES = frozenset("Isle Bay Gulf Port City Cape Lake Mount Palace Tower Bridge".split())
_JOINED = re.compile(
    rf"[{_UP}](?<![\w'’&-][{_UP}])(?:(?P<amp>[{_LO}][{_UP}{_LO}0-9]*[ ]&[ ]{_WORD}"
    r"(?:[ ](?:Sons|Co|Ltd|Partners|Associates))?)"
    rf"|(?P<of>[{_LO}][{_UP}{_LO}0-9]*(?:[ ]{_WORD}){{0,3}}[ ]of[ ](?:the[ ])?{_WORD}(?:[ ]{_WORD}){{0,3}}))"
    r"(?![\w-])"
)
#: Mixed-case and model-number words _CAPS does not read ("RStudio", "DESeq2", "TRIzol", "CFX96"): the
#: names of tools and products (a plural acronym, "APIs", "KPIs", is not one).
_MIXED = re.compile(
    r"[A-Z](?<![\w'’@/.-][A-Z])(?:[A-Z]+[a-z][A-Za-z0-9]*|[A-Z]{2,}[0-9]{2,}[A-Za-z]?)(?![\w@/-]|\.\w)"
)
#: Abbreviations written in mixed case that name no entity (degrees, titles).
_NOT_MIXED = frozenset(
    "PhD PhDs MSc BSc MSci MEng BEng MPhil DPhil MRes MBA MBAs MA BA LLB LLM MD DDS MPH MFA BFA GCSEs".split()
)
#: A value list after a label: the text after the name goes on with a comma ("Attendees: Bo, Fatima").
_LIST_NEXT = re.compile(r"[ ]?(?:v?\d[\w.]*[ ]?)?(?:,|[ ]and[ ]|[ ]?\+|[ ]?/)")
_NOUN_AFTER = re.compile(r"[ ]([a-z]+)\b")
#: A speaker label opening a line, over a whole file (``^`` at each line; no ``\s`` that spans lines).
_SPEAKERS = re.compile(
    r"^[^\S\n]*(?:[-*+][^\S\n]+(?:\[[ xX]\][^\S\n]+)?)?(?:\*\*(?P<b>[^*\n]{1,40})\*\*[^\S\n]*:"
    r"|(?P<p>[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}):[^\S\n])",
    re.M,
)

#: Capitalised words that are not names when seen alone (calendar words, pronouns, interjections…).
_STOP = set(
    """I I'm I've I'll I'd Im Ive Ill Id OK Ok Okay Yes No Yeah Hey Hi Hello Thanks Thank Wow Oh Ah Hmm
    Mr Mrs Ms Dr Sir Madam Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March
    April May June July August September October November December Today Tomorrow Yesterday TODO Note
    Mondays Tuesdays Wednesdays Thursdays Fridays Saturdays Sundays Mon Tue Tues Wed Thu Thur Thurs Fri
    Sat Sun Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Weekend Weekends Tonight Noon Midnight
    Notes Summary Decision Decisions Update Updates Question Answer Re Fwd God
    Session Meeting Morning Evening Afternoon Night Week Month Year The A An And But Or So If When Then
    This That These Those There Here It Its We You He She They Me My Our Your His Her Their Also Just
    What Which Who Whom Whose Where Why How Anyway Well Sure Cool Great Nice Awesome Good Bad Sorry Please
    Congrats Congratulations Happy Everyone Everybody Someone Somebody Nobody Anyone Anybody""".split()
)
_LABEL_STOP = {w.lower() for w in _STOP} | {
    "note", "notes", "todo", "decision", "summary", "update", "status", "next", "action", "result",
    "results", "goal", "goals", "context", "problem", "fix", "idea", "tip", "warning", "example", "source",
    "date", "time", "owner", "tags", "people", "q", "a", "user", "assistant", "system", "tldr", "why",
}  # fmt: skip
#: Titles kept before a surname alone ("Mr Adeyemi"), not before a given name ("Dr Amara Singh").
_TITLES = frozenset({"Mr", "Mrs", "Ms", "Mx", "Dr", "Prof"})
#: Lower-case words that are given names too but mostly ordinary words ("dev", "bill"): never read as names.
_LOWER_NOT_NAMES = set(
    """dev art bill bob don guy jack jean mark max may pat ray rob sue ted will hope joy grace faith rose lily
    ruby amber jade iris ivy holly daisy violet summer autumn dawn sky june april august chase drew frank gene
    rich victor wade dean hunter mason nick sofia florence ada ali bea jun kai mai nam ola ong rin rui soo
    sora uma xin mei min nia noor sana ange ewa hana jin mika milan nils rowan seren jude percy
    jan kim lee long young stone brook leo""".split()
)


def extract_entities(text: str, file_date: str | date | None = None, path: str | None = None) -> Extraction:
    """Mentions and relationships in one Markdown file (line numbers are 1-based).

    ``path`` (the file's path in the workspace) lets a page named after a name say so: a first heading
    that spells the file's name ("people/oona-hart.md", "# Oona Hart") names the page's entity, of the kind
    its folder tells ("people/" → person, "clients/" → organisation).

    Each kind of evidence is found by one regular-expression pass over the whole file, not line by line:
    most lines name nothing, and the per-line work (the day a line is about, its section) is done only for
    lines that name something.
    """
    lines = text.splitlines()
    if not lines:
        return Extraction([], [])
    joined = "\n".join(lines)  # one separator, so a position maps to a line by its offset
    starts = list(accumulate((len(line) + 1 for line in lines), initial=0))
    skip, headings, all_headings = skipped_and_headings(lines, joined, starts)
    front_end = front_matter_end(lines)
    per_line: dict[int, list[tuple[str, str, str]]] = {}  # 0-based line → (name, kind, how)

    def add(i: int, name: str, kind: str, how: str) -> None:
        per_line.setdefault(i, []).append((name, kind, how))

    for i in range(front_end):
        if i not in skip:
            for name, kind in front_matter_line(lines, i):
                add(i, name, kind, "front_matter")
    if front_end:
        skip = skip | set(range(front_end))
    heads = set(headings)
    page = _page_title(lines, headings, path) if path and headings else None
    text_ = CODE.sub(_blank, joined) if may_hold_code(joined) else joined
    plain = text_
    if "[[" in text_:
        for m in _WIKI.finditer(text_):
            i = bisect_right(starts, m.start()) - 1
            name = " ".join(m.group(1).split())
            if name and i not in skip:
                add(i, name, "unknown", "wiki")
        plain = _WIKI.sub(_blank, plain)
    if "@" in text_:
        for m in _AT.finditer(text_):
            i = bisect_right(starts, m.start()) - 1
            if i not in skip:
                add(i, m.group(1), "person", "mention")
        plain = _AT.sub(_blank, plain)
    body: dict[int, int] = {}  # line → where its text starts after a speaker label
    if ":" in text_:
        labels = [
            (sm, (sm.group("b") or sm.group("p") or "").strip())
            for sm in _SPEAKERS.finditer(text_)
            if (i := bisect_right(starts, sm.start()) - 1) not in skip and i not in heads
        ]
        repeated = Counter(name for sm, name in labels if sm.group("p"))
        for sm, name in labels:
            if not name or name.lower() in _LABEL_STOP or len(name.split()) > 3 or not name[0].isupper():
                continue
            if sm.group("b") or _person_label(name, repeated[name], text_):
                i = bisect_right(starts, sm.start()) - 1
                add(i, name, "person", "speaker")
                body[i] = sm.end()
    taken = _Spans()  # spans already read as a name (a work's title, an '&' or 'of' name)
    if " by " in plain:
        by_lines = sorted({bisect_right(starts, m.start()) - 1 for m in _BY_NAME.finditer(plain)})
        by_author = [*_BY_AUTHOR.finditer(plain)]  # then mid-line titles, looked for on those lines only
        for i in by_lines:
            by_author += _BY_AUTHOR_AFTER.finditer(plain, starts[i], starts[i + 1])
        for bm in by_author:
            i = bisect_right(starts, bm.start()) - 1
            if taken.overlaps(bm.start("t"), bm.start("t") + 1):
                continue
            title = bm.group("t").strip().rstrip(",.")
            lead = title.split()
            while len(lead) > 1 and lead[0].casefold() in _TITLE_LEAD:
                lead.pop(0)
            title = " ".join(lead)
            if i in skip or i in heads or not _title_like(title):
                continue
            add(i, title, "work", "typed_name")
            add(i, bm.group("a"), "person", "typed_name")
            taken.add(bm.start("t"), bm.end("a"))
    if "ead" in plain or "atch" in plain or "tarted" in plain or "inished" in plain:
        for tm in _WORK_TITLE.finditer(plain):
            i = bisect_right(starts, tm.start()) - 1
            if i in skip or i in heads or taken.overlaps(tm.start("t"), tm.start("t") + 1):
                continue
            add(i, tm.group("t"), "work", "typed_name")
            taken.add(tm.start("t"), tm.end("t"))
    if "&" in plain or " of " in plain:
        for jm in _JOINED.finditer(plain):
            i = bisect_right(starts, jm.start()) - 1
            if i in skip or taken.overlaps(jm.start(), jm.end()):
                continue
            joined_kind = _joined_kind(jm.group(0).split(), jm.group("amp") is not None)
            if joined_kind is not None:
                name, kind = joined_kind
                add(i, name, kind, "typed_name")
                taken.add(jm.start(), jm.end())
    found: list[tuple[int, list[str], str, str, bool, bool, tuple[int, int], tuple[int, int]]] = []
    leads = _Leads(plain)
    value_labels = LineLabels(plain)
    for m in _CAPS.finditer(plain):
        at = m.start()
        i = bisect_right(starts, at) - 1
        if i in skip or taken.overlaps(at, m.end()):
            continue
        line_start = body.get(i, starts[i])
        if at < line_start:
            continue
        before = _before(plain, line_start, at)
        words = m.group(0).split()
        heading = i in heads
        opens = (
            heading
            or _sentence_start(before, leads.only(line_start, at, _OPENING))
            or leads.only(line_start, at, _BULLETS)
        )
        if opens and not heading and before.rstrip().endswith(":") and _LIST_NEXT.match(plain, m.end()):
            opens = False  # the first item of a list after a label ("Attendees: Bo, Fatima")
        title = words[0] == "The" and not opens and len(words) > 1  # "about The Overstory": a title
        if len(words) == 2 and words[0] in _TITLES and not given_name(words[1]):
            add(
                i, " ".join(words), "person", "typed_name"
            )  # "Mrs Okoye": a surname is the name with its title
            continue
        place_like = not opens and len(words) > 2 and words[-1] in PLACE_WORDS  # "on Great North Road"
        name_at = at  # where the name starts once the words before it are taken off
        lead = 0
        while lead < len(words) and words[lead] in _STOP and not title and not place_like:
            lead += 1
        if lead:  # taken off at once: a long run of such words is not shifted once per word
            taken_off = " ".join(words[:lead]) + " "
            before, name_at, words = before + taken_off, name_at + len(taken_off), words[lead:]
        trailing = False
        longest = known_words_max()  # a run longer than every well-known name is none of them
        while words and words[-1] in _STOP and (len(words) > longest or known_name(" ".join(words)) is None):
            words.pop()
            trailing = True
        if not words or (len(words) == 1 and words[0] in _NOT_MIXED):
            continue
        lead = trim_leading(words, opens) if len(words) > 1 and not title else 0
        if lead:
            before += " ".join(words[:lead]) + " "
            name_at += sum(len(w) + 1 for w in words[:lead])
            words = words[lead:]
            opens = heading
        after = "" if trailing else plain[m.end() : m.end() + 24]
        place_noun = _NOUN_AFTER.match(after) if not trailing and len(words) <= 2 else None
        joined_name = " ".join(words)
        if (  # "the Harbour room" (but "the Oslo office" is Oslo)
            place_noun
            and place_noun.group(1) in PLACE_NOUNS
            and joined_name not in places()
            and known_name(joined_name) is None
        ):
            words.append(place_noun.group(1))
            after = after[place_noun.end() :]
        if page is not None and i == page[0] and " ".join(words) == lines[i].lstrip("# ").strip():
            add(i, " ".join(words), page[1] or name_kind(" ".join(words), words, "", "")[0], "typed_name")
            continue
        found.append((i, words, before, after, opens, heading, (at, m.end()), (line_start, name_at)))
    tech_found = [(i, n) for i, w, *_ in found if (k := known_name(n := " ".join(w))) and not k.ambiguous
                  and k.kind == "technology"]  # fmt: skip
    lower = lower_known()
    wanted = _lower_words().intersection(_LOWER.findall(plain))  # most files hold none: no second pass
    lower_hits = _lower_hits(plain, wanted) if wanted else []
    lower_tech = [(bisect_right(starts, at) - 1, w) for at, w in lower_hits if w in lower
                  and (k := known_name(w)) is not None and k.kind == "technology"]  # fmt: skip
    technical = len({n for _, n in tech_found} | {n for _, n in lower_tech}) >= 2
    tech_lines = {i for i, _ in tech_found} | {i for i, _ in lower_tech}  # "Python + OpenCV"
    typed: list[
        tuple[int, str, str, bool, bool, tuple[int, int]]
    ] = []  # line, name, kind, strong, opens, span
    rares: list[bool] = []  # a name of no frequent word: an entity at once, its kind a hint only
    for i, words, before, after, opens, heading, span, (line_start, name_at) in found:
        name = " ".join(words)
        kind, strong = name_kind(
            name, words, before, after, opens=opens, technical=technical or i in tech_lines
        )
        if words[-1] in PLACE_NOUNS:
            kind, strong = "place", strong or not opens
        if not strong and not opens and not heading:
            # several capitalised words inside a sentence, or a capital inside a word: a name, not prose
            strong = (len(words) > 1 and kind != "organisation") or bool(_HUMP.search(name))
        elif not strong and _HUMP.search(name) and not heading:
            strong = True
        rare = (
            not strong and not heading and (not opens or before.rstrip().endswith(":")) and _rare(words)
        )  # "collected through Pitchero", "Bank: Triodos": no frequent word is written so
        if kind == "unknown" and _tech_like(name):
            kind = "technology" if technical or i in tech_lines else "product"
        elif kind == "unknown" and not opens and words[0] == "The" and len(words) > 1:
            kind = "work"  # "Felix prefers The Gruffalo": a title, most often a work's
        if kind == "unknown" and not heading:  # "- Bank: Triodos", "Stack: Rust, DuckDB"
            kind = value_labels.kind(line_start, name_at, technical or i in tech_lines) or "unknown"
        if kind == "technology":
            tech_lines.add(i)  # "Snakemake pipeline on Eddie, then DESeq2": the line is about tools
        # The first word of a sentence or line (or a heading's words) is capitalised anyway: only a weak
        # candidate, kept by the entity view when the name is an entity on other evidence.
        typed.append((i, name, kind, strong, opens, span))
        rares.append(rare)
    for j, (i, name, kind, strong, opens, _span) in enumerate(typed):
        if not strong or kind == "unknown":  # "in Procreate and Figma": the kind of the name listed with
            kind, strong = _listed_with(plain, typed, j, kind, strong)
        how = "typed_name" if strong else "rare_name" if rares[j] else "name_start" if opens else "name"
        add(i, name, kind, how)
    for mm in _MIXED.finditer(plain):
        word = mm.group(0)
        i = bisect_right(starts, mm.start()) - 1
        if i in skip or word in _NOT_MIXED or (word.endswith("s") and word[:-1].isupper()):
            continue
        known = known_name(word)
        if known is None:
            nxt = _ORG_NEXT.match(plain, mm.end())
            if nxt is not None:  # "the NLnet Foundation"
                add(i, f"{word} {nxt.group(1)}", "organisation", "typed_name")
            tech = technical or i in tech_lines
            kind = _cued_kind(plain, value_labels, body.get(i, starts[i]), mm.start(), mm.end(), tech)
        add(i, word, known.kind if known else kind, "typed_name")
    for rx in (_CAMEL_LOW, _UPPER):
        for m in rx.finditer(plain):
            i = bisect_right(starts, m.start()) - 1
            if i in skip:
                continue
            known = known_name(m.group(0))
            if known is None and rx is _UPPER:
                # an acronym named as an event ("talk accepted at LXCON", "INTECOL 2027") is the event; one
                # a business's cue surrounds ("ordered from IDT", "IDT don't sell it"), an organisation
                word = m.group(0)
                if 3 <= len(word) <= 6 and word.isalpha() and word not in _STOP:
                    before = plain[body.get(i, starts[i]) : m.start()]
                    after = plain[m.end() : m.end() + 24]
                    if upper_kind(before, after) == "event":
                        add(i, word, "event", "typed_name")
                    elif name_kind(word, [word], before, after)[0] == "organisation":
                        add(i, word, "organisation", "typed_name")
                continue
            if known is not None:
                kind = known.kind
            else:  # "qPCR", "iPad": by the words around it, else a tool or a product
                tech = technical or i in tech_lines
                kind = _cued_kind(plain, value_labels, body.get(i, starts[i]), m.start(), m.end(), tech)
            add(i, m.group(0), kind, "typed_name")
    if lower_hits:
        for at, word in lower_hits:
            if (i := bisect_right(starts, at) - 1) in skip:
                continue
            if word in lower:
                known = known_name(word)
                add(i, word, known.kind if known else "unknown", "typed_name")
            else:
                add(i, word, "person", "name_start")  # "priya drafts it": linked only to a known person
    relations: list[tuple[Relation, int]] = []
    for i in cue_lines(joined, starts, skip):
        for rel in find_relations(CODE.sub(" ", lines[i]), i + 1):
            relations.append((rel, i))
            for name, kind in ((rel.subject, rel.subject_kind), (rel.object, rel.object_kind)):
                known = known_name(name)
                if known is not None:
                    add(i, name, known.kind, "relation")
                elif name[:1].isupper() and name not in _STOP:
                    add(i, name, kind, "relation")
    days = LineDays(lines, all_headings, file_date)
    day_of: dict[int, str | None] = {}
    seen_on: dict[int, str | None] = {}  # a mention is seen when written: "see Karin on Friday" is not later
    for i in sorted(per_line.keys() | {i for _, i in relations}):
        d = days.day(i)
        day_of[i] = d.isoformat() if d else None
        written = days.written()
        seen = min(d, written) if d and written else d
        seen_on[i] = seen.isoformat() if seen else None
    mentions = []
    for i in sorted(per_line):
        section = headings[bisect_right(headings, i) - 1] + 1 if headings and headings[0] <= i else 0
        day = seen_on[i]
        mentions += [Mention(name, kind, how, i + 1, section if how != "front_matter" else 0, day)
                     for name, kind, how in per_line[i]]  # fmt: skip
    return Extraction(mentions, [(rel, day_of[i]) for rel, i in relations])


#: Folders whose pages are each about one thing of a kind ("people/oona-hart.md").
_FOLDER_KINDS = {
    "people": "person", "person": "person", "persons": "person", "contacts": "person", "team": "person",
    "clients": "organisation", "customers": "organisation", "companies": "organisation",
    "orgs": "organisation", "organisations": "organisation", "organizations": "organisation",
    "vendors": "organisation", "suppliers": "organisation", "partners": "organisation",
    "projects": "project", "pets": "pet", "places": "place", "books": "work", "tools": "technology",
}  # fmt: skip
_SLUG = re.compile(r"[\W_]+")


def _page_title(lines: list[str], headings: list[int], path: str) -> tuple[int, str | None] | None:
    """The first heading's line when it is a level-1 heading spelling the file's name (its slug starts with
    the file's stem or the other way round: "clients/halden.md" and "# Halden Bikes"), and the kind the
    file's folder tells (or None); None when the page is not named after its heading. A one-word title
    counts only in a folder that tells a kind ("# Retro" in "notes/retro.md" is not a name)."""
    i = headings[0]
    line = lines[i]
    if not line.startswith("# "):
        return None
    parts = path.replace("\\", "/").split("/")
    stem = _SLUG.sub("-", parts[-1].rsplit(".", 1)[0].casefold()).strip("-")
    slug = _SLUG.sub("-", line[2:].casefold()).strip("-")
    if len(stem) < 3 or not (slug.startswith(stem) or stem.startswith(slug)):
        return None
    kind = next(
        (_FOLDER_KINDS[p.casefold()] for p in reversed(parts[:-1]) if p.casefold() in _FOLDER_KINDS), None
    )
    if kind is None and " " not in line[2:].strip():
        return None
    return i, kind


#: What may stand between two names of one list ("Figma and Procreate", "from Zencastr to Riverside").
_LIST_GAPS = frozenset({" and ", " or ", ", and ", ", or ", " & ", "/", " / ", " + ", " and the ", ", the "})
#: What may stand between two names of a longer list: a comma, after a note in brackets or not
#: ("Fernhill Bakery (rebrand), Otterburn Cycles", "Ewan Grant, Priyanka Rao").
_LIST_COMMA = re.compile(r"(?:[ ]\([^()\n]{1,30}\))?,[ ](?:and[ ]|or[ ])?")
#: Kinds that a name listed with a name of that kind takes (things come in lists of a kind; people and
#: places in a list are told by their own names).
_LIST_KINDS = frozenset({"technology", "product", "organisation", "work", "event"})
#: Kinds a name of unknown kind takes from a list it is in (without the strength: "Ewan Grant, Priyanka
#: Rao" and "in Stockbridge and Morningside" say the kind, not that the name is one).
_LIST_ONLY_KIND = frozenset({"person", "place", "pet"})


def _listed_with(
    plain: str,
    typed: list[tuple[int, str, str, bool, bool, tuple[int, int]]],
    n: int,
    kind: str,
    strong: bool,
) -> tuple[str, bool]:
    """The kind and strength a name takes from a well-typed name next to it in a list on its line (a name of
    unknown kind takes the kind; one of the same kind, the strength): ("product", True) for Procreate in
    "works in Procreate and Figma"; else (``kind``, ``strong``)."""
    i, _, _, _, opens, (at, end) = typed[n]
    for m in (n - 1, n + 1):
        if not 0 <= m < len(typed) or typed[m][0] != i:
            continue
        _, _, other, other_strong, _, (o_at, o_end) = typed[m]
        gap = plain[o_end:at] if m < n else plain[end:o_at]
        if plain.startswith(("'s", "’s"), end):  # "Google Drive, Oona's idea"
            break
        listed = (
            gap in _LIST_GAPS
            or (gap == " to " and plain.endswith("from ", 0, min(at, o_at)))
            or _LIST_COMMA.fullmatch(gap) is not None
        )
        if listed and other in _LIST_KINDS and kind in ("unknown", other):
            return other, strong or (other_strong and not opens)
        if listed and kind == "unknown" and other in _LIST_ONLY_KIND:
            return other, strong
    return kind, strong


@cache
def _lower_words() -> frozenset[str]:
    """Lower-case words worth a look: well-known names written so, and given names that are not mostly
    ordinary words."""
    given = {n.lower() for n in first_names() if len(n) > 2} - _LOWER_NOT_NAMES
    return lower_known() | given


def _lower_hits(plain: str, wanted: frozenset[str]) -> list[tuple[int, str]]:
    """Where the words ``wanted`` are found by ``_LOWER``, in order: each occurrence is checked with a match
    at its position (a match there is a word ``_LOWER.finditer`` yields, as the look-behind fails inside
    a word), instead of stepping through every lower-case word of the file."""
    hits = []
    for word in wanted:
        at = plain.find(word)
        while at >= 0:
            m = _LOWER.match(plain, at)
            if m is not None and m.end() - at == len(word):
                hits.append((at, word))
            at = plain.find(word, at + 1)
    hits.sort()
    return hits


#: An organisation's word right after a mixed-case name ("NLnet Foundation").
_ORG_NEXT = re.compile(
    r"[ ](Foundation|Trust|Fund|Institute|University|Labs|Lab|Inc|Ltd|LLC|GmbH|Group|Society|Association"
    r"|Bank)\b"
)
#: Kinds a mixed-case or all-capitals word takes from the words around it (people are written otherwise).
_THING_KINDS = frozenset({"organisation", "technology", "product", "place", "event", "work"})


def _cued_kind(plain: str, labels: LineLabels, line_start: int, at: int, end: int, tech: bool) -> str:
    """The kind of a mixed-case or all-capitals word no list knows ("OpenCV", "HeatRight"): what the words
    around it say ("ordered from HeatRight", "the PyO3 0.21 bump", a label), else a technology in a file
    or on a line that names technologies ("Python + OpenCV": ``tech``), else a product."""
    word = plain[at:end]
    before, after = _before(plain, line_start, at), plain[end : end + 24]
    kind = name_kind(word, [word], before, after, technical=tech)[0]
    if kind in _THING_KINDS and kind != "place":
        return kind
    return labels.kind(line_start, at, tech) or ("technology" if tech else "product")


def _person_label(name: str, repeated: int, text: str) -> bool:
    """Is a plain ``Name:`` label opening a line a person speaking (not "Risk:", "Owner:", "Redis:")?

    Yes when it starts with a known given name, opens three lines or more (a transcript's speakers), or
    is the first word of a longer capitalised name in the same file ("Dev:" beside "Dev Anand").
    """
    words = name.split()
    if any(w in _STOP for w in words) or known_name(name) is not None:
        return False
    if given_name(words[0]):
        return True
    if len(words) == 1:
        return repeated >= 3 or re.search(rf"(?<![\w-]){re.escape(name)} [A-Z][a-z]", text) is not None
    return False


def _joined_kind(words: list[str], amp: bool) -> tuple[str, str] | None:
    """The name and kind of words joined by "&" ("Farrow & Ball": an organisation; "Ana & Bo", two people:
    None) or by "of" after an organisation's or a place's word ("University of Leeds", "Isle of Skye")."""
    while len(words) > 3 and (words[0] in _STOP or words[0].casefold() in _LEADERS_OF):
        words = words[1:]  # "The University of Leeds", "At the Bank of England"
    name = " ".join(words)
    if amp:
        left, right = words[0], words[2]
        if given_name(left) and given_name(right):
            return None
        return name, "organisation"
    head = words[words.index("of") - 1]
    if head not in _OF_HEADS:
        return None
    return name, "place" if head in _OF_PLACES else "organisation"


#: Words that may open a run before an "of" name but are not part of it.
_LEADERS_OF = frozenset("at in from to with for by via met visited joined left the".split())


def _rare(words: list[str]) -> bool:
    """Is a capitalised word no frequent English word, given name or calendar word ("Triodos", "Slurm")?
    Several words: is any of them so (a name of frequent words only, "Hague Blue", is left to the cues)."""
    return any(w.isalpha() and w not in _STOP and not common_word(w) and not given_name(w) for w in words)


def _tech_like(name: str) -> bool:
    """A capital inside a word that is no surname's ("NanoDrop", "PyO3"; not "McKay", "DeLuca")."""
    return any(
        _HUMP.search(w) and not w.startswith(("Mc", "Mac", "De", "Di", "Da", "La", "Le", "Van", "Von"))
        for w in name.split()
    )


def _title_like(title: str) -> bool:
    """Could ``title`` (before "by <author>") be a work's title rather than "Approved" or "Fixed"?"""
    words = title.split()
    if not words or len(words) > 10 or words[0] in _STOP and words[0] != "The" and len(words) == 1:
        return False
    if len(words) == 1 and (words[0].endswith(("ed", "ing")) or words[0].lower() in _LABEL_STOP):
        return False
    caps = sum(1 for w in words if w[:1].isupper())
    return caps * 2 >= len(words)


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


def _sentence_start(before: str, opening_only: bool) -> bool:
    """Does ``before`` (a line's text up to a name, or its end: :func:`_before`) end a sentence, or (as
    ``opening_only`` says) does the line hold only opening punctuation before the name?"""
    tail = before.rstrip().rstrip("'\")]")
    if tail and tail[-1] in ".!?:;":
        return True
    return opening_only


#: How much of a line before a name is read for its cues (the cue expressions read its last 40
#: characters): a long line of many names is not copied from its start for each.
_BEFORE = 256
_CLOSING = re.compile(r"[\s'\")\]]*")


def _before(plain: str, line_start: int, at: int) -> str:
    """The text of a line before a name at ``at``: its last :data:`_BEFORE` characters, or more where
    those are only spaces and closing punctuation (the text before them says whether a sentence ended)."""
    if at - line_start <= _BEFORE:
        return plain[line_start:at]
    tail = plain[at - _BEFORE : at]
    return plain[line_start:at] if _CLOSING.fullmatch(tail) else tail


#: What may stand before a name that opens a line: bullets and checkboxes; opening punctuation.
_BULLETS = re.compile(r"[ \-*+>\t\[\]xX]*")
_OPENING = re.compile(r"\s*['\"(\[]*")


class _Leads:
    """Whether a line's text up to a name is only ``rx``'s characters (bullets, opening punctuation), each
    line read once: where ``rx`` stops matching from the line's start."""

    def __init__(self, plain: str) -> None:
        self._plain = plain
        self._ends: dict[tuple[int, re.Pattern[str]], int] = {}

    def only(self, line_start: int, at: int, rx: re.Pattern[str]) -> bool:
        end = self._ends.get((line_start, rx))
        if end is None:
            m = rx.match(self._plain, line_start)
            end = self._ends[(line_start, rx)] = m.end() if m else line_start
        return end >= at


class _Spans:
    """Spans of the text already read as a name: does a new one overlap any? In time that does not grow
    with their number (a long line of "&" names adds thousands)."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []
        self._longest = 0

    def add(self, start: int, end: int) -> None:
        at = bisect_right(self._starts, start)
        self._starts.insert(at, start)
        self._ends.insert(at, end)
        self._longest = max(self._longest, end - start)

    def overlaps(self, start: int, end: int) -> bool:
        """Does ``[start, end)`` overlap a span (a span ``[a, b)`` with ``a < end`` and ``start < b``)?"""
        j = bisect_right(self._starts, end - 1)  # the spans starting before ``end``
        lowest = start - self._longest  # a span starting at or before this ends at or before ``start``
        while j and self._starts[j - 1] > lowest:
            j -= 1
            if self._ends[j] > start:
                return True
        return False
