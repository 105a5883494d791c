"""The closed lexicon of states a thing is in, grouped into scales whose states exclude one another (an
invoice paid or unpaid, a booking booked or cancelled, a patient unwell or well): the wordings of each
state, the pattern finding one on a line, and each wording's scales. Read by the fact reader
(:mod:`mdrecall.knowledge.fact_lines.facts`, through :mod:`mdrecall.knowledge.fact_lines.fact_words`) and the
change-line pairing. Constants only, English.
"""

from __future__ import annotations

import re

__all__ = ["STATUS", "STATUS_OF", "STATUS_SCALES"]

#: Parts of the body and medical tests said to be clear once an illness is over (the health scale's "well").
_CLEAR_PARTS = ("ear", "ears", "eye", "eyes", "chest", "lungs", "skin", "throat", "scan", "x-ray", "bloods")
#: Illnesses and injuries named as a state (the health scale's "unwell"): common nouns and participles, not
#: words that mostly mean something else ("cold", "break") nor ones named for a vaccine ("flu jab").
_CONDITIONS = ("infection", "infected", "fever", "sprained", "fractured")
#: A closed lexicon of states a thing is in, grouped into *scales*: each scale's states exclude one another
#: (an invoice is paid or unpaid, a booking booked or cancelled), so two states of one scale on the same
#: subject on different days are a change ("#114 unpaid" … "Lumen settled #114"). Each state lists its
#: wordings (lower case; a wording may stand in several scales). Words that mostly mean something else in
#: ordinary notes ("open" for hours, "live" for a home, "done" for a task's step, "running" late) are left
#: out.
STATUS_SCALES: dict[str, dict[str, tuple[str, ...]]] = {
    "pay": {
        "paid": ("paid", "settled", "reimbursed", "refunded"),
        "unpaid": ("unpaid", "outstanding", "overdue", "owing", "owed", "unsettled"),
    },
    "issue": {
        "open": ("reopened", "unresolved"),
        "closed": ("resolved", "fixed", "closed", "completed"),
    },
    "run": {
        "active": ("active", "resumed", "reactivated"),
        "paused": ("paused", "suspended", "on hold"),
        "ended": ("cancelled", "canceled", "discontinued"),
    },
    "booking": {
        "booked": ("booked", "confirmed", "reserved"),
        "tentative": ("tentative", "provisional", "pencilled in", "penciled in"),
        "cancelled": ("cancelled", "canceled"),
    },
    "review": {
        "pending": ("pending", "submitted", "awaiting", "waiting for", "waiting on"),
        "approved": ("approved", "accepted", "granted"),
        "rejected": ("rejected", "declined", "refused", "denied"),
    },
    # a value not known yet (a thing to be decided, arranged or told) and its being settled: only the move
    # from open to settled is a change (:func:`mdrecall.knowledge.changes.state_pairs.state_pairs`); the
    # settled wordings are the verbs that close an open question of arrangement or agreement
    "decision": {
        "open": (
            "tbd",
            "tba",
            "tbc",
            "undecided",
            "unconfirmed",
            "to be decided",
            "to be confirmed",
            "to be arranged",
            "not decided",
            "not agreed",
            "not confirmed",
            "not booked",
            "not arranged",
            "not settled",
            "no news",
        ),
        "settled": (
            "decided",
            "agreed",
            "signed",
            "confirmed",
            "booked",
            "arranged",
            "finalised",
            "finalized",
            "granted",
            "approved",
            "accepted",
        ),
    },
    # a thing in use put out of service and back ("the lift is out of order" … "lift fixed"): only the
    # return to service is a change (:func:`mdrecall.knowledge.changes.state_pairs.state_pairs`); a thing
    # breaking again later is most often another fault, told as an event
    "service": {
        "out": (
            "out of order",
            "out of service",
            "out of action",
            "out of use",
            "out of commission",
            "broken down",
            "not working",
            "is broken",
            "are broken",
            "leaks",
            "is leaking",
            "are leaking",
            "faulty",
        ),
        "working": (
            "fixed",
            "repaired",
            "mended",
            "back in service",
            "back in use",
            "back in action",
            "back in order",
            "back in operation",
            "in service again",
            "working again",
            "running again",
            "open again",
            "back open",
            "reopened",
            "up and running",
            "operational again",
        ),
    },
    "health": {
        # a return to health in the idioms that say it ("fine again", "like nothing ever happened")
        "well": (
            "healthy",
            "recovered",
            "fine again",
            "well again",
            "better again",
            "all better",
            "good as new",
            "nothing ever happened",
            "nothing had happened",
            "all clear",
            "cleared up",
            # a part of the body, a test, found clear again ("her ear is clear", "the scan came back clear")
            *(f"{part} {verb} clear" for part in _CLEAR_PARTS for verb in ("is", "are", "was", "came back")),
        ),
        # an illness or an injury named ("ear infection", "a fever since Sunday", "sprained wrist")
        "unwell": ("injured", "sick", "ill", "limping", "lame", "unwell", *_CONDITIONS),
        "recovering": ("recovering",),
    },
}
#: A wording of :data:`STATUS_SCALES` as a whole word, not negated ("not paid", "isn't booked", "never
#: approved": the line's state is not read), nor, for "closed", a time span ("closed on Mondays").
STATUS = re.compile(
    r"(?<!\bnot )(?<!n't )(?<!\bnever )(?<!\bnot yet )(?<!\bno )"
    r"\b(closed(?! (?:on|at|from|until|till|for|over) )|"
    + "|".join(
        sorted(
            {w for scale in STATUS_SCALES.values() for ws in scale.values() for w in ws} - {"closed"},
            key=lambda w: (-len(w), w),
        )
    )
    + r")\b"
)
#: Each wording of :data:`STATUS_SCALES` → its ``(scale, state)`` pairs.
STATUS_OF: dict[str, tuple[tuple[str, str], ...]] = {}
for _scale, _states in STATUS_SCALES.items():
    for _state, _wordings in _states.items():
        for _w in _wordings:
            STATUS_OF[_w] = (*STATUS_OF.get(_w, ()), (_scale, _state))
