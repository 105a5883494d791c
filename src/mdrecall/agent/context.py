"""Context for an agent's prompt: the start-of-session block, and a digest of memory for one message.

* :func:`session_start_context`: today's and yesterday's logs plus ``MEMORY.md`` within a character
  budget; when a log holds notes labelled ``[assistant]`` (:mod:`mdrecall.text.provenance`), a line says
  they are not the user's words. ``MEMORY.md`` (curated, personal) is included in main/private sessions
  only, never in group contexts. Logs keep their most recent lines when cut, ``MEMORY.md`` its first lines.
  Local-only lines (:mod:`mdrecall.text.privacy`) are left out unless ``recall.local_model`` says the
  agent's model runs on this machine.
* :func:`memory_context`: derives several queries from a whole user message (the message itself,
  names, quoted phrases, identifiers, dates), runs them, merges the hits and returns one digest
  within a budget, each entry cited as ``path#Lstart-Lend``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from mdrecall.errors import MdrecallError
from mdrecall.files.workspace import MEMORY_FILE_NAMES, now_local
from mdrecall.text.privacy import is_local_only, scan
from mdrecall.text.stopwords import STOP_WORDS
from mdrecall.text.textclean import one_line

if TYPE_CHECKING:
    from mdrecall.memory import Memory
    from mdrecall.models import Hit

__all__ = ["ContextDigest", "PRIVATE_CHAT_TYPES", "derive_queries", "memory_context", "session_start_context"]

#: How much of a memory file the start-of-session block reads to find its local-only lines (a file
#: larger than this is judged by its first bytes, where front matter is).
PRIVACY_READ_BYTES = 4 << 20
PRIVATE_CHAT_TYPES = frozenset({"direct", "dm", "private", "main"})
_NAME = re.compile(r"\b[A-Z][\w'-]*[a-z0-9][\w'-]*(?:\s+[A-Z][\w'-]*[a-z0-9][\w'-]*)*")
_ACRONYM = re.compile(r"\b[A-Z][A-Z0-9]{1,9}\b")
_QUOTED = re.compile(r"\"([^\"]{3,80})\"|`([^`]{2,80})`|“([^”]{3,80})”")
_TAG = re.compile(r"(?<!\w)[@#]([\w.-]{2,40})")
_IDENT = re.compile(r"\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_LABELLED = re.compile(r"^- [a-z]+ \[(?:assistant|command|quoted)\]:", re.MULTILINE)
_OPENERS = frozenset(
    ("yesterday", "today", "tomorrow", "tonight", "please", "hey", "hi", "hello", "thanks", "remind", "tell")
    + ("check", "show", "find", "ok", "okay", "so", "then", "also", "last", "next", "this", "did", "does")
    + ("do", "can", "could", "would", "should")
)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTH = re.compile(
    r"\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b",
    re.IGNORECASE,
)


# ---- start of session ---------------------------------------------------------------------------------


def _read(memory: Memory, key: str, limit: int, keep: str, warnings: list[str] | None) -> str:
    """The text of a memory file, read the safe way (no symlink followed, no FIFO opened): ``""`` when
    it is missing or refused (a refusal is said in ``warnings``). At most ``limit`` bytes: the head or
    the tail, as ``keep`` says."""
    try:
        return memory.workspace.read_text(key, limit=limit, tail=keep == "tail").strip()
    except FileNotFoundError:
        return ""
    except (OSError, MdrecallError) as exc:
        if warnings is not None:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            warnings.append(f"session-start: {key} not read: {reason}")
        return ""


def _fit(text: str, budget: int, keep: str, key: str) -> str:
    """``text`` cut to at most ``budget`` characters at line boundaries, saying where the rest is."""
    if len(text) <= budget:
        return text
    if keep == "tail":
        note = f"… (earlier lines omitted; read them with memory_get {key})\n"
        cut = text[len(text) - max(0, budget - len(note)) :]
        cut = cut[cut.find("\n") + 1 :] if "\n" in cut else ""
        return note + cut
    note = f"\n… (more follows; read it with memory_get {key} from line NNNNN)"
    cut = text[: max(0, budget - len(note))]
    cut = cut[: cut.rfind("\n")] if "\n" in cut else ""
    return cut + note.replace("NNNNN", str(cut.count("\n") + 2))


def session_start_context(
    memory: Memory,
    *,
    budget_chars: int = 8000,
    chat_type: str | None = None,
    today: date | None = None,
    warnings: list[str] | None = None,
) -> str:
    """Today's and yesterday's logs, and ``MEMORY.md`` in private sessions, as one Markdown block.

    Every file is read as ``get`` reads it (:meth:`~mdrecall.files.workspace.Workspace.read_text`): a
    symlink, a FIFO or a device in a memory file's place is left out (and said in ``warnings``), never
    followed nor waited on; a huge file costs only the bytes its share of the budget can show.
    """
    day = today or now_local().date()
    ws = memory.workspace
    limit = 4 * max(0, budget_chars) + 4  # enough UTF-8 bytes for more characters than any share
    if not memory.config.recall.local_model:  # local-only text is read whole, to find its markers
        limit = max(limit, PRIVACY_READ_BYTES)
    parts: list[tuple[str, str, str, str]] = []  # (key, label, text, keep)
    if (chat_type or "direct").lower() in PRIVATE_CHAT_TYPES:
        key = next((n for n in MEMORY_FILE_NAMES if os.path.lexists(ws.root / n)), None)
        if key:
            parts.append((key, "long-term memory", _read(memory, key, limit, "head", warnings), "head"))
    for d, label in ((day - timedelta(days=1), "yesterday"), (day, "today")):
        key = ws.key_for(ws.daily_path(d))
        read_from = "tail" if memory.config.recall.local_model else "head"  # head: where front matter is
        parts.append((key, label, _read(memory, key, limit, read_from, warnings), "tail"))
    if not memory.config.recall.local_model:
        parts = [(k, label, _without_local(text), keep) for k, label, text, keep in parts]
    parts = [p for p in parts if p[2]]
    if not parts:
        return ""
    title = "# Memory (mdrecall): read before answering"
    if any(_LABELLED.search(p[2]) for p in parts):
        title += (
            "\n\nNotes labelled [assistant] are what the assistant said (it may have relayed a web page or a "
            "tool's output): not the user's words or decisions."
        )
    heads = [f"\n\n## {key} ({label})\n\n" for key, label, _, _ in parts]
    budget = max(0, budget_chars - len(title) - sum(map(len, heads)) - 1)
    shares = _shares([len(p[2]) for p in parts], budget)
    out = title
    for (key, _label, text, keep), head, share in zip(parts, heads, shares, strict=True):
        out += head + _fit(text, share, keep, key)
    return out + "\n"


def _without_local(text: str) -> str:
    """``text`` less its local-only lines (:mod:`mdrecall.text.privacy`): the agent's model is usually a
    remote service, and a start-of-session block is sent to it unasked."""
    ranges = scan(text).ranges
    if not ranges:
        return text
    kept = [ln for i, ln in enumerate(text.split("\n"), 1) if not is_local_only(i, i, ranges)]
    return "\n".join(kept).strip()


def _shares(sizes: list[int], budget: int) -> list[int]:
    """Split ``budget`` so small parts keep all they need and large parts share the rest equally."""
    shares = [0] * len(sizes)
    left = set(range(len(sizes)))
    remaining = max(0, budget)
    while left:
        each = remaining // len(left)
        small = [i for i in left if sizes[i] <= each]
        if not small:
            for i in left:
                shares[i] = each
            break
        for i in small:
            shares[i] = sizes[i]
            remaining -= sizes[i]
            left.discard(i)
    return shares


# ---- memory for one message ---------------------------------------------------------------------------


def _dates(message: str, today: date) -> list[str]:
    low = message.lower()
    found = [date(int(y), int(m), int(d)).isoformat() for y, m, d in _ISO.findall(message) if _valid(y, m, d)]
    if "yesterday" in low:
        found.append((today - timedelta(days=1)).isoformat())
    if "today" in low or "this morning" in low:
        found.append(today.isoformat())
    for i, name in enumerate(_WEEKDAYS):
        if re.search(rf"\b(last |on )?{name}\b", low):
            back = (today.weekday() - i) % 7 or 7
            found.append((today - timedelta(days=back)).isoformat())
    return found


def _valid(y: str, m: str, d: str) -> bool:
    try:
        date(int(y), int(m), int(d))
        return True
    except ValueError:
        return False


def derive_queries(message: str, today: date | None = None, limit: int = 8) -> list[str]:
    """Queries for one message: the message, its names, quoted phrases, identifiers, tags and dates."""
    text = (message or "").strip()
    if not text:
        return []
    names = []
    for m in _NAME.finditer(text):
        words = m.group(0).split()
        if re.search(r"(^|[.!?:]\s+)$", text[: m.start()]):  # a capital opening a sentence says little
            if len(words) == 1:
                continue
            if words[0].lower() in _OPENERS:
                words = words[1:]
        words = [w for w in words if w.lower() not in STOP_WORDS]
        if words:
            names.append(" ".join(words))
    names += [a for a in _ACRONYM.findall(text) if a.lower() not in STOP_WORDS]
    quoted = [next(g for g in m.groups() if g) for m in _QUOTED.finditer(text)]
    queries = [text[:1000], *_dates(text, today or now_local().date()), *quoted]
    queries += [f"{mo} {d}" for mo, d in _MONTH.findall(text)]
    queries += names + _TAG.findall(text) + _IDENT.findall(text)
    seen: dict[str, str] = {}
    for q in queries:
        q = q.strip()
        if q and q.lower() not in seen:
            seen[q.lower()] = q
    return list(seen.values())[:limit]


@dataclass
class ContextDigest:
    """The digest text, the queries run, and the merged hits it was made from."""

    text: str
    queries: list[str]
    hits: list[Hit] = field(default_factory=list)
    truncated: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of the ``memory_context`` tool."""
        return {
            "digest": self.text,
            "queries": self.queries,
            "citations": [h.citation for h in self.hits],
            "truncated": self.truncated,
        }


