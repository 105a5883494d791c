"""Names of session 19 (issue 29 part 1, h-ents15): a Korean or Chinese family name written before a hyphened
given name ("Park Ji-woo"), its given name and its family name alone linked to it.

The notes are written for these tests (a pottery studio in Jeonju, a Taipei robotics team), in words of their
own, not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex

from helpers import mention_kinds, write


def _known(tmp_path: Path) -> dict[str, str]:
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["studio"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def test_a_family_name_written_before_a_hyphened_given_name() -> None:
    found = mention_kinds("- Glazes: Yoon Ha-eun mixes them, the kiln is fired by Mr. Hwang Tae-sik.\n")
    assert ("person", "typed_name") in found["Yoon Ha-eun"]  # fails before: "Ha-eun" and "Yoon" apart
    assert ("person", "typed_name") in found["Hwang Tae-sik"]
    assert "Yoon" not in found and "Hwang" not in found
    found = mention_kinds("- our mentor is Tsai Yu-ting from the Taipei lab\n")
    assert ("person", "typed_name") in found["Tsai Yu-ting"]
    found = mention_kinds("- Met Ji-woo at the gate; Wi-fi Password changed; Kept Follow-up notes\n")
    assert not any(" " in name and "-" in name for name in found)  # no family name before: nothing joined


def test_the_given_name_and_the_family_name_alone_mean_the_person(tmp_path: Path) -> None:
    write(tmp_path, "studio/people.md", "# Studio\n\n- Wheel teacher: Yoon Ha-eun, glaze nights Thursdays\n")
    write(
        tmp_path,
        "memory/2027-09-02.md",
        "# 2027-09-02\n\n- Ha-eun showed me how to trim a foot ring\n- Yoon teacher says it is too thick\n",
    )
    write(tmp_path, "memory/2027-09-05.md", "# 2027-09-05\n\n- Ha-eun fired my cups, two cracked\n")
    known = _known(tmp_path)
    assert known["ha-eun"] == "yoon ha-eun"  # fails before: the given name is last, not first
    assert known.get("yoon", "yoon") == "yoon ha-eun"  # the family name alone: the one Yoon


def test_a_models_code_or_numeral_after_a_name_is_the_names() -> None:
    found = mention_kinds("- Rowan is selling his Meade LX90, and the club keeps a Vixen 4R on the roof.\n")
    assert any(name == "Meade LX90" for name in found)  # fails before: only "Meade"
    assert any(name == "Vixen 4R" for name in found)
    found = mention_kinds("- Boat: the Saoirse III, moored at Dún Laoghaire\n- Kit: Suunto Race 2\n")
    assert "Saoirse III" in found  # fails before: "Saoirse" alone
    assert "Suunto Race 2" in found
    found = mention_kinds(
        "- Lab 2, Room B4, Gate 5. Tamsin has 3 kids; quote from Kitbag SA R6 850.\n"
        "- Jota Shoes EU42, on Bramble Lane 14 and ul. Długa 12, Gdańsk 2026.\n"
    )
    assert not any(name.split()[-1][:1].isdigit() or name[-2:].isdigit() for name in found if " " in name)


def test_holidays_and_named_days_are_events_read_whole() -> None:
    found = mention_kinds(
        "- Maundy Thursday, the studio shuts at noon; open again on Easter Monday\n"
        "- Canada Day picnic on the Commons; Teachers' Day gifts for both schools\n"
        "- St. Andrew's Day ceilidh — tickets from Morag\n"
    )
    for name in ("Maundy Thursday", "Easter Monday", "Canada Day", "Teachers' Day", "St. Andrew's Day"):
        assert ("event", "typed_name") in found[name], name  # fails before: cut at the calendar word
    found = mention_kinds("- a Long Day at the wheel; Happy Easter to the Hendersons; the Easter Fair\n")
    assert "Long Day" not in {n for n, kinds in found.items() if ("event", "typed_name") in kinds}
    assert "Easter Fair" in found  # a holiday opening a longer name: the longer name


def test_a_chinese_family_name_written_last_opening_a_line(tmp_path: Path) -> None:
    found = mention_kinds("- Ming Cheung — front desk, Saturdays\n- Hazel Song — piano\n")
    assert ("person", "rare_name") in found["Ming Cheung"]  # fails before: two frequent words, nothing said
    assert ("person", "rare_name") not in found.get("Hazel Song", set())  # an English word: no evidence alone
    write(tmp_path, "studio/staff.md", "# Staff\n\n- Ming Cheung — front desk, Saturdays\n")
    write(tmp_path, "memory/2027-09-04.md", "# 2027-09-04\n\n- Ming is off sick, I took the desk\n")
    assert _known(tmp_path)["ming"] == "ming cheung"


def test_a_title_in_quotes_joined_by_small_words_is_read_whole() -> None:
    found = mention_kinds('- lent "Walking with the Comets" to Imogen; we sang “Down to the River”\n')
    assert ("work", "typed_name") in found["Walking with the Comets"]  # fails before: cut at "with"
    assert ("work", "typed_name") in found["Down to the River"]
    assert "Comets" not in found
    found = mention_kinds('- Ines: "we meet at the lock at noon"\n')
    assert not any(" at " in name for name in found)  # words said in quotes: no title


def test_a_mixed_case_devices_number_before_a_pause() -> None:
    found = mention_kinds("- Phone: Vodacom contract, iPhone 12.\n- the kids share an iPad 9 (the old one)\n")
    assert ("product", "typed_name") in found["iPhone 12"]  # fails before: "iPhone" without its number
    assert ("product", "typed_name") in found["iPad 9"]
    found = mention_kinds("- sold 3 lamps on eBay 2 weeks ago\n- the tablet is on iOS 16, fine\n")
    assert "eBay 2" not in found  # a count of a unit after it: no model
    assert "iOS 16" not in found and "iOS" in found  # a system's version: the system


def test_a_well_known_app_after_a_given_name_is_no_surname(tmp_path: Path) -> None:
    found = mention_kinds("- Zanele WhatsApp 19:05: the hall is booked\n")
    assert "Zanele WhatsApp" not in found  # fails before: one person's name
    assert "WhatsApp" in found and "Zanele" in found
    write(tmp_path, "studio/people.md", "# People\n\n- Zanele Mokoena runs the hall bookings\n")
    write(tmp_path, "memory/2027-09-06.md", "# 2027-09-06\n\n- Zanele WhatsApp 19:05: the hall is booked\n")
    assert _known(tmp_path)["zanele"] == "zanele mokoena"  # one Zanele, not two
