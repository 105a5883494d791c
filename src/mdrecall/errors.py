"""The one exception hierarchy of mdrecall.

::

    MdrecallError                 base: anything mdrecall raises on purpose
    ├── ConfigError               a config file, variable or flag is invalid
    ├── WorkspaceError            the workspace is missing or not usable
    ├── PathError                 a path is outside the memory files, not Markdown, or a symlink
    ├── WriteError                a memory file could not be written (it was left as it was)
    ├── StoreError                the index cannot be opened, read or written
    │   └── IndexCorruptError     the index file is damaged (moved aside and rebuilt from Markdown)
    ├── ProviderError             a model provider failed, timed out or is misconfigured
    │   ├── EmbedderError         … an embedding provider
    │   │   └── ProviderUnavailableError  it timed out, could not be reached or kept failing
    │   └── RerankError           … a reranker (the fused order is kept)
    ├── BackendError              a search backend (QMD) failed (the builtin store answers)
    ├── MissingDependencyError    an optional extra is not installed (names the pip command)
    └── NotFoundError             a requested file or item does not exist

Every message says what went wrong in the library's own words: it names no command of the CLI. Where
the fix is a step the front ends word each their own way, the error carries it as :attr:`~MdrecallError.
next_step` (one of :data:`NEXT_STEPS`; :attr:`~MdrecallError.subject` is what it applies to): the CLI
appends its command (:mod:`mdrecall.cli.errors`), the MCP tools name their tool
(:mod:`mdrecall.agent.tool_hints`). Each class also says, as class attributes, its stable ``code`` (the
CLI's JSON error code) and the ``action`` an agent is told to take (the MCP tools' ``{error, action}``);
a subclass inherits both unless it says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "BackendError",
    "ConfigError",
    "EmbedderError",
    "IndexCorruptError",
    "MdrecallError",
    "MissingDependencyError",
    "NEXT_STEPS",
    "NotFoundError",
    "PathError",
    "ProviderError",
    "ProviderUnavailableError",
    "RerankError",
    "StoreError",
    "WorkspaceError",
    "WriteError",
    "require_extra",
]


#: The steps an error may name as :attr:`MdrecallError.next_step`, and what each means.
NEXT_STEPS = {
    "init": "make the folder named by ``subject`` a workspace",
    "index": "build or bring up to date the index of the workspace",
    "entities": "list the entities the index knows",
}


class MdrecallError(Exception):
    """Base class for every error mdrecall raises on purpose."""

    #: The stable JSON error code (``mdrecall --json``).
    code = "error"
    #: What an agent should do next (the MCP tools' ``action``).
    action = "Check the arguments and retry."
    #: The step that would help (a key of :data:`NEXT_STEPS`), or ``""``; each front end words it.
    next_step = ""
    #: What :attr:`next_step` applies to (a folder for ``init``), or ``""``.
    subject = ""

    def __init__(self, *args: object, next_step: str = "", subject: str = "") -> None:
        super().__init__(*args)
        if next_step:
            self.next_step = next_step
        if subject:
            self.subject = subject

    def worded(self, hints: Mapping[str, str]) -> str:
        """The message, then a front end's wording of :attr:`next_step` (``hints[next_step]``, with
        ``{subject}`` filled in) when it has one."""
        message = str(self)
        hint = hints.get(self.next_step, "") if self.next_step else ""
        if not hint:
            return message
        stop = "" if message.endswith((".", "?", "!")) else "."
        return f"{message}{stop} {hint.format(subject=self.subject or 'DIR')}"


class ConfigError(MdrecallError):
    """A config file, environment variable or flag has an invalid value."""

    code = "config"
    action = "Fix the mdrecall configuration (see docs/config.md)."


class WorkspaceError(MdrecallError):
    """The workspace folder is missing or cannot be used."""

    code = "workspace"
    action = "Create the workspace with `mdrecall init <dir>` or fix the configured workspace."


class PathError(MdrecallError):
    """A path escapes the allowed memory files, is not Markdown, or is a symlink."""

    code = "path"
    action = "Use a path returned by memory_search (MEMORY.md, memory/**.md or a configured extra path)."


class WriteError(MdrecallError):
    """A memory file could not be written (full disk, short write, read-only); nothing was saved."""

    code = "write"


class StoreError(MdrecallError):
    """The index store cannot be opened, read or written."""

    code = "store"
    action = "The index is unusable; run `mdrecall index --force` and try again."


class ProviderError(MdrecallError):
    """A model provider (embeddings, reranking) failed, timed out or is misconfigured."""

    code = "provider"


class EmbedderError(ProviderError):
    """An embedding provider failed, timed out or is misconfigured."""

    code = "embedder"
    action = "Retry; keyword search still works (search mode bm25)."


class RerankError(ProviderError):
    """A reranker failed, timed out or is misconfigured; searches keep the fused order."""

    code = "rerank"


class BackendError(MdrecallError):
    """A search backend (such as QMD) failed; the builtin store answers instead."""

    code = "backend"


class IndexCorruptError(StoreError):
    """The index file is damaged; the Markdown is intact and the index can be rebuilt from it."""


class ProviderUnavailableError(EmbedderError):
    """A provider timed out, could not be reached, or kept answering with server errors."""


class MissingDependencyError(MdrecallError):
    """An optional dependency is missing; the message names the exact install command."""

    code = "missing_dependency"

    def __init__(self, package: str, extra: str, purpose: str) -> None:
        self.package = package
        self.extra = extra
        super().__init__(
            f"{purpose} needs the Python package '{package}', which is not installed. "
            f"Install it with: pip install 'mdrecall[{extra}]'"
        )


class NotFoundError(MdrecallError):
    """A requested file or item does not exist."""

    code = "not_found"
    action = "It is not in memory (a file gone or renamed, an unknown entity); search again."


def require_extra(module: str, package: str, extra: str, purpose: str) -> None:
    """Raise :class:`MissingDependencyError` unless ``module`` (from ``package``) can be imported."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise MissingDependencyError(package, extra, purpose)
