"""Where a captured line came from: the user, the assistant, a command's output, or quoted text. Pure.

A conversation message is cut into :func:`segments`, each with an origin:

* ``user``: what the user typed;
* ``assistant``: what the assistant wrote, including whatever it relays (a fetched page, a file);
* ``command``: a command's output or a slash command in the user's record (``<local-command-stdout>``,
  ``<bash-stdout>``, ``<command-name>`` ...), which the user did not write;
* ``quoted``: text the user quoted or pasted (a ``>`` block quote, a fenced block, a long "quotation").

Only ``user`` segments can become a ``## Noted`` line or a dreaming candidate. Captured records keep the
origin visible: the record heading names the speaker (``### 14:02 · assistant · t:…``) and command
output is written as a labelled block quote (``> [command output]``); :func:`line_origin` reads that
back from a file's lines, so dreaming and search can tell a user's line from a relayed one.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence

__all__ = [
    "ORIGINS",
    "captured",
    "line_origin",
    "origin_stop",
    "render",
    "segments",
    "span_origins",
    "user_text",
]

ORIGINS = ("user", "assistant", "command", "quoted")
#: An opening tag, any case, with or without attributes (``<System-Reminder priority="high">``).
_NAME = r"([A-Za-z][A-Za-z0-9]{0,30}(?:[-_:.][A-Za-z0-9]{1,30}){0,6})"
_TAG = re.compile(rf"<{_NAME}(?=[\s/>])[^<>]{{0,500}}>")
_CLOSE_TAG = re.compile(rf"</{_NAME}\s*>")
_COMMAND_TAGS = frozenset(
    "local-command-stdout local-command-stderr bash-stdout bash-stderr bash-input command-name "
    "command-message command-args command-stdout command-stderr tool-result function-results "
    "local-command-caveat user-prompt-submit-hook system-reminder".split()
)
#: Host wrappers by family: a tag named ``system-…``, ``command-…``, ``tool-…``, ``…-stdout``,
#: ``…-output``, ``…-result`` and so on wraps text the user did not type (``_`` reads as ``-``).
_WRAPPER_FIRST = frozenset("system command bash shell local tool tools function functions hook ide".split())
_WRAPPER_LAST = frozenset(
    "stdout stderr output outputs result results reminder reminders caveat hook document page".split()
)
#: Quotation marks, opening → closing. A single quote opens only after a non-word character and
#: closes only before one, so the apostrophes of "don't" and "users'" never pair up.
_QUOTES: tuple[tuple[str, str], ...] = (
    ('"', '"'),
    ("\u201c", "\u201d"),  # “…”
    ("'", "'"),
    ("\u2018", "\u2019"),  # ‘…’
    ("\u00ab", "\u00bb"),  # «…»
    ("\u201e", "\u201c\u201d"),  # „…“
    ("\u300c", "\u300d"),  # 「…」
)


def _quote_pattern(least: int, paragraph: bool) -> str:
    """A closed quotation of ``least``..2000 characters, on one line or (``paragraph``) across the
    lines of one paragraph. Each attempt stops at the next closing mark: linear in the text."""
    brk = r"|\n(?![ \t]*\n)" if paragraph else ""
    alts = []
    for opening, closing in _QUOTES:
        close = f"[{re.escape(closing)}]"
        if opening in "'\u2018":
            inner = rf"(?:[^{re.escape(closing)}\n]|(?<=\w){close}(?=\w){brk})"
            alts.append(rf"(?<!\w){re.escape(opening)}{inner}{{{least},2000}}{close}(?!\w)")
        else:
            alts.append(rf"{re.escape(opening)}(?:[^{re.escape(closing)}\n]{brk}){{{least},2000}}{close}")
    return "|".join(alts)


_QUOTE_SPAN = re.compile(_quote_pattern(12, False))
#: In a message: a closed quotation (kept when shorter than 12 characters), else an opening mark that
#: is never closed (the rest of its paragraph is the quotation), else a reporting clause ("the page
#: says:", "Bob wrote:") and the rest of its paragraph after the colon.
_QUOTED_TEXT = re.compile(
    rf"(?P<closed>{_quote_pattern(1, True)})"
    r"|(?P<open>(?<!\w)[\"\u201c\u2018'\u00ab\u201e\u300c](?=\S)[^\n]*(?:\n(?![ \t]*\n)[^\n]*)*)"
    r"|(?P<says>\b(?<!\bI )(?<!\bwe )(?:says?|said|writes?|wrote|states?|stated|claims?|claimed|reads"
    r"|tells?|told|posts?|posted|repl(?:y|ies|ied)|announce[sd]?)\b(?:[ \t]+\w+){0,2}[ \t]*:)"
    r"(?P<report>[^\n]*(?:\n(?![ \t]*\n)[^\n]*)*)",
    re.IGNORECASE,
)
_FENCE_OPEN = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")  # any indent: taken for a fence when in doubt
_STRICT_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")  # what a Markdown reader takes for one
#: A line that starts a new block, so it cannot continue a block quote lazily.
_BLOCK_START = re.compile(r"^ {0,3}(?:#{1,6}(?:\s|$)|[-*+]\s|\d{1,9}[.)]\s|(?:[-*_][ \t]*){3,}$|<)")
_RECORD = re.compile(r"^### \d\d:\d\d · ([a-z]+) · t:[0-9a-f]+\s*$")
_SESSION_HEAD = re.compile(r"^### (User|Assistant)(?: \(\d\d:\d\d\))?\s*$")
#: The headings of a session capture's own (``format_capture``): the only ones that end a message.
_SESSION_SECTIONS = frozenset(("## Summary", "## Conversation"))
_NOTED_LABEL = re.compile(r"^\s*- [a-z]+ \[(assistant|command|quoted|tool)\]:")
#: A line a Markdown reader (or one of mdrecall's line readers) could take for a heading.
_HEADING_LIKE = re.compile(r"^( {0,3})(#)")
_DEEP_HEADING_LIKE = re.compile(r"^(\s*)(##)")  # any indent: some readers strip the line first
COMMAND_LABEL = "> [command output]"


def _wrapper(name: str) -> bool:
    """Whether a tag named ``name`` is a host's wrapper (command output, a reminder, a tool's result)."""
    name = name.lower().replace("_", "-")
    if name in _COMMAND_TAGS:
        return True
    parts = re.split(r"[-:.]", name)
    return parts[0] in _WRAPPER_FIRST or parts[-1] in _WRAPPER_LAST


def _closes(stripped: str, fence: str) -> bool:
    """Whether a line (stripped) closes the fenced block opened by ``fence`` (same character, as long)."""
    return len(stripped) >= len(fence) and not stripped.strip(fence[0])


def segments(role: str, text: str) -> list[tuple[str, str]]:
    """``text`` cut into ``(origin, text)`` parts, in order (an assistant message is one part).

    In a user's message, what a host wrapper tag holds (``<system-reminder>``, ``<bash-stdout>``,
    ``<command-output>``: any case, with attributes) is ``command``; block quotes (with their lazy
    continuation lines) and fenced blocks are ``quoted``. Linear in the length of ``text``.
    """
    if role != "user":
        return [(role, text)]
    opens = [(m.start(), m.end(), m.group(1).lower(), m.group(0)) for m in _TAG.finditer(text)]
    starts: dict[str, list[int]] = {}
    for start, _end, name, _tag in opens:
        starts.setdefault(name, []).append(start)
    closes: dict[str, list[tuple[int, int]]] = {}
    for m in _CLOSE_TAG.finditer(text):
        closes.setdefault(m.group(1).lower(), []).append((m.start(), m.end()))
    out: list[tuple[str, str]] = []
    pos = 0
    for start, end, name, tag in opens:
        if start < pos or tag.endswith("/>") or not _wrapper(name):
            continue
        # It ends at its *last* closing tag before the next opening of the same name (or the text's end),
        # so a closing tag inside the wrapped text (a page that holds "</system-reminder>") does not end
        # it early; with none, it runs to that next opening (or the end).
        later = starts[name]
        i = bisect_right(later, start)
        limit = later[i] if i < len(later) else len(text)
        ends = closes.get(name, [])
        j = bisect_left(ends, (limit, -1)) - 1
        inner_end, stop = ends[j] if j >= 0 and ends[j][0] >= end else (limit, limit)
        out += _user_part(text[pos:start])
        inner = text[end:inner_end].strip()
        if inner:
            out.append(("command", inner))
        pos = stop
    out += _user_part(text[pos:])
    return [(o, t) for o, t in out if t.strip()]


def _user_part(text: str) -> list[tuple[str, str]]:
    """Block quotes (and their lazy continuation lines) and fenced blocks in a user's text are
    ``quoted``; the rest is ``user``. Lines are gathered in lists: linear, however many lines."""
    runs: list[tuple[str, list[str]]] = []
    fence = ""  # the opening fence's characters while inside a fenced block
    in_quote = False  # a block quote's paragraph is open: a plain line continues it
    for line in text.split("\n"):
        stripped = line.strip()
        opened = _FENCE_OPEN.match(line) if not fence else None
        if fence:
            origin = "quoted"
            if _closes(stripped, fence):
                fence = ""
        elif opened:
            origin, in_quote = "quoted", False
            if not (opened.group(1)[0] == "`" and "`" in opened.group(2)):  # ``` inline ``` is no fence
                fence = opened.group(1)
        elif stripped.startswith(">"):
            origin, in_quote = "quoted", bool(stripped.lstrip(">").strip())
        elif in_quote and stripped and not _BLOCK_START.match(line):
            origin = "quoted"  # a lazy continuation of the block quote above
        else:
            origin, in_quote = "user", False
        if runs and runs[-1][0] == origin:
            runs[-1][1].append(line)
        else:
            runs.append((origin, [line]))
    return [(origin, "\n".join(lines)) for origin, lines in runs]


#: A terminal's escape sequence: CSI (``ESC [ … m``), OSC (``ESC ] … BEL`` or ``ESC \\``), or a two-byte one.
_TERMINAL_ESCAPE = re.compile(
    r"\x1b(?:\[[0-?]{0,64}[ -/]{0,8}[@-~]|\][^\x07\x1b\n]{0,2048}(?:\x07|\x1b\\)?|[@-Z\\-_])"
)
#: Control characters a note never holds: C0 but tab and the line breaks, DEL, C1 but NEL.
_CONTROL_CHAR = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]")


def escape_structure(text: str) -> str:
    r"""``text`` made safe to write inside a memory file's structure: it cannot open a heading.

    Every line break (``\r``, U+2028 … as :meth:`str.splitlines` sees them) becomes ``\n``; a line
    that reads as a heading (``#`` after at most three spaces) is escaped (``\#``), and so is every
    line that starts with ``##`` after any indent (some readers strip a line first); inside a fenced
    block only the latter (a shell comment stays as written). A fence left open is closed, so it cannot
    swallow the headings that follow. The file stays text: a terminal's escape sequences (colours, titles)
    and the other control characters but tab are dropped (pasted command output, a NUL: enough of them
    and the whole log would be read as binary and skipped, the day's other notes with it).
    """
    if _CONTROL_CHAR.search(text) is not None:
        text = _CONTROL_CHAR.sub("", _TERMINAL_ESCAPE.sub("", text.replace("\r\n", "\n")))
    out: list[str] = []
    fence = ""
    for line in text.splitlines():
        if line.lstrip()[:1] not in ("#", "`", "~"):  # most lines: nothing to look at
            out.append(line)
            continue
        stripped = line.strip()
        opened = _STRICT_FENCE.match(line) if not fence else None
        if fence and _closes(stripped, fence):
            fence = ""
        elif opened and not (opened.group(1)[0] == "`" and "`" in opened.group(2)):
            fence = opened.group(1)
        elif fence:
            line = _DEEP_HEADING_LIKE.sub(r"\1\\\2", line)
        else:
            line = _HEADING_LIKE.sub(r"\1\\\2", _DEEP_HEADING_LIKE.sub(r"\1\\\2", line))
        out.append(line)
    if fence:
        out.append(fence)
    return "\n".join(out)


def user_text(role: str, text: str) -> str:
    """What the user said in a message: outside host wrappers, block quotes and fences
    (:func:`segments`), with quotations cut out (``"…"``, ``'…'``, ``«…»`` … of 12+ characters, one
    left open, and what follows "the page says:" in its paragraph)."""
    said = "\n".join(t for o, t in segments(role, text) if o == "user")
    return _QUOTED_TEXT.sub(_cut_quotation, said)


def _cut_quotation(m: re.Match[str]) -> str:
    if m.group("closed") is not None:
        return m.group(0) if len(m.group(0)) < 14 else "…"
    if m.group("says") is not None:
        return m.group("says") + (" …" if m.group("report").strip() else "")
    return "…"


def render(role: str, text: str) -> str:
    """A message as stored in a record: command output as a labelled block quote, the rest as written."""
    parts = segments(role, text)
    if all(o != "command" for o, _ in parts):
        return text
    out = []
    for origin, part in parts:
        if origin == "command":
            out.append(COMMAND_LABEL + "\n" + "\n".join("> " + ln for ln in part.strip().split("\n")))
        else:
            out.append(part.strip("\n"))
    return "\n\n".join(out)


def captured(path: str, first_line: str) -> bool:
    """Whether ``path`` (whose line 1 is ``first_line``) is a captured conversation: a record file of
    ``memory/conversations/`` or a session capture (``# Session …``). Only these can hold lines the user
    did not say."""
    return path.startswith("memory/conversations/") or first_line.startswith("# Session ")


def _file_kind(first_line: str) -> str:
    """``session`` (a session capture), ``conversation`` (per-turn records) or ``other``, by line 1."""
    if first_line.startswith("# Session "):
        return "session"
    return "conversation" if first_line.startswith("# Conversation ") else "other"


def _stop(line: str, kind: str) -> bool:
    """Whether a heading ends the walk up from a line: in a captured file only its own structure does
    (a record heading; a speaker heading or ``## Summary``/``## Conversation``), so a heading-like line
    inside a message (written before captures escaped them) cannot end it."""
    if _RECORD.match(line):
        return True
    if kind == "session":
        return _SESSION_HEAD.match(line) is not None or line.rstrip() in _SESSION_SECTIONS
    if kind == "conversation":
        return False
    return line.startswith(("# ", "## "))


def origin_stop(line: str, session_file: bool) -> bool:
    """Whether :func:`line_origin`, walking up a captured file (a session capture when
    ``session_file``, else a conversation record file), stops at ``line``: a record heading, a session
    capture's speaker heading or its own ``## Summary``/``## Conversation``."""
    return _stop(line, "session" if session_file else "conversation")


def line_origin(lines: Sequence[str], index: int) -> str:
    """The origin of ``lines[index]`` in a memory file (0-based): ``user`` unless marked otherwise.

    Marked otherwise: a line under a conversation record heading of another speaker, under a
    session capture's ``### Assistant``, a block quote or a line holding a quotation inside a captured
    record, a captured file's header (``command``: the host's session id, a path), or a ``## Noted``
    line labelled ``[assistant]`` / ``[command]`` / ``[quoted]``. In a captured file only its own
    headings end a message (a heading-like line in a message written before captures escaped them
    does not).
    """
    origin = _walk(lines, index)
    return "command" if origin == _HEADER else origin


_HEADER = "header"  # what _walk says of a captured file's header lines


def _walk(lines: Sequence[str], index: int) -> str:
    """:func:`line_origin`, but :data:`_HEADER` for a line of a captured file's header."""
    line = lines[index]
    if _NOTED_LABEL.match(line):
        return "assistant" if "[assistant]" in line else "quoted"
    quoted = line.lstrip().startswith(">") or _QUOTE_SPAN.search(line) is not None
    kind = _file_kind(lines[0]) if lines else "other"
    for i in range(index, -1, -1):
        m = _RECORD.match(lines[i])
        if m:
            role = m.group(1)
            if role != "user":
                return role
            return "quoted" if quoted else "user"
        if kind == "session":
            s = _SESSION_HEAD.match(lines[i])
            if s:
                if s.group(1) == "Assistant":
                    return "assistant"
                return "quoted" if quoted else "user"
        if _stop(lines[i], kind):
            return "user"
    # above every message of a captured file: its header (session id, transcript path), written by
    # the host and mdrecall, not by the user
    return "user" if kind == "other" else _HEADER


def span_origins(lines: Mapping[int, str], first: int, last: int) -> tuple[str, ...]:
    """Who said lines ``first``..``last`` (1-based) of a captured file, sorted; ``()`` when the user
    said them all (the usual case: nothing to flag).

    ``lines`` maps line numbers to their text: at least line 1 and every line from the nearest
    :func:`origin_stop` above ``first`` down to ``last`` (a line it lacks reads as blank). Blank lines,
    headings and the file's header (its metadata) say nothing; a list item in a message is its
    speaker's like any other line.
    """
    seq = [lines.get(n, "") for n in range(1, last + 1)]
    said = {
        _walk(seq, i)
        for i in range(max(0, first - 1), len(seq))
        if seq[i].strip() and not seq[i].startswith("#")
    }
    said.discard(_HEADER)
    return tuple(sorted(said)) if said - {"user"} else ()
