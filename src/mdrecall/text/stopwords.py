"""Stop words dropped from keyword queries.

English, Spanish, Portuguese, French, German, Italian and Dutch, plus the commonest Chinese and Korean
function words as they come out of :func:`mdrecall.text.tokens.tokenize` (single characters and bigrams).
A word that is also a meaningful English word is never listed, whatever its language: "come", "dove",
"met", "van", "op", "ci", "io", "vi" are kept, and "ai" (French) and "mit" (German) are not listed
("AI", "MIT license").
"""

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
nous vous ils elles mon ma mes ton ta tes sa ses notre votre leur leurs est sont été être avoir
as avons avez ont pas ne plus pour par avec sans sur sous dans en au aux y
"""

_DE = """
der die das den dem des ein eine einer eines einem einen und oder aber nicht ist sind waren sein
bist haben hatte ich du er sie es wir ihr mein dein sein unser euer von zu im in am an auf
für aus bei nach über unter wie was wer wo wann warum auch noch nur schon
"""

_IT = """
il lo la gli le un uno una di da in su per tra fra che cui più quando perché anche ancora sono
sei siamo siete erano ho hai ha abbiamo avete hanno mi ti si del dello della dei degli delle al allo
alla agli alle dal dallo dalla dai dagli dalle nel nello nella nei negli nelle sul sullo sulla sui
sugli sulle questo questa questi queste quello quella quelli quelle mio mia miei mie tuo tua tuoi
tue suo sua suoi nostro nostra nostri nostre loro tu lui lei noi voi essi esse cosa quale quali
"""

_NL = """
de het een en in is te voor zijn niet aan ook bij maar wat nog naar uit je ze hij wij zij ik
mijn jouw haar hun onze waren heeft hebben wordt worden werd kunnen zal zou deze dit waar wie waarom
wanneer dus geen veel hier daar welke omdat ons
"""

# Chinese and Korean: single-character words and bigrams that are pure function words.
_ZH = """
的 了 是 在 和 与 及 或 也 就 都 这 那 我 你 他 她 它 们 吗 呢 吧 啊 个 之 于 以 其 把 被 给 从 对
我们 你们 他们 她们 什么 怎么 为什 哪里 一个 这个 那个 没有 可以 因为 所以 但是 如果 已经 还是
"""

_KO = """
그 이 저 것 수 등 및 더 또 좀 잘 안 못 다
"""

STOP_WORDS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {
        "en": _EN,
        "es": _ES,
        "pt": _PT,
        "fr": _FR,
        "de": _DE,
        "it": _IT,
        "nl": _NL,
        "zh": _ZH,
        "ko": _KO,
    }.items()
}

STOP_WORDS: frozenset[str] = frozenset().union(*STOP_WORDS_BY_LANGUAGE.values())
