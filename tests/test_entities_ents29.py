"""Entity spans, session 24 (h-ents29): Vietnamese letters, full names written family name first, chat
exports' stamps and messages, and names opened by a local head (a district, a street, a market, a firm's
legal form).

The notes are written for these tests (a coffee roaster in Đà Lạt, a print shop in Ipoh, a batik seller in
Surabaya), in words of their own, not the labelled sets', the entity corpus's nor the pair corpora's."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.mention_patterns import SPEAKERS
from mdrecall.knowledge.mentions.family_runs import family_run

from helpers import mention_kinds, workspace_kinds


def test_a_name_with_vietnamese_letters_is_read_whole() -> None:
    found = mention_kinds(
        "- Cupping with Dương Quốc Thắng at the roastery; Trịnh Thu Trang brought scales.\n"
    )
    # fails before: letters with two marks or a dot below ("ố", "ắ", "ị") were no letters of a name
    assert ("person", "typed_name") in found.get("Dương Quốc Thắng", set()), found
    assert ("person", "typed_name") in found.get("Trịnh Thu Trang", set()), found


def test_a_family_name_opening_a_sentence_stays_the_name_s() -> None:
    found = mention_kinds("Tran Van Loc dropped off two sacks of robusta.\nTan Mei Hua sent the quote.\n")
    # fails before: "Tan" (an English word too) was taken for a sentence's opener before a given name
    assert "Tran Van Loc" in found and "Van Loc" not in found, found
    assert "Tan Mei Hua" in found and "Mei Hua" not in found, found


def test_a_family_run_is_no_place_street_or_firm() -> None:
    assert family_run(["Hồ", "Thị", "Kim", "Oanh"])
    assert family_run(["Le", "Thi", "Hoa"])  # no accents, the middle name says it
    assert not family_run(["Ho", "Chi", "Minh"])  # the city as often as the man
    assert not family_run(["Nguyen", "Bakery"])  # a noun never a name
    assert not family_run(["Park", "Lane", "Hotel"])
    assert not family_run(["Le", "Loi"])  # two plain syllables: a street's as often


def test_chat_stamps_with_the_date_after_the_time_or_a_dash_mark_a_speaker() -> None:
    for line, name in (
        ("[07:05 14/8] Thắng: Dạ anh", "Thắng"),
        ("[14/8, 19:40] Siew Lan: ok", "Siew Lan"),
        ("14/08/2027, 07:05 - Kok Wai: can lah", "Kok Wai"),
        ("[7:05 PM, 8/14/2027] Đạt: xong", "Đạt"),
    ):
        m = SPEAKERS.match(line)
        # fails before: a date after the time, a dashed export and a capital Đ were no speaker's stamp
        assert m is not None and m.group("c") and m.group("p") == name, line


def test_a_message_s_first_word_is_capitalised_anyway() -> None:
    found = mention_kinds(
        "[07:05 14/8] Thắng: Dạ anh, mai em giao\n"
        "[07:06 14/8] Thắng: Vâng\n"
        "Linh: Mai em ghé nha\n"
        "Linh: Oke chị\n"
    )
    assert ("person", "speaker") in found["Thắng"], found
    # fails before: "Dạ" after an unread stamp was a rare name, "Mai" and "Oke" (given names going on) names
    assert found.get("Dạ", set()) <= {("unknown", "name_start")}, found
    assert found.get("Mai", set()) <= {("person", "name_start")}, found
    assert found.get("Oke", set()) <= {("person", "name_start")}, found


def test_a_local_head_opens_the_name_of_a_place_or_a_firm() -> None:
    found = mention_kinds(
        "- Beans from Công ty TNHH Bình Minh, invoiced to our shop in Quận 5.\n"
        "- Dropped samples at chợ Đà Lạt and a café on Jalan Sultan Idris.\n"
        "- Batik from PT Sinar Jaya Abadi; their depot is in Kecamatan Genteng.\n"
        "- Courier lost it in hẻm 12 Phan Đình Phùng again.\n"
    )
    # fails before: "Công" alone, "Quận" alone, the heads cut off, "PT" read apart
    assert ("organisation", "typed_name") in found["Công ty TNHH Bình Minh"], found
    assert ("place", "typed_name") in found["Quận 5"], found
    assert ("place", "typed_name") in found["chợ Đà Lạt"], found
    assert ("place", "typed_name") in found["Jalan Sultan Idris"], found
    assert ("organisation", "typed_name") in found["PT Sinar Jaya Abadi"], found
    assert ("place", "typed_name") in found["Kecamatan Genteng"], found
    assert "hẻm 12" not in found, found  # an alley's number in a street's address


def test_a_workspace_of_pasted_chat_lists_people_not_particles(tmp_path: Path) -> None:
    kinds = workspace_kinds(
        tmp_path,
        {
            "memory/2027-08-14.md": (
                "# 14/8\n\nRoast for Đặng Minh Quân's café. Chat:\n"
                "[07:05 14/8] Quân: Dạ chị, mai em lấy\n[07:06 14/8] Quân: Vâng ạ\n"
            ),
            "memory/2027-08-16.md": (
                "# 16/8\n\nĐặng Minh Quân paid. Chat:\n[08:10 16/8] Quân: Dạ em nhận rồi\n"
                "[08:11 16/8] Quân: Vâng, cảm ơn chị\n"
            ),
        },
    )
    # fails before: "Dạ" and "Vâng" were entities; the full name was cut
    assert "dạ" not in kinds and "vâng" not in kinds, kinds
    assert kinds.get("đặng minh quân", ("",))[0] == "person", kinds


def test_malaysian_patronyms_schools_and_a_title_before_a_family_name() -> None:
    found = mention_kinds(
        "| Parent | Pupil |\n|---|---|\n| Meena a/p Subramaniam | Arjun a/l Ganesan |\n"
        "- Flyers for SMK Seri Mutiara and SJKC Keat Hwa.\n"
        "- Uncle Quek minds the shop; Auntie Quek WhatsApp: collect at 5.\n"
    )
    # fails before: "a/p" and "a/l" parted the names, the schools' initials were read apart, the title was
    # taken off a family name that is a given name too
    assert "Meena a/p Subramaniam" in found and "Arjun a/l Ganesan" in found, found
    assert ("organisation", "typed_name") in found["SMK Seri Mutiara"], found
    assert ("organisation", "typed_name") in found["SJKC Keat Hwa"], found
    assert ("person", "typed_name") in found["Auntie Quek"], found


def test_a_possessive_before_a_calendar_word_is_the_person_s() -> None:
    found = mention_kinds("- Fees better than Wen Hui's Jan total.\n- Lager \"Opa's Sunday\" is flat.\n")
    # fails before: the possessive stayed on the name ("Wen Hui's"), a name of its own
    assert "Wen Hui" in found and "Wen Hui's" not in found, found
    assert "Opa" not in found, found  # a word no given name keeps its possessive: no person read into it


def test_a_quoted_title_in_another_language_s_sentence_case_is_a_work() -> None:
    found = mention_kinds(
        '- Reading "Nỗi buồn chiến tranh" on the bus; then the "Số đỏ" notes.\n'
        '- Watched "Cien años de soledad" with Ana.\n'
        '- Quang: "Dạ em gửi rồi" at noon.\n'
    )
    # fails before: the title was cut to its capitalised first word ("Nỗi"), a false name
    assert ("work", "typed_name") in found["Nỗi buồn chiến tranh"], found
    assert ("work", "typed_name") in found["Số đỏ"], found
    assert ("work", "typed_name") in found["Cien años de soledad"], found
    assert "Nỗi" not in found and "Dạ em gửi rồi" not in found, found  # a quoted message is no title


def test_a_school_subject_capitalised_is_no_name(tmp_path: Path) -> None:
    kinds = workspace_kinds(
        tmp_path,
        {
            "memory/2027-02-01.md": "- Aiman has Geography on Friday and Economics after lunch.\n",
            "memory/2027-02-08.md": "- Paid for the Geography worksheets; the Economics test is next week.\n",
            "memory/2027-02-15.md": "- Marked the Geography quiz, then the Economics essays in Ipoh.\n",
        },
    )
    # fails before: a subject capitalised in three files was an entity
    assert "geography" not in kinds and "economics" not in kinds, kinds


def test_the_familiar_prefix_ah_opens_a_name() -> None:
    found = mention_kinds(
        "  [3/9, 21:10] Ah Kow: court 4 booked\n- Mooncakes at Ah Por's house.\n"
        "- Lee Ah Kow — coach.\n- Ah, Sunday.\n"
    )
    # fails before: "Ah" was the interjection, the speaker unread and the names cut to "Kow" and "Por"
    assert ("person", "speaker") in found["Ah Kow"], found
    assert "Ah Por" in found and "Lee Ah Kow" in found, found
    assert "Kow" not in found and "Por" not in found and "Ah" not in found, found
