"""Write ``src/mdrecall/knowledge/data/nicknames_public.txt``: English nicknames and the given names they
shorten, from the ``nicknames`` package (Carlton Northern and Nick Crews, a hand-curated CSV of English
given names and their nicknames, Apache License 2.0), read beside the hand-kept ``nicknames.txt``.

The package's CSV is made for genealogy: it also pairs spellings of one name ("Rodger"/"Roger") and old
names whose nicknames are ordinary words ("Ray", "Rose", "Mark", "Joy"). Only the pairs a note's reader
would take for a nickname are kept: the full name is a given name of this package's lists
(``name_lists.given_name``), the nickname is shorter, three letters or more, no given name of its own, no
noun never capitalised, and no frequent English word unless no English word at all ("Babs", "Steph",
"Trixie", "Becca" stay; "Ray", "Rose", "Austin" go). Run it when the package or the rules change (the
package is needed here only, not at run time)::

    pip install nicknames
    python scripts/gen_nicknames.py
"""

from __future__ import annotations

import argparse
import csv
import importlib.resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "nicknames_public.txt"
_NOTICE = """\
# English nicknames and the given names they shorten, "Nickname Full Full ...", one nickname a line: the
# pairs of the `nicknames` package's names.csv (https://github.com/carltonnorthern/nicknames) kept by
# scripts/gen_nicknames.py. Copyright Carlton Northern and Nick Crews, licensed under the Apache License,
# Version 2.0 (http://www.apache.org/licenses/LICENSE-2.0); distributed on an "AS IS" BASIS, WITHOUT
# WARRANTIES OR CONDITIONS OF ANY KIND. Changed: pairs filtered and regrouped by nickname.
"""


def kept_pairs(rows: list[dict[str, str]]) -> dict[str, set[str]]:
    """Nickname → the given names it shortens, of the CSV's rows that pass the rules (module docstring)."""
    from mdrecall.knowledge.aliases.given_shape import unlexed_word
    from mdrecall.knowledge.lexicon.name_lists import common_word, given_name, lower_noun

    out: dict[str, set[str]] = {}
    for row in rows:
        full, nick = row["name1"].strip().lower(), row["name2"].strip().lower()
        if (
            row["relationship"] == "has_nickname"
            and nick.isalpha()
            and 3 <= len(nick) < len(full)
            and given_name(full.capitalize())
            and not given_name(nick.capitalize())
            and not lower_noun(nick)
            and (not common_word(nick) or unlexed_word(nick))
        ):
            out.setdefault(nick, set()).add(full)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--csv", type=Path, help="names.csv (default: the installed package's)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    path = args.csv or Path(str(importlib.resources.files("nicknames") / "names.csv"))
    with path.open(encoding="utf-8", newline="") as f:
        pairs = kept_pairs(list(csv.DictReader(f)))
    lines = [" ".join([n.capitalize(), *(g.capitalize() for g in sorted(pairs[n]))]) for n in sorted(pairs)]
    args.out.write_text(_NOTICE + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} nicknames → {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
