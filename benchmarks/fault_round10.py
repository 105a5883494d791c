"""The tenth round of the fault campaign, on what was added since round 9 (commit 41f71fd): the date
direction grammar ("was X until", "he quit", "last day is"), the weekday reader ("the Tuesday 10:30 sync",
"Emre's first Saturday"), the entity patterns ("St." inside names, "& Co." after two words, model numbers
after "a"/"my", hyphened authors, acronyms, table columns of one kind, quoted nicknames), the supersession
grammar (leaving, change pairs) and the search stages (``times`` for "when is", days a chunk names alone,
marked lines shown first in a snippet). Cases are in no issue and no test; each ends in one verdict
(``fault_kit.verdict``). Auto-start is off (the kit's default) throughout.

A note case indexes one note (a dated log and an undated page), builds its views and asks a question that
reaches the new stages, at 100 KB and 1 MB: it is a defect when the 1 MB note takes more than
:data:`NOTE_LIMIT_S` for a step (the process's start included), or grows more than linearly.
Run: ``python benchmarks/faults.py --only round10`` (or this file alone, with case-name filters)."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fault_kit import print_round, run, run_cases, verdict
from fault_round6 import kill_servers_under
from fault_round8 import LIVE, PLANT, _make, _plain

#: Seconds one step (index, the views, a search) may take on a 1 MB note, the process's start included.
NOTE_LIMIT_S = 8.0
#: How much slower the 1 MB note may be than the 100 KB one (10 times the text; the start is shared).
GROWTH = 14.0
#: Seconds a question may take on 1,000 notes (round 9's limit), the process's start included.
QUERY_LIMIT_S = 2.0

_RNG = random.Random(10)
_WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()


def _rep(unit: str) -> Callable[[int], str]:
    return lambda n: unit * max(1, n // len(unit))


def _caps_digits(n: int) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    parts, size, i = [], 0, 0
    while size < n:
        p = f"{letters[i % 26]} {i % 10} "
        parts.append(p)
        size += len(p)
        i += 1
    return "my " + "".join(parts)


def _slashes(n: int) -> str:
    # "1/2/3/.../50000" is ~290 KB: repeated to n, one line
    one = "/".join(str(i) for i in range(1, 50_001))
    return (one * (n // len(one) + 1))[:n]


def _nested(n: int) -> str:
    depth = n // 40
    inner = "Robert \"Bob\" Smith ('Bobby') “Katarzyna Nowak (“Kasia”)”"
    return "(" * depth + '"“‘' * (depth // 3) + inner + '’”"' * (depth // 3) + ")" * depth


def _weekdays(n: int) -> str:
    line = " ".join(_WEEKDAYS[i % 7] for i in range(10_000))  # one line of 10,000 weekday names
    return ((line + "\n") * (n // (len(line) + 1) + 1))[:n]


def _mixed(n: int) -> str:
    unit = (
        "Dana Окафор met Ὀδυσσεύς Παπαδόπουλος and 山田 太郎 at Grundschule St. Анна with "
        "Müller-Lüdenscheidt & Søn Co. and O’Brien-Ζ\u0301 ﬁnance Ǆemal "
    )
    return unit * (n // len(unit))


def _zero_width(n: int) -> str:
    unit = "Grundschule S\u200bt.\u200b Anna, St\u200d. Mary’s & \u2060Co., St.\ufeff Patrick \u00ad"
    return unit * (n // len(unit))


LINES: dict[str, Callable[[int], str]] = {
    "'St. St. St. ' on one line": _rep("St. "),
    "'Grundschule St. St. Anna St. ' on one line": _rep("Grundschule St. St. Anna St. "),
    "'& & Co. Co. ' on one line": _rep("& & Co. Co. "),
    "'Smith Jones & Co. & Sons Acme & ' on one line": _rep("Smith Jones & Co. & Sons Acme & "),
    "'A 1 B 2 C 3 ...' capitals and digits after 'my'": _caps_digits,
    "'a Pixel 8 an iPhone 15 my Galaxy S24 ' repeated": _rep("a Pixel 8 an iPhone 15 my Galaxy S24 "),
    "'1/2/3/.../50000' slashes on one line": _slashes,
    "nested brackets and quotes around quoted nicknames": _nested,
    "'Robert \"Bob\" Smith ' quoted nicknames repeated": _rep('Robert "Bob" Smith '),
    "unclosed quotes and brackets '(\"“A ' repeated": _rep('("“A '),
    "lines of 10,000 weekday names": _weekdays,
    "'the Tuesday 10:30 team sync ' repeated": _rep("the Tuesday 10:30 team sync "),
    "'Emre's first Saturday went fine ' repeated": _rep("Emre's first Saturday went fine "),
    "'was treasurer until until till ' repeated": _rep("was treasurer until until till "),
    "'he quit he put the back left ' repeated": _rep("he quit he put the back left "),
    "'Dana left Acme for Bravo, replaced by ' repeated": _rep("Dana left Acme for Bravo, replaced by "),
    "'no longer no longer stepped down ' repeated": _rep("no longer no longer stepped down "),
    "'Jean-Luc Godard by Jean-Luc ' hyphened authors": _rep("Jean-Luc Godard by Jean-Luc "),
    "'NASA RSPB NHS UNICEF ' acronyms repeated": _rep("NASA RSPB NHS UNICEF "),
    "mixed scripts in names": _mixed,
    "zero-width characters inside 'St.' and '& Co.'": _zero_width,
}

#: The questions a note case asks: the "when is" stage, a day named alone, a changed fact.
QUESTIONS = ("when is the team sync at St. Anna", "what happened on 1/2", "who replaced Acme")


def _note_run(root: Path, data: bytes, name: str) -> tuple[dict[str, float], str]:
    """Index a workspace of one note (``data`` as bytes), build its views, ask :data:`QUESTIONS`: each
    step's seconds, and why it is unclear ("" when every step answered)."""
    _make(root, {})
    path = root / "memory" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"# d\n\n" + data + b"\n")
    took: dict[str, float] = {}
    steps: list[tuple[str, tuple[str, ...], tuple[int, ...]]] = [
        ("index", ("index",), (0,)),
        ("views", ("entities",), (0,)),
        *((f"q{i}", ("search", q), (0, 1)) for i, q in enumerate(QUESTIONS)),
    ]
    for step, args, ok in steps:
        t0 = time.monotonic()
        # the bound is per MB: a 6.4 MB table may take its size's share before it counts as hung
        r = run("-w", str(root), *args, timeout=max(NOTE_LIMIT_S * 4 * max(1.0, len(data) / 1e6), 30))
        took[step] = time.monotonic() - t0
        why = _plain(r, ok)
        if why:
            return took, f"{step}: {why}"
    return took, ""


