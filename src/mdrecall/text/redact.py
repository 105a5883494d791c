"""Secret redaction for everything memory stores from a conversation. Pure functions, linear time.

Secrets are replaced with ``[REDACTED]``. The families (the rule table is :data:`RULES`, documented in
``docs/security.md``): private key blocks of every kind (PEM, OpenSSH, PGP); cloud, VCS, package
registry, chat and payment tokens with a known prefix (AWS, Google, Azure, OpenAI, Anthropic, GitHub,
GitLab, Slack, Stripe, Twilio, Hugging Face, npm, PyPI, SendGrid, ...); JSON Web Tokens; chat webhooks;
credentials in URLs and connection strings; ``Authorization``/``Bearer`` headers; assignments whose key
names a secret (``.env``, ``export``, JSON, YAML, ``Password=`` in connection strings); ``.netrc``
entries; ``.pgpass`` lines; CLI flags (``--password x``, ``curl -u user:pass``, ``mysql -pX``); prose
("the wifi password is ...", "the router password's ...", a passphrase of plain words); signed URLs;
Luhn-valid card numbers; a bare AWS secret access key next to a word that names it; and, by code
rather than a rule, a key's END line whose BEGIN came earlier and a random-looking token among the few
words after a secret word (:func:`random_token`).

Every pattern is linear: a literal anchor, then character classes with no nested or overlapping
repetition (:func:`nested_quantifier` checks it, and a test checks every rule), and a rule runs only when
its cheap keyword is in the text. Redaction errs on the side of hiding too much.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from mdrecall.text.redact_rules import RULES, Rule

__all__ = [
    "REDACTED",
    "RULES",
    "Rule",
    "nested_quantifier",
    "random_token",
    "redact",
    "redact_kinds",
    "secrets_in",
]

REDACTED = "[REDACTED]"
_PEM_BEGIN = re.compile(r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_END = re.compile(r"-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")


class _Found(list[str]):
    """The kinds found (a list, as :func:`redact_kinds` returns) and, beside them, the secrets themselves."""

    def __init__(self) -> None:
        super().__init__()
        self.secrets: list[tuple[str, str]] = []


def _note(found: list[str] | None, kind: str, secret: str) -> None:
    if found is not None:
        found.append(kind)
        if isinstance(found, _Found):
            found.secrets.append((kind, secret))


@dataclass(frozen=True)
class _Compiled:
    rule: Rule
    pattern: re.Pattern[str]


@functools.cache
def _compiled(i: int) -> _Compiled:
    """Rule ``i``, compiled the first time a text holds its keyword (a short query compiles none of the
    ~80 patterns, which cost ~12 ms together)."""
    return _Compiled(RULES[i], re.compile(RULES[i].pattern))


@functools.lru_cache(maxsize=1)
def _needles() -> tuple[str, ...]:
    return tuple(sorted({n for r in RULES for n in r.needles}))


def _private_keys(text: str, found: list[str] | None) -> str:
    """Private key blocks, from BEGIN to END (or to the end of the text when cut); an END line whose
    BEGIN was in an earlier message takes the key body before it (:func:`_body_before`)."""
    if "PRIVATE KEY" not in text:
        return text
    out, pos = [], 0
    begin = _PEM_BEGIN.search(text)
    while True:
        if begin is not None and begin.start() < pos:
            begin = _PEM_BEGIN.search(text, pos)
        end = _PEM_END.search(text, pos, begin.start() if begin else len(text))
        if end is not None:  # an END before any BEGIN: the rest of a key sent earlier
            start = _body_before(text, pos, end.start())
            if start is None:
                out.append(text[pos : end.end()])
            else:
                out.append(text[pos:start] + REDACTED)
                _note(found, "private-key", text[start : end.end()])
            pos = end.end()
            continue
        if begin is None:
            break
        end = _PEM_END.search(text, begin.end())
        out.append(text[pos : begin.start()] + REDACTED)
        _note(found, "private-key", text[begin.start() : end.end() if end else len(text)])
        pos = end.end() if end else len(text)
    return "".join(out) + text[pos:]


_KEY_WORD = re.compile(r"\S+")
_KEY_BODY = re.compile(r"[A-Za-z0-9+/=]+")
_BODY_WINDOW = 20_000  # a 4096-bit RSA key's body is about 3.2 KB, a PGP key with subkeys a few KB more


def _body_before(text: str, lo: int, end: int) -> int | None:
    """Where the key body ends by ``end`` begins: the words of base64 just before it (the last may be
    short, every other one 16+ characters), 16+ characters in all; None when there is no such body."""
    words = [(w.start(), w.end()) for w in _KEY_WORD.finditer(text, max(lo, end - _BODY_WINDOW), end)]
    start, size = None, 0
    for a, b in reversed(words):
        if not _KEY_BODY.fullmatch(text, a, b) or (start is not None and b - a < 16):
            break
        start, size = a, size + b - a
    return start if size >= 16 else None


_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")  # keeps every offset


def _spans(c: _Compiled, text: str, low: str, found: list[str] | None) -> list[tuple[int, int]]:
    """Where rule ``c`` finds secrets in ``text`` (its pattern runs on ``low`` when the rule says so)."""
    rule, out = c.rule, []
    for m in c.pattern.finditer(low if rule.lower else text):
        g = (m.lastindex or 0) if rule.group < 0 else rule.group
        start, end = m.span(g)
        if start < 0:
            continue
        if rule.word and m.start() > 0 and text[m.start() - 1].isalnum() and not _escaped(text, m.start()):
            continue
        secret = text[start:end]
        if secret.startswith(REDACTED):  # already hidden (redaction is idempotent)
            continue
        if rule.trim:
            secret = secret.rstrip(".,;:!?)]}>")
        if not secret or secret == REDACTED or (rule.check is not None and not rule.check(secret, m, text)):
            continue
        out.append((start, start + len(secret)))
        _note(found, rule.kind, secret)
    return out


def _escaped(text: str, at: int) -> bool:
    """``text[at]`` follows a URL escape (``token%3Dghp_…``): a word starts there."""
    return at >= 3 and text[at - 3] == "%" and _HEX2.fullmatch(text, at - 2, at) is not None


_HEX2 = re.compile(r"[0-9A-Fa-f]{2}")

# ---- a generic detector: a random-looking token just after a word that names a secret (as gitleaks'
# generic-api-key and detect-secrets' keyword + entropy detectors do)
_SECRET_WORD = re.compile(
    r"(?<![a-z0-9])(?:api[ _\-]?keys?|keys?|tokens?|secrets?|passwords?|passwd|passphrase|pwd|credentials?"
    r"|creds|auth)(?=[\s:),'\u2019])"
)
_WHOLE_WORD = re.compile(r"(?<!\S)\S{1,300}(?!\S)")
_DIGIT = re.compile(r"[0-9]")
_GENERIC_NEEDLES = ("key", "token", "secret", "pass", "pwd", "cred", "auth")
_GENERIC_REACH = 80  # characters after the word, on its line
_GENERIC_WORDS = 5  # words after the word
_TOKEN = re.compile(r"[A-Za-z0-9+/=_\-~]{16,256}")
_HEX_ID = re.compile(r"[0-9A-Fa-f\-]+")  # commit hashes, UUIDs, hex ids: kept
_WORDLIKE = re.compile(r"[a-z]{4,}|[A-Z]{4,}|[A-Z][a-z]{3,}")
_SEPARATORS = re.compile(r"[_\-]")
_EDGES = "\"'`()[]{}<>,;:.!?*"


def random_token(token: str) -> bool:
    """A token that looks generated: 16-256 base64/URL-safe characters, letters and digits mixed, not
    hex (a hash, a UUID), mostly no readable words (``OAuth2PasswordBearer``), not a name of short parts
    (``all-MiniLM-L6-v2``), Shannon entropy of 3 bits a character or more."""
    if not _TOKEN.fullmatch(token) or _HEX_ID.fullmatch(token):
        return False
    if not any(c.isdigit() for c in token) or not any(c.isalpha() for c in token):
        return False
    if sum(len(w) for w in _WORDLIKE.findall(token)) * 10 > len(token) * 4:
        return False
    parts = _SEPARATORS.split(token)
    if len(parts) > 2 and max(map(len, parts)) < 12:  # a name made of short parts: all-MiniLM-L6-v2
        return False
    n = len(token)
    return -sum(k / n * math.log2(k / n) for k in Counter(token).values()) >= 3.0


def _generic(text: str, low: str, found: list[str] | None) -> str:
    """Random-looking tokens among the few words after ``key``, ``token``, ``secret``, ``password``,
    ``credential``, ``auth`` (on the same line). Each word is looked at once, and only where the reach
    of a secret word holds a digit: linear."""
    if not any(n in low for n in _GENERIC_NEEDLES):
        return text
    spans: list[tuple[int, int]] = []
    done, size = 0, len(text)
    for m in _SECRET_WORD.finditer(low):
        start = max(m.end(), done)
        stop = low.find("\n", start, m.end() + _GENERIC_REACH)
        stop = min(size, m.end() + _GENERIC_REACH) if stop < 0 else stop
        if start >= stop or _DIGIT.search(text, start, stop) is None:
            continue
        for _ in range(_GENERIC_WORDS):
            w = _WHOLE_WORD.search(text, start, min(size, stop + 300))
            if w is None or w.start() >= stop:
                break
            a, b = w.span()
            start = done = b
            while a < b and text[a] in _EDGES:
                a += 1
            while b > a and text[b - 1] in _EDGES:
                b -= 1
            if random_token(text[a:b]):
                spans.append((a, b))
                _note(found, "generic-secret", text[a:b])
    if not spans:
        return text
    parts, pos = [], 0
    for a, b in spans:
        parts += [text[pos:a], REDACTED]
        pos = b
    return "".join(parts) + text[pos:]


def _low(text: str) -> str:
    return text.lower() if text.isascii() else text.translate(_LOWER)


#: invisible characters (zero-width space, word joiner, zero-width no-break space, soft hyphen) inside an
#: ASCII token: removed before the rules run, or a key split by one would pass every rule
_INVISIBLE_IN_TOKEN = re.compile(r"(?<=[A-Za-z0-9_+/=.\-])[\u200b\u2060\ufeff\u00ad]+(?=[A-Za-z0-9_+/=.\-])")


def _redact(text: str, found: list[str] | None) -> str:
    if not text:
        return text
    if not text.isascii():
        text = _INVISIBLE_IN_TOKEN.sub("", text)
    text = _private_keys(text, found)
    low = _low(text)
    present = {n for n in _needles() if n in low}  # each keyword looked for once (redaction only removes)
    for i, rule in enumerate(RULES):
        if (rule.needles and present.isdisjoint(rule.needles)) or rule.requires not in low:
            continue
        spans = _spans(_compiled(i), text, low, found)
        if spans:
            parts, pos = [], 0
            for a, b in spans:
                parts += [text[pos:a], REDACTED]
                pos = b
            text = "".join(parts) + text[pos:]
            low = _low(text)
    return _generic(text, low, found)


def redact(text: str) -> str:
    """``text`` with secrets replaced by ``[REDACTED]`` (linear in the length of ``text``)."""
    return _redact(text, None)


def redact_kinds(text: str) -> tuple[str, list[str]]:
    """``redact(text)`` and the kinds of secret it replaced (for a warning that names them)."""
    found: list[str] = []
    return _redact(text, found), found


def secrets_in(text: str) -> list[tuple[str, str]]:
    """The secrets :func:`redact` would replace in ``text``: ``(kind, secret)`` each, in the order found
    (a secret that held an earlier one's ``[REDACTED]`` gives its parts around it)."""
    found = _Found()
    _redact(text, found)
    out: list[tuple[str, str]] = []
    for kind, secret in found.secrets:
        out += [(kind, part.strip()) for part in secret.split(REDACTED) if part.strip()]
    return out


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
