"""Runs of capitalised words read as name candidates (for
:func:`mdrecall.knowledge.mentions.extract.extract_entities`): where a run stands (a line's or a table cell's
text, opening it or not), its stop words taken off both ends, and what it takes from its neighbours (an
abbreviation's dot, an acronym before or after it, a device's model number, a place noun: "Spoke Print
Co.", "Weta FX", "a Pixel 8", "the Harbour room"). Their kinds are :mod:`.candidate_kinds`'s."""

from __future__ import annotations

import re
from dataclasses import dataclass

from mdrecall.knowledge.lexicon.address_words import address_word, kin_address
from mdrecall.knowledge.lexicon.discipline_words import discipline_word
from mdrecall.knowledge.lexicon.log_marks import TAGGED
from mdrecall.knowledge.lexicon.mention_patterns import (
    ABBREVIATION_DOT,
    ACRONYM_BEFORE,
    ACRONYM_NEXT,
    BULLETS,
    CAPS,
    HONORIFICS,
    LIST_NEXT,
    MODEL_BEFORE,
    MODEL_NUMBER,
    NOT_MIXED,
    NOUN_AFTER,
    OPENING,
    PARTICLE_WORD,
    SAINTS_PLACE,
    STAMPED,
    STOP,
    TITLES,
    UNIT_SYMBOL,
)
from mdrecall.knowledge.lexicon.name_lists import (
    common_word,
    demonym,
    given_name,
    kin_word,
    known_name,
    known_words_max,
    lower_noun,
    places,
)
from mdrecall.knowledge.lexicon.name_words import (
    ABBREVIATED,
    ACRONYM_TAILS,
    LEGAL_FORMS,
    ORG_WORD,
    PLACE_NOUNS,
    PLACE_WORDS,
)
from mdrecall.knowledge.mentions.bridged_names import bridged_run
from mdrecall.knowledge.mentions.family_order import premises_on
from mdrecall.knowledge.mentions.family_runs import familiar_prefix, family_run, titled_family
from mdrecall.knowledge.mentions.file_scan import FileScan
from mdrecall.knowledge.mentions.lower_address import VIETNAMESE_KIN
from mdrecall.knowledge.mentions.mention_readers import (
    Leads,
    is_rare,
    page_title,
    sentence_start,
    tech_like,
    text_before,
)
from mdrecall.knowledge.mentions.model_codes import model_after, numbered_noun
from mdrecall.knowledge.mentions.name_edges import name_word, trim_leading
from mdrecall.knowledge.mentions.names import name_kind
from mdrecall.knowledge.mentions.opening_names import opening_lead
from mdrecall.knowledge.mentions.place_adjectives import compass_adjective
from mdrecall.knowledge.mentions.section_kinds import TableCells

__all__ = ["Candidate", "capital_candidates"]

#: A surname's initial after a first name ("Piotr W.", "Sam K.,"), the sentence going on or ending.
_INITIAL_AFTER = re.compile(r"[ ]([^\W\d_]\.)(?=[ ,;:)]|$)")
#: Initials before a given name ("K. Ramesh", "T. M. Lakshmi": South Indian names, the initials those of the
#: father's name or the place, the given name the one the person is called by), at a line's or a phrase's
#: start or after a space.
_INITIALS_BEFORE = re.compile(r"(?:^|(?<=[\s(\[|:,]))((?:[A-Z]\.[ ]?){1,3})[ ]?$")
#: Middle initials and a surname after a first name ("Dorothy L. Sayers", "George R. R. Martin").
_INITIALS_SURNAME = re.compile(r"[ ]((?:[A-Z]\.[ ]){1,3})([A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)?)(?![\w'’-])")
#: A regnal number, then an institution's or a place's word ("King Edward VII School", "Pius XI Hospital").
_NUMBERED_HEAD = re.compile(r"[ ](II|III|IV|VI|VII|VIII|IX|XI|XII|XIII|XIV)[ ]([A-Z][a-z]+)(?![\w'’-])")
#: All-capitals words that are a role before a person's name ("CEO Okafor"), not an institution's initials.
_ROLES = frozenset("CEO CTO CFO COO CMO CIO CPO VP SVP EVP PM PO HR MD GP QA DJ MC".split())


