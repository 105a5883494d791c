"""The kind a label opening a line says the names of its value are ("- Bank: Triodos" → organisation,
"Stack: Rust, DuckDB" → technology), and a table column's header its cells'. Pure."""

from __future__ import annotations

import re

__all__ = [
    "LABEL",
    "LABEL_HEAD",
    "LABEL_KINDS",
    "LineLabels",
    "VALUE_END",
    "header_kind",
    "label_kind",
    "tag_kind",
]

#: A label opening a line and what it says the names in its value are ("- Bank: Triodos", "Stack: Rust,
#: DuckDB", "Venue: the Cameo"; "Internet: " names a provider, "Meds: " or an animal's "Food: " a product):
#: the label's last word → kind. "tools" is a technology or a product by the file (see :func:`label_kind`).
LABEL_KINDS: dict[str, str] = {
    **dict.fromkeys(
        """bank banks insurer insurance supplier suppliers vendor vendors client clients customer customers
        sponsor sponsors funder funders employer employers landlord landlords agency agencies provider
        providers broker brokers manufacturer manufacturers maker makers brand brands company companies
        firm firms contractor contractors lender lenders publisher publishers courier couriers retailer
        retailers distributor distributors registrar accountants solicitors charity charities caterer caterers
        wholesaler wholesalers internet broadband isp electricity energy gas utilities""".split(),
        "organisation",
    ),
    **dict.fromkeys(
        """venue venues location locations address destination destinations hotel hotels restaurant
        restaurants pub pubs gym pool hometown neighbourhood neighborhood area city cities town towns country
        countries station airport""".split(),
        "place",
    ),
    **dict.fromkeys(
        """stack language languages framework frameworks library libraries database databases db ci hosting
        cloud infra infrastructure editor ide os runtime orchestration scheduler cluster backend frontend
        pipeline pipelines tooling monitoring logging queue cache cms vcs""".split(),
        "technology",
    ),
    **dict.fromkeys("tools tool apps app software".split(), "tools"),
    **dict.fromkeys(
        """owner owners lead leads contact contacts teacher teachers coach coaches doctor gp dentist tutor
        mentor supervisor manager assignee assignees reviewer reviewers attendees captain chair treasurer
        secretary babysitter nanny cleaner plumber electrician kids children child son sons daughter daughters
        parents siblings author authors director coordinator organiser organizer president host hosts
        guest guests speaker speakers""".split(),
        "person",
    ),
    **dict.fromkeys(
        "book books novel novels film films movie movies album albums podcast podcasts show shows".split(),
        "work",
    ),
    **dict.fromkeys(
        """meds medication medications medicine medicines prescription prescriptions drug drugs pills tablets
        product products food feed diet kibble treats""".split(),
        "product",
    ),
    **dict.fromkeys(
        """event events conference conferences festival festivals race races regatta regattas match matches
        fixture fixtures tournament tournaments gig gigs concert concerts""".split(),
        "event",
    ),
}
#: A label opening a line (after a bullet), its value up to the name: no sentence ends in between.
LABEL = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?([A-Za-z][A-Za-z /&-]{0,28}?)(?:\*\*)?:[ \t]+(?:[^.;!?]|\.(?=\S))*$"
)
#: The label of :data:`LABEL` alone, and where its value ends (a sentence end, or the line's): read once
#: per line by :class:`LineLabels` instead of once per name.
LABEL_HEAD = re.compile(r"[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?([A-Za-z][A-Za-z /&-]{0,28}?)(?:\*\*)?:[ \t]+")
VALUE_END = re.compile(r"[.;!?\n]")


def label_kind(before: str, technical: bool = False) -> str | None:
    """The kind a label opening the line says the names of its value are ("- Bank: " → organisation,
    "Stack: Rust, " → technology, "Tools: " → technology or product by ``technical``), or None. ``before``
    is the line's text up to a name; a sentence end between the label and the name ends the value."""
    if ":" not in before:
        return None
    m = LABEL.match(before)
    if m is None:
        return None
    kind = LABEL_KINDS.get(m.group(1).split()[-1].lower())
    if kind == "tools":
        return "technology" if technical else "product"
    return kind


