"""Write ``src/mdrecall/text/data/report_verbs.txt``: English verbs that report what was said, thought or
perceived, and so may open a clause with "that" ("told us that ...", "reminded her that ...", "heard that
..."): the words whose first verb sense is in WordNet 3.0's communication, cognition or perception
supersense, read from ``src/mdrecall/knowledge/data/supersenses.txt`` (``scripts/gen_supersenses.py``).
Run it when that file changes::

    python scripts/gen_report_verbs.py
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "supersenses.txt"
OUT = ROOT / "src" / "mdrecall" / "text" / "data" / "report_verbs.txt"
SENSES = {"communication", "cognition", "perception"}
_NOTICE = """\
# Verbs that report what was said, thought or perceived (their first verb sense is in WordNet 3.0's
# communication, cognition or perception supersense), one a line (scripts/gen_report_verbs.py, from
# knowledge/data/supersenses.txt). WordNet 3.0 Copyright 2006 by Princeton University. All rights
# reserved. (License: see https://wordnet.princeton.edu/license-and-commercial-use; provided "AS IS",
# without warranties.)
"""


def report_verbs(source: Path = SOURCE) -> list[str]:
    """The words of ``source`` whose first verb sense is one of :data:`SENSES`."""
    out = []
    for line in source.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        word, _noun, verb = line.split()
        if verb in SENSES and word.isalpha():
            out.append(word)
    return sorted(out)


def main() -> None:
    OUT.write_text(_NOTICE + "\n".join(report_verbs()) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
