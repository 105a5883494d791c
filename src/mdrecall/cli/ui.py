"""``ui``: the local web page (served by :mod:`mdrecall.ui.command`)."""

from __future__ import annotations

import click

from mdrecall.cli.app import command, open_memory

__all__ = ["cmd_ui"]


@command("ui")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port to listen on (0: any free port).")  # fmt: skip
@click.option("--host", default=None, metavar="ADDR",
              help="Listen on this address instead of 127.0.0.1 (leaves loopback: anyone who can reach it "
                   "and has the token can read the memory).")  # fmt: skip
@click.option("--no-open", is_flag=True, help="Do not open a browser; only print the URL.")
def cmd_ui(port: int, host: str | None, no_open: bool) -> int:
    """Serve a local web page to see, search and curate memory (prints its URL with the token)."""
    from mdrecall.ui.command import serve

    serve(open_memory, host, port, open_browser=not no_open, say=click.echo)
    return 0
