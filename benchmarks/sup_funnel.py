"""Where supersession recall is lost: for every labelled (older → newer) pair, the first gate it fails.

Pairs: the ``supersession`` labels of the knowledge sets (``benchmarks/knowledge/<set>.labels.json``:
``dev``, ``held_out``, ``held_out_2`` .. ``held_out_7``), the true cases of the supersession corpus's
tune part (``sup_train.json``'s :data:`sup_pairs_eval.CORPUS_TUNE` worlds, ``corpus``) and of
``sup_pairs.json``'s tune part (``sup_pairs``). Never the corpus's aside part, nor ``held_out_7``.

The fact lines are read as the index reads them: a labelled set is indexed (the knowledge eval's
workspace) and its stored fact lines paired; a corpus is written into one workspace in memory as
``sup_pairs_eval.py`` writes it. The rules run as they are (:func:`~mdrecall.knowledge.changes.fact_pairs.
supersessions`); where a pair is not made, :func:`~mdrecall.knowledge.changes.change_gates.change_gates` says
which of the change lines' pass's gates stop it, in the order the pass tries them:

* ``newer not a fact line`` / ``older not a fact line``:
:func:`~mdrecall.knowledge.fact_lines.facts.line_facts`
  reads no fact from it;
* ``paired to a different line``: an earlier rule (attribute, value left, state) paired the older line to
  another line, or the pass itself did (``newer chose another line``, ``older taken by a later line``);
* ``no change signal``: the newer line holds no change word, typed value or plan;
* ``newer paired by the attribute rule``: the newer line already supersedes another line there;
* ``probe: …``: the newer line's looked-up rare words do not find the older line (no word shared, shared
  words all common: the rare-word gate, or its shared rare words not among the three looked up);
* ``candidate: …`` / ``veto: …``: a test of the candidate (written before, another value, …) or a veto
  (confirms, refines, keeps_values, restates);
* ``cosine``: the two lines' word sets' cosine is below the floor;
* ``stored, search fails``: paired, but the search on the pair's query does not rank the newer first
  with the older marked (labelled sets only).

Prints a table (gate × set: count) and up to 6 examples per gate, and writes
``benchmarks/results/sup_funnel.json``: each pair with every gate it fails (each tested on its own) and,
for a pair stopped by a line not read as a fact, ``what_if``: the gates it would fail were both lines fact
lines, and ``values_differ``: the kinds of value that differ between them. ``--src`` measures another
checkout's rules (to see what a set met before it was tuned on, that checkout needs the two diagnosis
helpers, :func:`~mdrecall.knowledge.changes.change_gates.change_gates` and
:func:`~mdrecall.knowledge.fact_lines.facts.said_gate`, added).

    python benchmarks/sup_funnel.py [--sets dev,held_out,...] [--no-search] [--examples 6] [--src SRC]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "knowledge"
#: The labelled sets read (never the set kept aside for the end).
LABELLED = (
    "dev",
    "held_out",
    "held_out_2",
    "held_out_3",
    "held_out_4",
    "held_out_5",
    "held_out_6",
    "held_out_7",
    "held_out_8",
    "held_out_9",
    "held_out_10",
    "held_out_11",
    "held_out_13",
    "held_out_15",
    "held_out_16",
    "held_out_17",
    "held_out_18",
    "held_out_21",
    "held_out_22",
    "held_out_28",
    "held_out_29",
    "held_out_31",
    "held_out_33",
    "held_out_34",
    "held_out_36",
)
CORPORA = ("corpus", "sup_pairs")
Key = tuple[str, int]
_DATE_HEADING = re.compile(r"#+\s+(\d{4}-\d{2}-\d{2})")


def _pairing(
    facts: list[Any], wanted: list[tuple[Key, Key]], names: Any = None
) -> tuple[dict[Key, Any], dict[Any, list[str]]]:
    """The stored pairing of ``facts`` and, per wanted pair, the change pass's gates (``names``: the
    entity view's other names of each line, :func:`mdrecall.knowledge.changes.superseded.line_names`)."""
    from mdrecall.knowledge.changes.change_gates import change_gates
    from mdrecall.knowledge.changes.fact_pairs import attribute_pairs, supersessions
    from mdrecall.knowledge.changes.value_left import value_left_pairs
    from mdrecall.knowledge.fact_lines.facts import SAID

    pairs = supersessions(facts, names)
    earlier = attribute_pairs([f for f in facts if f.attrs != (SAID,)])  # as supersessions() runs them
    rule = dict.fromkeys(earlier, "attribute")
    left = value_left_pairs(facts, earlier)
    rule.update(dict.fromkeys(left, "value left/state"))
    earlier.update(left)
    gates = change_gates(facts, earlier, wanted, names)
    for (old, new), g in gates.items():
        got = pairs.get(old)
        if got is not None and (got.path, got.line) == new:
            gates[(old, new)] = ["paired"]
        elif old in earlier:  # an earlier rule paired the older line to another line
            g[:] = [f"paired to a different line ({rule[old]} rule)"] + [
                x for x in g if x != "older paired by an earlier rule"
            ]
    return pairs, gates


