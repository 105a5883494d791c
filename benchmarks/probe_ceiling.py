"""What a better candidate lookup could give the change lines' pass: its ceiling on the labelled sets.

The pass (:mod:`mdrecall.knowledge.changes.change_pairs`) looks up a change line's candidates through a few
of its rarest words (:meth:`~mdrecall.knowledge.changes.change_state.ChangeState.probes`), then judges each
(:func:`~mdrecall.knowledge.changes.change_candidate.candidate`, the cosine floor) and keeps the closest. The
funnel (``sup_funnel.py``) names the lookup ("probe: …") as the first gate a labelled pair fails; this script
asks whether the lookup is what stops it: each labelled set is paired twice, by the rules as they are and
with a lookup that finds *every* line written before the change line (as if found by its rarest words: the
same gates, the same floor), and prints per set the labelled pairs made and the marks on lines no label
calls superseded (an upper bound of the stray marks a wider lookup lets through), then the pairs gained and
lost. No lookup can do better than the second pass with the gates as they are: where it gains little, the
pairs are lost at the gates after the lookup, not in it.

    python benchmarks/probe_ceiling.py [--sets dev,held_out,...] [--src SRC]

Reads the tuning sets of ``sup_funnel.py`` (never a blind set; pass ``--sets`` to leave your own aside
sets out).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "knowledge"
Key = tuple[str, int]
#: The key the widened lookup files every earlier line under (no word holds it).
EVERY = "\0every"


def _read(which: str) -> tuple[list[Any], Any, list[tuple[Key, Key]]]:
    """The stored fact lines of the set ``which`` as its index reads them, their lines' other names, and its
    labelled (older, newer) pairs."""
    sys.path.insert(0, str(HERE))
    import knowledge_eval

    from mdrecall.knowledge.changes.superseded import line_names

    labels = json.loads((DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(DATA / which, root)
        mem = knowledge_eval._open(root)
        try:
            facts = list(mem.store.fact_rows())
            names = line_names(mem.store, mem.config.entities)
        finally:
            mem.close()
    wanted = [
        ((s["older"]["file"], s["older"]["line"]), (s["newer"]["file"], s["newer"]["line"]))
        for s in labels["supersession"]
    ]
    return facts, names, wanted


def _pairs(facts: list[Any], names: Any, every: bool) -> dict[Key, Any]:
    """The supersession pairs of ``facts``; with ``every``, each change line's candidates are every line
    written before it beside those its rare words find (:data:`EVERY`)."""
    from mdrecall.knowledge.changes.change_rules import written_before
    from mdrecall.knowledge.changes.change_state import ChangeState
    from mdrecall.knowledge.changes.fact_pairs import supersessions

    if not every:
        return supersessions(facts, names)
    probes, earlier = ChangeState.probes, ChangeState.earlier

    def wide_probes(self: Any, j: int) -> tuple[list[str], list[str], list[str]]:
        rare, things, more = probes(self, j)
        return [*rare, EVERY], things, more

    def wide_earlier(self: Any, w: str, j: int) -> Any:
        if w != EVERY:
            return earlier(self, w, j)
        new = self.fact(j)
        return [i for i, f in enumerate(self.facts) if f is not None and i != j and written_before(f, new)]

    ChangeState.probes, ChangeState.earlier = wide_probes, wide_earlier  # type: ignore[method-assign]
    try:
        return supersessions(facts, names)
    finally:
        ChangeState.probes, ChangeState.earlier = probes, earlier  # type: ignore[method-assign]


def main() -> int:
    sys.path.insert(0, str(HERE))
    from sup_funnel import LABELLED

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(LABELLED), help="comma-separated sets")
    parser.add_argument("--src", help="the src folder of the checkout to measure (default: this one's)")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.src).resolve()) if args.src else str(HERE.parent / "src"))
    sets = [s for s in args.sets.split(",") if s]
    for s in sets:
        if s not in LABELLED:
            parser.error(f"unknown set {s!r} (one of {', '.join(LABELLED)})")
    print(f"{'set':<12}{'labelled':>9}{'made':>7}{'ceiling':>9}{'unlabelled marks':>18}{'ceiling':>9}")
    total = [0, 0, 0, 0, 0]
    changes: list[str] = []
    for s in sets:
        facts, names, wanted = _read(s)
        olders = {o for o, _ in wanted}
        row = []
        made_by = []
        for every in (False, True):
            pairs = _pairs(facts, names, every)
            made = {(o, n) for o, n in wanted if (p := pairs.get(o)) and (p.path, p.line) == n}
            made_by.append(made)
            row += [len(made), sum(1 for k in pairs if k not in olders)]
        print(f"{s:<12}{len(wanted):>9}{row[0]:>7}{row[2]:>9}{row[1]:>18}{row[3]:>9}")
        for k, x in enumerate((len(wanted), row[0], row[2], row[1], row[3])):
            total[k] += x
        changes += [
            f"  gained {s}: {o[0]}#L{o[1]} → {n[0]}#L{n[1]}" for o, n in sorted(made_by[1] - made_by[0])
        ]
        changes += [
            f"  lost   {s}: {o[0]}#L{o[1]} → {n[0]}#L{n[1]}" for o, n in sorted(made_by[0] - made_by[1])
        ]
    print(f"{'all':<12}{total[0]:>9}{total[1]:>7}{total[2]:>9}{total[3]:>18}{total[4]:>9}")
    print("\n".join(changes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
