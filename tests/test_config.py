from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.config.settings import Config, load_config
from mdrecall.errors import ConfigError


def test_defaults() -> None:
    cfg = load_config(env={})
    assert cfg == Config()
    assert cfg.search.max_results == 6
    assert cfg.search.min_score == 0.35
    assert cfg.chunking.tokens == 300 and cfg.chunking.overlap == 60 and cfg.chunking.parent_tokens == 500
    assert cfg.read.max_lines == 120 and cfg.read.max_chars == 12_000


def test_precedence_user_workspace_env_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    user = tmp_path / "xdg" / "mdrecall" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text('[search]\nmax_results = 3\nmin_score = 0.1\nmode = "bm25"\n[chunking]\ntokens = 200\n')
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / ".mdrecall.toml").write_text('extra_paths = ["docs"]\n[search]\nmax_results = 4\nmin_score = 0.2\n')
    env = {"MDRECALL_SEARCH_MIN_SCORE": "0.3", "MDRECALL_EXTRA_PATHS": "a:b"}
    cfg = load_config(ws, overrides={"search": {"min_score": 0.5}}, env=env)
    assert cfg.chunking.tokens == 200  # user file
    assert cfg.search.mode == "bm25"  # user file
    assert cfg.search.max_results == 4  # workspace beats user
    assert cfg.extra_paths == ("a", "b")  # env beats workspace
    assert cfg.search.min_score == 0.5  # overrides beat env


def test_explicit_config_file_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "custom.toml"
    f.write_text("[index]\nsync_on_search = false\n")
    monkeypatch.setenv("MDRECALL_CONFIG", str(f))
    assert load_config(env={}).index.sync_on_search is False


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ({"search": {"max_results": "many"}}, "max_results"),
        ({"search": {"nope": 1}}, "unknown config key 'nope'"),
        ({"bogus": 1}, "unknown config key 'bogus'"),
        ({"index": {"sync_on_search": "perhaps"}}, "sync_on_search"),
        ({"search": 3}, "expected a table"),
    ],
)
def test_invalid_values_are_clear_errors(data: dict, match: str) -> None:
    with pytest.raises(ConfigError, match=match):
        Config().merged(data)


def test_broken_toml_names_the_file(tmp_path: Path) -> None:
    ws = tmp_path
    (ws / ".mdrecall.toml").write_text("[search\n")
    with pytest.raises(ConfigError, match=r"\.mdrecall\.toml"):
        load_config(ws, env={})


def test_env_booleans_and_dicts() -> None:
    env = {"MDRECALL_INDEX_SYNC_ON_SEARCH": "off", "MDRECALL_EMBEDDING_HEADERS": '{"X-Team": "a"}'}
    cfg = load_config(env=env)
    assert cfg.index.sync_on_search is False
    assert cfg.embedding.headers == {"X-Team": "a"}
