"""Supersession by fact, not by query (issue 29, part 3): a later dated note that changes the same fact
marks the earlier line superseded in the index, whatever the query's wording; ``as_of`` before the
change still answers with the earlier line; dreaming never promotes it; an unrelated similar line is
not marked."""

from __future__ import annotations

import json
import os
import random
from datetime import datetime
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import SAID, line_facts
from mdrecall.stores.views import FactRow

from helpers import run_cli

OLD = "- Production deploys happen on Tuesdays and Thursdays."
NEW = "- Deploy schedule changed: production deploys are now Mondays and Wednesdays."
RETRO = "- Deploys on Thursday evenings keep colliding with the data team's jobs."
GATES = "[dreaming]\nmin_score = 0.0\nmin_recalls = 1\nmin_unique_queries = 1\nmax_promotions = 50\n"


def _stamp(path: Path, day: str) -> None:
    t = datetime.fromisoformat(f"{day}T12:00:00").timestamp()
    os.utime(path, (t, t))


@pytest.fixture
def team(tmp_path: Path) -> Path:
    """MEMORY.md with the old deploy days, a retro that mentions Thursday deploys, and the change."""
    root = tmp_path / "team"
    (root / "memory").mkdir(parents=True)
    files = {
        "MEMORY.md": (
            "2026-11-01",
            f"# Memory\n\n## Work\n{OLD}\n- We use MySQL 8 for the bookings service.\n",
        ),
        "memory/2026-11-18.md": ("2026-11-18", f"# 2026-11-18\n\n## Retro\n{RETRO}\n"),
        "memory/2026-11-23.md": ("2026-11-23", f"# 2026-11-23\n\n{NEW}\n"),
    }
    for rel, (day, text) in files.items():
        (root / rel).write_text(text, encoding="utf-8")
        _stamp(root / rel, day)
    return root


def _open(root: Path) -> Memory:
    cfg = Config().merged({"history": {"git": False}})
    return Memory.open(root, cfg, create=True)


@pytest.mark.parametrize("query", ["production deploy days", "what changed about the deploy schedule"])
def test_the_newer_deploy_days_rank_first_and_the_older_is_marked(team: Path, query: str) -> None:
    with _open(team) as mem:
        hits = mem.search(query, max_results=5, min_score=0.0)
    paths = [h.path for h in hits]
    assert paths.index("memory/2026-11-23.md") < paths.index("MEMORY.md")
    old = hits[paths.index("MEMORY.md")]
    assert old.superseded == "memory/2026-11-23.md#L3 (2026-11-23)"
    assert hits[paths.index("memory/2026-11-23.md")].superseded is None


def test_an_unrelated_similar_line_is_not_marked(team: Path) -> None:
    with _open(team) as mem:
        hits = mem.search("deploys on thursday evenings colliding", max_results=5, min_score=0.0)
        retro = next(h for h in hits if h.path == "memory/2026-11-18.md")
        assert retro.superseded is None
        db = next(
            h for h in mem.search("mysql bookings", max_results=5, min_score=0.0) if h.path == "MEMORY.md"
        )
        assert db.superseded is None  # the MySQL line, in the same chunk as the deploy days, is current


def test_as_of_before_the_change_answers_with_the_older_line_as_current(team: Path) -> None:
    with _open(team) as mem:
        mem.index()
        hits = mem.search("production deploy days", max_results=5, min_score=0.0, as_of="2026-11-20")
    assert [h.path for h in hits][0] == "MEMORY.md"
    assert hits[0].superseded is None
    assert "memory/2026-11-23.md" not in [h.path for h in hits]


