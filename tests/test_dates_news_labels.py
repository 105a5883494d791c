"""Session 26, dates (h-dates38): a list item records news received whatever its label's word, when the label
is a verb of perceiving in its past form (WordNet: "Spotted:", "Overheard:", "Glimpsed:"), the news's
source ("Per Ana:", "Via the parish office:", "According to Bo:") or a noun of news ("Gossip:", "Intel:");
the day of the news is the line's, not the telling's. Perceiving on purpose ("Listened:", "Watched:") and
"Saw:" (a visit as often) are the writer's own acts. Phrases and worlds written for these tests, not from
the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.record_lines import records_news
from mdrecall.knowledge.dates.valid_time import line_dates

#: 2032-02-10 is a Tuesday.
_WRITTEN = date(2032, 2, 10)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Spotted: the bakery put a sign up. From March 2 it opens at seven.", date(2032, 3, 2)),
        ("- Overheard: Lorcan rang the council; the skip comes on the 19th.", date(2032, 2, 19)),
        ("- Per Amara: the landlord called round. Viewing is on Friday 13 February.", date(2032, 2, 13)),
        ("- Via the parish office: they emailed, the hall is ours from 1 March.", date(2032, 3, 1)),
        ("- **Gossip:** Tobiah resigned. His last day is 27 February.", date(2032, 2, 27)),
    ],
)
def test_a_line_labelled_as_news_is_about_the_day_of_its_news(line: str, day: date) -> None:
    assert records_news(line)
    assert line_dates(line, _WRITTEN)[0] == day


@pytest.mark.parametrize(
    "line",
    [
        "- Listened: the podcast rang a bell; the next episode is on the 19th.",
        "- Watched: the film we booked, the sequel opens on the 19th.",
        "- Saw: Dr Oyelowo about the wrist, rang the clinic, next check on the 19th.",
        "- Ordered: the tiles rang up at £300, they arrive on the 19th.",
        "- Lorcan: rang the council, the skip comes on the 19th.",
    ],
)
def test_a_label_of_ones_own_act_is_no_record_of_news(line: str) -> None:
    assert not records_news(line)
