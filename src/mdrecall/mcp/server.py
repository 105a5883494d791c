"""The MCP server (``mdrecall mcp``): the memory tools over stdio or streamable HTTP.

A thin adapter on the official ``mcp`` SDK (``pip install 'mdrecall[mcp]'``): arguments are checked
against each tool's JSON schema, then :class:`mdrecall.agent.tools.MemoryTools` does the work; every
answer is JSON (structured content plus the same JSON as text). A file watcher keeps the index fresh
while the server runs. HTTP binds 127.0.0.1; any other address needs ``allow_remote`` and a bearer
token, and a token, when given, is required on every request.
"""

from __future__ import annotations

import hmac
import io
import json
import os
import signal
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

from mdrecall import __version__
from mdrecall.agent.tools import MemoryTools
from mdrecall.errors import ConfigError, MissingDependencyError
from mdrecall.mcp.tools import TOOLS, tool_named

if TYPE_CHECKING:
    from mdrecall.memory import Memory

__all__ = ["INSTRUCTIONS", "SCHEMAS", "ScreenedStream", "build_server", "is_loopback", "rpc_error", "serve"]

INSTRUCTIONS = (
    "mdrecall is this user's long-term memory: Markdown notes, daily logs and (optionally) past sessions. "
    "Call memory_search before answering questions about prior work, decisions, people, preferences, "
    "dates or to-dos; cite results as path#Lstart-Lend. Call memory_write to remember new durable facts."
)

#: Each tool's input schema, by name (the tools themselves: :data:`mdrecall.mcp.tools.TOOLS`).
SCHEMAS: dict[str, dict[str, Any]] = {t.name: t.schema for t in TOOLS}


