"""Kinds a page's layout gives the names listed in it (for :mod:`mdrecall.knowledge.mentions.extract`):

* a Markdown table's column header is the label of its cells ("| Supplier | Contact |": the name opening a
  cell of the Supplier column is an organisation, of the Contact column a person);
* a section titled by a kind of work ("## Books", "# Reading and watching", "Films" alone on a line before
  a list) lists works: the title opening each of its bullet items ("- Perfect Days, Wim Wenders", "- Hounds
  of Love (Kate Bush)") is a work, whatever its words; a section of music names its artist first ("- Paul
  Kelly, Gossip": a person, then the work) where the item opens with a person's name;
* a heading under a heading naming a kind of thing ("# Pets" then "## Juniper", "# Clients" then "##
  Fernhill Bakery") names one thing of that kind;
* a section of suppliers ("# Shop suppliers", "# Ordering") lists what is bought and from whom: its lines
  (:func:`supplier_lines`) name businesses, whatever their words ("- Butter: Wendelhof organic, from
  the Paktorix by the station").

Pure; each reader looks only at the lines that may hold its layout (tables at a ``|``, sections at a kind's
word in a heading), so a file without them costs one substring search each.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass

from mdrecall.knowledge.lexicon.name_lists import common_word, given_name, known_name, places
from mdrecall.knowledge.lexicon.name_words import PLACE_LAST
from mdrecall.knowledge.mentions.label_kinds import header_kind

__all__ = ["TableCells", "heading_things", "supplier_lines", "work_items", "work_label_items"]

#: A table's separator row ("|---|:--:|").
_SEPARATOR = re.compile(r"^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)+\|?[ \t]*$")


@dataclass(frozen=True)
class _Cell:
    start: int  # where the cell's text starts in the file's text (after the bar and spaces)
    kind: str | None  # the kind its column's header gives, or None
    column: tuple[int, int] | None = None  # (the table's separator line, the column's number) on a data row


class TableCells:
    """The cells of the Markdown tables of one file: for a position on a table row, where its cell's text
    starts and the kind its column's header gives ("Supplier" → organisation)."""

    def __init__(self, lines: list[str], starts: list[int], technical: bool = False) -> None:
        self._rows: dict[int, list[_Cell]] = {}
        self.data_rows: dict[int, int] = {}  # a table (its separator line) → how many rows under it
        for i in range(1, len(lines)):
            if "-" not in lines[i] or not _SEPARATOR.match(lines[i]) or "|" not in lines[i - 1]:
                continue
            kinds = [header_kind(h, technical) for h in _cells(lines[i - 1])]
            j = i + 1
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                self._rows[j] = [
                    _Cell(starts[j] + at, kinds[n] if n < len(kinds) else None, (i, n))
                    for n, at in enumerate(_cell_starts(lines[j]))
                ]
                j += 1
            self.data_rows[i] = j - i - 1
            self._rows[i - 1] = [_Cell(starts[i - 1] + at, None) for at in _cell_starts(lines[i - 1])]

    def __bool__(self) -> bool:
        return bool(self._rows)

    def cell(self, line: int, at: int) -> tuple[int, str | None] | None:
        """(where the cell holding ``at`` starts, the kind its header gives) on a table row, else None."""
        cells = self._rows.get(line)
        if not cells:
            return None
        n = bisect_right(cells, at, key=lambda c: c.start) - 1  # a row of 5,000 cells: no scan per name
        return (cells[n].start, cells[n].kind) if n >= 0 else None

    def column(self, line: int, at: int) -> tuple[int, int] | None:
        """The column (its table's separator line, its number) of the data cell holding ``at``, else None."""
        cells = self._rows.get(line)
        if not cells:
            return None
        n = bisect_right(cells, at, key=lambda c: c.start) - 1
        return cells[n].column if n >= 0 else None


def _cells(line: str) -> list[str]:
    parts = line.strip().strip("|").split("|")
    return [p.strip() for p in parts]


