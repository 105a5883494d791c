"""Words that choose among a line's days: "instead" after a day offers it in place of another ("something
has come up on the 12th. Could we do the 19th instead?"), and "instead of" before a day names the one
given up ("Friday instead of Thursday"). Pure; used by :mod:`mdrecall.knowledge.line_day`."""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.text.note_dates import NoteDate

__all__ = ["instead_first", "offered"]

#: "instead" right after a day, not "instead of" ("the 19th instead?", "Friday instead, if that suits").
_INSTEAD_AFTER = re.compile(r"\s*,?\s*instead\b(?!\s+of\b)")
#: "instead of" (or "rather than", "in place of") right before a day: the day given up.
_INSTEAD_OF = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:the\s+|on\s+)?$")


def instead_first(low: str, kept: Sequence[NoteDate]) -> list[NoteDate]:
    """``kept`` (a line's days, in order) with a day given up left out ("Friday instead of Thursday") and
    a day offered in place of another put first ("could we do the 19th instead?"); ``low``: the line in
    lower case. Unchanged when no such word is there, or when every day would be left out."""
    out = list(kept)
    if len(out) < 2 or "instead" not in low and "rather than" not in low and "in place of" not in low:
        return out
    out = [n for n in out if _INSTEAD_OF.search(low, max(0, n.start - 24), n.start) is None] or out
    first = [n for n in out if offered(low, n)]
    return [*first, *(n for n in out if n not in first)]


def offered(low: str, n: NoteDate) -> bool:
    """Whether "instead" follows the day ``n`` ("the 19th instead"): the day offered in place of another,
    which a line that names it is about, as a day moved to."""
    return _INSTEAD_AFTER.match(low, n.end) is not None
