"""What a user saw in search results (issue 20, and the search half of issue 21 item 3), on real
workspaces, the CLI through its real entry point: each of these failed before the stages that fix it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from mdrecall import Config, Memory

from helpers import run_cli, write


def test_search_postgres_in_keyword_mode_finds_the_note_saying_postgresql(tmp_path: Path) -> None:
    assert run_cli("init", cwd=tmp_path).returncode == 0
    write(tmp_path, "memory/2026-03-02.md", "# 2026-03-02\n\n- We store every booking in PostgreSQL 16.\n")
    write(tmp_path, "memory/2026-03-03.md", "# 2026-03-03\n\n- The deploys ran on Kubernetes overnight.\n")
    out = run_cli("search", "postgres", "--mode", "bm25", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    results = json.loads(out.stdout)["results"]
    assert [r["path"] for r in results] == ["memory/2026-03-02.md"]
    assert "PostgreSQL" in results[0]["snippet"]
    k8s_out = run_cli("search", "k8s deploy", "--mode", "bm25", "--json", cwd=tmp_path)
    k8s = json.loads(k8s_out.stdout)["results"]
    assert k8s and k8s[0]["path"] == "memory/2026-03-03.md"


def test_the_later_change_outranks_the_superseded_line(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    write(
        tmp_path,
        "memory/2026-01-10.md",
        "# 2026-01-10\n\n- We use MySQL as the database of the booking service; we use it for reports too.\n",
    )
    write(tmp_path, "memory/2026-02-01.md", "# 2026-02-01\n\n- Lunch with Ana, talked about the garden.\n")
    write(
        tmp_path,
        "memory/2026-03-02.md",
        "# 2026-03-02\n\n- Done: we moved the booking database to PostgreSQL last night.\n",
    )
    hits = open_memory(tmp_path).search("which database does the booking service use?", max_results=5)
    assert [h.path for h in hits][:2] == ["memory/2026-03-02.md", "memory/2026-01-10.md"]
    assert hits[0].superseded is None
    assert hits[1].superseded == "memory/2026-03-02.md#L3 (2026-03-02)"
    assert hits[1].to_dict()["superseded"] == hits[1].superseded


def test_a_snippet_shows_the_evidence_its_cited_passage_holds(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    """The chunk that scores best holds two of the query's words; the line holding the third is in
    another chunk of the same cited passage: the snippet is chosen from the passage, so it shows it."""
    turns = [f"- Tim: day {i}, we walked {'and walked ' * 8}along the coast." for i in range(30)]
    turns[10] = "- Ana: the Kestrel launch is set, after the audit."
    turns[13] = "- Tim: the date: the third of March."
    write(tmp_path, "memory/2026-03-02.md", "# 2026-03-02\n\n## Session 1\n\n" + "\n".join(turns) + "\n")
    mem = open_memory(tmp_path, chunking={"tokens": 100, "overlap": 0, "parent_tokens": 500})
    hit = mem.search("Kestrel launch date", max_results=1, min_score=0.0)[0]
    assert "Kestrel launch is set" in hit.snippet
    assert hit.start_line <= 18 <= hit.end_line  # the passage cited holds the date
    assert "the third of March" in hit.snippet
    assert len(hit.snippet) <= 700


def test_one_turn_captured_three_times_is_one_hit(tmp_path: Path) -> None:
    """user-prompt-submit, stop and session-end each keep the turn (conversation record, ``## Noted``
    line, session-end capture): search shows it once, citing the other copies in ``also``."""
    assert run_cli("init", cwd=tmp_path).returncode == 0
    said = "Decision: we will ship Kestrel on Friday after the load test passes."
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(
        json.dumps({"type": "user", "message": {"role": "user", "content": said}, "sessionId": "s1"})
        + "\n"
        + json.dumps(
            {
                "type": "assistant",
                "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]},
                "sessionId": "s1",
            }
        )
        + "\n",
        encoding="utf-8",
    )
    base = {"session_id": "s1", "transcript_path": str(transcript)}
    for hook, extra in (
        ("user-prompt-submit", {"prompt": said}),
        ("stop", {"last_assistant_message": "Noted."}),
        ("session-end", {"reason": "exit"}),
    ):
        out = run_cli("hook", hook, cwd=tmp_path, stdin=json.dumps({**base, **extra}))
        assert out.returncode == 0, out.stderr
    copies = [p for p in (tmp_path / "memory").rglob("*.md") if "ship Kestrel on Friday" in p.read_text()]
    assert len(copies) >= 2  # the capture side keeps more than one copy: search must fold them
    out = run_cli("search", "ship Kestrel on Friday", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    results = json.loads(out.stdout)["results"]
    showing = [r for r in results if "ship Kestrel on Friday" in r["snippet"]]
    assert len(showing) == 1, [r["citation"] for r in results]
    folded = {c.split("#")[0] for c in showing[0].get("also", [])} | {showing[0]["path"]}
    assert {str(p.relative_to(tmp_path)) for p in copies} <= folded


def test_a_title_chunk_shows_the_passage_it_cites(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    """A daily log's title ("# 2026-04-15") is its own tiny chunk, a blank line away from the first
    session; it matches a query naming the year. Its hit cites the passage holding the title and the
    session, and shows that passage's lines: the blank line no chunk holds is no reason to fall back
    to the title alone."""
    turn = "- Nate: turn {} about the weather and the long, long, long walk home."
    turns = "\n".join(turn.format(i) for i in range(12))
    body = "## Session 7\n\n- Nate: I dyed my hair purple last week, come see!\n" + turns + "\n"
    write(tmp_path, "memory/2026-04-15.md", "# 2026-04-15\n\n" + body)
    write(tmp_path, "memory/2026-04-21.md", "# 2026-04-21\n\n" + body.replace("dyed my hair purple", "slept"))
    mem = open_memory(tmp_path, chunking={"tokens": 120, "overlap": 0, "parent_tokens": 500})
    hits = mem.search("what did Nate dye in April 2026?", max_results=5, min_score=0.0)
    spanning = [h for h in hits if h.end_line > h.start_line]
    assert spanning and all(not h.snippet.startswith("# 2026-04-") or "Nate" in h.snippet for h in spanning)
    assert any("dyed my hair purple" in h.snippet for h in hits)


def test_results_all_cut_by_min_score_say_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MDRECALL_EMBEDDING_PROVIDER", "local")  # the real bundled model
    assert run_cli("init", cwd=tmp_path).returncode == 0
    write(tmp_path, "memory/2026-03-02.md", "# 2026-03-02\n\n- Reservations for dinner at eight.\n")
    assert run_cli("index", cwd=tmp_path).returncode == 0
    for mode in ("vector", "hybrid"):
        out = run_cli("search", "ship", "--mode", mode, "--min-score", "0.99", cwd=tmp_path)
        assert out.returncode == 0 and "no results" in out.stdout
        assert "scored below min_score 0.99: try --min-score 0" in out.stderr, out.stderr
        data = json.loads(
            run_cli("search", "ship", "--mode", mode, "--min-score", "0.99", "--json", cwd=tmp_path).stdout
        )
        assert (
            data["results"] == [] and "candidate" in data["fallback"] and "--min-score 0" in data["fallback"]
        )
    shown = json.loads(
        run_cli("search", "ship", "--mode", "vector", "--min-score", "0", "--json", cwd=tmp_path).stdout
    )
    assert shown["results"] and "min_score" not in (shown["fallback"] or "")


_DANA = [
    "The release slipped to Thursday because of the flaky network test.",
    "I renewed the parking permit online this morning.",
    "My laptop battery died twice during the demo.",
    "The client wants the invoice split into two payments.",
    "I'm reading a book about Roman roads and aqueducts.",
    "We adopted a puppy and two kittens from the shelter last spring.",
    "Grandma visits next weekend, so I'll be offline.",
    "We should move the retro to Friday afternoon.",
    "The new bike lamp is much brighter than the old one.",
    "Our office plants need watering twice a week.",
    "I finally fixed the printer driver on the old desktop.",
]


@pytest.mark.parametrize("provider", ["static", "none"])
def test_the_snippet_shows_the_line_that_answers_in_other_words(
    tmp_path: Path, open_memory: Callable[..., Memory], provider: str
) -> None:
    """Only the speaker's name matches "What pets does Dana have?": keyword overlap alone shows the
    passage's first lines; the line vectors (the ``lines`` stage, static model) find the puppy.
    A keyword-only index has no vectors to compare, and shows what it did before."""
    body = "\n".join(f"- Dana: {t}" for t in _DANA)
    write(tmp_path, "memory/2026-03-02.md", f"# 2026-03-02\n\n## Call with Dana\n\n{body}\n")
    snippets = {}
    for skip in ((), ("lines",)):
        cfg = Config().merged({"embedding": {"provider": provider}, "search": {"skip_stages": list(skip)}})
        mem = open_memory(tmp_path, cfg)
        mem.index()
        hit = mem.search("What pets does Dana have?", max_results=1, min_score=0.0, max_chars=300)[0]
        snippets[skip] = hit.snippet
        assert len(hit.snippet) <= 300
    assert "puppy" not in snippets[("lines",)]
    assert ("puppy" in snippets[()]) is (provider == "static")


def test_line_vectors_come_from_the_local_static_model_whatever_the_provider(tmp_path: Path) -> None:
    """With another embedder (here a fake remote one), lines are still scored locally by the static
    model, and never sent to the provider: the scorer embeds nothing through it."""
    from mdrecall.embedders.static import StaticEmbedder
    from mdrecall.models import VectorLeg
    from mdrecall.search.line_vectors import line_scorer

    class Remote:
        is_remote = True
        identity = type("I", (), {"key": "remote:x:3"})()

        def embed_documents(self, texts: object) -> object:
            raise AssertionError("a line was sent to the remote provider")

    leg = VectorLeg("remote:x:3", [0.0, 0.0, 1.0])
    scorer = line_scorer("What pets does Dana have?", Remote(), leg)  # type: ignore[arg-type]
    assert scorer is not None
    scores = scorer([f"- Dana: {t}" for t in _DANA] + [""])
    assert len(scores) == len(_DANA) + 1 and scores[-1] == 0.0
    assert max(range(len(_DANA)), key=lambda i: scores[i]) == _DANA.index(
        "We adopted a puppy and two kittens from the shelter last spring."
    )
    static = StaticEmbedder()
    # the static model's own leg: its query vector is reused (here one for "x", so other scores)
    own_leg = VectorLeg(static.identity.key, static.embed_query("x"))
    own = line_scorer("What pets does Dana have?", static, own_leg)
    assert own is not None and own([f"- Dana: {_DANA[5]}"])[0] != pytest.approx(scores[5])
    assert line_scorer("   ", static, None) is None


def test_a_renamed_heading_is_found_by_its_new_name(tmp_path: Path) -> None:
    """The heading path is part of what a chunk stands for (keyword heading column, embedded text):
    renaming a note's title re-indexes and re-embeds the chunks of its sections, their lines unchanged."""
    body = "\n".join(f"- step {i}: run the migration script and check the replica lag" for i in range(40))
    write(tmp_path, "memory/runbook.md", f"# Atlas runbook\n\n## Steps\n\n{body}\n")
    mem = Memory.open(tmp_path, Config().merged({"embedding": {"provider": "static"}}))
    mem.index()

    def lines_matching(word: str) -> list[int]:
        sql = (
            "SELECT c.start_line FROM chunks_fts f JOIN chunks c ON c.id = f.rowid"
            " WHERE chunks_fts MATCH ? ORDER BY c.start_line"
        )
        return [r[0] for r in mem.store.query(sql, (f'"{word}"',))]

    chunks = [1, 3, 21, 37]  # the title, and the steps' chunks: found by their heading path
    assert lines_matching("atlas") == chunks
    write(tmp_path, "memory/runbook.md", f"# Orion runbook\n\n## Steps\n\n{body}\n")
    report = mem.index()
    assert report.embedded == 4  # the steps' chunks too: not served from the cache under the old title
    assert lines_matching("orion") == chunks
    assert lines_matching("atlas") == []
    mem.close()


