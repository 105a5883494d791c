"""``mdrecall ui``: a local web page to see, search and curate a workspace's memory, offline.

- :mod:`.command`: the ``ui`` command (flags, the listening socket, the printed URL, Ctrl-C).
- :mod:`.security`: the gate every request passes (Host, token cookie, Origin, headers).
- :mod:`.app`: the Starlette routes, one per page; :mod:`.data`: the library calls they make;
  :mod:`.render`: Markdown (raw HTML off) with line numbers, highlighted terms, the SVG chart.
- ``templates/`` (Jinja2, autoescaped) and ``static/`` (CSS and optional JS) ship in the package.

Needs the ``ui`` extra (Starlette, Uvicorn, Jinja2, markdown-it-py): ``pip install 'mdrecall[ui]'``.
"""

from __future__ import annotations

__all__ = ["require_ui"]

_NEEDED = (
    ("starlette", "starlette"),
    ("uvicorn", "uvicorn"),
    ("jinja2", "jinja2"),
    ("markdown_it", "markdown-it-py"),
)


def require_ui() -> None:
    """Raise :class:`~mdrecall.errors.MissingDependencyError` if a part is missing."""
    import importlib.util

    from mdrecall.errors import MissingDependencyError

    for module, package in _NEEDED:
        if importlib.util.find_spec(module) is None:
            raise MissingDependencyError(package, "ui", "The web UI (mdrecall ui)")