def test_dreaming_never_promotes_a_superseded_line(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    (root / "mdrecall.toml").write_text(GATES, encoding="utf-8")
    (root / "memory/2026-11-02.md").write_text(f"# 2026-11-02\n\n{OLD}\n", encoding="utf-8")
    (root / "memory/2026-11-23.md").write_text(f"# 2026-11-23\n\n{NEW}\n", encoding="utf-8")
    with Memory.open(root) as mem:
        for q in ["production deploy days", "when do production deploys happen"] * 2:
            mem.search(q, min_score=0.0)
    out = run_cli("-w", str(root), "dream", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    promoted = [c["citation"] for c in report["promoted"]]
    assert "memory/2026-11-02.md#L3" not in promoted
    old = next(c for c in report["rejected"] if c["citation"] == "memory/2026-11-02.md#L3")
    assert any("superseded by memory/2026-11-23.md#L3" in r for r in old["reasons"])
    new = next(
        c for c in report["promoted"] + report["rejected"] if c["citation"] == "memory/2026-11-23.md#L3"
    )
    assert not any("superseded" in r for r in new["reasons"])


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "- Bo Chen: product manager.\n- Owner: Fatima Okafor (billing service).",
            "Bo owns billing from today.",
        ),
        ("- Standup is at 9:30 in the Harbour room.", "standup is now at 10:00"),
        ("- We use Jenkins for CI builds.", "We dropped Jenkins for GitHub Actions for CI builds."),
        ("- The launch is planned for February.", "The launch slipped to March."),
    ],
)
def test_a_change_in_other_words_is_paired(old: str, new: str) -> None:
    facts = line_facts("MEMORY.md", f"# Memory\n\n{old}\n", None)
    facts += line_facts("memory/2026-12-02.md", f"# 2026-12-02\n\n{new}\n", "2026-12-02")
    pairs = supersessions(facts)
    assert len(pairs) == 1
    assert next(iter(pairs.values())).path == "memory/2026-12-02.md"


def test_lines_about_other_subjects_are_not_paired() -> None:
    old = "# 2026-11-02\n\n- The Redis upgrade is on Tuesday.\n- Lunch with Hanna on Friday.\n"
    new = "# 2026-11-23\n\n- Deploys are now on Wednesdays.\n- The book club now meets on Thursdays.\n"
    facts = line_facts("memory/2026-11-02.md", old, "2026-11-02")
    facts += line_facts("memory/2026-11-23.md", new, "2026-11-23")
    assert supersessions(facts) == {}


@pytest.mark.parametrize("provider", ["none", "static"])
def test_the_readme_showcase_answers_with_the_postgresql_decision_first(
    tmp_path: Path, provider: str
) -> None:
    import shutil

    root = tmp_path / "workspace"
    shutil.copytree(Path(__file__).resolve().parents[1] / "examples" / "workspace", root)
    with Memory.open(root, Config().merged({"embedding": {"provider": provider}})) as mem:
        hits = mem.search("what did we decide about the database?")
    assert hits[0].path == "MEMORY.md"
    assert "PostgreSQL" in hits[0].snippet


def _random_claim(rng: random.Random, subject: str) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """Random attributes, values and line words: states, outcomes (a thing come to an end, or none), and
    lines taking a value back ("no longer")."""
    attrs = tuple(sorted(set(rng.sample(["time", "owner", "choice", "state", "outcome"], rng.randint(1, 2)))))
    values = tuple(
        rng.choice(["=end", "=end w1", "=done w2 w3", "=done w4"])
        if a == "outcome"
        else rng.choice(["alice", "bob", "carol", "mon tue", "alice bob"])
        for a in attrs
    )
    words = " ".join([subject, *values, *(["no longer"] if rng.random() < 0.3 else [])])
    return attrs, values, words


def _pairs_by_trying_every_pair(facts: list) -> dict:  # noqa: ANN401 - the reference the fast pairing must equal
    """The pairing by its definition: every later line against every earlier one, the latest winning."""
    from mdrecall.knowledge.changes import fact_pairs as f

    out: dict = {}
    for new in facts:
        for old in facts:
            if old is new or not f._supersedes(old, new):  # noqa: SLF001 - the rule itself
                continue
            have = out.get((old.path, old.line))
            if have is None or (new.day or "") > (have.day or ""):
                out[(old.path, old.line)] = f.Supersession(new.path, new.line, new.day)
    return out


def test_the_fast_pairing_equals_trying_every_pair() -> None:
    """Random fact lines over a small vocabulary (many shared words, undated lines, page titles, label
    lines with no subject): the prefix-filtered pairing finds exactly the pairs of the definition."""
    import random

    from mdrecall.stores.views import FactRow

    rng = random.Random(5)
    vocab = [f"w{i}" for i in range(14)]
    facts = []
    for n in range(400):
        path = f"memory/2026-11-{rng.randint(1, 9):02d}.md" if rng.random() < 0.8 else f"pages/p{n % 7}.md"
        day = path[7:17] if path.startswith("memory/") else None
        subject = " ".join(sorted(set(rng.sample(vocab, rng.randint(0, 6)))))
        context = "t" + path[-4] if day is None and rng.random() < 0.7 else ""
        attrs, values, words = _random_claim(rng, subject)
        facts.append(FactRow(path, n + 1, day, attrs, values, subject, context, rng.random() < 0.6, words))
    want = _pairs_by_trying_every_pair(facts)
    assert len(want) > 50  # the set exercises the pairing
    assert supersessions(facts) == want
    rng.shuffle(facts)
    assert supersessions(facts) == _pairs_by_trying_every_pair(facts)


