"""Quality of per-prompt recall (:meth:`mdrecall.Memory.recall`) on LoCoMo, per stage of the gate.

Each LoCoMo question (conversations 0–4, categories 1–4) is a prompt in its own session, against its
conversation's workspace (built as ``benchmarks/quality.py`` builds it, from ``../shared/datasets``):

* evidence recall: the share of a question's evidence turns whose line text is in the injected context;
* characters injected per question (mean);
* false injections: ~40 prompts unrelated to any conversation (coding chores, small talk, follow-ups),
  each against every workspace: the share of (prompt, workspace) pairs that got any memory.

Figures are given for conversations 0–2 (where the defaults were tuned), 3–4 (the check) and all of
them, and per stage: each evidence turn that was not injected is charged to the stage that lost it —
``search`` (not in any candidate's cited passage), ``snippet`` (in a passage, on none of the lines
shown), ``score`` / ``overlap`` (only in hits the gate dropped), ``superseded``, ``local``, ``shown``,
``budget`` (cleared the gate, no room). False injections are given per gate stage too: the prompts with
a candidate over ``min_score`` (``score``), and those that got a memory (the whole gate). A second set of
unrelated prompts (:data:`UNRELATED_CHECK`, written after the gate was tuned) is reported apart. Usage::

    python benchmarks/recall_eval.py                          # the defaults
    python benchmarks/recall_eval.py --min-score 0.4 0.5 0.6  # the curve
    python benchmarks/recall_eval.py --convs 0 --skip-stages supersede

Prints a table and writes ``benchmarks/results/recall_eval.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from quality import DATA, _evidence, _prepare, render_locomo, write_files  # noqa: E402

from mdrecall import Memory  # noqa: E402
from mdrecall.search.recall import RecallResult  # noqa: E402
from mdrecall.search.recall_gate import STAGES  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"

#: Prompts a coding agent gets that no LoCoMo conversation bears on: they should get nothing.
UNRELATED = [
    "thanks",
    "thanks, that works!",
    "ok",
    "run the tests again",
    "rename tmp to buffer",
    "fix the lint errors",
    "add type hints to this function",
    "commit this with a clear message",
    "now run mypy",
    "can you make the loop faster?",
    "why does this test fail with a KeyError?",
    "please format the file",
    "undo that last change",
    "split this function into two",
    "what does this regex do?",
    "bump the version to 2.3.1",
    "write a docstring for parse_args",
    "explain the stack trace above",
    "use a dict instead of a list here",
    "great, continue",
    "hi there",
    "good morning!",
    "how are you today?",
    "lol that's funny",
    "nice work",
    "keep going",
    "do the same for the other file",
    "and the second one?",
    "yes, do that",
    "no, the other approach",
    "can you try again?",
    "what's the time complexity of this?",
    "delete the unused imports",
    "move the constants to the top",
    "is this thread safe?",
    "open a pull request",
    "show me the diff",
    "what is 2 + 2?",
    "convert this to async",
    "add a retry with backoff to the HTTP client",
]

#: More such prompts, written after the gate was tuned on :data:`UNRELATED`: the check.
UNRELATED_CHECK = [
    "what's the capital of France?",
    "how do I reverse a list in python?",
    "why is the build so slow?",
    "where is the config file?",
    "who wrote this function?",
    "what time is it?",
    "can you explain recursion?",
    "how do I center a div?",
    "is it going to rain today?",
    "what's a better name for this variable?",
    "which version of node do we need?",
    "does this compile on windows?",
    "how many tests are there?",
    "what's the difference between a list and a tuple?",
    "should I use a class here?",
    "cool, what next?",
    "sounds good to me",
    "hmm, not sure about that",
    "can you summarise the error?",
    "why is the CI red?",
]


def _in(text: str, probe: str) -> bool:
    return " ".join(probe.split())[:300] in " ".join(text.split())


#: Where an evidence turn may be lost, in pipeline order (then ``injected``).
LOSSES = ("search", "snippet", *STAGES, "injected")


def lost_at(result: RecallResult, path: str, line: int, text: str) -> str:
    """The stage that lost one evidence turn (``injected`` when it was not lost): the furthest stage a
    candidate showing it reached, else ``snippet`` when a candidate's passage holds it, else ``search``."""
    if _in(result.text, text):
        return "injected"
    reached = [
        STAGES.index(d.stage) for d in result.decisions if d.stage in STAGES and _in(d.hit.snippet, text)
    ]
    if reached:
        return STAGES[max(reached)]
    held = any(d.hit.path == path and d.hit.start_line <= line <= d.hit.end_line for d in result.decisions)
    return "snippet" if held else "search"


def _false(result: RecallResult) -> dict[str, int]:
    over = any(d.stage != "score" for d in result.decisions)
    return {"score": int(over), "gate": int(bool(result.text))}


