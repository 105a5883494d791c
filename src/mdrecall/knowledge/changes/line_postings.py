"""The postings the attribute rule of :mod:`mdrecall.knowledge.changes.fact_pairs` looks candidates up in:
lines filed under numbered keys (subject and value words) as one sorted array, and the masks of the candidate
lines worth trying (not paired yet; for an undated line, the nearest of its page above it). Pure.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

from mdrecall.knowledge.fact_lines.facts import Fact

__all__ = ["NEAREST", "WINDOW", "Keep", "Postings"]


class Postings:
    """Key number → the lines (numbers) filed under it, as one sorted array of ``key × lines + line``
    (16 bytes a posting while sorting, 8 after; a dict of lists costs ~100)."""

    def __init__(self, keys: array[int], lines: array[int], count: int) -> None:
        import numpy as np  # here: a search that reads stored pairs loads no numpy for this

        self.np = np
        self.count = max(count, 1)
        top = max(keys, default=0)
        if (top + 1) * self.count >= 2**63:  # cannot happen below ~2 billion words and lines
            raise OverflowError("too many words and lines to number")
        packed = np.frombuffer(keys, dtype=np.int64) * self.count + np.frombuffer(lines, dtype=np.int64)
        packed.sort()
        self.packed = packed

    def get(
        self,
        keys: Sequence[int],
        below: int | None = None,
        kept: Callable[[Any], Any] | None = None,
        around: int | None = None,
    ) -> list[int]:
        """The lines filed under any of ``keys`` (a line once per key it is filed under), in key order;
        only the lines numbered under ``below``, if given, and those ``kept`` (an array of line numbers →
        the mask of those to keep) keeps; where ``around`` (a line's number) is given, of each key only the
        :data:`WINDOW` lines numbered last before it and the :data:`WINDOW` last after it."""
        if not keys or not len(self.packed):
            return []
        np = self.np
        lo = np.asarray(keys, dtype=np.int64) * self.count
        starts = np.searchsorted(self.packed, lo, "left")
        top = self.count if below is None else min(below, self.count)
        ends = np.searchsorted(self.packed, lo + top, "left")
        if around is None:
            spans = [[(s, e)] for s, e in zip(starts.tolist(), ends.tolist(), strict=True)]
        else:
            mids = np.searchsorted(self.packed, lo + around, "left").tolist()
            after = np.searchsorted(self.packed, lo + around + 1, "left").tolist()
            spans = [
                [(max(s, m - WINDOW), m), (max(a, e - WINDOW), e)] if e - s > 2 * WINDOW else [(s, e)]
                for s, e, m, a in zip(starts.tolist(), ends.tolist(), mids, after, strict=True)
            ]
        out: list[int] = []
        for parts in spans:
            if len(parts) > 1:
                found = np.concatenate([self.packed[s:e] for s, e in parts]) % self.count
            elif parts[0][1] > parts[0][0]:
                found = self.packed[parts[0][0] : parts[0][1]] % self.count
            else:
                continue
            out += (found[kept(found)] if kept is not None else found).tolist()
        return out


#: Of each key an undated line looks up, the most lines numbered before it, and after it, that it reads
#: (:meth:`Postings.get`): its page's lines above it (and the other pages' undated lines), the nearest.
WINDOW = 32


class Keep:
    """Masks of the candidate lines worth trying (as arrays): those not paired yet, and for an undated
    line, not its own page's lines at or below it (which it cannot supersede, :func:`_later`), and of those
    filed under one key, only the :data:`NEAREST` last above it on its page and the :data:`NEAREST` last of
    the other pages (20,000 lines "X takes over the rota from Y" naming 300 people on one page tried each
    line against the ~70 naming the same one above it: over a minute)."""

    def __init__(self, facts: Sequence[Fact], paired: bytearray) -> None:
        import numpy as np

        self.np = np
        self.paired = np.frombuffer(paired, dtype=np.uint8) if paired else np.zeros(0, np.uint8)
        paths: dict[str, int] = {}
        self.path = np.asarray([paths.setdefault(f.path, len(paths)) for f in facts], dtype=np.int64)
        self.line = np.asarray([f.line for f in facts], dtype=np.int64)
        self.paths = paths

    def not_paired(self, found: Any) -> Any:
        return self.paired[found] == 0

    def for_undated(self, new: Fact) -> Callable[[Any], Any]:
        path, line = self.paths[new.path], new.line

        def kept(found: Any) -> Any:
            fresh = self.paired[found] == 0
            here = self.path[found] == path
            mask = fresh & (~here | (self.line[found] < line))
            if len(found) > NEAREST:  # (found: one key's lines, in number order: page and line order)
                for part in (mask & here, mask & ~here):
                    mask[part.nonzero()[0][:-NEAREST]] = False  # (flatnonzero's wrapping: a third of it)
            return mask

        return kept


#: The most lines filed under one key an undated line tries as the lines it may supersede, on its page and
#: on the other pages (:class:`Keep`): the last written before it.
NEAREST = 8
