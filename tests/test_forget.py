"""``mdrecall forget``: one string planted through every channel leaves no byte of itself anywhere under the
workspace (the index files included), nothing else changes, a dry run changes nothing, a citation forget
removes exactly its lines, and a forget killed midway (kill -9) is finished by the next run."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.agent.tools import MemoryTools

from helpers import mdrecall_argv, run_cli, write

SECRET = "Quokka-Vellum-4471"


def _copies(root: Path, text: str) -> list[str]:
    """Every file under ``root`` whose bytes hold ``text`` in any case, as UTF-8, UTF-16 or JSON-escaped."""
    forms = set()
    for t in (text, text.lower(), text.upper()):
        forms |= {t.encode(), t.encode("utf-16-le"), t.encode("utf-16-be"), json.dumps(t)[1:-1].encode()}
    found = []
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            low = data.lower()
            if any(f in data or f.lower() in low for f in forms):
                found.append(path.relative_to(root).as_posix())
    return found


def _snapshot(root: Path) -> dict[str, bytes]:
    """The bytes of every file but the index (which a plan's sync may touch)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and ".mdrecall/index" not in p.relative_to(root).as_posix()
    }


def _plant(ws: Path, tmp_path: Path) -> None:
    w = ["-w", str(ws)]
    assert run_cli(*w, "remember", f"The courier code word is {SECRET} for the Lisbon drop").returncode == 0
    assert run_cli(*w, "remember", "--long-term", f"Always greet with {SECRET.lower()}").returncode == 0
    payload = {
        "session_id": "s-9",
        "prompt": f"note that my locker tag is {SECRET.upper()}",
        "cwd": str(tmp_path),
    }
    out = run_cli(*w, "hook", "user-prompt-submit", stdin=json.dumps(payload))
    assert out.returncode == 0, out.stderr
    with Memory.open(ws) as mem:
        mem.capture_turn(user="what was the tag?", assistant=f"It was {SECRET}.", session="s-10")
        assert "citation" in MemoryTools(mem).memory_write(f"Agent note: {SECRET} opens locker 12")
    now = datetime.now(timezone.utc).isoformat()
    session = f"end-{time.time_ns()}"  # a new session each time: planting twice plants twice
    transcript = tmp_path / "host" / f"{session}.jsonl"  # the host's transcript: read, never edited
    transcript.parent.mkdir(parents=True, exist_ok=True)
    transcript.write_text(
        "".join(
            json.dumps(
                {
                    "type": role,
                    "uuid": f"{session}-{i}",
                    "timestamp": now,
                    "message": {"role": role, "content": c},
                }
            )
            + "\n"
            for i, (role, c) in enumerate(
                [
                    ("user", f"the vault label is {SECRET} remember it"),
                    ("assistant", [{"type": "text", "text": "Noted."}]),
                ]
            )
        )
    )
    end = run_cli(
        *w,
        "hook",
        "session-end",
        stdin=json.dumps({"session_id": session, "transcript_path": str(transcript)}),
    )
    assert end.returncode == 0, end.stderr  # session end: its turns land in memory/conversations/
    assert any(SECRET in f.read_text() for f in (ws / "memory" / "conversations").glob(f"*{session}*"))
    write(ws, "DREAMS.md", f"# Dreams\n\n- promoted: the code word {SECRET}\n")
    assert run_cli(*w, "index").returncode == 0
    hits = json.loads(run_cli(*w, "search", SECRET, "--json").stdout)["results"]
    assert hits, "the planted string is found before the forget"


@pytest.fixture
def hybrid(monkeypatch: pytest.MonkeyPatch) -> None:
    """Vectors and the embedding cache in play (the static embedder: offline and quick)."""
    monkeypatch.setenv("MDRECALL_EMBEDDING_PROVIDER", "static")


