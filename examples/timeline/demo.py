"""Replay the example workspace as a git repository with back-dated commits, then ask it about
entities and the past. Usage: ``python examples/timeline/demo.py [target-folder]``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from mdrecall import Config, Memory

HERE = Path(__file__).resolve().parent

#: (commit date, files to copy: destination ← source under this folder)
COMMITS = [
    ("2026-03-02T18:00:00+00:00", {"MEMORY.md": "versions/MEMORY.2026-03-02.md",
                                   "memory/2026-03-02.md": "memory/2026-03-02.md"}),
    ("2026-03-09T18:00:00+00:00", {"memory/2026-03-09.md": "memory/2026-03-09.md"}),
    ("2026-03-16T18:00:00+00:00", {"memory/2026-03-16.md": "memory/2026-03-16.md",
                                   "MEMORY.md": "MEMORY.md"}),
]  # fmt: skip


def build_repo(target: Path) -> Path:
    """Create ``target`` as a git repository holding the example's history; returns it."""
    target.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GIT_AUTHOR_NAME": "demo", "GIT_AUTHOR_EMAIL": "demo@example.com",
           "GIT_COMMITTER_NAME": "demo", "GIT_COMMITTER_EMAIL": "demo@example.com"}  # fmt: skip

    def git(*args: str, when: str | None = None) -> None:
        extra = {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when} if when else {}
        subprocess.run(["git", *args], cwd=target, env={**env, **extra}, check=True, capture_output=True)

    git("init", "-q")
    for when, files in COMMITS:
        for dest, src in files.items():
            (target / dest).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(HERE / src, target / dest)
            git("add", dest)
        git("commit", "-q", "-m", f"notes of {when[:10]}", when=when)
    return target


def main() -> int:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="mdrecall-timeline-"))
    build_repo(target)
    config = Config().merged(
        {"embedding": {"provider": "none"}, "entities": {"aliases": {"Alice Chen": ["Alice"]}}}
    )
    with Memory.open(target, config) as mem:
        mem.index()
        print("entities:")
        for e in mem.entities()[:6]:
            print(f"  {e.name} ({e.kind}, {e.mentions} mentions, {e.first_seen}..{e.last_seen})")
        alice = mem.entity("Alice")
        print("timeline of Alice Chen:")
        for row in alice.timeline:
            print(f"  {row['day'] or 'undated':<10}  {row['citation']:<24}  {row['text']}")
        print("  related:", ", ".join(r["name"] for r in alice.related[:5]))
        question = "which database does the billing service use"
        print(f"as of 2026-03-05, {question!r}:")
        for h in mem.search(question, as_of="2026-03-05", max_results=1, min_score=0):
            print(f"  {h.citation}  superseded={h.superseded}")
            print("    " + h.snippet.replace("\n", "\n    "))
        print("history of MEMORY.md --grep billing:")
        for c in mem.history("MEMORY.md", grep="billing"):
            when = datetime.fromtimestamp(c.when, tz=timezone.utc).strftime("%Y-%m-%d")
            print(f"  {when} {c.rev} {c.kind:7} {c.text}")
    print(f"(the repository is in {target})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
