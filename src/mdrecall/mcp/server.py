"""The MCP server (``mdrecall mcp``): the memory tools over stdio or streamable HTTP.

A thin adapter on the official ``mcp`` SDK (``pip install 'mdrecall[mcp]'``): arguments are checked
against each tool's JSON schema, then :class:`mdrecall.agent.tools.MemoryTools` does the work; every
answer is JSON (structured content plus the same JSON as text). A file watcher keeps the index fresh
while the server runs. HTTP binds 127.0.0.1; any other address needs ``allow_remote`` and a bearer
token, and a token, when given, is required on every request.
"""

from __future__ import annotations

import hmac
import json
import signal
import sys
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

from mdrecall import __version__
from mdrecall.agent.tools import MemoryTools
from mdrecall.errors import ConfigError, MissingDependencyError
from mdrecall.mcp.tools import TOOLS, tool_named

if TYPE_CHECKING:
    from mdrecall.memory import Memory

__all__ = ["INSTRUCTIONS", "SCHEMAS", "build_server", "is_loopback", "serve"]

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
) -> None:
    """Run the server until the client disconnects (stdio) or the process is stopped (HTTP)."""
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
    try:
        if http:
            _serve_http(server, host, port, token)
        else:
            from mcp.server.stdio import stdio_server

            async def run_stdio() -> None:
                async with stdio_server() as (read, write):
                    await server.run(read, write, server.create_initialization_options())

            anyio.run(run_stdio)
    finally:
        if watcher is not None:
            watcher.stop()
        if not backfill.stop():  # waited for: exiting while the local model runs aborts the process
            sys.stderr.write("mdrecall: the background embedding did not stop in time\n")


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
    uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on")).run()
