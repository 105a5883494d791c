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
_TAG = re.compile(r"<([a-z][a-z0-9]{0,20}(?:-[a-z0-9]{1,20}){0,4})>")
_COMMAND_TAGS = frozenset(
    "local-command-stdout local-command-stderr bash-stdout bash-stderr bash-input command-name "
    "command-message command-args command-stdout command-stderr tool-result function-results "
    "local-command-caveat user-prompt-submit-hook system-reminder".split()
)
_QUOTE_SPAN = re.compile(r"\"[^\"\n]{12,2000}\"|\u201c[^\u201d\n]{12,2000}\u201d")
_RECORD = re.compile(r"^### \d\d:\d\d · ([a-z]+) · t:[0-9a-f]+\s*$")
_SESSION_HEAD = re.compile(r"^### (User|Assistant)(?: \(\d\d:\d\d\))?\s*$")
_NOTED_LABEL = re.compile(r"^\s*- [a-z]+ \[(assistant|command|quoted|tool)\]:")
COMMAND_LABEL = "> [command output]"


def segments(role: str, text: str) -> list[tuple[str, str]]:
    """``text`` cut into ``(origin, text)`` parts, in order (an assistant message is one part)."""
    if role != "user":
        return [(role, text)]
    out: list[tuple[str, str]] = []
    pos = 0
    for m in _TAG.finditer(text):
        if m.start() < pos or m.group(1) not in _COMMAND_TAGS:
            continue
        close = text.find(f"</{m.group(1)}>", m.end())
        end = len(text) if close < 0 else close + len(m.group(1)) + 3
        out += _user_part(text[pos : m.start()])
        inner = text[m.end() : close if close >= 0 else len(text)].strip()
        if inner:
            out.append(("command", inner))
        pos = end
    out += _user_part(text[pos:])
    return [(o, t) for o, t in out if t.strip()]


def _user_part(text: str) -> list[tuple[str, str]]:
    """Block quotes and fenced blocks in a user's text are ``quoted``; the rest is ``user``."""
    out: list[tuple[str, str]] = []
    fence = False
    for line in text.split("\n"):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
            origin = "quoted"
        else:
            origin = "quoted" if fence or stripped.startswith(">") else "user"
        if out and out[-1][0] == origin:
            out[-1] = (origin, out[-1][1] + "\n" + line)
        else:
            out.append((origin, line))
    return out


def user_text(role: str, text: str) -> str:
    """What the user said in a message, with quotations (``"…"`` of 12+ characters) cut out."""
    said = "\n".join(t for o, t in segments(role, text) if o == "user")
    return _QUOTE_SPAN.sub("…", said)


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


def origin_stop(line: str, session_file: bool) -> bool:
    """Whether :func:`line_origin`, walking up from a line, stops at ``line`` (a record heading, a
    session capture's speaker heading, or a ``#``/``##`` heading)."""
    if _RECORD.match(line) or line.startswith(("# ", "## ")):
        return True
    return session_file and _SESSION_HEAD.match(line) is not None


def line_origin(lines: Sequence[str], index: int) -> str:
    """The origin of ``lines[index]`` in a memory file (0-based): ``user`` unless marked otherwise.

    Marked otherwise: a line under a conversation record heading of another speaker, under a
    session capture's ``### Assistant``, a block quote or a line holding a quotation inside a captured
    record, or a ``## Noted`` line labelled ``[assistant]`` / ``[command]`` / ``[quoted]``.
    """
    line = lines[index]
    if _NOTED_LABEL.match(line):
        return "assistant" if "[assistant]" in line else "quoted"
    quoted = line.lstrip().startswith(">") or _QUOTE_SPAN.search(line) is not None
    session_file = bool(lines) and lines[0].startswith("# Session ")
    for i in range(index, -1, -1):
        m = _RECORD.match(lines[i])
        if m:
            role = m.group(1)
            if role != "user":
                return role
            return "quoted" if quoted else "user"
        if session_file:
            s = _SESSION_HEAD.match(lines[i])
            if s:
                if s.group(1) == "Assistant":
                    return "assistant"
                return "quoted" if quoted else "user"
        if lines[i].startswith(("# ", "## ")):
            break
    return "user"


def span_origins(lines: Mapping[int, str], first: int, last: int) -> tuple[str, ...]:
    """Who said lines ``first``..``last`` (1-based) of a captured file, sorted; ``()`` when the user
    said them all (the usual case: nothing to flag).

    ``lines`` maps line numbers to their text: at least line 1 and every line from the nearest
    :func:`origin_stop` above ``first`` down to ``last`` (a line it lacks reads as blank). Blank lines,
    headings and list items (a record's metadata) say nothing.
    """
    seq = [lines.get(n, "") for n in range(1, last + 1)]
    said = {
        line_origin(seq, i)
        for i in range(max(0, first - 1), len(seq))
        if seq[i].strip() and not seq[i].startswith("#") and not seq[i].startswith("- ")
    }
    return tuple(sorted(said)) if said - {"user"} else ()
