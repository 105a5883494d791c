"""Entity lists in a file's leading ``---`` front matter: ``people: [a, b]``, ``tags: a, b`` or ``- a`` list
items under a key of a known kind. Pure."""

from __future__ import annotations

import re

_FRONT_KINDS = {
    "people": "person", "person": "person", "attendees": "person", "authors": "person",
    "tags": "unknown", "projects": "project", "project": "project", "organisations": "organisation",
    "organizations": "organisation", "orgs": "organisation", "company": "organisation",
    "places": "place", "place": "place", "location": "place", "tools": "technology",
    "technologies": "technology", "tech": "technology", "stack": "technology", "products": "product",
    "pets": "pet", "books": "work", "films": "work", "movies": "work", "events": "event",
}  # fmt: skip


def front_matter_end(lines: list[str]) -> int:
    """The 1-based line closing a leading ``---`` block, or 0."""
    if not lines or lines[0].strip() != "---":
        return 0
    for i in range(1, min(len(lines), 200)):
        if lines[i].strip() in ("---", "..."):
            return i + 1
    return 0


def front_matter_line(lines: list[str], i: int) -> list[tuple[str, str]]:
    """The ``(name, kind)`` pairs front-matter line ``i`` (0-based) lists under a key of a known kind."""
    line = lines[i]
    m = re.match(r"^([A-Za-z_]+)\s*:\s*(.*)$", line)
    if m:
        kind = _FRONT_KINDS.get(m.group(1).lower())
        value = m.group(2).strip()
        if kind is None or not value:
            return []
        return [(v, kind) for v in _split_list(value)]
    item = re.match(r"^\s+-\s+(.+)$|^-\s+(.+)$", line)
    if not item:
        return []
    for j in range(i - 1, 0, -1):  # the key this list item belongs to
        km = re.match(r"^([A-Za-z_]+)\s*:\s*$", lines[j])
        if km:
            kind = _FRONT_KINDS.get(km.group(1).lower())
            return [(v, kind) for v in _split_list(item.group(1) or item.group(2))] if kind else []
        if not re.match(r"^\s+-\s|^-\s", lines[j]):
            return []
    return []


def _split_list(value: str) -> list[str]:
    value = value.strip().strip("[]")
    parts = [p.strip().strip("'\"").lstrip("#@").strip() for p in value.split(",")]
    return [re.sub(r"^\[\[|\]\]$", "", p) for p in parts if p]
