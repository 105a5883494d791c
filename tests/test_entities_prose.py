"""Entities read from ordinary notes (issue 29, "Entities"): terse labelled bullets, meeting notes, people and
project pages. Each test is one defect the issue found on such a workspace."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.mentions.extract import extract_entities
from mdrecall.knowledge.mentions.relations import find_relations

from helpers import write


def _open(root: Path) -> Memory:
    return Memory.open(root, Config().merged({"embedding": {"provider": "none"}}), create=True)


@pytest.fixture
def team(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    write(
        root,
        "MEMORY.md",
        """
        # Memory

        ## Work
        - Production deploys happen on Tuesdays and Thursdays.
        - Owner: Fatima Okafor (billing service).

        ## People
        - Fatima Okafor: backend lead, based in Manchester.
        - Sam Patel: junior dev on the payments squad.
        - Sam Oduya: runs the Saturday shift.
        - Marco Rossi: SRE.
        """,
    )
    write(
        root,
        "memory/2026-11-02.md",
        """
        # 2026-11-02

        Kicked off the bookings database evaluation.
        - Options: PostgreSQL 16, CockroachDB, stay on MySQL.
        - Owner: Fatima
        - Target: decision by Nov 20
        - Risk: the reporting jobs depend on MySQL-only SQL.

        fatima wants load tests on real traffic before anything is decided, ask Sam.
        """,
    )
    write(
        root,
        "memory/2026-11-13.md",
        """
        # 2026-11-13

        - Risk: the free tier runs out. Deploys on Thursdays collide with the data team.
        - Target: wire the flag next week.
        - Plan: review it with Sam first.
        """,
    )
    write(
        root,
        "memory/2026-11-20.md",
        """
        # 2026-11-20

        ## 1:1 with Marco
        Decision: PostgreSQL 16 chosen over CockroachDB for the bookings service.
        - Reason: best p99 in the load tests. Fatima owns the migration.
        """,
    )
    return root


def test_bullet_labels_and_weekdays_are_not_entities(team: Path) -> None:
    with _open(team) as mem:
        mem.index()
        names = {e.name for e in mem.entities()}
    assert not names & {"Owner", "Risk", "Target", "Plan", "Reason", "Options", "Decision"}, names
    assert not names & {"Tuesdays", "Thursdays", "Work", "People", "Memory"}, names
    assert {"Fatima Okafor", "Marco Rossi", "PostgreSQL", "CockroachDB", "MySQL"} <= names, names


def test_a_technology_named_in_label_lines_is_an_entity(team: Path) -> None:
    with _open(team) as mem:
        mem.index()
        pg = mem.entity("PostgreSQL")
        assert pg.entity.kind == "technology"
        assert [t["citation"] for t in pg.timeline] == ["memory/2026-11-02.md#L4", "memory/2026-11-20.md#L4"]
        rels = {(r["subject"], r["predicate"], r["object"]) for r in pg.relations}
        assert ("PostgreSQL", "chosen_over", "CockroachDB") in rels
        assert any(r["text"] == "PostgreSQL was chosen over CockroachDB" for r in pg.relations)


def test_a_first_name_alone_is_linked_to_the_one_full_name(team: Path) -> None:
    with _open(team) as mem:
        mem.index()
        fatima = mem.entity("Fatima Okafor")
        assert {"Fatima", "fatima"} <= set(fatima.entity.aliases)
        assert fatima.entity.last_seen == "2026-11-20"  # "Fatima owns the migration"
        cites = {t["citation"] for t in fatima.timeline}
        assert {"memory/2026-11-02.md#L5", "memory/2026-11-02.md#L9", "memory/2026-11-20.md#L5"} <= cites


def test_a_first_name_two_people_share_is_linked_to_neither(team: Path) -> None:
    with _open(team) as mem:
        mem.index()
        ents = {e.name: e for e in mem.entities()}
        assert "Sam" not in ents  # one of two people, not a third entity
        assert "Sam" not in ents["Sam Patel"].aliases and "Sam" not in ents["Sam Oduya"].aliases


def test_a_mention_in_a_heading_is_in_the_timeline(team: Path) -> None:
    with _open(team) as mem:
        mem.index()
        marco = mem.entity("Marco Rossi")
        assert "memory/2026-11-20.md#L3" in [t["citation"] for t in marco.timeline]
        assert marco.entity.last_seen == "2026-11-20"


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        ("# Pets\n\n- Dog: Biscuit (a beagle). Cat: Miso.\n", "Biscuit", "pet"),
        ("# Pets\n\n- Dog: Biscuit (a beagle). Cat: Miso.\n", "Miso", "pet"),
        ("# Log\n\nWe walked with my dog Rex along the river.\n", "Rex", "pet"),
        ("# Reading\n\n- Piranesi by Susanna Clarke: book club, December\n", "Piranesi", "work"),
        ("# Reading\n\n- Piranesi by Susanna Clarke: book club, December\n", "Susanna Clarke", "person"),
        ("# Log\n\nThe checkout runs on Kubernetes and Terraform now.\n", "Kubernetes", "technology"),
        ("# Services\n\n- bookings: Python, MySQL\n- payments: Go, Stripe\n", "Go", "technology"),
        (
            "# Log\n\nWe applied to the Lottery Community Fund again.\n",
            "Lottery Community Fund",
            "organisation",
        ),
        ("# Log\n\nDriving to the Peak District on Saturday.\n", "Peak District", "place"),
        ("# Log\n\nMy sister Hanna lives in Lisbon.\n", "Hanna", "person"),
        ("# Log\n\nWe are flying to Lisbon for Christmas.\n", "Christmas", "event"),
        ("# Log\n\nStandup is in the Harbour room today.\n", "Harbour room", "place"),
    ],
)
def test_kinds_from_the_name_and_its_context(text: str, name: str, kind: str) -> None:
    found = {(m.name, m.kind) for m in extract_entities(text, "2026-11-20").mentions if m.how != "name_start"}
    assert (name, kind) in found, found


def test_sentence_initial_and_label_words_are_weak_only() -> None:
    text = (
        "# Retro\n\nWhat went well\n"
        "- Agreed: ship behind a flag.\n- Hiring: two candidates.\nDeploys moved.\n"
    )
    strong = {
        m.name for m in extract_entities(text, "2026-11-20").mentions if m.how not in ("name_start", "name")
    }
    assert not strong, strong


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Decision: PostgreSQL 16 chosen over CockroachDB.", ("PostgreSQL", "chosen_over", "CockroachDB")),
        ("Bo owns billing from today.", ("Bo", "owns", "billing")),
        ("Dana left Acme Corp in May.", ("Dana", "left", "Acme Corp")),
        ("Greta joined Northwind Labs last year.", ("Greta", "joined", "Northwind Labs")),
        ("Fatima is moving to the data platform team.", ("Fatima", "moved_to", "the data platform team")),
    ],
)
def test_relations_from_ordinary_sentences(line: str, expected: tuple[str, str, str]) -> None:
    assert expected in [(r.subject, r.predicate, r.object) for r in find_relations(line, 1)]
    assert find_relations(line.replace(expected[2], "it"), 1) == []  # a pronoun names nothing


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Reading Klara and the Sun to Ada at bedtime.", "Klara and the Sun"),
        ("- watched The Lord of the Rings again", "The Lord of the Rings"),
    ],
)
def test_a_title_of_several_words_after_a_verb_of_reading_is_one_work(text: str, title: str) -> None:
    found = {(m.name, m.kind) for m in extract_entities(text).mentions}
    assert (title, "work") in found
    assert not {n for n, _ in found if n != title and n in title}  # not "Klara" alone as well


def test_an_animal_is_called_name_is_a_pet() -> None:
    found = {(m.name, m.kind) for m in extract_entities("- Our tortoise is called Gus.\n").mentions}
    assert ("Gus", "pet") in found
