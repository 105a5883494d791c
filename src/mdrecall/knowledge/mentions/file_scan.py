"""One file as the entity extraction reads it (:func:`mdrecall.knowledge.mentions.extract.extract_entities`):
its lines joined into one text (a position maps to its line by the lines' offsets), the lines no pass reads,
its headings, the text with code blanked out (and, once read, wiki links and @names), the spans already
read as a name, and the mentions found so far, line by line. Each pass over the file adds to it.
:data:`SHAPE` is the ``how`` of a mention whose kind is only its shape's default."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from mdrecall.knowledge.mentions.line_scan import CODE, may_hold_code, skipped_and_headings
from mdrecall.knowledge.mentions.mention_readers import Spans, blank_out

__all__ = ["SHAPE", "FileScan"]

#: ``how`` of a name whose kind is only its shape's default (a capital inside a word and no cue: a product,
#: or a technology among technologies). As strong as ``typed_name`` for making it an entity, the weakest
#: evidence for its kind: it decides only where no mention of the entity has a cue.
SHAPE = "shape_name"


class FileScan:
    """The lines of one file, what the passes over it share, and the ``(name, kind, how)`` they found on
    each 0-based line (:meth:`add`), in the order found."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.joined = "\n".join(lines)  # one separator, so a position maps to a line by its offset
        self.starts = list(accumulate((len(line) + 1 for line in lines), initial=0))
        self.skip, self.headings, self.all_headings = skipped_and_headings(lines, self.joined, self.starts)
        self.heads = set(self.headings)
        #: The text with inline code, links and tags blanked out (same length, same line offsets).
        self.text = CODE.sub(blank_out, self.joined) if may_hold_code(self.joined) else self.joined
        #: :attr:`text` with wiki links and @names blanked out too, once they are read.
        self.plain = self.text
        self.body: dict[int, int] = {}  # line → where its text starts after a speaker label
        self.taken = Spans()  # spans already read as a name (a work's title, an '&' or 'of' name)
        self.per_line: dict[int, list[tuple[str, str, str]]] = {}  # 0-based line → (name, kind, how)

    def line_of(self, at: int) -> int:
        """The 0-based line holding position ``at`` of the joined text."""
        return bisect_right(self.starts, at) - 1

    def line_start(self, i: int) -> int:
        """Where line ``i``'s text starts: after its speaker label, if it has one."""
        return self.body.get(i, self.starts[i])

    def add(self, i: int, name: str, kind: str, how: str) -> None:
        """A mention of ``name`` found on line ``i`` (0-based)."""
        self.per_line.setdefault(i, []).append((name, kind, how))