def _note_case(make: Callable[[int], str | bytes]) -> Callable[[Path], dict[str, str]]:
    def case(tmp: Path) -> dict[str, str]:
        said = []
        for name in ("2026-01-05.md", "notes/undated.md"):
            sizes = {}
            for size in (100_000, 1_000_000):
                text = make(size)
                data = text if isinstance(text, bytes) else text.encode()
                took, why = _note_run(tmp / f"{size}-{name[:5]}", data, name)
                if why:
                    return verdict("unclear", f"{name} {size // 1000} KB: {why}")
                sizes[size] = took
            small, big = sizes[100_000], sizes[1_000_000]
            worst = max(big, key=lambda k: big[k])
            said.append(f"{name[:5]} 1 MB " + " ".join(f"{k} {v:.1f}" for k, v in big.items()))
            slow = big[worst] > NOTE_LIMIT_S
            steep = sum(big.values()) > GROWTH * sum(small.values())
            if slow or steep:
                return verdict(
                    "unclear",
                    f"{name}: 1 MB {worst} {big[worst]:.1f} s (all {sum(big.values()):.1f} s against"
                    f" {sum(small.values()):.1f} s at 100 KB)",
                )
        return verdict("converged", "; ".join(said))

    return case


# ---- a table of 20,000 rows x 20 columns ------------------------------------------------------------------


def _table(rows: int) -> str:
    head = ["Name", "Supplier", "Date", "Amount", "Venue", "Model", "Contact", "Role", "Team", "Status"] * 2
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for i in range(rows):
        cells = [
            f"Dana Quaab{i % 97}",
            f"Acme{i} & Co.",
            f"{1 + i % 28}/{1 + i % 12}",
            f"£{i}.50",
            f"St. Anna Hall {i % 13}",
            f"Pixel {i % 9}",
            f'Robert "Bob" Smith{i % 7}',
            "treasurer until Friday",
            _WEEKDAYS[i % 7],
            "left Acme for Bravo",
        ] * 2
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def table_rows_columns(tmp: Path) -> dict[str, str]:
    """A table of 2,000 then 20,000 rows of 20 columns whose cells hold the new shapes (a saint's name,
    "& Co.", a model number, a quoted nickname, a bound of a state): linear, within the limit per MB."""
    took = {}
    for rows in (2_000, 20_000):
        data = _table(rows).encode()
        t, why = _note_run(tmp / f"t{rows}", data, "2026-01-05.md")
        if why:
            return verdict("unclear", f"{rows} rows ({len(data) // 1000} KB): {why}")
        took[rows] = (t, len(data))
    (small, _), (big, size) = took[2_000], took[20_000]
    per_mb = max(big.values()) / (size / 1e6)
    kind = (
        "converged"
        if per_mb <= NOTE_LIMIT_S and sum(big.values()) <= GROWTH * sum(small.values())
        else "unclear"
    )
    return verdict(
        kind,
        f"20,000 rows ({size / 1e6:.1f} MB): "
        + " ".join(f"{k} {v:.1f}" for k, v in big.items())
        + f"; 2,000 rows all {sum(small.values()):.1f} s",
    )


