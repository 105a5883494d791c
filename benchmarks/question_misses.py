"""The questions of labelled sets answered below the top 3, with what ranks above their answer.

For each question of a set (``benchmarks/knowledge/<set>.labels.json``) whose answering line is not in
the top 3 hits, prints the answer's rank among the first ``--depth`` hits (or ``none``), the answering
line, and the hits ranked above it (path, lines, score, superseded mark, the snippet's first line), and a
cause (:func:`cause`: the deeper search's pool, ranked 4th or lower, cut by ``min_score``, not retrieved),
tallied at the end.

Usage::

    python benchmarks/question_misses.py --sets held_out_16,held_out_22 [--depth 10] [--all]
    python benchmarks/question_misses.py --questions benchmarks/knowledge/questions_s23_tune.json [--summary]

``--questions`` reads a file of further questions (``{set: [question, ...]}``, in the labels' format) in place
of the sets' own; ``--summary`` prints only each set's share answered in the top 3, by kind.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from knowledge_eval import DATA, _open, answer_rank


def _line(root: Path, ref: dict[str, Any]) -> str:
    lines = (root / ref["file"]).read_text(encoding="utf-8").splitlines()
    return lines[ref["line"] - 1].strip() if ref["line"] <= len(lines) else "?"


def misses(
    which: str,
    depth: int,
    show_all: bool,
    questions: list[dict[str, Any]] | None = None,
    summary: bool = False,
) -> tuple[int, int]:
    """Print the set's questions answered below the top 3 (every question with ``show_all``).

    Returns (answered in the top 3, asked); ``summary`` prints only the set's figures.
    """
    labels = json.loads((DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    today = date.fromisoformat(labels["today"])
    asked = labels["questions"] if questions is None else questions
    by_kind: dict[str, list[bool]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(DATA / which, root)
        mem = _open(root)
        try:
            for q in asked:
                top = answer_rank(mem.search(q["q"], max_results=3, today=today), q)
                by_kind.setdefault(q["kind"], []).append(top is not None)
                if summary or (top is not None and not show_all):  # as knowledge_eval asks: 3 hits
                    continue
                hits = mem.search(q["q"], max_results=depth, today=today)
                rank = answer_rank(hits, q)
                where = "none" if rank is None else str(rank + 1)
                where += "" if top is None else f" (top 3: {top + 1})"
                if top is None:
                    bare = None
                    if rank is None:  # retrieved, but cut by min_score?
                        unbarred = mem.search(q["q"], max_results=depth, min_score=0.0, today=today)
                        bare = answer_rank(unbarred, q)
                    why = cause(rank, bare, depth)
                    CAUSES[why.split(" (")[0]] = CAUSES.get(why.split(" (")[0], 0) + 1
                    where += f"  [{why}]"
                print(f"[{which}] {q['kind']}: {q['q']!r}  answer rank {where}")
                ref = q["answer"]
                print(f"    answer {ref['file']}:{ref['line']}: {_line(root, ref)[:110]}")
                for i, h in enumerate(hits[: (rank if rank is not None else min(depth, 5))]):
                    mark = " SUPERSEDED" if h.superseded else ""
                    first = (h.snippet or "").strip().splitlines()[0][:90] if h.snippet else ""
                    print(f"    {i + 1}. {h.path}:{h.start_line}-{h.end_line} {h.score:.3f}{mark} | {first}")
        finally:
            mem.close()
    right = sum(sum(v) for v in by_kind.values())
    kinds = ", ".join(f"{k} {sum(v)}/{len(v)}" for k, v in sorted(by_kind.items()))
    print(f"{which}: questions in top 3 {right}/{len(asked)} ({kinds})")
    return right, len(asked)


#: The misses of this run by :func:`cause` (its words before a parenthesis), for the closing tally.
CAUSES: dict[str, int] = {}


def cause(rank: int | None, unbarred: int | None, depth: int) -> str:
    """What kept a missed answer out of the top 3, from its rank in a search for ``depth`` hits (``rank``)
    and in one with ``min_score`` 0 (``unbarred``, read only when ``rank`` is None): in the top 3 of the
    deeper search only (its pool and normalisation differ from a search for 3), ranked behind others, cut
    by ``min_score`` though retrieved, or not among the first ``depth`` candidates at all."""
    if rank is not None and rank < 3:
        return f"pool (top 3 in a search for {depth}, not for 3)"
    if rank is not None:
        return f"ranked 4-{depth}"
    if unbarred is not None:
        return f"under min_score (rank {unbarred + 1} with the bar off)"
    return "not retrieved"


#: A labelled set's name: letters, digits and underscores (no path).
_SET_NAME = re.compile(r"[A-Za-z0-9_]+")


def load_questions(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The questions file at ``path`` (``{set: [{"q", "kind", "answer": {"file", "line"}}, ...]}``), checked:
    a ``ValueError`` saying what is wrong when it cannot be read, is not JSON, is not of that shape, or names
    a set that is not a labelled set's plain name in ``benchmarks/knowledge``."""
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not JSON: {exc.msg} (line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} holds a JSON {type(data).__name__}, not an object {{set: [question, ...]}}")
    for which, asked in data.items():
        if not _SET_NAME.fullmatch(which) or not (DATA / f"{which}.labels.json").is_file():
            raise ValueError(f"{path}: {which[:60]!r} is not a labelled set in {DATA}")
        if not isinstance(asked, list):
            raise ValueError(f"{path}: {which}'s questions are a {type(asked).__name__}, not a list")
        for n, q in enumerate(asked, 1):
            ref = q.get("answer") if isinstance(q, dict) else None
            if not (
                isinstance(q, dict)
                and isinstance(q.get("q"), str)
                and isinstance(q.get("kind"), str)
                and isinstance(ref, dict)
                and isinstance(ref.get("file"), str)
                and isinstance(ref.get("line"), int)
            ):
                raise ValueError(
                    f"{path}: {which}'s question {n} lacks a text q, a kind or an answer {{file, line}}"
                )
            if Path(ref["file"]).is_absolute() or ".." in Path(ref["file"]).parts:
                raise ValueError(f"{path}: {which}'s question {n} answers in a file outside the set")
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", help="comma-separated labelled sets (never a blind one)")
    parser.add_argument("--questions", type=Path, help="a JSON file {set: [question, ...]} asked instead")
    parser.add_argument("--summary", action="store_true", help="only each set's figures")
    parser.add_argument("--depth", type=int, default=10, help="hits to look through (default 10)")
    parser.add_argument("--all", action="store_true", help="every question, not only the misses")
    args = parser.parse_args()
    try:
        extra = load_questions(args.questions) if args.questions else None
    except ValueError as exc:
        parser.error(str(exc))
    if not args.sets and extra is None:
        parser.error("name --sets or --questions")
    names = [w.strip() for w in args.sets.split(",")] if args.sets else list(extra or {})
    total = [0, 0]
    for which in names:
        got = misses(which, args.depth, args.all, None if extra is None else extra[which], args.summary)
        total = [total[0] + got[0], total[1] + got[1]]
    if len(names) > 1:
        print(f"all: questions in top 3 {total[0]}/{total[1]} ({total[0] / max(total[1], 1):.2f})")
    if CAUSES:
        tally = sorted(CAUSES.items(), key=lambda kv: -kv[1])
        print("misses by cause: " + ", ".join(f"{k} {n}" for k, n in tally))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
