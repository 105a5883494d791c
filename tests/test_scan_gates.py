"""The one-character tests in front of two long alternations scanned on every line or page (the note date
grammar, the holidays' names): a position no alternative can open at fails one test, and the matches are
exactly those of the alternation without it."""

from __future__ import annotations

import re

from mdrecall.knowledge.mentions import holiday_names
from mdrecall.knowledge.mentions.file_scan import FileScan
from mdrecall.text.date_phrases.date_grammar import note_grammar, note_phrases
from mdrecall.text.date_phrases.holidays import holiday_pattern

#: Lines of an assistant's memory and a club's diary, with dates of many shapes (new wordings).
LINES = [
    "- Update (11/9): the pottery kiln is now booked by Oriel Haskett 7",
    "- User prefers rooibos 4 for the quiz night (said 10/2)",
    "- Glaze order: Thursday 14 May, then again on the 3rd & 17th of June",
    "Ferry crossing moved from Fri to next Tues; eod tmrw for the deposit",
    "- Q3 review w/c 6 July, H2 budget in H1 2028; sprint wk 12, KW 33",
    "Since 2019 the allotment rota ran to 31/12/2027 (dd/mm), see 2027-12-31",
    "- Hogmanay and Shrove Tuesday bake-off, Whit Monday off, st swithin's day rain",
    "ſunday 3 ſept",
    "Ｍonday at 9",
    "١٢/٣ booked",
    "Thrusday standup",
    "half-term, in H2, by h1",
    "the 2nd XI play on Sat 14.III.2027; 22.-24.4. away; 12.06.2025 invoice",
    "",
]


def _ungated(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The grammar without its one test before the phrases that open with a letter (each of which has its
    own test after it)."""
    gate = re.compile(r"\)\|\(\?=\[[^\]]+\]\)\(\?:(?=\(\?=\[)")
    assert len(gate.findall(pattern.pattern)) == 1
    return re.compile(gate.sub(")|(?:", pattern.pattern), pattern.flags)


def _found(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], str | None, dict]]:
    return [(m.span(), m.lastgroup, m.groupdict()) for m in pattern.finditer(text)]


def test_grammar_tests_the_letter_phrases_once() -> None:
    for typos in (False, True):
        grammar = note_grammar(typos)
        plain = _ungated(grammar)
        for line in LINES:
            assert _found(grammar, line) == _found(plain, line), line
        assert _found(grammar, "\n".join(LINES)) == _found(plain, "\n".join(LINES))


def test_phrases_with_typos_are_the_typo_grammars_matches() -> None:
    # the grammar with misspelt weekdays is never compiled for the notes: its matches are the plain
    # grammar's, and a misspelt weekday's where it starts before the plain grammar's next match
    lines = [
        *LINES,
        "weekday rota: Wendsday or Frday, the Saturday after thursdy; midday someday",
        "Tusday 4 May, then saturdy the 9th; monday week and ſaturdy",
        "thrusday thrusday thrusday",
        "the 3rd and fridya 6 june, then Sunday",
    ]
    for typos in (False, True):
        for text in [*lines, "\n".join(lines)]:
            assert _found(note_grammar(typos), text) == [
                (m.span(), m.lastgroup, m.groupdict()) for m in note_phrases(text, typos)
            ], text
    assert [m.lastgroup for m in note_phrases("see you thrusday", True)] == ["wtypo"]


def test_holidays_tested_at_their_first_letters() -> None:
    text = "\n".join(LINES) + "\nBoxing day brunch; EASTER MONDAY; st Patrick's Day; Saint Andrew's Day"
    plain = re.compile(rf"(?<![\w'’-])(?:{holiday_pattern()})(?![\w'’-])", re.IGNORECASE)
    gated = holiday_names._holidays()  # noqa: SLF001 - the module's own scanner
    assert gated.pattern.startswith("(?=[")
    assert [m.span() for m in gated.finditer(text)] == [m.span() for m in plain.finditer(text)]
    assert gated.search("Shrove Tuesday") is not None and gated.search("ſt Patrick's Day") is not None


def test_holidays_still_read_as_events() -> None:
    scan = FileScan(["# Club diary", "", "- Bake sale on Shrove Tuesday, then Easter Monday off"])
    holiday_names.add_holidays(scan)
    assert {m[0] for ms in scan.per_line.values() for m in ms} >= {"Shrove Tuesday", "Easter Monday"}
