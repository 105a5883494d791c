"""What a one-shot keyword search loads: nothing it does not use (each module costs start-up time)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from mdrecall import Config, Memory

from helpers import write

#: Modules a ``search --mode bm25`` has no use for (their features load them when asked).
UNUSED = (
    r"mdrecall\.knowledge\.(extract|index|history|names|facts|relations)",
    r"mdrecall\.files\.(notes|scaffold|all_or_none)",
    r"mdrecall\.index\.(backfill|transcripts_write|status|vectorize)",  # not watch_health: a sync asks it
    r"mdrecall\.knowledge\.valid_time",  # only --as-of / --during
    r"mdrecall\.search\.line_vectors|mdrecall\.text\.privacy",  # the vector leg's, and the embedders'
    r"mdrecall\.(mcp|services|ui|embedders|capture|backends\.qmd)(\..*)?",
    r"mdrecall\.agent\.(?!serve_client$).*",  # the client that asks a running server first is used
    r"mdrecall\.stores\.(postgres|in_memory).*",
    r"(logging|tomllib|difflib|numpy|onnxruntime|tokenizers|psycopg|http\.client|ssl|asyncio)(\..*)?",
    r"(tempfile|shutil|bz2|lzma|random)",  # a search appends to the recall journal: no temporary file
)


def imports_of(
    tmp_path: Path, args: list[str], *, module: str = "mdrecall", stdin: str | None = None, **env: str
) -> tuple[str, set[str]]:
    """Run ``python -X importtime -m MODULE ARGS`` without this environment's MDRECALL settings, with no
    server left behind and no user config file (``env`` added): its stdout and the modules it imported."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("MDRECALL")}
    base.update(MDRECALL_SERVE_AUTO="off", HOME=str(tmp_path / "home"), **env)
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", module, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=base,
        check=True,
    )
    loaded = {ln.rsplit("|", 1)[1].strip() for ln in out.stderr.splitlines() if ln.startswith("import time:")}
    return out.stdout, loaded


def unused_in(loaded: set[str], patterns: tuple[str, ...]) -> list[str]:
    """The modules of ``loaded`` that one of ``patterns`` names (a full match), sorted."""
    unused = re.compile("|".join(f"(?:{p})" for p in patterns))
    return sorted(m for m in loaded if unused.fullmatch(m))


def test_a_keyword_search_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write(root, "memory/2026-03-02.md", "# Monday\n\nDana Okafor moved the deploy to Friday.\n")
    write(root, "MEMORY.md", "# Memory\n\n- The user prefers concise answers.\n")
    with Memory.open(root, Config().merged({"embedding": {"provider": "none"}})) as mem:
        mem.index()
    stdout, loaded = imports_of(tmp_path, ["--workspace", str(root), "search", "deploy", "--mode", "bm25"])
    assert "2026-03-02.md" in stdout
    assert not unused_in(loaded, UNUSED)


#: Modules the per-prompt hook (recall, then capture) has no use for: the CLI, the other front ends, and
#: the heavy optional runtimes (the default static embedder needs only numpy and tokenizers).
HOOK_UNUSED = (
    r"click(\..*)?",
    r"mdrecall\.(cli|mcp|ui|services|dreaming|backends\.qmd)(\..*)?",
    r"mdrecall\.embedders\.(remote|distill|calibration_pairs)",
    r"(onnxruntime|psycopg|http\.client|ssl|asyncio|tomllib|zipfile|logging)(\..*)?",
)


def test_the_prompt_hook_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write(root, "memory/2026-03-02.md", "# Monday\n\nDana Okafor moved the Kestrel deploy to Friday.\n")
    with Memory.open(root, Config(), create=True) as mem:
        mem.index()
    stdout, loaded = imports_of(
        tmp_path,
        ["-w", str(root), "user-prompt-submit"],
        module="mdrecall.agent.turn_hook",
        stdin='{"session_id": "s1", "prompt": "When did Dana Okafor move the Kestrel deploy?"}',
        MDRECALL_RECALL_DEADLINE_MS="20000",  # a loaded machine: the default 300 ms gave no recall
    )
    assert "2026-03-02.md" in stdout  # it did search, with the vector leg
    assert "numpy" in loaded
    assert not unused_in(loaded, HOOK_UNUSED)


#: Modules a default (hybrid) ``search`` has no use for, beyond the keyword search's own: the static table
#: is read without zipfile, a local model's identity takes no hash, only a failing embedder logs.
HYBRID_UNUSED = (
    r"(zipfile|logging|hashlib|bz2|lzma|onnxruntime|tomllib|ssl|asyncio|http\.client)(\..*)?",
    r"mdrecall\.(mcp|services|ui|capture|backends\.qmd)(\..*)?",
    r"mdrecall\.embedders\.(remote|distill|calibration_pairs|sbert|e5|openai|gemini|voyage|ollama)",
)


