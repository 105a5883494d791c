"""The regular expressions and word tables :func:`mdrecall.knowledge.mentions.extract.extract_entities` reads
names with: wiki links and @-mentions, runs of capitalised words, mixed-case, all-capitals and lower-case
words, works' titles and authors, names joined by "&" or "of", speaker labels, and the capitalised words
that are no names alone. Pure data; what the words around a name say is :mod:`.mention_readers`'s."""

from __future__ import annotations

import re

from mdrecall.text.date_phrases.chat_stamps import STAMP_TIME

WIKI_LINK = re.compile(r"\[\[([^\[\]|#\n]+)(?:#[^\[\]|\n]*)?(?:\|[^\[\]\n]*)?\]\]")
AT_MENTION = re.compile(r"(?<![\w.@/])@([A-Za-z][\w-]*(?:\.[\w-]+)*[\w])")
#: Latin letters with accents: Latin-1, Extended-A and -B ("Inês", "Zoë Åberg", "Łukasz", "Hương") and
#: Extended Additional, whose letters carry two marks or a dot below (Vietnamese "Nguyễn", "Thị", "Đức").
_ACCENTED = [*map(chr, range(0xC0, 0x250)), *map(chr, range(0x1E00, 0x1F00))]
#: Upper- and lower-case Latin letters, accented ones included.
_UP = "A-Z" + "".join(c for c in _ACCENTED if c.isupper())
_LO = "a-z" + "".join(c for c in _ACCENTED if c.islower())
#: The same, public: for the readers that write their own patterns of names.
UPPER_LETTERS, LOWER_LETTERS = _UP, _LO
#: A second capitalised part after a hyphen or a bare ampersand ("Cover-More", "Smith-Jones", "Slot&Go"): one
#: word.
_HYPHENED = rf"(?:[-&][{_UP}][{_LO}]+)?"
#: An Irish or Norman surname's prefix or an elided article: "O'Sullivan", "D'Arcy", "L'Oréal" (the capital
#: after the apostrophe opens it).
_OD = r"(?:(?<=[ODL])['’][A-Z])?"
#: An apostrophe and one letter ending a surname ("Thiong'o"), not a contraction's ("Don't", "We'd").
_ELIDED = rf"(?:['’](?![stdm](?![{_LO}]))[{_LO}](?![\w'’]))?"
_WORD = rf"[{_UP}]{_OD}[{_LO}][{_UP}{_LO}0-9]*{_ELIDED}{_HYPHENED}"
#: Small words inside a person's or a place's name, before a capitalised word: "Casa del Popolo", "Tadhg Ó
#: Riordáin", "Vincent van Gogh", "Dana de la Cruz", "Mumbi wa Kamau" (Kikuyu: "of"), "Paseo de los Héroes",
#: "Bord na Móna" (Irish: "of the"), "Maria dela Cruz", "Ana delos Reyes" (Filipino), "Ahmad bin Ismail",
#: "Siti binti Osman" (Malay), "Hassan ibn Ali", "Kumar a/l Muthu", "Priya a/p Raman" (Malaysian Indian: "son
#: of", "daughter of"; "s/o", "d/o" in Singapore), "Joost ter Haar" (Dutch: "at the"), "Reem bint Saleh"
#: (Arabic: "daughter of"). Not "a", "an", "do" or "ten", English words too ("Gave Oksana a Kindle").
_PARTICLE = (
    r"(?:Ó|de|del|dela|delos|della|dei|di|da|dos|das|du|des|la|le|los|las|el|na|van|von|der|den|ter|wa"
    r"|bin|binti|bint|ibn|a/l|a/p|s/o|d/o)"
)
#: An Arabic article glued to a surname in lower case ("Huda al-Mansouri", "Tariq el-Sayed"): the name's.
_GLUED = r"(?:(?<=[ ])(?:al|el)-)?"
#: One of those small words alone.
PARTICLE_WORD = re.compile(_PARTICLE)
#: Capitalised words in a row, not glued to a word, a word's apostrophe or a hyphen (but "ex-" before a name
#: parts a former tie from it: "ex-Navy", "ex-Harbour Rowing Club"; an opening quote is no
#: word's: "'Black Holes Live'" is read whole; the look-behinds come after
#: the first letter so that the search can skip ahead to capitals: several times faster). A word may be two
#: capitalised parts joined by a hyphen ("Bio-Rad", "Ana Smith-Jones") or an O'/D' surname; a name's small
#: words (:data:`_PARTICLE`) may stand between two of its words, and a saint's "St." inside it ("Grundschule
#: St. Anna"), or opening it ("St. Joseph Cathedral").
CAPS = re.compile(
    rf"[{_UP}](?:(?<![\w-][{_UP}])|(?<=(?<!\w)[eE]x-[{_UP}]))(?<![\w'’]['’][{_UP}])"
    rf"(?:(?<=S)t\.[ ][{_UP}])?{_OD}[{_LO}][{_UP}{_LO}0-9]*{_ELIDED}{_HYPHENED}"
    rf"(?:(?:['’]s|(?<=s)['’])?[ ](?:St\.[ ])?(?:{_PARTICLE}[ ]){{0,2}}{_GLUED}{_WORD})*(?![\w-])"
)
#: A word with a capital after a lower-case letter that CAPS does not find ("easyJet", "iPhone", "macOS").
CAMEL_LOW = re.compile(r"(?<![\w'’@/.-])[a-z]+[A-Z][A-Za-z0-9]*(?![\w@/-]|\.\w)")
#: A capital inside a word after a lower-case letter ("PostgreSQL", "LaunchDarkly"): not an ordinary word.
HUMP = re.compile(r"[a-z][A-Z]")
#: An acronym of three capitals or more after a lower-case letter inside a word ("GeoTIFF", "LiDAR",
#: "NetCDF", "qPCR", "WebRTC"): a format's, protocol's or method's name, a technology by its shape (over the
#: labelled sets every such name is one; a brand's humps are single capitals: "ProShred", "GivEnergy").
ACRONYM_IN = re.compile(r"[a-z][A-Z]{3}")
#: An all-capitals word (checked against the well-known names only: "AWS", "NHS").
UPPER = re.compile(r"(?<![\w'’@/.-])[A-Z][A-Z0-9]{1,9}(?![\w-])")
#: Capitals (perhaps with digits), a hyphen and one capital: a tool's, a connector's or a model's name
#: written so ("WAL-G", "USB-C", "a Mazda CX-V"), not an English prefix ("PRE-K", "NON-EU"), a ticket's key
#: ("OPS-455": digits) or a run of initials ("A-B-C").
HYPHEN_CODE = re.compile(r"(?<![\w'’@/.-])(?!(?:PRE|NON|ANTI|MID|SUB|CO|RE|EX|SEMI|POST|SELF|HALF)-)"
                         r"[A-Z][A-Z0-9]{1,5}-[A-Z](?![\w'’@/-]|\.\w)")  # fmt: skip
