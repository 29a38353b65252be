"""The Origin check and the security headers, as one ASGI middleware.

A browser names the page that makes a request in its ``Origin`` header. A state-changing
request (any method but GET, HEAD and OPTIONS) and every WebSocket that names an origin
must name an allowed one: the server's own (the scheme and ``Host`` the request came to)
or one of ``allowed_origins`` (the public URLs of the server's other processes, or of a
proxy in front of it). Anything else is refused with :class:`OriginError`: a 403 with the
JSON error, or on a socket an ``error`` message and close code
:data:`CLOSE_FORBIDDEN_ORIGIN`. A request without an ``Origin`` (a client that is not a
browser: scripts, the load benchmark) passes: the check protects browsers' users from
other pages, not the server from clients.

Every HTTP response carries :func:`security_headers`: a Content-Security-Policy that lets
the page load only its own scripts, styles and sockets and no frame embed it,
``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` and
``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, MutableMapping
from typing import Any

from starlette.responses import JSONResponse

from ..errors import InvalidArgumentError, OriginError
from .protocol import error_message

__all__ = ["OriginGuard", "normal_origin", "security_headers", "CLOSE_FORBIDDEN_ORIGIN"]

#: The close code of a socket opened from a page of a foreign origin.
CLOSE_FORBIDDEN_ORIGIN = 4403
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")
_ORIGIN = re.compile(r"^(https?)://([^/?#\s]+)$")
_DEFAULT_PORT = {"http": ":80", "https": ":443"}


def normal_origin(url: str) -> str:
    """``url``'s origin, as a browser writes it: ``scheme://host[:port]``, in lower case,
    without a default port or a trailing slash. Raises :class:`InvalidArgumentError` for
    anything but an http(s) URL with no path."""
    match = _ORIGIN.match(url.strip().rstrip("/").lower()) if isinstance(url, str) else None
    if match is None or not _HOST.match(match.group(2)):
        raise InvalidArgumentError(
            f"an allowed origin is scheme://host[:port] (http or https), got {url!r}"
        )
    scheme, host = match.groups()
    return f"{scheme}://{host.removesuffix(_DEFAULT_PORT[scheme])}"


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _own_origin(scope: dict[str, Any]) -> str | None:
    """The origin the request came to (its scheme and ``Host``), if the Host is sane."""
    host = _header(scope, b"host")
    if host is None or not _HOST.match(host):
        return None
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    return f"{scheme}://{host.lower().removesuffix(_DEFAULT_PORT[scheme])}"


def security_headers(host: str | None) -> list[tuple[bytes, bytes]]:
    """The headers every response carries; ``host`` (the request's ``Host``, if sane) lets
    the page's socket connect back to it."""
    sockets = f" ws://{host} wss://{host}" if host is not None and _HOST.match(host) else ""
    csp = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    )
    return [
        (b"content-security-policy", csp.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
    ]


class OriginGuard:
    """ASGI middleware: the Origin check on state-changing requests and sockets, and the
    security headers on every response. ``allowed_origins`` are origins allowed besides the
    server's own (each checked by :func:`normal_origin`)."""

    def __init__(self, app: Any, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = frozenset(normal_origin(o) for o in allowed_origins)

    def _refusal(self, scope: dict[str, Any]) -> OriginError | None:
        origin = _header(scope, b"origin")
        if origin is None:
            return None
        if scope["type"] == "http" and scope.get("method", "GET") in _SAFE_METHODS:
            return None
        given = origin.strip().lower()
        if given == _own_origin(scope) or given in self.allowed:
            return None
        return OriginError(
            f"a request from a page of {origin[:100]!r}: this server takes requests only "
            "from its own pages and its allowed origins"
        )

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Check the request's origin, then call the app, adding the security headers."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if scope["type"] == "websocket":
            if refusal is not None:
                await _refuse_socket(receive, send, refusal)
            else:
                await self.app(scope, receive, send)
            return
        extra = security_headers(_header(scope, b"host"))

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)

        if refusal is not None:
            response = JSONResponse(
                {"error": type(refusal).__name__, "message": str(refusal)}, status_code=403
            )
            await response(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


async def _refuse_socket(receive: Any, send: Any, error: OriginError) -> None:
    """Accept the socket only to say why it is refused, then close it."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps([error_message(error)])})
    await send({"type": "websocket.close", "code": CLOSE_FORBIDDEN_ORIGIN})
