"""The ASGI application: HTTP routes, the WebSocket route, the browser table's files.

``create_app(db)`` builds it over a :class:`Store`; ``koudiandian serve`` runs it with
uvicorn. The protocol is ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import (
    InvalidEventLogError,
    InvalidTokenError,
    KoudiandianError,
    ProtocolError,
    TableNotFoundError,
)
from .names import names
from .protocol import error_message, parse_message
from .replay import frames, hands_of_jsonl
from .spec import TableSpec
from .store import Store
from .tables import Connection, Lobby, Table
from .windows import DEFAULT_CLAIM_WAIT

__all__ = ["create_app", "MAX_BODY", "WS_MAX_SIZE"]

#: The largest request body read (a table spec, or a log to replay), in bytes.
MAX_BODY = 4 * 1024 * 1024
#: The largest WebSocket frame uvicorn accepts at all (larger ones close the socket, 1009);
#: messages up to this size but over ``protocol.MAX_MESSAGE`` get an error and the socket stays open.
WS_MAX_SIZE = 64 * 1024
_STATIC = Path(__file__).parent / "static"

# WebSocket close codes (4000–4999 are the application's own).
CLOSE_NOT_FOUND = 4404
CLOSE_BAD_TOKEN = 4401
CLOSE_TOO_SLOW = 4408


def _error(status: int, e: Exception) -> JSONResponse:
    return JSONResponse({"error": type(e).__name__, "message": str(e)}, status_code=status)


async def _body(request: Request) -> bytes:
    size = int(request.headers.get("content-length") or 0)
    if size > MAX_BODY:
        raise ProtocolError(f"request body of {size} bytes; at most {MAX_BODY}")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ProtocolError(f"request body over {MAX_BODY} bytes")
    return body


def _json(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError as e:
        raise ProtocolError(f"the request body is not JSON: {e}") from None


def create_app(
    db: str | Path | Store = ":memory:",
    *,
    bot_delay: float = 0.5,
    durable: bool = False,
    claim_wait: float = DEFAULT_CLAIM_WAIT,
) -> Starlette:
    """The server over the database ``db`` (a path, or a :class:`Store`). Tables stored
    there are rebuilt at startup. ``bot_delay`` is the default of a table's bot delay;
    ``claim_wait`` the wait after each discard at a table with a person (``.windows``)."""
    store = db if isinstance(db, Store) else Store(db, durable=durable)
    lobby = Lobby(store, default_bot_delay=bot_delay, claim_wait=claim_wait)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby.load()
        # What is loaded now lives as long as the server: keep it out of the collector's
        # full passes (they would stall every table).
        gc.freeze()
        lobby.start()
        yield
        await lobby.stop()

    app = Starlette(routes=_ROUTES, lifespan=lifespan)
    app.state.lobby = lobby
    app.state.bot_delay = bot_delay
    return app


def _lobby(conn: HTTPConnection) -> Lobby:
    """The lobby of the app serving ``conn``."""
    lobby: Lobby = conn.app.state.lobby
    return lobby


async def create_table(request: Request) -> Response:
    try:
        spec = TableSpec.parse(
            _json(await _body(request)), default_bot_delay=request.app.state.bot_delay
        )
        table, tokens = _lobby(request).create(spec)
    except KoudiandianError as e:
        return _error(400, e)
    return JSONResponse(
        {"id": table.id, "tokens": tokens, "state": table.public_state()}, status_code=201
    )


def _table(request: Request) -> Table:
    return _lobby(request).get(request.path_params["table_id"])


async def list_tables(request: Request) -> Response:
    return JSONResponse(
        {
            "tables": [
                {"id": t.id, "seats": list(t.spec.seats), "over": t.over}
                for t in _lobby(request).tables.values()
            ]
        }
    )


async def get_table(request: Request) -> Response:
    try:
        return JSONResponse(_table(request).public_state())
    except TableNotFoundError as e:
        return _error(404, e)


async def get_hand(request: Request) -> Response:
    """A finished hand's full log (the wall and every decision)."""
    try:
        hand = _int_param(request.path_params["hand"], "hand")
        game = _table(request).finished_hand(hand)
    except TableNotFoundError as e:
        return _error(404, e)
    except ProtocolError as e:
        return _error(400, e)
    return JSONResponse({"hand": hand, "events": game.events})


async def get_hand_replay(request: Request) -> Response:
    try:
        hand = _int_param(request.path_params["hand"], "hand")
        game = _table(request).finished_hand(hand)
    except TableNotFoundError as e:
        return _error(404, e)
    except ProtocolError as e:
        return _error(400, e)
    return JSONResponse({"hand": hand, "hands": 1, "frames": frames(game.events)})


