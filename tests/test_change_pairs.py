"""Supersession by a change line (knowledge/changes/change_pairs.py): wordings in no labelled set, and hard
negatives (a later line on the same subject that adds a fact, or changes another subject)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import fact_pairs_in


def _pairs(tmp_path: Path, older: tuple[str, str], newer: tuple[str, str]) -> dict:
    """Write the two notes (path, text) in a workspace and pair their read-back fact lines."""
    return fact_pairs_in(tmp_path, (older, newer))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Broadband is with Virgin Media.", "Broadband switched over to Zen Internet today."),
        (
            "Podcast is recorded on Zencastr.",
            "Gave up on Zencastr, recording the podcast in Riverside these days.",
        ),
        ("Mum's blood pressure meds: amlodipine 5mg.", "GP put Mum on ramipril instead of the amlodipine."),
        (
            "I work at Brightwave as a data analyst.",
            "Last day at Brightwave today. Start at Kinso on Monday.",
        ),
    ],
)
def test_a_change_line_in_other_words_supersedes_the_older_line(tmp_path: Path, old: str, new: str) -> None:
    pairs = _pairs(
        tmp_path,
        ("MEMORY.md", f"# Memory\n\n- {old}\n"),
        ("memory/2027-03-09.md", f"# 2027-03-09\n\n- {new}\n"),
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-03-09.md", 3)}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Tofu is Noor's cat, born in 2021.", "Tofu had her jabs today, all good."),  # adds a fact, no change
        ("Ravi owns the billing service.", "Ravi took over the onboarding emails too."),  # another thing, too
        ("Hockey training is Tuesdays at 6.", "Netball training moved to Thursdays at 7."),  # another subject
        ("The free tier of Sentry is enough.", "Sentry now has a new dashboard."),  # "now", no value differs
    ],
)
def test_a_later_line_on_the_subject_that_changes_nothing_of_it_supersedes_nothing(
    tmp_path: Path, old: str, new: str
) -> None:
    pairs = _pairs(
        tmp_path,
        ("MEMORY.md", f"# Memory\n\n- {old}\n"),
        ("memory/2027-03-09.md", f"# 2027-03-09\n\n- {new}\n"),
    )
    assert pairs == {}


def test_a_search_marks_the_line_a_change_line_supersedes(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- Broadband is with Virgin Media.\n", encoding="utf-8")
    (root / "memory" / "2027-03-09.md").write_text(
        "# 2027-03-09\n\n- Broadband switched over to Zen Internet today.\n", encoding="utf-8"
    )
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(root, cfg, create=True) as mem:
        hits = mem.search("broadband provider", max_results=5, min_score=0.0)
    marks = {h.path: h.superseded for h in hits}
    assert marks.get("MEMORY.md") == "memory/2027-03-09.md#L3 (2027-03-09)"
    assert marks.get("memory/2027-03-09.md") is None


def test_a_log_line_that_says_nothing_changed_is_no_fact_line() -> None:
    """A dated line of a log holding a value but no change word is an event, not a standing fact: it is
    stored only as a line told (it may supersede on the pair's evidence, nothing supersedes it); a page's
    statement is a fact, and a log line saying something changed is."""
    from mdrecall.knowledge.changes.change_rules import is_told
    from mdrecall.knowledge.fact_lines.facts import SAID, line_facts

    log = (
        "# 2027-03-02\n\n- Reviewed ticket 4521 with Heidi, pricing page copy.\n"
        "- The studio rent went up to 950 instead.\n"
    )
    facts = line_facts("memory/2027-03-02.md", log, "2027-03-02")
    assert [(f.line, f.cue, is_told(f)) for f in facts] == [(3, False, True), (4, True, False)]
    page = "# Studio\n\nThe studio rent is 900 a month.\n"
    assert [f.attrs for f in line_facts("notes/studio.md", page, None)] == [(SAID,)]


@pytest.mark.parametrize(
    "line",
    [
        "we use Jira instead",
        "no longer on call",
        "not going any more",
        "no more meat",
        "after all, Lisbon",
        "as of June",
        "from now on Fridays",
        "switched to Linear",
        "swapped the vet",
        "shifted to Tuesdays",
        "moved to Leeds",
        "relocating the office",
        "replaced the boiler",
        "changed suppliers",
        "cancelled it",
        "called off the trip",
        "postponed to May",
        "pushed back a week",
        "slipped to March",
        "delayed again",
        "rescheduled for noon",
        "brought forward",
        "Bo took billing over",
        "handed it over to Sam",
        "stepped down as chair",
        "left the company",
        "quit the choir",
        "stopped the pills",
        "gave up coffee",
        "dropped Xero",
        "ditched the gym",
        "bailed on Friday",
        "reverted the change",
        "bumped to v2",
        "cut to 3 days",
        "the diet is off",
        "from Monday at 8",
        "starting next week",
        "last day at Acme",
        "we now meet on Zoom",
        "these days she cycles",
        "currently in Oslo",
        "at the moment it's fine",
    ],
)
def test_every_change_wording_passes_the_cheap_test_before_the_patterns(line: str) -> None:
    """The substring test that spares most lines the change patterns never drops a line they match."""
    from mdrecall.knowledge.fact_lines.fact_words import CHANGE, CHANGE_HINTS, CHANGE_WEAK

    assert CHANGE.search(line) or CHANGE_WEAK.search(line), line  # the phrase is one the patterns read
    assert any(h in line.lower() for h in CHANGE_HINTS)


_FAREWELL = {
    "memory/2027-03-01.md": "# 2027-03-01\n\n"
    "- Priya's last day is Friday the 12th; she joins Orbit Labs in April.\n",
    "memory/2027-03-12.md": "# 2027-03-12\n\n"
    "- Priya's last day: cake in the kitchen and Sam gave a speech.\n",
    "notes/office.md": "# Office\n\n- The kitchen rota is on the fridge, Sam keeps it.\n",
}


def _facts_of(files: dict[str, str]) -> list:
    out = []
    for rel, text in files.items():
        day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
        out += line_facts(rel, text, day)
    return sorted(out, key=lambda f: (f.path, f.line))


def test_a_line_telling_more_of_an_earlier_change_supersedes_nothing() -> None:
    """The older line's own change wording again ("last day" … "last day"), no time or number changed:
    the newer tells more of that change; it neither supersedes it nor falls back on another line."""
    assert supersessions(_facts_of(_FAREWELL)) == {}


def test_pairing_after_the_changed_line_goes_equals_pairing_anew() -> None:
    from mdrecall.knowledge.changes.fact_pairs import supersessions_update

    before = supersessions(_facts_of(_FAREWELL))
    files = {**_FAREWELL, "memory/2027-03-01.md": "# 2027-03-01\n\n- Quiet day.\n"}
    facts = _facts_of(files)
    assert supersessions_update(facts, before, {"memory/2027-03-01.md"}) == supersessions(facts)


def test_pairing_after_a_line_told_is_added_equals_pairing_anew() -> None:
    """A line told in a log (not counted among the words' lines) added with a word on no other line: the
    update pairs it as pairing anew does (it failed on the word's missing count before)."""
    from mdrecall.knowledge.changes.fact_pairs import supersessions_update

    before = supersessions(_facts_of(_FAREWELL))
    told = "- Reading Klara and the Sun to Ada at bedtime; Felix prefers The Gruffalo.\n"
    files = {**_FAREWELL, "memory/2027-03-03.md": "# 2027-03-03\n\n" + told}
    facts = _facts_of(files)
    assert supersessions_update(facts, before, {"memory/2027-03-03.md"}) == supersessions(facts)


def test_a_plan_come_true_supersedes_the_standing_fact_not_the_plan() -> None:
    """A change line naming again the one name a plan named (no other) confirms the plan: it supersedes
    the standing fact the plan was about, not the plan."""
    files = {
        "MEMORY.md": "# Memory\n\n- Bar rota: Tom Reyes.\n",
        "memory/2027-05-02.md": "# 2027-05-02\n\n"
        "- Tom is off to Lisbon in June. Zara covers the bar rota from June 1.\n",
        "memory/2027-06-01.md": "# 2027-06-01\n\n- From today Zara Quinn owns the bar rota.\n",
    }
    pairs = supersessions(_facts_of(files))
    assert {k: (v.path, v.line) for k, v in pairs.items()} == {("MEMORY.md", 3): ("memory/2027-06-01.md", 3)}


@pytest.mark.parametrize(
    ("new", "superseded"),
    [
        ("The old Trello board gets switched off on Friday.", False),  # tells of the thing left
        ("Switched back to Trello, Linear was too heavy for us.", True),  # goes back to it: a change
    ],
)
def test_a_line_naming_the_value_a_decision_left_does_not_supersede_it(new: str, superseded: bool) -> None:
    files = {
        "memory/2027-05-01.md": "# 2027-05-01\n\n- Decision: we're dropping Trello for Linear.\n",
        "memory/2027-05-10.md": f"# 2027-05-10\n\n- {new}\n",
    }
    pairs = supersessions(_facts_of(files))
    assert (("memory/2027-05-01.md", 3) in pairs) is superseded


@pytest.mark.parametrize(
    ("old", "new", "superseded"),
    [
        # "now" only, one person and one thing shared, the rest another matter: two facts
        (
            "Dev's on a Fontaines kick, Skinty Fia in the van on every school run.",
            "Dev's van failed its MOT last week, clutch fixed now.",
            False,
        ),
        # "now" with the same subject named and its day and time differing: a change
        ("Standup: Tuesdays 9:30 in the big room.", "Standup is Thursdays 10:00 in the big room now.", True),
    ],
)
def test_a_weak_change_line_needs_a_close_subject(
    tmp_path: Path, old: str, new: str, superseded: bool
) -> None:
    """A line saying only what holds ("now") is weaker evidence of a change than "moved" or "instead":
    it supersedes a line it shares a name and a word with only when their subjects are close (the cosine
    floor of a typed change line)."""
    pairs = _pairs(
        tmp_path,
        ("MEMORY.md", f"# Memory\n\n- {old}\n"),
        ("memory/2027-03-09.md", f"# 2027-03-09\n\n- {new}\n"),
    )
    assert bool(pairs) is superseded


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My father Viktor lives in Graz.", "Dad moved to a flat in Vienna."),
        ("Our kids go to Hillcrest Primary.", "Moved the children to St Anne's school after Easter."),
        ("My grandmother Elsie lives in Whitby.", "Gran moved in with Aunt Pat in Scarborough."),
    ],
)
def test_a_family_word_and_its_relation_name_one_person(tmp_path: Path, old: str, new: str) -> None:
    """ "Dad" and "my father", "the kids" and "the children" (WordNet's family senses: kin_words.txt)."""
    pairs = _pairs(
        tmp_path,
        ("MEMORY.md", f"# Memory\n\n- {old}\n"),
        ("memory/2027-03-09.md", f"# 2027-03-09\n\n- {new}\n"),
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-03-09.md", 3)}


def test_a_family_word_links_only_its_own_relation(tmp_path: Path) -> None:
    """ "Mum" is not "my partner", nor "the kids" a son: each relation its own."""
    pairs = _pairs(
        tmp_path,
        ("MEMORY.md", "# Memory\n\n- My partner Sam lives in Leeds.\n"),
        ("memory/2027-03-09.md", "# 2027-03-09\n\n- Mum moved to a flat in York.\n"),
    )
    assert pairs == {}
