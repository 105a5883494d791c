"""Text from outside (argv, JSON, an agent) made safe to embed, index and print as UTF-8."""

from __future__ import annotations

import re

__all__ = ["clean_text"]


def clean_text(text: str) -> str:
    """``text`` as valid Unicode: undecodable bytes and lone surrogates become U+FFFD.

    Command-line arguments that were not valid UTF-8 arrive as surrogate escapes (``\\udcff``);
    their bytes are decoded again, so ``caf\\xe9`` becomes ``caf\\ufffd`` rather than a crash in the
    tokenizer or invalid UTF-8 in ``--json`` output.
    """
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    text = _LONE_SURROGATE.sub("\ufffd", text)  # not an escaped byte: nothing to decode again
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


_LONE_SURROGATE = re.compile("[\ud800-\udc7f\udd00-\udfff]")
