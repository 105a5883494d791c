"""File formats a note names by their extension in capitals: "exports the ledger as CSV", "record WAV,
master to MP3 at 128k", "the TSV dump". Initials no list knows are most often an ordinary abbreviation and
need a cue (:mod:`.acronym_slots`); a text, image, sound or video format of the standard library's media
table (``data/file_formats.txt``, from ``scripts/gen_file_formats.py``) is a technology wherever it stands,
except before a number ("an RTX 4080": a product's model, read whole or not at all)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = ["format_kind"]

_DATA = Path(__file__).parents[1] / "data"
#: A number right after the initials: a model's code ("RTX 4080", "MP4 1080p" is the same shape).
_NUMBER_NEXT = re.compile(r"[ ]?[-–]?[ ]?\d")


@cache
def _formats() -> frozenset[str]:
    lines = (_DATA / "file_formats.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def format_kind(word: str, after: str) -> str | None:
    """``"technology"`` when the all-capitals ``word`` is a file format's extension and the text ``after`` it
    opens with no number, else None."""
    if word not in _formats() or _NUMBER_NEXT.match(after):
        return None
    return "technology"