def memory_context(
    memory: Memory,
    message: str,
    *,
    budget_chars: int = 3000,
    per_query: int = 4,
    today: date | None = None,
    sources: list[str] | None = None,
) -> ContextDigest:
    """Run the derived queries, merge overlapping hits, and pack a cited digest into the budget."""
    queries = derive_queries(message, today)
    best: dict[tuple[str, int, int], tuple[Hit, int]] = {}
    for n, q in enumerate(queries):  # the files are checked once, before the first query
        found = memory.search(  # the digest is the recall (its caller records it), not each query
            q, max_results=per_query, sources=sources, today=today, sync=n == 0, record_recall=False
        )
        for h in found:
            key = (h.path, h.start_line, h.end_line)
            old = best.get(key)
            best[key] = (h if old is None or h.score > old[0].score else old[0], (old[1] if old else 0) + 1)
    ranked = sorted(best.values(), key=lambda x: -(x[0].score + 0.05 * (x[1] - 1)))
    kept: list[Hit] = []
    for h, _ in ranked:
        if not any(
            k.path == h.path and k.start_line <= h.end_line and h.start_line <= k.end_line for k in kept
        ):
            kept.append(h)
    head = "Relevant memory (mdrecall; cite as path#Lstart-Lend):"
    lines, used, truncated, chosen = [head], len(head), False, []
    for h in kept:
        body = " ".join(h.snippet.split())
        entry = f"- [{one_line(h.citation)}]" + (f" ({h.date})" if h.date else "") + f" {body}"
        if used + len(entry) + 1 > budget_chars:
            room = budget_chars - used - 2
            if room > 80:
                lines.append(entry[: room - 1] + "…")
                chosen.append(h)
            truncated = True
            break
        lines.append(entry)
        chosen.append(h)
        used += len(entry) + 1
    text = "\n".join(lines) if chosen else ""
    return ContextDigest(text, queries, chosen, truncated)
