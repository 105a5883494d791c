"""Where a name of no cue is a technology rather than a product (for
:func:`mdrecall.knowledge.mentions.extract.extract_entities`): a file naming two well-known technologies or
more is technical throughout, and a line naming one is about tools ("Python + OpenCV")."""

from __future__ import annotations

from bisect import bisect_right

from mdrecall.knowledge.lexicon.name_lists import known_name, lower_known

__all__ = ["TechLines"]


class TechLines:
    """The file's technical lines: every line where it is technical, else those naming a technology."""

    def __init__(self, starts: list[int], names: list[tuple[int, str]], lower_hits: list[tuple[int, str]]):
        """``names``: the capitalised candidates (0-based line, name); ``lower_hits``: the lower-case known
        words (position in the joined text whose line ``starts`` gives, word)."""
        found = [(i, n) for i, n in names if (k := known_name(n)) and not k.ambiguous
                 and k.kind == "technology"]  # fmt: skip
        lower = lower_known()
        lower_tech = [(bisect_right(starts, at) - 1, w) for at, w in lower_hits if w in lower
                      and (k := known_name(w)) is not None and k.kind == "technology"]  # fmt: skip
        self.technical = len({n for _, n in found} | {n for _, n in lower_tech}) >= 2
        self.lines = {i for i, _ in found} | {i for i, _ in lower_tech}  # "Python + OpenCV"

    def on(self, i: int) -> bool:
        """Is 0-based line ``i`` about tools?"""
        return self.technical or i in self.lines

    def add(self, i: int) -> None:
        """Line ``i`` names a technology: "Snakemake pipeline on Eddie, then DESeq2" is about tools."""
        self.lines.add(i)
