"""Write ``src/mdrecall/text/data/irregular_verbs.txt``: the irregular forms of English verbs ("kept" →
keep, "bought" → buy, "went" → go), from WordNet 3.0's exception list (``verb.exc``).

A light stem finds "keeps" and "keeping" from "keep" by its opening letters; it cannot find "kept". Only
the forms a prefix match misses are written: a form that keeps all but the last letter of its verb
("abetted" → abet, "dying" → die) is left out. Run it when the rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_irregular_verbs.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "text" / "data" / "irregular_verbs.txt"
_NOTICE = """\
# Irregular English verb forms and their verb, one pair a line (form verb), from WordNet 3.0's verb.exc
# (scripts/gen_irregular_verbs.py), less the forms a prefix of the verb finds.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (License: see
# https://wordnet.princeton.edu/license-and-commercial-use; provided "AS IS", without warranties.)
"""


def irregular_pairs(wn: Path) -> list[tuple[str, str]]:
    """(form, verb) of ``verb.exc`` whose form does not open with all but the verb's last letter."""
    out: set[tuple[str, str]] = set()
    for line in (wn / "verb.exc").read_text(encoding="latin-1").splitlines():
        form, *verbs = line.split()
        for verb in verbs:
            if not (form.isalpha() and verb.isalpha()) or len(verb) < 2:
                continue
            if form.startswith(verb[:-1]) and len(verb) > 2:
                continue
            out.add((form, verb))
    return sorted(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = parser.parse_args()
    pairs = irregular_pairs(args.wordnet)
    OUT.write_text(_NOTICE + "".join(f"{f} {v}\n" for f, v in pairs), encoding="utf-8")
    print(f"wrote {len(pairs)} forms to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
