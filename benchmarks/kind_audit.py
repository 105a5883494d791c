"""Which part of the kind decision typed each matched name, and which part each wrong kind came from.

For each named labelled set (never a blind one) this indexes a copy of the workspace, and for each gold
entity the entity view finds records: the shipped kind and its source (``kindSource``: the notes' cues, a
longer name's head noun, the shape's default, the name model, the context model), the gold kind, the
mentions' forms (written name, kind, how found, count), and for a kind from a cue, the rule of
:func:`mdrecall.knowledge.mentions.names.name_kind` that gave the winning kind (its ``return`` line, read by a
trace, labelled by the condition above it), or ``layout/reader`` where no such rule did (a label, a table
column, a section of suppliers, a list partner, a speaker label, front matter...). Usage::

    python benchmarks/kind_audit.py --sets held_out_13 held_out_15 [--rows FILE] [--all]

Prints each wrong kind with its deciding part and the count by part; ``--rows`` keeps the gathered rows
(JSON) for other benchmarks (``kind_part_eval.py``).
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kind_matches import matched_entities  # noqa: E402

#: Every tunable set, named one by one (no glob: blind sets must never be read).
SETS = [
    "dev", "held_out", "held_out_2", "held_out_3", "held_out_4", "held_out_5", "held_out_6", "held_out_7",
    "held_out_8", "held_out_9", "held_out_10", "held_out_11", "held_out_13", "held_out_15", "held_out_16",
    "held_out_17", "held_out_18", "held_out_21", "held_out_22", "held_out_28", "held_out_29",
]  # fmt: skip
PACKAGE = {"org": "organisation", "organization": "organisation", "animal": "pet"}


def _rule_labels() -> dict[int, str]:
    """``return`` line of :func:`name_kind` → a short label: the condition it follows, or its comment."""
    from mdrecall.knowledge.mentions import names

    lines, start = inspect.getsourcelines(names.name_kind)
    out: dict[int, str] = {}
    conds: list[tuple[int, str]] = []  # (indent, condition) of the ifs open above a line
    for i, text in enumerate(lines):
        s = text.strip()
        indent = len(text) - len(text.lstrip())
        if s.startswith(("if ", "elif ", "known =")):
            cond = s
            j = i + 1
            while cond.endswith(("(", "and", "or")) and j < len(lines):
                cond += " " + lines[j].strip()
                j += 1
            conds = [c for c in conds if c[0] < indent] + [(indent, cond.split("#", 1)[0][:80])]
        if s.startswith("return"):
            cond = next((c for n, c in reversed(conds) if n < indent), "")
            out[start + i] = f"L{start + i} {s.split('#', 1)[0].strip()[7:]} ← {cond}"
    return out


class _Tracer:
    """Records, per written name, the ``name_kind`` rule (return line) and the kind it gave."""

    def __init__(self) -> None:
        self.seen: dict[str, Counter[tuple[int, str]]] = {}

    def install(self) -> None:
        from mdrecall.knowledge.mentions import candidate_kinds, mention_readers, names

        code = names.name_kind.__code__
        original = names.name_kind

        def traced(name: str, words: list[str], before: str, after: str, **kw: Any) -> tuple[str, bool]:
            line = [0]

            def local(frame: Any, event: str, _arg: Any) -> Any:
                if event == "return":
                    line[0] = frame.f_lineno
                return local

            def glob(frame: Any, event: str, _arg: Any) -> Any:
                return local if event == "call" and frame.f_code is code else None

            sys.settrace(glob)
            try:
                out = original(name, words, before, after, **kw)
            finally:
                sys.settrace(None)
            self.seen.setdefault(name, Counter())[(line[0], out[0])] += 1
            return out

        candidate_kinds.name_kind = traced  # type: ignore[assignment]
        mention_readers.name_kind = traced  # type: ignore[assignment]
        candidate_kinds._name_kind.cache_clear()


def gather(which: str) -> list[dict[str, Any]]:
    """The set's matched gold entities with the shipped decision and its evidence."""
    from mdrecall.knowledge import stored_kinds
    from mdrecall.knowledge.kinds import kind_context

    tracer = _Tracer()
    tracer.install()
    rows: list[dict[str, Any]] = []
    with matched_entities(which) as (mem, _idx, matches):
        inherited = stored_kinds.inherited_key_kinds(mem.store)
        for m in matches:
            e, parts = m.entity, m.parts
            forms = [[n, k, h, c] for p in parts for (n, k, h), c in p.forms.items()]
            rules = {
                n: [[line, kind, c] for (line, kind), c in tracer.seen.get(n, Counter()).items()]
                for n in {f[0] for f in forms}
            }
            found = kind_context.mentions(mem.store, [p.key for p in parts])
            rows.append(
                {
                    "set": which,
                    "name": e.name,
                    "gold": PACKAGE.get(m.gold["kind"], m.gold["kind"]),
                    "kind": e.kind,
                    "source": e.kind_source,
                    "p": e.kind_p,
                    "head": next((inherited[p.key] for p in parts if p.key in inherited), None),
                    "forms": forms,
                    "rules": rules,
                    "mentions": [x._asdict() for x in found],
                }
            )
    return rows


def part_of(row: dict[str, Any], labels: dict[int, str]) -> str:
    """The part that decided the row's kind."""
    from mdrecall.knowledge.kinds.kind_vote import vote

    src = row["source"]
    if src != "notes":
        return src or "none"
    forms = [{(n, k, h): c for n, k, h, c in row["forms"]}]
    if not vote(forms)[1]:
        return "head noun"
    kind = row["kind"]
    hows = Counter(h for _n, k, h, c in row["forms"] if k == kind for _ in range(c))
    rule: Counter[str] = Counter()
    for _n, lines in row["rules"].items():
        for line, k, c in lines:
            if k == kind:
                rule[labels.get(line, f"L{line}")] += c
    if not rule:
        return f"cue: layout/reader ({','.join(sorted(hows))})"
    return f"cue: {rule.most_common(1)[0][0]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", default=SETS)
    parser.add_argument("--rows", type=Path, help="read/write the gathered rows here (JSON)")
    parser.add_argument("--all", action="store_true", help="count every matched name by part, not the misses")
    args = parser.parse_args()
    if args.rows and args.rows.is_file():
        rows = json.loads(args.rows.read_text(encoding="utf-8"))
        rows = [r for r in rows if r["set"] in args.sets]
    else:
        rows = [r for s in args.sets for r in gather(s)]
        if args.rows:
            args.rows.write_text(json.dumps(rows), encoding="utf-8")
    labels = _rule_labels()
    wrong: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for r in rows:
        part = part_of(r, labels)
        total[part] += 1
        if r["kind"] != r["gold"]:
            wrong[part] += 1
            if not args.all:
                print(f"{r['set']:12} {r['name']}: {r['kind']} (gold {r['gold']}) ← {part}")
    print("\nwrong / typed, by deciding part:")
    for part, n in sorted(total.items(), key=lambda t: (-wrong[t[0]], -t[1])):
        print(f"  {wrong[part]:4} / {n:4}  {part}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
