"""One typed configuration object, and how it is loaded.

Precedence, lowest to highest:

1. built-in defaults (the dataclasses below);
2. the user file: ``$MDRECALL_CONFIG`` if set, else ``$XDG_CONFIG_HOME/mdrecall/config.toml``
   (``~/.config/mdrecall/config.toml``);
3. the workspace file: ``<workspace>/.mdrecall.toml``;
4. environment variables: ``MDRECALL_<KEY>`` for top-level keys and ``MDRECALL_<SECTION>_<KEY>`` for
   keys of a section (``MDRECALL_SEARCH_MAX_RESULTS=10``, ``MDRECALL_EMBEDDING_PROVIDER=openai``);
5. explicit overrides (CLI flags, or ``load_config(overrides=...)``).

Every key is documented in ``docs/config.md``; a test fails when one is not.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Mapping
from dataclasses import field, fields, replace
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

from mdrecall.config.limits import check_config, check_value
from mdrecall.errors import ConfigError
from mdrecall.records import record

__all__ = [
    "CaptureConfig",
    "ChunkingConfig",
    "Config",
    "DatesConfig",
    "DreamingConfig",
    "EntitiesConfig",
    "HistoryConfig",
    "FlushConfig",
    "QmdConfig",
    "ScopeConfig",
    "SessionsConfig",
    "ServeConfig",
    "WatchConfig",
    "EmbeddingConfig",
    "IndexConfig",
    "ReadConfig",
    "RecallConfig",
    "RerankConfig",
    "SearchConfig",
    "StoreConfig",
    "TeamConfig",
    "load_config",
    "user_config_path",
    "WORKSPACE_CONFIG_NAME",
]

WORKSPACE_CONFIG_NAME = ".mdrecall.toml"


@record
class ChunkingConfig:
    """How Markdown files are cut into chunks (1 token ≈ 4 characters)."""

    tokens: int = 300
    overlap: int = 60
    parent_tokens: int = 500


@record
class IndexConfig:
    """What is indexed and how files are read."""

    max_file_bytes: int = 10_000_000
    sync_on_search: bool = True


@record
class ReadConfig:
    """Limits of ``get``: at most this many lines and characters per call."""

    max_lines: int = 120
    max_chars: int = 12_000


@record
class SearchConfig:
    """Ranking knobs; see ``docs/search.md`` for what each stage does."""

    max_results: int = 6
    min_score: float = 0.35
    snippet_chars: int = 700
    mode: str = "hybrid"
    fusion: str = "weighted"
    vector_weight: float = 0.5
    text_weight: float = 0.5
    rrf_k: int = 60
    candidate_multiplier: int = 4
    candidate_cap: int = 200
    decay_enabled: bool = False
    decay_half_life_days: float = 30.0
    mmr_enabled: bool = False
    mmr_lambda: float = 0.7
    merge_neighbours: bool = False
    synonyms: dict[str, list[str]] = field(default_factory=dict)
    date_hints: str = "boost"
    skip_stages: tuple[str, ...] = ()
    show_newer: bool = True
    kind_boost: float = 0.15
    used_boost: float = 1.05


@record
class EmbeddingConfig:
    """Which embedder turns text into vectors (``provider = "none"`` for keyword search only)."""

    provider: str = "auto"
    model: str = ""
    base_url: str = ""
    api_key: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    dims: int = 0
    batch_size: int = 64
    timeout_s: float = 30.0
    max_retries: int = 3
    fallback: str = ""
    cache_max_entries: int = 200_000
    batch_api: bool = False
    concurrency: int = 4
    price_per_million_tokens: float = 0.0
    options: dict[str, Any] = field(default_factory=dict)


@record
class RerankConfig:
    """An optional reranker (a cross-encoder behind an HTTP API) that re-scores the top hits."""

    provider: str = "none"
    model: str = ""
    base_url: str = ""
    api_key: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    top_n: int = 20
    timeout_s: float = 10.0
    max_retries: int = 1
    options: dict[str, Any] = field(default_factory=dict)


@record
class StoreConfig:
    """Where the index lives. ``path`` empty means ``<workspace>/.mdrecall/index.sqlite``."""

    backend: str = "sqlite"
    path: str = ""
    dsn: str = ""


@record
class SessionsConfig:
    """Agent transcripts (JSONL) indexed as source ``sessions`` (opt-in)."""

    enabled: bool = False
    paths: tuple[str, ...] = ()
    delta_bytes: int = 100_000
    delta_messages: int = 50
    retention_days: int = 30


@record
class WatchConfig:
    """The file watcher (``mdrecall watch`` and inside the MCP server)."""

    enabled: bool = True
    debounce_s: float = 1.5
    backend: str = "auto"
    poll_interval_s: float = 2.0


@record
class ServeConfig:
    """The local search server the per-turn hooks talk to (``mdrecall serve``, the MCP server, ``watch``)."""

    enabled: bool = True
    auto_start: bool = True
    idle_exit_minutes: float = 30.0
    auto_max: int = 4


@record
class FlushConfig:
    """Pre-compaction memory flush policy."""

    reserve_tokens_floor: int = 20_000
    soft_threshold_tokens: int = 4_000
    capture_messages: int = 15


@record
class CaptureConfig:
    """Per-turn capture of conversations into ``memory/conversations/`` and the "Noted" list."""

    turns: bool = True
    max_chars: int = 2000
    salience: bool = True
    salience_roles: tuple[str, ...] = ("user",)  # only what the user said is noted (docs/security.md)
    max_notes_per_turn: int = 5
    rules: dict[str, list[str]] = field(default_factory=dict)
    transcripts: tuple[str, ...] = ()
    share_notes: bool = False


@record
class DreamingConfig:
    """Promotion of often-recalled notes into ``MEMORY.md``."""

    min_score: float = 0.8
    min_recalls: int = 3
    min_unique_queries: int = 3
    max_age_days: int = 30
    record_recalls: bool = True
    confirm_window_s: float = 600.0
    max_promotions: int = 10


@record
class ScopeConfig:
    """Where memory search may answer: by chat type and session-key prefix."""

    default: str = "deny"
    allow_chat_types: tuple[str, ...] = ("direct",)
    allow_key_prefixes: tuple[str, ...] = ()
    deny_key_prefixes: tuple[str, ...] = ()
    deny_chat_types: tuple[str, ...] = ()
    search_agents: tuple[str, ...] = ()


@record
class TeamConfig:
    """A workspace shared by a team of agents, searched beside each agent's own."""

    workspace: str = ""
    write: str = "private"
    name: str = "team"


