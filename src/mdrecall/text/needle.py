"""What a forget looks for: one or more strings, case-sensitive or not, anywhere or as whole words.

A :class:`Needle` finds and replaces the strings in text (the files and the index rows) and gives the byte
patterns that find them in raw bytes: UTF-8, UTF-16 (either byte order) and the JSON-escaped forms, so the
proof scan of :mod:`mdrecall.forget` sees a copy however it was written.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property

__all__ = ["Needle"]


@dataclass(frozen=True)
class Needle:
    """The strings to forget (``texts``); ``ignore_case`` folds case, ``whole_words`` matches words only."""

    texts: tuple[str, ...]
    ignore_case: bool = False
    whole_words: bool = False

    def __post_init__(self) -> None:
        if not self.texts or any(not t.strip() for t in self.texts):
            raise ValueError("nothing to forget: the text is empty")

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """One regex for every text, longest first (so a longer text wins over its prefix)."""
        parts = [re.escape(t) for t in sorted(set(self.texts), key=len, reverse=True)]
        body = "|".join(parts)
        if self.whole_words:
            body = rf"(?<!\w)(?:{body})(?!\w)"
        return re.compile(body, re.IGNORECASE if self.ignore_case else 0)

    def search(self, text: str) -> bool:
        """True when ``text`` holds any of the strings."""
        return self.pattern.search(text) is not None

    def sub(self, text: str, marker: str) -> str:
        """``text`` with every occurrence replaced by ``marker``."""
        return self.pattern.sub(marker, text)

    @cached_property
    def byte_patterns(self) -> tuple[tuple[str, re.Pattern[bytes]], ...]:
        """``(form, pattern)`` for raw bytes: ``utf-8``, ``utf-16-le``, ``utf-16-be`` and ``json-escaped``."""
        out: list[tuple[str, re.Pattern[bytes]]] = []
        for form, encode in (
            ("utf-8", lambda s: s.encode("utf-8")),
            ("utf-16-le", lambda s: s.encode("utf-16-le")),
            ("utf-16-be", lambda s: s.encode("utf-16-be")),
        ):
            alts = [self._byte_alternative(t, encode) for t in self.texts]
            out.append((form, re.compile(self._words(b"|".join(alts), form))))
        escaped = {
            json.dumps(v, ensure_ascii=ascii_only)[1:-1]
            for t in self.texts
            for v in ((t, t.lower(), t.upper()) if self.ignore_case else (t,))
            for ascii_only in (True, False)
        }
        escaped -= set(self.texts)
        if escaped:
            flags = re.IGNORECASE if self.ignore_case else 0
            alts = [re.escape(e.encode("utf-8")) for e in sorted(escaped, key=len, reverse=True)]
            out.append(("json-escaped", re.compile(self._words(b"|".join(alts), "utf-8"), flags)))
        return tuple(out)

    def _words(self, body: bytes, form: str) -> bytes:
        """With ``whole_words``, ``body`` not next to an ASCII letter, digit or underscore in ``form`` (a
        letter beyond ASCII does not count: the proof errs on the side of finding a copy)."""
        if not self.whole_words:
            return body
        word = rb"[A-Za-z0-9_]"
        before, after = {
            "utf-16-le": (word + rb"\x00", word + rb"\x00"),
            "utf-16-be": (rb"\x00" + word, rb"\x00" + word),
        }.get(form, (word, word))
        return rb"(?<!" + before + rb")(?:" + body + rb")(?!" + after + rb")"

    def _byte_alternative(self, text: str, encode: object) -> bytes:
        """A bytes regex for ``text`` in one encoding; with ``ignore_case`` each character's cases."""
        assert callable(encode)
        if not self.ignore_case:
            return re.escape(encode(text))
        parts = []
        for ch in text:
            forms = {encode(c) for c in {ch, ch.lower(), ch.upper()} if len(c) == 1}
            parts.append(b"(?:" + b"|".join(re.escape(f) for f in sorted(forms)) + b")")
        return b"".join(parts)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (what the forget journal keeps)."""
        return {"texts": list(self.texts), "ignore_case": self.ignore_case, "whole_words": self.whole_words}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Needle:
        """The inverse of :meth:`to_dict`."""
        texts = data.get("texts") or []
        assert isinstance(texts, list)
        return cls(tuple(str(t) for t in texts), bool(data.get("ignore_case")), bool(data.get("whole_words")))
