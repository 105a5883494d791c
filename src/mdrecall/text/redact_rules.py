"""The table of secret shapes that :mod:`mdrecall.text.redact` replaces. Data and small checks only.

Each :class:`Rule` is a regular expression with a literal anchor (a token prefix, ``://``, a keyword)
followed by character classes, never a repeated group of repeats; ``needles`` are lowercase strings of
which one must be in the text for the rule to run (a cheap prefilter); ``group`` is the part replaced.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["RULES", "Rule"]


@dataclass(frozen=True)
class Rule:
    """One secret shape: its kind, pattern, prefilter needles, the group replaced and an optional check.

    ``lower``: the pattern is lowercase and runs on the text lowercased (ASCII; offsets kept), which keeps
    its literal prefix fast; ``word``: a match must not follow a letter or digit (checked after the
    match, so the pattern keeps its literal prefix). ``check(secret, match, text)`` may refuse a match.
    """

    kind: str
    pattern: str
    needles: tuple[str, ...] = ()
    group: int = 0  # -1: the last group that matched (one of several alternatives)
    check: Callable[[str, re.Match[str], str], bool] | None = None
    trim: bool = False  # drop trailing punctuation from the secret (prose)
    lower: bool = False
    word: bool = False


_NOT_SECRET = frozenset(
    "true false null none nil yes no on off is was the a an not wrong incorrect correct right required "
    "missing empty expired invalid changed reset set in on for too still now same different stored saved "
    "here there below above hidden redacted unknown optional secret password token key string str int "
    "undefined env my your our their his her its".split()
)
_STRONG = ("pass", "pwd", "pw", "secret", "cred", "private", "api", "token", "dsn", "sas")
_ALWAYS = ("password", "passwd", "passphrase")


def _key_ok(text: str, start: int, end: int) -> bool:
    """The key word found at ``text[start:end]`` begins a name part: ``DB_PASS``, ``apiKey``, ``x.token``."""
    word = text[start:end]
    if word.lower() in _ALWAYS:
        return True
    prev = text[start - 1] if start > 0 else " "
    if word.lower() == "key":
        return prev in "_.-" or (prev.islower() and word[0] == "K")
    if not prev.isalpha():
        return True
    return (prev.islower() or prev.isdigit()) and word[0].isupper()


def _value_ok(value: str, m: re.Match[str], text: str) -> bool:
    """A named secret's value, not a placeholder (``true``, ``${VAR}``); weak names want 8+ chars."""
    start, end = m.span("key")
    if not _key_ok(text, start, end):
        return False
    v = value.strip("\"'")
    if (
        not v
        or v.lower() in _NOT_SECRET
        or v.startswith(("${", "$(", "<", "{{", "%("))
        or set(v) <= {"*", "x"}
    ):
        return False
    return True if any(s in m.group("key") for s in _STRONG) else len(v) >= 8


def _prose_ok(value: str, m: re.Match[str], text: str) -> bool:
    start = m.start()
    if start > 0 and text[start - 1].isalnum():
        return False
    return value.lower().strip("\"'.,:;") not in _NOT_SECRET


def _mixed(value: str, m: re.Match[str], text: str) -> bool:
    """A bare 40-character AWS secret: upper, lower and digits together."""
    return (
        any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and any(c.isdigit() for c in value)
    )


def _not_a_word(value: str, m: re.Match[str], text: str) -> bool:
    return not value.isalpha()


def _mysql_line(value: str, m: re.Match[str], text: str) -> bool:
    line = text[text.rfind("\n", 0, m.start()) + 1 : m.start()].lower()
    return any(w in line for w in ("mysql", "mariadb"))


def _login_line(value: str, m: re.Match[str], text: str) -> bool:
    """``docker login -u bob -p SECRET`` (and podman, helm, oras…): ``-p`` after ``login`` on the line."""
    line = text[text.rfind("\n", 0, m.start()) + 1 : m.start()].lower()
    return " login" in line


def _token(kind: str, prefix: str, rest: str, needle: str | None = None) -> Rule:
    """A token with a literal ``prefix`` at the start of a word."""
    return Rule(kind, prefix + rest, ((needle or prefix).lower().replace("\\", ""),), word=True)


