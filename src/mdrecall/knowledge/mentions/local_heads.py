"""Names opened by a head noun of another language's addresses and businesses, read whole before the
capitalised runs cut them (for :func:`mdrecall.knowledge.mentions.phrase_names.add_phrases`): a district,
ward, street, lane or market of Vietnam, Malaysia, Indonesia or the Philippines ("Quận 7", "Phường Bến Nghé",
"đường Lê Lợi", "Jalan Burma", "Lorong 3", "Pasar Chow Kit") is a place; a firm opened by its legal form or
its trade's head ("Công ty TNHH Hoa Sen", "PT Sinar Abadi", "Nhà hàng Ngọc Sương") an organisation.

Each head is the common noun these languages write before a proper name or a number, as English writes
"Street" after one; the head is part of the name, in upper or lower case ("chợ Bến Thành", "Chợ Bến Thành").
Before a number only the address heads ("Quận 3", "Hẻm 42"), whose number is the name. A given name after a
form of address is no such name: the heads are no address words of people.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.mention_patterns import LOWER_LETTERS, STOP, UPPER_LETTERS
from mdrecall.knowledge.mentions.file_scan import FileScan

__all__ = ["PLACE_HEADS", "add_local_names"]

#: Heads of a place's name: Vietnamese district, ward, commune, province, street, lane, alley, market,
#: residential quarter and sports ground; Malay and Indonesian street, lane, garden estate, village, market;
#: Filipino district. Written as the language writes them (the first letter's case aside).
PLACE_HEADS = (
    "quận", "phường", "huyện", "xã", "tỉnh", "đường", "phố", "ngõ", "hẻm", "chợ", "cư xá", "sân",
    "jalan", "jln", "lorong", "lebuh", "persiaran", "lebuhraya", "taman", "kampung", "kampong", "pasar",
    "kelurahan", "kecamatan", "barangay", "brgy",
)  # fmt: skip
#: Heads of a firm's name: Vietnamese company (with its legal form: limited, joint-stock), shop, workshop,
#: restaurant, eatery, supermarket, hotel, hospital, clinic, bank, bookshop; Indonesian legal forms (PT, CV).
ORG_HEADS = (
    "công ty TNHH", "công ty cổ phần", "công ty CP", "công ty", "cty TNHH", "cty", "cửa hàng", "tiệm",
    "xưởng", "nhà hàng", "siêu thị", "khách sạn", "bệnh viện", "phòng khám", "ngân hàng", "nhà sách",
)  # fmt: skip
#: Heads written in capitals only: Indonesian legal forms (PT, CV), and the initials of a school's type in
#: Vietnam (THPT upper secondary, THCS lower secondary), Malaysia (SMK, SMJK, SK, SJKC) and Indonesia (SMA,
#: SMP, SD): "SMK Bukit Jambul", "THCS Lê Quý Đôn".
_UPPER_HEADS = ("PT", "CV", "THPT", "THCS", "SMK", "SMJK", "SJKC", "SK", "SMA", "SMP", "SD")
#: Address heads a number may follow ("Quận 3", "Phường 12", "Hẻm 42", "Lorong 5").
_NUMBERED = frozenset("quận phường hẻm ngõ lorong jalan jln".split())

_WORD = rf"[{UPPER_LETTERS}][{LOWER_LETTERS}]+"


def _heads(words: tuple[str, ...]) -> str:
    """A head alternative, each head's first letter in either case ("[Qq]uận")."""
    alts = sorted(words, key=len, reverse=True)
    return "|".join(f"[{w[0].upper()}{w[0]}]{re.escape(w[1:])}" for w in alts)


#: A head, then a number (address heads) or one to four capitalised words (never across a line).
_LOCAL = re.compile(
    rf"(?<![\w'’-])(?:(?P<place>{_heads(PLACE_HEADS)})|(?P<org>{_heads(ORG_HEADS)})"
    rf"|(?P<upper>{'|'.join(sorted(_UPPER_HEADS, key=len, reverse=True))}))"
    rf"[ ](?:(?P<num>\d{{1,3}}[A-Z]?)(?![\w'’/:.,-]\w)|(?P<name>{_WORD}(?:[ ]{_WORD}){{0,3}}))(?![\w'’-])"
)
#: A capitalised word after a number: the number is an address's, the name the street's ("Hẻm 45 Bàu Cát").
_ADDRESS_GOES_ON = re.compile(rf"[ ]{_WORD}")


def add_local_names(scan: FileScan) -> None:
    """Add the names opened by a local head in ``scan`` (places and organisations) and take their spans."""
    plain = scan.plain
    for m in _LOCAL.finditer(plain):
        i = scan.line_of(m.start())
        if i in scan.skip or i in scan.heads or scan.taken.overlaps(m.start(), m.end()):
            continue
        head = (m.group("place") or m.group("org") or m.group("upper") or "").casefold()
        if m.group("num") and (
            head not in _NUMBERED or m.group(0).islower() or _ADDRESS_GOES_ON.match(plain, m.end())
        ):
            continue  # "hẻm 45 Bàu Cát": a house's or an alley's number in a street's address, no name
        words = (m.group("name") or "").split()
        if words and words[0] in STOP:
            continue  # "PT Monday", "chợ Sunday": a calendar word, no name
        if m.group("upper") and len(words) < 2:
            continue  # "my CV Template": a PT or CV before one word is as often a document or a session
        kind = "place" if m.group("place") else "organisation"  # a school, a firm
        scan.add(i, m.group(0), kind, "typed_name")
        scan.taken.add(m.start(), m.end())
