"""Write ``src/mdrecall/knowledge/data/plain_initials.txt``: initials that stand for a thing, not a name.

A note writes "moved to ICU", "seen at MRI", "paid with EFT", "cleared with the CEO": initials in the slot
where a body's name would stand ("at UCC", "switched to WOM"). WordNet 3.0 holds many such initials as
lemmas of a common noun's synset ("ICU" of intensive_care_unit, "VAT", "CPR", "MRI", "FIFO", "MOT"): this
script keeps a lemma of 2-6 capitals of any noun synset whose first lemma other than initials is written in
lower case (a class of things, not one body: "Federal_Communications_Commission" is a name,
"intensive_care_unit" is not), where no sense of the same lemma is a proper name's. A short list of office
and chat initials that WordNet lacks (:data:`EXTRA`: "AGM", "EOD", "TBC", the time zones) is added. Run it
when the rule changes::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_plain_initials.py
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "plain_initials.txt"
#: Office, chat and time initials WordNet 3.0 lacks: meetings, deadlines, time zones, documents.
EXTRA = frozenset(
    "AGM EGM AOB EOD EOW EOM COB ASAP FYI TBD TBC TBA ETA ETD RSVP FAQ OOO WFH PTO DM PM AM "
    "UTC GMT BST CET CEST EET EST EDT CST CDT MST MDT PST PDT AEST AEDT NZST NZDT IST JST KST SAST "
    "KPI OKR ROI SLA NDA MOU RFP RFQ POC MVP QA QC HR IT PR IR CV PO"
    .split()
)  # fmt: skip
_INITIALS = re.compile(r"[A-Z]{2,6}")
_NOTICE = """\
# Initials that stand for a class of things, not a name (scripts/gen_plain_initials.py): lemmas of 2-6
# capitals of WordNet 3.0 noun synsets whose first other lemma is lower case, no sense of which is a proper
# name's, and a few office, chat and time-zone initials. One a line.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (License: see
# https://wordnet.princeton.edu/license-and-commercial-use; provided "AS IS", without warranties.)
"""


def plain_initials(wn: Path) -> set[str]:
    """Initials of common nouns' synsets (and none of a proper name's)."""
    common: set[str] = set()
    proper: set[str] = set()
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split("|")[0].split()
        lemmas = [f[4 + 2 * i].split("(")[0] for i in range(int(f[3], 16))]
        words = [x for x in lemmas if not _INITIALS.fullmatch(x)]  # "VAT" beside "value-added_tax"
        names = proper if not words or words[0][:1].isupper() else common
        names.update(x for x in lemmas if _INITIALS.fullmatch(x))
    return (common - proper) | EXTRA


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    rows = sorted(plain_initials(args.wordnet))
    OUT.write_text(_NOTICE + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} initials to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