#: An acronym opening a line, perhaps after a bullet ("- ESB " before "Networks").
_ACRONYM_OPENING = re.compile(r"^[ \t]*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?([A-Z]{2,4})[ ]\Z")
#: Stop words of praise or mood that open a name after a determiner ("his Happy Hoof", "the Great Wall").
_QUALITY = frozenset("Happy Good Great Nice Cool Awesome Bad".split())
#: A number ending the text before a word ("500 ", "2x"): a unit's symbol may follow.
_NUMBER_END = re.compile(r"\d[ ]?\Z")
_DETERMINER_BEFORE = re.compile(r"(?<![\w'’])(?:the|a|an|his|her|my|our|their|your|its)[ ]\Z")
#: A possessive filling a table cell ("| Nando's |").
_POSSESSIVE_CELL = re.compile(r"['’]s[ ]*\|")


@dataclass(slots=True)
class Candidate:
    """A run of capitalised words that may be a name, and where it stands."""

    line: int  # 0-based
    words: list[str]
    before: str  # the line's text before the name
    after: str  # a little of the text after it ("" where a stop word ended the run)
    opens: bool  # opens a sentence, a line or a heading: capitalised anyway
    heading: bool
    span: tuple[int, int]  # the run's span in the joined text
    line_start: int  # where its line's (or its table cell's) text starts
    name_at: int  # where the name starts once the words before it are taken off
    header: str | None = None  # the kind its table column's header gives, opening a cell
    column: tuple[int, int] | None = None  # its table column, opening a cell
    spoken: bool = False  # its line is someone's message after a speaker label ("Lan: Mai em qua")


#: A day's number after a run: its last word, a calendar word, is a date's ("Lim Wei Mar 5").
_DAY_AFTER = re.compile(r"[ ]\d{1,2}(?!\d)")


def _stop(word: str) -> bool:
    """A word that is no name alone (:data:`STOP`), or two joined by a hyphen one of which is ("Fri-Sun")."""
    return word in STOP or ("-" in word and any(part in STOP for part in word.split("-")))


