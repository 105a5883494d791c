"""Local-only markers: text that must never be sent to a remote embedder or a remote reranker.

One parser for every source (memory files, ``memory/conversations/``, session-end captures, extra paths,
session transcripts), reading the text as the indexer decoded it (UTF-8, or UTF-16 by its byte-order mark).

A whole file is local-only when its front matter says so, however long it is. YAML (``---`` … ``---`` or
``...``) is read by a real YAML parser, TOML (``+++`` … ``+++``) by a TOML parser; front matter that cannot
be parsed is read line by line, erring on the side of privacy. Understood spellings::

    local_only: true          # also local-only, localOnly, local; true, yes, on, 1, "true"
    mdrecall: local-only      # or a list holding it
    privacy: local            # also private, local-only, confidential, secret, true
    visibility: private       # also sensitivity, confidentiality: the same values
    private: true             # also confidential: true
    tags: [local-only]        # also tag, labels, keywords, categories; local_only, private, confidential

A privacy key whose value is neither a private nor a public word (``privacy: internal``) keeps the file
local-only and gives a warning (:attr:`LocalOnlyChecker.warnings`): never silently ignored.

A section is local-only when its heading carries the marker ``<!-- local-only -->`` (any spacing and
case, ``local_only`` too); the section runs to the next top-level heading of the same or a higher level
(a ``---``-underlined setext heading, which may be meant as a rule, and a heading inside a block quote or
a list, never end it early). A marker elsewhere marks the section it is in, or the whole file when it
comes before the first heading. The block structure is CommonMark's, read by ``markdown-it-py``: headings
and markers inside fenced code blocks are neither (an indented code block's marker still counts); the
parser runs only on text that holds the marker at all. In a transcript (JSON lines), a message that carries
the marker is local-only, every piece of it.

Local-only chunks are still indexed for keyword search and embedded by local models; with a remote
embedder (fallback included) they get no vector, and a remote reranker never sees them.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

    from mdrecall.models import Chunk

__all__ = [
    "LOCAL_ONLY_MARKER",
    "LocalOnlyChecker",
    "Privacy",
    "front_matter",
    "has_marker",
    "is_local_only",
    "local_only_checker",
    "local_only_ranges",
    "scan",
]

LOCAL_ONLY_MARKER = "<!-- local-only -->"
_MARKER = re.compile(r"<!--\s{0,20}local[-_ ]?only\s{0,20}-->", re.IGNORECASE)  # over lines too
_KEY_LINE = re.compile(r"""^[ \t]*["']?([A-Za-z_][\w -]{0,40}?)["']?[ \t]*[:=][ \t]*(.*)$""")
_ITEM_LINE = re.compile(r"""^[ \t]+-[ \t]+["']?([^"'#]*)""")
_TRUE = {"true", "yes", "on", "1", "y"}
_FALSE = {"false", "no", "off", "0", "n", ""}
#: keys whose true value makes a file local-only
_FLAG_KEYS = {"local_only", "localonly", "local", "private", "confidential"}
#: keys whose value says how far a file may travel
_LEVEL_KEYS = {"privacy", "visibility", "sensitivity", "confidentiality"}
_TAG_KEYS = {"tags", "tag", "labels", "keywords", "categories"}
_PRIVATE_WORDS = {"local-only", "localonly", "local", "private", "confidential", "secret", "restricted"}
_PUBLIC_WORDS = {"public", "shared", "open", "remote", "cloud", "none", "normal", "default"}
_PRIVATE_TAGS = {"local-only", "localonly", "private", "confidential"}
_FENCES = {"---": ("---", "..."), "+++": ("+++",)}


class Privacy(NamedTuple):
    """What a document says: its local-only line ranges, and warnings about spellings not understood."""

    ranges: list[tuple[int, int]]
    warnings: list[str]


def has_marker(text: str) -> bool:
    """True when ``text`` holds a local-only marker (``<!-- local-only -->``, any spacing or case)."""
    return "-->" in text and _MARKER.search(text) is not None


def _word(value: Any) -> str:
    return str(value).strip().strip("\"'").strip().lower().replace("_", "-").replace(" ", "-")


def _items(value: Any) -> list[str]:
    if isinstance(value, (list, tuple, set)):
        return [_word(v).lstrip("#") for v in value]
    text = str(value).strip().strip("[]")
    return [_word(v).lstrip("#") for v in re.split(r"[,\s]+", text) if v]


def _judge(data: dict[Any, Any], notes: list[str]) -> bool:
    """Whether front-matter ``data`` says local-only; a privacy value not understood is local, with a note."""
    local = False
    for key, value in data.items():
        name = str(key).strip().lower().replace("-", "_").replace(" ", "_")
        word = "" if isinstance(value, (dict, list)) else _word(value)
        if isinstance(value, bool):
            word = "true" if value else "false"
        if name in _FLAG_KEYS:
            if word in _TRUE:
                local = True
            elif word not in _FALSE and name != "local":  # `local: Berlin` is not about privacy
                local = True
                notes.append(f"front matter '{key}: {value}' not understood: read as local-only")
        elif name in _LEVEL_KEYS and not isinstance(value, dict):
            words = _items(value) if isinstance(value, list) else [word]
            if any(w in _PRIVATE_WORDS or w in _TRUE for w in words):
                local = True
            elif not all(w in _PUBLIC_WORDS or w in _FALSE for w in words):
                local = True
                notes.append(f"front matter '{key}: {value}' not understood: read as local-only")
        elif name in _TAG_KEYS:
            local = local or any(t in _PRIVATE_TAGS for t in _items(value))
        elif name == "mdrecall":
            if isinstance(value, dict):
                local = _judge(value, notes) or local
            else:
                local = local or "local-only" in _items(value)
    return local


def _by_line(lines: list[str]) -> dict[str, Any]:
    """``key: value`` (or ``key = value``) lines as a dict, block lists included; for what no parser reads."""
    data: dict[str, Any] = {}
    last: str | None = None
    for line in lines:
        item = _ITEM_LINE.match(line)
        if item and last is not None:
            prev = data.get(last)
            data[last] = [*(prev if isinstance(prev, list) else []), item.group(1).strip()]
            continue
        m = _KEY_LINE.match(line)
        if m:
            last = m.group(1).strip()
            value = re.sub(r"\s+#.*$", "", m.group(2)).strip()
            data[last] = _items(value) if value.startswith("[") else value
    return data


def _load(fence: str, block: str) -> Any:
    if fence == "+++":
        if sys.version_info >= (3, 11):
            import tomllib
        else:  # pragma: no cover - exercised on Python 3.10 only
            import tomli as tomllib
        return tomllib.loads(block)
    import yaml

    return yaml.safe_load(block)


def _front(lines: list[str], notes: list[str]) -> tuple[int, bool]:
    """The number of front-matter lines (0: none) and whether they say local-only, however many there are."""
    if not lines:
        return 0, False
    fence = lines[0].strip()
    if fence not in _FENCES:
        return 0, False
    ends = _FENCES[fence]
    close = next((i for i in range(1, len(lines)) if lines[i].strip() in ends), None)
    if close is None:  # never closed: a rule after all, unless its first lines say local-only
        head = []
        for line in lines[1:]:
            if not line.strip():
                break
            head.append(line)
        return 0, _judge(_by_line(head), [])
    body = lines[1:close]
    try:
        data = _load(fence, "\n".join(body))
    except Exception:  # noqa: BLE001 - not YAML/TOML after all: read it line by line
        data = None
    if not isinstance(data, dict):
        data = _by_line(body)
    return close + 1, _judge(data, notes)


def front_matter(lines: list[str]) -> tuple[int, bool]:
    """The number of front-matter lines at the top of a file (0: none) and whether they say local-only."""
    return _front(lines, [])


def _lines(text: str) -> list[str]:
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def scan(text: str) -> Privacy:
    """A document's local-only line ranges (1-based, inclusive) and its warnings."""
    if not text.lstrip("\ufeff").lstrip().startswith(tuple(_FENCES)) and not has_marker(text):
        return Privacy([], [])  # most notes: no front matter, no marker, nothing to split or parse
    lines = _lines(text)
    notes: list[str] = []
    start_body, whole = _front(lines, notes)
    if whole:
        return Privacy([(1, len(lines))], notes)
    body = "\n".join(lines[start_body:])
    if not has_marker(body):  # the common case: no Markdown parser at all
        return Privacy([], notes)
    return Privacy(_sections(lines, start_body, body), notes)


def local_only_ranges(text: str) -> list[tuple[int, int]]:
    """1-based inclusive line ranges that are local-only (the whole file when its front matter says so)."""
    return scan(text).ranges


@functools.lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    """One CommonMark block parser per process (imported on first use: most notes never need it); inline
    parsing is off, block tokens keep their raw text."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").disable(["inline", "text_join"])


def _sections(lines: list[str], offset: int, body: str) -> list[tuple[int, int]]:
    """The marked sections of ``body`` (``lines`` from ``offset`` on), by CommonMark's block structure."""
    headings: list[tuple[int, int, bool]] = []  # (1-based line, level, whether it ends a section)
    markers: list[int] = []  # 1-based lines holding a marker (heading or not)
    fences: list[tuple[int, int]] = []  # 0-based [first, last) lines of fenced code (no marker there)
    for tok in _parser().parse(body):
        if tok.map is None:
            continue
        first, last = tok.map[0] + offset, tok.map[1] + offset
        if tok.type == "fence":
            fences.append((first, last))
        if tok.type == "heading_open":
            # a setext `---` underline may be meant as a rule; a nested heading is not the file's
            closes = tok.level == 0 and tok.markup != "-"
            headings.append((first + 1, int(tok.tag[1]), closes))
        elif tok.type in ("inline", "html_block", "code_block") and has_marker(tok.content):
            found = [n + 1 for n in range(first, last) if has_marker(lines[n])]
            markers.extend(found or [first + 1])
    for m in _MARKER.finditer(body):  # a comment over lines (`## Health <!--` … `-->`) spans blocks
        at = offset + body.count("\n", 0, m.start())
        if "\n" in m.group() and not any(lo <= at < hi for lo, hi in fences):
            markers.append(at + 1)
    return _ranges(headings, markers, len(lines))


def _ranges(headings: list[tuple[int, int, bool]], markers: list[int], total: int) -> list[tuple[int, int]]:
    """The sections holding a marker, as line ranges (the whole file for a marker before any heading)."""
    out: list[tuple[int, int]] = []
    for mk in markers:
        owner = next((n for n in range(len(headings) - 1, -1, -1) if headings[n][0] <= mk), None)
        if owner is None:
            return [(1, total)]
        line, level, _ = headings[owner]
        end = next((h - 1 for h, lv, closes in headings[owner + 1 :] if lv <= level and closes), total)
        out.append((line, end))
    merged: list[tuple[int, int]] = []
    for lo, hi in sorted(out):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def is_local_only(start_line: int, end_line: int, ranges: list[tuple[int, int]]) -> bool:
    """True when lines ``start_line..end_line`` overlap a local-only range."""
    return any(start_line <= hi and end_line >= lo for lo, hi in ranges)


def _decode(data: bytes) -> str | None:
    """Bytes → text where no decoder is given: UTF-16 by its byte-order mark, else UTF-8."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") and len(data) % 2 == 0:
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    return data.decode("utf-8", errors="replace")


class LocalOnlyChecker:
    """A test for local-only chunks of any source (each file's markers read once per checker).

    A Markdown file's chunk is checked against the file's ranges, read from the text as ``decode`` makes it
    of the file's bytes (the indexer's decoding); any chunk (a transcript's included) whose own text carries
    a marker is local-only; a file that cannot be read or decoded keeps its chunks local. Front-matter
    spellings not understood are in :attr:`warnings` (``path: …``), once per file.
    """

    def __init__(self, root: Path, decode: Callable[[bytes], str | None] | None = None) -> None:
        self.root = root
        self.decode = decode or _decode
        self.warnings: list[str] = []
        self._ranges: dict[str, list[tuple[int, int]] | None] = {}

    def ranges(self, path: str) -> list[tuple[int, int]] | None:
        """The local-only ranges of a Markdown file (``None``: unreadable now, so wholly local)."""
        if path not in self._ranges:
            p = Path(path)
            try:
                text = self.decode((p if p.is_absolute() else self.root / p).read_bytes())
            except OSError:
                text = None
            found = scan(text) if text is not None else None
            self.warnings.extend(f"{path}: {note}" for note in (found.warnings if found else []))
            self._ranges[path] = found.ranges if found else None
        return self._ranges[path]

    def __call__(self, chunk: Chunk) -> bool:
        if has_marker(chunk.text):
            return True
        if not chunk.path.lower().endswith((".md", ".markdown")):
            return False
        found = self.ranges(chunk.path)
        return True if found is None else is_local_only(chunk.start_line, chunk.end_line, found)


def local_only_checker(root: Path, decode: Callable[[bytes], str | None] | None = None) -> LocalOnlyChecker:
    """A :class:`LocalOnlyChecker` for the files under ``root`` (``decode``: bytes → text, the indexer's)."""
    return LocalOnlyChecker(root, decode)
