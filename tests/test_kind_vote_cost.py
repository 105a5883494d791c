"""The kind vote's cost cuts (fault round 8: a '## Films' page naming 100,000 titles is 100,000 entities of
one written name each): the vote, the short forms it sets aside and the kinds a longer name passes on must
be what the plain readings give, over the mentions of every labelled set's notes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from mdrecall.knowledge.kinds import kind_vote
from mdrecall.knowledge.kinds.kind_vote import Forms, inherited_kinds, vote
from mdrecall.knowledge.lexicon.name_words import PLACE_NOUNS
from mdrecall.knowledge.mentions.extract import SHAPE, extract_entities
from mdrecall.knowledge.mentions.names import name_kind

SETS = Path(__file__).resolve().parents[1] / "benchmarks" / "knowledge"
#: The labelled sets that may be read (the blind one is kept aside).
READABLE = ["dev", "held_out", *(f"held_out_{n}" for n in range(2, 11))]


def _plain_shortened(forms: list[Forms]) -> dict[str, set[str]]:
    """The short forms read the plain way: every opening of every longer name, then those written."""
    longer: dict[str, set[str]] = {}
    for part in forms:
        for name, kind, how in part:
            if how == "typed_name" and kind != "unknown" and " " in name:
                longer.setdefault(name, set()).add(kind)
    opening: dict[str, set[str]] = {}
    for name, kinds in longer.items():
        words = name.split()
        for n in range(1, min(len(words), kind_vote.SHORT_WORDS + 1)):
            opening.setdefault(" ".join(words[:n]), set()).update(kinds)
    return {name: opening[name] for part in forms for (name, _kind, _how) in part if name in opening}


def _plain_vote(forms: list[Forms]) -> tuple[str | None, bool]:
    cued: Counter[str] = Counter()
    shaped: Counter[str] = Counter()
    shortened = _plain_shortened(forms)
    for part in forms:
        for (name, kind, how), n in part.items():
            if kind == "unknown" or kind not in shortened.get(name, (kind,)):
                continue
            if how == SHAPE:
                shaped[kind] += n
            else:
                weight = kind_vote.WEIGHT.get(how, 1)
                cued[kind] += n * (
                    weight * 2 if how == "typed_name" and kind in kind_vote.CUED_KINDS else weight
                )
    if cued:
        return max(cued, key=lambda k: (cued[k], k in kind_vote.CUED_KINDS, shaped[k])), True
    return (kind_vote.top_kind(shaped), False) if shaped else (None, False)


def _plain_inherited(keys: dict[str, Forms]) -> dict[str, str]:
    out: dict[str, str] = {}
    clash: set[str] = set()
    for key, forms in keys.items():
        if " " not in key:
            continue
        words = max(forms, key=lambda f: (f[0][:1].isupper(), forms[f]))[0].split()
        parts = key.split()
        last = min(len(words), len(parts), kind_vote.SHORT_WORDS + 1)
        shorts = [s for n in range(1, last) if (s := " ".join(parts[:n])) in keys]
        if not shorts:
            continue
        kind, strong = (
            ("place", True) if words[-1] in PLACE_NOUNS else name_kind(" ".join(words), words, "", "")
        )
        if not strong or kind not in kind_vote._HEAD_KINDS or _plain_vote([forms])[0] not in (kind, None):
            continue
        for short in shorts:
            n = short.count(" ") + 1
            if name_kind(" ".join(words[:n]), words[:n], "", "")[1]:
                continue
            if out.setdefault(short, kind) != kind:
                clash.add(short)
    for short in clash:
        del out[short]
    return out


def _summaries(name: str) -> dict[str, dict[tuple[str, str, str], int]]:
    """Entity key → (written name, kind, how) → mentions, over one labelled set's notes."""
    keys: dict[str, dict[tuple[str, str, str], int]] = {}
    root = SETS / name
    for path in sorted(root.rglob("*.md")):
        found = extract_entities(path.read_text(encoding="utf-8"), path=str(path.relative_to(root)))
        for m in found.mentions:
            forms = keys.setdefault(m.key, {})
            forms[(m.name, m.kind, m.how)] = forms.get((m.name, m.kind, m.how), 0) + 1
    return keys


def test_the_vote_and_the_kinds_passed_on_are_the_plain_readings_over_every_labelled_set() -> None:
    shortened = 0
    for name in READABLE:
        keys = _summaries(name)
        assert inherited_kinds(keys) == _plain_inherited(keys), name
        by_first: dict[str, list[Forms]] = {}
        for key, forms in keys.items():
            assert vote([forms]) == _plain_vote([forms]), (name, key)
            assert kind_vote._shortened([forms]) == _plain_shortened([forms]), (name, key)
            by_first.setdefault(key.split()[0], []).append(forms)
        for first, parts in by_first.items():  # one entity's several keys, as the entity view votes
            assert vote(iter(parts)) == _plain_vote(parts), (name, first)
            shortened += bool(_plain_shortened(parts))
    assert shortened > 0  # the short forms' reading is exercised, not only its early answer


def test_a_key_opening_no_shorter_key_has_its_written_forms_left_unread() -> None:
    # "Perfect Days 12" beside "Wim Wenders": no key is another's opening, so no key's forms are read (a
    # key stored with none is passed over, where reading them first found no written name to take)
    keys: dict[str, Forms] = {
        "perfect days 12": {},
        "wim wenders": {("Wim Wenders", "person", "name"): 2},
        "harbour": {("Harbour", "place", "name"): 1},
        "harbour lights cinema": {("Harbour Lights Cinema", "place", "typed_name"): 1},
    }
    stored = {key: forms for key, forms in keys.items() if forms}
    assert inherited_kinds(keys) == inherited_kinds(stored) == _plain_inherited(stored)
    assert vote([{("Perfect Days 12", "work", "typed_name"): 1}]) == ("work", True)
    assert vote([{("Perfect Days 12", "work", SHAPE): 1}, {("Perfect", "person", "name"): 1}]) == (
        "person",
        True,
    )
