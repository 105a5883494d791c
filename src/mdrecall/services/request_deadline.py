"""A deadline for reading a whole HTTP request, for the servers run on uvicorn (``mdrecall ui``,
``mdrecall mcp --http``).

uvicorn bounds the idle time between requests (its keep-alive timeout) but not the time a request takes
to arrive: a client that sends its head or its body a byte every few seconds (any byte cancels the
keep-alive timer) holds its connection, and a file descriptor, for as long as it likes, and a few hundred
such clients leave the server no descriptor for anyone else. :class:`DeadlineProtocol` gives each request
:data:`REQUEST_DEADLINE_S` from its first byte (from the connection's opening for the first) until the
client has sent all of it, head and body; past it the connection is closed (with a ``408`` when no
response was begun). A response may take as long as it takes (a stream is a response); only the
client's sending is timed. The timer is one per connection, armed and cancelled in constant time.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["REQUEST_DEADLINE_S", "DeadlineProtocol", "http_protocol"]

#: How long a client may take to send one whole request (head and body), in seconds.
REQUEST_DEADLINE_S = 10.0
#: What a client whose request ran past its deadline is told, before the connection closes.
_TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


class DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on receiving each request (see the module)."""

    deadline_s: float = REQUEST_DEADLINE_S

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = self.loop.call_later(self.deadline_s, self._expired)

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.conn.their_state is not h11.DONE:  # a next request begins
            self._deadline = self.loop.call_later(self.deadline_s, self._expired)
        super().data_received(data)
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._disarm()  # the whole request is in: the response may take its time

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.IDLE:
            self._disarm()  # between requests: uvicorn's keep-alive timeout bounds the wait

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _disarm(self) -> None:
        if getattr(self, "_deadline", None) is not None:
            self._deadline.cancel()  # type: ignore[union-attr]
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED):
            return
        if self.cycle is None or not self.cycle.response_started:
            self.transport.write(_TIMED_OUT)
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True  # the app waiting on the body is told the client is gone
            self.cycle.message_event.set()
        self.transport.close()


def http_protocol(deadline_s: float = REQUEST_DEADLINE_S) -> Any:
    """The protocol class to pass as ``uvicorn.Config(http=...)``: :class:`DeadlineProtocol`, with
    ``deadline_s`` when it is not the default."""
    if deadline_s == REQUEST_DEADLINE_S:
        return DeadlineProtocol
    return type("DeadlineProtocol", (DeadlineProtocol,), {"deadline_s": deadline_s})
