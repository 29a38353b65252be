"""Closing slow or half-sent requests: a deadline on uvicorn's HTTP protocol.

uvicorn (0.54) times out only an idle keep-alive connection after a response
(``timeout_keep_alive``); a client that opens a connection and sends half a request line,
or headers that never end, or trickles them a byte at a time, or sends its headers and then
a body that never ends (or trickles in), holds a file descriptor forever.
:func:`header_deadline_protocol` makes a subclass of uvicorn's HTTP protocol (httptools'
when installed, as uvicorn's ``auto`` picks, else h11's) that checks each connection every
``timeout`` seconds and closes it if no request's headers were completed since the last
check and no request is being answered, or if the request whose headers were complete at
the last check is still sending its body (a body is under the same deadline as headers:
from one check to the next). A WebSocket, once its upgrade request is complete, belongs to
uvicorn's WebSocket protocol (its pings time out a silent peer) and is no longer checked.
"""

from __future__ import annotations

import asyncio
from typing import Any

__all__ = ["header_deadline_protocol"]


def _base() -> type[Any]:
    try:
        import httptools  # noqa: F401
    except ImportError:  # pragma: no cover - uvicorn's fallback
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    return HttpToolsProtocol


def header_deadline_protocol(timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class, closing a connection that completes no request's
    headers, or whose request completes no body, within ``timeout`` seconds (``timeout >
    0``; between one and two of them, as the checks fall); give it to
    ``uvicorn.run(http=...)``."""
    if not timeout > 0:
        raise ValueError(f"timeout must be > 0 seconds, got {timeout!r}")
    base = _base()

    class HeaderDeadlineProtocol(base):  # type: ignore[misc, valid-type]
        """uvicorn's HTTP protocol with a deadline on each request's headers."""

        def connection_made(self, transport: asyncio.Transport) -> None:
            """Start the connection's periodic check."""
            super().connection_made(transport)
            self._seen_cycle = self.cycle
            self._deadline = self.loop.call_later(timeout, self._check_deadline)

        def handle_websocket_upgrade(self) -> None:
            """Hand the connection to uvicorn's WebSocket protocol. This one is done with
            it: its check stops, and the cycle through its parser's callbacks is broken
            (uvicorn breaks it only when the connection is lost, which this protocol is no
            longer told), so that it is freed at once, not at the collector's next full
            pass (``app.FULL_PASS_SECONDS``)."""
            super().handle_websocket_upgrade()
            self._deadline.cancel()
            self.parser = None

        def connection_lost(self, exc: Exception | None) -> None:
            """Stop the check."""
            self._deadline.cancel()
            super().connection_lost(exc)

        def _check_deadline(self) -> None:
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed, or upgraded to a WebSocket
            cycle = self.cycle
            idle = cycle is None or cycle.response_complete
            if idle and cycle is self._seen_cycle:
                transport.close()  # no request's headers completed in ``timeout`` seconds
                return
            if not idle and cycle is self._seen_cycle and cycle.more_body:
                transport.close()  # its body has not come in ``timeout`` seconds
                return
            self._seen_cycle = cycle
            self._deadline = self.loop.call_later(timeout, self._check_deadline)

    return HeaderDeadlineProtocol