@record
class QmdConfig:
    """The optional QMD sidecar backend (``backend = "qmd"``)."""

    command: str = "qmd"
    mode: str = "search"
    timeout_s: float = 30.0
    update_interval_s: float = 300.0
    embed: bool = False


@record
class EntitiesConfig:
    """Entities and relationships extracted from the files (see ``docs/entities.md``)."""

    aliases: dict[str, list[str]] = field(default_factory=dict)
    min_name_files: int = 2
    boost: float = 0.0
    expand_aliases: bool = True
    auto_aliases: bool = True
    #: The supersession cross-encoder (:mod:`mdrecall.knowledge.changes.cross_pairs`) adds pairs beside the
    # rules'
    #: (off, or without onnxruntime or the local model: the rules alone). Off by default: it costs ~3× the
    #: index's CPU at 1,000 notes (its bound is rebuilt on each sync) and raises stray marks on sets it never
    #: saw (docs/entities.md, session 22).
    supersession_model: bool = False


@record
class DatesConfig:
    """How dates in the notes are read (see ``docs/entities.md``)."""

    #: The order of a numeric day and month ("4/6"): ``auto`` (the one the workspace's pages agree on),
    #: ``dmy`` or ``mdy``; a page's own legend or unambiguous dates win either way.
    order: str = "auto"


@record
class HistoryConfig:
    """Transaction time: where past versions of the files come from."""

    git: bool = True
    git_timeout_s: float = 10.0
    max_versions: int = 200


@record
class RecallConfig:
    """Per-prompt recall: the ``UserPromptSubmit`` hook, ``memory_recall``, :meth:`mdrecall.Memory.recall`."""

    enabled: bool = True
    min_score: float = 0.5
    max_chars: int = 2000
    max_hits: int = 3
    deadline_ms: int = 300
    local_model: bool = False


@record
class Config:
    """The whole configuration, passed to :class:`mdrecall.Memory` in one piece."""

    extra_paths: tuple[str, ...] = ()
    chunking: ChunkingConfig = field(default_factory=ChunkingConfig)
    index: IndexConfig = field(default_factory=IndexConfig)
    read: ReadConfig = field(default_factory=ReadConfig)
    search: SearchConfig = field(default_factory=SearchConfig)
    embedding: EmbeddingConfig = field(default_factory=EmbeddingConfig)
    rerank: RerankConfig = field(default_factory=RerankConfig)
    store: StoreConfig = field(default_factory=StoreConfig)
    backend: str = "builtin"
    agent_id: str = ""
    agents: dict[str, dict[str, Any]] = field(default_factory=dict)
    sessions: SessionsConfig = field(default_factory=SessionsConfig)
    watch: WatchConfig = field(default_factory=WatchConfig)
    serve: ServeConfig = field(default_factory=ServeConfig)
    flush: FlushConfig = field(default_factory=FlushConfig)
    capture: CaptureConfig = field(default_factory=CaptureConfig)
    dreaming: DreamingConfig = field(default_factory=DreamingConfig)
    scope: ScopeConfig = field(default_factory=ScopeConfig)
    team: TeamConfig = field(default_factory=TeamConfig)
    qmd: QmdConfig = field(default_factory=QmdConfig)
    entities: EntitiesConfig = field(default_factory=EntitiesConfig)
    dates: DatesConfig = field(default_factory=DatesConfig)
    history: HistoryConfig = field(default_factory=HistoryConfig)
    recall: RecallConfig = field(default_factory=RecallConfig)

    def merged(self, data: Mapping[str, Any], origin: str = "overrides") -> Config:
        """Return a copy with ``data`` (nested like the TOML file) applied on top."""
        cfg = _apply(self, data, origin)
        check_config(cfg)
        return cfg


