"""The eleventh round of the fault campaign, on what was added since round 10 (commit 301cf59): entity kinds
(a works label's "Title (Maker)", gazetteer regions, "a <animal> called X"), names (initials "Piotr W.",
surnames alone, "A & B" split, bracket nicknames, demonyms, two-letter abbreviations, "Title: Part Two",
"podcast: X"), the supersession grammar ("can't ... any more", "pulled X out of", "stop using", "gave up",
health conditions, "since Monday", "still"), the date grammar ("week of 11/1", "w/c", "Tue + Thu" habits,
"after/before" ties) and the search stages (weight and height questions, "where is X based"). Cases are
in no issue and no test; each ends in one verdict (``fault_kit.verdict``). Auto-start is off throughout.

A note case indexes one note (a dated log and an undated page), builds its views and asks questions that
reach the new stages, at 100 KB and 1 MB (``fault_round10``'s measure): it is a defect when the 1 MB note
takes more than :data:`fault_round10.NOTE_LIMIT_S` for a step (the process's start included), or grows more
than linearly. Run: ``python benchmarks/faults.py --only round11`` (or this file alone, with case-name
filters)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fault_round10 as r10
from fault_kit import print_round, run, run_cases, verdict
from fault_round6 import kill_servers_under
from fault_round8 import _make, _plain, _search_shown

#: Seconds a question may take on 1,000 notes (round 9's limit), the process's start included.
QUERY_LIMIT_S = 2.0

_RNG = random.Random(11)
_SYL = "ka lo mi ne ru sa ti vo ze ba do fi gu ha je ko lu ma no pe".split()


def _names(count: int) -> list[str]:
    """``count`` distinct capitalised made-up names ("Kalomi Nerusa")."""
    out = []
    for i in range(count):
        a, b, c = i % 20, (i // 20) % 20, (i // 400) % 20
        out.append(f"{(_SYL[a] + _SYL[b]).title()} {(_SYL[c] + _SYL[(a + b) % 20] + 'r').title()}")
    return out


def _rep(unit: str, tail: str = "") -> Callable[[int], str]:
    return lambda n: unit * max(1, (n - len(tail)) // len(unit)) + tail


def _ampersands(n: int) -> str:
    names = _names(20_000)
    line = " & ".join(names)  # 20,000 names joined by "&" on one line (~ 300 KB)
    return (line * (n // len(line) + 1))[:n] + " came to the picnic"


def _nested_makers(n: int) -> str:
    depth = n // 30
    return "- Books: The Long Road " + "(Ana Lind " * depth + ")" * depth + "\n"


def _mixed(n: int) -> str:
    unit = (
        "Piotr W. and Ζωή Π. met Олег & Ольга Ким, the Québécois and Ελληνικός crowd, "
        "Books: 山田の本 (山田 太郎), Dune: Part Two, podcast: Ḱ Ƿ Ꝁ, a cat called Ǆemal, "
        "MJ & ÅÖ from Zürich, “Ana” (Nana) Lind, the week of ١١/١ and w/c ११/१ "
    )
    return unit * (n // len(unit))


def _zero_width(n: int) -> str:
    unit = (
        "Pio\u200btr W\u200d. and Ana\u2060 & Bo\ufeffb, a dog called Re\u200bx, Books: Th\u200be Road "
        "(Ana\u00ad Lind), w/c 1\u200b/1, Tue\u200b + Thu, Zo\u200bsia can't\u200b eat it any more "
    )
    return unit * (n // len(unit))


def _bad_utf8(n: int) -> bytes:
    unit = (
        b"- Piotr W\xff. and Ana \xe2\x80& Bob, a dog called R\xc3ex, Books: The R\xf0\x9fad (Ana L\xc0ind), "
        b"w/c 1/\xed\xa0\x801, Tue + \xffThu, Zosia can't eat gl\xc3uten any more, \xe2\x82 6.2 kg\n"
    )
    return unit * (n // len(unit))


LINES: dict[str, Callable[[int], str | bytes]] = {
    "'can't can't ... any more' on one line": _rep("can't ", "eat gluten any more"),
    "'we pulled Zosia out of ' repeated": _rep("we pulled Zosia out of "),
    "'A & B & C & ...' 20,000 names on one line": _ampersands,
    "'Books: Title (Maker) (Maker) ...' on one line": lambda n: (
        "- Books: The Long Road" + " (Ana Lind)" * (n // 11)
    ),
    "'Books: Title (Maker (Maker ...' nested": _nested_makers,
    "'w/c 1/1 ' 50,000 times and more": _rep("w/c 1/1 "),
    "'the week of 11/1 after the week of ' repeated": _rep("the week of 11/1 after the week of "),
    "'Tue + Thu + ' on one line": _rep("Tue + Thu + ", "Sat"),
    "'Piotr W. ' initials 100,000 times": _rep("Piotr W. "),
    "'Dune: Part Two: Part Two' repeated": _rep("Dune: Part Two: Part Two "),
    "'podcast: podcast: X - Y - ' repeated": _rep("podcast: podcast: Low Tide - The Sea - "),
    "'a dog called a cat called ' repeated": _rep("a dog called a cat called "),
    "'still still since Monday stop using ' repeated": _rep("still still since Monday stop using "),
    "'gave up quit gave up the ' repeated": _rep("gave up quit gave up the "),
    "'(Nana) Ana (Nana) ' bracket nicknames": _rep("(Nana) Ana (Nana) "),
    "'NZ UK MJ ÅÖ ' two-letter abbreviations": _rep("NZ UK MJ ÅÖ "),
    "'the Polish Québécois Swiss ' demonyms": _rep("the Polish Québécois Swiss "),
    "'6.2 kg 3 350 g 1 000 000 ' measures": _rep("6.2 kg 3 350 g 1 000 000 000 "),
    "')))...' runs of 300 closing brackets before each name": _rep(")" * 300 + " Ingrid Solberg "),
    "'Zosia 1 000 000 ...' digit groups the weight question reads": _rep("Zosia " + "1 000 " * 400),
    "mixed scripts in the new name shapes": _mixed,
    "zero-width characters inside names and dates": _zero_width,
    "bad UTF-8 in the new name shapes": _bad_utf8,
}

#: The questions a note case asks: a weight, a whereabouts, a changed fact, a week.
QUESTIONS = (
    "how much does Zosia weigh",
    "where is Piotr W. based",
    "can Zosia eat gluten",
    "what happened the week of 11/1",
)


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


# ---- a table of 20,000 rows of kg values ----------------------------------------------------------------


def _kg_table(rows: int) -> str:
    names = _names(rows)
    out = ["| Name | Date | Weight | Height | Place | Note |", "|---|---|---|---|---|---|"]
    for i in range(rows):
        out.append(
            f"| {names[i]} | w/c {1 + i % 28}/{1 + i % 12} | {i % 90 + 2}.{i % 10} kg | {i % 120 + 50} cm "
            f"| Zürich & Łódź | can't eat gluten any more |"
        )
    return "\n".join(out)


def kg_table(tmp: Path) -> dict[str, str]:
    """A table of 2,000 then 20,000 rows of weights, heights, "w/c" days and change words; the questions
    ask a weight and a whereabouts: linear, within the limit per MB."""
    took = {}
    saved = r10.QUESTIONS
    r10.QUESTIONS = QUESTIONS
    try:
        for rows in (2_000, 20_000):
            data = _kg_table(rows).encode()
            t, why = r10._note_run(tmp / f"t{rows}", data, "2026-01-05.md")
            if why:
                return verdict("unclear", f"{rows} rows ({len(data) // 1000} KB): {why}")
            took[rows] = (t, len(data))
    finally:
        r10.QUESTIONS = saved
    (small, _), (big, size) = took[2_000], took[20_000]
    per_mb = max(big.values()) / max(size / 1e6, 1.0)
    ok = per_mb <= r10.NOTE_LIMIT_S and sum(big.values()) <= r10.GROWTH * sum(small.values())
    return verdict(
        "converged" if ok else "unclear",
        f"20,000 rows ({size / 1e6:.1f} MB): "
        + " ".join(f"{k} {v:.1f}" for k, v in big.items())
        + f"; 2,000 rows all {sum(small.values()):.1f} s",
    )


# ---- long questions on 1,000 notes ------------------------------------------------------------------------


def _thousand(root: Path) -> Path:
    names = _names(1000)
    files = {
        f"memory/2026-{1 + i % 12:02d}-{1 + i % 28:02d}-n{i}.md": (
            f"# n{i}\n\n- {names[i]} check-up: {i % 30 + 3}.{i % 10} kg, {i % 50 + 50} cm\n"
            f"- {names[i]} is based in Zürich now, w/c {1 + i % 28}/3; Piotr W. & Ana Lind came\n"
            f"- {names[(i + 1) % 1000]} can't eat gluten any more since Monday\n"
        )
        for i in range(1000)
    }
    ws = _make(root, files)
    r = run("-w", str(ws), "index", timeout=600)
    assert r is not None and r.returncode == 0, r
    return ws


def _questions() -> list[str]:
    names = _names(5000)
    words = ["kg", "weigh", "much", "how", "Zürich", "based", "cm", "tall", *names[:50]]
    return [
        "how much does " + " ".join(_RNG.choice(words) for _ in range(10_000)) + " weigh",
        "how much " + "does Zosia weigh " * 3000,
        "what is the weight of " + " ".join(f"{i % 90}.{i % 10} kg" for i in range(5000)),
        "how tall is " + " ".join(f"{i % 7} ' {i % 12}\"" for i in range(5000)),
        "where is " + " ".join(names) + " based",
        "where is " + "where is based " * 3000,
        "where is " + " & ".join(names[:2000]) + " living these days",
        "how much does Kalomi Nerusar weigh",
    ]


def long_questions(tmp: Path) -> dict[str, str]:
    """Weight, height and whereabouts questions of 10,000 words (a weight question of random words, 5,000
    weights, 5,000 feet-and-inches, "where is" + 5,000 names) on 1,000 notes of weights and places: each
    within :data:`QUERY_LIMIT_S`, the last a plain one."""
    ws = _thousand(tmp / "ws")
    warm = run("-w", str(ws), "search", "Zürich", timeout=120)  # the first search builds the views
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


# ---- nothing outside the workspace is read ----------------------------------------------------------------


def outside_not_read(tmp: Path) -> dict[str, str]:
    """A notes folder and a daily log that are symlinks to files outside holding newer lines in the new
    grammar ("stopped using", "can't ... any more", a weight, "based in") and a marker word; the index's
    own folder holding a note too: no search, mark or entity may show them or mark the workspace lines."""
    ws = _make(
        tmp / "ws",
        {
            "memory/2026-01-05.md": (
                "# d\n\n- Zosia eats gluten again, 6.2 kg at the check-up\n"
                "- Piotr W. is based in Gdańsk; we use Slack for the rota\n"
            ),
            ".mdrecall.toml": "[search]\nshow_newer = true\n",
        },
    )
    out = tmp / "outside"
    (out / "notes").mkdir(parents=True)
    newer = (
        "- Zosia can't eat gluten any more, zzoutsidezz, 9.9 kg, Ophelia Quaab\n"
        "- Piotr W. is based in Quaabtown now; we stopped using Slack since Monday\n"
    )
    (out / "notes" / "plans.md").write_text(f"# Plans\n\n{newer}")
    (out / "log.md").write_text(f"# 2026-03-01\n\n{newer}")
    (ws / "memory" / "notes").symlink_to(out / "notes")
    (ws / "memory" / "2026-03-01.md").symlink_to(out / "log.md")
    (ws / "memory" / "w-c.md").symlink_to(out / "log.md")
    i = run("-w", str(ws), "index")
    said, marks = b"", []
    for q in ("how much does Zosia weigh", "where is Piotr W. based", "can Zosia eat gluten", "Slack"):
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
    if b"zzoutsidezz" in text or b"Quaab" in text or b"9.9 kg" in text or marks:
        return verdict("failed", f"outside text shown or marked: marks {marks}")
    return verdict("converged", "outside never read; no mark")


# ---- secrets in a changed fact line -------------------------------------------------------------------

LIVE = "sk_live_51QwErTyUiOpAsDfGhJkLzXcVb"
LIVE2 = "sk_live_51MnBvCxZlKjHgFdSaPoIuYtRe"


def changed_fact_secrets(tmp: Path) -> dict[str, str]:
    """An older remembered line and a newer one that changes it in the new grammar ("we stopped using the
    token X since Monday", "can't use X any more"), each holding a key (the library redacts what it
    writes), plus hand-written change lines whose new name shapes hold a secret ('password: Quaabski
    W.', 'token: Quaabana & Bo', 'secret=Quaabdune: Part Two'): no search output (hits, superseded marks,
    the newer chunk shown above its older one) may show a remembered key, a mark is a citation only, and
    no entity name holds a word the redaction rules hide on its line (hand-written lines are shown as
    written: they are the user's, ``docs/security.md``)."""
    from mdrecall.text.redact import secrets_in

    hand = (
        "# 2026-02-10\n\n"
        "- password: Quaabski W. since Monday, we stopped using the old vault\n"
        "- the deploy token: Quaabana & Bo Zyx can't be used any more\n"
        "- secret=Quaabdune: Part Two, still in the safe, gave up the old one\n"
        "- api_key=Quaabzosia Nowak, a dog called Rex, 6.2 kg\n"
    )
    ws = _make(
        tmp / "ws",
        {
            "memory/2026-02-10.md": hand,
            ".mdrecall.toml": "[search]\nshow_newer = true\n",
        },
    )
    r1 = run("-w", str(ws), "remember", f"The staging deploy token is {LIVE}, kept by Piotr W.")
    for log in (ws / "memory").glob("20??-??-??.md"):  # the older line a day of its own, months back
        if log.name != "2026-02-10.md":
            text = log.read_text().replace(f"# {log.stem}", "# 2025-06-01", 1)
            (ws / "memory" / "2025-06-01.md").write_text(text)
            log.unlink()
    r2 = run(
        "-w",
        str(ws),
        "remember",
        f"Since Monday we stopped using the staging deploy token {LIVE}; it can't be used any more, the new"
        f" one is {LIVE2}, Piotr W.",
    )
    i = run("-w", str(ws), "index")
    why = _plain(r1) or _plain(r2) or _plain(i)
    if why:
        return verdict("unclear", why)
    shown, marks, why = _search_shown(
        ws, ("what is the staging deploy token", "deploy token Piotr W.", "where is Piotr W. based")
    )
    if why:
        return verdict("unclear", why)
    e = run("-w", str(ws), "--json", "entities", "-n", "500")
    if _plain(e):
        return verdict("unclear", _plain(e))
    leaked = [k for k in (LIVE, LIVE2) if k.encode() in shown or k[8:].encode() in shown]
    bad_marks = [m for m in marks if not r10._MARK.fullmatch(m)]
    hidden = {w for line in hand.splitlines() for _, sec in secrets_in(line) for w in sec.split()}
    listed = json.loads(e.stdout).get("entities", [])
    names = [n for ent in listed for n in (ent["name"], *ent.get("aliases", []))]
    named = sorted({n for n in names if any(w.strip('"&:') in hidden for w in n.split())})
    if leaked or bad_marks or named:
        return verdict("failed", f"keys shown {leaked}; marks {bad_marks}; names holding a secret {named}")
    return verdict("converged", f"no key shown; marks {marks or 'none'}; {len(names)} names, none a secret")


CASES: dict[str, Callable[[Path], dict[str, str]]] = {
    **{f"1 MB note: {name}": _note_case(make) for name, make in LINES.items()},
    "table: 20,000 rows of kg values": kg_table,
    "question: weight, height and 'where is' of 10,000 words on 1,000 notes": long_questions,
    "trust: symlinks to outside holding newer lines of the new grammar": outside_not_read,
    "trust: secrets in changed fact lines of the new grammar": changed_fact_secrets,
}


def case_round11(tmp: Path, only: list[str] | None = None) -> dict[str, Any]:
    """The eleventh round, one verdict per case."""
    return run_cases(tmp / "r11", CASES, only, kill_servers_under)


if __name__ == "__main__":
    print_round("mdrecall-r11-", case_round11)
