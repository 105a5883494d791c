"""Redaction's false positives on ordinary text: how many lines ``redact()`` changes that hold no secret.

The corpus is assembled, not shipped:

* ``docs``: the repository's own Markdown (``README.md``, ``CHANGELOG.md``, ``docs/**/*.md``), except
  ``docs/security.md``, which is a catalogue of secret shapes;
* ``fixtures``: the Markdown the tests write (multi-line string constants in ``tests/**/*.py`` that hold
  a heading or a list item), except the redaction, capture-trust and privacy tests, which plant secrets;
* ``locomo``: every conversation turn of ``/work/shared/datasets/locomo-dev`` (``--locomo``), when present;
* ``identifiers``: what must always survive, in sentences that name a secret word: this checkout's
  commit hashes (full and short), UUIDs, the repository's file paths, the installed packages' versions,
  and the ``http(s)`` URLs of the docs (none holds a credential).

For each source it prints the lines, the lines changed and the rate, the kinds that fired, and the
changed lines themselves (``--show``). ``identifiers`` must change 0 lines.

Usage: ``python benchmarks/redaction_fp.py [--locomo DIR] [--show 20]
[--out benchmarks/results/redaction_fp.json]``.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
import uuid
from collections import Counter
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCOMO = Path("/work/shared/datasets/locomo-dev")
_PLANTED = ("redact", "trust", "privacy", "injection", "agent_helpers", "fault")
_MD = re.compile(r"(?m)^(?:#{1,6} |[-*] |\d+\. )")
_URL = re.compile(r"https?://[^\s)>\]`\"']+")


def _lines(texts: Iterable[str]) -> list[str]:
    return [ln for t in texts for ln in t.splitlines() if ln.strip()]


def docs() -> list[str]:
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return _lines(p.read_text(encoding="utf-8") for p in files if p.is_file() and p.name != "security.md")


def fixtures() -> list[str]:
    out: list[str] = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if any(w in path.name for w in _PLANTED):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and "\n" in text and _MD.search(text):
                out.append(text)
    return _lines(out)


def locomo(folder: Path) -> list[str]:
    path = folder / "locomo-dev.json"
    if not path.is_file():
        return []
    turns = []
    for conv in json.loads(path.read_text(encoding="utf-8")):
        for key, value in conv["conversation"].items():
            if key.startswith("session_") and isinstance(value, list):
                turns += [t["text"] for t in value] + [
                    t["blip_caption"] for t in value if t.get("blip_caption")
                ]
    return _lines(turns)


def identifiers() -> list[str]:
    git = ["git", "-C", str(ROOT)]
    hashes = subprocess.run(
        [*git, "rev-list", "--all", "-n", "300"], capture_output=True, text=True
    ).stdout.split()
    paths = subprocess.run([*git, "ls-files"], capture_output=True, text=True).stdout.split()
    versions = sorted({f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions()})
    urls = sorted({u.rstrip(".,;:") for t in docs() for u in _URL.findall(t)})
    words = ("key", "token", "secret", "password", "credential", "auth")
    out = []
    for i, h in enumerate(hashes):
        out.append(f"the {words[i % 6]} fix is commit {h} (short {h[:7]}, {h[:12]})")
    for i in range(300):
        one, two = uuid.uuid5(uuid.NAMESPACE_URL, str(i)), uuid.uuid5(uuid.NAMESPACE_DNS, str(i))
        out.append(f"{words[i % 6]} id {one} and {two.hex}")
    out += [f"the {words[i % 6]} code is in {p} (see ./{p})" for i, p in enumerate(paths)]
    out += [f"pin the {words[i % 6]} library: {v}" for i, v in enumerate(versions)]
    out += [f"{words[i % 6]} docs: {u}" for i, u in enumerate(urls)]
    return out


def measure(lines: list[str], show: int) -> dict:
    from mdrecall.text.redact import redact_kinds

    changed, kinds = [], Counter()
    for ln in lines:
        out, found = redact_kinds(ln)
        if out != ln:
            changed.append({"line": ln[:300], "redacted": out[:300], "kinds": found})
            kinds.update(found)
    return {
        "lines": len(lines),
        "changed": len(changed),
        "rate": len(changed) / len(lines) if lines else 0.0,
        "kinds": dict(kinds.most_common()),
        "examples": changed[:show],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--locomo", default=str(LOCOMO))
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument("--out", default="benchmarks/results/redaction_fp.json")
    args = ap.parse_args()
    sources = {
        "docs": docs(),
        "fixtures": fixtures(),
        "locomo": locomo(Path(args.locomo)),
        "identifiers": identifiers(),
    }
    report = {}
    print(f"{'source':<12}{'lines':>8}{'changed':>9}{'rate':>9}  kinds")
    for name, lines in sources.items():
        r = report[name] = measure(lines, args.show)
        print(f"{name:<12}{r['lines']:>8}{r['changed']:>9}{r['rate']:>9.3%}  {r['kinds']}")
    for name, r in report.items():
        for ex in r["examples"]:
            print(f"[{name}] {ex['line'][:140]!r}\n{'':>{len(name) + 3}}→ {ex['redacted'][:140]!r}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    return 1 if report["identifiers"]["changed"] else 0


if __name__ == "__main__":
    sys.exit(main())
