"""Small helpers shared by the tests."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner


def write(root: Path, rel: str, text: str) -> Path:
    """Write a dedented file under ``root`` (creating folders)."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def until(check: Callable[[], bool], timeout: float = 15.0) -> bool:
    """Poll ``check`` every 50 ms until it holds or ``timeout`` seconds pass; its last answer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


# ---- running the CLI --------------------------------------------------------------------------------------
# Two ways, one helper each. ``run_cli`` runs ``mdrecall ARGS`` in this process (click's test runner on the
# real root group, with the entry point's error policy and exit codes): use it unless the process itself is
# what a test checks. ``run_process`` starts ``python -m mdrecall ARGS``: the console script, signals,
# closed pipes, MCP over stdio, killing and resuming, a hook's cold start, two processes at once.
# Both answer a ``subprocess.CompletedProcess`` (returncode, stdout, stderr), so a test reads the same
# either way; text by default, bytes with ``binary=True`` (to check an encoding).


class _Runner(CliRunner):
    """Click's runner, set up like :func:`mdrecall.cli.main` sets up the real process."""

    @contextlib.contextmanager
    def isolation(self, *args: Any, **kwargs: Any) -> Iterator[Any]:
        with super().isolation(*args, **kwargs) as streams:
            for stream in (sys.stdout, sys.stderr):  # as main(): never print invalid UTF-8
                stream.reconfigure(errors="replace")  # type: ignore[union-attr]
            time.tzset()  # a TZ in ``env`` counts, as it would in a new process
            yield streams
        time.tzset()  # and is forgotten with it


@contextlib.contextmanager
def _chdir(folder: Path | None) -> Iterator[None]:
    """``folder`` is the current folder meanwhile (``contextlib.chdir`` is Python 3.11+)."""
    if folder is None:
        yield
        return
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def run_cli(
    *args: str,
    cwd: Path | None = None,
    env: Mapping[str, str | None] | None = None,
    stdin: str | bytes | None = None,
    binary: bool = False,
    color: bool = False,
) -> subprocess.CompletedProcess[Any]:
    """``mdrecall ARGS`` in this process: its exit code, stdout and stderr (kept apart).

    ``env`` is added to the environment for the run (``None`` removes a variable), ``cwd`` is the current
    folder meanwhile, ``stdin`` the standard input; ``color`` keeps ANSI styles (as on a terminal). Each
    run starts from fresh global flags (the :class:`~mdrecall.cli.app.State` lives on the root context of
    one invocation). An exception the entry point would not catch is raised here, not turned into an exit
    code. Unlike a process, nothing is released at exit: a handle a command leaves open stays open.
    """
    from mdrecall.cli import cli

    with _chdir(cwd):
        res = _Runner().invoke(
            cli,
            list(args),
            input=stdin,
            env=dict(env or {}),
            prog_name="mdrecall",
            color=color,
            catch_exceptions=False,
        )
    out, err = (res.stdout_bytes, res.stderr_bytes) if binary else (res.stdout, res.stderr)
    return subprocess.CompletedProcess(["mdrecall", *args], res.exit_code, out, err)


def mdrecall_argv(*args: str, module: str = "mdrecall") -> list[str]:
    """``python -m MODULE ARGS`` as a command line, for Popen (MODULE: ``mdrecall.agent.turn_hook`` too)."""
    return [sys.executable, "-m", module, *args]


def run_process(
    *args: str,
    module: str = "mdrecall",
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    stdin: str | bytes | None = None,
    binary: bool = False,
    timeout: float = 120,
) -> subprocess.CompletedProcess[Any]:
    """``python -m MODULE ARGS`` in a new process, to its end; ``env`` is added to this environment."""
    return subprocess.run(
        mdrecall_argv(*args, module=module),
        capture_output=True,
        text=not binary,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        input=stdin,
        timeout=timeout,
    )


def workspace_entities(root: Path, files: dict[str, str]) -> list[Any]:
    """The entity view of a keyword-only workspace at ``root`` holding ``files`` (path → text)."""
    from mdrecall import Config, Memory
    from mdrecall.knowledge.index import EntityIndex

    for path, text in files.items():
        write(root, path, text)
    mem = Memory.open(root, Config().merged({"embedding": {"provider": "none"}}), create=True)
    try:
        mem.sync()
        return list(EntityIndex(mem.store, mem.config.entities).entities())
    finally:
        mem.close()


def entity_kinds(root: Path, files: Mapping[str, str]) -> dict[str, str]:
    """Name → kind of the entities of a workspace at ``root`` holding ``files`` (path → text), indexed with
    the default embedder."""
    from mdrecall import Config, Memory

    for path, text in files.items():
        write(root, path, text)
    mem = Memory.open(root, Config().merged({"history": {"git": False}}))
    try:
        mem.index()
        return {e.name: e.kind for e in mem.entities()}
    finally:
        mem.close()


def mention_kinds(
    text: str, path: str | None = None, day: str = "2027-05-03"
) -> dict[str, set[tuple[str, str]]]:
    """Name → {(kind, how)} of every mention the extractor reads in ``text`` (written on ``day``)."""
    from mdrecall.knowledge.mentions.extract import extract_entities

    out: dict[str, set[tuple[str, str]]] = {}
    for m in extract_entities(text, day, path).mentions:
        out.setdefault(m.name, set()).add((m.kind, m.how))
    return out


def workspace_kinds(root: Path, files: dict[str, str]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Entity key → (kind, aliases) of the entity view of a workspace at ``root`` holding ``files``."""
    from mdrecall.knowledge.mentions.extract import entity_key

    return {entity_key(e.name): (e.kind, e.aliases) for e in workspace_entities(root, files)}


def fact_pairs(files: dict[str, str]) -> dict[tuple[str, int], tuple[str, int]]:
    """Pair the fact lines of ``files`` (path → text; a ``memory/<day>.md`` is dated by its name): older
    line (path, line) → the newer (path, line) that supersedes it."""
    from mdrecall.knowledge.changes.fact_pairs import supersessions
    from mdrecall.knowledge.fact_lines.facts import line_facts

    facts = []
    for rel, text in files.items():
        day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
        facts += line_facts(rel, text, day)
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def pairs_of(files: Mapping[str, str]) -> dict[tuple[str, int], tuple[str, int]]:
    """Pair the fact lines of ``files`` (path → text; a ``memory/<day>.md`` is dated by its name): older
    line (path, line) → the newer (path, line) that supersedes it."""
    from mdrecall.knowledge.changes.fact_pairs import supersessions
    from mdrecall.knowledge.fact_lines.facts import line_facts

    facts = []
    for rel, text in files.items():
        day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
        facts += line_facts(rel, text, day)
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def fact_pairs_in(tmp_path: Path, notes: Sequence[tuple[str, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    """Write the notes (path, text) in a workspace and pair their read-back fact lines (:func:`pairs_of`)."""
    read = {}
    for rel, text in notes:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        read[rel] = path.read_text(encoding="utf-8")
    return pairs_of(read)


def auto_servers(root: Path) -> list[int]:
    """The pids of the ``watch --auto`` processes of ``root`` (from ``/proc``)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--auto" in argv and os.fsencode(os.path.realpath(root)) in argv:
            pids.append(int(entry.name))
    return pids
