"""Per-prompt recall: the few memories a prompt needs, unasked, and nothing when it needs none.

::

    prompt ─► signals (nothing to look for? stop) ─► one search, no sync ─► gate per hit
           (score, overlap: :mod:`~mdrecall.search.recall_gate`) ─► superseded? the newer line instead
           ─► local-only? out ─► already shown to this session? out ─► budget ─► remember what was shown

The search does not bring the index up to date first (``sync=False``): a prompt is answered from the
index as the watcher, ``SessionStart`` and the last ``index`` left it, so the hook stays fast. Past its
deadline, recall injects nothing and says so (:attr:`RecallResult.stage` = ``deadline``). What :func:`recall`
returns is what :meth:`mdrecall.Memory.recall`, the ``UserPromptSubmit`` hook and the ``memory_recall``
tool give.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from mdrecall.index.vectorize import local_only_checker
from mdrecall.models import Hit
from mdrecall.request import SearchRequest
from mdrecall.search import runner
from mdrecall.search.pipeline import SearchResult
from mdrecall.search.recall_fit import Piece, matches_index, relabel, share
from mdrecall.search.recall_gate import Decision, entry, judge, prompt_signals, render
from mdrecall.search.recall_seen import SeenLog, line_key
from mdrecall.search.snippets import LineScorer, term_matches
from mdrecall.text.privacy import has_marker, is_local_only

__all__ = ["CANDIDATES", "RecallResult", "recall"]

#: How many hits the search gives the gate (at least 3 × ``recall.max_hits``): the memory that answers
#: is often not among the first few, and those that fail the gate leave room for it.
CANDIDATES = 10

#: A citation, and the day a supersession note may give after it (``path#L4 (2024-03-01)``).
_CITATION = re.compile(r"^(?P<path>.+?)#L(?P<a>\d+)(?:-L(?P<b>\d+))?(?: \(.*\))?$")


@dataclass
class RecallResult:
    """What recall gave a prompt: the block to inject (``""``: nothing) and why.

    ``stage`` says why nothing was injected (``disabled``, ``empty``: a prompt with nothing to look
    for, ``gate``: no hit cleared it, ``deadline``, ``error``), or ``injected``; ``decisions`` is each
    candidate's fate.
    """

    text: str = ""
    hits: list[Hit] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    stage: str = "gate"
    elapsed_ms: float = 0.0
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of the ``memory_recall`` tool."""
        out: dict[str, Any] = {
            "context": self.text,
            "citations": [h.citation for h in self.hits],
            "stage": self.stage,
            "elapsed_ms": round(self.elapsed_ms, 1),
            "decisions": [d.to_dict() for d in self.decisions],
        }
        if self.note:
            out["note"] = self.note
        return out


def _span(citation: str) -> tuple[str, int, int] | None:
    m = _CITATION.match(citation)
    if not m:
        return None
    a = int(m["a"])
    return m["path"], a, int(m["b"] or a)


class _Files:
    """The file lines and local-only ranges of the hits' files, each file read once."""

    def __init__(self, memory: runner.SearchAccess) -> None:
        self.memory = memory
        self.local = local_only_checker(memory.workspace.root)
        self.text: dict[str, list[str] | None] = {}

    def lines(self, hit: Hit) -> list[str]:
        """The file lines the hit's snippet shows (the snippet's own lines for a non-Markdown source)."""
        if hit.path.lower().endswith((".md", ".markdown")):
            if hit.path not in self.text:
                try:
                    self.text[hit.path] = self.memory.workspace.read_text(hit.path).splitlines()
                except Exception:  # noqa: BLE001 - unreadable now: judged by its snippet
                    self.text[hit.path] = None
            got = self.text[hit.path]
            if got is not None:
                a = hit.snippet_start_line or hit.start_line
                b = hit.snippet_end_line or hit.end_line
                return got[a - 1 : b]
        return hit.snippet.splitlines()

    def passage(self, hit: Hit, local_model: bool) -> tuple[str, ...] | None:
        """The hit's whole cited passage, as the index saw it, when its snippet may be cut again from it
        (:mod:`~mdrecall.search.recall_fit`): ``None`` for a non-Markdown source, a file changed or
        unreadable since, or a passage holding local-only lines (unless ``local_model``)."""
        if not hit.path.lower().endswith((".md", ".markdown")) or self.text.get(hit.path) is None:
            return None
        if not local_model:
            ranges = self.local.ranges(hit.path)
            if ranges is None or is_local_only(hit.start_line, hit.end_line, ranges):
                return None
        got = tuple(self.text[hit.path] or ())[hit.start_line - 1 : hit.end_line]
        return got if matches_index(hit, got) else None

    def relabelled(self, piece: Piece) -> Piece:
        """The piece with who said its lines read again from its file (:func:`relabel`)."""
        lines = self.text.get(piece.hit.path)
        return piece if piece.passage is None or not lines else relabel(piece, lines)

    def public(self, hit: Hit, local_model: bool) -> tuple[str, list[str]] | None:
        """The hit's text to show and the file lines it shows, less local-only lines (all of them with
        ``local_model``): ``None`` when nothing is left, or the file cannot be read now (it counts as
        local); the snippet itself when none of it is local-only."""
        lines = self.lines(hit)
        if local_model:
            return hit.snippet, lines
        if not hit.path.lower().endswith((".md", ".markdown")):
            return None if has_marker(hit.snippet) else (hit.snippet, lines)
        ranges = self.local.ranges(hit.path)
        if ranges is None:
            return None
        if not is_local_only(hit.start_line, hit.end_line, ranges):
            return hit.snippet, lines
        a = hit.snippet_start_line or hit.start_line
        kept = [ln for i, ln in enumerate(lines, a) if not is_local_only(i, i, ranges)]
        text = "\n".join(kept).strip()
        return (text, kept) if text else None


