"""Supersession by a weekly slot moved: a line stating which weekdays a thing recurs on ("Training:
Tuesdays & Thursdays 16:30", "Practice bakes on Sundays", "Themba walks him Mon/Wed/Fri"), then a later line
saying it is on other days now ("Training moved: Mon & Wed 17:00", "doing them Wednesday evenings now",
"our call is Saturday evenings from now on"). Pure.

The change lines' pass pairs such a line only through its candidate gates (a shared rare word looked up
among the newer line's three rarest, a cosine floor, no older value named again); a slot moved is often
told in few words of its own ("Lionesses moved: Mon & Wed … The Tue/Thu slot goes to the U13s"). This pass
reads the weekdays a line names (:func:`weekdays`: full names in any case, their plurals and the
three-letter forms written capitalised, "Tue", "Thurs") and pairs an earlier line *O* with a later line *N*
when

* O names its days as a recurring slot: a plural ("Tuesdays"), two days or more ("Mon/Wed/Fri"), or a day
  after "every" or "each";
* N says a change (:func:`~mdrecall.knowledge.fact_lines.change_signal.signal`: "moved", "from now on",
"now"), not
  once ("one-off", "just this week"), names its days as a recurring slot too ("Thursday mornings from now
  on": a weekday before a part of the day in the plural counts), and names a day O does not (a day
  dropped alone, "closed Tuesdays now", is another fact of the week; "moved to Tuesday 23rd" is a date),
  and where it names a day set aside ("instead of Tuesdays", "not Thursdays"), one of O's;
* they name one thing: a content word of both lines, not a weekday, rare among the lines (at most
  :data:`~mdrecall.knowledge.changes.change_pairs.RARE_SHARE` of them, or
  :data:`~mdrecall.knowledge.changes.change_pairs.RARE_MIN`) and not among the most frequent English words,
  or, for a line naming no such word of its own, a word of its page's title named on N; N's opening words
  (:data:`HEAD_WORDS`: what it is about) name a word of O's page title ("Lionesses moved: Mon & Wed" of a
  line on the Lionesses' page), or a word of O that is no name, or O's name while naming O's days as left
  ("Themba can't do Mon/Wed/Fri from next week"); and the cosine of their word sets is at least
  :data:`MIN_COSINE`;
* the thing is not told apart by another modifier on each line ("practice night for the juniors" …
  "for the veterans": :func:`~mdrecall.knowledge.fact_lines.phrase_modifiers.modified`);
* N was written later, O is left unpaired by the earlier rules, and where they pair N with other lines, O
  names the days of one of them (a line moves one slot, which two lines may state: "deploys are now
  Mondays and Wednesdays", paired with "deploys happen on Tuesdays and Thursdays", leaves "deploys on
  Thursday evenings keep colliding" alone).

Each older line is superseded by the first such line after it (the next move; a later one moves the
slot again, from the line before it); a tie of the best cosine between two older lines for one later
line is no pairing. Cost: a set test per line for a weekday word, then the slot lines against the change
lines sharing one of their rare words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.knowledge.changes.change_pairs import RARE_MIN, RARE_SHARE, signal, written_before
from mdrecall.knowledge.changes.change_rules import word_cosine
from mdrecall.knowledge.fact_lines.fact_values import frequent_stem, stem, subject_words
from mdrecall.knowledge.fact_lines.phrase_modifiers import modified
from mdrecall.stores.views import FactRow, Supersession

__all__ = ["HEAD_WORDS", "MIN_COSINE", "weekday_pairs", "weekdays"]

Key = tuple[str, int]
#: Each weekday's forms (lower case): a full name (any case) and its plural, or a short form.
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_SHORT = {
    "mon": 0,
    "tue": 1,
    "tues": 1,
    "wed": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "fri": 4,
    "sat": 5,
    "sun": 6,
}
#: The least cosine of the two lines' word sets (a slot's line is short: a lower floor than the change
#: lines' pass).
MIN_COSINE = 0.1
#: Parts of a day in the plural, after a weekday: a recurring slot ("Wednesday evenings").
_PARTS = frozenset(("mornings", "afternoons", "evenings", "nights", "lunchtimes"))
#: A line saying its change holds once ("one-off", "just this week"): no slot moved.
_ONCE = re.compile(r"\b(?:one-off|one off|just this week|this week only|only this week|for once)\b", re.I)
#: A day set aside ("instead of Tuesdays", "not Thursdays", "no more Mondays"): the slot a line
#: moves is on that day ("from Monday" is most often when a change starts: "moved: Mon & Wed from Mon 15th").
_LEFT = re.compile(r"\b(?:instead of|rather than|not|never|no more)\s+(?:the\s+|on\s+)?(\w+)", re.I)
_EVERY = re.compile(r"\b(?:every|each)\s+(?:other\s+|second\s+)?(" + "|".join(_DAYS) + r")\b", re.I)


def weekdays(words: str) -> tuple[frozenset[int], bool]:
    """The weekdays a line (its stored words) names (0 = Monday), and whether it names them as a recurring
    slot (a plural, two days or more, "every Tuesday")."""
    days: set[int] = set()
    plural = False
    split = words.split()
    for k, w in enumerate(split):
        low = w.lower().rstrip(".,;:")
        if low.endswith("s") and low[:-1] in _DAYS:
            days.add(_DAYS.index(low[:-1]))
            plural = True
        elif low in _DAYS:
            days.add(_DAYS.index(low))
            # "Thursday mornings": a part of the day in the plural, a recurring slot
            plural = plural or (k + 1 < len(split) and split[k + 1].lower() in _PARTS)
        elif low in _SHORT and w[0].isupper():  # "Sat", "Wed": not the verbs "sat", "wed"
            days.add(_SHORT[low])
    return frozenset(days), plural or len(days) >= 2 or _EVERY.search(words) is not None


#: The first letters of every weekday form: a line holding none names no weekday (one test per word).
_HEADS = frozenset(d[:3] for d in _DAYS)


def _may(words: str) -> bool:
    return any(w[:3].lower() in _HEADS for w in words.split())


#: The stems of the weekday words and of the verbs that move a time (not what a line is about: "gave him
#: more shifts" … "shifted the sync to Thursdays").
_DAY_STEMS = frozenset(
    (*_DAYS, *(d[:-3] for d in _DAYS), *_SHORT, "day", "week", "weekli", "morn", "even")
    + ("shift", "move", "moved", "chang", "switch", "swap", "reschedul", "push", "bump", "slot")
)


#: How many words open a line with what it is about (its punctuation is not stored: "Lionesses moved: …").
HEAD_WORDS = 4


def _head(f: FactRow) -> set[str]:
    """The content words opening a line (what it is about), not weekdays."""
    return subject_words(" ".join(f.words.split()[:HEAD_WORDS])) - _DAY_STEMS


def _names(f: FactRow) -> set[str]:
    """The stems of a line's capitalised words after its first (names: its punctuation is not stored)."""
    return {stem(w) for w in f.words.split()[1:] if w[:1].isupper()}