def user_config_path(
    user_file: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None
) -> Path:
    """The user-level config file path (it need not exist): ``user_file`` (the ``--config`` flag),
    else ``$MDRECALL_CONFIG``, else ``$XDG_CONFIG_HOME/mdrecall/config.toml``."""
    env = os.environ if env is None else env
    explicit = user_file or env.get("MDRECALL_CONFIG")
    if explicit:
        return Path(explicit).expanduser()
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "mdrecall" / "config.toml"


def load_config(
    workspace: str | os.PathLike[str] | None = None,
    overrides: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
    user_file: str | os.PathLike[str] | None = None,
) -> Config:
    """Load the config with the documented precedence (defaults → user → workspace → env → overrides).

    ``user_file`` replaces the user file (the CLI's ``--config``); ``env`` replaces ``os.environ`` for the
    ``MDRECALL_<KEY>`` variables (the user file's location is read from the process environment).
    """
    env = os.environ if env is None else env
    cfg = Config()
    user = user_config_path(user_file)
    if user.is_file():
        cfg = _apply(cfg, read_toml(user), str(user))
    if workspace is not None:
        ws_file = Path(workspace).expanduser() / WORKSPACE_CONFIG_NAME
        if ws_file.is_file():
            cfg = _apply(cfg, read_toml(ws_file), str(ws_file))
    cfg = _apply(cfg, env_data(cfg, env), "environment")
    if overrides:
        cfg = _apply(cfg, overrides, "overrides")
    check_config(cfg)
    return cfg


def read_toml(path: Path) -> dict[str, Any]:
    """A config file's data (a clear :class:`ConfigError` for one that is not valid TOML)."""
    if sys.version_info >= (3, 11):  # here: a run with no config file loads no TOML parser
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.10 only
        import tomli as tomllib
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read config file {path}: {exc}. Fix or remove the file.") from exc


def env_data(cfg: Config, env: Mapping[str, str]) -> dict[str, Any]:
    """The config layer the ``MDRECALL_*`` variables of ``env`` make, shaped like a TOML file's data."""
    data: dict[str, Any] = {}
    for f in fields(cfg):
        value = getattr(cfg, f.name)
        if dataclasses.is_dataclass(value):
            for sub in fields(value):
                key = f"MDRECALL_{f.name}_{sub.name}".upper()
                if key in env:
                    data.setdefault(f.name, {})[sub.name] = env[key]
        else:
            key = f"MDRECALL_{f.name}".upper()
            if key in env:
                data[f.name] = env[key]
    return data


def _apply(obj: Any, data: Mapping[str, Any], origin: str, section: str = "") -> Any:
    if not isinstance(data, Mapping):
        raise ConfigError(f"{origin}: expected a table, got {data!r}")
    hints = get_type_hints(type(obj))
    known = {f.name for f in fields(obj)}
    changes: dict[str, Any] = {}
    for key, value in data.items():
        name = key.replace("-", "_")
        if name not in known:
            raise ConfigError(f"{origin}: unknown config key '{key}'. Known keys: {', '.join(sorted(known))}")
        current = getattr(obj, name)
        if dataclasses.is_dataclass(current):
            changes[name] = _apply(current, value, f"{origin} [{name}]", name)
        else:
            changes[name] = _coerce(value, hints[name], f"{origin}: {section + '.' if section else ''}{name}")
            check_value(section, name, changes[name], origin, value)
    return replace(obj, **changes)


def _coerce(value: Any, hint: Any, where: str) -> Any:
    origin = get_origin(hint)
    try:
        if hint is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in {"1", "true", "yes", "on"}:
                return True
            if text in {"0", "false", "no", "off"}:
                return False
            raise ValueError(f"not a boolean: {value!r}")
        if hint is int:
            if isinstance(value, bool):
                raise ValueError("a boolean is not an integer")
            return int(value)
        if hint is float:
            return float(value)
        if hint is str:
            if not isinstance(value, (str, int, float)):
                raise ValueError(f"not a string: {value!r}")
            return str(value)
        if origin is tuple:
            if isinstance(value, str):
                value = [p for p in value.split(os.pathsep) if p]
            if not isinstance(value, (list, tuple)):
                raise ValueError(f"not a list: {value!r}")
            return tuple(str(v) for v in value)
        if origin is dict:
            if isinstance(value, str):
                import json

                value = json.loads(value)
            if not isinstance(value, Mapping):
                raise ValueError(f"not a table: {value!r}")
            key_t, val_t = get_args(hint)
            return {str(k): _coerce(v, val_t, where) if val_t is not Any else v for k, v in value.items()}
        if origin is list:
            if isinstance(value, str):
                value = [value]
            (item_t,) = get_args(hint)
            return [_coerce(v, item_t, where) for v in value]
    except (TypeError, ValueError, OverflowError) as exc:  # the last: int(inf)
        raise ConfigError(f"{where}: invalid value {value!r} ({exc})") from exc
    return value
