"""The derived views of the in-memory store (:class:`~mdrecall.stores.views.ViewStore`) in lists."""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence

from mdrecall.models import Chunk
from mdrecall.stores.views import FactRow, FileVersion, FileViews, KeySummary, MentionRow, RelationRow

__all__ = ["MemoryViews"]


class MemoryViews:
    """Mixed into :class:`~mdrecall.stores.in_memory.InMemoryStore`."""

    def _views(self) -> dict[str, tuple[list[MentionRow], list[RelationRow]]]:
        if not hasattr(self, "_view_rows"):
            self._view_rows: dict[str, tuple[list[MentionRow], list[RelationRow]]] = {}
            self._versions: list[FileVersion] = []
            self._facts: dict[str, list[FactRow]] = {}
            self._pending: dict[str, int] = {}
        return self._view_rows

    def chunk_at(self, path: str, line: int) -> Chunk | None:
        """The smallest stored chunk of ``path`` holding ``line`` (``None``: none)."""
        chunks: dict[str, Chunk] = getattr(self, "_chunks", {})
        held = [c for c in chunks.values() if c.path == path and c.start_line <= line <= c.end_line]
        return min(held, key=lambda c: (c.end_line - c.start_line, c.start_line), default=None)

    def replace_views(
        self,
        path: str,
        mentions: Sequence[MentionRow],
        relations: Sequence[RelationRow],
        facts: Sequence[FactRow] = (),
    ) -> None:
        """Replace a file's mentions, relationships and fact lines (empty lists forget the file)."""
        views = self._views()
        views.pop(path, None)
        self._facts.pop(path, None)
        if mentions or relations:
            views[path] = (list(mentions), list(relations))
        if facts:
            self._facts[path] = list(facts)

    def write_views(self, files: Sequence[FileViews]) -> None:
        """Many files' views and versions at once (the same as file by file, in order)."""
        for f in files:
            self.replace_views(f.path, f.mentions, f.relations, f.facts)
            if f.hash is not None:
                self.add_file_version(f.path, f.hash, f.seen_at, f.text)

    def write_built_views(
        self, files: Sequence[FileViews], marks: Mapping[str, int] | None = None
    ) -> list[str]:
        """:meth:`write_views` for extracted views, dropping their pending marks; given ``marks``, only the
        files still pending with that very mark. Returns the paths written."""
        self._views()
        if marks is not None:
            files = [
                f for f in files if f.path in self._pending and self._pending[f.path] == marks.get(f.path)
            ]
        for f in files:
            self._pending.pop(f.path, None)
        self.write_views(files)
        return [f.path for f in files]

    def mark_views_pending(self, paths: Iterable[str], mark: int) -> None:
        """Leave the views of ``paths`` to be built later, under ``mark``."""
        self._views()
        self._pending.update(dict.fromkeys(paths, mark))

    def views_pending(self, after: str = "", limit: int = 0) -> list[tuple[str, int]]:
        """Pending ``(path, mark)`` in path order, paths after ``after`` only; at most ``limit`` (0: all)."""
        self._views()
        found = ((p, m) for p, m in self._pending.items() if p > after)
        return heapq.nsmallest(limit, found) if limit else sorted(found)

    def count_views_pending(self) -> int:
        """How many files' views are pending."""
        self._views()
        return len(self._pending)

    def mention_rows(self, keys: Sequence[str] | None = None) -> list[MentionRow]:
        """Mentions of the entities ``keys`` (``None``: all), in path and line order."""
        wanted = None if keys is None else set(keys)
        rows = [m for ms, _ in self._views().values() for m in ms if wanted is None or m.key in wanted]
        return sorted(rows, key=lambda m: (m.path, m.line))

    def mention_lines(self, keys: Sequence[str]) -> set[tuple[str, int]]:
        """The distinct ``(path, line)`` where any of ``keys`` is mentioned."""
        return {(m.path, m.line) for m in self.mention_rows(keys)}

    def cooccurring(self, keys: Sequence[str]) -> list[tuple[str, str, int, str | None, str]]:
        """(key, name as written, sections shared, latest day, citation of that section) for every key
        mentioned in a section with ``keys``."""
        mine = set(keys)
        sections = {(m.path, m.section) for m in self.mention_rows(keys)}
        shared: dict[tuple[str, str], list[MentionRow]] = {}
        for m in self.mention_rows():
            if m.key not in mine and (m.path, m.section) in sections:
                shared.setdefault((m.key, m.name), []).append(m)
        out = []
        for (k, n), rows in shared.items():
            last = max(rows, key=lambda m: m.day or "")
            count = len({(m.path, m.section) for m in rows})
            out.append((k, n, count, last.day, f"{last.path}#L{max(1, last.section)}"))
        return out

    def entity_summary(self, keys: Sequence[str] | None = None) -> list[KeySummary]:
        """Per entity key (``keys``, or all): distinct lines and files, first and last day, and
        (name, kind, how) counts."""
        by_key: dict[str, list[MentionRow]] = {}
        for m in self.mention_rows(keys):
            by_key.setdefault(m.key, []).append(m)
        out = []
        for key, rows in by_key.items():
            days = sorted(m.day for m in rows if m.day)
            forms: dict[tuple[str, str, str], int] = {}
            for m in rows:
                forms[(m.name, m.kind, m.how)] = forms.get((m.name, m.kind, m.how), 0) + 1
            lines = {(m.path, m.line) for m in rows}
            files = {m.path for m in rows}
            first, last = (days[0], days[-1]) if days else (None, None)
            out.append(KeySummary(key, len(lines), len(files), first, last, forms))
        return out

    def relation_rows(self) -> list[RelationRow]:
        """Every stored relationship."""
        return sorted((r for _, rs in self._views().values() for r in rs), key=lambda r: (r.path, r.line))

    def fact_rows(self) -> list[FactRow]:
        """Every stored fact line, in path and line order."""
        self._views()
        return sorted((f for fs in self._facts.values() for f in fs), key=lambda f: (f.path, f.line))

    def entity_stats(self) -> dict[str, tuple[int, bool]]:
        """Entity key → (files naming it, once one names it mid-sentence; found other than as a capitalised
        word)."""
        files: dict[str, set[str]] = {}
        inside: set[str] = set()  # keys named mid-sentence somewhere
        strong: dict[str, bool] = {}
        for m in self.mention_rows():
            named = files.setdefault(m.key, set())
            if m.how in ("name", "name_start"):
                named.add(m.path)
            if m.how == "name":
                inside.add(m.key)
            strong[m.key] = strong.get(m.key, False) or m.how not in ("name", "name_start")
        return {k: (len(v) if k in inside else 0, strong[k]) for k, v in files.items()}

    def add_file_version(self, path: str, hash: str, seen_at: float, text: str | None) -> bool:
        """Append a version of ``path`` unless its last one has the same hash; True when added."""
        self._views()
        last = next((v for v in reversed(self._versions) if v.path == path), None)
        if (last.hash if last else None) == hash or (last is None and text is None):
            return False
        self._versions.append(FileVersion(path, seen_at, hash, text))
        return True

    def file_versions(self, path: str | None = None) -> list[FileVersion]:
        """Versions of one file (``None``: all files), oldest first."""
        self._views()
        return [v for v in self._versions if path is None or v.path == path]

    def line_texts(self, wanted: Sequence[tuple[str, int]]) -> dict[tuple[str, int], str]:
        """The indexed text of the lines ``(path, line)`` (read from the chunks holding them)."""
        want = set(wanted)
        out: dict[tuple[str, int], str] = {}
        for c in getattr(self, "_chunks", {}).values():
            for i, piece in enumerate(c.text.split("\n")):
                if (c.path, c.start_line + i) in want:
                    out.setdefault((c.path, c.start_line + i), piece)
        return out
