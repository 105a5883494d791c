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

from mdrecall.text.redact_labels import label_needles, label_pattern, label_value_ok

__all__ = ["RULES", "Rule"]


@dataclass(frozen=True)
class Rule:
    """One secret shape: its kind, pattern, prefilter needles, the group replaced and an optional check.

    ``lower``: the pattern is lowercase and runs on the text lowercased (ASCII; offsets kept), which keeps
    its literal prefix fast; ``word``: a match must not follow a letter or digit (checked after the
    match, so the pattern keeps its literal prefix); ``requires``: a string the text must hold too.
    ``check(secret, match, text)`` may refuse a match.
    """

    kind: str
    pattern: str
    needles: tuple[str, ...] = ()
    group: int = 0  # -1: the last group that matched (one of several alternatives)
    check: Callable[[str, re.Match[str], str], bool] | None = None
    trim: bool = False  # drop trailing punctuation from the secret (prose)
    lower: bool = False
    word: bool = False
    requires: str = ""  # a string that must be in the text as well as one of the needles


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


_MID_SENTENCE = re.compile(r"[A-Za-z][ \t]")
_PLAIN_WORD = re.compile(r"[A-Za-z][a-z\-]{0,40}")


def _value_ok(value: str, m: re.Match[str], text: str) -> bool:
    """A named secret's value, not a placeholder (``true``, ``${VAR}``); weak names want 8+ chars."""
    start, end = m.span("key")
    if not _key_ok(text, start, end):
        return False
    v = value.strip("\"'")
    if (  # "after this pass: multi-hop 0.49" is prose, not a name
        m.group("key") == "pass"
        and text[end : end + 1] == ":"
        and _MID_SENTENCE.fullmatch(text, max(0, start - 2), start)
        and _PLAIN_WORD.fullmatch(v)
    ):
        return False
    if (
        len(v) < 2
        or v.lower() in _NOT_SECRET
        or v.startswith(("${", "$(", "<", "{{", "%(", "`"))
        or set(v) <= {"*", "x", "."}
        or "\u2026" in v  # "TOKEN=…", "postgresql://…": an ellipsis stands for the value
    ):
        return False
    return True if any(s in m.group("key") for s in _STRONG) else len(v) >= 8


def _prose_ok(value: str, m: re.Match[str], text: str) -> bool:
    """A value named in prose or by a flag, not a word about it nor a placeholder (``--token T``, ``…``)."""
    start = m.start()
    if start > 0 and text[start - 1].isalnum():
        return False
    v = value.lower().strip("\"'.,:;()[]")
    return len(v) > 1 and v not in _NOT_SECRET and "\u2026" not in v


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


def _not_a_port(value: str, m: re.Match[str], text: str) -> bool:
    """``host:8080/path/@user`` is a port and a path, not a password: digits before the first ``/?#``."""
    head = re.split(r"[/?#]", value, maxsplit=1)[0]
    return head == value or not (head == "" or head.isdigit())


#: Words that begin a sentence about a passphrase rather than the passphrase itself.
_PHRASE_STOP = _NOT_SECRET.difference({"correct", "right", "wrong", "secret", "key"}) | frozenset(
    "that this what where how also kept written located somewhere available being been very only just "
    "long short strong weak ok fine good bad".split()
)


def _phrase_ok(value: str, m: re.Match[str], text: str) -> bool:
    """A passphrase of plain words: not a sentence about it ("is stored in the vault")."""
    if m.start() > 0 and text[m.start() - 1].isalnum():
        return False
    words = value.lower().split()
    return bool(words) and words[0] not in _PHRASE_STOP and (len(words) > 1 or _prose_ok(value, m, text))


def _possessive_ok(value: str, m: re.Match[str], text: str) -> bool:
    """After ``password's``: a value, not a plain word or a count ("the password's length", "'s 12 chars")."""
    v = value.strip("\"'.,:;!?")
    return _prose_ok(value, m, text) and not (v.isalpha() and v.islower()) and not v.isdigit()


