"""What every HTTP route shares: reading a request's body and token, the client's address,
the app's lobby, and the JSON answers for an error and for a table (or room) another process
serves (and whether a client may be told where it is)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from ..errors import InvalidTokenError, LimitError, ProtocolError, TableElsewhereError
from .inputs import count, safe_text
from .limits import Gate

if TYPE_CHECKING:
    from .lobby import Lobby

__all__ = [
    "MAX_BODY",
    "error_response",
    "read_body",
    "client_address",
    "request_token",
    "moved",
    "REDIRECT_HEADER",
    "creation_refused",
    "lobby_of",
    "may_know",
]

#: The largest request body read (a table spec, or a log to replay), in bytes.
MAX_BODY = 4 * 1024 * 1024


def error_response(status: int, e: Exception) -> JSONResponse:
    """The documented JSON error: the exception's class and its message (made safe)."""
    message = safe_text(str(e))
    return JSONResponse({"error": type(e).__name__, "message": message}, status_code=status)


async def read_body(request: Request) -> bytes:
    """The request's body, at most :data:`MAX_BODY` bytes (else :class:`ProtocolError`, as
    for a client that leaves before it has sent the whole body)."""
    size = count(request.headers.get("content-length") or "0", "content-length")
    if size > MAX_BODY:
        raise ProtocolError(f"request body of {size} bytes; at most {MAX_BODY}")
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise ProtocolError(f"request body over {MAX_BODY} bytes")
    except ClientDisconnect:  # (answered to no one: refused like any bad body, not a crash)
        raise ProtocolError(f"the client left after {len(body)} bytes of its body") from None
    return body


def client_address(conn: HTTPConnection) -> str:
    """The client's address (what per-client limits count by)."""
    return conn.client.host if conn.client is not None else "unknown"


def request_token(request: Request) -> str | None:
    """The token a request carries (``?token=`` or ``Authorization: Bearer``), if any."""
    token = request.query_params.get("token")
    auth = request.headers.get("authorization", "")
    if token is None and auth[:7].lower() == "bearer ":
        token = auth[7:].strip()
    return token


#: The request header with which a client asks to be told, not sent, where a table or room
#: is served (a page's ``fetch`` cannot follow a 307 to another origin): ``manual``.
REDIRECT_HEADER = "x-koudiandian-redirect"


def moved(request: Request, e: TableElsewhereError) -> Response:
    """A request for a table (or room) another process plays: a 307 to the same path there,
    and the JSON error naming the process's URL (``owner``); to a request with
    :data:`REDIRECT_HEADER` ``manual``, the same JSON as a 421 (Misdirected Request) with no
    ``location``, so that the client moves itself."""
    body = {"error": type(e).__name__, "message": safe_text(str(e)), "owner": e.owner}
    if request.headers.get(REDIRECT_HEADER, "").lower() == "manual":
        return JSONResponse(body, status_code=421)
    target = e.owner.rstrip("/") + request.url.path
    if request.url.query:
        target += "?" + request.url.query
    return JSONResponse(body, status_code=307, headers={"location": target})


def creation_refused(request: Request, live_tables: int) -> Response | None:
    """The answer to a request that would create a table (``POST /tables``, ``POST
    /rooms``) over the server's limits: a 503 when ``live_tables`` leave no room for one
    more, a 429 when the client's address creates too fast; ``None`` if it may (and then
    it is counted)."""
    gate: Gate = request.app.state.gate
    try:
        gate.check_tables(live_tables)
    except LimitError as e:
        return error_response(503, e)
    try:
        gate.count_creation(client_address(request))
    except LimitError as e:
        return error_response(429, e)
    return None


def lobby_of(conn: HTTPConnection) -> Lobby:
    """The lobby of the app serving ``conn``."""
    lobby: Lobby = conn.app.state.lobby
    return lobby


def may_know(lobby: Lobby, table_id: str, token: str | None) -> bool:
    """Whether a client with ``token`` may be told where table ``table_id`` (played by
    another process) is: a public one, or a private one with one of its tokens."""
    private, tokens = lobby.store.credentials(table_id)
    if not private:
        return True
    try:
        tokens.holder_of(token)
    except InvalidTokenError:
        return False
    return True
