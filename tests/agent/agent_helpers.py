"""Helpers for the agent-integration tests: a clean environment for a server process, real JSONL transcripts,
an MCP client. (The CLI itself: ``run_cli`` and ``run_process`` in tests/helpers.py.)"""

from __future__ import annotations

import asyncio
import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def isolated_env(home: Path) -> dict[str, str]:
    """A clean environment for a server subprocess (no developer config, keyword search only)."""
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("MDRECALL_") and not k.endswith("_API_KEY")
    }
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), MDRECALL_EMBEDDING_PROVIDER="none")
    return env


def write_jsonl(path: Path, records: Sequence[dict[str, Any]], mode: str = "w") -> Path:
    """Write (or append) JSON lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open(mode, encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r) + "\n")
    return path


SECRET_KEY = "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx"
SECRET_PASSWORD = "hunter2secret"
SECRET_BEARER = "abcdef1234567890tokenxyz"


def claude_code_transcript(session: str = "5f1c-session") -> list[dict[str, Any]]:
    """A Claude Code transcript: summary, user/assistant text, thinking, tool use and results, meta lines."""
    base = {
        "parentUuid": None,
        "isSidechain": False,
        "userType": "external",
        "cwd": "/work/proj",
        "sessionId": session,
    }
    return [
        {"type": "summary", "summary": "Billing migration", "leafUuid": "l0"},
        {
            **base,
            "type": "user",
            "uuid": "u1",
            "timestamp": "2026-01-26T09:30:00.000Z",
            "message": {
                "role": "user",
                "content": "We need to migrate the billing service to PostgreSQL. "
                f"Staging is postgres://admin:{SECRET_PASSWORD}@db.internal:5432/billing",
            },
        },
        {
            **base,
            "type": "assistant",
            "uuid": "a1",
            "timestamp": "2026-01-26T09:30:05.000Z",
            "message": {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4",
                "content": [
                    {"type": "thinking", "thinking": "private musing about zeppelins"},
                    {
                        "type": "text",
                        "text": "Understood: I will plan the PostgreSQL migration with "
                        "row-level locking for invoices.",
                    },
                    {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "ls"}},
                ],
            },
        },
        {
            **base,
            "type": "user",
            "uuid": "u2",
            "timestamp": "2026-01-26T09:30:09.000Z",
            "message": {
                "role": "user",
                "content": [
                    {"tool_use_id": "toolu_1", "type": "tool_result", "content": "schema.sql zeppelin.txt"}
                ],
            },
            "toolUseResult": {"stdout": "schema.sql zeppelin.txt"},
        },
        {
            **base,
            "type": "user",
            "isMeta": True,
            "timestamp": "2026-01-26T09:31:00.000Z",
            "message": {"role": "user", "content": "<command-name>/cost</command-name>"},
        },
        {
            **base,
            "type": "user",
            "uuid": "u3",
            "timestamp": "2026-01-26T09:32:00.000Z",
            "message": {
                "role": "user",
                "content": [
                    {
                        "type": "text",
                        "text": f"Deploy with the key {SECRET_KEY} "
                        "and tell Alice the Kestrel rollout is on Thursday.",
                    }
                ],
            },
        },
        {
            **base,
            "type": "assistant",
            "uuid": "a2",
            "timestamp": "2026-01-26T09:32:30.000Z",
            "message": {
                "role": "assistant",
                "content": [
                    {
                        "type": "text",
                        "text": "Deployed Kestrel. I called the "
                        f"API with Authorization: Bearer {SECRET_BEARER} and it answered 200.",
                    }
                ],
            },
        },
    ]


def openclaw_transcript() -> list[dict[str, Any]]:
    """An OpenClaw-style transcript: a session header, then ``{"type": "message", ...}`` lines."""
    return [
        {"type": "session", "version": 3, "id": "oc-1", "timestamp": "2026-01-27T10:00:00.000Z", "cwd": "/x"},
        {
            "type": "message",
            "id": "m1",
            "parentId": None,
            "timestamp": "2026-01-27T10:00:01.000Z",
            "message": {
                "role": "user",
                "content": [{"type": "text", "text": "What did Bob decide about the onboarding funnel?"}],
            },
        },
        {
            "type": "message",
            "id": "m2",
            "parentId": "m1",
            "timestamp": "2026-01-27T10:00:04.000Z",
            "message": {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "Bob moved the onboarding funnel deadline to March 3rd."},
                    {"type": "toolCall", "id": "c1", "name": "read", "arguments": {"path": "x"}},
                ],
            },
        },
        {
            "type": "message",
            "id": "m3",
            "parentId": "m2",
            "timestamp": "2026-01-27T10:00:05.000Z",
            "message": {
                "role": "toolResult",
                "toolCallId": "c1",
                "content": [{"type": "text", "text": "walrus output"}],
            },
        },
    ]


def chat_lines(n: int, start: int = 0, word: str = "filler") -> list[dict[str, Any]]:
    """``n`` alternating user/assistant messages in the OpenClaw shape."""
    out = []
    for i in range(start, start + n):
        role = "user" if i % 2 == 0 else "assistant"
        text = f"{word} message number {i} about routine things"
        out.append(
            {
                "type": "message",
                "id": f"x{i}",
                "message": {"role": role, "content": [{"type": "text", "text": text}]},
            }
        )
    return out


class McpClient:
    """An MCP SDK client held open in a background event loop, so tests can call tools synchronously."""

    def __init__(self, target: Any) -> None:
        self._target = target
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stop: asyncio.Event | None = None
        self.client: Any = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())

    async def _main(self) -> None:
        from mcp import Client

        self._stop = asyncio.Event()
        try:
            async with Client(self._target, read_timeout_seconds=60) as client:
                self.client = client
                self._ready.set()
                await self._stop.wait()
        except BaseException as exc:  # noqa: BLE001 - reported to the test thread
            self._error = exc
            self._ready.set()

    def __enter__(self) -> McpClient:
        self._thread.start()
        if not self._ready.wait(90) or self._error is not None:
            raise RuntimeError(f"MCP client did not connect: {self._error!r}")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)

    def _do(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(90)

    def list_tools(self) -> list[Any]:
        return self._do(self.client.list_tools()).tools

    def call(self, name: str, args: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        """``(is_error, structured result)``; the text content must be the same JSON."""
        res = self._do(self.client.call_tool(name, args))
        data = res.structured_content
        assert json.loads(res.content[0].text) == data
        return bool(res.is_error), data