def _pgpass_ok(value: str, m: re.Match[str], text: str) -> bool:
    """A ``.pgpass`` line, not an IPv6 address or a time (every field hex digits)."""
    return _HEX_LINE.fullmatch(m.group(0).strip()) is None


_HEX_LINE = re.compile(r"[0-9a-fA-F:]+")


_CARD_GROUPS = ((4, 4, 4, 4), (4, 4, 4, 4, 3), (4, 6, 5), (4, 6, 4), (4, 4, 4, 1), (4, 4, 4, 2), (4, 4, 4, 3))


def _card_ok(value: str, m: re.Match[str], text: str) -> bool:
    """A payment card number: grouped as cards are printed, a known prefix and length, Luhn-valid."""
    groups = re.split(r"[ \-]", value)
    if len(groups) > 1 and (
        len(set(re.findall(r"[ \-]", value))) > 1 or tuple(map(len, groups)) not in _CARD_GROUPS
    ):
        return False
    digits = "".join(groups)
    n, two = len(digits), int(digits[:2])
    ok_len = (
        (digits[0] == "4" and n in (13, 16, 19))
        or (51 <= two <= 55 and n == 16)
        or (2221 <= int(digits[:4]) <= 2720 and n == 16)
        or (two in (34, 37) and n == 15)
        or (two in (30, 36, 38, 39) and 14 <= n <= 19)
        or (two == 35 and 16 <= n <= 19)
        or (digits[0] == "6" and 16 <= n <= 19)
    )
    if not ok_len or len(set(digits)) == 1:
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


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
    _KEY
    + r"(?![a-z])[a-z0-9_.\-]{0,40}"
    + _ONCE
    + r"(?:[\"']|%22|%27)?[ \t]{0,8}(?::=|=>|[:=]|%3d|%3a)[ \t]{0,8}"
    r"(?:\"(?P<dq>[^\"\n]{1,500})\"|'(?P<sq>[^'\n]{1,500})'|(?P<bare>[^\s\"',;<>]{1,500}))"
)

#: A whole host name (and port) after the ``@`` of a URL: not followed by another ``@``.
_HOST = r"[A-Za-z0-9.\-_\[\]:%]{1,253}(?![A-Za-z0-9.\-_\[\]:%@])"
_W = r"[^\s!?]{0,39}[^\s.!?]"  # a word that does not end a sentence
#: "for my laptop", "to the router": up to three words saying what the secret is for (in one sentence).
_FOR_WHAT = (
    r"(?:[ \t]{1,3}(?:for|to|of|on|at)[ \t]{1,3}"
    + _W
    + r"(?:[ \t]{1,3}"
    + _W
    + r")?(?:[ \t]{1,3}"
    + _W
    + r")?)?"
)

