"""Names a file marks as names (for :func:`mdrecall.knowledge.mentions.extract.extract_entities`): the lists
of its leading front matter, ``[[wiki links]]``, ``@names`` and speaker labels opening a line (``**Dana**:``,
``Dana: ...``). Read first; the links and @names are then blanked out of the text the later passes read."""

from __future__ import annotations

from collections import Counter

from mdrecall.knowledge.lexicon.log_marks import page_address
from mdrecall.knowledge.lexicon.mention_patterns import AT_MENTION, LABEL_STOP, SPEAKERS, WIKI_LINK
from mdrecall.knowledge.mentions.file_scan import FileScan
from mdrecall.knowledge.mentions.front_matter import front_matter_end, front_matter_line
from mdrecall.knowledge.mentions.lower_labels import add_lower_labels
from mdrecall.knowledge.mentions.mention_readers import blank_out
from mdrecall.knowledge.mentions.speaker_labels import chat_name, person_label

__all__ = ["add_marked"]


def add_marked(scan: FileScan) -> None:
    """Add the front matter's names, wiki links, @names and speakers to ``scan``; the front matter's lines
    are skipped by every later pass."""
    _add_front_matter(scan)
    if "[[" in scan.text:
        _add_wiki_links(scan)
    if "@" in scan.text:
        _add_at_names(scan)
    if ":" in scan.text:
        _add_speakers(scan)
        add_lower_labels(scan)


def _add_front_matter(scan: FileScan) -> None:
    """``people:``/``tags:``/... lists of a leading ``---`` block, each of the kind its key tells."""
    lines = scan.lines
    front_end = front_matter_end(lines)
    for i in range(front_end):
        if i not in scan.skip:
            for name, kind in front_matter_line(lines, i):
                scan.add(i, name, kind, "front_matter")
    if front_end:
        scan.skip = scan.skip | set(range(front_end))


def _add_wiki_links(scan: FileScan) -> None:
    """``[[Name]]`` and ``[[Name|label]]``: the target is the name, of no kind told; not a target written as
    a page's address (``[[people/declan]]``: :func:`~mdrecall.knowledge.lexicon.log_marks.page_address`)."""
    for m in WIKI_LINK.finditer(scan.text):
        i = scan.line_of(m.start())
        name = " ".join(m.group(1).split())
        if name and i not in scan.skip and not page_address(name):
            scan.add(i, name, "unknown", "wiki")
    scan.plain = WIKI_LINK.sub(blank_out, scan.plain)


def _add_at_names(scan: FileScan) -> None:
    """``@name`` (not an e-mail address): a person."""
    for m in AT_MENTION.finditer(scan.text):
        i = scan.line_of(m.start())
        if i not in scan.skip:
            scan.add(i, m.group(1), "person", "mention")
    scan.plain = AT_MENTION.sub(blank_out, scan.plain)


def _add_speakers(scan: FileScan) -> None:
    """A speaker label opening a line: a bold one always, a plain one where it reads as a person's
    (:func:`~.speaker_labels.person_label`); the line's text then starts after it (:attr:`FileScan.body`)."""
    text = scan.text
    labels = [
        (sm, (sm.group("b") or sm.group("p") or "").strip())
        for sm in SPEAKERS.finditer(text)
        if (i := scan.line_of(sm.start())) not in scan.skip and i not in scan.heads
    ]
    repeated = Counter(name for sm, name in labels if sm.group("p"))
    for sm, name in labels:
        if not name or name.lower() in LABEL_STOP or len(name.split()) > 3 or not name[0].isupper():
            continue
        if sm.group("b") or (sm.group("c") and chat_name(name)) or person_label(name, repeated[name], text):
            i = scan.line_of(sm.start())
            scan.add(i, name, "person", "speaker")
            scan.body[i] = sm.end()