def _cell_starts(line: str) -> list[int]:
    """Where each cell's text starts on a table row (after its bar and spaces)."""
    out: list[int] = []
    at = line.find("|")
    if at < 0:
        return out
    if line[:at].strip():  # a row without a leading bar: its first cell starts the line
        out.append(len(line) - len(line.lstrip()))
    while at >= 0 and at + 1 < len(line):
        start = at + 1
        while start < len(line) and line[start] in " \t":
            start += 1
        if start < len(line):
            out.append(start)
        at = line.find("|", start)
    return out


#: Words of a heading that title a list of works (lowercase).
_WORK_WORDS = frozenset(
    """books book reading novels films movies movie watching watched watchlist tv shows music albums
    listening podcasts audiobooks""".split()
)
#: Words of a heading over a list of music, where an item names its artist first ("- Nina Simone, Pastel
#: Blues"), as record shops and playlists do; a list of books or films names its title first.
_MUSIC_WORDS = frozenset("music listening albums album songs playlist playlists records".split())
#: Words of a heading whose sub-headings each name one thing of a kind.
_THING_WORDS = {
    **dict.fromkeys("pets animals".split(), "pet"),
    **dict.fromkeys("kids children family people contacts".split(), "person"),
    **dict.fromkeys("clients customers suppliers vendors partners sponsors funders".split(), "organisation"),
}
_WORD = re.compile(r"[A-Za-z]+")
_BULLET = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?")
#: Where a listed work's title ends: a note in brackets, a comma, a colon, "by", a dash, a sentence end, a
#: season or a part written in lower case.
_TITLE_END = re.compile(
    r"[ ]?\(|,|:|;|[ ]by[ ]|[ ][-–—][ ]|\.(?:[ ]|$)|$"
    r"|[ ]on[ ](?=[A-Z0-9])"  # "Ros na Rún on TG4 for the Irish": the channel or platform after the title
    r"|[ ](?:season|series|episode|ep|part|vol|volume)[ ]?(?:\d+|[ivx]+)\b"  # "Andor season 2": the series
)
#: Lower-case words opening a bullet before a title ("dropped Marrowdeep"): one to four.
_LOWER_LEAD = re.compile(r"(?!the[ ])(?:[a-z][\w'’-]*[ ]){1,4}(?=[A-Z])")  # ("the Dispossessed": a title)
#: A label before the title ("Up next: Intermezzo"): one or two lower-case words after a capital.
_LEAD_LABEL = re.compile(r"[A-Z][a-z]+(?:[ ][a-z]+){0,2}:[ ]")
#: A title's part after its colon ("Dune: Part Two", "Kill Bill: Volume 2", "Andor: Season 2").
_SEQUEL = re.compile(
    r"(?:Part|Chapter|Volume|Vol\.|Book|Episode|Season|Series)[ ]"
    r"(?:\d+|[IVX]+|One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten)\b"
)
#: Lower-case words ending a listed title ("Der Grüffelo on repeat"): a note, not the title's.
_TRAILING_LOWER = re.compile(r"(?:[ ][a-z][\w'’-]*)+$")
#: What parts one listed title from the next: a note in brackets perhaps, then a comma or a semicolon.
_NEXT_TITLE = re.compile(r"(?:[ ]?\([^()]*\))?[ ]?[,;][ ]+(?=[A-Z0-9])")
#: Words that open a title, never a person's name ("My Neighbour Totoro", "Der Grüffelo").
_TITLE_OPENERS = frozenset("The A An My Our Your His Her Their Der Die Das Le La Les El Il Lo".split())
#: Who made a listed work, after its title: two to four capitalised words after a comma or in brackets.
_MAKER = re.compile(
    r"(?:,[ ]|[ ]?\()(?P<m>[A-Z](?:\.|[\w'’-]*)(?:[ ](?:[A-Z](?:\.|[\w'’-]*)|de|van|von|del|da)){1,3})"
    r"(?=[),.;:]|[ ]\(|$)"
)


