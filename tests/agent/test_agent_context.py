"""Session-start context and the memory_context digest, in the library and through the CLI."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.agent.context import derive_queries, memory_context, session_start_context

from helpers import run_cli, write

TODAY = date(2026, 1, 27)
CFG = Config().merged({"embedding": {"provider": "none"}})


def test_start_context_has_logs_and_memory_only_in_private_chats(ws: Path) -> None:
    with Memory.open(ws, CFG) as mem:
        text = session_start_context(mem, today=TODAY)
        assert "## MEMORY.md (long-term memory)" in text and "TypeScript" in text
        assert "## memory/2026-01-26.md (yesterday)" in text and "Stripe webhooks" in text
        assert "## memory/2026-01-27.md (today)" in text and "onboarding funnel" in text
        group = session_start_context(mem, today=TODAY, chat_type="group")
        assert "MEMORY.md" not in group and "TypeScript" not in group and "onboarding funnel" in group
        assert session_start_context(mem, today=date(2030, 1, 1), chat_type="group") == ""


def test_start_context_fits_the_budget_keeping_recent_log_lines(ws: Path) -> None:
    lines = "\n".join(f"## {h:02d}:00\nentry {h} about routine work and more routine work" for h in range(24))
    write(ws, "memory/2026-01-27.md", f"# 2026-01-27\n{lines}\n## 23:59\nLATEST ENTRY\n")
    with Memory.open(ws, CFG) as mem:
        text = session_start_context(mem, today=TODAY, budget_chars=900)
    assert len(text) <= 900
    assert "LATEST ENTRY" in text and "entry 0 about" not in text
    assert "earlier lines omitted" in text and "Long-term memory" in text


def test_queries_cover_names_quotes_identifiers_and_dates() -> None:
    q = derive_queries(
        'Did Alice Smith fix "flaky CI" in billing_service yesterday, before March 3rd?', TODAY, limit=20
    )
    assert q[0].startswith("Did Alice Smith")
    for want in ("2026-01-26", "flaky CI", "March 3", "Alice Smith", "CI", "billing_service"):
        assert want in q, (want, q)
    assert derive_queries("   ") == []


def test_digest_merges_queries_dedupes_and_cites(ws: Path) -> None:
    with Memory.open(ws, CFG) as mem:
        d = memory_context(
            mem, "What did Alice want for the payment gateway, and who owns onboarding?", today=TODAY
        )
        assert d.text.startswith("Relevant memory")
        cites = [h.citation for h in d.hits]
        assert len(cites) == len(set(cites))
        assert any(c.startswith("memory/2026-01-26.md") for c in cites)
        assert any(c.startswith("memory/2026-01-27.md") for c in cites)
        small = memory_context(
            mem, "Alice payment gateway Bob onboarding TypeScript Kestrel", budget_chars=250
        )
        assert len(small.text) <= 250 and small.truncated
        assert memory_context(mem, "zzzz qqqq").text == ""


def test_the_digest_checks_the_files_once_and_sees_a_new_note(ws: Path) -> None:
    with Memory.open(ws, CFG) as mem:
        mem.index()
        write(ws, "memory/2026-01-28.md", "# 2026-01-28\n\nThe ocelot enclosure passed inspection.\n")
        assert mem.search("ocelot", sync=False) == []  # no check: the index is as it was
        d = memory_context(mem, "What about the ocelot and the payment gateway?", today=TODAY)
        assert any(h.path == "memory/2026-01-28.md" for h in d.hits)  # the first query synced
        calls: list[object] = []
        real = mem.sync

        def counting(*a: object, **k: object) -> object:
            calls.append(a)
            return real(*a, **k)

        mem.sync = counting  # type: ignore[method-assign]
        d = memory_context(mem, "Alice, Bob, Kestrel and the ocelot on Monday?", today=TODAY)
        assert len(d.queries) > 2 and len(calls) == 1


def test_context_command(ws: Path) -> None:
    out = run_cli("-w", str(ws), "context", "--chat-type", "group")
    assert out.returncode == 0 and "TypeScript" not in out.stdout
    out = run_cli("-w", str(ws), "context", "--message", "what about the flaky CI job?", "--json")
    assert out.returncode == 0, out.stderr
    assert "memory/2026-01-26.md#L" in json.loads(out.stdout)["digest"]
    denied = run_cli("-w", str(ws), "context", "--message", "CI?", "--chat-type", "group")
    assert denied.returncode == 1 and "chat type 'group'" in denied.stderr