def _scorer(memory: runner.SearchAccess, prompt: str, found: SearchResult) -> LineScorer | None:
    """The line scorer the search's snippets used (static vectors, when its vector leg ran)."""
    if found.provider is None or "lines" in memory.config.search.skip_stages:
        return None
    from mdrecall.search.line_vectors import line_scorer

    return line_scorer(prompt[:1000], memory.embedder, None)


def _newer(hit: Hit, candidates: list[Hit]) -> Hit | None:
    """The candidate holding the line that supersedes ``hit`` (``None``: not among them)."""
    span = _span(hit.superseded or "")
    if span is None:
        return None
    path, a, b = span
    return next((c for c in candidates if c.path == path and c.start_line <= b and a <= c.end_line), None)


def recall(
    memory: runner.SearchAccess,
    prompt: str,
    *,
    session: str = "default",
    budget_chars: int | None = None,
    today: date | None = None,
    started: float | None = None,
    record: bool = True,
) -> RecallResult:
    """The memories ``prompt`` gets unasked in ``session`` (see the module's notes).

    ``budget_chars`` defaults to ``recall.max_chars``; ``started`` (a ``time.monotonic()`` value, e.g.
    the hook process's start) is when the deadline (``recall.deadline_ms``) began to run; ``record=False``
    leaves the session's record of what was shown unchanged.
    """
    t0 = time.monotonic() if started is None else started
    cfg = memory.config.recall
    out = RecallResult()

    def done(stage: str, note: str = "") -> RecallResult:
        out.stage, out.note = stage, note
        out.elapsed_ms = (time.monotonic() - t0) * 1000
        return out

    if not cfg.enabled:
        return done("disabled", "recall.enabled is off")
    signals = prompt_signals(prompt)
    if signals.empty:
        return done("empty")
    limit = cfg.deadline_ms / 1000
    want = max(1, cfg.max_hits)
    budget = cfg.max_chars if budget_chars is None else max(0, budget_chars)
    req = SearchRequest.of(  # snippets sized so that ``want`` of them share the budget
        prompt[:1000],
        max_results=max(CANDIDATES, 3 * want),
        sync=False,
        record_recall=False,
        today=today,
        max_chars=max(200, budget // want - 80),
    )
    try:
        found = runner.search(memory, req)
        candidates = found.hits
    except Exception as exc:  # noqa: BLE001 - recall never fails a prompt: it says why and injects nothing
        return done("error", f"search failed ({type(exc).__name__}: {exc})")
    if time.monotonic() - t0 > limit:
        return done("deadline", f"search took past recall.deadline_ms = {cfg.deadline_ms}")
    files = _Files(memory)
    seen = SeenLog.load(memory.workspace.root, session)
    chosen: list[Piece] = []
    taken: set[str] = set()
    for hit in candidates:
        dropped = judge(signals, hit, cfg.min_score)
        if dropped is not None:
            out.decisions.append(dropped)
            continue
        note = ""
        if hit.superseded:
            out.decisions.append(Decision(hit, "superseded"))
            newer = _newer(hit, candidates)
            if newer is None:
                continue
            hit, note = newer, " (the newer line; an older one said otherwise)"
        if hit.citation in taken:
            continue
        public = files.public(hit, cfg.local_model)
        if public is None or (public[0] != hit.snippet and not term_matches(public[0], signals.terms)):
            out.decisions.append(Decision(hit, "local"))  # nothing, or nothing the prompt asks, is left
            continue
        shown, shown_lines = public
        if seen.knows(hit.citation, shown_lines):
            out.decisions.append(Decision(hit, "shown"))
            continue
        if len(chosen) >= want:
            out.decisions.append(Decision(hit, "budget"))
            continue
        taken.add(hit.citation)
        chosen.append(Piece(hit, shown, note, tuple(shown_lines), files.passage(hit, cfg.local_model)))
    known = set(seen.lines)
    scorer = _scorer(memory, prompt, found)
    terms = found.keyword_query.snippet_terms
    chosen = share(chosen, budget, terms, scorer, lambda ln: line_key(ln) in known)
    chosen = [files.relabelled(p) for p in chosen]
    text, n = render([entry(p.hit, p.text, p.note) for p in chosen], budget)
    out.decisions += [Decision(p.hit, "budget") for p in chosen[n:]]
    out.decisions += [Decision(p.hit, "injected") for p in chosen[:n]]
    if time.monotonic() - t0 > limit:
        return done("deadline", f"recall took past recall.deadline_ms = {cfg.deadline_ms}")
    if not n:
        return done("gate")
    out.text, out.hits = text, [p.hit for p in chosen[:n]]
    if record:
        try:
            seen.session = session
            why = [
                {
                    "citation": p.hit.citation,
                    "score": round(p.hit.score, 4),
                    "stage": "injected",
                    "matched": sorted(term_matches(p.text, signals.terms)),
                    "note": p.note.strip(" ()"),
                }
                for p in chosen[:n]
            ]
            seen.add((h.citation for h in out.hits), (ln for p in chosen[:n] for ln in p.lines), why)
            seen.save()
        except OSError as exc:  # shown, not remembered: the next prompt may show it again
            return done("injected", f"what was shown is not remembered ({exc.strerror or exc})")
    return done("injected")