def _heading_words(line: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(line)]


def work_items(lines: list[str], headings: list[int]) -> list[tuple[int, int, int, str]]:
    """The titles a section of works lists and who made them: (line, where the name starts, where it ends
    on the line, "work" or "person"), for each bullet item that opens with a title ("- Past Lives (Celine
    Song)", "- the Dispossessed, Ursula Le Guin"); the section runs to the next heading (a kind's word alone
    on a line before a list counts as one)."""
    out: list[tuple[int, int, int, str]] = []
    heads = set(headings)
    kind_lines = [
        i
        for i, line in enumerate(lines)
        if (i in heads or (line.strip() and i + 1 < len(lines) and _BULLET.match(lines[i + 1])))
        and len(line) < 60
        and (words := _heading_words(line))
        and (i in heads or len(words) <= 3)
        and any(w in _WORK_WORDS for w in words)
    ]
    read = 0  # lines before this were read as items of a section: a kind's line among them adds nothing
    for h in kind_lines:
        if h < read:
            continue  # ("- Films" bullets one after another: each would re-read the rest of the list)
        level = _level(lines[h]) if h in heads else 0
        music = not _MUSIC_WORDS.isdisjoint(_heading_words(lines[h]))
        for i in range(h + 1, len(lines)):
            if i in heads and (not level or _level(lines[i]) <= level):
                break  # a sub-heading ("# Reading" then "## Kids") goes on with its section
            if i > h + 1 and not lines[i].strip() and h not in heads:
                break
            read = i + 1
            bullet = _BULLET.match(lines[i])
            if bullet is None:
                continue
            artist = _artist_first(lines[i], i, bullet.end()) if music else None
            out += artist if artist is not None else _item_titles(lines[i], i, bullet.end())
    return out


#: An artist's name opening an item of a list of music, before a comma: two or three capitalised words.
_ARTIST = re.compile(r"(?P<a>[A-Z][\w'’-]+(?:[ ][A-Z][\w'’-]+){1,2}),[ ]+")
#: The work after the artist: a quoted title, or capitalised words up to a note (a dash, a bracket, a
#: semicolon, a sentence's end); a colon inside it ("Dino: Italian Love Songs") is the title's own.
_QUOTED = re.compile(r"[\"“](?P<t>[^\"“”]{1,80})[\"”]")
_WORK_END = re.compile(r"[ ][-–—][ ]|[ ]?\(|;|\.(?:[ ]|$)|$")


def _artist_first(line: str, i: int, at: int) -> list[tuple[int, int, int, str]] | None:
    """An item of a list of music that names its artist, then the record ("- Paul Kelly, Gossip", "- Nina
    Simone, "Pastel Blues""): [(line, start, end, "person"), (line, start, end, "work")], or None where the
    item does not open with a person's name (a given name among its words, no title's opener, no place or
    well-known name) followed by a title (then it is read as a title first)."""
    m = _ARTIST.match(line, at)
    if m is None:
        return None
    words = m.group("a").split()
    if words[0] in _TITLE_OPENERS or not any(given_name(w) for w in words):
        return None
    if m.group("a") in places() or known_name(m.group("a")) is not None:
        return None
    quoted = _QUOTED.match(line, m.end())
    if quoted is not None:
        start, end = quoted.start("t"), quoted.end("t")
    else:
        stop = _WORK_END.search(line, m.end())
        start, end = m.end(), stop.start() if stop is not None else len(line)
    work = line[start:end]
    if not (_title(work, True) or (work.isalpha() and work[:1].isupper())):  # "Blue", "Gossip": an album's
        return None
    if given_name(work.split()[0]) and _maker_name(work):
        return None  # a second person's name ("Jane Eyre, Emma Watson"): read as a title and its maker
    return [(i, m.start("a"), m.end("a"), "person"), (i, start, end, "work")]


def _level(line: str) -> int:
    return len(line) - len(line.lstrip("#"))


