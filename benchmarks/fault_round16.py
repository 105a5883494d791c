"""The sixteenth round of the fault campaign, on what merged in session 22 (since 3a041be): the supersession
passes of ends told (``knowledge/changes/end_pairs.py``: a trouble resolved, ``resolved_pairs.py``; a role's
holder gone, ``role_end_pairs.py``; a weekly slot moved, ``weekday_pairs.py``), forms of address and
honorifics (``knowledge/aliases/kin_names.py``, ``address_words.py``, ``suffixed_names.py``), adjectives of
places, names of a kind and firms' towns (``place_adjectives.py``, ``kind_names.py``, ``firm_sites.py``),
months as a label's value and dates compared (``text/date_phrases/label_months.py``,
``text/date_phrases/compared_dates.py``), recurring days and plans told by "would", the ``who`` stage and its
cached mentions (``search/person_answers.py``) and the class stage's extra keyword fetch
(``search/class_answers.py``). Cases are in no issue and no test; each ends in one verdict
(``fault_kit.verdict``). Auto-start is off throughout.

A note case is round 13's (a dated log and an undated page of 100 KB and 1 MB, indexed, its views built,
questions asked, timed by CPU seconds) with this round's questions: a defect when the 1 MB note takes more
than :data:`fault_round10.NOTE_LIMIT_S` for a step or grows more than linearly. Trust (design.md 17): a
secret or a local-only line reaching an agent through the ``who`` stage's lift, a supersession mark the new
passes make, or a form of address; instructions planted in roster rows and kin names. Run: ``python
benchmarks/faults.py --only round16`` (or this file alone, with case-name filters)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

import fault_round13 as r13
import fault_round15 as r15
from fault_kit import QUIET_ENV, Recorder, print_round, run, run_cases, verdict
from fault_round6 import kill_servers_under
from fault_round8 import _make, _plain, remember_then_index
from fault_round11 import QUERY_LIMIT_S, _names, _rep
from fault_round13 import _timed
from fault_round14 import _distinct

#: The questions a note case asks: a role handed on, a repair, a slot now, a class.
QUESTIONS = (
    "who took over as treasurer",
    "who fixed the pump",
    "when is training now",
    "what breed is Biscuit",
)


def _one_line(n: int) -> str:
    unit = (
        "Treasurer: Ana Lind; Ana Lind is out; the pump is down, waiting for a part; pump fixed; "
        "training Tuesdays & Thursdays, moved to Mon & Wed now; Tita Ana and Lind-san came; "
    )
    return "- " + unit * (n // len(unit))


LINES: dict[str, Callable[[int], str | bytes]] = {
    "'Treasurer: X' rosters and 'X is stepping down', distinct": _distinct(
        lambda i, n: (
            f"- Treasurer {i}: {n}\n- {n.split()[0]} is stepping down; "
            f"{n.split()[1]} takes over as coach from {n.split()[0]}\n| {n} | contractor |\n"
        )
    ),
    "'the X pump is down' … 'Y repaired the X pump' troubles and repairs": _distinct(
        lambda i, n: (
            f"- the {n.split()[1].lower()} pump is down, waiting for a part\n"
            f"- {n.split()[0]} repaired the {n.split()[1].lower()} pump; back to normal\n"
        )
    ),
    "'X training: Tuesdays & Thursdays' … 'moved: Mon & Wed' weekday slots": _distinct(
        lambda i, n: (
            f"- {n.split()[1]} training: Tuesdays & Thursdays 16:30\n"
            f"- {n.split()[1]} training moved: Mon & Wed from now on\n"
        )
    ),
    "50,000 short lines of holders, ends, troubles and slots": _rep(
        "- Kit: Ana\n- Ana is out\n- pump down\n- pump fixed\n- Tue & Thu\n- moved: Mon\n"
    ),
    "one 1 MB line of holders, ends, troubles, slots and forms of address": _one_line,
    "'Tita X', 'X-san', 'Kuya X' forms of address, distinct": _distinct(
        lambda i, n: (
            f"Tita {n.split()[0]} and {n.split()[1]}-san came; Kuya {n.split()[0]} met {n} "
            f"and Ate {n.split()[1]}; {n.split()[0]}-chan waved. "
        )
    ),
    "a given name shared by thousands, with forms of address": _distinct(
        lambda i, n: f"- Ramil {n.split()[1]} came; Kuya Ramil and Ramil-san waved; Tito Ramil too.\n"
    ),
    "firms' towns, place adjectives, names of a kind": _distinct(
        lambda i, n: (
            f"works at {n.split()[1]} Labs, {n.split()[0]}; a scruffy Jack Russell who barks; "
            f"South Indian and Maharashtrian thali; two {n.split()[0]}s on the list. "
        )
    ),
    "label months, compared dates, recurring days, 'would'": _rep(
        "- Renewal: March, tbc\n- Owner: June\n- same price list as 2026; Same order as February.\n"
        "- she'd drop the keys round on Friday; would go every other Tuesday, the 2nd and 4th Monday\n"
    ),
}


def _note_case(make: Callable[[int], str | bytes]) -> Callable[[Path], dict[str, str]]:
    """Round 13's note case with this round's questions."""
    return r13._note_case(make, QUESTIONS)


# ---- questions reaching the who and class stages ---------------------------------------------------------


def _who_workspace(root: Path, notes: int) -> Path:
    """``notes`` notes, each naming people beside hens, pumps and rosters, and a class page."""
    names = _names(notes * 3)
    files = {
        f"memory/2026-0{1 + i % 9}-{1 + i % 28:02d}-n{i}.md": (
            f"# day {i}\n\n- {names[3 * i]} feeds the hens while we're away\n"
            f"- the hens stopped laying; {names[3 * i + 1]} said Biscuit barked\n"
            f"- Treasurer: {names[3 * i + 2]}\n"
        )
        for i in range(notes)
    }
    files["memory/notes/pets.md"] = "# Pets\n\n" + "".join(f"- line {j}\n" for j in range(40))
    files["memory/notes/pets.md"] += "- Biscuit, a British Shorthair\n"
    return _make(root, files)


def _questions() -> list[str]:
    names = _names(3000)
    return [
        "who " + "feeds the hens " * 1400,
        "who feeds " + " ".join(names) + "?",
        "to whom " * 2500 + "did we give the hens",
        "what breed is " + "Biscuit" * 2800,
        "what breed is " + "B" * 20_000,
        "what breed is " + " ".join(f"{n.split()[0]}" for n in names),
        "who took over as treasurer from " + " ".join(names[:2500]),
    ]


def huge_questions(tmp: Path) -> dict[str, str]:
    """Questions of about 20 KB reaching the ``who`` stage and the class stage's keyword fetch, on 300
    notes naming people: each answers plainly within :data:`QUERY_LIMIT_S` of CPU."""
    ws = _who_workspace(tmp / "ws", 300)
    worst, said = 0.0, []
    for q in _questions():
        r, took = _timed("-w", str(ws), "search", *r13._LOW, q)
        why = _plain(r, (0, 1))
        if why:
            return verdict("unclear", f"{q[:40]!r}: {why}")
        worst = max(worst, took)
        said.append(f"{took:.2f}")
    kind = "converged" if worst < QUERY_LIMIT_S else "unclear"
    return verdict(kind, f"{len(said)} questions, worst {worst:.2f} s CPU (each: {', '.join(said)})")


#: Names the keyword index's query language reads as operators or breaks on.
HOSTILE = ("NOT", "NEAR", "AND", "OR", 'Bis"cuit', "Bis*", "Bis^cuit", "O'Brien", "Ça", "Bis-NOT", "Biscuit:")


def hostile_class_names(tmp: Path) -> dict[str, str]:
    """ "what breed is NOT", "what breed is NEAR", quotes, stars, colons: the class stage's keyword fetch
    answers each plainly (exit 0 or 1, no traceback) and still finds the class line of a plain name."""
    ws = _who_workspace(tmp / "ws", 40)
    extra = "".join(f"- {h}, a whippet\n" for h in HOSTILE)
    (ws / "memory" / "notes" / "odd.md").write_text("# Odd\n\n" + extra)
    i = run("-w", str(ws), "index")
    if _plain(i):
        return verdict("unclear", f"index: {_plain(i)}")
    for name in HOSTILE:
        r = run("-w", str(ws), "search", f"what breed is {name}")
        if _plain(r, (0, 1)):
            return verdict("unclear", f"{name!r}: {_plain(r, (0, 1))}")
    r = run("-w", str(ws), "--json", "search", "what breed is Biscuit")
    if _plain(r, (0, 1)):
        return verdict("unclear", f"Biscuit: {_plain(r, (0, 1))}")
    hits = json.loads(r.stdout or b"{}").get("results", [])
    top = [h.get("path", "") for h in hits[:3]]
    found = any("pets" in p for p in top)
    return verdict(
        "converged" if found else "unclear", f"{len(HOSTILE)} names answered; Biscuit's page {top}"
    )


# ---- the who stage's cached mentions in a process that holds the workspace ---------------------------------

_WHO_HELD = r"""
import json, subprocess, sys
from pathlib import Path
from mdrecall import Memory
from mdrecall.config.settings import Config
ws = Path(sys.argv[1])
q = "who feeds the hens"
def top(mem):
    return [(h.citation, h.snippet) for h in mem.search(q, max_results=5, min_score=0.0, explain=True)]