def run_conv(mem: Memory, conv: dict[str, Any], where: dict[str, Any], today: Any, i: int) -> dict[str, Any]:
    """One conversation's figures (lists, summed over conversations by :func:`summary`)."""
    out: dict[str, Any] = {"recall": [], "chars": [], "loss": [], "false": [], "check": [], "ms": []}
    for n, qa in enumerate(conv["qa"]):
        if qa.get("category") not in (1, 2, 3, 4):
            continue
        ev = [where[e] for e in _evidence(qa) if e in where]
        if not ev:
            continue
        r = mem.recall(str(qa["question"]), session=f"eval-{i}-{n}", today=today, record=False)
        out["ms"].append(r.elapsed_ms)
        stages = [lost_at(r, path, line, text) for path, line, text in ev]
        out["recall"].append(stages.count("injected") / len(ev))
        out["chars"].append(len(r.text))
        out["loss"].append({s: stages.count(s) / len(ev) for s in set(stages)})
    for key, prompts in (("false", UNRELATED), ("check", UNRELATED_CHECK)):
        for n, prompt in enumerate(prompts):
            out[key].append(_false(mem.recall(prompt, session=f"{key}-{i}-{n}", today=today, record=False)))
    return out


def summary(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of some conversations together."""
    rec = [x for p in parts for x in p["recall"]]
    loss = [x for p in parts for x in p["loss"]]
    false = [x for p in parts for x in p["false"]]
    check = [x for p in parts for x in p["check"]]
    return {
        "questions": len(rec),
        "evidence_recall": round(statistics.mean(rec), 3),
        "chars_mean": round(statistics.mean(x for p in parts for x in p["chars"]), 1),
        "false_injections": round(statistics.mean(f["gate"] for f in false), 3),
        "false_injections_check": round(statistics.mean(f["gate"] for f in check), 3),
        "false_over_min_score": round(statistics.mean(f["score"] for f in false + check), 3),
        "lost_at": {s: round(sum(x.get(s, 0.0) for x in loss) / len(loss), 3) for s in LOSSES},
        "recall_ms_p50": round(statistics.median(x for p in parts for x in p["ms"]), 1),
    }


GROUPS = {"0-2": (0, 1, 2), "3-4": (3, 4)}


def run(convs: list[int], recall: dict[str, Any], skip: list[str]) -> dict[str, Any]:
    data = json.loads((DATA / "locomo-dev" / "locomo-dev.json").read_text(encoding="utf-8"))
    over: dict[str, Any] = {"recall": {**recall, "deadline_ms": 600_000}}
    if skip:
        over["search"] = {"skip_stages": skip}
    parts: dict[int, dict[str, Any]] = {}
    for i in convs:
        conv = data[i]
        files, where, today = render_locomo(conv)
        base, _ = _prepare(f"locomo-{i}", lambda root, f=files: write_files(root, f), "sqlite", False)
        mem = Memory(base.workspace, base.config.merged(over), base.store)
        mem._embedder, mem._embedder_loaded = base.embedder, True
        parts[i] = run_conv(mem, conv, where, today, i)
        base.close()
    groups = {name: [parts[i] for i in ids if i in parts] for name, ids in GROUPS.items()}
    rows = {name: summary(p) for name, p in groups.items() if p}
    rows["all"] = summary(list(parts.values()))
    cfg = mem.config.recall
    used = {"min_score": cfg.min_score, "max_hits": cfg.max_hits, "max_chars": cfg.max_chars}
    return {"convs": convs, "recall": used, "skip_stages": skip, "rows": rows}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--convs", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    ap.add_argument("--min-score", type=float, nargs="+", default=[None], help="default: the configured one")
    ap.add_argument("--max-hits", type=int)
    ap.add_argument("--max-chars", type=int)
    ap.add_argument("--skip-stages", nargs="*", default=[], help="search stages to skip, e.g. supersede")
    args = ap.parse_args()
    runs = []
    for m in args.min_score:
        given = {"min_score": m, "max_hits": args.max_hits, "max_chars": args.max_chars}
        runs.append(run(args.convs, {k: v for k, v in given.items() if v is not None}, args.skip_stages))
    lost = [s for s in LOSSES if s != "injected"]
    print(
        f"{'min_score':>9} {'convs':<5} {'evidence':>8} {'chars':>6} {'false':>6} {'check':>6} {'>score':>6}"
        + "  lost at: "
        + " ".join(f"{s:>8}" for s in lost)
    )
    for res in runs:
        for name, row in res["rows"].items():
            print(
                f"{res['recall']['min_score']:>9} {name:<5} {row['evidence_recall']:>8.3f}"
                f" {row['chars_mean']:>6.0f}"
                f" {row['false_injections']:>6.1%} {row['false_injections_check']:>6.1%}"
                f" {row['false_over_min_score']:>6.1%}           "
                + " ".join(f"{row['lost_at'][s]:>8.3f}" for s in lost)
            )
    q = runs[0]["rows"]["all"]["questions"]
    print(
        f"questions: {q}; unrelated prompts: {len(UNRELATED)} (+{len(UNRELATED_CHECK)} check)"
        f" × {len(args.convs)}"
    )
    if args.skip_stages:
        print(f"search stages skipped: {', '.join(args.skip_stages)}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "recall_eval.json").write_text(json.dumps(runs, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