def _item_titles(line: str, i: int, at: int) -> list[tuple[int, int, int, str]]:
    """The titles one bullet item of a section of works lists, after a label ("Kids: ", "Film night
    favourites: "), one after another where a comma or a semicolon parts them ("Paddington 2, Spirited
    Away"; "Momo; Heidi"), and who made one (a name after a comma or in brackets that opens with a given
    name or initials)."""
    out: list[tuple[int, int, int, str]] = []
    lead = _LEAD_LABEL.match(line, at)
    sequel = _SEQUEL.match(line, lead.end()) if lead is not None else None
    if sequel is not None:
        lead = None  # "Dune: Part Two": a title and its part, not a label and a title
    if lead is not None:
        at = lead.end()
    elif (said := _LOWER_LEAD.match(line, at)) is not None:  # "- dropped Marrowdeep (Tilde Osterhagen)"
        return _said_title(line, i, said.end())
    first = True
    while at < len(line):
        end = _TITLE_END.search(line, sequel.end() if sequel is not None and first else at)
        stop = end.start() if end is not None else len(line)
        raw = _unmarked(line[at:stop])
        title = _TRAILING_LOWER.sub("", raw)  # "Der Grüffelo on repeat"
        marked = (stop < len(line) and line[stop] in ",:;(") or line.startswith(
            (" (", " - ", " – ", " — ", " by "), stop
        )
        marked = marked or (end is not None and end.group(0)[1:2].isalpha())  # "Andor season 2"
        made = _made_title(line, at, raw)
        if made is not None:  # "Het diner, Herman Koch": a title in sentence case, its maker after it
            title = raw
        elif not _title(title, marked or not first or lead is not None):  # "Still to see: Korvelund."
            break
        out.append((i, at, at + len(title), "work"))
        maker = made or _MAKER.match(line, at + len(title)) or _ONE_MAKER.match(line, at + len(title))
        if maker is not None and _venue_named(maker.group("m")):
            break  # "- Swan Lake, Bradford Alhambra Theatre, 2/3": where it is on, neither maker nor title
        if maker is not None and _maker_name(maker.group("m")):  # "- Perfect Days, Wim Wenders"
            out.append((i, maker.start("m"), maker.end("m"), "person"))
            stop = maker.end("m")
        nxt = _NEXT_TITLE.match(line, stop)
        if nxt is None:
            break
        at, first = nxt.end(), False
    return out


def _made_title(line: str, at: int, raw: str) -> re.Match[str] | None:
    """The maker after a listed title that only its maker marks as one: a title in sentence case ("Het
    diner, Herman Koch", "Los detectives salvajes (Bolaño)") or one longer than :func:`_title` reads ("What
    I Talk About When I Talk About Running, Haruki Murakami"), up to twelve words opening with a capital;
    None where no maker's name follows (notes in lower case stay notes: "Finished it, loved it")."""
    words = raw.split()
    if len(words) < 2 or len(words) > 12 or not raw[:1].isupper() or words[0] in _LABEL_OPENERS:
        return None
    if _title(raw, True) and len(words) <= 8:
        return None  # read as before
    maker = _MAKER.match(line, at + len(raw)) or _ONE_MAKER.match(line, at + len(raw))
    if maker is None or " " not in maker.group("m") and maker.group(0)[:1] == ",":
        return None  # a single word after a comma may be the next title ("Dune, Emma")
    return maker if _maker_name(maker.group("m")) else None


#: Words opening a note, not a title, before a maker's name ("Lent to Aoife Brennan", "Finished with Ola").
_LABEL_OPENERS = frozenset("Lent Borrowed Finished Started Reading Watching Gave Got Bought Returned".split())


def _unmarked(text: str) -> str:
    """``text`` without its spaces and the marks a list ticks items with at its end ("The Banshees ✔",
    "Dune ★★★"): symbols, not a name's "+" ("Apple TV+")."""
    text = text.strip()
    while text and (text[-1].isspace() or unicodedata.category(text[-1]) == "So"):
        text = text[:-1]
    return text


