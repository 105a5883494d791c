"""Secret redaction for text that is indexed or written from agent transcripts. Pure functions.

Replaced with ``[REDACTED]``: well-known API key shapes (OpenAI, Anthropic, AWS, GitHub, GitLab, Slack,
Google, Stripe), JSON Web Tokens, PEM private keys, ``Bearer`` / ``Basic`` tokens, passwords in URLs
(``scheme://user:password@host``) and ``key = value`` assignments whose key names a secret
(``password``, ``api_key``, ``secret``, ``token``...). Redaction errs on the side of hiding too much.
"""

from __future__ import annotations

import functools
import re

__all__ = ["REDACTED", "redact"]

REDACTED = "[REDACTED]"

_TOKENS = r"""
      sk-ant-[A-Za-z0-9_\-]{8,}                 # Anthropic
    | sk-(?:proj-|live-|test-)?[A-Za-z0-9_\-]{16,} # OpenAI and similar
    | (?:rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}  # Stripe
    | AKIA[0-9A-Z]{16}                          # AWS access key id
    | gh[pousr]_[A-Za-z0-9]{20,}                # GitHub
    | github_pat_[A-Za-z0-9_]{20,}
    | glpat-[A-Za-z0-9_\-]{16,}                 # GitLab
    | xox[abposr]-[A-Za-z0-9\-]{10,}            # Slack
    | AIza[0-9A-Za-z_\-]{30,}                   # Google
    | eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}  # JWT
"""
_PEM = r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)"
_AUTH = r"(?i)(\bbearer|\bauthorization:\s*[a-z]+)(\s+)([A-Za-z0-9._~+/=\-]{8,})"
_URL_PASSWORD = r"(?i)\b([a-z][a-z0-9+.\-]*://[^\s:/@]+):([^\s@/]+)@"
_ASSIGN = r"""(?ix)
    \b((?:[a-z0-9]+[_\-])*(?:api[_\-]?key|apikey|secret|token|passwd|password|pwd|access[_\-]?key|auth)
       (?:[_\-][a-z0-9]+)*)
    (["']?\s*[:=]\s*)
    (["']?)([^\s"',;]{6,})
"""


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[re.Pattern[str], ...]:
    """The patterns, compiled on first use (importing this module stays cheap)."""
    return (
        re.compile(_PEM, re.DOTALL),
        re.compile(_URL_PASSWORD),
        re.compile(_AUTH),
        re.compile(_ASSIGN),
        re.compile(_TOKENS, re.VERBOSE),
    )


def redact(text: str) -> str:
    """``text`` with secrets replaced by ``[REDACTED]``."""
    if not text:
        return text
    pem, url_password, auth, assign, tokens = _compiled()
    text = pem.sub(REDACTED, text)
    text = url_password.sub(lambda m: f"{m.group(1)}:{REDACTED}@", text)
    text = auth.sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}", text)
    text = assign.sub(lambda m: f"{m.group(1)}{m.group(2)}{m.group(3)}{REDACTED}", text)
    return tokens.sub(REDACTED, text)