def test_a_changed_time_is_its_own_hit_not_a_repeat(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    """One hit per fact folds a line said again in another file; a later line that changes the time
    shares most words with the earlier one, but states another fact: both are shown."""
    write(
        tmp_path,
        "memory/2026-03-02.md",
        "# 2026-03-02\n\n- Standup moved to 9:30 on Mondays for the platform team\n",
    )
    write(
        tmp_path,
        "memory/2026-04-20.md",
        "# 2026-04-20\n\n- Standup moved to 10:30 on Mondays for the platform team\n",
    )
    mem = open_memory(tmp_path)
    hits = mem.search("when is the platform team standup", min_score=0.0)
    assert sorted(h.path for h in hits) == ["memory/2026-03-02.md", "memory/2026-04-20.md"]
    assert all(not h.also for h in hits)


def test_a_title_alone_is_never_a_hit_it_shows_the_section_below(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    """A title with no text of its own ("# 2026-04-15" above "## Session 7") is a chunk of one line.
    As a hit it showed that line and nothing else; it now cites and shows the section it heads, and
    where another hit already shows that section, the title gives its slot to the next hit."""
    turns = "\n".join(f"- Nate: turn {i} about the weather and the long walk home." for i in range(90))
    day = "# 2026-04-15\n\n## Session 7\n\n- Nate: I dyed my hair purple.\n"
    write(tmp_path, "memory/2026-04-15.md", day + turns)
    goals = "\n".join(f"- Goal {i}: ship the billing rewrite piece {i} by June." for i in range(12))
    risks = "## Risks\n\n- The vendor API.\n"
    write(tmp_path, "memory/atlas.md", f"# Project Atlas\n\n## Goals\n\n{goals}\n\n{risks}")
    mem = open_memory(tmp_path, chunking={"tokens": 60, "overlap": 0})
    year = mem.search("2026", max_results=3, min_score=0.0, mode="bm25", explain=True)
    assert year and (year[0].start_line, year[0].path) == (1, "memory/2026-04-15.md")
    assert year[0].explain and year[0].explain["section"] == year[0].end_line - 1  # lines it stands for
    assert 5 < year[0].end_line <= 21 and "dyed my hair purple" in year[0].snippet
    for hit in mem.search("atlas", max_results=5, min_score=0.0, mode="bm25"):
        assert any(line.strip() and not line.startswith("#") for line in hit.snippet.split("\n")), hit
    first = mem.search("atlas", max_results=1, min_score=0.0, mode="bm25")
    assert first and "- " in first[0].snippet
    write(tmp_path, "memory/groceries.md", "# Groceries for Saturday\n")  # a note that is only a title
    mem.index()
    only = mem.search("groceries", max_results=5, min_score=0.0, mode="bm25")
    assert [(h.path, h.snippet) for h in only] == [("memory/groceries.md", "# Groceries for Saturday")]
    write(tmp_path, "memory/tags.md", "#todo buy milk\n#urgent call the bank\n")  # tags, not headings
    mem.index()
    tags = mem.search("milk", max_results=5, min_score=0.0, mode="bm25")
    assert [h.path for h in tags] == ["memory/tags.md"] and "buy milk" in tags[0].snippet


def test_what_should_i_cook_finds_the_stated_diet_not_the_new_memory_outline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20's preference question on a workspace as `init` leaves it, with the real static default:
    "what should I cook tonight?" shares no word with "I've been vegetarian since March". The new
    MEMORY.md's "## Preferences" outline came first (its words matched the question's preference cues),
    alone; the diet was not shown. A first-person question that asks for a recommendation now favours
    the candidates that state a preference, and an outline of empty sections is not indexed."""
    monkeypatch.setenv("MDRECALL_EMBEDDING_PROVIDER", "static")  # what `auto` gives a new user
    assert run_cli("init", cwd=tmp_path).returncode == 0
    write(
        tmp_path,
        "memory/2026-03-02.md",
        "# 2026-03-02\n\n- User: Can you plan the sprint review?\n"
        "- User: I've been vegetarian since March, by the way, so no meat at the team lunch.\n",
    )
    write(
        tmp_path,
        "memory/2026-05-20.md",
        "# 2026-05-20\n\n- User: I bought a road bike for the Alps.\n"
        "- User: Book the hotel for July 12 to July 19.\n",
    )
    for day in range(1, 25):
        write(
            tmp_path,
            f"memory/2026-06-{day:02d}.md",
            f"# 2026-06-{day:02d}\n\n- User: Kestrel status "
            f"{day}: latency fine.\n- User: Lunch was a chicken sandwich from the cafe downstairs.\n",
        )
    out = run_cli("search", "what should I cook tonight?", "-n", "3", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    results = json.loads(out.stdout)["results"]
    assert results and results[0]["path"] == "memory/2026-03-02.md", [r["path"] for r in results]
    assert "vegetarian" in results[0]["snippet"]
    assert all(r["path"] != "MEMORY.md" for r in results)
