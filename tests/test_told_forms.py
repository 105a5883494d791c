""" "Tell" and "told" are one verb the Porter stemmer keeps apart: "how many did we tell the caterer"
is answered by "Told Hartley's 62 for the buffet" (the built-in English forms table)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.text.synonyms import DEFAULT_SYNONYMS
from tests.helpers import write


def test_tell_finds_told(tmp_path: Path) -> None:
    assert "told" in DEFAULT_SYNONYMS.lookup("tell") and "tell" in DEFAULT_SYNONYMS.lookup("told")
    write(tmp_path, "memory/2033-09-02.md", "# 2033-09-02\n\n- Told Hartley's 62 for the buffet.\n")
    write(tmp_path, "memory/2033-09-05.md", "# 2033-09-05\n\n- Hartley's sent the menu: 3 options\n")
    with Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}}), create=True) as mem:
        mem.index()
        hits = mem.search("how many did we tell Hartley's", max_results=3, min_score=0.0)
    assert [h.path for h in hits] == ["memory/2033-09-02.md", "memory/2033-09-05.md"]
    assert hits[1].score < 0.75 * hits[0].score  # "told" counts as a term of the question
