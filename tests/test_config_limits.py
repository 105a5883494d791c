"""Issue 17 item 6: config numbers are checked, with errors that name the key and the allowed range."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from mdrecall.config.limits import LIMITS
from mdrecall.config.settings import Config, load_config
from mdrecall.errors import ConfigError

from helpers import run_cli, write


def numeric_keys() -> list[tuple[str, str]]:
    keys = []
    for section in dataclasses.fields(Config):
        value = getattr(Config(), section.name)
        if dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                if type(getattr(value, f.name)) in (int, float):
                    keys.append((section.name, f.name))
    return keys


def test_every_numeric_key_has_a_range_and_its_default_is_inside() -> None:
    missing = [k for k in numeric_keys() if k not in LIMITS]
    assert not missing, f"numeric config keys without a range in config_limits.LIMITS: {missing}"
    for section, key in numeric_keys():
        low, high = LIMITS[(section, key)]
        assert low <= getattr(getattr(Config(), section), key) <= high, (section, key)


BAD = [
    ("chunking", "tokens", -5),
    ("chunking", "tokens", 0),
    ("chunking", "tokens", 1e308),
    ("index", "max_file_bytes", -1),
    ("index", "max_file_bytes", 0),
    ("read", "max_lines", 0),
    ("embedding", "timeout_s", -1.0),
    ("embedding", "timeout_s", float("nan")),
    ("embedding", "batch_size", 0),
    ("rerank", "timeout_s", float("inf")),
    ("search", "min_score", 1.5),
    ("search", "mmr_lambda", -0.1),
    ("watch", "debounce_s", -2.0),
    ("history", "git_timeout_s", 0.0),
    ("qmd", "timeout_s", -30.0),
]


@pytest.mark.parametrize(("section", "key", "value"), BAD)
def test_a_bad_number_is_refused_naming_the_key_and_the_range(section: str, key: str, value: float) -> None:
    with pytest.raises(ConfigError) as err:
        Config().merged({section: {key: value}})
    text = str(err.value)
    assert f"{section}.{key}" in text and (" from " in text or "above 0, up to" in text), text


def test_overlap_must_be_below_tokens() -> None:
    with pytest.raises(ConfigError, match=r"chunking\.overlap = 300 must be less than chunking\.tokens"):
        Config().merged({"chunking": {"overlap": 300}})
    Config().merged({"chunking": {"tokens": 100, "overlap": 99}})  # the edge is fine


def test_limits_hold_for_every_source(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    write(ws, ".mdrecall.toml", "[index]\nmax_file_bytes = -1\n")
    with pytest.raises(ConfigError, match=r"\.mdrecall\.toml \[index\]: index\.max_file_bytes = -1"):
        load_config(ws, env={})
    with pytest.raises(ConfigError, match=r"environment \[chunking\]: chunking\.tokens: invalid value 'nan'"):
        load_config(env={"MDRECALL_CHUNKING_TOKENS": "nan"})
    with pytest.raises(
        ConfigError, match=r"environment \[search\]: search\.min_score = 'nan' is not a finite"
    ):
        load_config(env={"MDRECALL_SEARCH_MIN_SCORE": "nan"})
    with pytest.raises(ConfigError, match=r"environment \[embedding\]: embedding\.timeout_s = 'inf'"):
        load_config(env={"MDRECALL_EMBEDDING_TIMEOUT_S": "inf"})
    with pytest.raises(ConfigError, match=r"search\.mode = 'vectors' is not one of: hybrid, bm25, vector"):
        load_config(env={"MDRECALL_SEARCH_MODE": "vectors"})


@pytest.mark.parametrize(
    ("toml", "key"),
    [
        ("[chunking]\ntokens = -5\n", "chunking.tokens"),
        ("[chunking]\ntokens = 1e308\n", "chunking.tokens"),
        ("[chunking]\ntokens = inf\n", "tokens"),
        ("[chunking]\ntokens = 100\noverlap = 400\n", "chunking.overlap"),
        ("[index]\nmax_file_bytes = -1\n", "index.max_file_bytes"),
        ("[embedding]\ntimeout_s = nan\n", "embedding.timeout_s"),
        ('[search]\nmode = "BM25"\n', "search.mode"),  # was searched as hybrid, in silence
        ('[search]\nfusion = "rff"\n', "search.fusion"),  # was fused as weighted, in silence
        ('[search]\ndate_hints = "Boost"\n', "search.date_hints"),  # was an error at search time only
    ],
)
def test_the_cli_says_which_key_and_exits_1(tmp_path: Path, toml: str, key: str) -> None:
    """Before: accepted as given (``max_file_bytes = -1`` skipped every file; ``inf`` was exit 3)."""
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Long-term\n\n- tea\n")
    write(ws, ".mdrecall.toml", toml)
    out = run_cli("-w", str(ws), "index")  # keyword-only (tests/conftest.py)
    assert out.returncode == 1, out.stdout + out.stderr
    assert key in out.stderr and "internal" not in out.stderr, out.stderr
    assert ".mdrecall.toml" in out.stderr or "overlap" in key, out.stderr  # two keys: no one place
    assert not (ws / ".mdrecall").exists()  # nothing was indexed with the bad value