#: A kind's tag opening a line's item, as an agent types the bullets of the memory it keeps ("- [person] Ngozi
#: Eze — her landlord", "* [org] Halden Bikes", "1. [place] Milford Haven"): the tag in square brackets, then
#: the name. Not a task's box ("- [x] Buy tape") nor a note's type ("[fact]", "[decision]"): only a word of
#: :data:`TAG_KINDS` or :data:`LABEL_KINDS` types the name.
TAG = re.compile(
    r"[ \t]*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?\[([A-Za-z][A-Za-z -]{0,23})\][ \t]*(?:[-:—–][ \t]*)?$"
)
#: A tag's word → kind: the kinds' own names and their short forms (a label's words count too).
TAG_KINDS: dict[str, str] = {
    **dict.fromkeys("person people persons contact contacts friend family relative".split(), "person"),
    **dict.fromkeys(
        "org orgs organisation organisations organization organizations company companies business".split(),
        "organisation",
    ),
    **dict.fromkeys("place places location locations venue".split(), "place"),
    **dict.fromkeys("project projects".split(), "project"),
    **dict.fromkeys("pet pets animal animals".split(), "pet"),
    **dict.fromkeys("tech technology technologies".split(), "technology"),
    **dict.fromkeys("product products device devices gear item".split(), "product"),
    **dict.fromkeys("work works book film movie album".split(), "work"),
    **dict.fromkeys("event events".split(), "event"),
}


def tag_kind(before: str, technical: bool = False) -> str | None:
    """The kind a tag right before a name says it is ("- [person] " → person, "- [org] " → organisation),
    or None. ``before`` is the line's text up to the name."""
    if "]" not in before[-4:]:
        return None  # most names follow no tag: one look at the last characters
    m = TAG.fullmatch(before)
    if m is None:
        return None
    word = m.group(1).strip().split()[-1].lower()
    kind = TAG_KINDS.get(word) or LABEL_KINDS.get(word)
    if kind == "tools":
        return "technology" if technical else "product"
    return kind


def header_kind(header: str, technical: bool = False) -> str | None:
    """The kind a table column's header says its cells' names are ("Supplier" → organisation, "Contact" →
    person), as a label's last word would; None for any other header."""
    words = header.strip(" *_").split()
    kind = LABEL_KINDS.get(words[-1].lower()) if words else None
    if kind == "tools":
        return "technology" if technical else "product"
    return kind


class LineLabels:
    """:func:`label_kind` for the names along the lines of one text, each line's label read once: a name at
    ``at`` on the line whose text starts at ``start`` gets ``label_kind(text[start:at])``, in time that does
    not grow with the line (a long line of many names is not read again from its start for each)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: dict[int, tuple[str | None, int, int]] = {}  # start → (kind, value's start, its end)

    def kind(self, start: int, at: int, technical: bool = False) -> str | None:
        """The kind the label opening the line at ``start`` gives a name at ``at`` (None: no label, or
        a sentence ended before the name)."""
        got = self._lines.get(start)
        if got is None:
            got = self._lines[start] = self._read(start)
        kind, begin, end = got
        if kind is None or not begin <= at <= end or self._text[at - 1] == ".":
            return None  # a dot just before the name ends the value, as one at the end of ``before`` does
        if kind == "tools":
            return "technology" if technical else "product"
        return kind

    def _read(self, start: int) -> tuple[str | None, int, int]:
        text = self._text
        head = LABEL_HEAD.match(text, start)
        if head is None:
            return None, 0, -1
        kind = LABEL_KINDS.get(head.group(1).split()[-1].lower())
        if kind is None:
            return None, 0, -1
        at = begin = head.end()
        while (stop := VALUE_END.search(text, at)) is not None:
            i = stop.start()
            if text[i] != "." or i + 1 >= len(text) or text[i + 1].isspace():
                return kind, begin, i  # ";!?", the line's end, or a dot before a space or the end
            at = i + 1  # a dot inside a word ("3.12", "v1.2"): the value goes on
        return kind, begin, len(text)
