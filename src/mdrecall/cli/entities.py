"""Entity and time commands: ``entities``, ``entity NAME``, ``history PATH``.

Each makes one library call (:meth:`mdrecall.Memory.entities`, :meth:`~mdrecall.Memory.entity`,
:meth:`~mdrecall.Memory.history`) and formats the result (:mod:`mdrecall.cli.output`).
"""

from __future__ import annotations

import sys
from datetime import datetime
from typing import Any

import click

from mdrecall.cli.app import command, open_memory, state
from mdrecall.cli.output import Listing, emit, shown, text_table
from mdrecall.text.textclean import one_line

__all__: list[str] = []

_KINDS = [
    "person", "project", "organisation", "place", "technology", "product", "pet", "work", "event", "tool",
    "unknown",
]  # fmt: skip
_ENTITY_COLUMNS = [
    "name", "kind", "mentions", "files", "firstSeen", "lastSeen", "aliases", "kindSource", "kindProbability",
]  # fmt: skip
#: The terminal table: where each kind came from beside it, a model's probability with its name.
_TABLE_COLUMNS = ["name", "kind", "kindSource", "mentions", "files", "firstSeen", "lastSeen", "aliases"]


def _source(row: dict[str, Any]) -> str:
    """Where a row's kind came from, for the terminal: "notes", "context model p 0.52", "" (unknown)."""
    p = row["kindProbability"]
    return (row["kindSource"] or "") + (f" p {p:.2f}" if p is not None else "")


@command("entities")
@click.option(
    "--kind", type=click.Choice(_KINDS), help="Only entities of this kind (tool: the old name of technology)."
)
@click.option("-n", "--limit", type=click.IntRange(0), default=0, help="Most entities to list (default all).")
def cmd_entities(kind: str | None, limit: int) -> int:
    """List the entities the memory files mention, with counts, first/last seen, and where each kind came
    from (kindSource: the notes, the name's shape, or a model's guess with its probability)."""
    with open_memory() as mem:
        rows = [e.to_dict() for e in mem.entities(kind, limit)]

    def human() -> None:
        if not rows:
            print("no entities")
            return
        shown = [{**r, "aliases": ", ".join(r["aliases"]), "kindSource": _source(r)} for r in rows]
        sys.stdout.write(text_table(_TABLE_COLUMNS, shown))

    listing = Listing({"entities": rows}, rows, columns=_ENTITY_COLUMNS, human=human, path_key=None)
    emit(listing, state().format)
    return 0


@command("entity")
@click.argument("name")
def cmd_entity(name: str) -> int:
    """Show one entity: a dated timeline of mentions, related entities, relationships."""
    with open_memory() as mem:
        detail = mem.entity(name)
    data = detail.to_dict()

    def human() -> None:
        aliases = f"  (also: {', '.join(data['aliases'])})" if data["aliases"] else ""
        counts = f"{data['mentions']} mentions in {data['files']} files"
        print(f"{data['name']} · {data['kind']} · {counts}{aliases}")
        print(f"kind: {detail.entity.kind_note()}")
        print("\ntimeline:")
        for t in data["timeline"]:
            print(f"  {t['day'] or 'undated':<10}  {one_line(t['citation']):<28}  {shown(t['text'])}")
        if data["relations"]:
            print("\nrelationships:")
            for r in data["relations"]:
                day = f"  ({r['day']})" if r["day"] else ""
                print(f"  {shown(r['text'])}  {one_line(r['citation'])}{day}")
        if data["related"]:
            print("\nseen with: " + ", ".join(f"{r['name']} ({r['sections']})" for r in data["related"]))

    columns = ["day", "path", "line", "citation", "text"]
    emit(Listing(data, data["timeline"], columns=columns, human=human), state().format)
    return 0


@command("history")
@click.argument("path")
@click.option("--grep", help="Only changed lines containing this text (case-insensitive).")
def cmd_history(path: str, grep: str | None) -> int:
    """Show how a memory file changed: lines added and removed, with dates (git, else the index)."""
    with open_memory() as mem:
        changes = [c.to_dict() for c in mem.history(path, grep)]

    def human() -> None:
        if not changes:
            print("no recorded changes")
            return
        for c in changes:
            when = datetime.fromisoformat(c["when"]).astimezone().strftime("%Y-%m-%d %H:%M")
            sign = "+" if c["kind"] == "added" else "-"
            rev = f" {c['rev']}" if c["rev"] else ""
            print(f"{when}{rev}  {sign} {one_line(c['citation'])}  {shown(c['text'])}")

    columns = ["when", "rev", "kind", "citation", "text"]
    emit(Listing({"path": path, "changes": changes}, changes, columns=columns, human=human), state().format)
    return 0
