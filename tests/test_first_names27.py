"""First names of session 23 (h-firsts27): a name alone that is a person's given name written another way
(accents, strokes, hyphens, two given words after a family name, the given name's ending), and a first
name the writer gives a family member bare beside a namesake with a surname (two people: neither linked).

The notes are written for these tests (a cycling club, a choir, a badminton court in Singapore, a flower
stall, families with a colleague of the same name), in words of their own, not the labelled sets'."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.aliases.given_forms import given_forms, plain_form
from mdrecall.knowledge.aliases.kin_namesakes import introduced_children
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.lexicon.name_lists import fold_accents

from helpers import write


def _known(tmp_path: Path, files: Mapping[str, str]) -> dict[str, str]:
    for path, text in files.items():
        write(tmp_path, path, text)
    extra = sorted(p.name for p in tmp_path.iterdir() if p.is_dir() and p.name not in ("memory", ".mdrecall"))
    cfg = Config().merged(
        {"history": {"git": False}, "embedding": {"provider": "none"}, "extra_paths": extra}
    )
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def test_letters_with_a_stroke_fold_like_accents() -> None:
    assert fold_accents("Søren Łoś") == "Soren Los"
    assert fold_accents("Æbelø Đorđe") == "Aebelo Dorde"
    assert plain_form("jean-pierre") == "jean pierre"


def test_a_given_name_written_without_its_accents_or_with_them(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "club/riders.md": "# Riders\n\n- Søren Kvist: ride captain\n- Łukasz Nowicki: bikes and tubes\n"
            "- Renee Dubois: club secretary\n",
            "memory/2027-04-02.md": "# 2027-04-02\n\n- Soren wants the coast route on Sunday.\n"
            "- Lukasz patched two tubes.\n- Renée sent the minutes.\n",
        },
    )
    # All fail before: "ø" and "ł" are no accents to Unicode, and the short name was not folded.
    assert known.get("soren") == "søren kvist"
    assert known.get("lukasz") == "łukasz nowicki"
    assert known.get("renée") == "renee dubois"


def test_a_given_name_of_two_words_with_or_without_its_hyphen(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "memory/2027-04-03.md": "# 2027-04-03\n\n"
            "- Met Jean-Pierre Lafleur, the new neighbour, at the bins.\n",
            "memory/2027-04-06.md": "# 2027-04-06\n\n- Lent the drill to Jean Pierre.\n",
        },
    )
    assert known.get("jean pierre") == "jean-pierre lafleur"  # fails before: written another way


def test_two_given_words_after_a_family_name_written_first(tmp_path: Path) -> None:
    assert given_forms("ong bee lian")[0] == "bee lian"
    assert given_forms("lee ann smith") == ["lee", "lee ann"]  # a word, then a given name: no family name
    known = _known(
        tmp_path,
        {
            "memory/2027-04-04.md": "# 2027-04-04\n\n- Paid Ong Bee Lian the deposit for the flat.\n"
            "- Played doubles with Khoo Wei Ming and his cousin.\n",
            "memory/2027-04-08.md": "# 2027-04-08\n\n- Texted Bee Lian about the aircon.\n"
            "- Booked the court, told Wei Ming.\n",
        },
    )
    assert known.get("bee lian") == "ong bee lian"  # fails before
    assert known.get("wei ming") == "khoo wei ming"  # fails before


def test_the_ending_of_a_given_name_names_its_one_person(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "stall/people.md": "# People\n\n- Christina Alvarez: neighbour, waters the pots\n"
            "- Gabriella Costa: florist at the Saturday stall\n- Joanna Lind: grower\n",
            "memory/2027-04-05.md": "# 2027-04-05\n\n- Tina fed the cat.\n- Ella did the wreath.\n"
            "- Anna bought tulips.\n",
        },
    )
    assert known.get("tina") == "christina alvarez"  # fails before
    assert known.get("ella") == "gabriella costa"  # fails before
    assert known.get("anna") in (None, "anna")  # two letters fewer than Joanna: a name of its own


def test_a_word_for_a_child_before_a_bare_name_reads_as_an_introduction() -> None:
    assert introduced_children("- Kids: Tomas (8) and Ilse (5).") == {"tomas", "ilse"}
    assert introduced_children("- Partner: Noor. Son: Idris (4).") == {"idris"}  # a partner: often in full
    assert introduced_children("Picked up my daughter Elif from school") == {"elif"}
    assert introduced_children("## Daughters (Ayla, Defne)") == {"ayla", "defne"}
    assert introduced_children("- our son Jonas Weber starts school") == {"jonas weber"}
    assert not introduced_children("Noor Haddad's daughter Lina joined")
    assert not introduced_children("My sister Leonie Brandt lives in Kiel")


def test_a_family_member_named_bare_shares_the_name_with_a_colleague(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "MEMORY.md": "# Memory\n\n## Family\n- Kids: Tomas (8) and Ilse (5).\n- Partner: Noor.\n\n"
            "## Work\n- Tomas Reyes: backend lead.\n- Noor Haddad: runs the bakery on Elm Street.\n",
            "memory/2027-04-09.md": "# 2027-04-09\n\n- Tomas has swimming on Wednesdays.\n"
            "- Tomas Reyes merged the migration.\n- Noor Haddad hired a second baker.\n",
        },
    )
    # Fails before: the son's bare name was linked to the colleague who has a surname.
    assert known.get("tomas") in (None, "tomas")
    assert known.get("noor") == "noor haddad"  # a partner's full name is written elsewhere
    assert known.get("tomas reyes") == "tomas reyes"


def test_a_family_member_with_the_full_name_stays_linked(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "MEMORY.md": "# Memory\n\n- Our son Jonas Weber starts school in September.\n"
            "- Kids: Mila (6) and Jonas (5).\n- Mila Laurent: piano on Thursdays.\n"
            "- Husband: Marc Laurent.\n",
            "memory/2027-04-10.md": "# 2027-04-10\n\n- Jonas lost a tooth.\n- Mila has a cold.\n",
        },
    )
    assert known.get("jonas") == "jonas weber"  # the full name has the child's word too
    assert known.get("mila") == "mila laurent"  # a surname another person of the family has


def test_a_full_name_written_without_its_middle_name_is_the_same_person(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "people/contacts.md": "# Contacts\n\n- Anna Maria Kowalska: landlady\n"
            "- Thomas R. Baker: accountant\n- Benjamin Okoro: football coach\n",
            "memory/2027-04-11.md": "# 2027-04-11\n\n- Paid Anna Kowalska the rent.\n"
            "- Thomas Baker filed the return.\n- Ben Okoro moved training to six.\n",
            "memory/2027-04-12.md": "# 2027-04-12\n\n- Anna fixed the boiler.\n- Thomas wants the receipts.\n"
            "- Ben says the pitch is waterlogged.\n",
        },
    )
    # Fail before: two full names of one person made the first name look shared (or linked it to the shorter).
    assert known.get("anna kowalska") == "anna maria kowalska"
    assert known.get("anna") == "anna maria kowalska"
    assert known.get("thomas") == "thomas r. baker"
    assert known.get("ben") == "benjamin okoro"


def test_two_longer_names_a_short_one_could_be_take_neither(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "people/contacts.md": "# Contacts\n\n- Samuel Lindgren: neighbour\n"
            "- Samantha Lindgren: his sister\n",
            "memory/2027-04-13.md": "# 2027-04-13\n\n- Sam Lindgren borrowed the ladder.\n",
        },
    )
    assert known.get("sam lindgren") == "sam lindgren"