#: A lower-case word ("k6", "postgres", "priya"): checked against well-known names and given names.
LOWER = re.compile(r"(?<![\w'’@/.-])[a-z][a-z0-9]*(?:[.-][a-z0-9]+)?(?![\w'’@/-]|\.\w)")
#: A work's title: capitalised words (or numbers), joined by a few small words ("The Covenant of Water").
_TITLE = (
    r"(?:The[ ]|A[ ]|An[ ])?[A-Z0-9][\w'’-]*"
    r"(?:[ ](?:(?:of|the|and|a|an|in|on|to|for|with|at|from)[ ])*[A-Z0-9][\w'’-]*)*"
)
#: "Title by Firstname Lastname" opening a line, after a label or a verb of reading, or after a comma
#: ("Piranesi by Susanna Clarke", "Reading: The Wild Robot by Peter Brown, then Wonder by R. J. Palacio").
#: A title of several words after a verb of reading or watching ("Reading Klara and the Sun to Ada",
#: "watched The Lord of the Rings", "finally watched Past Lives").
_WORK_VERBS = r"[Rr]eading|[Rr]ead|[Rr]e-read|[Ff]inished|[Ss]tarted|[Ww]atched|[Ww]atching|[Rr]ewatched"
#: A work's kind as a label before its title ("podcast: The Rest Is History", "Film: Perfect Days").
_WORK_LABELS = r"[Pp]odcast|[Aa]udiobook|[Bb]ook|[Ff]ilm|[Mm]ovie|[Aa]lbum"
WORK_TITLE = re.compile(
    rf"\b(?:(?:{_WORK_VERBS})(?:(?:[ ][a-z]+){{1,2}}:)?|(?:{_WORK_LABELS}):)[ ]"
    r"(?P<t>(?:The[ ]|A[ ])?(?:[A-Z]|(?<=The[ ])\d)[\w'’-]*(?:[ ](?:(?:and|of)[ ](?:the[ ]|a[ ])?|the[ ])?"
    r"[A-Z][\w'’-]*)+)"
)
#: An author: initials and a surname ("R. J. Palacio") or two or three capitalised words, the first perhaps
#: two joined by a hyphen ("Jean-Luc Godard").
_AUTHOR = (
    rf"(?P<a>(?:[{_UP}]\.[ ]?){{1,3}}[{_UP}][{_LO}'’-]+"
    rf"|[{_UP}][{_LO}]+(?:-[{_UP}][{_LO}]+)?(?:[ ](?:{_PARTICLE}[ ])?[{_UP}][{_LO}'’-]+){{1,2}})\b"
)
BY_AUTHOR = re.compile(
    r"^[^\S\n]*(?:(?:[-*+]|\d{1,3}[.)])[^\S\n]+)?[*_\"“]*(?P<t>[A-Z][^:;()\[\]\n]{0,80}?)[*_\"”]*[ ]by[ ]"
    + _AUTHOR,
    re.M,
)
BY_AUTHOR_AFTER = re.compile(
    rf"(?:[:;,][ ](?:then[ ]|and[ ]|or[ ])?|\b(?:{_WORK_VERBS})[ ])"
    rf"[*_\"“]*(?P<t>{_TITLE})[*_\"”]*,?[ ]by[ ]" + _AUTHOR
)
BY_NAME = re.compile(r"[ ]by[ ][A-Z]")
#: Words opening a title before "by" that are not part of it ("Now reading X by", "Finished X by").
TITLE_LEAD = frozenset(
    "now currently just finally also finished started reading read re-read rereading watched watching "
    "rewatched loved enjoyed recommended".split()
)
#: Names whose words are joined by "&", "of" or "for": "Farrow & Ball", "Harlow & Sons", "University of
#: Leeds", "Association of Chartered Surveyors", "Max Planck Institute of Molecular Plant Physiology",
#: "Centre for Ageing Research" (the "of" kind only after an organisation's or a place's word, "for" after an
#: organisation's, checked by :func:`.mention_readers.joined_name_kind`).
OF_HEADS = frozenset(
    """University Institute College School Museum Bank Centre Center Department Ministry Academy Society
    Church Council Library Hospital Board Office Faculty Federation League Order Guild Chamber Court
    Association Union Isle Bay Gulf Port City Cape Lake Mount Palace Tower Bridge Museums Friends""".split()
)
#: "of" names that are places ("Isle of Skye", "Bay of Biscay"); the others are organisations.
OF_PLACES = frozenset("Isle Bay Gulf Port City Cape Lake Mount Palace Tower Bridge".split())
JOINED = re.compile(
    rf"[{_UP}](?<![\w'’&-][{_UP}])(?:(?P<amp>[{_LO}][{_UP}{_LO}0-9]*(?:[ ]{_WORD})?[ ](?:&|n)[ ]{_WORD}"
    r"(?:[ ](?:Sons|Co|Ltd|Partners|Associates))?)"
    rf"|(?P<of>[{_LO}][{_UP}{_LO}0-9]*(?:[ ]{_WORD}){{0,3}}[ ](?:of|for)[ ](?:the[ ])?{_WORD}"
    rf"(?:[ ]{_WORD}){{0,3}}))"
    r"(?![\w-])"
)
#: Mixed-case and model-number words CAPS does not read ("RStudio", "DESeq2", "TRIzol", "CFX96"): the
#: names of tools and products (a plural acronym, "APIs", "KPIs", is not one).
MIXED = re.compile(
    r"[A-Z](?<![\w'’@/.-][A-Z])(?:[A-Z]+[a-z][A-Za-z0-9]*|[A-Z]{2,}[0-9]{2,}[A-Za-z]?)(?![\w@/-]|\.\w)"
)
#: A unit's symbol with a metric prefix ("kWh", "kWp", "mAh", "MWh", "kHz", "dB", "Mbit", "Gb"): a quantity's
#: unit, no name.
UNIT_SYMBOL = re.compile(r"[kmµnpdcMGT](?:W|Wh|Wp|VA|Ah|Hz|V|A|N|Pa|L|B|J|bps|b|bit|bits|byte|bytes)\Z")
#: Abbreviations written in mixed case that name no entity (degrees, titles).
NOT_MIXED = frozenset(
    "PhD PhDs MSc BSc MSci MEng BEng MPhil DPhil MRes MBA MBAs MA BA LLB LLM MD DDS MPH MFA BFA GCSEs".split()
)
#: A value list after a label: the text after the name goes on with a comma ("Attendees: Bo, Fatima"),
#: perhaps after a remark in brackets ("Present: Grace Wanjiku (chair), Musa").
LIST_NEXT = re.compile(r"[ ]?(?:v?\d[\w.]*[ ]?)?(?:\([^()\n]{1,40}\))?(?:,|[ ]and[ ]|[ ]?\+|[ ]?/)")
NOUN_AFTER = re.compile(r"[ ]([a-z]+)\b")
#: A unit of measure written after a number, apart from it ("27 L", "5 kg", "12 litres"): the number is a
#: quantity's.
_UNIT_WORD = (
    r"[ ](?:[mcd]?[lL]|kg|mg|lbs?|oz|[kcm]m|mi|ft|k?W|kWh|m?Ah|[KMGT]B|[KMG]Hz|°[CF]"
    r"|(?:litre|liter|gallon|kilo|gram|metre|meter|inch|foot|pound|ounce)(?:e?s)?)(?![\w'’])"
)
#: A model number after a name ("a Pixel 8", "an iPhone 15", "my Galaxy S24", "a Shure MV7"): a whole
#: number (three capitals before it at most), not a date's, a time's, a version's, an amount's or a
#: quantity's ("Pixel 8/3", "Q2 4.1", "a Fermenta 30 L keg": the keg's size).
MODEL_NUMBER = re.compile(rf"[ ]([A-Z]{{0,3}}\d{{1,4}})(?![\w'’/:-]|[.,]\d|{_UNIT_WORD})")
#: A whole number after a name, then a pause: a comma or semicolon, a bracket, a dash, the line's end ("Garmin
#: Swim 2,", "iPhone 13."): a model's number, not a count of a unit ("25 km").
NUMBER_PAUSE = re.compile(r"[ ](\d{1,4})(?=[,;)]|[ ]\(|[ ][-–—][ ]|\.?(?:\n|$)|\.[ ])")
#: What stands before a device or a thing one owns, uses or buys: an article or a possessive.
MODEL_BEFORE = re.compile(r"(?:^|[ (])(?:a|an|my|our|his|her|their|your|the|new|old)[ ]$", re.IGNORECASE)
#: "for" before a capitalised word: where a name joined by "for" may stand ("Society for Sound Ecology").
FOR_CAPITAL = re.compile(r"[ ]for[ ](?:the[ ])?[A-Z]")
#: A chat export's stamp before a speaker: a clock time in brackets, a date before or after it
#: (``[01/03/2027, 19:02]``, ``[09:14]``, ``[09:14 12/3]``, ``[9:14 PM, 3/12/2027]``), or a date and a time
#: then a dash, unbracketed (an exported WhatsApp log: ``12/03/2027, 21:04 - ``). Its time of day is the date
#: reader's (:data:`~mdrecall.text.date_phrases.chat_stamps.STAMP_TIME`); the stamp is not that module's, as
#: the contracts differ: a stamp of a time alone says a person speaks as well as one with a day (the date
#: reader needs the day), and this one is read over a whole file, line by line, before the speaker's label.
_CHAT_STAMP = (
    rf"\[[^\]\n]{{0,24}}?{STAMP_TIME}(?:[^\S\n]*,?[^\S\n]*\d{{1,4}}[/.-]\d{{1,2}}(?:[/.-]\d{{2,4}})?)?\]"
    rf"|\d{{1,4}}[/.-]\d{{1,2}}[/.-]\d{{2,4}},?[^\S\n]+{STAMP_TIME}[^\S\n]+[-–][^\S\n]"
)
#: A speaker label opening a line, over a whole file (``^`` at each line; no ``\s`` that spans lines). A
#: chat export's stamp before it (group ``c``) says a person is speaking, as bold does.
SPEAKERS = re.compile(
    r"^[^\S\n]*(?:[-*+][^\S\n]+(?:\[[ xX]\][^\S\n]+)?)?"
    rf"(?P<c>(?:{_CHAT_STAMP})[^\S\n]*)?"
    r"(?:\*\*(?P<b>[^*\n]{1,40})\*\*[^\S\n]*:"
    rf"|(?P<p>[{_UP}][\w'.-]*(?: [{_UP}][\w'.-]*){{0,2}}):[^\S\n])",
    re.M,
)

