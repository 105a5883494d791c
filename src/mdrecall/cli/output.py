"""Output of the ``mdrecall`` command: one payload, written in the format the user asked for.

* ``json``: the payload with ``"version": SCHEMA_VERSION`` first (the stable contract, docs/cli.md);
* ``jsonl``: one JSON object per row; ``csv`` and ``md``: the rows as a table with a header;
* ``files``: each distinct path once, one a line (for ``xargs``; a path with a control character, such as
  a newline, or starting with ``"`` is written as a JSON string, so one line is always one path);
  ``files0``: the raw paths, each ended by NUL (for ``xargs -0``); ``table``: the command's own layout.

Notes, warnings and progress go to stderr and are silenced by ``--quiet``; JSON is never coloured.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import click

from mdrecall.cli.served import served
from mdrecall.text.textclean import one_line

__all__ = ["SCHEMA_VERSION", "Listing", "emit", "highlight", "note", "print_json", "shown", "warn"]

#: Version of the JSON output contract; raised only when a field changes meaning or goes away.
SCHEMA_VERSION = 1


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: What a terminal acts on: C0 and C1 control characters but tab and newline (ESC starts a colour, a
#: title change or a hyperlink; U+009B is a one-byte ESC [).
_TERMINAL_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def shown(text: str) -> str:
    """``text`` safe on a terminal: each control character but tab and newline becomes U+FFFD. Memory
    is untrusted (a captured web page may hold ``ESC ] 0;title BEL``); JSON keeps the text exact."""
    return _TERMINAL_CONTROL.sub("\ufffd", text)


def _one_line(path: str) -> str:
    """``path`` as one line: as is, or as a JSON string when it holds a control character (a newline)
    or starts with ``"`` (so a quoted line is never a real name)."""
    if _CONTROL.search(path) or path.startswith('"'):
        return json.dumps(path, ensure_ascii=False)
    return path


def print_json(data: Any) -> None:
    """Pretty JSON on stdout, always valid UTF-8: a lone surrogate (an undecodable file name or
    argument) becomes U+FFFD."""
    from mdrecall.text.textclean import clean_text

    sys.stdout.write(clean_text(json.dumps(data, ensure_ascii=False, indent=2)) + "\n")


class Listing:
    """What a command prints: the JSON payload, its rows (for jsonl/csv/md/files) and a human layout."""

    def __init__(
        self,
        payload: Mapping[str, Any],
        rows: Sequence[Mapping[str, Any]] | None = None,
        columns: Sequence[str] | None = None,
        human: Callable[[], None] | None = None,
        path_key: str | None = "path",
    ) -> None:
        self.payload = payload
        self.rows = list(rows) if rows is not None else [payload]
        self.columns = list(columns) if columns else _columns(self.rows)
        self.human = human
        self.path_key = path_key


def _columns(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    cols: list[str] = []
    for r in rows:
        cols += [k for k in r if k not in cols]
    return cols


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, (dict, list, tuple)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def emit(listing: Listing, fmt: str | None) -> None:
    """Write ``listing`` to stdout in ``fmt`` (``None`` means ``table``)."""
    fmt = fmt or "table"
    if fmt == "json":
        print_json({"version": SCHEMA_VERSION, **listing.payload})
    elif fmt == "jsonl":
        for row in listing.rows:
            sys.stdout.write(json.dumps(dict(row), ensure_ascii=False) + "\n")
    elif fmt == "csv":
        import csv

        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(listing.columns)
        for row in listing.rows:
            out.writerow([_cell(row.get(c)) for c in listing.columns])
    elif fmt == "md":
        sys.stdout.write(markdown_table(listing.columns, listing.rows))
    elif fmt in ("files", "files0"):
        if listing.path_key is None:
            raise click.UsageError("this command lists no files: use --format table, json, jsonl, csv or md")
        seen: dict[str, None] = {}
        for row in listing.rows:
            if row.get(listing.path_key):
                seen.setdefault(str(row[listing.path_key]), None)
        for path in seen:
            sys.stdout.write(path + "\0" if fmt == "files0" else _one_line(path) + "\n")
    elif listing.human is not None:
        listing.human()
    else:
        sys.stdout.write(text_table(listing.columns, listing.rows))


def markdown_table(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> str:
    """A GitHub-flavoured Markdown table (pipes and newlines in cells escaped)."""

    def esc(v: Any) -> str:
        return _cell(v).replace("|", "\\|").replace("\n", "<br>")

    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(esc(r.get(c)) for c in columns) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def text_table(columns: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> str:
    """Aligned columns for a terminal, numbers right-aligned."""
    cells = [
        [one_line(_cell(r.get(c))) for c in columns] for r in rows
    ]  # a row is one line, whatever a name holds
    widths = [max([len(c), *(len(row[i]) for row in cells)]) for i, c in enumerate(columns)]
    numeric = [all(isinstance(r.get(c), (int, float)) for r in rows if r.get(c) is not None) for c in columns]

    def line(values: Sequence[str]) -> str:
        parts = [v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric, strict=True)]
        return "  ".join(parts).rstrip()

    return "\n".join([line(columns), *(line(r) for r in cells)]) + "\n"


def note(message: str, *, quiet: bool) -> None:
    """A note on stderr (``mdrecall: note: …``) unless ``--quiet``."""
    if not quiet:
        sys.stderr.write(f"mdrecall: note: {one_line(shown(message))}\n")


def warn(message: str, *, quiet: bool) -> None:
    """A warning on stderr unless ``--quiet``."""
    if not quiet:
        sys.stderr.write(
            f"mdrecall: warning: {one_line(shown(message))}\n"
        )  # one line, whatever a name holds


def colour_enabled() -> bool:
    """Colour only on a terminal, and never when ``NO_COLOR`` is set (https://no-color.org)."""
    held = served()
    return not (held.no_color if held is not None else os.environ.get("NO_COLOR"))


def highlight(text: str, terms: Sequence[str]) -> str:
    """``text`` (made :func:`shown`) with each query term in bold yellow; :func:`click.echo` strips the
    colour off a terminal."""
    text = shown(text)
    words = sorted({t for t in terms if t and len(t) > 1}, key=len, reverse=True)
    if not words or not colour_enabled():
        return text
    pattern = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)
    return pattern.sub(lambda m: click.style(m.group(0), fg="yellow", bold=True), text)
