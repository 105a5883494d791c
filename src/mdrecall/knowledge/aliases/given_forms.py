"""A name written alone that is a person's given name written another way: with or without accents or a
hyphen ("Soren" for Søren Kvist, "Jean-Pierre" for Jean Pierre Lafleur), the two given words after a family
name written first ("Bee Lian" for Ong Bee Lian), or the given name's ending ("Tina" for Christina Alvarez).
Read by :class:`~mdrecall.knowledge.index.EntityIndex` after the other first-name links, when
``entities.auto_aliases`` is on.

:func:`~.name_links.link_first_names` links the word that opens a longer name as written. Here a name alone
that no longer name opens as written is compared, accents folded and hyphens read as spaces, with the
given names of the accepted people: it means the one person whose given name it is, else the one whose
given name it ends (four letters or more and three fewer than the given name, as kin forms take it:
:func:`~.kin_names.shortened_from`). Two people it could mean, neither. Linear in the names: the endings
are looked up, not compared with every given name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mdrecall.knowledge.aliases.kin_names import shortened_from
from mdrecall.knowledge.aliases.name_links import LINKABLE, places_key
from mdrecall.knowledge.lexicon.family_customs import called_names, custom_person
from mdrecall.knowledge.lexicon.name_lists import common_word, family_first, fold_accents, given_name
from mdrecall.knowledge.mentions.syllable_names import family_given

__all__ = ["PARTICLES", "given_forms", "link_given_forms", "plain_form"]

#: Small words that go between a given name and a surname ("Rosa de la Peña", "Anna de Vries"): no second
#: given word, no middle name (read by :mod:`~mdrecall.knowledge.aliases.full_forms` too).
PARTICLES = frozenset(
    "de del della di da das dos du la le van von der den ten ter bin binti ibn dela a/l a/p s/o d/o".split()
)

#: Kinds a name alone keeps whatever a naming custom says: a technology's name is no person's (a work's, a
#: product's or an event's may be a guess: "Ngọc" alone typed a work).
_NOT_GIVEN = frozenset({"technology"})


def plain_form(key: str) -> str:
    """``key`` (an entity key) with accents folded and hyphens read as spaces ("jean-pierre" → "jean
    pierre", "søren" → "soren")."""
    return " ".join(fold_accents(key).replace("-", " ").split())


def given_forms(full: str) -> list[str]:
    """The given names of the person's name ``full`` (an entity key), as written: its first word; its two
    first words where a surname follows ("mary beth" of "mary beth conroy"); the hyphened given name or the
    two words after a family name written first, or the last ("ji-woo" of "park ji-woo", "bee lian" and
    "lian" of "ong bee lian"; not "ann smith" of "lee ann smith", two given names first)."""
    called = called_names(full)
    if called:
        return called  # "hạnh" of "nguyễn thị hạnh", "aisyah" of "nurul aisyah binti hassan"
    words = full.split()
    family, second = words[0].capitalize(), words[1].capitalize()
    if len(words) == 3 and family_first(family) and not (common_word(words[0]) and given_name(second)):
        return [" ".join(words[1:]), words[2]]  # "Bee Lian", or "Lian" where a line's opening lost "Bee"
    own = family_given(full)
    if own is not None:
        return [own]
    forms = [words[0]]
    if len(words) >= 3 and words[1] not in PARTICLES and words[2] not in PARTICLES:
        forms.append(" ".join(words[:2]))
    return forms


def link_given_forms(
    out: dict[str, str],
    stats: Mapping[str, tuple[int, bool]],
    kinds: Mapping[str, str],
    placed: Callable[[str], bool] = lambda _: True,
) -> None:
    """Fold into ``out`` each accepted name alone that is the given name of exactly one accepted person
    written another way, or the ending of exactly one person's given name (see the module). A given name
    a naming custom writes last ("Xiuying" of Wang Xiuying, "Trang" of Đỗ Thu Trang) that a gazetteer
    holds as a place is linked too where the workspace never writes it as a place (``placed``: "flew to
    Trang", "in Trang")."""
    by_form: dict[str, set[str]] = {}  # "soren" → {"søren kvist"}
    by_written: dict[str, set[str]] = {}  # "hùng" → {"trần văn hùng"}: the form as written, accents kept
    by_end: dict[str, set[str]] = {}  # "tina" → {"christina alvarez"}
    customs: set[str] = set()  # the forms (folded) a naming custom calls a person by ("hanh", "aisyah")
    last_given: set[str] = set()  # the given names a custom writes after the family name, typed a person
    openers: set[str] = set()  # the first words of longer names: link_first_names' to link or leave
    for full, root in out.items():
        if " " not in full:
            continue
        openers.add(full.split()[0])
        if root != full:
            continue
        customary = custom_person(full)  # a naming custom's shape ("a/p", "Yeoh Siew Ling"): a person
        if kinds.get(full, "unknown") not in ("person", "unknown") and not customary:
            continue
        if not stats.get(full, (0, False))[1]:
            continue
        for form in given_forms(full):
            plain = plain_form(form)
            family_first_given = family_given(full) == form  # "xinyi" of "zhou xinyi": a listed family name
            if (
                kinds.get(full) != "person"
                and not customary
                and not family_first_given
                and not any(given_name(w.capitalize()) for w in plain.split())
            ):
                continue  # an untyped name is a person's where its given name is one of the lists'
            by_written.setdefault(form, set()).add(full)
            by_form.setdefault(plain, set()).add(full)
            if customary:
                customs.add(plain)
            if customary or family_first_given:
                last_given.add(plain)
            if " " not in plain:
                for n in range(4, len(plain) - 2):
                    if shortened_from(plain[-n:], plain):
                        by_end.setdefault(plain[-n:], set()).add(full)
    for key in stats:
        if key in openers or out.get(key, key) != key:
            continue
        plain = plain_form(key)
        if not _linkable(key, plain, key in out, plain in customs, kinds) and not (
            plain in last_given and kinds.get(key) == "place" and not placed(key)
        ):
            continue
        meant = by_written.get(key, set())
        if len(meant) != 1:
            meant = by_form.get(plain, set())  # "Hung" for Trần Văn Hùng, where no Hưng is written
        if (
            not meant
            and key in out
            and " " not in plain
            and kinds.get(key, "unknown") != "organisation"
            and (not common_word(plain) or given_name(plain.capitalize()))
        ):
            meant = by_end.get(plain, set())
        if len(meant) == 1:
            out[key] = next(iter(meant))


def _linkable(key: str, plain: str, accepted: bool, customary: bool, kinds: Mapping[str, str]) -> bool:
    """May the name alone ``key`` (``plain`` folded) be linked to a person's: an accepted name of a person,
    an organisation or no kind, or, where a naming custom calls someone by it (``customary``), any name
    alone that is no place's ("Hạnh" opening a line, "Tuan" in a chat: weak mentions, a kind guessed)."""
    if accepted and kinds.get(key, "unknown") in LINKABLE:
        return True
    return customary and kinds.get(key, "unknown") not in _NOT_GIVEN and plain not in places_key()