def test_a_hybrid_search_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write(root, "memory/2026-03-02.md", "# Monday\n\nDana Okafor moved the deploy to Friday.\n")
    with Memory.open(root, Config(), create=True) as mem:
        mem.index()
        mem.search("deploy")  # the views are built on first use: not what a one-shot search loads
    stdout, loaded = imports_of(tmp_path, ["--workspace", str(root), "search", "deploy"])
    assert "2026-03-02.md" in stdout
    assert {"numpy", "tokenizers", "mdrecall.embedders.static"} <= loaded  # it did run the vector leg
    assert not unused_in(loaded, HYBRID_UNUSED)


def test_the_static_table_is_mapped_not_read() -> None:
    import numpy as np

    from mdrecall.embedders.static import StaticEmbedder

    embedder = StaticEmbedder()
    embedder.load()
    assert isinstance(embedder._rows, np.memmap)  # a query touches a few of its 30,522 rows
    a, b = embedder.embed_documents(["the Kestrel deploy", "the Kestrel deploy moved"])
    assert 0.5 < float(a @ b) <= 1.0


def test_an_index_imports_no_search(tmp_path: Path) -> None:
    """``mdrecall index`` (a first index is timed against QMD's) loads none of the search's stages: the
    facade imports them when it searches."""
    root = tmp_path / "ws"
    write(root, "memory/2026-03-02.md", "# Monday\n\nDana Okafor moved the deploy to Friday.\n")
    config = tmp_path / "keyword.toml"
    config.write_text('[embedding]\nprovider = "none"\n')
    _, loaded = imports_of(tmp_path, ["--config", str(config), "--workspace", str(root), "index", "--quiet"])
    assert "mdrecall.index.indexer" in loaded
    assert not sorted(m for m in loaded if m.startswith("mdrecall.search"))


def test_commands_and_the_hook_start_numpy_with_one_blas_thread_unless_told(
    tmp_path: Path,
) -> None:
    """OpenBLAS's threads spin when numpy loads (~40 ms of a one-shot hybrid search on 2 busy cores) and
    nothing here uses them; a count the user set is kept."""
    root = tmp_path / "ws"
    write(root, "memory/2026-03-02.md", "# Monday\n\nDana Okafor moved the deploy to Friday.\n")
    blas = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MDRECALL") and k not in blas}
    env["MDRECALL_SERVE_AUTO"] = "off"  # no server left behind
    env["HOME"] = str(tmp_path / "home")
    report = "; import os; print('BLAS', os.environ.get('OPENBLAS_NUM_THREADS'))"
    command = "import sys; from mdrecall.cli import main; main(sys.argv[1:])" + report
    hook = "import sys; from mdrecall.agent.turn_hook import main; main(sys.argv[1:])" + report
    prompt = '{"session_id": "s1", "prompt": "When did Dana Okafor move the deploy?"}'

    def blas_threads(script: str, args: list[str], extra: dict[str, str]) -> str:
        argv = [sys.executable, "-c", script, "-w", str(root), *args]
        out = subprocess.run(
            argv, input=prompt, capture_output=True, text=True, env={**env, **extra}, check=True
        )
        assert out.returncode == 0, out.stderr
        return out.stdout.splitlines()[-1]

    search = ["search", "deploy", "--mode", "bm25"]
    assert blas_threads(command, search, {}) == "BLAS 1"
    assert blas_threads(command, search, {"OMP_NUM_THREADS": "4"}) == "BLAS None"
    assert blas_threads(command, search, {"OPENBLAS_NUM_THREADS": "3"}) == "BLAS 3"
    assert blas_threads(hook, ["user-prompt-submit"], {}) == "BLAS 1"
    assert blas_threads(hook, ["user-prompt-submit"], {"GOTO_NUM_THREADS": "2"}) == "BLAS None"


def test_a_question_about_the_present_reads_change_lines_without_the_fact_readers_words(
    tmp_path: Path,
) -> None:
    """A question about the present reads the notes' change lines (the lexicon of change) but not the fact
    reader's other wordings, whose patterns cost a one-shot search some 30 ms to compile."""
    root = tmp_path / "ws"
    write(root, "memory/2026-02-10.md", "# Tuesday\n\nChoir practice is on Mondays in the church hall.\n")
    write(root, "memory/2026-03-04.md", "# Wednesday\n\nChoir practice moved to Thursdays from next week.\n")
    with Memory.open(root, Config().merged({"embedding": {"provider": "none"}})) as mem:
        mem.index()
        mem.search("choir")  # the views are built on first use: not what a one-shot search loads
    question = "which night is choir practice now"
    stdout, loaded = imports_of(tmp_path, ["--workspace", str(root), "search", question, "--mode", "bm25"])
    assert "2026-03-04.md" in stdout
    assert "mdrecall.knowledge.fact_lines.change_signal" in loaded  # it did read the change lines
    assert "mdrecall.knowledge.fact_lines.fact_words" not in loaded
