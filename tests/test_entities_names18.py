"""Names and kinds of session 18 (issue 29 part 1): a chat export's speaker, a title of office before a
given name, a nickname said with "everyone calls X", hyphened given names of two syllables, a name that is
a label's value, a pet named after a city, organisations by a plural or a foreign head noun.

The notes are written for these tests (a parish food bank, a games studio in Busan, a ferry crew, a rabbit
rescue), in words of their own, not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.relations import ALIAS, find_relations

from helpers import mention_kinds, write


def _known(tmp_path: Path) -> dict[str, str]:
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["crew", "pets"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def _kinds(tmp_path: Path) -> dict[str, str]:
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["crew", "pets"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return {e.name: e.kind for e in EntityIndex(mem.store, mem.config.entities).entities()}


def test_a_chat_exports_stamped_label_is_a_person_speaking() -> None:
    text = (
        "- forwarded from the group:\n"
        "  [12/06/2027, 21:14] Honor Blackwood: the van is booked for the 20th\n"
        "  [21:16] Ruairi Dunne: grand, I'll drive\n"
    )
    found = mention_kinds(text)
    assert ("person", "speaker") in found["Honor Blackwood"]  # fails before: "Honor" is a word, no speaker
    assert ("person", "speaker") in found["Ruairi Dunne"]
    found = mention_kinds("[2] Budget: 400 for the hall\n- [x] Rota: done\n")
    assert all(how != "speaker" for kinds in found.values() for _, how in kinds)  # no clock time: no chat


def test_a_title_of_office_before_a_given_name_is_no_part_of_the_name() -> None:
    found = mention_kinds("- The crypt is lent by Pastor Matthew Okonkwo, the van by Imam Yusuf Bello.\n")
    assert ("person", "typed_name") in found["Matthew Okonkwo"]  # fails before: "Pastor Matthew Okonkwo"
    assert ("person", "typed_name") in found["Yusuf Bello"]
    assert not any(name.startswith(("Pastor", "Imam")) for name in found)
    found = mention_kinds("- Captain Marvel is on at the Odeon.\n")
    assert "Marvel" not in found  # no given name after the title: nothing cut


def test_everyone_calls_a_person_a_quoted_name() -> None:
    rels = [(r.subject, r.object) for r in find_relations('Everyone on deck calls Piotr "Boss".', 1)]
    assert rels == []  # "on deck" between: not the phrase
    rels = find_relations('On the ferry everyone calls Siobhan "Vonnie".', 1)
    assert [(r.subject, r.predicate, r.object) for r in rels] == [("Vonnie", ALIAS, "Siobhan")]


def test_a_surname_everyone_calls_someone_by_is_that_person(tmp_path: Path) -> None:
    write(tmp_path, "crew/roster.md", "# Crew\n\n| name | role |\n| --- | --- |\n| Declan Emeka | bosun |\n")
    write(tmp_path, "crew/notes.md", '# Notes\n\nEveryone calls Declan "Emeka".\n')
    write(tmp_path, "memory/2027-06-02.md", "# 2027-06-02\n\n- Emeka fixed the winch; Emeka is off Friday\n")
    assert _known(tmp_path)["emeka"] == "declan emeka"  # fails before: a given name is read as no surname


def test_a_given_name_of_two_syllables_joined_by_a_hyphen(tmp_path: Path) -> None:
    found = mention_kinds("- Hye-jin Choi (art lead, Busan) owns the shaders.\n")
    assert ("person", "typed_name") in found["Hye-jin Choi"]  # fails before: only "Choi"
    assert "Choi" not in found
    found = mention_kinds("- Follow-up Call with the Co-op Bank; Wi-fi Password changed; Check-in Desk.\n")
    assert not any("-" in name for name in found)  # English compounds, no names
    write(tmp_path, "crew/team.md", "# Team\n\n- Hye-jin Choi (art lead, Busan) owns the shaders.\n")
    write(tmp_path, "memory/2027-06-02.md", "# 2027-06-02\n\n- Hye-jin sent the new water shader\n")
    assert _known(tmp_path)["hye-jin"] == "hye-jin choi"  # fails before: no such name


def test_a_name_as_a_labels_value_keeps_its_first_word() -> None:
    found = mention_kinds("- Treasurer: Honor Achieng. Minutes: see the folder.\n")
    assert "Honor Achieng" in found  # fails before: "Achieng" alone ("Honor" read as an opener)
    found = mention_kinds("Present: Honor Achieng (treasurer), Ruairi Dunne, Ama Owusu\n")
    assert "Honor Achieng" in found and "Achieng" not in found  # fails before: the bracket hid the list
    found = mention_kinds("Note: Hopefully Priya signs today.\n")
    assert "Priya" in found  # an adverb opening a label's value is still no part of a name


def test_a_pet_named_after_a_city(tmp_path: Path) -> None:
    found = mention_kinds("- Rabbit: Lisbon (lop-eared, 3)\n")
    assert ("pet", "typed_name") in found["Lisbon"]  # fails before: the city
    assert ("place", "typed_name") in mention_kinds("- Flight to Lisbon on Friday.\n")["Lisbon"]
    write(tmp_path, "pets/pets.md", "# Pets\n\n## Oslo\n- rabbit, 3, lop-eared\n\n## Biscuit\n- rabbit\n")
    write(tmp_path, "MEMORY.md", "# Home\n\n- Rabbit: Oslo (lop-eared)\n")
    write(tmp_path, "memory/2027-06-02.md", "# 2027-06-02\n\n- Oslo dug under the fence again\n")
    assert _kinds(tmp_path)["Oslo"] == "pet"  # fails before: a place (the sub-heading was dropped)


def test_organisations_by_a_plural_school_or_a_foreign_head_noun() -> None:
    found = mention_kinds("- Client: Harrowgate Schools (trust office), invoice sent.\n")
    assert ("organisation", "typed_name") in found["Harrowgate Schools"]  # fails before: a place
    found = mention_kinds("- Léa runs Atelier Moraine; the renders go to Studio Vesna.\n")
    assert ("organisation", "typed_name") in found["Atelier Moraine"]  # fails before: a person
    assert ("organisation", "typed_name") in found["Studio Vesna"]


def test_a_makers_name_and_a_model_is_a_product() -> None:
    found = mention_kinds("- We sold the Mazda Bongo; Femi kept the Honda Jazz for the school run.\n")
    assert ("product", "typed_name") in found["Mazda Bongo"]  # fails before: no kind (a maker unknown)
    assert ("product", "typed_name") in found["Honda Jazz"]  # fails before: a person ("Honda" no maker)
    assert ("organisation", "typed_name") in mention_kinds("- Booked a service at Toyota.\n")["Toyota"]
    found = mention_kinds("- The gig is at the Honda Arena; Renault Paris sponsors it.\n")
    assert all(kind != "product" for kinds in found.values() for kind, _ in kinds)  # a venue, a branch


def test_a_model_named_without_its_maker_is_the_model(tmp_path: Path) -> None:
    write(tmp_path, "MEMORY.md", "# Home\n\n- We drive the Mazda Bongo; it seats eight.\n")
    write(tmp_path, "memory/2027-06-02.md", "# 2027-06-02\n\n- Sold the Bongo to a neighbour for 900.\n")
    assert _known(tmp_path)["bongo"] == "mazda bongo"  # fails before: the Bongo an entity of its own


def test_a_countrys_branch_of_a_well_known_body_and_a_providers_service() -> None:
    found = mention_kinds("- First-aid weekend with the Irish Red Cross in Athlone.\n")
    assert ("organisation", "typed_name") in found["Irish Red Cross"]  # fails before: a place ("Irish ...")
    found = mention_kinds("- Cancel the Brightwave broadband before the move.\n")
    assert any(kind == "organisation" for kind, _ in found["Brightwave"])  # fails before: no kind


def test_a_numbered_list_of_titles_by_their_authors() -> None:
    text = "Books\n1. Wolf Hall by Hilary Mantel\n2. Circe and the Island by Madeline Miller (half way)\n"
    found = mention_kinds(text)
    assert ("work", "typed_name") in found["Circe and the Island"]  # fails before: "Circe", a name alone
    assert ("person", "typed_name") in found["Madeline Miller"]


def test_a_surname_with_a_small_word_and_an_elided_letter() -> None:
    found = mention_kinds("- Weep Not, Child by Wairimu wa Gathoni'o, for book club\n")
    assert ("person", "typed_name") in found["Wairimu wa Gathoni'o"]  # fails before: "Wairimu", "Gathoni"
    found = mention_kinds("- Don't forget: We'd said Friday. Can't move it.\n")
    assert not any("'" in name for name in found)  # contractions stay apart


def test_a_series_listed_with_its_season_in_lower_case() -> None:
    found = mention_kinds("Watched\n- Slow Horses season 3: gripping\n- Andor series 2, twice\n")
    assert ("work", "typed_name") in found["Slow Horses"]  # fails before: "Slow Horses season 3"
    assert not any("season" in name or "series" in name for name in found)


def test_a_word_in_capitals_for_stress_opens_no_name() -> None:
    found = mention_kinds("- the courier is NOT Tobsen from accounts, just the same name\n")
    assert "NOT Tobsen" not in found  # fails before: "NOT Tobsen", an organisation's initials
    assert ("organisation", "typed_name") in mention_kinds("- Sponsorship from JL Racing came in.\n")[
        "JL Racing"
    ]


def test_an_events_week_a_removal_firm_and_a_saints_church() -> None:
    found = mention_kinds(
        "- Three of us at a Lagos Design Week panel; Quickshift Movers booked for Friday.\n"
    )
    assert ("event", "typed_name") in found["Lagos Design Week"]  # fails before: "Lagos Design", a place
    assert ("organisation", "typed_name") in found["Quickshift Movers"]  # fails before: no kind
    found = mention_kinds(
        "- Choir practice moved to St Brigid's, then out of St Brigid's into the scout hut.\n"
    )
    assert found["St Brigid's"]  # fails before: "St Brigid", the saint
    assert "St Brigid" not in found
    assert "St Brigid's" not in mention_kinds("- We baked for St Brigid's day.\n")


def test_a_firms_lead_times_make_it_no_pet() -> None:
    found = mention_kinds("- New housings from Castorell now; Brightmold's lead times were too long.\n")
    assert all(kind != "pet" for kind, _ in found["Brightmold"])  # fails before: "X's lead", a dog's lead
    assert ("pet", "typed_name") in mention_kinds("- Biscuit's collar is too tight.\n")["Biscuit"]


def test_portuguese_place_heads() -> None:
    found = mention_kinds("- Ferry from Ponta Formosa at 9, lunch on Rua Augusta, then Praia Vermelha.\n")
    assert ("place", "typed_name") in found["Ponta Formosa"]  # fails before: a business ("from X")
    assert ("place", "typed_name") in found["Rua Augusta"]
    assert ("place", "typed_name") in found["Praia Vermelha"]


def test_an_employers_team_a_streaming_service_and_a_bookshop() -> None:
    found = mention_kinds("- I'm on the payments team at Voltaro (Porto office).\n")
    assert ("organisation", "typed_name") in found["Voltaro"]  # fails before: a place ("at X")
    found = mention_kinds("- Aftersun - watched it on Filmzie, twice\n")
    assert ("product", "typed_name") in found["Filmzie"]  # fails before: a place ("on X")
    found = mention_kinds("- Kruk Books sent the invoice.\n")
    assert ("organisation", "typed_name") in found["Kruk Books"]  # fails before: a sentence's opener only


def test_the_house_in_a_district_named_like_a_person() -> None:
    found = mention_kinds("- Viewing booked for the Imogen flat on Thursday.\n")
    assert ("place", "typed_name") in found["Imogen"]  # fails before: a person (a given name)
    found = mention_kinds("- Dinner at Imogen's flat on Thursday.\n")
    assert all(kind == "person" for kind, _ in found["Imogen"])  # her flat


def test_a_delivery_tools_cd_and_a_high_schools_hs() -> None:
    found = mention_kinds("- Releases go out through Flux CD since March.\n")
    assert ("technology", "typed_name") in found["Flux CD"]  # fails before: "Flux" alone
    found = mention_kinds("- Open evening at Marlowe Ridge HS on Thursday.\n")
    assert ("organisation", "typed_name") in found["Marlowe Ridge HS"]  # fails before: "Marlowe Ridge"
