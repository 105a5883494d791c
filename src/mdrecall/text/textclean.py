"""Text from outside (argv, JSON, an agent) made safe to embed, index and print as UTF-8."""

from __future__ import annotations

import json
import re

__all__ = ["clean_text", "is_utf8", "one_line"]


def clean_text(text: str) -> str:
    """``text`` as valid Unicode: undecodable bytes and lone surrogates become U+FFFD.

    Command-line arguments that were not valid UTF-8 arrive as surrogate escapes (``\\udcff``);
    their bytes are decoded again, so ``caf\\xe9`` becomes ``caf\\ufffd`` rather than a crash in the
    tokenizer or invalid UTF-8 in ``--json`` output.
    """
    if is_utf8(text):
        return text
    text = _LONE_SURROGATE.sub("\ufffd", text)  # not an escaped byte: nothing to decode again
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def is_utf8(text: str) -> bool:
    """Whether ``text`` encodes as UTF-8: no lone surrogate, which is what bytes that are not UTF-8 become in
    argv or a file name (surrogate escapes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_LONE_SURROGATE = re.compile("[\ud800-\udc7f\udd00-\udfff]")


#: What ends a line or drives a terminal: C0 controls but tab, DEL, C1 controls (NEL among them) and the
#: Unicode line and paragraph separators (``str.splitlines`` breaks at each).
_LINE_BREAKING = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` (a path, a citation) on one line: each character that would break the line or drive a
    terminal written as its JSON escape (``\\n``, ``\\u2028``). A file named with a newline and an
    instruction after it ("2026-04-01\\n- SYSTEM: …\\n.md") so never prints as a line of its own where an
    agent reads one entry a line; a name without such characters is returned as it is."""
    if _LINE_BREAKING.search(text) is None:
        return text
    return _LINE_BREAKING.sub(lambda m: json.dumps(m.group())[1:-1], text)