# ---- bad UTF-8 in names -----------------------------------------------------------------------------------


def _bad_utf8(n: int) -> bytes:
    unit = (
        b"- Dana Ok\xffafor met Ren\xc3e Dubois at Grundschule St.\xa0Anna, "
        b'Smith \xe2\x80 & Co., my Pixel \xf0\x9f 8, Robert "B\xc0b" Smith, Ol\xc3\xa9 \xed\xa0\x80Z\n'
    )
    return unit * (n // len(unit))


# ---- a question of 10,000 words starting "when is" on 1,000 notes --------------------------------------


def _thousand(root: Path) -> Path:
    files = {
        f"memory/2026-{1 + i % 12:02d}-{1 + i % 28:02d}-n{i}.md": (
            f"# n{i}\n\n- team sync {i} moves to {_WEEKDAYS[i % 7]}s 9:15 from next week\n"
            f"- Team sync {i}: Ravi presented the plan; Dana was treasurer until {1 + i % 28}/3\n"
            f"- the choir {i} meets at Grundschule St. Anna every {_WEEKDAYS[(i + 3) % 7]} at 7pm\n"
        )
        for i in range(1000)
    }
    ws = _make(root, files)
    r = run("-w", str(ws), "index", timeout=600)
    assert r is not None and r.returncode == 0, r
    return ws


def _when_questions() -> list[str]:
    words = ["team", "sync", "choir", "St.", "Anna", "9:15", "7pm", "treasurer", "until", *_WEEKDAYS]
    return [
        "when is " + " ".join(_RNG.choice(words) for _ in range(10_000)),
        "when is " + "when is " * 5000,
        "when is " + " ".join(f"{1 + i % 28}/{1 + i % 12}" for i in range(10_000)),
        "when is " + " ".join(f"{_WEEKDAYS[i % 7]} {i % 12 + 1}:{i % 60:02d}" for i in range(5000)),
        "what time is " + "the Tuesday 10:30 team sync " * 2000,
        "when is the team sync 12",
    ]


def when_questions(tmp: Path) -> dict[str, str]:
    """Questions of 10,000 words starting "when is" (words of the notes, dates, weekdays with times) on
    1,000 notes whose lines name times: each within :data:`QUERY_LIMIT_S`, the last a plain one."""
    ws = _thousand(tmp / "ws")
    warm = run("-w", str(ws), "search", "team sync 12", timeout=120)  # the first search builds the views
    if _plain(warm, (0, 1)):
        return verdict("unclear", f"the first search: {_plain(warm, (0, 1))}")
    worst, said = 0.0, []
    for q in _when_questions():
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


# ---- nothing outside the workspace is read ----------------------------------------------------------------


def outside_not_read(tmp: Path) -> dict[str, str]:
    """A notes folder and a daily log that are symlinks to files outside, holding a newer line that would
    supersede a workspace line ("we moved the standup to Thursdays") and a marker word: no search, mark or
    entity may show the marker, cite the outside files or mark the workspace line superseded by them."""
    ws = _make(
        tmp / "ws",
        {
            "memory/2026-01-05.md": "# d\n\n- the standup is on Tuesdays at 9:30 with Dana Okafor\n",
            ".mdrecall.toml": "[search]\nshow_newer = true\n",
        },
    )
    out = tmp / "outside"
    (out / "notes").mkdir(parents=True)
    newer = "- we moved the standup to Thursdays at 9:30 instead, zzoutsidezz, Ophelia Quaab\n"
    (out / "notes" / "plans.md").write_text(f"# Plans\n\n{newer}")
    (out / "log.md").write_text(f"# 2026-03-01\n\n{newer}")
    (ws / "memory" / "notes").symlink_to(out / "notes")
    (ws / "memory" / "2026-03-01.md").symlink_to(out / "log.md")
    i = run("-w", str(ws), "index")
    s = run("-w", str(ws), "--json", "search", "when is the standup")
    e = run("-w", str(ws), "--json", "entities", "-n", "500")
    why = _plain(i) or _plain(s, (0, 1)) or _plain(e)
    if why:
        return verdict("unclear", why)
    text = s.stdout + e.stdout
    hits = json.loads(s.stdout).get("results", []) if s.stdout.strip() else []
    marks = [h.get("superseded") for h in hits if h.get("superseded")]
    if b"zzoutsidezz" in text or b"Quaab" in text or marks:
        return verdict("failed", f"outside text shown or marked: marks {marks}")
    return verdict("converged", f"outside never read; {len(hits)} hits, no mark")


# ---- secrets in a changed fact line -------------------------------------------------------------------

LIVE2 = "sk_live_51ZyXwVuTsRqPoNmLkJiHgFeDc"
#: A superseded mark: the newer line's citation and, maybe, its day; nothing of its text.
_MARK = re.compile(r"[\w./-]+\.md#L\d+(?:-L\d+)?(?: \(\d{4}-\d\d-\d\d\))?")


def changed_fact_secrets(tmp: Path) -> dict[str, str]:
    """Two remembered lines (the library redacts what it writes), the newer one changing the fact and each
    holding a live key, plus hand-written change lines whose new entity shapes hold a secret ('password:
    Robert "Bob" Smith', 'token: St. Anna & Co.'): no search output (hits, superseded marks, the newer chunk
    shown above its older one) may show a remembered key, a mark is a citation only, and no entity name
    holds a word the redaction rules hide on its line."""
    from mdrecall.text.redact import secrets_in

    hand = (
        "# 2026-02-10\n\n"
        '- password: Robert "Bob" Quaabsmith, we moved the vault to Thursdays\n'
        "- the deploy token: St. Quaab & Co. replaced the old one\n"
        f"- api_key=Pixel 8 instead of the Galaxy S24, {PLANT}\n"
        "- secret=Jean-Luc Quaabard no longer holds the keys\n"
    )
    ws = _make(
        tmp / "ws",
        {
            "memory/2026-01-05.md": "# d\n\n- the vault rota is on Tuesdays\n",
            "memory/2026-02-10.md": hand,
            ".mdrecall.toml": "[search]\nshow_newer = true\n",
        },
    )
    r1 = run("-w", str(ws), "remember", f"The staging deploy token is {LIVE}, kept by Dana Okafor")
    for log in (ws / "memory").glob("20??-??-??.md"):  # the older line a day of its own, months back
        if log.name not in ("2026-01-05.md", "2026-02-10.md"):
            text = log.read_text().replace(f"# {log.stem}", "# 2025-06-01", 1)
            (ws / "memory" / "2025-06-01.md").write_text(text)
            log.unlink()
    r2 = run(
        "-w", str(ws), "remember", f"We switched the staging deploy token to {LIVE2} instead, Dana Okafor"
    )
    i = run("-w", str(ws), "index")
    s = run("-w", str(ws), "--json", "search", "what is the staging deploy token")
    s2 = run("-w", str(ws), "search", "staging deploy token Dana")
    e = run("-w", str(ws), "--json", "entities", "-n", "500")
    why = _plain(r1) or _plain(r2) or _plain(i) or _plain(s, (0, 1)) or _plain(s2, (0, 1)) or _plain(e)
    if why:
        return verdict("unclear", why)
    shown = s.stdout + s2.stdout
    hits = json.loads(s.stdout).get("results", []) if s.stdout.strip() else []
    marks = [str(h.get("superseded")) for h in hits if h.get("superseded")]
    leaked = [k for k in (LIVE, LIVE2) if k.encode() in shown or k[8:].encode() in shown]
    bad_marks = [m for m in marks if not _MARK.fullmatch(m)]
    hidden = {w for line in hand.splitlines() for _, sec in secrets_in(line) for w in sec.split()}
    listed = json.loads(e.stdout).get("entities", [])
    names = [n for ent in listed for n in (ent["name"], *ent.get("aliases", []))]
    named = sorted({n for n in names if any(w.strip('"') in hidden for w in n.split())})
    if leaked or bad_marks or named:
        return verdict("failed", f"keys shown {leaked}; marks {bad_marks}; names holding a secret {named}")
    return verdict(
        "converged",
        f"no key shown in {len(hits)} hits; marks {marks or 'none'}; {len(names)} names, none a secret",
    )


CASES: dict[str, Callable[[Path], dict[str, str]]] = {
    **{f"1 MB note: {name}": _note_case(make) for name, make in LINES.items()},
    "1 MB note: bad UTF-8 in names": _note_case(_bad_utf8),
    "table: 20,000 rows x 20 columns of the new shapes": table_rows_columns,
    "question: 10,000 words starting 'when is' on 1,000 notes": when_questions,
    "trust: symlinks to outside holding a newer fact line": outside_not_read,
    "trust: secrets in changed fact lines, marks and snippets": changed_fact_secrets,
}


def case_round10(tmp: Path, only: list[str] | None = None) -> dict[str, Any]:
    """The tenth round, one verdict per case."""
    return run_cases(tmp / "r10", CASES, only, kill_servers_under)


if __name__ == "__main__":
    print_round("mdrecall-r10-", case_round10)
