"""The closed lexicon of change: the wordings that say a value was replaced, moved, ended, taken over or
taken back (:data:`CHANGE`), the weaker "now"-like ones (:data:`CHANGE_WEAK`), their cheap substring tests
and the words that add to a fact rather than change it (:data:`ADDITION`). Read by
:mod:`mdrecall.knowledge.fact_lines.change_signal` (which a search's question about the present loads) and
re-exported by :mod:`mdrecall.knowledge.fact_lines.fact_words`: its own module, so a search does not compile
the fact reader's other wordings. Constants only (compiled patterns and word lists), English.
"""

from __future__ import annotations

import re

__all__ = ["ADDITION", "CHANGE", "CHANGE_HINT", "CHANGE_HINTS", "CHANGE_WEAK", "CHANGE_WEAK_HINT", "VISIT"]

#: After "dropped"/"stopped": a particle of visiting ("dropped into the shop", "stopped by the office",
#: "dropped in on Mum", "dropped round"): a visit, not a thing dropped or stopped.
VISIT = r"(?!\s+(?:by|round|into)\b|\s+in(?:\s+(?:on|at|for|with|to)\b|\s*$))"
#: A closed, general lexicon of change (no attribute's own words): wording that says a value was replaced,
#: moved, ended, taken over or taken back. A line holding it may supersede an earlier line on its subject.
CHANGE = re.compile(
    r"\b(?:instead|no longer|any ?more|any longer|no more|as of|from now on"
    # "after all" meaning "in the end": at a clause's end or before a clause ("…, after all", "after all we
    # …", "after all: Rafa …"), not before a noun phrase it quantifies ("after all plot holders paid")
    r"|after all(?=\s*(?:$|[^\w\s]|\s+(?-i:[A-Z])|\s+(?:and|but|so|since|because|as|then|we|i|you|he|she"
    r"|they|it|is|was|were|are|has|had|now|too)\b))"
    # "in the end" as "after all": an outcome told at a clause's end or before its clause ("came from X in
    # the end", "in the end we went with Y"), not a place's end ("in the end room", "in the end of the line")
    r"|in the end(?=\s*(?:$|[^\w\s]|\s+(?-i:[A-Z])|\s+(?:and|but|so|we|i|you|he|she|they|it|is|was|were"
    r"|are|has|had|now|too)\b))"
    # "from now" without "on" ("every Friday from now", "from now buy the cheaper ones"), not a time ahead
    # ("two weeks from now") nor a span ("from now until May", "from now to Friday")
    r"|(?<!weeks )(?<!days )(?<!months )(?<!years )(?<!hours )(?<!week )(?<!month )(?<!year )(?<!day )"
    r"from now(?!\s+(?:on|until|till|to|through|'?til)\b)"
    r"|switch(?:ed|es|ing)?|swapp?(?:ed|ing)?|shift(?:ed|s|ing)? (?:to|from|back|forward)"
    r"|mov(?:ed|es|ing)|relocat\w*|replac\w*"
    r"|chang(?:ed|es|ing)|cancell?(?:ed|ing)|called off|postpon\w*|pushed (?:back|out)|slipp(?:ed|ing)"
    # a plan slipping, told in the present ("the launch slips a week", "v2 slips to May")
    r"|slips(?=\s+(?:a|an|one|two|three|four|by|to|back|into|again|\d)\b)"
    # a value settled on, at a sentence's end ("19 March it is", "Thursday it is. Booked")
    r"|(?<![\w'’])(?!(?:so|that|this|what|here|there|it|yes|no|and|but|if|as|whatever|which|who)\b)"
    r"(?:(?-i:[A-Z])[\w-]*|\d{1,2}(?:st|nd|rd|th)?)\s+it is(?=\s*[.!;:,)]|\s*$|\s+(?-i:[A-Z]))"
    # "pushed to" a time ("to 21:30", "to Friday", "to next week"), not to a place code goes ("pushed to
    # PyPI", "pushed to main")
    r"|pushed to(?!\s+(?:(?!mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
    r"|q[1-4]\b|next|later|the\b)(?-i:[A-Z])|main\b|master\b|prod|staging|origin|remote|git"
    r"|the (?:repo|branch|server|registry)|[a-z][\w.-]*/))"
    r"|delayed|rescheduled|brought forward|t(?:ook|akes?|aking|aken) (?:\w+ )?over|inherit(?:s|ed|ing)?"
    r"|hand(?:ed|ing|s)? (?:\w+ )?(?:over|off|on|to)|stepp(?:ed|ing) (?:down|back)"
    r"|left (?:the|his|her|their|our|my|its)|quit|(?<!without )stopp(?:ed|ing)" + VISIT + r"|g[ai]ven? up"
    r"|dropp(?:ed|ing)" + VISIT + r"|ditch(?:ed|ing)"
    r"|bail(?:ed|ing)|revert(?:ed|ing)|bump(?:ed|ing)|(?:down|up|cut|raised|lowered) to|last day"
    # a quantity or a limit changed to a number ("limit lifted to 44t", "fees increased to £30", "the class
    # reduced to 12"), not to a place or a person ("reduced to tears")
    r"|(?:increased|decreased|reduced|lifted|extended|shortened|doubled|halved|rose|fell|dropped|grew"
    r"|climbed) to(?=\s+(?:[£$€\d]|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|half)\b))"
    # a value left for another ("we've gone over to SignUpGenius"), not a visit ("went over to Mum's")
    r"|(?:went|gone|going|goes) over to(?=\s+(?-i:[A-Z])(?![\w-]*['’]s\b))"
    # from a time on, said of what follows ("from here on", "henceforth", "starting this week")
    r"|from here on|henceforth|starting this (?:week|month|term|year|season|sprint|quarter)"
    # a return to an earlier choice (:data:`REVERT`)
    r"|(?:went|go|goes|going|gone) back to"
    r" (?:option|plan|version|the (?:old|original|previous|first|earlier))"
    r"|(?:is|are|was|were|'s|’s) off|from (?:today|tomorrow|next|this|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october"
    r"|november|december)|starting (?:today|tomorrow|next|from|on|in|monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november"
    r"|december)"
    # from a day of the month on, the day ending its clause ("on Thursdays from the 11th.", "from the 1st
    # onwards"): not a span ("from the 3rd to the 9th") nor a thing ("from the 3rd floor")
    r"|from the (?:[12]?\d|3[01])(?:st|nd|rd|th)(?=\s*(?:$|[.;:!)]|,?\s+on(?:wards?)?\b))"
    # a state begun days ago ("on HiPP since Monday", "at the new desk since yesterday"): a value that took
    # over lately, not one long held ("since 2019", "since March")
    r"|since (?:today|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|last (?:week|night)"
    r"|the weekend))\b",
    re.I,
)
#: Weaker wording of change: it says what holds now ("now", "these days"); a line holding only
#: this supersedes an earlier one only where a value of the same kind differs (a time for a time).
CHANGE_WEAK = re.compile(
    r"(?<!\bfor )(?<!\bright )(?<!\bjust )(?<!\buntil )(?<!\bby )"
    r"\b(?:now|these days|nowadays|currently|at the moment)\b",
    re.I,
)
#: A substring of every wording :data:`CHANGE` or :data:`CHANGE_WEAK` reads (lower case): a cheap test
#: first, as most lines hold none.
CHANGE_HINTS = (
    "instead", "longer", "more", "after all", "as of", "now", "switch", "swap", "shift", "mov", "relocat",
    "replac", "chang", "cancel", "called off", "postpon", "pushed", "slipp", "slips ", "it is",
    "delayed", "reschedul",
    "brought", "took", "take", "taking", "hand", "stepp", "left", "quit", "stopp", "ve up", "en up",
    "dropp", "ditch", "bail", "revert", "bump", "inherit", " to", "off", "from ", "starting", "last day",
    "these days", "currently", "at the moment", "since ", "here on", "henceforth", "the end",
)  # fmt: skip
#: What every wording of :data:`CHANGE` holds, on an ASCII line's lower case (narrower than
#: :data:`CHANGE_HINTS`: "took over" needs " over", "from today" more than "from "): a cheap test first.
CHANGE_HINT = re.compile(
    r"instead|longer|more|after all|as of|switch|swap|shift|mov|relocat|replac|chang|cancel|called off"
    r"|postpon|pushed|slipp|slips |it is|delayed|reschedul|brought| over|inherit|hand|stepp|left |quit"
    r"|the end|ed to|se to|ll to|ew to|here on|henceforth|starting this"
    r"|stopp|ve up|en up"
    r"|dropp|ditch|bail|revert|bump|(?:down|up|cut|raised|lowered|back) to|last day|[se] off|starting"
    r"|from (?:to|ne|th[iu]|the \d|mo|tu|we|fr|sa|su|ja|fe|ma|ap|ju|au|se|oc|no|de)|since (?:[tymwfs]|la)"
)
#: What every wording of :data:`CHANGE_WEAK` holds, on an ASCII line's lower case.
CHANGE_WEAK_HINT = re.compile(r"now|these days|currently|at the moment")
#: Wording that adds to a fact rather than changes it ("too", "also", "as well", "still").
ADDITION = re.compile(
    # ("still not …", "still no …": a thing not yet done, nothing added)
    r"\b(?:too|as well)\s*[.!]?$|\b(?:also|additionally|in addition)\b"
    r"|\bstill\b(?!\s+(?:not|no|n't|never)\b)",
    re.I,
)