#: A possessive ending a saint's name before punctuation, the line's end or a small word of grammar ("the
#: hall at St Teresa's,", "moved out of St Anne's into"), not before a noun ("St Anne's day"): the name of
#: the church, school or hospital named after the saint.
SAINTS_PLACE = re.compile(
    r"['’]s(?:[ ]?(?=[,.;:!?)\]]|$)|[ ](?=(?:into|in|on|at|to|from|for|with|and|or|but|is|was|has|had|will|by"
    r"|near|after|before|until|since|where|which|who|that|this|last|next)\b))",
    re.M,
)
#: Capitalised words that are not names when seen alone (calendar words, pronouns, interjections…).
STOP = set(
    """I I'm I've I'll I'd Im Ive Ill Id OK Ok Okay Yes No Yeah Hey Hi Hello Thanks Thank Wow Oh Ah Hmm
    Mr Mrs Ms Dr Adv Sir Madam Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March
    April May June July August September October November December Today Tomorrow Yesterday TODO Note
    Mondays Tuesdays Wednesdays Thursdays Fridays Saturdays Sundays Mon Tue Tues Wed Weds Thu Thur Thurs Fri
    Sat Sun Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Weekend Weekends Tonight Noon Midnight
    Notes Summary Decision Decisions Update Updates Question Answer Re Fwd God
    Session Meeting Morning Evening Afternoon Night Week Month Year The A An And But Or So If When Then
    This That These Those There Here It Its We You He She They Me My Our Your His Her Their Also Just
    What Which Who Whom Whose Where Why How Anyway Well Sure Cool Great Nice Awesome Good Bad Sorry Please
    Congrats Congratulations Happy Everyone Everybody Someone Somebody Nobody Anyone Anybody Not""".split()
)
LABEL_STOP = {w.lower() for w in STOP} | {
    "note", "notes", "todo", "decision", "summary", "update", "status", "next", "action", "result",
    "results", "goal", "goals", "context", "problem", "fix", "idea", "tip", "warning", "example", "source",
    "date", "time", "owner", "tags", "people", "q", "a", "user", "assistant", "system", "tldr", "why",
}  # fmt: skip
#: Titles kept before a surname alone ("Mr Adeyemi"), not before a given name ("Dr Amara Singh").
TITLES = frozenset({"Mr", "Mrs", "Ms", "Mx", "Dr", "Prof", "Adv"})  # "Adv": an advocate (South Africa, India)
#: Titles of a person's office or calling written before their name ("Pastor Joseph Kimani", "Rev. Ada
#: Obi", "Coach Marta"): not part of the name before a given name; the name is a person's.
HONORIFICS = frozenset(
    """Pastor Reverend Rev Revd Fr Father Bishop Archbishop Imam Sheikh Rabbi Deacon Vicar Elder
    Professor Advocate Adv Coach Captain Capt Judge Justice Senator Governor Mayor Councillor Cllr Chief
    Sister Brother Auntie Aunty Uncle Mama Baba""".split()
)
#: Lower-case words that are given names too but mostly ordinary words ("dev", "bill"): never read as names.
LOWER_NOT_NAMES = set(
    """dev art bill bob don guy jack jean mark max may pat ray rob sue ted will hope joy grace faith rose lily
    ruby amber jade iris ivy holly daisy violet summer autumn dawn sky june april august chase drew frank gene
    rich victor wade dean hunter mason nick sofia florence ada ali bea jun kai mai nam ola ong rin rui soo
    sora uma xin mei min nia noor sana ange ewa hana jin mika milan nils rowan seren jude percy
    jan kim lee long young stone brook leo""".split()
)

