"""One definition of the Chinese and Korean family-name-first shape (session 24, h-kinds30): the custom's
first names (:func:`~mdrecall.knowledge.lexicon.family_customs.customary_name`) and the kinds
(:func:`~mdrecall.knowledge.mentions.family_order.family_first_person`) read the same
:func:`~mdrecall.knowledge.lexicon.family_customs.han_name`, so a name one calls a person the other does too.
The names are made up for these tests (a tailor in Taiping, a kopitiam in Seremban)."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.lexicon.family_customs import called_names, customary_name, han_name
from mdrecall.knowledge.mentions.family_order import family_first_person

SHAPED = ["Koay Soon Keat", "Chuah Mei Foong", "Khor Ah Leng", "Lim Boon Kwang", "Kim Ha Jun"]
NOT_SHAPED = ["Tan And Co", "Lim Garden Park", "Wong Kong Station", "Ooi Marketing Plan"]


@pytest.mark.parametrize("name", SHAPED)
def test_both_readers_agree_on_the_shape(name: str) -> None:
    words = name.split()
    assert han_name(words)
    assert customary_name(words) and family_first_person(words)


@pytest.mark.parametrize("name", NOT_SHAPED)
def test_neither_reads_words_as_a_name(name: str) -> None:
    words = name.split()
    assert not han_name(words)
    assert not customary_name(words) and not family_first_person(words)


def test_malaysian_spelling_lends_the_given_name() -> None:
    # "Chuah" is a Penang Hokkien spelling the general family list lacks; "Hock" ends as a syllable may.
    assert called_names("chuah mei foong") == ["mei foong", "foong"]
    assert called_names("teh boon hock") == ["boon hock", "hock"]
