"""What a keyword-only first ``index`` loads: nothing it does not use (each module costs start-up time)."""

from __future__ import annotations

from pathlib import Path

from test_search_imports import imports_of, unused_in

from mdrecall.index import indexer

from helpers import write

#: Modules a keyword-only first ``index --quiet`` of many files (its views left for first use) has no use
#: for: the embedder registry (no embedder is configured), the vector leg's, a progress bar not shown.
INDEX_UNUSED = (
    r"mdrecall\.index\.(vectorize|backfill)",
    r"mdrecall\.(embedders|rerankers|search|mcp|services|ui|capture)(\..*)?",
    r"mdrecall\.text\.privacy|mdrecall\.plugins\.progress",
    r"(numpy|onnxruntime|tokenizers|psycopg|http\.client|ssl|asyncio)(\..*)?",
)


def test_a_keyword_only_first_index_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    files = indexer.DEFER_VIEWS_FILES + 6
    for i in range(files):
        write(root, f"memory/2026/n{i:03}.md", f"# Note {i}\n\nDana Okafor moved the deploy to week {i}.\n")
    conf = tmp_path / "keyword.toml"
    conf.write_text('[embedding]\nprovider = "none"\n')
    stdout, loaded = imports_of(tmp_path, ["--config", str(conf), "-w", str(root), "index", "--quiet"])
    assert f"{files} added" in stdout
    assert not unused_in(loaded, INDEX_UNUSED)
