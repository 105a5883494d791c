"""The ``ui`` command lives in :mod:`mdrecall.ui.command`; importing it here registers it."""

from mdrecall.ui.command import cmd_ui

__all__ = ["cmd_ui"]