def test_the_pairing_is_stored_with_the_index_and_redone_only_when_a_fact_changes(team: Path) -> None:
    """A sync pairs the fact lines once and stores the pairs; a search reads them for its files; an edit
    that changes no fact line keeps the pairing; a new superseding line is paired by the next sync."""
    from mdrecall.stores.views import PairedFactStore

    with _open(team) as mem:
        mem.sync()
        store = mem.store
        assert isinstance(store, PairedFactStore)
        generation = store.facts_generation()
        assert store.paired_generation() == generation
        rows = store.superseded_rows(["MEMORY.md"])
        assert [(r[0], r[2]) for r in rows] == [("MEMORY.md", "memory/2026-11-23.md")]
        retro = team / "memory" / "2026-11-18.md"
        retro.write_text(retro.read_text() + "- Someone brought cake.\n", encoding="utf-8")
        mem.sync()
        assert store.facts_generation() == generation  # no fact line changed: no re-pairing
        later = team / "memory" / "2026-11-25.md"
        later.write_text(
            "# 2026-11-25\n\n- Deploy schedule changed again: production deploys are now Fridays.\n"
        )
        mem.sync()
        assert store.facts_generation() != generation
        assert store.paired_generation() == store.facts_generation()
        assert store.dirty_fact_paths() == []  # paired again in part: the same pairs as anew
        assert store.superseded_all() == supersessions(store.fact_rows())
        rows = store.superseded_rows(["MEMORY.md", "memory/2026-11-23.md"])
        assert {(r[0], r[2]) for r in rows} == {
            ("MEMORY.md", "memory/2026-11-25.md"),
            ("memory/2026-11-23.md", "memory/2026-11-25.md"),
        }
        hits = mem.search("production deploy days", max_results=5, min_score=0.0)
    assert hits[0].path == "memory/2026-11-25.md"
    marked = {h.path: h.superseded for h in hits}
    assert marked["MEMORY.md"] == "memory/2026-11-25.md#L3 (2026-11-25)"


def _random_facts(rng: random.Random, files: list[str], n: int, start: int = 1) -> list[FactRow]:
    vocab = [f"w{i}" for i in range(12)]
    out = []
    for k in range(n):
        path = rng.choice(files)
        day = path[7:17] if path.startswith("memory/") else None
        subject = " ".join(sorted(set(rng.sample(vocab, rng.randint(0, 5)))))
        context = "t" + path[-4] if day is None and rng.random() < 0.7 else ""
        attrs, values, words = _random_claim(rng, subject)
        out.append(FactRow(path, start + k, day, attrs, values, subject, context, rng.random() < 0.6, words))
    return out


_SAID_WORDS = (  # enough words that some are rare (on few lines): the pass looks candidates up by those
    "supplier standup gym dentist budget rent car office printer coach laptop meeting invoice garden lease"
    " bakery router course piano tutor flight hotel insurance pension mortgage vet kennel boiler roof"
    " plumber nursery swimming tennis choir bike train ferry pharmacy clinic accountant"
).split()
_CHANGES = ["", "", "instead", "moved to", "now", "switched to", "too", "no longer", "also", "from monday"]
_VALUES = {"9am": "t:9am", "friday": "t:friday", "5": "n:5", "12": "n:12", "acme": "c:acme", "brightline": ""}


def _random_said(rng: random.Random, files: list[str], n: int, start: int) -> list[FactRow]:
    """Random SAID lines (short statements of a value, some saying it changed, some adding to it)."""
    out = []
    for k in range(n):
        path = rng.choice(files)
        day = path[7:17] if path.startswith("memory/") else None
        subject = rng.sample(_SAID_WORDS, rng.randint(2, 3))
        change, value = rng.choice(_CHANGES), rng.choice([*_VALUES, ""])
        words = " ".join(w for w in [*subject, change, value] if w)
        slots = _VALUES.get(value, "")
        context = "t" + path[-4] if day is None and rng.random() < 0.5 else ""
        row = FactRow(
            path, start + k, day, (SAID,), (slots,), " ".join(sorted(subject)), context, bool(change), words
        )
        out.append(row)
    return out


