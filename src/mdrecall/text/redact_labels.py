"""A secret written after the word for "password" in another language ("mật khẩu wifi là …", "kata laluan:
…", "密码是 …", "Passwort: …"): the pattern and its check, for :mod:`mdrecall.text.redact_rules`.

The words are the login-form label each language's software uses for "Password" (and the folded
spelling people type without accents), in ``data/secret_labels.txt``. A match is the label, up to three
short words naming what it is for ("wifi", "email mới"), a separator (``:``, ``=``, or the language's
copula: "là", "adalah", "是", "ist" …) and the value. Unlike the English prose rule, which knows the
words that begin a sentence about a password, the value must look like one: a digit or a symbol in it,
or upper and lower case mixed ("mật khẩu là gì?" is a question, not a password). Linear: one alternation
of literal labels, bounded repeats only.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = ["label_needles", "label_pattern", "label_value_ok"]

#: Words that join a label to its value ("mật khẩu là X", "kata laluan adalah X", "密码是X", "Passwort ist
#: X", "la contraseña es X", "a senha é X"), besides ``:``, ``=`` and a dash.
_COPULAS = ("là", "la", "adalah", "ialah", "ist", "est", "es", "é", "is", "er", "är", "on", "jest", "je")
#: The same, in scripts written without spaces: no space needed after them ("密码是X").
_JOINED = ("是", "为", "為", "は", "는", "은")
#: The letters of the scripts written with spaces between words (Latin, Greek, Cyrillic): a label of them
#: must not continue a word; one of another script may ("wifi密码").
_SPACED = "A-Za-z0-9\u00c0-\u024f\u1e00-\u1eff\u0370-\u04ff"


@cache
def _labels() -> tuple[str, ...]:
    text = (Path(__file__).parent / "data" / "secret_labels.txt").read_text(encoding="utf-8")
    words = {w.strip() for line in text.splitlines() if not line.startswith("#") for w in line.split("|")[1:]}
    return tuple(sorted((w for w in words if w), key=len, reverse=True))


def label_needles() -> tuple[str, ...]:
    """The prefilter strings: each label in lower case, capitalised and in capitals (the text they are
    looked for in is lowered for ASCII letters only)."""
    low = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
    return tuple(sorted({f.translate(low) for w in _labels() for f in (w, w[:1].upper() + w[1:], w.upper())}))


def label_pattern() -> str:
    """The label, what it is for, the separator and the value (the last group that matched)."""
    spaced = re.compile(f"[{_SPACED}]")
    words = [re.escape(w).replace(r"\ ", r"[ \t]") for w in _labels()]
    latin = "|".join(w for w in words if spaced.match(w))
    other = "|".join(w for w in words if not spaced.match(w))
    copulas = "|".join(re.escape(w) for w in _COPULAS)
    joined = "|".join(re.escape(w) for w in _JOINED)
    return (
        r"(?i)(?:(?<![" + _SPACED + r"])(?:" + latin + r")|" + other + r")"
        r"(?:[ \t]{1,3}[^\s:：=\-–—]{1,20}){0,3}?"  # what it is for: "wifi", "email mới", "do banco"
        r"[ \t]{0,3}(?:[:：=\-–—]|(?:" + copulas + r")(?=[ \t:：])|" + joined + r")[ \t:：]{0,3}"
        r"(?:\"([^\"\n]{1,200})\"|'([^'\n]{1,200})'|\u201c([^\u201d\n]{1,200})\u201d"
        r"|「([^」\n]{1,200})」|([^\s\"'\u201c\u201d「，。、]{1,200}))"
    )


def label_value_ok(value: str, m: re.Match[str], text: str) -> bool:
    """A value that looks like a password: four characters or more, with a digit or a symbol, or upper and
    lower case mixed; not a placeholder (``…``, ``***``, ``<…>``)."""
    v = value.strip("\"'.,:;()[]!?")
    if len(v) < 4 or "\u2026" in v or set(v) <= {"*", "x", "X", "."} or v.startswith(("<", "${", "{{")):
        return False
    if any(c.isdigit() for c in v) or any(not c.isalnum() for c in v):
        return True
    return any(c.isupper() for c in v[1:]) and any(c.islower() for c in v)