def _said_title(line: str, i: int, at: int) -> list[tuple[int, int, int, str]]:
    """A title after a few lower-case words ("- dropped Marrowdeep (Tilde Osterhagen)"), taken only with
    its maker after it: capitalised words there may as well be a place or a person."""
    end = _TITLE_END.search(line, at)
    stop = end.start() if end is not None else len(line)
    title = line[at:stop].strip()
    maker = _MAKER.match(line, at + len(title))
    if not _title(title, True) or maker is None or not _made_by(maker.group("m")):
        return []
    return [(i, at, at + len(title), "work"), (i, maker.start("m"), maker.end("m"), "person")]


#: Words of a line's opening label that say its values are works ("- read so far:", "Spring show:",
#: "Music:"): the section words and their singulars, and verbs of reading, watching and listening.
_WORK_LABEL_WORDS = _WORK_WORDS | frozenset(
    """film show play song songs album piece pieces novel read reads watch listen listened""".split()
)
#: A line's opening label: a bullet perhaps, then one to four words and a colon.
_LINE_LABEL = re.compile(r"[ \t]*(?:[-*+][ \t]+)?(?P<l>[A-Za-z][\w'’-]*(?:[ ][\w'’-]+){0,3}):[ ]")
#: A title and its maker in brackets after it ("Clair de Lune (Debussy)", "The Pelican Brief (John
#: Grisham)"): capitalised words joined by a few small ones, then one to three capitalised words in brackets.
#: Small words inside a title, in a few languages ("Clair de Lune", "Spiegel im Spiegel").
_SMALL_WORDS = "and of the de du des del la le el in im am on a an to for with und et y di da".split()
_SMALL = "|".join(_SMALL_WORDS)
_TITLE_MAKER = re.compile(
    rf"(?<![\w'’-])(?P<t>[A-Z][\w'’-]*(?:[ ](?:[A-Z0-9][\w'’-]*|{_SMALL})){{0,7}})"
    r"[ ]\((?P<m>[A-Z][\w'’-]+(?:[ ](?:[A-Z][\w'’-]+|de|van|von|del|da)){0,2})\)"
)
#: A one-word maker in brackets after a listed title ("- Perfect Days (Wenders)").
_ONE_MAKER = re.compile(r"[ ]?\((?P<m>[A-Z][\w'’-]+)\)")
_SMALL_END = frozenset("and of the de du la le in on a an to for with".split())


def work_label_items(lines: list[str]) -> list[tuple[int, int, int, str]]:
    """Works and their makers on lines whose opening label names works ("- read so far: Klara and the Sun
    (Ishiguro), Demon Copperhead (Kingsolver)", "Music: ..., plus Clair de Lune (Debussy)"): each title
    followed by a maker in brackets, as (line, start, end, "work" or "person"). The maker must read as a
    person's name: no frequent word, place, known name of another kind, number or day."""
    out: list[tuple[int, int, int, str]] = []
    for i, line in enumerate(lines):
        if "(" not in line or ":" not in line:
            continue
        label = _LINE_LABEL.match(line)
        if label is None or _WORK_LABEL_WORDS.isdisjoint(_heading_words(label.group("l"))):
            continue
        for m in _TITLE_MAKER.finditer(line, label.end()):
            title, maker = m.group("t"), m.group("m")
            if title.split()[-1] in _SMALL_END or not _title(title, True) or not _maker_name(maker):
                continue
            out += [(i, m.start("t"), m.end("t"), "work"), (i, m.start("m"), m.end("m"), "person")]
    return out


def _maker_name(name: str) -> bool:
    """Could a name in brackets after a title be its maker's ("Debussy", "Saint-Exupéry", "Kate Bush"):
    not a title's opener, and a single word no frequent word, place or well-known name ("(Netflix)",
    "(Kraków)", "(Live)")?"""
    if not _made_by(name):
        return False
    if " " in name:
        return True
    return not common_word(name) and name not in places() and known_name(name) is None