def build_server(tools: MemoryTools) -> Any:
    """The low-level MCP ``Server`` with the memory tools (schemas and descriptions above)."""
    try:
        import anyio.to_thread
        import jsonschema
        from mcp import types
        from mcp.server.lowlevel import Server
    except ImportError as exc:
        raise MissingDependencyError("mcp", "mcp", "the MCP server") from exc

    def result(data: dict[str, Any], error: bool) -> types.CallToolResult:
        text = json.dumps(data, ensure_ascii=False)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)], structured_content=data, is_error=error
        )

    async def list_tools(_ctx: Any, _params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(
            tools=[
                types.Tool(
                    name=t.name,
                    description=t.description,
                    input_schema=t.schema,
                    annotations=types.ToolAnnotations(read_only_hint=t.read_only, open_world_hint=False),
                )
                for t in TOOLS
            ]
        )

    async def call_tool(_ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        name, args = params.name, dict(params.arguments or {})
        tool = tool_named(name)
        if tool is None:
            return result(
                {"error": f"unknown tool {name!r}", "action": f"Use one of {sorted(SCHEMAS)}."}, True
            )
        try:
            jsonschema.validate(args, tool.schema)
        except jsonschema.ValidationError as exc:
            where = ".".join(str(p) for p in exc.absolute_path) or "arguments"
            bad = {
                "error": f"invalid {where} for {name}: {exc.message}",
                "action": "Fix the arguments and retry.",
            }
            return result({"results": [], **bad} if name == "memory_search" else bad, True)
        data = await anyio.to_thread.run_sync(lambda: tool.handler(tools, args))
        return result(data, "error" in data)

    return Server(
        "mdrecall",
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (:mod:`mdrecall.plugins.http_client`'s check)."""
    from mdrecall.plugins.http_client import is_loopback_host

    return is_loopback_host(host)


ASGIApp = Callable[[MutableMapping[str, Any], Any, Any], Awaitable[None]]


def require_token(app: ASGIApp, token: str) -> ASGIApp:
    """Wrap an ASGI app so every HTTP request needs ``Authorization: Bearer <token>``."""
    expected = f"Bearer {token}".encode()

    async def guarded(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            got = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(got, expected):
                body = b'{"error": "missing or wrong bearer token"}'
                headers = [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]
                await send({"type": "http.response.start", "status": 401, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return guarded


def serve(
    memory: Memory,
    *,
    http: bool = False,
    host: str = "127.0.0.1",
    port: int = 8765,
    token: str | None = None,
    allow_remote: bool = False,
    watch: bool = True,
    tools: MemoryTools | None = None,
    serve_hooks: bool = True,
) -> None:
    """Run the server until the client disconnects (stdio) or the process is stopped (HTTP).

    ``serve_hooks``: also answer the workspace's per-turn hooks over its local socket
    (:mod:`mdrecall.services.serve`, when ``serve.enabled``), from a background thread."""
    if http and not is_loopback(host) and not (allow_remote and token):
        raise ConfigError(
            f"refusing to serve MCP on {host}: a non-loopback address needs --allow-remote and a bearer "
            "token (--token or MDRECALL_MCP_TOKEN)"
        )
    try:
        import anyio
    except ImportError as exc:
        raise MissingDependencyError("mcp", "mcp", "the MCP server") from exc
    server = build_server(tools or MemoryTools(memory))
    if threading.current_thread() is threading.main_thread():  # SIGTERM: stop cleanly (watcher says so)
        signal.signal(signal.SIGTERM, _exit_on_term)
    from mdrecall.index.backfill import Backfiller

    backfill = Backfiller(memory).start()  # missing vectors are filled here, never by a search
    watcher = None
    if watch and memory.config.watch.enabled:
        from mdrecall.services.watch import Watcher

        watcher = Watcher(memory, backfill=backfill).start()
    hooks = None
    if serve_hooks:
        from mdrecall.services.serve import start_background

        hooks = start_background(memory, lambda line: sys.stderr.write(f"mdrecall: {line}\n"))
    try:
        if http:
            _serve_http(server, host, port, token)
        else:
            from mcp.server.stdio import stdio_server

            async def run_stdio() -> None:
                private = os.dup(0)  # the protocol's stdin; fd 0 reads the null device meanwhile, as the
                null = os.open(os.devnull, os.O_RDONLY)  # SDK's own claim does: nothing a handler starts
                os.dup2(
                    null, 0
                )  # reads the protocol (the fd is never closed: a reader thread may block on it)
                os.close(null)
                text = io.TextIOWrapper(
                    os.fdopen(private, "rb", closefd=False), encoding="utf-8", errors="replace"
                )
                try:
                    lines: Any = ScreenedLines(anyio.wrap_file(text))
                    async with stdio_server(stdin=lines) as (read, write):
                        screened = ScreenedStream(read, write)
                        await server.run(screened, write, server.create_initialization_options())
                finally:
                    os.dup2(private, 0)

            anyio.run(run_stdio)
    finally:
        if hooks is not None:
            hooks.stop()
        if watcher is not None:
            watcher.stop()
        if not backfill.stop():  # waited for: exiting while the local model runs aborts the process
            sys.stderr.write("mdrecall: the background embedding did not stop in time\n")


def rpc_error(exc: Exception) -> Any:
    """The JSON-RPC error answering a line the transport could not read as a message, or ``None``.

    Not JSON: ``-32700`` (parse error, ``id`` null). JSON that is no JSON-RPC 2.0 message (another
    ``jsonrpc`` version, ``params`` not an object, no ``method``, not an object at all): ``-32600``
    (invalid request), with the message's ``id`` when it has a usable one, else null. ``exc`` is what the
    SDK's stdio transport passes on for such a line (a pydantic ``ValidationError``); anything else is
    not judged here (``None``).
    """
    from mcp import types
    from pydantic import ValidationError

    if not isinstance(exc, ValidationError):
        return None
    errors = exc.errors(include_url=False)
    if not errors or all(isinstance(e["input"], str) and not e["input"].strip() for e in errors):
        return None  # a blank line: nothing was asked
    if any(e["type"] == "json_invalid" for e in errors):
        data = types.ErrorData(code=types.PARSE_ERROR, message="Parse error: the line is not JSON")
        return types.JSONRPCError(jsonrpc="2.0", id=None, error=data)
    ident = next(
        (
            e["input"]["id"]
            for e in errors
            if isinstance(e["input"], dict)
            and isinstance(e["input"].get("id"), (int, str))
            and not isinstance(e["input"].get("id"), bool)
        ),
        None,
    )
    asked = [e for e in errors if e["loc"][:1] in (("JSONRPCRequest",), ("JSONRPCNotification",))]
    first = next((e for e in asked if e["type"] != "missing"), asked[0] if asked else errors[0])
    field = str(first["loc"][1]) if len(first["loc"]) > 1 else "message"
    message = f"Invalid Request: not a JSON-RPC 2.0 request or notification ({field}: {first['msg']})"
    data = types.ErrorData(code=types.INVALID_REQUEST, message=message)
    return types.JSONRPCError(jsonrpc="2.0", id=ident, error=data)


class ScreenedLines:
    """The protocol's stdin lines, where a message whose ``id`` is no JSON-RPC id (an object, an array, a
    boolean) becomes one the SDK refuses: its reader would take it for a notification (dropping the id) and
    answer nothing; refused, it gets :func:`rpc_error`'s ``-32600`` with ``id`` null."""

    def __init__(self, lines: Any) -> None:
        self._lines = lines

    def __aiter__(self) -> AsyncIterator[str]:
        return self._screened()

    async def _screened(self) -> AsyncIterator[str]:
        async for line in self._lines:
            yield screen_line(line)


def screen_line(line: str) -> str:
    """``line``, or a request the SDK refuses when its ``id`` is an object, an array or a boolean."""
    if '"id"' not in line:
        return line
    try:
        message = json.loads(line)
    except ValueError:
        return line
    if isinstance(message, dict) and isinstance(message.get("id"), (dict, list, bool)):
        return (
            json.dumps(
                {"jsonrpc": "2.0", "id": None, "method": "", "params": "an id must be a string or a number"}
            )
            + "\n"
        )
    return line


class ScreenedStream:
    """The stdio transport's read stream, with each malformed line answered by a JSON-RPC error.

    The SDK's stdio transport turns a line it cannot read into an exception on the stream, which the
    server only logs, so the client waits for an answer that never comes. This wrapper writes
    :func:`rpc_error`'s answer to the client and goes on reading; everything else passes unchanged
    (``last_context`` too, which the SDK reads from the stream).
    """

    def __init__(self, read: Any, write: Any) -> None:
        self._read = read
        self._write = write

    @property
    def last_context(self) -> Any:
        """The sender's context of the last item (the SDK's context-aware streams keep it)."""
        return getattr(self._read, "last_context", None)

    async def receive(self) -> Any:
        """The next message, or an exception nobody could answer."""
        from mcp.shared.message import SessionMessage

        while True:
            item = await self._read.receive()
            reply = rpc_error(item) if isinstance(item, Exception) else None
            if reply is None:
                return item
            await self._write.send(SessionMessage(reply))

    async def aclose(self) -> None:
        """Close the underlying stream."""
        await self._read.aclose()

    def __aiter__(self) -> ScreenedStream:
        return self

    async def __anext__(self) -> Any:
        import anyio

        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def __aenter__(self) -> ScreenedStream:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.aclose()


def _exit_on_term(_sig: int, _frame: Any) -> None:
    raise SystemExit(0)


def _serve_http(server: Any, host: str, port: int, token: str | None) -> None:
    import uvicorn

    app: Any = server.streamable_http_app(streamable_http_path="/mcp", host=host)
    if token:
        app = require_token(app, token)
    shown = f"[{host}]" if ":" in host else host
    sys.stderr.write(
        f"mdrecall: MCP server on http://{shown}:{port}/mcp" + (" (bearer token)" if token else "") + "\n"
    )
    sys.stderr.flush()
    from mdrecall.services.request_deadline import http_protocol

    http = http_protocol()  # a whole request within its deadline: no client holds a socket
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on", http=http)
    uvicorn.Server(config).run()
