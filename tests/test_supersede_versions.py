"""A product named with a new version (changes/version_probe.py): a later line naming a product with a
later version ("now running MariaDB 11.4") changes the line naming it with an earlier one, though the
product's word is too common to be looked up and the long upgrade note shares few words with the short
inventory line; the product may be written another way (the entity view's alias). Not a change: the same
release named more exactly ("5.8" … "5.8.1"), an earlier version named later (another box), amounts.
Wordings and worlds of our own: a charity's web stack, a lab's analysis tools."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update
from mdrecall.knowledge.changes.version_probe import product_versions, upgraded
from mdrecall.knowledge.fact_lines.facts import Fact, line_facts

STACK = (
    "# Web stack\n\n"
    "- Database: MariaDB 10.6 on `db-lark`, pinned until the donations page is rebuilt.\n"
    "- Donations page talks to MariaDB through the PHP app; MariaDB backups nightly.\n"
    "- MariaDB user for the app: `donate_rw`; MariaDB slow log kept a week.\n"
    "- Reports read a MariaDB replica on `db-wren`.\n"
)


def _facts(files: dict[str, str]) -> list[Fact]:
    out: list[Fact] = []
    for rel, text in sorted(files.items()):
        day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
        out += line_facts(rel, text, day)
    return out


def _pairs(files: dict[str, str], names: dict | None = None) -> dict[tuple[str, int], tuple[str, int]]:
    return {k: (v.path, v.line) for k, v in supersessions(_facts(files), names).items()}


def test_a_later_version_of_the_product_changes_the_inventory_line() -> None:
    note = (
        "# 2031-03-09\n\n- MariaDB 11 upgrade on db-lark done overnight, 22:10 to 01:30; Oksana watched the "
        "queue and the replica caught up by morning. Now running MariaDB 11.4.\n"
    )
    pairs = _pairs({"ops/stack.md": STACK, "memory/2031-03-09.md": note})
    assert pairs.get(("ops/stack.md", 3)) == ("memory/2031-03-09.md", 3)


def test_the_product_written_another_way_is_the_same_product() -> None:
    stack = "# Lab tools\n\n- Sequencer runs land in Mongo 6.0 on `lab-db`, the sample sheet links them.\n"
    note = (
        "# 2031-05-02\n\n- lab-db upgrade finished after the weekend exports, two hours "
        "of downtime on Sunday night. Now running MongoDB 7.0.2.\n"
    )
    names = {("lab/tools.md", 3): (("mongo", "mongodb"),)}
    files = {"lab/tools.md": stack, "memory/2031-05-02.md": note}
    assert _pairs(files, names).get(("lab/tools.md", 3)) == ("memory/2031-05-02.md", 3)


def test_an_earlier_version_named_later_changes_nothing() -> None:
    note = (
        "# 2031-03-09\n\n- Found a second database while tidying: the old intranet box still runs "
        "MariaDB 10.3 for the volunteer rota. Not ours, leave it running.\n"
    )
    pairs = _pairs({"ops/stack.md": STACK, "memory/2031-03-09.md": note})
    assert ("ops/stack.md", 3) not in pairs


def test_versions_are_read_after_a_product_not_from_amounts_or_marks() -> None:
    assert product_versions("Run EMQX 5.8 on two nodes") == {"emqx": frozenset({"5.8"})}
    assert product_versions("Mongo 6.0 on lab-db", {"mongo": "mongodb"}) == {"mongodb": frozenset({"6.0"})}
    assert product_versions("the dog weighs 3.5 kg, paid 12.50 at 7.30pm") == {}
    assert product_versions("engine 1.6 L, tagged v2 3.0") == {}
    assert upgraded(frozenset({"15.6"}), frozenset({"16.4"}))
    assert not upgraded(frozenset({"5.8"}), frozenset({"5.8.1"}))  # the same release, named exactly
    assert not upgraded(frozenset({"16.4"}), frozenset({"14.11"}))  # an older one: another box
    assert upgraded(frozenset({"1.9"}), frozenset({"1.10"}))  # compared part by part, not as decimals


def test_an_inventory_line_added_later_is_paired_as_pairing_anew() -> None:
    """The pairing updated after the older page is written (:func:`supersessions_update`) finds the pair
    the whole pass finds."""
    note = (
        "# 2031-03-09\n\n- MariaDB 11 upgrade on db-lark done overnight, 22:10 to 01:30; Oksana watched the "
        "queue and the replica caught up by morning. Now running MariaDB 11.4.\n"
    )
    files = {"ops/stack.md": "# Web stack\n", "memory/2031-03-09.md": note}
    before = supersessions(_facts(files))
    files["ops/stack.md"] = STACK
    facts = _facts(files)
    after = supersessions_update(facts, before, {"ops/stack.md"})
    assert after == supersessions(facts)
    assert after.get(("ops/stack.md", 3)) is not None