def _random_lines(rng: random.Random, files: list[str], start: int = 1) -> list[FactRow]:
    """Random fact lines of both kinds (lines stating an attribute, SAID lines), in path and line order."""
    rows = _random_facts(rng, files, 300 if start == 1 else 20, start) + _random_said(
        rng, files, 150 if start == 1 else 15, start + 500
    )
    return sorted(rows, key=lambda f: (f.path, f.line))


@pytest.mark.parametrize("seed", range(10))
def test_pairing_again_after_a_change_equals_pairing_everything_anew(seed: int) -> None:
    """A few files change (lines added, removed, rewritten), twice: re-pairing only what they touch (the
    attribute rule's and the change lines' pass) gives the pairs of pairing every line anew."""
    from mdrecall.knowledge.changes.change_pairs import change_pairs
    from mdrecall.knowledge.changes.fact_pairs import attribute_pairs, supersessions_update

    rng = random.Random(seed)
    files = [f"memory/2026-11-{d:02d}.md" for d in range(1, 10)] + [f"pages/p{k}.md" for k in range(4)]
    facts = _random_lines(rng, files)
    pairs = supersessions(facts)
    assert len(pairs) > 30
    history = []  # each change re-paired from the one before (not from a pairing anew)
    for round_ in range(3):
        changed = set(rng.sample(files, rng.randint(1, 3)))
        kept = [f for f in facts if f.path not in changed or rng.random() < 0.5]
        fresh = _random_lines(rng, sorted(changed), start=1000 * (round_ + 1))
        facts = sorted(kept + fresh, key=lambda f: (f.path, f.line))
        pairs = supersessions_update(facts, pairs, changed)
        history.append((facts, pairs))
    by_change = 0
    for facts, pairs in history:
        assert pairs == supersessions(facts)
        stated = [f for f in facts if f.attrs != (SAID,)]
        by_change += len(change_pairs(facts, attribute_pairs(stated)))
    assert by_change  # the change lines' pass paired some lines


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a verb of choice ("invoice through", "host on", "pay with", "via") states a choice of a tool
        ("- We invoice through Xero; Oona handles it.", "we moved invoicing from Xero to FreeAgent"),
        ("- We host on Heroku.", "Hosting: we moved from Heroku to Fly, Ana Ruiz suggested it."),
        ("- Invoices go out monthly via Xero.", "We switched invoicing from Xero to FreeAgent."),
        ("- We pay contractors with PayPal.", "Contractors are paid with Wise instead of PayPal now."),
    ],
)
def test_a_choice_stated_by_a_verb_of_use_is_paired_with_its_change(old: str, new: str) -> None:
    facts = line_facts("MEMORY.md", f"# Memory\n\n{old}\n", None)
    facts += line_facts("memory/2026-12-02.md", f"# 2026-12-02\n\n{new}\n", "2026-12-02")
    pairs = supersessions(facts)
    assert list(pairs) == [("MEMORY.md", 3)]


def test_an_aside_after_a_comma_is_not_the_facts_value_or_subject() -> None:
    (fact,) = line_facts(
        "memory/2026-12-02.md",
        "# 2026-12-02\n\nNew invoicing: we moved from Xero to FreeAgent, our accountant Dev Shah liked it.\n",
        "2026-12-02",
    )
    assert fact.values[fact.attrs.index("choice")] == "freeagent"  # not Xero (left), not Dev Shah (aside)
    assert fact.subject == "invoic"


def test_a_state_said_to_be_current_supersedes_the_pages_status() -> None:
    page = "# Acme Ltd\n\nContact: Jo Bell\n- Status: pilot, licence under discussion\n"
    facts = line_facts("clients/acme.md", page, None)
    new = "# 2027-03-01\n\nAcme now want a full licence from May; Jo is drafting it.\n"
    facts += line_facts("memory/2027-03-01.md", new, "2027-03-01")
    assert supersessions(facts) == {("clients/acme.md", 4): ("memory/2027-03-01.md", 3, "2027-03-01")}


@pytest.mark.parametrize("line", ["The free tier is enough for now.", "Right now I'm just tired."])
def test_for_now_is_no_change(line: str) -> None:
    assert line_facts("memory/2026-12-02.md", f"# 2026-12-02\n\n{line}\n", "2026-12-02") == []


