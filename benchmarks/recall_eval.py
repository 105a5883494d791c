"""Quality of per-prompt recall (:meth:`mdrecall.Memory.recall`) on LoCoMo, per stage of the gate.

Each LoCoMo question (conversations 0–4, categories 1–4) is a prompt in its own session, against its
conversation's workspace (built as ``benchmarks/quality.py`` builds it, from ``../shared/datasets``):

* evidence recall: the share of a question's evidence turns whose line text is in the injected context;
* characters injected per question (mean);
* false injections: ~40 prompts unrelated to any conversation (coding chores, small talk, follow-ups),
  each against every workspace: the share of (prompt, workspace) pairs that got any memory.

Each figure is given per stage: ``search`` (the first ``recall.max_hits`` hits, no gate), ``+score``
(hits under ``recall.min_score`` dropped), ``+overlap`` (the whole gate with the superseded, local-only
and shown checks: what the hook injects). The
difference between rows is what each stage costs in recall and saves in noise. Usage::

    python benchmarks/recall_eval.py                      # the defaults
    python benchmarks/recall_eval.py --min-score 0.5 0.6 0.7 --convs 0 1

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
from mdrecall.models import Hit  # noqa: E402
from mdrecall.search.recall import RecallResult  # noqa: E402
from mdrecall.search.recall_gate import entry, render  # noqa: E402

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


def _in(text: str, probe: str) -> bool:
    return " ".join(probe.split())[:300] in " ".join(text.split())


def _block(hits: list[Hit], budget: int) -> str:
    return render([entry(h) for h in hits], budget)[0]


def stages(result: RecallResult, want: int, budget: int) -> dict[str, str]:
    """The context each stage would inject: ``search`` (no gate), ``+score``, ``+overlap`` (the gate)."""
    ranked = sorted(result.decisions, key=lambda d: -d.hit.score)
    seen: set[str] = set()
    allhits = [d.hit for d in ranked if not (d.hit.citation in seen or seen.add(d.hit.citation))]
    scored = [d.hit for d in ranked if d.stage != "score"]
    return {
        "search": _block(allhits[:want], budget),
        "+score": _block(list(dict.fromkeys(scored))[:want], budget) if scored else "",
        "+overlap": result.text,
    }


def run(convs: list[int], min_score: float, want: int, budget: int) -> dict[str, Any]:
    data = json.loads((DATA / "locomo-dev" / "locomo-dev.json").read_text(encoding="utf-8"))
    names = ("search", "+score", "+overlap")
    ev_rec: dict[str, list[float]] = {n: [] for n in names}
    chars: dict[str, list[int]] = {n: [] for n in names}
    false: dict[str, list[int]] = {n: [] for n in names}
    ms: list[float] = []
    over = {"recall": {"min_score": min_score, "max_hits": want, "max_chars": budget, "deadline_ms": 600_000}}
    for i in convs:
        conv = data[i]
        files, where, today = render_locomo(conv)
        base, _ = _prepare(f"locomo-{i}", lambda root, f=files: write_files(root, f), "sqlite", False)
        mem = Memory(base.workspace, base.config.merged(over), base.store)
        mem._embedder, mem._embedder_loaded = base.embedder, True
        for n, qa in enumerate(conv["qa"]):
            if qa.get("category") not in (1, 2, 3, 4):
                continue
            ev = [where[e] for e in _evidence(qa) if e in where]
            if not ev:
                continue
            r = mem.recall(str(qa["question"]), session=f"eval-{i}-{n}", today=today, record=False)
            ms.append(r.elapsed_ms)
            for name, text in stages(r, want, budget).items():
                ev_rec[name].append(sum(_in(text, t) for _, _, t in ev) / len(ev))
                chars[name].append(len(text))
        for n, prompt in enumerate(UNRELATED):
            r = mem.recall(prompt, session=f"false-{i}-{n}", today=today, record=False)
            for name, text in stages(r, want, budget).items():
                false[name].append(1 if text else 0)
        base.close()
    rows = {
        n: {
            "evidence_recall": round(statistics.mean(ev_rec[n]), 3),
            "chars_mean": round(statistics.mean(chars[n]), 1),
            "false_injections": round(statistics.mean(false[n]), 3),
        }
        for n in names
    }
    return {
        "convs": convs,
        "min_score": min_score,
        "max_hits": want,
        "max_chars": budget,
        "questions": len(ev_rec["+overlap"]),
        "unrelated_prompts": len(UNRELATED),
        "recall_ms_p50": round(statistics.median(ms), 1),
        "stages": rows,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--convs", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    ap.add_argument("--min-score", type=float, nargs="+", default=[0.6])
    ap.add_argument("--max-hits", type=int, default=3)
    ap.add_argument("--max-chars", type=int, default=2000)
    args = ap.parse_args()
    runs = [run(args.convs, m, args.max_hits, args.max_chars) for m in args.min_score]
    print(f"{'min_score':>9} {'stage':<9} {'evidence':>8} {'chars':>7} {'false':>6}")
    for res in runs:
        for name, row in res["stages"].items():
            print(
                f"{res['min_score']:>9} {name:<9} {row['evidence_recall']:>8.3f} {row['chars_mean']:>7.0f}"
                f" {row['false_injections']:>6.1%}"
            )
    print(f"questions: {runs[0]['questions']}, unrelated prompts: {len(UNRELATED)} × {len(args.convs)}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "recall_eval.json").write_text(json.dumps(runs, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