def capital_candidates(scan: FileScan, path: str | None) -> tuple[list[Candidate], TableCells | None]:
    """The name candidates of ``scan``'s capitalised runs outside the spans taken, and the file's tables.
    A title and a surname ("Mrs Okoye") and a first heading that spells the page's file name
    (:func:`~.mention_readers.page_title`) are added to ``scan`` at once."""
    plain, taken, skip = scan.plain, scan.taken, scan.skip
    page = page_title(scan.lines, scan.headings, path) if path and scan.headings else None
    leads = Leads(plain)
    tables = TableCells(scan.lines, scan.starts) if "|" in plain and "-" in plain else None
    found: list[Candidate] = []
    joined_to = 0  # where a run joined across small words ends: the runs inside it are read
    for m in CAPS.finditer(plain):
        at, end = m.start(), m.end()
        i = scan.line_of(at)
        if at < joined_to or i in skip or taken.overlaps(at, end):
            continue
        c = _placed(scan, m, i, leads, tables)
        if c is None:
            continue
        if (bridged := bridged_run(plain, c.words, end, c.opens)) and not taken.overlaps(at, bridged[1]):
            (c.words, end), joined_to = bridged, bridged[1]  # "Owl by the Bridge Inn": one venue's name
            c.span = (at, end)
        words = c.words
        title = words[0] == "The" and not c.opens and len(words) > 1  # "about The Overstory": a title
        if len(words) == 2 and words[0] in TITLES and not given_name(words[1]):
            scan.add(i, " ".join(words), "person", "typed_name")  # "Mrs Okoye": the surname with its title
            continue
        if len(words) == 2 and _addressed(words[0], words[1]):
            scan.add(i, " ".join(words), "person", "typed_name")  # "Kuya Jun", "Mang Boy": a person's name
            continue
        trailing = _trim_stop_words(c, title, _DAY_AFTER.match(plain, end) is not None)
        if not c.words or (len(c.words) == 1 and _no_name_alone(c.words[0], c.before)):
            continue
        if titled_family(c.words, len(c.words) == 3 and _known_humped(c.words[2]) is not None):
            scan.add(i, " ".join(c.words[:2]), "person", "typed_name")  # "Auntie Lim": her name, as written
            if len(c.words) == 3:
                scan.add(i, c.words[2], _known_humped(c.words[2]) or "unknown", "typed_name")
            continue
        if len(c.words) == 2 and given_name(c.words[0]) and (app := _known_humped(c.words[1])) is not None:
            scan.add(i, c.words[1], app, "typed_name")  # "Ayesha WhatsApp 21:40": a person, then the app
            c.words = c.words[:1]
            trailing = True
        if (len(c.words) == 1 and demonym(c.words[0])) or compass_adjective(c.words):
            c.opens = True  # "English titles", "a little Polish": an adjective alone, a weak candidate only
        labelled = c.before.rstrip().endswith(":")
        lead = trim_leading(c.words, c.opens, labelled) if len(c.words) > 1 and not title else 0
        lead = lead or opening_lead(c.words, c.opens, c.heading)  # "Rang Atlantic Chill": a verb opens it
        if lead and family_run(c.words[lead - 1 :]):
            lead -= 1  # "Tran Thi Huong came by": a family name, no opener before a given name
        if (
            len(c.words) - lead > 1
            and c.words[lead].rstrip(".") in HONORIFICS
            and given_name(c.words[lead + 1])
        ):
            lead += 1  # "Pastor Joseph Kimani": the title is no part of the name
        if lead:
            c.before += " ".join(c.words[:lead]) + " "
            c.name_at += sum(len(w) + 1 for w in c.words[:lead])
            c.words = c.words[lead:]
            c.opens = c.heading
            if _noun_left(c.words):
                continue  # "Slimming World: Thursdays": a noun left alone by an opener taken for a verb
        if family_run(c.words):  # "Nguyễn Thị Lan", "Tan Wei Ming"; "a shop on Lê Lợi": a street's name
            scan.add(i, " ".join(c.words), "place" if premises_on(c.before) else "person", "typed_name")
            continue
        if (
            len(c.words) == 1
            and not trailing
            and given_name(c.words[0])
            and (mid := _INITIALS_SURNAME.match(plain, end))
            and mid[2] not in STOP
            and not taken.overlaps(end, mid.end())
        ):  # "Dorothy L. Sayers": the initials and the surname are the name's, not a sentence's end
            c.words += [*mid[1].split(), mid[2]]
            joined_to = end = mid.end()
            c.span = (c.span[0], end)
        elif (
            not trailing
            and (reign := _NUMBERED_HEAD.match(plain, end))
            and (ORG_WORD.match(reign[2]) or reign[2] in PLACE_WORDS)
            and not taken.overlaps(end, reign.end())
        ):  # "King Edward VII School": the school named after the king is one name, not "VII School"
            c.words += [reign[1], reign[2]]
            joined_to = end = reign.end()
            c.span = (c.span[0], end)
        c.after = "" if trailing else plain[end : end + 40]
        _take_neighbours(c, plain, end, trailing)
        if len(c.words) == 1 and numbered_noun(c.words[0], c.after):
            continue  # "at Unit 4", "Studio A booked", "Type I fluid": a noun numbering things, no name
        if len(c.words) in (2, 3) and c.words[0] in ("St", "St.", "Saint") and SAINTS_PLACE.match(plain, end):
            c.words[-1] += "'s"  # "at St Teresa's, Eastleigh", "St Mary Magdalene's.": the saint's church
        elif _possessive_business(c.words, plain, end):
            c.words[-1] += plain[end : end + 2]  # "cake from Nando's." : a business named "X's"
        if page is not None and i == page[0] and " ".join(c.words) == scan.lines[i].lstrip("# ").strip():
            name = " ".join(c.words)
            scan.add(i, name, page[1] or name_kind(name, c.words, "", "")[0], "typed_name")
            continue
        found.append(c)
    return found, tables