def test_a_page_title_naming_the_subject_does_not_keep_its_superseded_line_current(tmp_path: Path) -> None:
    """A page's heading names the query's subject; the page's billing line, superseded by a later note,
    is still marked (the heading is not one of the lines that answer)."""
    root = tmp_path / "ws"
    (root / "clients").mkdir(parents=True)
    (root / "memory").mkdir()
    (root / "clients" / "halden.md").write_text(
        "# Halden Bikes\n\n- We invoice Halden through Xero.\n", encoding="utf-8"
    )
    _stamp(root / "clients" / "halden.md", "2026-10-01")
    (root / "memory" / "2026-11-20.md").write_text(
        "# 2026-11-20\n\n- We switched Halden invoicing from Xero to FreeAgent.\n",
        encoding="utf-8",
    )
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["clients"]})
    with Memory.open(root, cfg, create=True) as mem:
        hits = mem.search("Halden Bikes invoicing", max_results=5, min_score=0.0)
    marks = {h.path: h.superseded for h in hits}
    assert marks.get("clients/halden.md") == "memory/2026-11-20.md#L3 (2026-11-20)"


def test_a_long_run_of_capitalised_words_is_read_in_linear_time() -> None:
    """Forty capitalised words before "replaced" (gene names in an abstract) once took the fact reader
    exponential time: 2.4 s at 20 words, hours at 40 (a first search building the views of SciFact's
    abstracts never ended). Run in a child process so a regression fails instead of hanging the suite."""
    import subprocess
    import sys

    line = "- " + " ".join(f"Gene{i}X" for i in range(40)) + " replaced nothing here; we moved from ACME"
    code = f"from mdrecall.knowledge.fact_lines.facts import line_facts; line_facts('x.md', {line!r}, None)"
    done = subprocess.run([sys.executable, "-c", code], timeout=60, check=False)
    assert done.returncode == 0


def test_a_pasted_line_of_fact_wordings_is_read_in_bounded_time() -> None:
    """16,000 words of "he's limping" or "Bo owns billing" on one line took the fact reader seconds to
    minutes (time in the square of the line's length); it reads a line's first characters. In a child
    process so a regression fails instead of hanging the suite."""
    import subprocess
    import sys

    code = (
        "from mdrecall.knowledge.fact_lines.facts import line_facts\n"
        "for unit in (\"he's limping \", 'no longer manages ', 'Bo owns billing ', 'the van broke down '):\n"
        "    line_facts('x.md', '- ' + unit * 8000, '2026-11-25')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], timeout=30, check=False)
    assert done.returncode == 0


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a start date moved, said with "instead" and a day of a month
        ("- Mara's contract starts on 15 August.", "Mara's contract starts 1 September instead."),
        # a condition taken back: off what it was on
        ("- Pickle is on the kidney diet.", "Pickle is off the kidney diet, the vet says."),
        # a responsibility taken back, with a verb of managing
        ("- Jonas manages the boathouse keys.", "Jonas no longer manages the boathouse keys."),
        # a condition changed: sick, then better
        ("- The hamster is sick and not eating.", "The hamster is better, eating again."),
        # a thing came to an end: the printer that did the posters died
        ("- Lina Park: prints the posters on the office printer.", "the office printer died this morning"),
        # (an event's outcome carries out its plan, it does not change it: tests/test_supersede_stance.py)
    ],
)
def test_a_change_of_state_in_other_words_is_paired(old: str, new: str) -> None:
    """Wordings the labelled notes do not use: a new start date "instead", "off" a diet, "no longer
    manages", "is better", a thing that "died"."""
    facts = line_facts("memory/2026-11-02.md", f"# 2026-11-02\n\n{old}\n", "2026-11-02")
    facts += line_facts("memory/2026-12-02.md", f"# 2026-12-02\n\n{new}\n", "2026-12-02")
    pairs = supersessions(facts)
    assert list(pairs) == [("memory/2026-11-02.md", 3)]
    assert pairs[("memory/2026-11-02.md", 3)].path == "memory/2026-12-02.md"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # an event's outcome does not end a standing fact
        ("- The book club meets on Thursdays.", "The book club went well, we read Ishiguro."),
        # another thing came to an end
        ("- Lina Park: prints the posters on the office printer.", "the van broke down on the ring road"),
        # on something else
        ("- Pickle is on the kidney diet.", "Pickle is on the sofa again."),
        # the same manager named again, nothing taken back
        ("- Jonas manages the boathouse keys.", "Jonas manages the boathouse keys, ask him."),
    ],
)
def test_a_state_or_outcome_about_something_else_is_not_paired(old: str, new: str) -> None:
    facts = line_facts("MEMORY.md" if "book club" in old else "memory/2026-11-02.md", f"# M\n\n{old}\n", None)
    facts += line_facts("memory/2026-12-02.md", f"# 2026-12-02\n\n{new}\n", "2026-12-02")
    assert supersessions(facts) == {}