def _line_day(text: str, number: int, file_date: str | None) -> str | None:
    """The day a file's line was written: the last date heading above it, else the file's date."""
    day = file_date
    for line in text.split("\n")[: number - 1]:
        m = _DATE_HEADING.match(line.strip())
        if m:
            day = m.group(1)
    return day


def _no_fact(gate: str, ref: dict[str, Any], files: dict[str, tuple[str | None, str]]) -> str:
    """``gate`` ("older/newer not a fact line") with why
    :func:`~mdrecall.knowledge.fact_lines.facts.said_gate`."""
    from mdrecall.knowledge.fact_lines.facts import said_gate

    file_date, text = files[ref["file"]]
    raw = text.split("\n")[ref["line"] - 1]
    why = said_gate(raw, _line_day(text, ref["line"], file_date))
    return f"{gate}: {why or 'unexplained'}"


def _as_fact(ref: dict[str, Any], files: dict[str, tuple[str | None, str]]) -> Any:
    """What-if: the fact a line not read as one would be, were it a fact line: read as a page's line
    (undated), its day then put back; else a :data:`~mdrecall.knowledge.fact_lines.facts.SAID` line with no
    value."""
    from mdrecall.knowledge.fact_lines.fact_values import content_words
    from mdrecall.knowledge.fact_lines.fact_words import WORD, WORD_KEPT
    from mdrecall.knowledge.fact_lines.facts import SAID, Fact

    file_date, text = files[ref["file"]]
    raw = text.split("\n")[ref["line"] - 1]
    day = _line_day(text, ref["line"], file_date)
    found = [f for f in line_facts_of("\n" * (ref["line"] - 1) + raw, ref["file"]) if f.line == ref["line"]]
    if found:
        return found[0]._replace(day=day)
    subject = " ".join(sorted(content_words(WORD.findall(raw), set())))
    return Fact(
        ref["file"], ref["line"], day, (SAID,), ("",), subject, "", False, " ".join(WORD_KEPT.findall(raw))
    )


def line_facts_of(text: str, path: str) -> list[Any]:
    """The fact lines of ``text`` read as an undated page."""
    from mdrecall.knowledge.fact_lines.facts import line_facts

    return line_facts(path, text, None)


def _what_if(
    rows: list[dict[str, Any]], facts: list[Any], files: dict[str, tuple[str | None, str]], names: Any = None
) -> None:
    """For each pair stopped by a line not read as a fact: the gates it would fail were both its lines
    fact lines (the change pass's tests as for a change line), in ``row["what_if"]``."""

    from mdrecall.knowledge.fact_lines.value_kinds import value_slots, values_differ

    stopped = [r for r in rows if "not a fact line" in r["gate"]]
    if not stopped:
        return
    have = {(f.path, f.line) for f in facts}
    added = {}
    for r in stopped:
        for ref in (r["older"], r["newer"]):
            key = (ref["file"], ref["line"])
            if key not in have:
                added[key] = _as_fact(ref, files)
    more = sorted([*facts, *added.values()], key=lambda f: (f.path, f.line))
    wanted = [
        ((r["older"]["file"], r["older"]["line"]), (r["newer"]["file"], r["newer"]["line"])) for r in stopped
    ]
    _, gates = _pairing(more, wanted, names)
    where = {(f.path, f.line): f for f in more}
    for r, key in zip(stopped, wanted, strict=True):
        r["what_if"] = gates[key]
        # the kinds of value (time, number, name, state, …) that differ between the two lines
        a, b = value_slots(where[key[0]]), value_slots(where[key[1]])
        r["values_differ"] = "".join(k for k in "tncsomqh" if values_differ(a, b, k))