async def post_replay(request: Request) -> Response:
    """Frames of one hand of an uploaded log: JSONL (``simulate --log``), a JSON game
    (``Game.to_json``) or ``{"events": [...]}``; ``?hand=i`` picks a line."""
    try:
        text = (await _body(request)).decode("utf-8", errors="replace")
        hand = _int_param(request.query_params.get("hand", "0"), "hand")
        stripped = text.strip()
        if stripped.startswith("{") and "\n" not in stripped:
            obj = _json(stripped.encode())
            hands = [obj["events"]] if isinstance(obj.get("events"), list) else []
            if not hands:
                raise ProtocolError("the body has no 'events' list")
        else:
            hands = hands_of_jsonl(text)
        if not 0 <= hand < len(hands):
            raise ProtocolError(f"hand {hand} asked for; the log has {len(hands)}")
        return JSONResponse({"hand": hand, "hands": len(hands), "frames": frames(hands[hand])})
    except (ProtocolError, InvalidEventLogError) as e:
        return _error(400, e)


async def get_names(request: Request) -> Response:
    """The names the browser table shows (transfer reasons, patterns, wildcards)."""
    return JSONResponse(names())


async def index(request: Request) -> Response:
    return FileResponse(_STATIC / "index.html")


async def play(websocket: WebSocket) -> None:
    await websocket.accept()
    table_id = websocket.path_params["table_id"]
    try:
        table = _lobby(websocket).get(table_id)
    except TableNotFoundError as e:
        await websocket.send_text(json.dumps([error_message(e)]))
        await websocket.close(CLOSE_NOT_FOUND)
        return
    token = websocket.query_params.get("token")
    seat: int | None = None
    if token is not None:
        try:
            seat = table.seat_of(token)
        except InvalidTokenError as e:
            await websocket.send_text(json.dumps([error_message(e)]))
            await websocket.close(CLOSE_BAD_TOKEN)
            return
    try:
        hand_param = websocket.query_params.get("hand")
        hand = None if hand_param is None else _int_param(hand_param, "hand")
        since = _int_param(websocket.query_params.get("since", "0"), "since")
        views = websocket.query_params.get("views", "act")
        if views not in ("act", "all"):
            raise ProtocolError(f"views must be 'act' or 'all', got {views[:40]!r}")
    except ProtocolError as e:
        await websocket.send_text(json.dumps([error_message(e)]))
        await websocket.close(1008)
        return
    conn = table.connect(seat, hand, since, all_views=views == "all")
    writer = asyncio.get_running_loop().create_task(_write(websocket, conn))
    try:
        await _read(websocket, table, conn)
    finally:
        table.disconnect(conn)
        conn.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await writer


_ROUTES = [
    Route("/", index),
    Route("/tables", create_table, methods=["POST"]),
    Route("/tables", list_tables, methods=["GET"]),
    Route("/tables/{table_id}", get_table),
    Route("/tables/{table_id}/hands/{hand}", get_hand),
    Route("/tables/{table_id}/hands/{hand}/replay", get_hand_replay),
    Route("/replay", post_replay, methods=["POST"]),
    Route("/names", get_names),
    WebSocketRoute("/tables/{table_id}/ws", play),
    Mount("/static", StaticFiles(directory=_STATIC), name="static"),
]


def _int_param(text: str, name: str) -> int:
    if not text.isdigit() or len(text) > 9:
        raise ProtocolError(f"{name} must be a number 0 or more, got {text[:40]!r}")
    return int(text)


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send ``conn``'s queued messages in order; ``None`` closes the socket."""
    while True:
        text = await conn.queue.get()
        if text is None:
            with contextlib.suppress(Exception):
                await websocket.close(CLOSE_TOO_SLOW if conn.overflowed else 1000)
            return
        try:
            await websocket.send_text(text)
        except Exception:  # the client is gone; the reader sees it too
            return


async def _read(websocket: WebSocket, table: Table, conn: Connection) -> None:
    """Take the client's messages until it leaves. A bad message gets an error and changes
    nothing."""
    while True:
        try:
            message = await websocket.receive()
        except WebSocketDisconnect:
            return
        if message["type"] == "websocket.disconnect":
            return
        data = message.get("text")
        if data is None:
            data = message.get("bytes") or b""
        try:
            kind, action = parse_message(data)
            if kind == "ping":
                conn.send({"type": "pong"})
                continue
            assert action is not None
            if conn.seat is None:
                raise InvalidTokenError(
                    "a spectator cannot act: connect with a seat's token to play it"
                )
            table.act(conn.seat, action)
        except KoudiandianError as e:
            legal = [] if conn.seat is None else table.legal_actions(conn.seat)
            conn.send(error_message(e, legal))