def _placed(
    scan: FileScan, m: re.Match[str], i: int, leads: Leads, tables: TableCells | None
) -> Candidate | None:
    """The run ``m`` on line ``i`` as a candidate: where its line's text (or its table cell, which reads as
    a line of its own) starts, whether it opens it; None for a run before that start (a speaker's label)."""
    at, plain = m.start(), scan.plain
    line_start = scan.line_start(i)
    header: str | None = None
    column: tuple[int, int] | None = None
    if tables and (cell := tables.cell(i, at)) is not None:
        line_start = cell[0]  # a table cell reads as a line of its own
        if cell[1] is not None and at == line_start:
            header = cell[1]
        if at == line_start:
            column = tables.column(i, at)
    if at < line_start:
        return None
    before = text_before(plain, line_start, at)
    heading = i in scan.heads
    opens = (
        heading
        or sentence_start(before, leads.only(line_start, at, OPENING))
        or leads.only(line_start, at, BULLETS)
        or leads.only(line_start, at, STAMPED)
        or leads.only(line_start, at, TAGGED)  # "- [fact] Works from home": a log's type tag
    )
    if opens and not heading and before.rstrip().endswith(":") and LIST_NEXT.match(plain, m.end()):
        opens = False  # the first item of a list after a label ("Attendees: Bo, Fatima")
    words = m.group(0).split()
    spoken = scan.body.get(i) == line_start
    return Candidate(
        i, words, before, "", opens, heading, (at, m.end()), line_start, at, header, column, spoken
    )


def _addressed(word: str, name: str) -> bool:
    """Is ``word name`` a form of address of another language and a name ("Kuya Jun", "Tita Baby", "Pak
    Budi")? Any capitalised word after it is a name; after one that is an English word too ("Ate"), a given
    name or a name's shape only ("Ate Lorna", not "Ate Pizza")."""
    if not kin_address(word) or word in HONORIFICS or (_stop(name) and not given_name(name)):
        return False
    return not common_word(word) or given_name(name) or name_word(name)


def _trim_stop_words(c: Candidate, title: bool, day_after: bool = False) -> bool:
    """Take the stop words off the run's ends (not a title's "The", nor a place's "on Great North Road"
    first words); whether any came off its end (the sentence ends there). ``day_after``: a day's number
    follows the run ("Lim Wei Mar 5": its last word a month's)."""
    words = c.words
    place_like = not c.opens and len(words) > 2 and words[-1] in PLACE_WORDS  # "on Great North Road"
    lead = 0
    while lead < len(words) and _stop(words[lead]) and not title and not place_like:
        lead += 1
    if lead == 1 and len(words) > 1 and words[0] in _QUALITY and _DETERMINER_BEFORE.search(c.before):
        lead = 0  # "ate his Happy Hoof", "a Good Food Guide": after a determiner, the adjective is the name's
    if lead == 1 and len(words) == 2 and given_name(words[0]) and name_word(words[1]):
        lead = 0  # "Jun Dizon", "April Ludgate": a given name that is a month too, then a surname
    if lead == 1 and len(words) == 2 and familiar_prefix(words):
        lead = 0  # "Ah Boon", "Ah Ma": a familiar prefix, not the interjection
    if lead:  # taken off at once: a long run of such words is not shifted once per word
        taken_off = " ".join(words[:lead]) + " "
        c.before, c.name_at, words = c.before + taken_off, c.name_at + len(taken_off), words[lead:]
    trailing = False
    longest = known_words_max()  # a run longer than every well-known name is none of them
    while words and _stop(words[-1]) and (len(words) > longest or known_name(" ".join(words)) is None):
        if len(words) >= 3 and not day_after and family_run(words[-3:]):
            break  # "(Met) Kim Min Jun": a custom's name, its last syllable a calendar word too
        if len(words) == 2 and address_word(words[0]) and given_name(words[-1]):
            break  # "Kuya Jun", "Tita April": after a form of address, a given name, not a month
        if len(words) > 2 and PARTICLE_WORD.fullmatch(words[-2]):
            break  # "Santa Maria del Mar", "Plaza de Mayo": after a name's small word, the name's own word
        if len(words) > 2 and words[-1] == "Week" and not any(_stop(w) for w in words[:-1]):
            break  # "London Fashion Week", "Mental Health Awareness Week": an event's last word
        words.pop()
        trailing = True
    if words and words[-1] == "St.":  # "on Main St. Then": the street's, the sentence ended
        words[-1] = "St"
    elif (
        trailing
        and words
        and words[-1][-2:] in ("'s", "’s")
        and (len(words) > 1 or given_name(words[-1][:-2]))
    ):
        words[-1] = words[-1][:-2]  # "Bee Lian's Jan fees", "Priya's Monday class": the person owns them
    c.words = words
    return trailing