def fresh():
    args = [sys.executable, "-m", "mdrecall", "-w", str(ws), "--json", "search", "--min-score", "0"]
    args += ["-n", "5", q]
    got = json.loads(subprocess.run(args, capture_output=True).stdout)["results"]
    return [(h["citation"], h["snippet"]) for h in got]
with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
    mem.index()
    out = {"first": [top(mem), fresh()]}
    page = ws / "memory" / "notes" / "hens.md"
    new = "# Hens\n\n- the hens are fed at six\n\n- Zorvath Quellin feeds the hens while we're away\n"
    page.write_text(new)
    mem.index()
    out["edited"] = [top(mem), fresh()]
    forget = ["forget", "--text", "zzgonezz", "-i", "--yes"]
    r = subprocess.run([sys.executable, "-m", "mdrecall", "-w", str(ws), *forget], capture_output=True)
    mem.index()
    out["forgot"] = [top(mem), fresh()]
    out["forget_rc"] = r.returncode
print(json.dumps(out))
"""


def who_cache_held(tmp: Path) -> dict[str, str]:
    """A process holding the workspace asks "who feeds the hens", the page naming the feeder is rewritten
    (another person, on another line), then a line naming a third is forgotten: after each, the held
    process answers as a fresh one does (its cached mentions read anew), and the forgotten line is never
    shown."""
    ws = _make(
        tmp / "ws",
        {
            "memory/notes/hens.md": "# Hens\n\n- Kalomi Nerusa feeds the hens while we're away\n",
            "memory/2026-03-01.md": "# 2026-03-01\n\n- Tresil Varomar feeds the hens, zzgonezz\n",
            **{
                f"memory/2026-02-{d:02d}.md": f"# x\n\n- the hens stopped laying again {d}\n"
                for d in range(1, 20)
            },
        },
    )
    env = {**os.environ, **QUIET_ENV}
    r = subprocess.run([sys.executable, "-c", _WHO_HELD, str(ws)], capture_output=True, timeout=600, env=env)
    if r.returncode != 0:
        return verdict("unclear", r.stderr.decode()[-300:])
    got = json.loads(r.stdout.decode().strip().splitlines()[-1])
    if got["forget_rc"] != 0:
        return verdict("unclear", "forget rc " + str(got["forget_rc"]))
    if any("zzgonezz" in t for _, t in got["forgot"][0] + got["forgot"][1]):
        return verdict("failed", f"a forgotten line shown again: {got['forgot']}")
    for step in ("first", "edited", "forgot"):
        held, new = ([c for c, _ in hits] for hits in got[step])
        if held != new:
            return verdict("failed", f"{step}: the held process answers {held[:3]}, a fresh one {new[:3]}")
    return verdict(
        "converged", "held = fresh after an edit and a forget: " + ", ".join(got["edited"][0][0][:1])
    )


# ---- trust ---------------------------------------------------------------------------------------------

LIVE = r15.LIVE
PLANT = r15.PLANT


def _per_prompt(injected: str) -> list[str]:
    """The lines each per-prompt hook injected."""
    out = []
    for line in injected.splitlines():
        with suppress(ValueError):
            said = json.loads(line).get("hookSpecificOutput", {})
            if said.get("hookEventName") == "UserPromptSubmit":
                out += said.get("additionalContext", "").splitlines()
    return out


def local_through_new_passes(tmp: Path) -> dict[str, str]:
    """Local-only sections that end a role, resolve a trouble, move a slot, name a feeder beside the hens
    and write a form of address, under a remote embedder that records what it is sent, with questions the
    ``who`` stage lifts and supersession marks answer: nothing local is sent or injected."""
    rec = Recorder()
    try:
        ws = _make(
            tmp / "ws",
            {
                "memory/notes/club.md": (
                    "# Club\n\n- Treasurer: Kalomi Nerusa\n- Junior training: Tuesdays & Thursdays 16:30\n"
                    "- the boat trailer is broken, waiting for a part\n- the hens are fed at six\n"
                ),
                "memory/2026-05-09.md": (
                    "# 2026-05-09\n\n## Club <!-- local-only -->\n\n"
                    "- Kalomi Nerusa is stepping down zzlocalzz\n"
                    "- Junior training moved: Mon & Wed from now on zzlocalzz\n"
                    "- Dougie repaired the boat trailer zzlocalzz\n"
                    "- Tita Zzlocalname feeds the hens while we're away; Zzlocalname-san too zzlocalzz\n"
                ),
                "memory/2026-06-01.md": (
                    "---\nprivacy: local\n---\n# 2026-06-01\n\n- Kuya Zzfrontname feeds the hens zzfrontzz\n"
                ),
                ".mdrecall.toml": rec.config,
            },
        )
        i = run("-w", str(ws), "index", env=rec.env)
        if _plain(i):
            return verdict("unclear", f"index: {_plain(i)}")
        questions = ["who feeds the hens", "who is the treasurer", "when is junior training", "boat trailer"]
        for args in (("entities",), *(("search", q) for q in questions)):
            r = run("-w", str(ws), *args, env=rec.env)
            if _plain(r, (0, 1)):
                return verdict("unclear", f"{args[0]}: {_plain(r, (0, 1))}")
        injected = r15._hooks(ws, questions)
        sent = rec.received()
    finally:
        rec.close()
    words = ("zzlocalzz", "zzlocalname", "zzfrontzz", "zzfrontname")
    leaks = [w for w in words if w in sent.lower() or w in injected.lower()]
    if leaks:
        return verdict("failed", f"local-only text sent or injected: {leaks}")
    return verdict("converged", f"{len(rec.texts)} texts to the embedder, none local; nothing local injected")


def keys_through_new_passes(tmp: Path) -> dict[str, str]:
    """Keys in lines that end a role, resolve a trouble, name a feeder and a form of address ("Kuya <key>",
    "<key>-san"), through ``remember``: no CLI output, hook, MCP tool result or web page shows one."""
    ws = _make(
        tmp / "ws", {"memory/notes/club.md": "# Club\n\n- Treasurer: Kalomi Nerusa\n- the gate is broken\n"}
    )
    why = remember_then_index(
        ws,
        (
            f"Kalomi Nerusa is stepping down; {LIVE} takes over as treasurer from Kalomi",
            f"Dougie repaired the gate, the new code is {LIVE}",
            f"Kuya {LIVE} feeds the hens; {LIVE}-san and Tita {LIVE} too",
        ),
    )
    if why:
        return verdict("unclear", why)
    shown, why = r15._everything(
        ws, ["Kalomi Nerusa", "Dougie"], ["who feeds the hens", "who is the treasurer", "gate code"]
    )
    if why:
        return verdict("unclear", why)
    if LIVE[8:24] in shown:
        return verdict("failed", "a key shown")
    return verdict("converged", f"no key in {len(shown) // 1000} KB of output")


def planted_rosters(tmp: Path) -> dict[str, str]:
    """Instructions planted as a roster's row, a holder's label, a form of address and a suffixed name,
    with a role end and a who question: every line the per-prompt hook injects is cited."""
    ws = _make(
        tmp / "ws",
        {
            "memory/notes/team.md": (
                f"# Team\n\n| Name | Role |\n|---|---|\n| {PLANT} | treasurer |\n"
                "| Kalomi Nerusa | coach |\n\n"
                f"- Treasurer: {PLANT}\n- Tita Disregard-Safety feeds the hens; Override-san and Kuya "
                "System Prompt help\n"
            ),
            "memory/2026-05-01.md": (
                f"# 2026-05-01\n\n- {PLANT} is stepping down; Kalomi Nerusa takes over as treasurer\n"
                "- Kuya Ignore feeds the hens while we're away\n"
            ),
        },
    )
    i = run("-w", str(ws), "index")
    if _plain(i):
        return verdict("unclear", f"index: {_plain(i)}")
    questions = ["who is the treasurer", "who feeds the hens", f"who is {PLANT}"]
    lines = _per_prompt(r15._hooks(ws, questions))
    bad = [ln for ln in lines if ln.startswith("- ") and not re.match(r"- \[[^\]]+#L\d", ln)]
    if bad:
        return verdict("failed", f"uncited injected lines: {bad[:2]}")
    return verdict("converged", f"{len(lines)} injected lines, all entries cited")


CASES: dict[str, Callable[[Path], dict[str, str]]] = {
    **{f"1 MB note: {name}": _note_case(make) for name, make in LINES.items()},
    "question: 20 KB questions reaching the who and class stages": huge_questions,
    "question: class names the keyword query language reads as operators": hostile_class_names,
    "who: cached mentions after an edit and a forget in a held process": who_cache_held,
    "trust: local-only ends, slots, feeders and forms of address": local_through_new_passes,
    "trust: keys in role ends, repairs and forms of address": keys_through_new_passes,
    "trust: planted instructions in roster rows and kin names": planted_rosters,
}


def case_round16(tmp: Path, only: list[str] | None = None) -> dict[str, Any]:
    """The sixteenth round, one verdict per case."""
    return run_cases(tmp / "r16", CASES, only, kill_servers_under)


if __name__ == "__main__":
    print_round("mdrecall-r16-", case_round16)
