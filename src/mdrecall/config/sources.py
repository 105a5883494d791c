"""Where each config value comes from: the files consulted and, per key, the layer that set it last;
and the environment layer itself, the one place settings are read from the process environment.

Besides the ``MDRECALL_<KEY>`` variables that :func:`mdrecall.config.settings.load_config` applies, a few
settings are read from variables named by convention: providers' API keys and base URLs
(``OPENAI_API_KEY``, …, declared by each provider), ``MDRECALL_PG_DSN`` (when ``store.dsn`` is empty),
``MDRECALL_WORKSPACE`` (the CLI's default workspace) and the keys ``provider = "auto"`` looks for.
Stores, embedders and rerankers read them through :func:`environment` (``env`` replaces the process
environment, as for ``load_config``), never from ``os.environ`` directly.

:func:`config_report` follows :func:`mdrecall.config.settings.load_config`'s precedence (defaults →
user file → workspace file → environment → overrides), reading the same files and variables, so
``mdrecall config show --origin`` and ``mdrecall doctor`` tell the user which file or variable to edit.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from mdrecall.config.settings import WORKSPACE_CONFIG_NAME, Config, env_data, read_toml, user_config_path
from mdrecall.records import record

__all__ = [
    "DSN_ENV",
    "WORKSPACE_ENV",
    "ConfigFile",
    "ConfigReport",
    "config_report",
    "env_dsn",
    "env_value",
    "env_workspace",
    "environment",
    "flatten",
]

#: The PostgreSQL connection string, when ``store.dsn`` is empty.
DSN_ENV = "MDRECALL_PG_DSN"
#: The CLI's default workspace (``-w`` wins over it).
WORKSPACE_ENV = "MDRECALL_WORKSPACE"


def environment(env: Mapping[str, str] | None = None) -> Mapping[str, str]:
    """The environment layer: ``env`` when given (a test, a program embedding mdrecall), else the
    process environment."""
    return os.environ if env is None else env


def env_value(names: Iterable[str], env: Mapping[str, str] | None = None) -> str:
    """The value of the first of ``names`` that is set and not empty (``""`` if none is)."""
    source = environment(env)
    return next((source[k] for k in names if source.get(k)), "")


def env_dsn(env: Mapping[str, str] | None = None) -> str:
    """``$MDRECALL_PG_DSN`` (``""`` when unset)."""
    return env_value((DSN_ENV,), env)


def env_workspace(env: Mapping[str, str] | None = None) -> str | None:
    """``$MDRECALL_WORKSPACE`` (``None`` when unset or empty)."""
    return env_value((WORKSPACE_ENV,), env) or None


@record
class ConfigFile:
    """A config file mdrecall looks for, and whether it exists."""

    role: str  # "user" or "workspace"
    path: str
    found: bool


@record
class ConfigReport:
    """The effective values (dotted keys), each key's origin, and the files consulted."""

    values: dict[str, Any]
    origins: dict[str, str]
    files: list[ConfigFile]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "values": self.values,
            "origins": self.origins,
            "files": [dataclasses.asdict(f) for f in self.files],
        }


def flatten(obj: Any, prefix: str = "") -> dict[str, Any]:
    """A config (or a layer's table) as dotted keys; tables that are values (``agents``) stay whole."""
    out: dict[str, Any] = {}
    if dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if dataclasses.is_dataclass(value):
                out.update(flatten(value, f"{prefix}{f.name}."))
            else:
                out[prefix + f.name] = list(value) if isinstance(value, tuple) else value
    return out


def _layer_keys(template: Config, data: Mapping[str, Any]) -> list[str]:
    keys = []
    for key, value in data.items():
        name = key.replace("-", "_")
        current = getattr(template, name, None)
        if dataclasses.is_dataclass(current) and isinstance(value, Mapping):
            keys += [f"{name}.{k.replace('-', '_')}" for k in value]
        else:
            keys.append(name)
    return keys


def config_report(
    config: Config,
    workspace: str | os.PathLike[str] | None = None,
    overrides: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
    user_file: str | os.PathLike[str] | None = None,
) -> ConfigReport:
    """Describe ``config`` (as loaded for ``workspace`` with ``overrides``): values, origins, files."""
    env = environment(env)
    template = Config()
    origins = dict.fromkeys(flatten(template), "default")
    user = user_config_path(user_file)
    files = [ConfigFile("user", str(user), user.is_file())]
    layers: list[tuple[str, Mapping[str, Any]]] = []
    if user.is_file():
        layers.append((str(user), read_toml(user)))
    if workspace is not None:
        ws_file = Path(workspace).expanduser() / WORKSPACE_CONFIG_NAME
        files.append(ConfigFile("workspace", str(ws_file), ws_file.is_file()))
        if ws_file.is_file():
            layers.append((str(ws_file), read_toml(ws_file)))
    layers.append(("environment", env_data(template, env)))
    if overrides:
        layers.append(("flags", overrides))
    for origin, data in layers:
        for key in _layer_keys(template, data):
            if key in origins:
                env_name = "$MDRECALL_" + key.replace(".", "_").upper()
                origins[key] = env_name if origin == "environment" else origin
    return ConfigReport(flatten(config), origins, files)
