"""Supersession by a state of a scale, and by an amount of a page's subject. Pure.

**A state of a scale** (:data:`~mdrecall.knowledge.fact_lines.fact_words.STATUS_SCALES`: paid/unpaid, booked/
cancelled, pending/approved/rejected, …): a later line *N* saying a thing is in one state of a scale
supersedes an earlier line *O* saying it was in another state of that scale ("#114 … £1,140: unpaid" …
"Lumen settled #114") when

* N names one state of that scale only, and O none of N's states on it;
* they are about one thing: where both name a number of two or more digits (an invoice's, a ticket's),
  they share one, and they share a content word on their own lines (not a state's word) that is rare
  among the lines naming a state, or such a number; a shared word or number lies within :data:`NEAR`
  words of O's state or among O's first :data:`NEAR` words (the thing in that state: "Cancelled the
  Malcesine flat. Ljubljana it is" … "Ljubljana apartment confirmed" confirms Ljubljana, it does not book
  the flat again); the cosine of their word sets is at least
  :data:`~mdrecall.knowledge.changes.change_pairs.MIN_COSINE`;
* O is the one closest to N (the highest cosine) of the lines naming that scale: a tie is no pairing
  (two invoices of one client, both unpaid, and "Lumen paid" naming neither);
* N was written later (:func:`~mdrecall.knowledge.changes.change_pairs.written_before`).

**An amount of a page's subject**: a line naming its thing by one word before an amount ("Budget: £14,000
all in" on the page "# Kitchen renovation") is about the page's subject. A later line on that page, or
naming a word of its title, that decides or changes an amount ("agreed we can go to £16,500 in total",
"kitchen now £16.5k": a decision word, :data:`DECIDED`, or a change word) of the same currency and of the
same order (within a factor of :data:`SAME_ORDER`; a cost of £1,200 on the same page is no new budget),
supersedes it. A tie between two such lines is no pairing.

**A return to health** ("Pickle limping on her back left leg" … "Pickle tore round the park like nothing
ever happened"): the health scale's thing is who was unwell, the content words before the state's wording
on the older line (:func:`_patient`). A later line saying that one is well again, naming every one of those
words, supersedes the latest such line naming them (no cosine: a recovery line seldom repeats the
symptoms); a tie of days is no pairing, and an older line naming nobody before its state is left alone.

**A page's label restated** ("Stage: pre-alpha, greybox levels" … "Stage: alpha"): a free label line's
value is whatever follows its label (:func:`~mdrecall.knowledge.fact_lines.fact_fields.field_of`). A later
label line of the same page with the same label (its key: lower-case, singular) and another value (each holds
a word the other lacks: not the same value again, nor one added to), in the same section or dated below an
undated one (:func:`~mdrecall.knowledge.fact_lines.facts.line_facts` marks it a change), supersedes the one it
restates: the latest before it on that page. Another label's line is another fact, however alike its value.

Each older line is superseded by the latest such line.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from mdrecall.knowledge.changes.change_pairs import MIN_COSINE, RARE_MIN, RARE_SHARE, signal, written_before
from mdrecall.knowledge.changes.change_rules import open_value, word_cosine
from mdrecall.knowledge.fact_lines.amount_units import unit_words
from mdrecall.knowledge.fact_lines.fact_values import frequent_stem, states, subject_words, typed_values
from mdrecall.knowledge.fact_lines.facts import SAID, Fact
from mdrecall.knowledge.fact_lines.phrase_modifiers import modified
from mdrecall.knowledge.fact_lines.status_scales import STATUS, STATUS_OF
from mdrecall.stores.views import Supersession

__all__ = ["DECIDED", "SAME_ORDER", "amount_pairs", "field_pairs", "state_pairs"]

Key = tuple[str, int]
#: A number of two or more digits standing alone among a line's words (an invoice's, a ticket's).
_NUMBER = re.compile(r"(?<![\w.,:])\d{2,}(?![\w.,:])")
#: The words of every state (a state's word is not what a line is about).
_STATE_WORDS = frozenset(w for wording in STATUS_OF for w in subject_words(wording))
#: Words of a decision on a value ("agreed", "decided", "approved", "signed off").
DECIDED = re.compile(r"\b(?:agreed|agree|decided|settled on|approved|signed off|signed-off)\b")
#: Two amounts of one fact lie within this factor of each other (a revised budget or price, not a part
#: of it).
SAME_ORDER = 2.0


def _latest(out: dict[Key, Supersession], old: Fact, new: Fact) -> None:
    key = (old.path, old.line)
    have = out.get(key)
    if have is None or (new.day or "") > (have.day or ""):
        out[key] = Supersession(new.path, new.line, new.day)


def _patient(words: str) -> set[str]:
    """Who a line says is unwell or recovering: the content words before its first health wording (its
    stored words, lower case); empty when it names none."""
    for m in STATUS.finditer(words):
        if any(scale == "health" and state != "well" for scale, state in STATUS_OF[m.group(1)]):
            return subject_words(words[: m.start()]) - _STATE_WORDS
    return set()


def _unstated(words: str) -> str:
    """A line's stored words, lower case, its states' wordings dropped (a state's word modifies no thing:
    "out of order, meds moved" … "fixed! meds back")."""
    return STATUS.sub(" ", words.lower())


#: How many words either side of a state's wording name the thing in that state.
NEAR = 4


def _near_state(words: str, scale: str) -> set[str]:
    """The content words and numbers of a line (its stored words, lower case) within :data:`NEAR` words of a
    wording of a state of ``scale``, or opening the line: the thing said to be in that state ("cancelled
    the Malcesine flat", "#114 Lumen Yoga, discovery sprint, £1,140: unpaid"), not another one the line
    names further off."""
    out: set[str] = set()
    opening = " ".join(words.split()[:NEAR])  # a line's head names its topic ("#114 Lumen Yoga, …: unpaid")
    out |= subject_words(opening) | set(_NUMBER.findall(opening))
    for m in STATUS.finditer(words):
        if any(sc == scale for sc, _ in STATUS_OF[m.group(1)]):
            before = words[: m.start()].split()[-NEAR:]
            after = words[m.end() :].split()[:NEAR]
            near = " ".join(before + after)
            out |= subject_words(near) | set(_NUMBER.findall(near))
    return out - _STATE_WORDS


def state_pairs(facts: Sequence[Fact], paired: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each line of ``facts`` that ``paired`` leaves unpaired and a later line naming
    another state of one scale supersedes → the latest such line."""
    lines: list[tuple[Fact, dict[str, set[str]], set[str], set[str]]] = []
    for f in facts:
        found = states(f.words.lower())
        if not found:
            continue
        scales: dict[str, set[str]] = {}
        for s in found:
            scale, _, state = s.partition("=")
            scales.setdefault(scale, set()).add(state)
        lines.append((f, scales, subject_words(f.words) - _STATE_WORDS, set(_NUMBER.findall(f.words))))
    if len(lines) < 2:
        return {}
    count: dict[str, int] = {}
    for _, _, words, _ in lines:
        for w in words:
            count[w] = count.get(w, 0) + 1
    cap = max(RARE_MIN, int(RARE_SHARE * len(facts)))
    by_scale: dict[str, list[int]] = {}
    by_key: dict[str, list[int]] = {}  # a rare word or a number → the lines naming it
    for k, (_, scales, words, numbers) in enumerate(lines):
        for scale in scales:
            by_scale.setdefault(scale, []).append(k)
        for w in [w for w in words if count[w] <= cap] + [f"#{n}" for n in numbers]:
            by_key.setdefault(w, []).append(k)
    # each key's lines in order of their days (undated first), to read only those written before a line
    days: dict[str, list[str]] = {}
    for w, held in by_key.items():
        held.sort(key=lambda k: lines[k][0].day or "")
        days[w] = [lines[k][0].day or "" for k in held]

    def before(key: str, new: Fact) -> list[int]:
        """The lines naming ``key`` that may be written before ``new`` (:func:`written_before`: undated,
        or of an earlier day; before an undated line only an undated one)."""
        at = days[key]
        end = bisect.bisect_left(at, new.day[:10]) if new.day else bisect.bisect_right(at, "")
        return by_key[key][:end]

    out: dict[Key, Supersession] = {}
    for j, (new, new_scales, new_words, new_numbers) in enumerate(lines):
        # the lines sharing a rare word or a number with this one (a pair needs one), written before it: not
        # every line of a scale (20,000 lines of "backed out of X" were tried pair by pair: minutes)
        near = {i for w in new_words if count[w] <= cap for i in before(w, new)}
        near.update(i for n in new_numbers for i in before(f"#{n}", new))
        for scale, now in new_scales.items():
            if len(now) != 1:
                continue  # two states of one scale on a line: a list, not one thing's state
            if scale == "decision" and now != {"settled"}:
                continue  # a settled thing named open again is most often another one ("Q2 budget tbd")
            if scale == "health" and now != {"well"}:
                continue  # a new illness: the ear found clear stays clear when the dog limps a month later
            if scale == "service" and now != {"working"}:
                continue  # a thing out of service again later: most often another fault, an event
            best: list[tuple[float, int]] = []
            recovered: list[tuple[str, int]] = []  # (day, line) of the unwell lines whose patient it names
            tried = by_scale[scale] if scale == "health" else sorted(i for i in near if scale in lines[i][1])
            for i in tried:
                old, old_scales, old_words, old_numbers = lines[i]
                if i == j or old_scales[scale] & now or (old.path, old.line) in paired:
                    continue
                if scale == "health" and now == {"well"} and written_before(old, new):
                    patient = _patient(old.words.lower())
                    if patient and patient <= new_words:
                        recovered.append((old.day or "", i))
                if old_numbers and new_numbers and not old_numbers & new_numbers:
                    continue  # invoice #118 … #114: two things
                shared = old_words & new_words
                if shared:  # a word written before other amounts on both lines: a currency, no thing
                    a, b = unit_words(old.words), unit_words(new.words)
                    shared -= {w for w in shared if w in a and w in b and not a[w] & b[w]}
                if not (old_numbers & new_numbers or any(count[w] <= cap for w in shared)):
                    continue
                if not old_numbers & new_numbers and len(shared) == 1 and frequent_stem(min(shared)):
                    continue  # one frequent word ("serviced by LiftPro" … "booked a plumber for the service")
                if scale == "service" and modified(_unstated(old.words), _unstated(new.words), shared):
                    continue  # "the coffee machine is out of service" … "the franking machine is fixed"
                if not (shared | (old_numbers & new_numbers)) & _near_state(old.words.lower(), scale):
                    continue  # "Cancelled the Malcesine flat. Ljubljana it is" … "Ljubljana flat confirmed"
                c = word_cosine(old_words | old_numbers, new_words | new_numbers)
                if c >= MIN_COSINE and written_before(old, new):
                    best.append((c, i))
            best.sort(reverse=True)
            if best and (len(best) == 1 or best[0][0] > best[1][0]):
                _latest(out, lines[best[0][1]][0], new)
            elif recovered:
                recovered.sort(reverse=True)
                if len(recovered) == 1 or recovered[0][0] > recovered[1][0]:
                    _latest(out, lines[recovered[0][1]][0], new)
    return out


def _amounts(f: Fact) -> set[float]:
    """A line's amounts of money."""
    values = f.values[0].split() if f.attrs == (SAID,) else typed_values(f.words)
    return {float(v[2:]) for v in values if v.startswith("m:")}


def _named(olds: dict[str, list[tuple[Fact, set[float]]]], words: set[str]) -> set[str]:
    """The pages of ``olds`` whose title ``words`` name, at least half of its words ("kitchen" for
    "# Kitchen renovation")."""
    out = set()
    for path, found in olds.items():
        title = set(found[0][0].context.split())
        if title and 2 * len(title & words) >= len(title):
            out.add(path)
    return out


def amount_pairs(facts: Sequence[Fact], paired: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each one-word amount line of a titled page (``Budget: £14,000``) that ``paired``
    leaves unpaired and a later line deciding or changing an amount of that page's subject supersedes →
    the latest such line."""
    olds: dict[str, list[tuple[Fact, set[float]]]] = {}  # a page → its one-word amount lines
    for f in facts:
        one_word = f.attrs == (SAID,) and f.context and len(f.subject.split()) == 1
        if one_word and (f.path, f.line) not in paired and (amounts := _amounts(f)):
            olds.setdefault(f.path, []).append((f, amounts))
    if not olds:
        return {}
    out: dict[Key, Supersession] = {}
    for new in facts:
        if new.attrs != (SAID,) or "m:" not in new.values[0]:
            continue  # (a stated line's words have lost the currency sign)
        pages = {new.path} & olds.keys() or _named(olds, subject_words(new.words))
        if not pages or not (DECIDED.search(new.words.lower()) or signal(new.words)):
            continue
        amounts = _amounts(new)
        if len(amounts) != 1:
            continue
        (amount,) = amounts
        found = [
            old
            for page in pages
            for old, was in olds[page]
            if old is not new
            and amount not in was
            and any(amount / SAME_ORDER <= v <= amount * SAME_ORDER for v in was)
            and written_before(old, new)
        ]
        if len(found) == 1:
            _latest(out, found[0], new)
    return out


def field_pairs(facts: Sequence[Fact], paired: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """The pairs of a page's label restated with another value (the module's fourth rule): each line of
    ``facts`` that ``paired`` leaves unpaired → the label line restating it."""
    by_key: dict[tuple[str, str], list[Fact]] = {}
    for f in facts:
        if f.attrs == (SAID,) and "k:" in f.values[0]:
            key = next(v for v in f.values[0].split() if v.startswith("k:"))
            by_key.setdefault((f.path, key), []).append(f)
    out: dict[Key, Supersession] = {}
    for lines in by_key.values():
        if len(lines) < 2:
            continue
        lines.sort(key=lambda f: f.line)
        for k, new in enumerate(lines):
            if not new.cue or not k:
                continue
            old = lines[k - 1]  # the label line it restates: the one right above it on the page
            if (old.path, old.line) in paired or not written_before(old, new):
                continue
            if other_measure(old, new):
                continue  # "Bikes: two kept in the back room" … "Bikes: £5 a day": another attribute
            _latest(out, old, new)
    return out


#: The kinds of value that a label line restated must state on both lines or on neither: a time, an amount.
_MEASURES = ("t:", "m:")


def other_measure(old: Fact, new: Fact) -> bool:
    """Does one of two lines of one label state a time or an amount the other states none of ("Juniors:
    Tuesdays 5pm" … "Juniors: 22 enrolled"; "Bike hire: two in the shed" … "Bike hire: £5 a day"): two
    attributes of the label's thing, not a value changed? Not where the older's value is open ("Price:
    TBC" … "Price: £12")."""
    a, b = old.values[0].split(), new.values[0].split()
    for kind in _MEASURES:
        if any(v.startswith(kind) for v in a) != any(v.startswith(kind) for v in b):
            return not open_value(old.words)
    return False