#: An organisation's word right after a mixed-case name ("NLnet Foundation").
ORG_NEXT = re.compile(
    r"[ ](Foundation|Trust|Fund|Institute|University|Labs|Lab|Inc|Ltd|LLC|GmbH|Group|Society|Association"
    r"|Bank)\b"
)
#: A two-letter acronym right after a capitalised name, perhaps ending it ("Weta FX", "Travis CI": checked
#: against :data:`mdrecall.knowledge.lexicon.name_words.ACRONYM_TAILS`).
ACRONYM_NEXT = re.compile(r"[ ]([A-Z]{2})(?![\w'’-])")
#: An acronym inside a sentence right before a name, perhaps its first word ("for JL Racing").
ACRONYM_BEFORE = re.compile(r"(?:(?<=[a-z,] )|(?<=\())[A-Z]{2,4} $")
#: A dot after an abbreviation that goes on with the sentence ("Co. in Halifax", "Ltd., who"): the name's.
ABBREVIATION_DOT = re.compile(r"\.(?:,|[ ][a-z(])")
#: What follows a name in a sentence that goes on: a lower-case word, after "'s" or not ("Jonas ran",
#: "Karan's flight").
GOES_ON = re.compile(r"(?:['’]s)?[ ][a-z]")
#: What may stand before a name that opens a line: bullets and checkboxes; opening punctuation.
BULLETS = re.compile(r"[ \-*+>\t\[\]xX]*")
#: Bullets, then a clock time stamping a log's line ("- 09:10 Bills went out", "[07:45] Vet rang", "- 8.30am
#: -- Hall booked"), then its separator: the word after it opens the line's sentence.
STAMPED = re.compile(
    r"[ \-*+>\t\[\]xX]*(?:\d{1,2}[:.]\d{2}(?:[ ]?[ap]\.?m\.?)?|\d{1,2}[ ]?[ap]\.?m\.?)"
    r"(?:[ \t]*[\])\-–—:,|])*[ \t]+"
)
OPENING = re.compile(r"\s*['\"(\[]*")
