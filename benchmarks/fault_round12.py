"""The twelfth round of the fault campaign, on what was added since round 11 (commit 62eec87): the context
kind model (``knowledge/kind_context``: mention lines read per entity, a damaged model file), the kind's
source and probability on every entity surface (CLI, MCP, the web page), the name rules of ents8 ("St."
openings, "Corporation for X", "Deb & Carl Yoder", quoted titles, a composer and a musical form, "three
hens, A, B and C", a bracket read ahead, "X office", "flights booked on X", "Dr. Rao"), the supersession
grammar ("takes over", swaps, a page's "Dates:" label, "was/used to be $X", "backed out of", clock
minutes, "in two weeks"), amounts in any currency (``data/currencies.txt``, digit groups by spaces, points,
apostrophes, Indian grouping), the date grammar (moved dates, "the Friday before", "first Saturday of
April", "(Dec)", launch and expiry verbs) and the search stages (kind words' rarer senses, programming
languages, poultry, measures, places). Cases are in no issue and no test; each ends in one verdict
(``fault_kit.verdict``). Auto-start is off throughout.

A note case indexes one note (a dated log and an undated page), builds its views and asks questions that
reach the new stages, at 100 KB and 1 MB (``fault_round10``'s measure): it is a defect when the 1 MB note
takes more than :data:`fault_round10.NOTE_LIMIT_S` for a step (the process's start included), or grows more
than linearly. Run: ``python benchmarks/faults.py --only round12`` (or this file alone, with case-name
filters)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fault_round10 as r10
from fault_kit import QUIET_ENV, print_round, run, run_cases, verdict
from fault_round6 import kill_servers_under
from fault_round8 import _make, _plain, _search_shown
from fault_round11 import QUERY_LIMIT_S, _names, _rep

#: The questions a note case asks: an amount, a kind (programming languages, hens), a date.
QUESTIONS = (
    "how much was the fee",
    "which programming languages does Kalomi use",
    "what are our hens called",
    "when is the first Saturday of April",
)


def _hens(n: int) -> str:
    names = [x.split()[0] for x in _names(20_000)]
    line = "we keep three hens, " + ", ".join(names[:-1]) + " and " + names[-1] + ". "
    return (line * (n // len(line) + 1))[:n]


def _quoted_titles(n: int) -> str:
    names = _names(10_000)
    unit = " ".join(f'"The {a.split()[0]} of {a.split()[1]}"' for a in names) + " "
    return (unit * (n // len(unit) + 1))[:n]


def _mixed_money(n: int) -> str:
    unit = (
        "₹1,20,000 and ₹12,34,56,789, 1'000'000 CHF, 1.234.567,89 €, 12 345 678 kr, ¥ 1 000, "
        "US$ 3.50, 3,50 $ CA, R$ 1.000,00, Fr. 1'234.50, ₿0.5, 5 pounds, 20 quid, JPY 10 000 "
    )
    return unit * (n // len(unit))


def _uncued_long_line(n: int) -> str:
    return "- ordered a part from Nautel, " + "the transmitter hums along quietly " * (n // 36)


LINES: dict[str, Callable[[int], str | bytes]] = {
    "'₹1,20,000 ' Indian grouping repeated": _rep("₹1,20,000 "),
    "'1'000'000 CHF ' apostrophe groups repeated": _rep("1'000'000 CHF "),
    "'$ $ $ 1 1 1 ' symbols and digits apart": _rep("$ $ $ 1 1 1 "),
    "one number of 1 MB in ' 000' groups after a currency": lambda n: "the fee is €1" + " 000" * (n // 4),
    "amounts in twelve currencies and groupings": _mixed_money,
    "'takes over takes over ' repeated": _rep("Acento Studio takes over takes over "),
    "'swap swap trade swapped with ' repeated": _rep("swap swap trade swapped days with Erik "),
    "'Dates: Dates: ' page labels on one line": _rep("Dates: Dates: 3 May "),
    "'was $5, used to be $5 ' 50,000 clauses": _rep("the fee was $5, used to be $5 "),
    "'backed out of backed out of ' repeated": _rep("we backed out of backed out of Acme "),
    "'at 7:15 7:30 7:45 ' clock minutes": _rep("at 7:15 7:30 7:45 0.71 "),
    "'in two weeks in two weeks ' spans ahead": _rep("consult Dana in two weeks in two weeks "),
    "'the Friday before the Friday before '": _rep("the Friday before "),
    "'first Saturday of April of May ' repeated": _rep("first Saturday of April of May "),
    "'(Dec) (Dec) ' bracketed months": _rep("(Dec) (Dec) launches 3/4 expires 4/5 "),
    "'St. St. St. Anna ' saints": _rep("St. St. St. Anna "),
    "'Corporation for Corporation for ' repeated": _rep("Corporation for Corporation for Public Radio "),
    "'Deb & Carl & Yoder & ' repeated": _rep("Deb & Carl Yoder & "),
    "10,000 quoted titles": _quoted_titles,
    "'Brahms Symphony Concerto Sonata ' forms": _rep("Brahms Symphony Concerto Sonata Etude "),
    "'three hens, A, B, ... and Z' 20,000 names": _hens,
    "'(our neighborhood school) ' brackets": _rep("Maple Grove (our neighborhood school) (the corner pub) "),
    "'Acme office Acme office ' repeated": _rep("Acme office Rao office "),
    "'flights booked on Skyway on Skyway '": _rep("flights booked on Skyway on Skyway "),
    "'Dr. Dr. Rao Dr. Rao ' repeated": _rep("Dr. Dr. Rao Dr. Rao "),
    "an uncued name on a 1 MB line of words": _uncued_long_line,
}


def _note_case(make: Callable[[int], str | bytes]) -> Callable[[Path], dict[str, str]]:
    """Round 10's note case with this round's questions."""

    def case(tmp: Path) -> dict[str, str]:
        saved = r10.QUESTIONS
        r10.QUESTIONS = QUESTIONS
        try:
            return r10._note_case(make)(tmp)
        finally:
            r10.QUESTIONS = saved

    return case


def _sized(
    build: Callable[[int], str], small: int, big: int, name: str = "2026-01-05.md"
) -> Callable[[Path], dict[str, str]]:
    """A note of ``small`` then ``big`` units (``build``): linear, each step within the limit per MB."""

    def case(tmp: Path) -> dict[str, str]:
        took = {}
        saved = r10.QUESTIONS
        r10.QUESTIONS = QUESTIONS
        try:
            for n in (small, big):
                data = build(n).encode()
                t, why = r10._note_run(tmp / f"t{n}", data, name)
                if why:
                    return verdict("unclear", f"{n:,} ({len(data) // 1000} KB): {why}")
                took[n] = (t, len(data))
        finally:
            r10.QUESTIONS = saved
        (lo, lo_size), (hi, size) = took[small], took[big]
        per_mb = max(hi.values()) / max(size / 1e6, 1.0)
        grow = (size / lo_size) * 1.5
        ok = per_mb <= r10.NOTE_LIMIT_S and sum(hi.values()) <= max(grow, r10.GROWTH) * sum(lo.values())
        return verdict(
            "converged" if ok else "unclear",
            f"{big:,} ({size / 1e6:.1f} MB): "
            + " ".join(f"{k} {v:.1f}" for k, v in hi.items())
            + f"; {small:,}: all {sum(lo.values()):.1f} s",
        )

    return case


def _money_table(rows: int) -> str:
    names = _names(rows)
    money = ("₹{a},20,000", "{a}'000 CHF", "€{a}.500,50", "{a} 000 kr", "US$ {a}.99", "£{a}k", "JPY {a} 000")
    out = ["| Name | Date | Fee | Was | Place |", "|---|---|---|---|---|"]
    for i in range(rows):
        fee, was = money[i % 7].format(a=i % 97 + 1), money[(i + 3) % 7].format(a=i % 89 + 1)
        out.append(f"| {names[i]} | first Saturday of April | {fee} | used to be {was} | Zürich office |")
    return "\n".join(out)


def _named_lines(n: int) -> str:
    return "".join(f"- ordered transmitter part {i} from Nautel\n" for i in range(n))


def _lines(unit: Callable[[int, list[str]], str]) -> Callable[[int], str]:
    """``n`` lines of ``unit`` (its number, 20,000 names), under one heading."""
    names = _names(20_000)
    return lambda n: "## Rota\n\n" + "\n".join(unit(i, names) for i in range(n))


#: Many lines of one new wording, in a log or a page: the pairing of lines must stay near-linear.
MANY_LINES: dict[str, tuple[Callable[[int], str], str]] = {
    "'Dates: <day>' labels on a page": (_lines(lambda i, _n: f"Dates: {1 + i % 28} May 2026"), "notes/p.md"),
    "'X takes over the rota from Y' on a page": (
        _lines(lambda i, n: f"- {n[i % 300]} takes over the rota from {n[(i + 1) % 300]}"),
        "notes/p.md",
    ),
    "'we backed out of X and signed with Y' in a log": (
        _lines(lambda i, n: f"- we backed out of {n[i % 300]} and signed with {n[(i + 7) % 300]} instead"),
        "2026-01-05.md",
    ),
    "'the fee used to be $X, now $Y' in a log": (
        _lines(lambda i, _n: f"- the hosting fee used to be ${i % 50 + 5}, now ${i % 50 + 6}"),
        "2026-01-05.md",
    ),
    "'swapped carpool days with X' on a page": (
        _lines(lambda i, n: f"- swapped carpool days with {n[i % 300]}, so Thursdays are ours now"),
        "notes/p.md",
    ),
}


# ---- long questions on 1,000 notes ------------------------------------------------------------------------


def _thousand(root: Path) -> Path:
    names = _names(1000)
    files = {
        f"memory/2026-{1 + i % 12:02d}-{1 + i % 28:02d}-n{i}.md": (
            f"# n{i}\n\n- {names[i]} writes Rust and Python at Acento Studio; the fee was ₹{i},20,000\n"
            f"- {names[i]}'s hens Pip, Dot and Moss; {names[(i + 1) % 1000]} takes over the rota\n"
            f"- Dr. {names[i].split()[1]} moved the check-up to the first Saturday of April\n"
        )
        for i in range(1000)
    }
    ws = _make(root, files)
    r = run("-w", str(ws), "index", timeout=600)
    assert r is not None and r.returncode == 0, r
    return ws


def _questions() -> list[str]:
    names = _names(5000)
    langs = ["Rust", "Python", "Go", "language", "programming", "code", "writes", *names[:40]]
    return [
        "which of " + ", ".join(names) + " keep hens",
        "what pets do " + " and ".join(names) + " have",
        "which programming languages " + " ".join(langs[i % len(langs)] for i in range(10_000)),
        "how much was the fee " + " ".join(f"₹{i},20,000" for i in range(5000)),
        "what does " + "takes over " * 3000 + "do",
        "which programming languages does Kalomi Nerusar use",
    ]


def long_questions(tmp: Path) -> dict[str, str]:
    """Kind questions naming 5,000 people, a programming-language question of 10,000 words, an amount
    question of 5,000 amounts on 1,000 notes: each within :data:`QUERY_LIMIT_S`, the last a plain one."""
    ws = _thousand(tmp / "ws")
    warm = run("-w", str(ws), "search", "hens", timeout=120)  # the first search builds the views
    if _plain(warm, (0, 1)):
        return verdict("unclear", f"the first search: {_plain(warm, (0, 1))}")
    worst, said = 0.0, []
    for q in _questions():
        t0 = time.monotonic()
        r = run("-w", str(ws), "search", q, timeout=60)
        took = time.monotonic() - t0
        why = _plain(r, (0, 1))
        if why:
            return verdict("unclear", f"{q[:40]!r}: {why}")
        worst = max(worst, took)
        said.append(f"{took:.2f}")
    kind = "converged" if worst < QUERY_LIMIT_S else "unclear"
    return verdict(kind, f"{len(said)} questions, worst {worst:.2f} s (each: {', '.join(said)})")


# ---- a damaged context model ------------------------------------------------------------------------------

_DAMAGED = r"""
import json, shutil, sys
from pathlib import Path
from mdrecall import Memory
from mdrecall.config.settings import Config
from mdrecall.knowledge.kinds import kind_context as kc
ws, spoil = Path(sys.argv[1]), sys.argv[2]
bad = ws.parent / "model.npz"
data = kc.MODEL_FILE.read_bytes()
if spoil == "truncated":
    bad.write_bytes(data[: len(data) // 2])
elif spoil == "garbage":
    bad.write_bytes(b"PK\x03\x04" + b"\xff" * 4096)
elif spoil == "empty":
    bad.write_bytes(b"")
elif spoil == "pickle":
    import numpy as np
    np.savez(bad, weights=np.array([object()], dtype=object), bias=np.zeros(3), kinds=np.array(["person"]))
elif spoil == "nan":
    import numpy as np
    with np.load(kc.MODEL_FILE) as m:
        w = m["weights"].copy(); w[0, 0] = np.nan
        np.savez(bad, weights=w, bias=m["bias"], kinds=m["kinds"])
elif spoil == "directory":
    bad.mkdir()
else:
    bad = kc.MODEL_FILE
kc.MODEL_FILE = bad
kc._model.cache_clear()
mem = Memory.open(ws, Config().merged({"embedding": {"provider": "none"}}))
try:
    print(json.dumps([e.to_dict() for e in mem.entities(limit=500)]))
finally:
    mem.close()
"""


def damaged_model(tmp: Path) -> dict[str, str]:
    """The context model's file truncated, garbage, empty, holding a pickle, a NaN weight, a directory:
    the views build and list the uncued names with no model kind (source never "context model"), where
    the intact model types one of them."""
    said = []
    for spoil in ("intact", "truncated", "garbage", "empty", "pickle", "nan", "directory"):
        ws = _make(
            tmp / spoil / "ws",
            {"memory/2026-01-05.md": HOSTILE},
        )
        try:
            r = subprocess.run(
                [sys.executable, "-c", _DAMAGED, str(ws), spoil],
                capture_output=True,
                timeout=120,
                env={**__import__("os").environ, **QUIET_ENV},
            )
        except subprocess.TimeoutExpired:
            return verdict("unclear", f"{spoil}: hung")
        if r.returncode != 0:
            return verdict("unclear", f"{spoil}: rc {r.returncode}: {r.stderr.decode()[-200:]}")
        got = json.loads(r.stdout)
        bad = [e["name"] for e in got if e.get("kindSource") == "context model"]
        if spoil == "intact":
            if not bad:
                return verdict("unclear", f"(the case itself) the intact model typed none of {got}")
            said.append(f"intact: model typed {bad}")
        elif bad:
            return verdict("failed", f"{spoil}: a damaged model still typed {bad}")
        else:
            said.append(f"{spoil} {len(got)} names")
    return verdict("converged", "; ".join(said))


# ---- hostile entity names on every surface --------------------------------------------------------------

HOSTILE = (
    "# 2026-01-05\n\n- ordered a transmitter from Nautel<script>alert(1)</script> today\n"
    '- Quaab"onmouseover="alert(2) Corp shipped it; Nautel<script>alert(1)</script> again\n'
    "- met \u202eLiam Quaab\u202c and O'Brien<img src=x onerror=alert(3)> at St. Anna's\n"
    '- flights booked on Sky"><svg onload=alert(4)>way; Dr. Rao\'s "The <b>Bold</b> Road" sonata\n'
    "- three hens, Pip<i>, Dot' and Moss\"\n"
)


def _ui_texts(ws: Path, names: list[str]) -> dict[str, str]:
    from urllib.parse import quote

    from starlette.testclient import TestClient

    from mdrecall import Memory
    from mdrecall.config.settings import Config
    from mdrecall.ui.app import create_app
    from mdrecall.ui.security import Access

    access = Access("tok-123", 8765)
    mem = Memory.open(ws, Config().merged({"embedding": {"provider": "none"}}))
    try:
        with TestClient(create_app(mem, access), base_url="http://127.0.0.1:8765") as c:
            c.get("/?token=tok-123", follow_redirects=False)
            out = {"/entities": c.get("/entities").text}
            for n in names:
                out[f"/entity/{n}"] = c.get(f"/entity/{quote(n, safe='')}").text
            return out
    finally:
        mem.close()


_RAW = ("<script>alert", "<img src=x", "<svg onload", '"onmouseover="alert', "<b>Bold", "Pip<i>")


def hostile_names(tmp: Path) -> dict[str, str]:
    """Names holding HTML, quotes and RTL marks ("Nautel<script>", 'Quaab"onmouseover=...', "\u202eLiam"):
    the entities page and every entity's page show them escaped (no raw tag or attribute break-out), the
    CLI's --json parses and the MCP tools answer."""
    ws = _make(tmp / "ws", {"memory/2026-01-05.md": HOSTILE})
    i = run("-w", str(ws), "index")
    e = run("-w", str(ws), "--json", "entities", "-n", "500")
    why = _plain(i) or _plain(e)
    if why:
        return verdict("unclear", why)
    listed = json.loads(e.stdout).get("entities", [])
    names = [ent["name"] for ent in listed]
    for n in names:
        d = run("-w", str(ws), "--json", "entity", n)
        if _plain(d, (0, 1)):
            return verdict("unclear", f"entity {n!r}: {_plain(d, (0, 1))}")
        if d is not None and d.returncode == 0:
            json.loads(d.stdout)
    try:
        pages = _ui_texts(ws, names)
    except ImportError as exc:
        return verdict("converged", f"{len(names)} names; (no ui extra: {exc})")
    raw = sorted({f"{k}: {m}" for k, t in pages.items() for m in _RAW if m in t})
    if raw:
        return verdict("failed", f"raw markup on the page: {raw[:4]}")
    statuses = len(pages)
    return verdict(
        "converged", f"{len(names)} names ({', '.join(map(repr, names))[:120]}); {statuses} pages escaped"
    )


# ---- nothing outside the workspace is read ----------------------------------------------------------------


def outside_not_read(tmp: Path) -> dict[str, str]:
    """A notes folder and a daily log that are symlinks to files outside holding newer lines in the new
    grammar ("takes over", "used to be $X", a swap, "Dates:", "backed out of") and a marker name: no
    search, mark or entity may show them or mark the workspace lines."""
    ws = _make(
        tmp / "ws",
        {
            "memory/2026-01-05.md": (
                "# d\n\n- Acento Studio handles the Spanish UI strings; the fee is ₹1,20,000\n"
                "- the carpool is on Tuesdays with Erik; we signed with Acme\n"
            ),
            ".mdrecall.toml": "[search]\nshow_newer = true\n",
        },
    )
    out = tmp / "outside"
    (out / "notes").mkdir(parents=True)
    newer = (
        "- Quaabworks takes over the Spanish UI strings; the fee used to be ₹1,20,000, now 9'999 CHF\n"
        "- swapped carpool days with Erik, so Thursdays are ours now; we backed out of Acme, zzoutsidezz\n"
    )
    (out / "notes" / "plans.md").write_text(f"# Plans\n\nDates: 3 May 2026\n\n{newer}")
    (out / "log.md").write_text(f"# 2026-03-01\n\n{newer}")
    (ws / "memory" / "notes").symlink_to(out / "notes")
    (ws / "memory" / "2026-03-01.md").symlink_to(out / "log.md")
    i = run("-w", str(ws), "index")
    said, marks = b"", []
    for q in (
        "who handles the Spanish UI strings",
        "how much is the fee",
        "which day is the carpool",
        "Acme",
    ):
        s = run("-w", str(ws), "--json", "search", q)
        why = _plain(i) or _plain(s, (0, 1))
        if why:
            return verdict("unclear", why)
        said += s.stdout
        hits = json.loads(s.stdout).get("results", []) if s.stdout.strip() else []
        marks += [h.get("superseded") for h in hits if h.get("superseded")]
    e = run("-w", str(ws), "--json", "entities", "-n", "500")
    if _plain(e):
        return verdict("unclear", _plain(e))
    text = said + e.stdout
    if b"zzoutsidezz" in text or b"Quaab" in text or b"9'999" in text or marks:
        return verdict("failed", f"outside text shown or marked: marks {marks}")
    return verdict("converged", "outside never read; no mark")


# ---- secrets in a changed amount line -------------------------------------------------------------------

LIVE = "sk_live_51QwErTyUiOpAsDfGhJkLzXcVb"
LIVE2 = "sk_live_51MnBvCxZlKjHgFdSaPoIuYtRe"


def changed_amount_secrets(tmp: Path) -> dict[str, str]:
    """An older remembered amount line and a newer one that changes it ("the fee used to be ₹1,20,000,
    now 1'500 CHF"), each holding a key (the library redacts what it writes): no search output (hits,
    superseded marks, the newer chunk shown above its older one) may show a key, and a mark is a citation
    only."""
    ws = _make(tmp / "ws", {".mdrecall.toml": "[search]\nshow_newer = true\n"})
    r1 = run("-w", str(ws), "remember", f"The hosting fee is ₹1,20,000 a year, paid with the key {LIVE}.")
    for log in (ws / "memory").glob("20??-??-??.md"):  # the older line a day of its own, months back
        text = log.read_text().replace(f"# {log.stem}", "# 2025-06-01", 1)
        (ws / "memory" / "2025-06-01.md").write_text(text)
        log.unlink()
    r2 = run(
        "-w",
        str(ws),
        "remember",
        f"The hosting fee used to be ₹1,20,000; it is now 1'500 CHF a year, paid with the key {LIVE2}"
        f" (the old key {LIVE} was revoked).",
    )
    i = run("-w", str(ws), "index")
    why = _plain(r1) or _plain(r2) or _plain(i)
    if why:
        return verdict("unclear", why)
    shown, marks, why = _search_shown(
        ws, ("how much is the hosting fee", "hosting fee key", "what was the fee before")
    )
    if why:
        return verdict("unclear", why)
    leaked = [k for k in (LIVE, LIVE2) if k.encode() in shown or k[8:].encode() in shown]
    bad_marks = [m for m in marks if not r10._MARK.fullmatch(m)]
    if leaked or bad_marks:
        return verdict("failed", f"keys shown {leaked}; marks {bad_marks}")
    return verdict("converged", f"no key shown; marks {marks or 'none'}")


CASES: dict[str, Callable[[Path], dict[str, str]]] = {
    **{f"1 MB note: {name}": _note_case(make) for name, make in LINES.items()},
    "table: 20,000 rows of amounts in mixed currencies": _sized(_money_table, 2_000, 20_000),
    "entity named 100,000 times": _sized(_named_lines, 10_000, 100_000),
    **{f"20,000 lines: {k}": _sized(make, 2_000, 20_000, name) for k, (make, name) in MANY_LINES.items()},
    "question: kind questions naming 5,000 people, 10,000 words on 1,000 notes": long_questions,
    "trust: a damaged context model file": damaged_model,
    "trust: hostile entity names on the web page, CLI and entity lookups": hostile_names,
    "trust: symlinks to outside holding newer lines of the new grammar": outside_not_read,
    "trust: secrets in a changed amount line": changed_amount_secrets,
}


def case_round12(tmp: Path, only: list[str] | None = None) -> dict[str, Any]:
    """The twelfth round, one verdict per case."""
    return run_cases(tmp / "r12", CASES, only, kill_servers_under)


if __name__ == "__main__":
    print_round("mdrecall-r12-", case_round12)