def _classify(
    set_name: str,
    refs: list[tuple[dict[str, Any], dict[str, Any]]],
    facts: list[Any],
    search: list[bool] | None,
    files: dict[str, tuple[str | None, str]],
    names: Any = None,
) -> list[dict[str, Any]]:
    wanted = [((o["file"], o["line"]), (n["file"], n["line"])) for o, n in refs]
    pairs, gates = _pairing(facts, wanted, names)
    rows = []
    for k, ((o, n), key) in enumerate(zip(refs, wanted, strict=True)):
        g = gates[key]
        if g[0] in ("older not a fact line", "newer not a fact line"):
            g = [_no_fact(g[0], o if g[0].startswith("older") else n, files)]
            if g[0].startswith("newer") and key[0] not in {(f.path, f.line) for f in facts}:
                g.append(_no_fact("older not a fact line", o, files))
        right = search[k] if search is not None else None
        first = g[0]
        if g == ["paired"] and right is False:
            first = "paired, search fails"
        got = pairs.get(key[0])
        rows.append(
            {
                "set": set_name,
                "older": {**o, "text": o["text"]},
                "newer": {**n, "text": n["text"]},
                "gate": first,
                "gates": g,
                "stored_newer": f"{got.path}#L{got.line}" if got is not None else None,
                "search_right": right,
            }
        )
    _what_if(rows, facts, files, names)
    return rows