def test_a_pets_recovery_ranks_first_and_marks_the_older_condition(tmp_path: Path) -> None:
    """Search: the later line saying the dog recovered ranks above the earlier one saying it was limping,
    which is marked superseded, for a question in neither line's change words."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- Our dog is called Pepper.\n", encoding="utf-8")
    (root / "memory" / "2026-10-01.md").write_text(
        "# 2026-10-01\n\nTook Pepper to the beach, she's limping on her front paw.\n", encoding="utf-8"
    )
    (root / "memory" / "2026-10-20.md").write_text(
        "# 2026-10-20\n\n- Pepper's paw healed, she is fine now and running again.\n", encoding="utf-8"
    )
    with _open(root) as mem:
        hits = mem.search("is Pepper limping", max_results=5, min_score=0.0)
    rank = {h.path: i for i, h in enumerate(hits)}
    assert rank["memory/2026-10-20.md"] < rank["memory/2026-10-01.md"]
    old = hits[rank["memory/2026-10-01.md"]]
    assert old.superseded == "memory/2026-10-20.md#L3 (2026-10-20)"


def test_a_status_updated_further_down_a_page_marks_the_hit_with_the_newer_line(tmp_path: Path) -> None:
    """Both lines in one chunk (one hit): the hit cites the line superseding its older one, the snippet
    shows the newer line, and per-prompt recall injects that hit as the newer line."""
    root = tmp_path / "ws"
    (root / "memory" / "projects").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- The kiln project has its own page.\n", encoding="utf-8")
    (root / "memory" / "projects" / "kiln.md").write_text(
        "# Kiln rebuild\n\nStatus: waiting for bricks\n- Supplier: Hartley Ceramics\n- Budget: 900 EUR\n\n"
        "2026-11-14: bricks delivered. Status: firing tests.\n",
        encoding="utf-8",
    )
    with _open(root) as mem:
        hits = mem.search("kiln status", max_results=5, min_score=0.0)
    top = next(h for h in hits if h.path == "memory/projects/kiln.md")
    assert top.start_line <= 3 and top.end_line >= 7
    assert top.superseded is not None and top.superseded.startswith("memory/projects/kiln.md#L7")
    assert "firing tests" in top.snippet
    with _open(root) as mem:
        told = mem.recall("what is the kiln status now?", record=False)
    assert "firing tests" in told.text and "newer line" in told.text


def test_a_label_under_another_heading_is_another_things_and_not_paired() -> None:
    """ "Status:" under "## Frontend" and again under "## Backend" are two things' statuses; restated in
    one section, the lower line supersedes the upper one."""
    page = "# Site relaunch\n\n## Frontend\nStatus: done\n\n## Backend\nStatus: blocked on the API keys\n"
    assert supersessions(line_facts("notes/site.md", page, None)) == {}
    page = "# Site relaunch\n\nStatus: design review\n- Lead: Ana\n\nStatus: built, in QA\n"
    pairs = supersessions(line_facts("notes/site.md", page, None))
    assert {k: v.line for k, v in pairs.items()} == {("notes/site.md", 3): 6}


def test_pairing_again_after_a_log_adds_a_line_told_equals_pairing_anew() -> None:
    """A daily log added after the first pairing holds a line told (dated, no change word, a name): its
    words are not counted as candidates' words, and re-pairing only the changed file must still give the
    pairs of pairing everything anew (a KeyError on its own words broke session end and the watcher)."""
    from mdrecall.knowledge.changes.change_rules import is_told
    from mdrecall.knowledge.changes.fact_pairs import supersessions_update

    page = "# Ops\n\n- Release manager: Ana Ruiz.\n- Standup is at 09:30 in the Fjord room.\n"
    first = line_facts("pages/ops.md", page, None)
    first += line_facts(
        "memory/2026-11-02.md", "# 2026-11-02\n\nStandup moved to 10:00 from today.\n", "2026-11-02"
    )
    before = supersessions(first)
    log = (
        "# 2026-11-05\n\nHad coffee with Bjorn Lindqvist and Petra Novak about the quarterly zeppelin "
        "photoshoot plans.\n"
    )
    added = line_facts("memory/2026-11-05.md", log, "2026-11-05")
    assert any(is_told(f) for f in added)  # the case under test: a line told, with words of its own
    facts = sorted(first + added, key=lambda f: (f.path, f.line))
    assert supersessions_update(facts, before, {"memory/2026-11-05.md"}) == supersessions(facts)