def _take_neighbours(c: Candidate, plain: str, end: int, trailing: bool) -> None:
    """What the name takes from the text around it: an abbreviation's dot, an acronym, a model number, a
    place noun."""
    words = c.words
    if c.after[:1] == "." and words[-1] in ABBREVIATED and ABBREVIATION_DOT.match(c.after):
        words[-1] += "."  # "from Spoke Print Co. in Halifax": the dot is the name's, the sentence goes on
        c.after = c.after[1:]
    if (
        c.after.startswith(" ")
        and (acr := ACRONYM_NEXT.match(plain, end))
        and acr[1] in ACRONYM_TAILS
        and not (acr[1] in LEGAL_FORMS and " ".join(words) in places())  # "Durban SA": the country's code
    ):
        words.append(acr[1])  # "Weta FX", "Travis CI": the acronym ends the name
        c.after = plain[acr.end() : acr.end() + 24]
    elif c.after.startswith(" ") and (code := _REGION_NEXT.match(plain, end)) and _branch_of(words, code[1]):
        words.append(code[1])  # "Surf Life Saving NSW", "hired from Subsalve UK": a body's national branch
        c.after = plain[code.end() : code.end() + 24]
    elif (
        not c.opens
        and (acr := ACRONYM_BEFORE.search(c.before))
        and (ORG_WORD.match(words[-1]) or _acronym_led(acr[0].strip(), words))
    ):
        words.insert(0, acr[0].strip())  # "for JL Racing": an organisation's initials open its name
        c.before, c.name_at = c.before[: acr.start()], c.name_at - len(acr[0])
    elif ORG_WORD.match(words[-1]) and (acr := _ACRONYM_OPENING.search(c.before)) and acr[1] not in _ROLES:
        words.insert(0, acr[1])  # "- KCC Networks NC6 sent": initials and an organisation's word open a line
        c.before, c.name_at = c.before[: acr.start(1)], c.name_at - len(acr[1]) - 1
    if (
        len(words) <= 2
        and (num := MODEL_NUMBER.match(c.after))
        and MODEL_BEFORE.search(c.before)
        and not given_name(words[0])
        and " ".join(words) not in places()
    ):  # "on a Pixel 8": a device's model, the number is the name's
        words.append(num.group(1))
        c.after = c.after[num.end() :]
    elif len(words) <= 3 and (code := model_after(words, c.before, c.after)):
        words.append(code.group(1))  # "his Orion XT8", "Scopes: Celestron 8SE", "Garmin Swim 2,"
        if not code.group(1).isdigit():
            c.after = c.after[code.end() :]  # (a number stays: "Garmin Swim 2," is a model by it, a product)
    if (
        len(words) == 1
        and given_name(words[0])
        and (initial := _INITIAL_AFTER.match(c.after))
        and initial[1].isupper()
    ):
        words.append(initial.group(1))  # "Piotr W. is on call": a first name and a surname's initial
        c.after = c.after[initial.end() :]
    elif (
        len(words) == 1
        and (given_name(words[0]) or not common_word(words[0].lower()))
        and (lead := _INITIALS_BEFORE.search(c.before))
    ):
        words[:0] = lead[1].split()  # "K. Ramesh", "T.M. Lakshmi": one person's name, as written
        c.before, c.name_at = c.before[: lead.start()], c.name_at - (len(c.before) - lead.start())
        c.opens = c.heading or sentence_start(c.before, not c.before.strip(" \t-*+>[(|"))  # not after "R."
    place_noun = NOUN_AFTER.match(c.after) if not trailing and len(words) <= 2 else None
    joined_name = " ".join(words)
    if (  # "the Harbour room" (but "the Oslo office" is Oslo, "our Short North office" Short North)
        place_noun
        and place_noun.group(1) in PLACE_NOUNS
        and place_noun.group(1) != "office"
        and joined_name not in places()
        and known_name(joined_name) is None
    ):
        words.append(place_noun.group(1))
        c.after = c.after[place_noun.end() :]