def weekday_pairs(facts: Sequence[FactRow], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each line naming a recurring weekly slot, left unpaired by ``pairs``, → the first
    later line saying the slot is on other days."""
    slots: list[tuple[FactRow, frozenset[int]]] = []
    moves: list[tuple[FactRow, frozenset[int]]] = []
    # a line the earlier rules pair as superseding another → the days of the slots it moves (a line moves
    # one slot, which two lines may state: "Walker: Themba, Mon/Wed/Fri" and "Themba can keep Mon/Wed/Fri")
    where = {(f.path, f.line): f for f in facts}
    moving: dict[Key, set[frozenset[int]]] = {}
    for key, by in pairs.items():
        if key in where:
            moving.setdefault((by.path, by.line), set()).add(weekdays(where[key].words)[0])
    for f in facts:
        if not _may(f.words):
            continue
        days, recurring = weekdays(f.words)
        if not days:
            continue
        if recurring and (f.path, f.line) not in pairs:
            slots.append((f, days))
        if recurring and signal(f.words) and not _ONCE.search(f.words):
            moves.append((f, days))
    if not slots or not moves:
        return {}
    count: dict[str, int] = {}
    for f in facts:
        for w in f.subject.split():
            count[w] = count.get(w, 0) + 1
    cap = max(RARE_MIN, int(RARE_SHARE * len(facts)))

    def keys(f: FactRow) -> set[str]:
        """A line's rare words (and, marked, its page title's words)."""
        rare = {w for w in f.subject.split() if count.get(w, 0) <= cap and not frequent_stem(w)}
        return rare - _DAY_STEMS

    by_key: dict[str, list[int]] = {}  # a rare word → the change lines naming it
    for j, (new, _) in enumerate(moves):
        for w in keys(new) | set(new.subject.split()):
            by_key.setdefault(w, []).append(j)
    best: dict[int, list[tuple[float, int]]] = {}  # a change line → (cosine, slot line) of its candidates
    for i, (old, days) in enumerate(slots):
        old_words = set(old.subject.split()) - _DAY_STEMS
        title = set(old.context.split()) - _DAY_STEMS
        own = keys(old)
        found = {j for w in own for j in by_key.get(w, ())}
        if not own:  # a line of its page's subject ("Works Mon, Wed, Fri mornings" on Savita's page)
            found |= {j for w in title for j in by_key.get(w, ()) if count.get(w, 0) <= cap}
        for j in found:
            new, new_days = moves[j]
            if new is old or not (new_days - days) or not written_before(old, new):
                continue
            if days not in moving.get((new.path, new.line), (days,)):
                continue  # it moves another slot, paired by the earlier rules
            left = weekdays(" ".join(m.group(1) for m in _LEFT.finditer(new.words)))[0]
            if left and not left & days:
                continue  # it moves a slot on another day ("Mondays instead of Tuesdays" of a Friday slot)
            new_words = set(new.subject.split()) - _DAY_STEMS
            shared = _head(new) & (old_words | title)
            if modified(old.words.lower(), new.words.lower(), old_words & new_words):
                continue  # "Practice night for the juniors: Tuesdays" … "for the veterans moved to Thursdays"
            if not shared & title and not shared - _names(old) and not days <= new_days:
                # the later line is about another thing of a person or place the slot names ("Padel with
                # Joaquin on Fridays" … "Joaquin's pottery class moved to Saturdays"), unless it names the
                # slot's days as the ones left ("can't do Mon/Wed/Fri from next week, only Tue and Thu")
                continue
            c = word_cosine(old_words | (title if not own else set()), new_words)
            if c >= MIN_COSINE:
                best.setdefault(j, []).append((c, i))
    out: dict[Key, Supersession] = {}
    for j, tried in best.items():
        tried.sort(reverse=True)
        if len(tried) > 1 and tried[0][0] == tried[1][0]:
            continue  # two slots as close: which one moved is not said
        old, new = slots[tried[0][1]][0], moves[j][0]
        key = (old.path, old.line)
        have = out.get(key)
        if have is None or (new.day or "", new.path, new.line) < (have.day or "", have.path, have.line):
            out[key] = Supersession(new.path, new.line, new.day)
    return out