def test_forget_text_leaves_no_byte_and_changes_nothing_else(ws: Path, tmp_path: Path, hybrid: None) -> None:
    _plant(ws, tmp_path)
    assert len(_copies(ws, SECRET)) >= 6  # the notes, the records, DREAMS.md, the recall log, the index
    unrelated = {
        k: v
        for k, v in _snapshot(ws).items()
        if k.endswith(".md") and SECRET.lower().encode() not in v.lower()
    }
    assert "memory/projects/billing.md" in unrelated or len(unrelated) >= 2
    before_hits = json.loads(run_cli("-w", str(ws), "search", "Stripe webhooks", "--json").stdout)["results"]

    files_before = _snapshot(ws)
    dry = run_cli("-w", str(ws), "forget", "--text", SECRET.lower(), "--ignore-case", "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "MEMORY.md" in dry.stdout and "index rows" in dry.stdout
    assert _snapshot(ws) == files_before, "a dry run changes no file"
    plan = json.loads(run_cli("-w", str(ws), "forget", "--text", SECRET, "-i", "--json").stdout)["plan"]
    assert {"MEMORY.md", "DREAMS.md"} <= {f["path"] for f in plan["files"]}
    assert any(r.startswith("embedding cache") for r in plan["indexRows"])

    out = run_cli("-w", str(ws), "forget", "--text", SECRET, "--ignore-case", "--yes")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 copies remain" in out.stdout
    assert _copies(ws, SECRET) == []
    after = _snapshot(ws)
    for key, data in unrelated.items():
        assert after[key] == data, f"{key} changed"
    assert "[forgotten " in (ws / "MEMORY.md").read_text()
    after_hits = json.loads(run_cli("-w", str(ws), "search", "Stripe webhooks", "--json").stdout)["results"]
    assert [(h["path"], h["startLine"]) for h in after_hits] == [
        (h["path"], h["startLine"]) for h in before_hits
    ]
    again = json.loads(run_cli("-w", str(ws), "search", SECRET, "--json").stdout)["results"]
    assert all(SECRET.lower() not in json.dumps(h).lower() for h in again)  # near neighbours, not the text


def test_citation_forget_removes_exactly_those_lines(ws: Path) -> None:
    log = ws / "memory" / "notes.md"
    lines = [
        "# Notes",
        "",
        "- keep this line",
        "- the wrong fact: Mercury is cold",
        "- keep that one too",
        "",
    ]
    log.write_text("\n".join(lines))
    assert run_cli("-w", str(ws), "index").returncode == 0
    out = run_cli("-w", str(ws), "forget", "memory/notes.md#L4", "--yes")
    assert out.returncode == 0, out.stdout + out.stderr
    got = log.read_text().split("\n")
    assert got[:3] == lines[:3] and got[4:] == lines[4:]
    assert got[3].startswith("- [forgotten ") and "Mercury" not in got[3]
    assert _copies(ws, "Mercury is cold") == []


def _kill_when(ws: Path, ready: Callable[[], bool]) -> None:
    """Start a forget of SECRET and kill it (-9) as soon as ``ready()`` holds (polled every millisecond)."""
    proc = subprocess.Popen(
        mdrecall_argv("-w", str(ws), "forget", "--text", SECRET, "-i", "--yes"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not ready():
            assert proc.poll() is None and time.monotonic() < deadline, "the forget ended first"
            time.sleep(0.001)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)


def test_a_forget_killed_midway_is_finished_by_the_next_index(ws: Path, tmp_path: Path) -> None:
    # enough notes holding it that a forget takes a while: no pause switch needed to kill one midway
    notes = [ws / "memory" / "zz" / f"{i:04d}.md" for i in range(400)]
    journal = ws / ".mdrecall" / "forget"

    def held() -> list[Path]:
        return [n for n in notes if SECRET.encode() in n.read_bytes()]

    # killed as soon as it is recorded (a journal is whole or absent), then halfway through the notes
    for ready in (
        lambda: journal.is_dir() and any(journal.glob("*.json")),
        lambda: b"[forgotten " in notes[0].read_bytes(),
    ):
        _plant(ws, tmp_path)
        for i, note in enumerate(notes):
            write(ws, note.relative_to(ws).as_posix(), f"# Note {i}\n\n- item {i} holds {SECRET} and more\n")
        assert run_cli("-w", str(ws), "index").returncode == 0
        _kill_when(ws, ready)
        assert any(journal.glob("*.json")) and held(), "killed midway: work is left"
        out = run_cli("-w", str(ws), "index")
        assert out.returncode == 0, out.stderr
        assert not journal.exists() and _copies(ws, SECRET) == []
    assert b"[forgotten " in notes[-1].read_bytes()


def test_forget_in_the_python_api_and_the_memory_store(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    write(root, "MEMORY.md", f"# Memory\n\n- the alarm code is {SECRET}\n- we use Postgres\n")
    from mdrecall.config.settings import load_config

    cfg = load_config(root, overrides={"store": {"backend": "memory"}})
    with Memory.open(root, cfg) as mem:
        mem.index()
        plan = mem.forget_plan(SECRET)
        assert [f.path for f in plan.files] == ["MEMORY.md"] and plan.index_rows
        result = mem.forget(plan)
        assert result.proven and mem.store.find_text(plan.target.needle) == []  # type: ignore[attr-defined]
        assert mem.search("Postgres")
    assert (root / "MEMORY.md").read_text().endswith("- we use Postgres\n")


def test_init_keeps_derived_files_out_of_git_and_doctor_warns(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    root.mkdir()
    (root / ".gitignore").write_text("node_modules/")
    assert run_cli("init", str(root)).returncode == 0
    header = "# mdrecall: derived from the Markdown (the index, the recall log)\n"
    assert (root / ".gitignore").read_text() == f"node_modules/\n{header}.mdrecall/\nmemory/.dreams/\n"
    assert run_cli("init", str(root)).returncode == 0  # nothing appended twice
    assert (root / ".gitignore").read_text().count(".mdrecall/") == 1
    fresh = tmp_path / "fresh"
    run_cli("init", str(fresh))
    assert ".mdrecall/" in (fresh / ".gitignore").read_text()

    subprocess.run(["git", "init", "-q", str(root)], check=True)
    ok = json.loads(run_cli("-w", str(root), "doctor", "--json").stdout)
    checks = {c["name"]: c for c in ok["checks"]}
    assert checks["git"]["status"] == "ok"
    (root / ".gitignore").write_text("node_modules/\n")
    warned = json.loads(run_cli("-w", str(root), "doctor", "--json").stdout)
    git = {c["name"]: c for c in warned["checks"]}["git"]
    assert git["status"] == "warn" and ".mdrecall/ is not ignored" in git["detail"]


def test_notes_appended_while_a_forget_runs_are_all_kept(tmp_path: Path) -> None:
    import threading

    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n" + "".join(f"- filler fact {i} {SECRET}\n" for i in range(400)))
    with Memory.open(ws) as mem:
        mem.index(embed=False)
        plan = mem.forget_plan(SECRET)
        done = threading.Event()
        written: list[int] = []

        def append() -> None:
            with Memory.open(ws) as other:
                i = 0
                while not done.is_set() or i < 20:
                    other.remember(f"appended note number {i}", long_term=True)
                    written.append(i)
                    i += 1

        appender = threading.Thread(target=append)
        appender.start()
        for _ in range(3):  # each forget rewrites MEMORY.md while the appends go on
            mem.forget(plan)
            plan = mem.forget_plan("filler fact")
        done.set()
        appender.join(timeout=60)
    text = (ws / "MEMORY.md").read_text()
    missing = [i for i in written if f"appended note number {i} " not in text]
    assert written and not missing, f"{len(missing)} of {len(written)} appends lost"


def test_redact_rescan_finds_and_forgets_a_secret_stored_before_its_rule(ws: Path, hybrid: None) -> None:
    token = "ghp_" + "Zq7Lm2Xv9Rt4Kp8Wn3Yb6Hc1Jd5Fg0Se2Ua"
    # written straight to the files, as a note from before the rule (or --keep-secrets) would be
    write(
        ws,
        "memory/2026-03-02.md",
        f"# 2026-03-02\n\n- deploy with token {token} on the CI box\n- kept line\n",
    )
    record = ws / "memory" / ".dreams" / "notes.json"
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text(json.dumps({"q": f"what is {token}?"}))
    assert run_cli("-w", str(ws), "index").returncode == 0
    assert _copies(ws, token)
    before = {k: v for k, v in _snapshot(ws).items() if token.encode() not in v}

    dry = run_cli("-w", str(ws), "redact", "--rescan", "--json")
    assert dry.returncode == 0, dry.stderr
    plan = json.loads(dry.stdout)["plan"]
    assert {"memory/2026-03-02.md", "memory/.dreams/notes.json"} <= {f["path"] for f in plan["files"]}
    assert "github" in plan["what"] and token not in plan["what"] and plan["indexRows"]
    assert _copies(ws, token), "a dry run changes nothing"

    out = run_cli("-w", str(ws), "redact", "--rescan", "--yes")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 copies remain" in out.stdout and _copies(ws, token) == []
    lines = (ws / "memory" / "2026-03-02.md").read_text().split("\n")
    assert lines[2] == "- deploy with token [REDACTED] on the CI box" and lines[3] == "- kept line"
    after = _snapshot(ws)
    assert all(after[k] == v for k, v in before.items() if k in after and ".mdrecall/" not in k)
    again = run_cli("-w", str(ws), "redact", "--rescan", "--json")
    assert json.loads(again.stdout)["plan"] is None


def test_entity_forget_removes_every_line_naming_the_person_and_aliases(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    home = tmp_path / "config"  # the aliases in the user's config, outside the workspace
    write(home, "mdrecall/config.toml", '[entities]\naliases = { "Robert Ruiz" = ["Bob", "Bobby"] }\n')
    env = {"XDG_CONFIG_HOME": str(home)}
    write(
        root,
        "MEMORY.md",
        "# Memory\n\n- Robert Ruiz prefers tea.\n- We use Postgres.\n- [[Dana Okafor]] runs Lisbon.\n",
    )
    daily = [
        "# 2026-03-01",
        "",
        "- Met [[Robert Ruiz]] about the office lease.",
        "- The printer on floor 2 is broken again.",
        "- @Bob wants the quarterly report by Friday.",
        "- Lunch with [[Dana Okafor]]; Bobby joined late.",
        "- Bobbin lace exhibit opens in May.",
        "",
    ]
    write(root, "memory/2026-03-01.md", "\n".join(daily))
    w = ["-w", str(root)]
    assert run_cli(*w, "index", env=env).returncode == 0
    plan = json.loads(run_cli(*w, "forget", "--entity", "Bob", "--json", env=env).stdout)["plan"]
    assert plan["form"] == "entity"
    assert {f["path"] for f in plan["files"]} >= {"MEMORY.md", "memory/2026-03-01.md"}

    out = run_cli(*w, "forget", "--entity", "Bob", "--yes", env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 copies remain" in out.stdout
    got = (root / "memory" / "2026-03-01.md").read_text().split("\n")
    for n in (2, 4, 5):  # the lines naming him, by his name or an alias
        assert got[n].startswith("- [forgotten "), got[n]
    assert [got[i] for i in (0, 1, 3, 6, 7)] == [daily[i] for i in (0, 1, 3, 6, 7)]  # the rest as it was
    memory = (root / "MEMORY.md").read_text()
    assert "Robert" not in memory and memory.endswith("- We use Postgres.\n- [[Dana Okafor]] runs Lisbon.\n")
    for name in ("Robert Ruiz", "Bobby", "@Bob"):
        assert _copies(root, name) == [], name
    assert run_cli(*w, "entity", "Dana Okafor", env=env).returncode == 0  # the other person is kept


def test_a_forget_awaiting_the_lock_of_a_file_renamed_over_locks_the_new_one(tmp_path: Path) -> None:
    """Before: a forget waited on the lock of MEMORY.md while an append renamed a longer copy over it; it
    then held the old file's lock only, so the next append (in place, on the new file) went ahead while
    the forget read and rewrote the file, and was lost (1 of 240 appends, under load in CI). The forget
    now holds the lock of the file at the path once it has it."""
    import fcntl
    import os
    import threading

    from mdrecall.forget import run

    path = tmp_path / "MEMORY.md"
    path.write_text("# Memory\n\n- old\n")
    old = os.open(path, os.O_RDONLY)
    fcntl.flock(old, fcntl.LOCK_EX)  # an appender holds the old file's lock
    seen: list[int] = []
    inside = threading.Event()
    leave = threading.Event()

    def forget() -> None:
        with run._locked(path):
            seen.append(os.stat(path).st_ino)
            inside.set()
            leave.wait(10)

    worker = threading.Thread(target=forget)
    worker.start()
    try:
        copy = tmp_path / ".MEMORY.md.copy"
        copy.write_text("# Memory\n\n- old\n- appended past a page\n")
        os.replace(copy, path)  # the appender's copy renamed over, then its lock let go
        fcntl.flock(old, fcntl.LOCK_UN)
        assert inside.wait(10)
        new = os.open(path, os.O_RDONLY)
        try:  # the next appender must wait: the forget holds the NEW file's lock
            try:
                fcntl.flock(new, fcntl.LOCK_EX | fcntl.LOCK_NB)
                taken = True
                fcntl.flock(new, fcntl.LOCK_UN)
            except BlockingIOError:
                taken = False
        finally:
            os.close(new)
        assert not taken, "an append could go ahead during the forget's rewrite"
        assert seen == [os.stat(path).st_ino]
    finally:
        leave.set()
        worker.join(10)
        os.close(old)


def test_forget_of_text_that_is_not_utf8_is_refused_plainly(tmp_path: Path) -> None:
    """argv bytes that are not UTF-8 reach Python as lone surrogates: a refusal that says so, not a crash
    (fault round 22)."""
    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Memory\n\n- the hens lay on the porch\n")
    from mdrecall.config.settings import load_config
    from mdrecall.errors import MdrecallError

    cfg = load_config(root, overrides={"store": {"backend": "memory"}})
    with Memory.open(root, cfg) as mem:
        mem.index()
        with pytest.raises(MdrecallError, match="not UTF-8"):
            mem.forget_plan("hens \udcff\udcfe")
    assert (root / "MEMORY.md").read_text() == "# Memory\n\n- the hens lay on the porch\n"
