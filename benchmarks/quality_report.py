"""The tables ``benchmarks/quality.py`` prints: overall, by half, conversation and category, and the
stage ablation (issue 20: before = ``no-stages``, after = ``default``, each stage off in turn)."""

from __future__ import annotations

from typing import Any


def print_table(results: dict[str, dict[str, Any]]) -> None:
    """Overall figures, then LoCoMo by conversation half, conversation and category."""
    cols = sorted({k for row in results.values() for k, x in row.items() if isinstance(x, float)})
    print(f"{'variant':<14} " + " ".join(f"{c:>24}" for c in cols))
    for v, row in results.items():
        print(f"{v:<14} " + " ".join(f"{row.get(c, float('nan')):>24.3f}" for c in cols))
    for part in ("by_half", "by_conversation", "by_category"):
        if not any(part in row for row in results.values()):
            continue
        print(f"\nLoCoMo {part.replace('_', ' ')}: snippet / line recall@5, chars per query")
        for v, row in results.items():
            cells = [
                f"{k}: {a['snippet_recall@5']:.3f}/{a['line_recall@5']:.3f} {a['chars_per_query']:.0f}"
                for k, a in row.get(part, {}).items()
                if a
            ]
            print(f"{v:<14} " + " | ".join(cells))


def print_ablation(results: dict[str, dict[str, Any]]) -> None:
    """Before (``no-stages``) / after (``default``), and what turning off each stage costs, per half."""
    for prefix in ("", "bm25-"):
        after = results.get(prefix + "default" if prefix == "" else "bm25")
        if not after or "by_half" not in after:
            continue
        print(f"\nStages {prefix or 'hybrid '}(issue 20): snippet / line recall@5 per half, change when off")
        for v, row in results.items():
            if not v.startswith(prefix + "no-") or "by_half" not in row:
                continue
            cells = []
            for half, a in row["by_half"].items():
                b = after["by_half"][half]
                ds = b["snippet_recall@5"] - a["snippet_recall@5"]
                dl = b["line_recall@5"] - a["line_recall@5"]
                cells.append(
                    f"{half}: {a['snippet_recall@5']:.3f}/{a['line_recall@5']:.3f} ({ds:+.3f}/{dl:+.3f})"
                )
            print(f"{v:<20} " + " | ".join(cells))
