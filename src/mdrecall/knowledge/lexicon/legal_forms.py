"""A company's legal form written in its name, in the languages notes mix into English: "Minh Phát TNHH"
or "Công ty TNHH Minh Phát" (Vietnam), "Ah Seng Hardware Sdn Bhd" (Malaysia), "Tiong Hup Pte Ltd"
(Singapore), "Kestrel Pty Ltd" (Australia), "Brouwerij Vos B.V." (the Netherlands), "Ferramenta Rossi S.r.l."
(Italy); and the words Malaysia's and Singapore's registry gives sole proprietors and partnerships, last
("Hock Seng Enterprise", "Lee Hup Trading"). English and German forms ("Ltd", "GmbH", "Inc") are
:data:`~.name_words.ORG_WORDS` already."""

from __future__ import annotations

__all__ = ["legal_form", "legal_form_word"]

#: Legal forms that are no other word, read anywhere in a name of two words or more (dots dropped: "Sdn.
#: Bhd.", "B.V.", "S.r.l.").
_ANYWHERE = frozenset(
    """Sdn Bhd Berhad TNHH Pte Pty Pvt Tbk Ltda SARL SpA Srl SRL Oyj ApS JSC LLP PLLC Kft Zrt BV NV""".split()
)
#: Forms and registry words that are words too, read last only ("Kestrel Limited", "Hock Seng Enterprise").
_LAST = frozenset("Limited Enterprise Enterprises Trading Traders Oy ASA KK SAS".split())


#: Legal forms written in capitals, English and others ("Mudcats LLC", "Quill PLLC"): no name alone.
_CAPITALS = frozenset("LLC LLP PLLC PLC LTD INC GMBH SARL SRL JSC TNHH PTE PTY PVT TBK LTDA SDN BHD".split())


def legal_form_word(word: str) -> bool:
    """Is ``word`` a company's legal form written in capitals ("LLC", "PLLC", "SARL", "L.L.C."): a part of the
    name before it, never a name alone?"""
    return word.replace(".", "") in _CAPITALS


def legal_form(words: list[str]) -> bool:
    """Does a name of two words or more carry a company's legal form ("Sdn Bhd", "TNHH", "Pte", "B.V.")
    anywhere, or a registry's word last ("Limited", "Enterprise", "Trading")?"""
    if len(words) < 2:
        return False
    bare = [w.replace(".", "") for w in words]
    return bare[-1] in _LAST or not _ANYWHERE.isdisjoint(bare)
