"""Stop words dropped from keyword queries (English, Spanish, Portuguese, French, German)."""

from __future__ import annotations

__all__ = ["STOP_WORDS", "STOP_WORDS_BY_LANGUAGE"]

_EN = """
a about above after again against all am an and any are aren as at be because been before being below
between both but by can cannot could couldn did didn do does doesn doing don down during each few for
from further had hadn has hasn have haven having he her here hers herself him himself his how i if in
into is isn it its itself just let me more most mustn my myself no nor not now of off on once only or
other ought our ours ourselves out over own same shan she should shouldn so some such than that the
their theirs them themselves then there these they this those through to too under until up very was
wasn we were weren what when where which while who whom why will with won would wouldn you your yours
yourself yourselves also get got did tell told know please thing things anything something remember
recall say said us ll ve re
"""

_ES = """
de la que el en y a los del se las por un para con no una su al lo como más pero sus le ya o este sí
porque esta entre cuando muy sobre también me hasta hay donde quien desde todo nos durante todos uno
les ni contra otros ese eso ante ellos e esto mí antes algunos qué unos yo otro otras otra él tanto esa
estos mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros mi mis tú te ti tu tus
ellas nosotras vosotros vosotras os mío mía míos mías tuyo tuya suyo suya nuestro nuestra vuestro
es fue eran ser soy eres somos han ha he has hemos habéis había tengo tiene tienen tenemos
cómo cuál cuándo dónde quién porqué qué dije dijo decir recuerdas recuerda
"""

_PT = """
o os as um uma uns umas do da dos das no na nos nas ao aos à às pelo pela pelos pelas em para com não
se que e ou mas como mais foi ser são está estão eu tu ele ela nós vós eles elas meu minha seu sua isso
isto aquilo também já muito quando onde quem
"""

_FR = """
le la les un une des du de et ou mais donc ni que qui quoi dont où ce cet cette ces je tu il elle
nous vous ils elles mon ma mes ton ta tes sa ses notre votre leur leurs est sont été être avoir ai
as avons avez ont pas ne plus pour par avec sans sur sous dans en au aux y
"""

_DE = """
der die das den dem des ein eine einer eines einem einen und oder aber nicht ist sind waren sein
bist haben hatte ich du er sie es wir ihr mein dein sein unser euer mit von zu im in am an auf
für aus bei nach über unter wie was wer wo wann warum auch noch nur schon
"""

STOP_WORDS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {"en": _EN, "es": _ES, "pt": _PT, "fr": _FR, "de": _DE}.items()
}

STOP_WORDS: frozenset[str] = frozenset().union(*STOP_WORDS_BY_LANGUAGE.values())
