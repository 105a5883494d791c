"""Do first names link, in every naming culture? A probe that depends on no labelled set.

For each naming culture of :data:`PEOPLE` and each way of introducing a person (:data:`SHAPES`: a people
page heading, an ``- Owner:`` label, prose, a table row, a chat stamp, lower-case speech-to-text, an email
signature), the probe writes a small workspace in a temporary folder: every person is introduced once by
their full name (a nickname stated once as ``Full Name (Nick)``), then named in three later daily logs by
the name they are called by alone (the given name, the part their culture uses, or the nickname). Two people
of each culture share the name they are called by: that name must link to neither. A place that is also
part of someone's name ("drove to Preston") must link to no person.

Per culture and per shape it counts links **right**, **wrong** (linked to another person, or a shared
name or a place linked to a person) and **missing** (not linked), and whether each full name was found
at all. Usage::

    python benchmarks/name_link_probe.py [--cultures english,korean] [--shapes heading,chat] [--show]

Prints the tables (``--show``: every miss) and writes ``benchmarks/results/name_link_probe.json``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Person:
    """A full name as written, the name the person is called by alone, and a nickname stated once."""

    full: str
    called: str
    nick: str | None = None

    @property
    def alone(self) -> str:
        """The name the notes use after the introduction."""
        return self.nick or self.called


def _p(full: str, called: str | None = None, nick: str | None = None) -> Person:
    return Person(full, called or full.split()[0], nick)


#: Per naming culture: people (the last two share the name they are called by) and places that are also a
#: part of someone's name. Invented names in each culture's customs; none comes from a labelled set.
PEOPLE: dict[str, tuple[list[Person], list[str]]] = {
    "english": (
        [
            _p("Harriet Cole", nick="Hattie"),
            _p("Martin Preston"),
            _p("Eleanor Whitcombe"),
            _p("Daniel Frost"),
            _p("Daniel Ashby"),
        ],
        ["Preston"],
    ),
    "irish": (
        [
            _p("Pádraig Ó Dálaigh", nick="Podge"),
            _p("Siobhán Keane"),
            _p("Ciarán Ennis"),
            _p("Niamh Brennan"),
            _p("Niamh Ní Fhloinn"),
        ],
        ["Ennis"],
    ),
    "spanish": (
        [
            _p("Francisco Molina Rey", nick="Paco"),
            _p("Javier Mendoza Ortega"),
            _p("María José Pardo Vidal", called="María José"),
            _p("Lucía Herrero Gil"),
            _p("Lucía Campos Soto"),
        ],
        ["Mendoza"],
    ),
    "portuguese": (
        [
            _p("José Carlos Ribeiro", nick="Zeca"),
            _p("Thiago Santos Barros"),
            _p("Luana Ferreira da Silva"),
            _p("Gabriel Souza"),
            _p("Gabriel Teixeira Lima"),
        ],
        ["Santos"],
    ),
    "yoruba_igbo": (
        [
            _p("Oluwaseun Adebayo", nick="Seun"),
            _p("Chinonso Okonkwo"),
            _p("Adewale Ogunleye"),
            _p("Ngozi Eze"),
            _p("Ngozi Umeh"),
        ],
        [],
    ),
    "kenyan": (
        [
            _p("Achieng Odhiambo"),
            _p("Kiprono Rotich"),
            _p("Wanjiru Kamau"),
            _p("Wanjiku Mwangi"),
            _p("Wanjiku Njoroge"),
        ],
        [],
    ),
    "indian_north": (
        [
            _p("Siddharth Chaturvedi", nick="Sid"),
            _p("Ananya Srivastava"),
            _p("Rohit Malhotra"),
            _p("Pooja Tiwari"),
            _p("Pooja Bhatnagar"),
        ],
        [],
    ),
    "indian_south": (
        [
            _p("K. Ramesh", called="Ramesh"),
            _p("S. Lakshmi", called="Lakshmi"),
            _p("Meenakshi Sundaram", nick="Meena"),
            _p("R. Karthik", called="Karthik"),
            _p("Karthik Subramanian"),
        ],
        [],
    ),
    "filipino": (
        [
            _p("Maria Lourdes Reyes", nick="Malou"),
            _p("Rodrigo Dela Cruz"),
            _p("Maricel Bautista"),
            _p("Jerome Villanueva"),
            _p("Jerome Pascual"),
        ],
        [],
    ),
    "chinese": (
        [
            _p("Lin Haoran", nick="Howard"),
            _p("Wang Xiuying", called="Xiuying"),
            _p("Chen Jianguo", called="Jianguo"),
            _p("Huang Meiling", called="Meiling"),
            _p("Zhou Meiling", called="Meiling"),
        ],
        [],
    ),
    "korean": (
        [
            _p("Kim Min-jun", called="Min-jun"),
            _p("Park Seo-yeon", called="Seo-yeon"),
            _p("Jung Hae-won", called="Hae-won"),
            _p("Lee Ji-hoon", called="Ji-hoon"),
            _p("Choi Ji-hoon", called="Ji-hoon"),
        ],
        [],
    ),
    "vietnamese": (
        [
            _p("Nguyễn Văn Minh", called="Minh"),
            _p("Phạm Quốc Bảo", called="Bảo"),
            _p("Đỗ Thu Trang", called="Trang"),
            _p("Trần Thị Hoa", called="Hoa"),
            _p("Lê Thị Hoa", called="Hoa"),
        ],
        [],
    ),
    "japanese": (
        [
            _p("Daisuke Fujimoto", nick="Dai"),
            _p("Haruka Sato"),
            _p("Kenji Nagano"),
            _p("Yuki Mori"),
            _p("Yuki Ishida"),
        ],
        ["Nagano"],
    ),
    "arabic": (
        [
            _p("Khalid bin Saeed al-Harthy"),
            _p("Fatima al-Zahrani"),
            _p("Mohammed Al-Sayed", nick="Hamoudi"),
            _p("Omar Haddad"),
            _p("Omar bin Rashid Al Nuaimi"),
        ],
        [],
    ),
    "maori": (
        [
            _p("Rangimārie Hohaia", nick="Rangi"),
            _p("Aroha Ngata"),
            _p("Wiremu Nelson"),
            _p("Mere Tawhiri"),
            _p("Mere Kingi"),
        ],
        ["Nelson"],
    ),
    "dutch": (
        [
            _p("Johannes ter Horst", nick="Hans"),
            _p("Pieter van der Berg"),
            _p("Femke de Vries"),
            _p("Sanne Bakker"),
            _p("Sanne van Dijk"),
        ],
        [],
    ),
    "russian": (
        [
            _p("Yekaterina Petrova", nick="Katya"),
            _p("Mikhail Sergeyevich Belov"),
            _p("Dmitri Ivanovich Sokolov"),
            _p("Anastasia Volkova"),
            _p("Anastasia Orlova"),
        ],
        [],
    ),
}

SHAPES = ("heading", "owner", "prose", "table", "chat", "lower", "signature")
_TOPICS = ["the roof", "the rota", "the grant", "the van", "the stall", "the audit", "the fair"]
_LATER = [
    "{c} sent over the new figures for {t}.",
    "Call with {c} about {t} went well.",
    "Still waiting on {c} to confirm {t}.",
]
_PLACE_LINES = ["Drove to {p} for the supplier visit.", "The warehouse in {p} opens at eight."]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "x"


def _intro(p: Person) -> str:
    return f"{p.full} ({p.nick})" if p.nick else p.full


def write_workspace(root: Path, people: list[Person], places: list[str], shape: str) -> None:
    """One workspace: each person introduced by ``shape``, then named alone in three later logs."""
    mem = root / "memory"
    mem.mkdir(parents=True)
    low = shape == "lower"
    files: dict[str, list[str]] = {}

    def add(path: str, line: str) -> None:
        files.setdefault(path, []).append(line.lower() if low else line)

    for i, p in enumerate(people):
        t = _TOPICS[i % len(_TOPICS)]
        if shape == "heading":
            page = f"# {_intro(p)}\n\nLooks after {t}. Reach through the front desk."
            add(f"people/{_slug(p.full)}.md", page)
        elif shape == "owner":
            add(f"projects/{_slug(t)}.md", f"# Fixing {t}\n\n- Owner: {_intro(p)}\n- Status: started")
        elif shape == "prose":
            add("memory/2026-03-02.md", f"Met {_intro(p)} from the clinic today to talk about {t}.")
        elif shape == "table":
            if "MEMORY.md" not in files:
                add("MEMORY.md", "# Contacts\n\n| Name | Looks after | Since |\n| --- | --- | --- |")
            add("MEMORY.md", f"| {_intro(p)} | {t} | 2025 |")
        elif shape == "chat":
            add("memory/2026-03-02.md", f"[{_intro(p)}] can we move the call about {t} to three?")
        elif shape == "lower":
            add("memory/2026-03-02.md", f"met {_intro(p)} at the market and we talked about {t}")
        elif shape == "signature":
            add(
                f"memory/2026-03-0{i + 2}.md",
                f"Pasted email about {t}:\n\nHi all, the notes for {t} are attached.\n\n"
                f"Kind regards,\n{_intro(p)}\nCoordinator, Harbour Clinic",
            )
    for day in range(3):
        path = f"memory/2026-03-1{day}.md"
        for i, p in enumerate(people):
            add(path, "- " + _LATER[(i + day) % 3].format(c=p.alone, t=_TOPICS[i % len(_TOPICS)]))
        for place in places:
            add(path, "- " + _PLACE_LINES[day % 2].format(p=place))
    for rel, lines in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _known(root: Path) -> dict[str, str]:
    from mdrecall import Config, Memory
    from mdrecall.knowledge.index import EntityIndex

    extra = sorted(p.name for p in root.iterdir() if p.is_dir() and p.name not in ("memory", ".mdrecall"))
    over = {
        "history": {"git": False},
        "index": {"sync_on_search": False},
        "extra_paths": extra,
        "embedding": {"provider": "none"},
    }
    mem = Memory.open(root, Config().merged(over))
    try:
        mem.index()
        return dict(EntityIndex(mem.store, mem.config.entities).known())
    finally:
        mem.close()


def score(known: dict[str, str], people: list[Person], places: list[str], low: bool) -> list[dict[str, Any]]:
    """One row per person and per place: what the name alone links to, and whether that is right."""
    from mdrecall.knowledge.mentions.extract import entity_key

    def key(name: str) -> str:
        return entity_key(name.lower() if low else name)

    roots = {p.full: known.get(key(p.full)) for p in people}
    person_roots = {r for r in roots.values() if r}
    rows: list[dict[str, Any]] = []
    for p in people:
        alone = key(p.alone)
        got = known.get(alone)
        linked = got if got in person_roots else None
        shared = sum(1 for q in people if q.alone == p.alone) > 1
        if shared:
            verdict = "wrong" if linked else "right"
        elif linked is not None and linked == roots[p.full]:
            verdict = "right"
        else:
            verdict = "wrong" if linked else "missing"
        rows.append(
            {
                "full": p.full,
                "alone": p.alone,
                "shared": shared,
                "full_found": roots[p.full] is not None,
                "linked_to": got,
                "verdict": verdict,
            }
        )
    for place in places:
        got = known.get(key(place))
        rows.append(
            {
                "full": None,
                "alone": place,
                "shared": False,
                "place": True,
                "full_found": True,
                "linked_to": got,
                "verdict": "wrong" if got in person_roots else "right",
            }
        )
    return rows


def _table(title: str, groups: dict[str, list[dict[str, Any]]]) -> list[str]:
    out = [f"{title:<14} right wrong missing  full names found  (shared / place right)"]
    for name, rows in groups.items():
        n = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("right", "wrong", "missing")}
        people = [r for r in rows if r["full"]]
        found = sum(r["full_found"] for r in people)
        guard = [r for r in rows if r["shared"] or r.get("place")]
        gr = sum(1 for r in guard if r["verdict"] == "right")
        out.append(
            f"{name:<14} {n['right']:>5} {n['wrong']:>5} {n['missing']:>7}  {found:>7}/{len(people):<8}"
            f"  {gr}/{len(guard)}"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cultures", default="", help="comma-separated cultures (default: all)")
    parser.add_argument("--shapes", default="", help="comma-separated introduction shapes (default: all)")
    parser.add_argument("--show", action="store_true", help="print every wrong or missing link")
    parser.add_argument("--out", default=str(ROOT / "results" / "name_link_probe.json"))
    args = parser.parse_args(argv)
    cultures = [c for c in args.cultures.split(",") if c] or list(PEOPLE)
    shapes = [s for s in args.shapes.split(",") if s] or list(SHAPES)
    rows: list[dict[str, Any]] = []
    start = time.process_time()
    for culture in cultures:
        people, places = PEOPLE[culture]
        for shape in shapes:
            with tempfile.TemporaryDirectory() as tmp:
                root = Path(tmp)
                write_workspace(root, people, places, shape)
                known = _known(root)
            for r in score(known, people, places, shape == "lower"):
                rows.append({"culture": culture, "shape": shape, **r})
    by_culture = {c: [r for r in rows if r["culture"] == c] for c in cultures}
    by_shape = {s: [r for r in rows if r["shape"] == s] for s in shapes}
    for line in [*_table("culture", by_culture), "", *_table("introduction", by_shape)]:
        print(line)
    n = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("right", "wrong", "missing")}
    print(f"\nall: right {n['right']}  wrong {n['wrong']}  missing {n['missing']}  of {len(rows)}")
    print(f"({time.process_time() - start:.1f} s CPU)")
    if args.show:
        for r in rows:
            if r["verdict"] != "right":
                full = r["full"] or "(place)"
                print(
                    f"  {r['verdict']:<7} {r['culture']:<12} {r['shape']:<9} {r['alone']!r} → "
                    f"{r['linked_to']} (full {full!r}{'' if r['full_found'] else ', NOT FOUND'})"
                )
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    summary = {"all": n, "rows": rows}
    out.write_text(json.dumps(summary, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
