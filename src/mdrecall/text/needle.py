"""What a forget looks for: one or more strings, case-sensitive or not, anywhere or as whole words.

A :class:`Needle` finds and replaces the strings in text (the files and the index rows) and gives the byte
patterns that find them in raw bytes: UTF-8, UTF-16 (either byte order) and the JSON-escaped forms, so the
proof scan of :mod:`mdrecall.forget` sees a copy however it was written.

A string is found in each of its canonically equivalent spellings (Unicode's, :func:`unicodedata.normalize`):
"Hà" composed, "Ha" + a combining grave, and Vietnamese keyboards' mixed "ệ" (an "ê" with a combining dot
below) are one text to a reader, so one to a forget (:func:`spellings`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property
from itertools import permutations

__all__ = ["Needle", "spellings"]

#: Marks on one letter past which its spellings are not enumerated (only its composed and decomposed ones).
_MAX_MARKS = 4
#: Not after a found text: a combining mark, which would make its last letter another ("Ha" in "Hà" written
#: "Ha" + a combining grave is not "Ha").
_NO_MARK = "(?![\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f])"


def _clusters(text: str) -> list[str]:
    """``text`` decomposed (NFD) and cut into letters each with its combining marks."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", text):
        if out and unicodedata.combining(ch):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def spellings(cluster: str) -> list[str]:
    """Every spelling of one decomposed letter with its marks (``cluster``) that decomposes to it: the
    marks in each canonical order, some composed into the letter where Unicode has that character, the
    rest combining after it. Longest first (a regex alternation then takes the whole spelling)."""
    base, marks = cluster[:1], cluster[1:]
    found = {cluster, unicodedata.normalize("NFC", cluster)}
    if marks and len(marks) <= _MAX_MARKS and not unicodedata.combining(base):
        for order in set(permutations(marks)):
            for j in range(1, len(order) + 1):
                head = unicodedata.normalize("NFC", base + "".join(order[:j]))
                if len(head) == 1:
                    found.add(head + "".join(order[j:]))
    same = [s for s in found if unicodedata.normalize("NFD", s) == cluster]
    return sorted(same, key=lambda s: (-len(s), s))


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
    def forms(self) -> tuple[str, ...]:
        """Each text as given, composed (NFC) and decomposed (NFD): for what looks for whole strings (git's
        history, the JSON-escaped bytes); :attr:`pattern` finds mixed spellings too."""
        out = {
            f
            for t in self.texts
            for f in (t, unicodedata.normalize("NFC", t), unicodedata.normalize("NFD", t))
        }
        return tuple(sorted(out, key=lambda t: (-len(t), t)))

    def like_patterns(self) -> list[str]:
        """SQL ``LIKE`` patterns (backslash escapes) that match every row the needle may match: a letter
        that has other spellings stands as ``%`` (a first cut: :meth:`search` decides)."""
        out = []
        for t in self.texts:
            parts = [
                c.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
                if len(spellings(c)) == 1
                else "%"
                for c in _clusters(t)
            ]
            out.append(re.sub("%+", "%", "%" + "".join(parts) + "%"))
        return sorted(set(out))

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """One regex for every text, longest first (so a longer text wins over its prefix), each letter in
        any of its canonically equivalent spellings."""
        parts = [_spelled(t, re.escape) for t in sorted(set(self.texts), key=len, reverse=True)]
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
            alts = [self._byte_alternative(t, encode) for t in sorted(set(self.texts), key=len, reverse=True)]
            out.append((form, re.compile(self._words(b"|".join(alts), form))))
        escaped = {
            json.dumps(v, ensure_ascii=ascii_only)[1:-1]
            for t in self.forms
            for v in ((t, t.lower(), t.upper()) if self.ignore_case else (t,))
            for ascii_only in (True, False)
        }
        escaped -= set(self.forms)
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
        """A bytes regex for ``text`` in one encoding, each letter in any of its spellings; with
        ``ignore_case`` each character's cases."""
        assert callable(encode)
        parts = []
        for cluster in _clusters(text):
            alts = []
            for spelled in spellings(cluster):
                if not self.ignore_case:
                    alts.append(re.escape(encode(spelled)))
                    continue
                chars = []
                for ch in spelled:
                    cases = {encode(c) for c in {ch, ch.lower(), ch.upper()} if len(c) == 1}
                    chars.append(b"(?:" + b"|".join(re.escape(f) for f in sorted(cases)) + b")")
                alts.append(b"".join(chars))
            parts.append(alts[0] if len(alts) == 1 else b"(?:" + b"|".join(alts) + b")")
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


def _spelled(text: str, escape: object) -> str:
    """A regex for ``text``: each letter with its marks as any of its :func:`spellings`."""
    assert callable(escape)
    parts = []
    for cluster in _clusters(text):
        alts = [escape(s) for s in spellings(cluster)]
        parts.append(alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")")
    return "".join(parts) + _NO_MARK