def _venue_named(name: str) -> bool:
    """Does a name of several words after a listed title read as a place's: a place's word last ("Leeds Town
    Hall", "Royal Albert Hall") or a town of the gazetteer, no given name, first ("Bradford Alhambra")?"""
    words = name.split()
    return len(words) > 1 and (words[-1] in PLACE_LAST or (words[0] in places() and not given_name(words[0])))


def _made_by(name: str) -> bool:
    """Does a name after a title read as its maker's, not a second title: no person's name opens with an
    article or a possessive ("Wim Wenders", "Sally Rooney"; not "My Neighbour Totoro", "The Wild Robot")?"""
    return name.split()[0] not in _TITLE_OPENERS


def _title(title: str, marked: bool) -> bool:
    """Could the text opening a bullet of works be a title: capitalised words mostly, at most eight; one
    word only where a comma, colon or bracket ends it and it is no frequent word alone."""
    words = title.split()
    if not words or len(words) > 8 or not (title[:1].isupper() or title.startswith("the ")):
        return False
    if len(words) == 1:
        return marked and not common_word(title) and title.isalpha()
    caps = sum(1 for w in words if w[:1].isupper() or w[:1].isdigit() or w == "the")
    return caps * 2 > len(words) and (marked or caps == len(words))


def heading_things(lines: list[str], headings: list[int]) -> list[tuple[int, str, str]]:
    """Sub-headings under a heading naming a kind of thing: (line, name, kind) for "## Juniper" under
    "# Pets" ("## Ivy (8, Year 3)" gives Ivy); a sub-heading that reads as a section's title (a plural
    common word, one word under a heading of businesses: "## Invoices") is none."""
    out: list[tuple[int, str, str]] = []
    levels = {i: len(lines[i]) - len(lines[i].lstrip("#")) for i in headings}
    for n, h in enumerate(headings):
        kind = next((_THING_WORDS[w] for w in _heading_words(lines[h]) if w in _THING_WORDS), None)
        if kind is None or len(lines[h]) > 40:
            continue
        for k in range(n + 1, len(headings)):  # (not a slice: a copy per heading is quadratic)
            sub = headings[k]
            if levels[sub] <= levels[h]:
                break
            if levels[sub] != levels[h] + 1:
                continue
            name = lines[sub].lstrip("#").strip()
            name = re.split(r"[ ]?[(:,]", name, maxsplit=1)[0].strip()
            words = name.split()
            if not words or len(words) > 4 or not all(w[:1].isupper() for w in words):
                continue
            one = words[0]
            named = given_name(one) or one in places()  # "## Kobe" under "# Pets": a name, no section's title
            if len(words) == 1 and (
                kind == "organisation" or (common_word(one.removesuffix("s")) and not named)
            ):
                continue  # "## Invoices" under "# Clients" is a section; a business's name is rarely one word
            out.append((sub, name, kind))
    return out


#: Words of a heading over a list of what is bought and from whom ("# Suppliers", "## Ordering").
_SUPPLIER_WORDS = frozenset(
    """supplier suppliers vendor vendors ordering orders purchasing procurement sourcing stockists
    wholesalers buying""".split()
)


def supplier_lines(lines: list[str], headings: list[int]) -> set[int]:
    """The lines of sections titled by a word of buying ("# Shop suppliers", "## Ordering"): each runs to
    the next heading of its level or above. A name such a line gives as a label's value ("- Flour:
    Mühlbrecht") or after "from" ("Boxes: kraft, from Paktorix") is a business."""
    out: set[int] = set()
    for n, h in enumerate(headings):
        if len(lines[h]) > 60 or _SUPPLIER_WORDS.isdisjoint(_heading_words(lines[h])):
            continue
        level = _level(lines[h])
        end = len(lines)
        for k in headings[n + 1 :]:
            if _level(lines[k]) <= level:
                end = k
                break
        out.update(range(h + 1, end))
    return out