# Keys that name a secret, as in ``DB_PASS=``, ``"apiKey":``, ``AccountKey=``, ``export GH_TOKEN=``
# (on lowercased text; :func:`_key_ok` checks on the original where the word starts).
_KEY = (
    r"(?P<key>password|passwd|passphrase|passcode|secret|credentials|credential|token|api_key|api-key"
    r"|apikey|access_key|accesskey|private_key|pwd|pass|pw|dsn|auth|sas|key)"
)
_ONCE = "+" if sys.version_info >= (3, 11) else ""  # possessive: a name part is never backtracked into
_ASSIGN = (
    _KEY + r"(?![a-z])[a-z0-9_.\-]{0,40}" + _ONCE + r"[\"']?[ \t]{0,8}(?::=|=>|[:=])[ \t]{0,8}"
    r"(?:\"(?P<dq>[^\"\n]{1,500})\"|'(?P<sq>[^'\n]{1,500})'|(?P<bare>[^\s\"',;<>]{1,500}))"
)

RULES: tuple[Rule, ...] = (
    # ---- credentials in URLs and connection strings
    Rule("url-password", r"://[^\s:/@?#]{0,256}:([^\s@/?#]{1,256})@", ("://",), 1),
    Rule("url-key", r"://([A-Za-z0-9]{16,128})@", ("://",), 1),  # Sentry-style DSN: the key is the user
    # ---- chat webhooks
    Rule(
        "slack-webhook",
        r"hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9/_+\-]{8,400})",
        ("hooks.slack.com",),
        1,
    ),  # fmt: skip
    Rule("discord-webhook", r"/api/webhooks/([A-Za-z0-9/_\-]{8,400})", ("/api/webhooks/",), 1),
    Rule("teams-webhook", r"\.webhook\.office\.com/([A-Za-z0-9/_@\-]{8,400})", ("webhook.office",), 1),
    # ---- tokens with a known prefix
    _token("anthropic", r"sk-ant-", r"[A-Za-z0-9_\-]{8,}"),
    _token("openai", r"sk-", r"[A-Za-z0-9_\-]{16,}"),
    *(
        _token("stripe", p + "_", r"[A-Za-z0-9]{10,}")
        for p in ("sk_live", "sk_test", "rk_live", "rk_test", "pk_live", "pk_test")
    ),  # fmt: skip
    _token("stripe-webhook", r"whsec_", r"[A-Za-z0-9]{20,}"),
    *(
        _token("aws-access-key", p, r"[0-9A-Z]{16}(?![0-9A-Z])")
        for p in ("AKIA", "ASIA", "ABIA", "ACCA", "AROA", "AIDA", "AGPA", "ANPA", "APKA")
    ),  # fmt: skip
    _token("github", r"gh[pousr]_", r"[A-Za-z0-9]{20,}", "_"),
    _token("github", r"github_pat_", r"[A-Za-z0-9_]{20,}"),
    _token("gitlab", r"gl(?:pat|dt|ptt|rt|cbt|ft|imt|oas)-", r"[A-Za-z0-9_\-]{16,}", "gl"),
    _token("slack", r"xox[abposre]-", r"[A-Za-z0-9\-]{10,}", "xox"),
    _token("slack", r"xapp-", r"[A-Za-z0-9\-]{10,}"),
    _token("google", r"AIza", r"[0-9A-Za-z_\-]{30,}"),
    _token("google-oauth", r"GOCSPX-", r"[0-9A-Za-z_\-]{20,}"),
    _token("google-oauth", r"ya29\.", r"[0-9A-Za-z_\-]{20,}", "ya29."),
    _token("huggingface", r"hf_", r"[A-Za-z0-9]{30,}"),
    _token("npm", r"npm_", r"[A-Za-z0-9]{30,}"),
    _token("pypi", r"pypi-AgE", r"[A-Za-z0-9_\-]{50,}"),
    _token("twilio", r"SK", r"[0-9a-fA-F]{32}(?![0-9a-fA-F])", "sk"),
    _token("sendgrid", r"SG\.", r"[A-Za-z0-9_\-]{16,40}\.[A-Za-z0-9_\-]{16,}", "sg."),
    _token("mailgun", r"key-", r"[0-9a-f]{32}"),
    _token("shopify", r"shp(?:at|ca|pa|ss)_", r"[a-fA-F0-9]{32}", "shp"),
    _token("digitalocean", r"do[opr]_v1_", r"[a-f0-9]{64}", "_v1_"),
    _token("databricks", r"dapi", r"[a-f0-9]{32}"),
    _token("linear", r"lin_api_", r"[A-Za-z0-9]{30,}"),
    _token("postman", r"PMAK-", r"[A-Za-z0-9\-]{30,}"),
    _token("grafana", r"gl(?:sa|c)_", r"[A-Za-z0-9_=+/\-]{30,}", "gl"),
    _token("doppler", r"dp\.(?:pt|st|ct|sa|scim|audit)\.", r"[A-Za-z0-9]{30,}", "dp."),
    _token("age", r"AGE-SECRET-KEY-1", r"[0-9A-Z]{50,}"),
    Rule("telegram-bot", r":AA[A-Za-z0-9_\-]{30,}", (":aa",)),
    Rule(
        "jwt",
        r"eyJ(?<![A-Za-z0-9_\-]eyJ)[A-Za-z0-9_\-]{8,2000}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
        ("eyj",),
        word=True,
    ),
    # ---- headers, CLI flags, .netrc
    Rule(
        "auth-header",
        r"bearer[ \t]{1,8}([a-z0-9._~+/=\-]{8,})",
        ("bearer",),
        1,
        _not_a_word,
        lower=True,
        word=True,
    ),  # fmt: skip
    Rule(
        "auth-header",
        r"authorization:[ \t]{0,8}[a-z]{1,20}[ \t]{1,8}([a-z0-9._~+/=\-]{8,})",
        ("authorization",),
        1,
        _not_a_word,
        lower=True,
    ),  # fmt: skip
    Rule(
        "cli-flag",
        r"-(?:password|passwd|pass|pwd|secret|token|api-key|apikey|access-token|auth-token|client-secret)"
        r"(?:=|[ \t]{1,8})[\"']?([^\s\"']{1,200})",
        ("-pass", "-pwd", "-secret", "-token", "-api", "-access", "-auth", "-client"),
        1,
        _prose_ok,
        lower=True,
    ),
    Rule("cli-user", r"-u[ \t]{1,8}[^\s:\-][^\s:]{0,99}:([^\s\"']{1,200})", ("-u",), 1, word=False),
    Rule("cookie", r"(?:set-)?cookie:[ \t]{0,8}([^\n]{1,2000})", ("cookie:",), 1, lower=True),
    Rule("login-flag", r" -p[ \t]{1,8}([^\s\-][^\s]{0,199})", ("login",), 1, _login_line),
    Rule("mysql-flag", r" -p([^\s\-][^\s]{0,199})", ("mysql", "mariadb"), 1, _mysql_line),
    Rule(
        "netrc",
        r"machine\s{1,8}\S{1,200}\s{1,8}login\s{1,8}\S{1,200}\s{1,8}password\s{1,8}(\S{1,200})",
        ("machine",),
        1,
        lower=True,
    ),  # fmt: skip
    Rule(
        "netrc",
        r"(?m)^[ \t]{0,8}(?:password|passwd)[ \t]{1,8}(\S{1,200})[ \t]{0,8}$",
        ("pass",),
        1,
        _prose_ok,
        lower=True,
    ),  # fmt: skip
    # ---- key = value, in .env, shell, JSON, YAML, TOML, connection strings
    Rule(
        "assignment",
        _ASSIGN,
        ("pass", "pwd", "pw", "secret", "cred", "token", "key", "dsn", "auth", "sas"),
        -1,
        _value_ok,
        lower=True,
    ),  # fmt: skip
    # ---- prose: "the wifi password is hunter2", "my PIN for the bank is 1234"
    Rule(
        "prose",
        r"(?:password|passwd|passphrase|passcode|pin|pwd|pw|wifi key|wi-fi key|wifi code)"
        r"(?:[ \t]{1,3}(?:for|to|of|on|at)[ \t]{1,3}[^\s]{1,40}"
        r"(?:[ \t]{1,3}[^\s]{1,40})?(?:[ \t]{1,3}[^\s]{1,40})?)?"
        r"[ \t]{1,3}(?:is now|is|was|will be|=)[ \t:]{1,3}"
        r"(?:\"([^\"\n]{1,200})\"|'([^'\n]{1,200})'|\u201c([^\u201d\n]{1,200})\u201d|([^\s\"'\u201c\u201d]{1,200}))",
        ("pass", "pin", "pwd", "pw", "wifi", "wi-fi"),
        -1,
        _prose_ok,
        trim=True,
        lower=True,
    ),
    # ---- a bare AWS secret access key, when the text speaks of AWS or secrets
    Rule(
        "aws-secret-key",
        r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])",
        ("aws", "secret", "akia"),
        0,
        _mixed,
    ),  # fmt: skip
)