def labelled_set(which: str, search: bool = True) -> list[dict[str, Any]]:
    """Every labelled pair of the knowledge set ``which``, classified."""
    sys.path.insert(0, str(HERE))
    import knowledge_eval

    from mdrecall.knowledge.changes.superseded import line_names
    from mdrecall.knowledge.refresh import keeps_views

    labels = json.loads((DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(DATA / which, root)
        mem = knowledge_eval._open(root)
        try:
            store = mem.store
            facts = store.fact_rows() if keeps_views(store) else []
            names = line_names(store, mem.config.entities) if keeps_views(store) else {}
            rights = (
                [r["right"] for r in knowledge_eval.score_search(mem, labels)["supersession_rows"]]
                if search
                else None
            )
        finally:
            mem.close()
    refs = []
    for s in labels["supersession"]:
        o, n = s["older"], s["newer"]
        text = {}
        for side, ref in (("o", o), ("n", n)):
            lines = (DATA / which / ref["file"]).read_text(encoding="utf-8").split("\n")
            text[side] = lines[ref["line"] - 1].strip() if ref["line"] <= len(lines) else ref.get("text", "")
        refs.append(
            (
                {"file": o["file"], "line": o["line"], "text": text["o"]},
                {"file": n["file"], "line": n["line"], "text": text["n"]},
            )
        )
    from mdrecall.files.workspace import date_from_name

    files = {}
    for path in sorted({r["file"] for pair in refs for r in pair}):
        text = (DATA / which / path).read_text(encoding="utf-8")
        files[path] = (date_from_name(Path(path).name), text)
    return _classify(which, refs, facts, rights, files, names)


def corpus_set(which: str) -> list[dict[str, Any]]:
    """The true cases of a corpus's tune part (``corpus``: sup_train.json; ``sup_pairs``: sup_pairs.json),
    written into one workspace as ``sup_pairs_eval.py`` writes them, classified."""
    sys.path.insert(0, str(HERE))
    import sup_pairs_eval

    from mdrecall.knowledge.fact_lines.facts import line_facts

    if which == "corpus":
        every = json.loads((DATA / "sup_train.json").read_text())["cases"]
        cases = [c for c in every if c["world"] in sup_pairs_eval.CORPUS_TUNE]
    else:
        every = json.loads((DATA / "sup_pairs.json").read_text())["cases"]
        cases = [c for c in every if not c.get("aside", False)]
    del every  # the aside part is neither scored nor printed
    files, where = sup_pairs_eval._workspace(cases)
    facts = [
        f for path, (date, lines) in sorted(files.items()) for f in line_facts(path, "\n".join(lines), date)
    ]
    refs = []
    for c in cases:
        if not c["same_fact"]:
            continue
        (op, ol), (np_, nl) = where[c["id"]]
        refs.append(
            (
                {"file": op, "line": ol, "text": c["older"]["text"], "id": c["id"]},
                {"file": np_, "line": nl, "text": c["newer"]["text"]},
            )
        )
    texts = {path: (date, "\n".join(lines)) for path, (date, lines) in files.items()}
    return _classify(which, refs, facts, None, texts)


def table(rows: list[dict[str, Any]], sets: list[str]) -> str:
    """Gate × set: how many pairs stop at each gate."""
    count = Counter((r["gate"], r["set"]) for r in rows)
    gates = sorted(
        {r["gate"] for r in rows},
        key=lambda g: (g.startswith("paired"), -sum(count[(g, s)] for s in sets), g),
    )
    width = max(len(g) for g in gates) + 2
    cols = [s.replace("held_out", "ho") for s in sets]
    out = [f"{'gate':<{width}}" + "".join(f"{c:>10}" for c in cols) + f"{'all':>7}"]
    for g in gates:
        n = [count[(g, s)] for s in sets]
        out.append(f"{g:<{width}}" + "".join(f"{x:>10}" for x in n) + f"{sum(n):>7}")
    totals = [sum(1 for r in rows if r["set"] == s) for s in sets]
    out.append(f"{'pairs':<{width}}" + "".join(f"{x:>10}" for x in totals) + f"{sum(totals):>7}")
    return "\n".join(out)


def examples(rows: list[dict[str, Any]], most: int) -> dict[str, list[dict[str, Any]]]:
    """Up to ``most`` pairs per gate, taken in turn from each set."""
    by_gate: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for r in rows:
        by_gate.setdefault(r["gate"], {}).setdefault(r["set"], []).append(r)
    out: dict[str, list[dict[str, Any]]] = {}
    for gate, by_set in by_gate.items():
        picked: list[dict[str, Any]] = []
        queues = [list(v) for v in by_set.values()]
        while len(picked) < most and any(queues):
            for q in queues:
                if q and len(picked) < most:
                    picked.append(q.pop(0))
        out[gate] = picked
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(LABELLED + CORPORA), help="comma-separated sets")
    parser.add_argument("--no-search", action="store_true", help="skip the search check (faster)")
    parser.add_argument("--examples", type=int, default=6, help="examples per gate")
    parser.add_argument("--out", default=str(HERE / "results" / "sup_funnel.json"))
    parser.add_argument("--src", help="the src folder of the checkout to measure (default: this one's)")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.src).resolve()) if args.src else str(HERE.parent / "src"))
    sets = [s for s in args.sets.split(",") if s]
    for s in sets:
        if s not in LABELLED + CORPORA:
            parser.error(f"unknown set {s!r} (one of {', '.join(LABELLED + CORPORA)})")
    rows: list[dict[str, Any]] = []
    for s in sets:
        rows += corpus_set(s) if s in CORPORA else labelled_set(s, search=not args.no_search)
    print(table(rows, sets))
    unpaired = [r for r in rows if r["gate"] not in ("paired", "paired, search fails")]
    lucky = sum(1 for r in unpaired if r["search_right"])
    print(f"(of the {len(unpaired)} pairs not made, the search still gets {lucky} right: older not shown)")
    probed = [r for r in rows if r["gate"].startswith("probe")]
    alone = sum(1 for r in probed if all(g.startswith("probe") for g in r["gates"]))
    print(
        f"(of the {len(probed)} pairs stopped at the probe, {alone} fail no later gate: the lookup alone"
        " stops them; the others fail a candidate test or the cosine too: probe_ceiling.py)"
    )
    shown = examples(rows, args.examples)
    for gate, picked in shown.items():
        if gate == "paired" or not picked:
            continue
        print(f"\n{gate}:")
        for r in picked:
            more = f"  [then: {', '.join(r['gates'][1:])}]" if len(r["gates"]) > 1 else ""
            print(f"  {r['set']:<10} {r['older']['text'][:100]}")
            print(f"  {'':<10} → {r['newer']['text'][:100]}{more}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    summary = {
        "sets": sets,
        "counts": {
            g: {s: sum(1 for r in rows if r["gate"] == g and r["set"] == s) for s in sets}
            for g in sorted({r["gate"] for r in rows})
        },
        "pairs": rows,
    }
    out.write_text(json.dumps(summary, indent=2) + "\n")
    print(f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
