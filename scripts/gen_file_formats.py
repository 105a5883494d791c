"""Write ``src/mdrecall/knowledge/data/file_formats.txt``: the file formats a note names by their extension
in capitals ("exports as CSV", "record WAV, master to MP3").

The table is the Python standard library's own map of file extensions to media types
(``mimetypes.MimeTypes``; the built-in table only, no system file is read). A media type's preferred
extension (``guess_extension``: ".mp3" for audio/mpeg, not ".mpa") is kept when the type is text, an image,
sound or video (a document, a picture, a recording: not an archive's or a program's type, whose extensions
are more often other initials: "SRC", "ODA"), it is 3-5 letters or digits opening with a letter, and its
capitals are no ordinary abbreviation or word (``acronym_slots.plain_initials``: "PDF" and "ZIP" are words
of the embedder's vocabulary, "TAR" and "DOC" English words): those initials are read as they were
before. Run it when the rule changes::

    python scripts/gen_file_formats.py
"""

from __future__ import annotations

import argparse
import mimetypes
import re
from pathlib import Path

from mdrecall.knowledge.mentions.acronym_slots import plain_initials

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "file_formats.txt"
_MEDIA = frozenset({"text", "image", "audio", "video"})
_SHAPE = re.compile(r"[A-Z][A-Z0-9]{2,4}")
_NOTICE = """\
# File formats named by their extension in capitals (scripts/gen_file_formats.py): the extensions of the
# Python standard library's built-in media-type table (mimetypes): the preferred extension of each text,
# image, sound and video type, 3-5 letters or digits, less the ordinary abbreviations and words
# (acronym_slots.plain_initials). One a line.
"""


def formats() -> list[str]:
    """The kept extensions, in capitals, sorted."""
    table = mimetypes.MimeTypes(filenames=())
    types = {t for strict in table.types_map for t in strict.values() if t.split("/")[0] in _MEDIA}
    found = {ext[1:].upper() for t in types if (ext := table.guess_extension(t))}
    return sorted(w for w in found if _SHAPE.fullmatch(w) and not plain_initials(w))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    out = parser.parse_args().out
    out.write_text(_NOTICE + "".join(f"{w}\n" for w in formats()), encoding="utf-8")
    print(f"{out}: {len(formats())} formats")


if __name__ == "__main__":
    main()
