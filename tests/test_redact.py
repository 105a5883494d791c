"""Redaction: every family of the rule table has cases, prose about secrets is kept, no rule can backtrack.

Speed on adversarial input (1 KB .. 1 MB) is measured by ``benchmarks/redaction.py``, not here.
"""

from __future__ import annotations

import pytest

from mdrecall.text.redact import redact

# (text, the secret that must not survive): the 35 kinds of issue 17 and the common families.
CASES = [
    ("stripe key sk_live_51HxAbCdEfGhIjKlMnOpQrStUv here", "sk_live_51HxAbCdEf"),
    ("restricted rk_live_51HxAbCdEfGhIjKlMnOp", "rk_live_51HxAbCdEf"),
    ("webhook secret whsec_AbCdEfGhIjKlMnOpQrStUvWx", "whsec_AbCdEfGhIjK"),
    (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBGXyz0123\nabcDEF\n-----END PGP PRIVATE KEY BLOCK-----",
        "lQOYBGXyz0123",
    ),
    (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----",
        "MIIEowIBAAKCAQEA7",
    ),
    ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n", "b3BlbnNzaC1rZXktdjEA"),
    ("-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBYr\n-----END EC PRIVATE KEY-----", "MHcCAQEEIBYr"),
    ("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq\n-----END PRIVATE KEY-----", "MIIEvQIBADANBgkq"),
    ("hf token hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345", "hf_AbCdEfGhIjKlMn"),
    ("npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 in .npmrc", "npm_AbCdEfGhIjKl"),
    ("slack app xapp-1-A0123456789-0123456789012-abcdef", "xapp-1-A0123456789"),
    ("bot xoxb-123456789012-1234567890123-AbCdEfGhIjKl", "xoxb-123456789012"),
    ("post to https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX", "B0000/XXXXXXXX"),
    ("twilio SK0123456789abcdef0123456789abcdef ok", "SK0123456789abcdef"),
    (
        "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==;",
        "Zm9vYmFyYmF6cXV4",
    ),
    ("DB_PASS=s3cr3tpw", "s3cr3tpw"),
    ("STRIPE_KEY=sk_test_abcdefghijkl1234", "sk_test_abcdefghij"),
    ("PRIVATE_KEY=0x4c0883a69102937d6231471b5dbb6204fe512961708279", "0x4c0883a691029"),
    ("GOOGLE_APPLICATION_CREDENTIALS=/home/me/sa-key.json", "/home/me/sa-key"),
    ("SENTRY_DSN=https://0123456789abcdef0123456789abcdef@o1.ingest.sentry.io/42", "0123456789abcdef0123"),
    ("the wifi password is Tr0ub4dor3", "Tr0ub4dor3"),
    ("My password for the bank is hunter2.", "hunter2"),
    ("pwd=abc", "abc"),
    ("aws secret: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY here", "wJalrXUtnFEMI/K7MDENG"),
    ("AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    ("ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "ghp_AbCdEfGhIj"),
    ("gho_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "gho_AbCdEfGhIj"),
    ("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", "github_pat_11ABCDEFG"),
    ("glpat-AbCdEfGhIjKlMnOpQrSt", "glpat-AbCdEfGhIj"),
    ("maps AIzaSyA-AbCdEfGhIjKlMnOpQrStUvWxYz0123", "AIzaSyA-AbCdEfGh"),
    ("OPENAI_API_KEY=sk-proj-AbCdEfGhIjKlMnOpQrStUvWx", "sk-proj-AbCdEfGhIj"),
    ("use sk-AbCdEfGhIjKlMnOpQrStUvWx1234", "sk-AbCdEfGhIjKl"),
    ("key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx ok", "sk-ant-api03-AbCd"),
    (
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "eyJzdWIi",
    ),
    ("postgres://admin:hunter2secret@db.internal:5432/billing", "hunter2secret"),
    ("redis://:p4ssw0rd@cache:6379/0", "p4ssw0rd"),
    ("mongodb+srv://bob:Sup3rS3cret@cluster0.example.net/app", "Sup3rS3cret"),
    ("Server=db;Database=app;User Id=sa;Password=Pa55word!;", "Pa55word!"),
    ("export FOO_TOKEN=abcdef0123456789", "abcdef0123456789"),
    ("machine api.example.com login bob password n3tRcPw", "n3tRcPw"),
    ("machine api.example.com\n  login bob\n  password n3tRcPw\n", "n3tRcPw"),
    ("mycli --password hunter22 --verbose", "hunter22"),
    ("mycli --api-key=AbCdEf0123456789", "AbCdEf0123456789"),
    ("mysql -u root -pS3cretPw db", "S3cretPw"),
    ("curl -u bob:curlpass123 https://x", "curlpass123"),
    ('{"api_key": "abc123def456ghi"}', "abc123def456ghi"),
    ('{"clientSecret": "abc123def456ghi"}', "abc123def456ghi"),
    ("accessToken: abc123def456ghi789", "abc123def456ghi789"),
    ("db:\n  password: yamlpass\n", "yamlpass"),
    ("The password is correcthorse", "correcthorse"),
    ("The passphrase is 'correct horse battery staple'", "horse battery"),
    ("docker login -u bob -p d0ckerPass registry.example.com", "d0ckerPass"),
    ("Cookie: sessionid=abcdef0123456789; csrftoken=zzz", "abcdef0123456789"),
    ("Authorization: Bearer abcdef1234567890tokenxyz", "abcdef1234567890tokenxyz"),
    ("Authorization: token ghs0123456789abcdef", "ghs0123456789abcdef"),
    ("discord https://discord.com/api/webhooks/123456/AbCdEfGhIjKlMnOp", "AbCdEfGhIjKlMnOp"),
    ("telegram 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"),
    ("pypi-AgEIcHlwaS5vcmcCJGFiY2RlZmdoLWlqa2wtbW5vcC1xcnN0LXV2d3h5ejAxMjM0NQ", "AgEIcHlwaS5vcmcCJGFi"),
    (
        "SG.AbCdEfGhIjKlMnOpQrStUv.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg",
        "AbCdEfGhIjKlMnOpQrStUvWxYz0123",
    ),
]

KEPT = [
    "the token budget is 4000 tokens; Bearer tokens expire",
    "We should rotate the password every 90 days.",
    "I forgot my password again, can you reset it?",
    "max_tokens = 500",
    "primary_key: id",
    "git commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39",
    "mkdir -p build/out && ssh -p 22 host",
    "the password is wrong",
    "https://example.com/path?x=1",
    "task-abcdefghijklmnopqrstuvwxyz is done",
    "password: ${DB_PASSWORD}",
]


@pytest.mark.parametrize(("text", "secret"), CASES)
def test_every_family_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED]" in out, out


@pytest.mark.parametrize("text", KEPT)
def test_ordinary_text_is_kept(text: str) -> None:
    assert redact(text) == text


def test_kinds_are_reported_and_redaction_is_idempotent() -> None:
    from mdrecall.text.redact import redact_kinds

    text = "DB_PASS=s3cr3tpw and ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
    out, kinds = redact_kinds(text)
    assert set(kinds) == {"assignment", "github"}
    assert redact(out) == out


def test_no_rule_has_a_nested_or_unbounded_repeat_of_a_repeat() -> None:
    from mdrecall.text.redact import RULES, nested_quantifier

    assert nested_quantifier(r"(a+)+$") and nested_quantifier(r"(?:[a-z0-9]+[_\-])*x")
    assert nested_quantifier(r"(\w+){1,30}") and nested_quantifier(r"(a)\1")
    assert not nested_quantifier(r"ab[cd]{1,40}(?:x[yz]{0,3})?")
    for rule in RULES:
        assert not nested_quantifier(rule.pattern), rule.kind


def test_long_hyphenated_text_is_left_alone() -> None:
    text = "a-" * 5000 + " key-" * 100
    assert redact(text) == text
