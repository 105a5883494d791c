"""Supersession (issue 29 part 3, session 16, held_out_8's misses): a page's rows are entries, not changes;
an amount named as a former one and the writer's own withdrawal are values left; a decimal is no clock
time. Wordings and worlds of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.leave_grammar import left_values

from helpers import fact_pairs as _pairs


def test_rows_of_one_table_do_not_supersede_each_other() -> None:
    """Two rows of a page's table, each naming its own thing and an amount, are two entries."""
    pairs = _pairs(
        {
            "ops/subscriptions.md": "# Subscriptions\n\n"
            "| Tool | Use | Renews | Cost | Owner |\n|---|---|---|---|---|\n"
            "| Sentry | error tracking | 4/30/2028 | $14k/yr | Priya |\n"
            "| PagerTree | alerting | 9/30/2028 | $3k/yr | Malik |\n"
            "| Crowdin | localisation | 2/28/2028 | ~$5k/yr | finance |\n",
        }
    )
    assert pairs == {}


@pytest.mark.parametrize(
    ("line", "left"),
    [
        ("insurer came back at $1,150 a year first quote was $1,400", {"1,400"}),
        ("budget is now 55k it was 40k in march", {"40"}),
        ("rent used to be £950 and it is £1,020 from june", {"950"}),
        ("the plumber was $120", set()),  # one amount: the cost told, no other beside it
        ("it was 3 weeks ago that we met 2 of them", set()),  # no amount: a count of weeks
    ],
)
def test_an_amount_named_as_a_former_one_is_left(line: str, left: set[str]) -> None:
    assert left_values(line) == left


def test_a_former_amount_supersedes_the_page_row_stating_it() -> None:
    pairs = _pairs(
        {
            "house/insurance.md": "# Insurance\n\n"
            "| Policy | Insurer | Renews | Premium |\n|---|---|---|---|\n"
            "| Home | Hartwell Mutual | 5/1/2028 | quote $2,300/yr |\n"
            "| Car | Lyle & Co | 8/1/2028 | $900/yr |\n",
            "memory/2028-04-02.md": "# 2028-04-02\n\n"
            "Hartwell Mutual called back about the home policy: $1,950/yr if we add the alarm (the quote was "
            "$2,300). Signing it Friday.\n",
        }
    )
    assert pairs == {("house/insurance.md", 5): ("memory/2028-04-02.md", 3)}


@pytest.mark.parametrize(
    ("line", "left"),
    [
        ("we re backing out of the hangar lease and staying at the airfield office", {"hangar", "leas"}),
        ("i backed out of kestrel camp for the summer", {"kestrel", "camp"}),
        ("the caterer backed out of the fundraiser", set()),  # another's withdrawal: nothing the writer left
    ],
)
def test_the_writers_own_withdrawal_names_the_value_left(line: str, left: set[str]) -> None:
    assert left_values(line) == left


def test_backing_out_of_a_choice_supersedes_the_page_line_but_not_a_dated_comparison() -> None:
    """The page's choice is left; the day's measurement of both options ("0.82 … 0.79", decimals, no clock
    times) stays what it was."""
    pairs = _pairs(
        {
            "projects/telemetry.md": "# Telemetry\n\n- Store: Druid, picked in May after the trial "
            "(p95 0.82 vs 0.79 for ClickHouse).\n",
            "memory/2028-05-03.md": "# 2028-05-03\n\n"
            "- Query trial on the event logs: Druid 0.82, ClickHouse 0.79. Druid is 3x cheaper on disk.\n",
            "memory/2028-07-20.md": "# 2028-07-20\n\n"
            "Decision: we're backing out of Druid and going with ClickHouse. Nobody wants to run the Druid "
            "brokers, and ClickHouse caught up on p95.\n",
        }
    )
    assert pairs == {("projects/telemetry.md", 3): ("memory/2028-07-20.md", 3)}


def test_a_contact_named_again_as_context_is_not_superseded() -> None:
    """A day's line opening with the vet's full details and telling a new diet "from today" changes the
    diet, not the vet: the page's vet line stands."""
    pairs = _pairs(
        {
            "home/cats.md": "# Cats\n\n- Bramble, 12, grey tabby\n"
            "- vet: Dr. Imke Sauer, Riverside Vet Clinic\n",
            "memory/2028-03-09.md": "# 2028-03-09\n\n"
            "Vet (Dr. Imke Sauer, Riverside Vet Clinic): Bramble's thyroid bloods are high. She's on "
            "Felimazole from today, recheck in four weeks.\n",
        }
    )
    assert ("home/cats.md", 4) not in pairs


def test_an_event_done_ends_no_recap_that_names_its_person() -> None:
    """ "Nadia's surgery went fine" ends a plan or a state of Nadia's, not a holiday recap that names her
    family (read as a choice: "used … from")."""
    pairs = _pairs(
        {
            "memory/2028-01-02.md": "# 2028-01-02\n\n"
            "Ski week recap (for the record): the boys used the old sledges from Nadia's brother, Otto got "
            "a microscope, the dog ate a candle.\n",
            "memory/2028-02-14.md": "# 2028-02-14\n\nNadia's surgery went fine this morning. "
            "Home by four, soup and films.\n",
        }
    )
    assert ("memory/2028-01-02.md", 3) not in pairs


def test_a_plan_a_span_ahead_in_a_log_is_moved_by_a_later_line() -> None:
    """ "Physio review in three weeks", told in a day's log, is a plan (a span ahead), not an event of the
    day: a later "got moved to Thursday" supersedes it, and not the page line naming the same person."""
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Ilse (9) is Jonas's niece; she stays with us most school holidays.\n",
            "memory/2028-06-02.md": "# 2028-06-02\n\n"
            "Jonas's scan result: a strained tendon, nothing torn. Physio review with Dr Weber in three "
            "weeks.\n",
            "memory/2028-06-16.md": "# 2028-06-16\n\nJonas's physio review got moved to Thursday.\n",
        }
    )
    assert pairs == {("memory/2028-06-02.md", 3): ("memory/2028-06-16.md", 3)}