RULES: tuple[Rule, ...] = (
    # ---- credentials in URLs and connection strings
    # the password may hold "/" and "@": it ends at the first "@" followed by a whole host name
    Rule(
        "url-password",
        r"://[^\s:/@?#]{0,256}:([^\s]{1,256}?)@" + _HOST,
        ("://",),
        1,
        _not_a_port,
        requires="@",
    ),
    Rule("url-key", r"://([A-Za-z0-9]{16,128})@", ("://",), 1),  # Sentry-style DSN: the key is the user
    # signed URLs: Azure SAS (sig=), S3 and GCS pre-signed (X-Amz-Signature=, X-Goog-Signature=)
    Rule(
        "url-signature",
        r"[?&](?:sig|signature|x-amz-signature|x-goog-signature)=([^\s&#\"'<>]{8,2000})",
        ("sig",),
        1,
        lower=True,
    ),  # fmt: skip
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
    _token("mailgun", r"key-", r"[0-9a-z]{32}(?![0-9A-Za-z])"),  # the docs' own keys are base 36
    Rule("mailgun", r"(?<![0-9a-f])[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}(?![0-9a-f])", ("-",)),  # signing key
    _token("square", r"EAAA", r"[A-Za-z0-9_\-]{22,}", "eaaa"),
    _token("square", r"sq0atp-", r"[A-Za-z0-9_\-]{22,}"),
    _token("square", r"sq0csp-", r"[A-Za-z0-9_\-]{40,}"),
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
    # tools that take a password as an argument and nothing else: sshpass -p X, htpasswd -b FILE USER X,
    # and a password echoed into a login that reads it from stdin (echo X | docker login --password-stdin)
    Rule("cli-flag", r"sshpass[ \t]{1,8}-p[ \t]{0,8}[\"']?([^\s\"']{1,200})", ("sshpass",), 1),
    Rule(
        "cli-flag",
        r"htpasswd[ \t]{1,8}-[a-zA-Z]{0,6}b[a-zA-Z]{0,6}[ \t]{1,8}[^\s]{1,300}[ \t]{1,8}[^\s]{1,200}"
        r"[ \t]{1,8}[\"']?([^\s\"']{1,200})",
        ("htpasswd",),
        1,
    ),
    Rule(
        "cli-flag",
        r"echo[ \t]{1,8}(?:-n[ \t]{1,8})?[\"']?([^\s\"'|]{1,200})[\"']?[ \t]{0,8}\|"
        r"[^\n|]{0,200}-password-stdin",
        ("password-stdin",),
        1,
    ),
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
    # .pgpass: hostname:port:database:username:password, one a line
    Rule(
        "pgpass",
        r"(?m)^[ \t]{0,8}[^\s:#]{1,253}:(?:[0-9]{1,5}|\*):[^\s:]{1,128}:[^\s:]{1,128}:(\S{1,256})[ \t]{0,8}$",
        (":",),
        1,
        _pgpass_ok,
    ),  # fmt: skip
    # ---- payment cards: 13 to 19 digits, grouped as printed, with a known prefix, Luhn-valid
    Rule(
        "card-number",
        r"(?<![0-9A-Za-z.\-/:,])[2-6][0-9](?:[ \-]?[0-9]){11,17}(?![0-9A-Za-z])",
        (),
        0,
        _card_ok,
    ),
    # ---- a passphrase of plain words: the rest of the sentence
    Rule(
        "passphrase",
        r"(?:passphrase|pass phrase|seed phrase|recovery phrase|mnemonic phrase|mnemonic)"
        + _FOR_WHAT
        + r"(?:[ \t]{1,3}(?:is now|is|was|will be)[ \t:]{1,3}|[ \t]{0,3}[:=][ \t]{1,3})"
        r"([^\s.;!?\"'\u201c\u201d][^\n.;!?\"\u201c\u201d]{0,199})",
        ("phrase", "mnemonic"),
        1,
        _phrase_ok,
        trim=True,
        lower=True,
    ),
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
        + _FOR_WHAT
        + r"[ \t]{1,3}(?:is now|is|was|will be|=)[ \t:]{1,3}"
        r"(?:\"([^\"\n]{1,200})\"|'([^'\n]{1,200})'|\u201c([^\u201d\n]{1,200})\u201d|([^\s\"'\u201c\u201d]{1,200}))",
        ("pass", "pin", "pwd", "pw", "wifi", "wi-fi"),
        -1,
        _prose_ok,
        trim=True,
        lower=True,
    ),
    # ---- "the router password's Zebra-Kettle-991": a value that is not a plain word or a number
    Rule(
        "prose",
        r"(?:password|passwd|passphrase|passcode|pwd|wifi key|wi-fi key|wifi code)(?:'|\u2019)s[ \t]{1,3}"
        r"(?:\"([^\"\n]{1,200})\"|'([^'\n]{1,200})'|([^\s\"']{1,200}))",
        ("'s", "\u2019s"),
        -1,
        _possessive_ok,
        trim=True,
        lower=True,
    ),
    # ---- the word for "password" in another language: "mật khẩu wifi là …", "kata laluan: …", "密码是 …"
    Rule("prose", label_pattern(), label_needles(), -1, label_value_ok, trim=True),
    # ---- a bare AWS secret access key, when the text speaks of AWS or secrets
    Rule(
        "aws-secret-key",
        r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])",
        ("aws", "secret", "akia"),
        0,
        _mixed,
    ),  # fmt: skip
)