def _noun_left(words: list[str]) -> bool:
    """Is the one word left after an opener was taken off a noun that is never a name, no given name and no
    well-known name ("World" of "Slimming World"; not "Windows" of "Another Windows path bug")?"""
    return (
        len(words) == 1 and lower_noun(words[0]) and not given_name(words[0]) and known_name(words[0]) is None
    )


def _no_name_alone(word: str, before: str) -> bool:
    """Is one capitalised word no name alone: a degree ("PhD"), a family word ("Mum's meds", "shared with
    Sis"; not a given name written so), a school's subject ("after Physics") or a unit's symbol after a
    number ("500 Mbit", "20 Gb")?"""
    return (
        word in NOT_MIXED
        or (kin_word(word) and not given_name(word))
        or (word.casefold() in VIETNAMESE_KIN and not (word.isascii() and given_name(word)))  # "Mẹ", "Ông"
        or (discipline_word(word) and not given_name(word) and known_name(word) is None)  # "Physics class"
        or (UNIT_SYMBOL.match(word) is not None and _NUMBER_END.search(before) is not None)
    )


def _known_humped(word: str) -> str | None:
    """The kind of ``word`` where it is a well-known name with a capital inside ("WhatsApp", "YouTube"): no
    one's surname is written so, after a given name it is a thing of its own."""
    known = known_name(word) if tech_like(word) else None
    return known.kind if known is not None and known.kind != "person" else None


def _possessive_business(words: list[str], plain: str, end: int) -> bool:
    """Is one capitalised word with a possessive and no noun after it ("cake from Nando's.", "back on the
    Purina's for now") a business or brand named after its founder, not a person's place ("at Jo's")?"""
    return (
        len(words) == 1
        and (SAINTS_PLACE.match(plain, end) is not None or _POSSESSIVE_CELL.match(plain, end) is not None)
        and not given_name(words[0])
        and not kin_word(words[0])  # "at Gran's.": a relative's home
        and words[0] not in places()
        and words[0] not in HONORIFICS
    )


#: A country's or a region's initials right after a name, ending its sentence's phrase ("Subsalve UK,").
_REGION_NEXT = re.compile(r"[ ]([A-Z]{2,3})(?![\w'’&-]|[ ][A-Z])")


def _branch_of(words: list[str], code: str) -> bool:
    """Is ``code`` (initials after the name ``words``) a country or region the name's body is the branch
    of ("Surf Life Saving NSW", "Subsalve UK"): initials of a well-known place or body, after a name that
    is no place itself ("Leeds UK": where Leeds is) and opens with no given name ("Dana Ruiz UK")?"""
    known = known_name(code)
    if known is None or known.kind not in ("place", "organisation"):
        return False
    name = " ".join(words)
    if len(words) == 1 and (common_word(words[0]) or lower_noun(words[0])):
        return False  # "Current US guidelines", "Many UK trusts": a word of the sentence before a country
    return name not in places() and known_name(name) is None and not given_name(words[0])


def _acronym_led(acronym: str, words: list[str]) -> bool:
    """Is an acronym before one capitalised word the start of its name: a known place ("TU Munich", an
    institution named after its city) or a word no list knows ("OC Transpo"), the acronym no well-known
    name, no role ("CEO Okafor") and no word written in capitals ("is NOT Kip"); or a well-known
    organisation's initials before a word no list knows and no place ("BBC Micros", "NHS Lothian": its
    product or branch)?"""
    if len(words) != 1 or acronym in _ROLES:
        return False
    known = known_name(acronym)
    if known is not None:
        return known.kind == "organisation" and words[0] not in places() and is_rare(words)
    return not (len(acronym) > 2 and common_word(acronym)) and (  # "is NOT Kip": capitals for stress
        words[0] in places() or is_rare(words) or (common_word(words[0]) and not given_name(words[0]))
    )  # "via NFU Mutual", "the FIT Show": a frequent word capitalised mid-sentence after initials is theirs
