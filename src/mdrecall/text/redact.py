"""Secret redaction for everything memory stores from a conversation. Pure functions, linear time.

Secrets are replaced with ``[REDACTED]``. The families (the rule table is :data:`RULES`, documented in
``docs/security.md``): private key blocks of every kind (PEM, OpenSSH, PGP); cloud, VCS, package
registry, chat and payment tokens with a known prefix (AWS, Google, Azure, OpenAI, Anthropic, GitHub,
GitLab, Slack, Stripe, Twilio, Hugging Face, npm, PyPI, SendGrid, ...); JSON Web Tokens; chat webhooks;
credentials in URLs and connection strings; ``Authorization``/``Bearer`` headers; assignments whose key
names a secret (``.env``, ``export``, JSON, YAML, ``Password=`` in connection strings); ``.netrc``
entries; CLI flags (``--password x``, ``curl -u user:pass``, ``mysql -pX``); prose ("the wifi password
is ..."); a bare AWS secret access key next to a word that names it.

Every pattern is linear: a literal anchor, then character classes with no nested or overlapping
repetition (:func:`nested_quantifier` checks it, and a test checks every rule), and a rule runs only when
its cheap keyword is in the text. Redaction errs on the side of hiding too much.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from mdrecall.text.redact_rules import RULES, Rule

__all__ = ["REDACTED", "RULES", "Rule", "nested_quantifier", "redact", "redact_kinds"]

REDACTED = "[REDACTED]"
_PEM_BEGIN = re.compile(r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_END = re.compile(r"-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")


@dataclass(frozen=True)
class _Compiled:
    rule: Rule
    pattern: re.Pattern[str]


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[_Compiled, ...]:
    """The rules, compiled on first use (importing this module stays cheap)."""
    return tuple(_Compiled(r, re.compile(r.pattern)) for r in RULES)


@functools.lru_cache(maxsize=1)
def _needles() -> tuple[str, ...]:
    return tuple(sorted({n for r in RULES for n in r.needles}))


def _private_keys(text: str, found: list[str] | None) -> str:
    """Private key blocks, from BEGIN to END (or to the end of the text when cut)."""
    if "PRIVATE KEY" not in text:
        return text
    out, pos = [], 0
    while True:
        m = _PEM_BEGIN.search(text, pos)
        if m is None:
            break
        end = _PEM_END.search(text, m.end())
        out.append(text[pos : m.start()] + REDACTED)
        pos = end.end() if end else len(text)
        if found is not None:
            found.append("private-key")
    return "".join(out) + text[pos:]


_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")  # keeps every offset


def _spans(c: _Compiled, text: str, low: str, found: list[str] | None) -> list[tuple[int, int]]:
    """Where rule ``c`` finds secrets in ``text`` (its pattern runs on ``low`` when the rule says so)."""
    rule, out = c.rule, []
    for m in c.pattern.finditer(low if rule.lower else text):
        g = (m.lastindex or 0) if rule.group < 0 else rule.group
        start, end = m.span(g)
        if start < 0:
            continue
        if rule.word and m.start() > 0 and text[m.start() - 1].isalnum():
            continue
        secret = text[start:end]
        if rule.trim:
            secret = secret.rstrip(".,;:!?)]}>")
        if not secret or secret == REDACTED or (rule.check is not None and not rule.check(secret, m, text)):
            continue
        out.append((start, start + len(secret)))
        if found is not None:
            found.append(rule.kind)
    return out


def _low(text: str) -> str:
    return text.lower() if text.isascii() else text.translate(_LOWER)


def _redact(text: str, found: list[str] | None) -> str:
    if not text:
        return text
    text = _private_keys(text, found)
    low = _low(text)
    rules, needles = _compiled(), _needles()
    present = {n for n in needles if n in low}  # each keyword looked for once (redaction only removes)
    for c in rules:
        if c.rule.needles and present.isdisjoint(c.rule.needles):
            continue
        spans = _spans(c, text, low, found)
        if spans:
            parts, pos = [], 0
            for a, b in spans:
                parts += [text[pos:a], REDACTED]
                pos = b
            text = "".join(parts) + text[pos:]
            low = _low(text)
    return text


def redact(text: str) -> str:
    """``text`` with secrets replaced by ``[REDACTED]`` (linear in the length of ``text``)."""
    return _redact(text, None)


def redact_kinds(text: str) -> tuple[str, list[str]]:
    """``redact(text)`` and the kinds of secret it replaced (for a warning that names them)."""
    found: list[str] = []
    return _redact(text, found), found


def nested_quantifier(pattern: str) -> bool:
    """True when ``pattern`` repeats, without bound, a part that itself repeats (``(a+)+``, ``(\\w*-)*``).

    Such patterns can backtrack exponentially or quadratically; user rules that have them are refused.
    A bad pattern raises :class:`re.error`.
    """
    import importlib

    # the standard library's own regex parser: re._parser (3.11+), sre_parse before
    parser: Any = getattr(re, "_parser", None) or importlib.import_module("sre_parse")

    repeats = {"MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"}
    big = 20

    def walk(items: Any, outer: int) -> bool:
        """``outer``: 0 outside any repeat, 1 inside a bounded one, 2 inside an unbounded one."""
        for op, av in items:
            name = getattr(op, "name", str(op))
            if name in repeats:
                _lo, hi, sub = av
                level = 2 if hi > big else (1 if hi > 1 else 0)
                if level and (outer == 2 or (outer == 1 and level == 2)):
                    return True
                if walk(sub, max(outer, level)):
                    return True
            elif name == "SUBPATTERN":
                if walk(av[-1], outer):
                    return True
            elif name == "BRANCH":
                if any(walk(b, outer) for b in av[1]):
                    return True
            elif name in ("ASSERT", "ASSERT_NOT"):
                if walk(av[1], outer):
                    return True
            elif name in ("GROUPREF", "GROUPREF_EXISTS"):
                return True  # backreferences are not linear either
        return False

    return walk(parser.parse(pattern), False)
