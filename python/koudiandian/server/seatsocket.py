"""A table's WebSocket (``/tables/{id}/ws``): a seat's or a spectator's socket placed in
what stands, its messages read (at the rate its limits allow) and its frames written in
order; docs/server.md, "The WebSocket"."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import (
    InvalidTokenError,
    KoudiandianError,
    LimitError,
    ProtocolError,
    TableElsewhereError,
    TableNotFoundError,
    TableUnavailableError,
)
from .auth import SUBPROTOCOL, token_of_subprotocols
from .eagersend import send_now
from .httpio import client_address, lobby_of, may_know
from .inputs import count
from .limits import CLOSE_LIMIT, Gate, RateBucket
from .protocol import error_message, parse_message
from .rooms import Rooms
from .tables import CLOSE_MOVED, Connection, Table, no_table

__all__ = ["play", "CLOSE_NOT_FOUND", "CLOSE_BAD_TOKEN", "CLOSE_TOO_SLOW", "CLOSE_UNAVAILABLE"]

# WebSocket close codes (4000–4999 are the application's own).
#: No such table (or a private one, to a client without its tokens).
CLOSE_NOT_FOUND = 4404
#: The token is not one of the table's.
CLOSE_BAD_TOKEN = 4401
#: The client read too slowly: its queue of frames not yet sent passed its cap.
CLOSE_TOO_SLOW = 4408
#: The table cannot be played now (its stored rows cannot be read).
CLOSE_UNAVAILABLE = 4503


async def play(websocket: WebSocket) -> None:
    """The WebSocket route ``/tables/{id}/ws``: the socket accepted, then redirected (its
    table is played elsewhere), refused (no such table, over a limit) or served."""
    offered = list(websocket.scope.get("subprotocols") or [])
    await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    table_id = websocket.path_params["table_id"]
    lobby = lobby_of(websocket)
    try:
        table = lobby.get(table_id)
    except TableElsewhereError as e:
        token = websocket.query_params.get("token") or token_of_subprotocols(offered)
        if may_know(lobby, table_id, token):  # told where to go
            redirect = {"type": "redirect", "table": table_id, "url": e.owner}
            await websocket.send_text(json.dumps([redirect]))
            await websocket.close(CLOSE_MOVED)
        else:
            await websocket.send_text(json.dumps([error_message(no_table(table_id))]))
            await websocket.close(CLOSE_NOT_FOUND)
        return
    except (TableNotFoundError, TableUnavailableError) as e:
        await websocket.send_text(json.dumps([error_message(e)]))
        await websocket.close(
            CLOSE_NOT_FOUND if isinstance(e, TableNotFoundError) else CLOSE_UNAVAILABLE
        )
        return
    gate: Gate = websocket.app.state.gate
    try:
        with gate.socket(client_address(websocket), len(table.connections)):
            await _serve_socket(websocket, table, offered, gate.messages())
    except LimitError as e:
        await websocket.send_text(json.dumps([error_message(e)]))
        await websocket.close(CLOSE_LIMIT)


async def _serve_socket(
    websocket: WebSocket, table: Table, offered: list[str], messages: RateBucket
) -> None:
    """Serve one accepted socket of ``table``, its messages limited by ``messages``."""
    token = websocket.query_params.get("token") or token_of_subprotocols(offered)
    seat: int | None = None
    if token is None and table.spec.private:
        await websocket.send_text(json.dumps([error_message(no_table(table.id))]))
        await websocket.close(CLOSE_NOT_FOUND)
        return
    if token is not None:
        try:
            seat = table.holder_of(token)
        except InvalidTokenError as e:
            await websocket.send_text(json.dumps([error_message(e)]))
            await websocket.close(CLOSE_BAD_TOKEN)
            return
    try:
        hand_param = websocket.query_params.get("hand")
        hand = None if hand_param is None else count(hand_param, "hand")
        since = count(websocket.query_params.get("since", "0"), "since")
        views = websocket.query_params.get("views", "act")
        if views not in ("act", "all"):
            raise ProtocolError(f"views must be 'act' or 'all', got {views[:40]!r}")
    except ProtocolError as e:
        await websocket.send_text(json.dumps([error_message(e)]))
        await websocket.close(1008)
        return
    await table.settled()  # (a socket is placed in what stands)
    conn = table.connect(seat, hand, since, all_views=views == "all")
    writer = asyncio.get_running_loop().create_task(_write(websocket, conn))
    conn.direct = lambda text: send_now(websocket.send_text(text))
    try:
        await _read(websocket, table, conn, messages, token)
    finally:
        table.disconnect(conn)
        conn.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await writer


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send ``conn``'s queued messages in order, each after any frame sent at once and
    still being written (:attr:`Connection.inflight`); ``None`` closes the socket. A frame
    counts as queued until it is written (a frame pushed meanwhile queues behind it)."""
    while True:
        text = await conn.queue.get()
        if conn.inflight is not None:
            with contextlib.suppress(Exception):
                await conn.inflight
        if text is None:
            with contextlib.suppress(Exception):
                await websocket.close(CLOSE_TOO_SLOW if conn.overflowed else conn.close_code)
            return
        try:
            await websocket.send_text(text)
        except Exception:  # the client is gone; the reader sees it too
            return
        finally:
            conn.sent_frame(text)


async def _read(
    websocket: WebSocket,
    table: Table,
    conn: Connection,
    messages: RateBucket,
    token: str | None,
) -> None:
    """Take the client's messages (its socket opened with ``token``) until it leaves. A bad
    message gets an error and changes nothing; messages over the rate ``messages`` allows
    are taken later, at that rate."""
    while True:
        try:
            message = await websocket.receive()
        except WebSocketDisconnect:
            return
        if message["type"] == "websocket.disconnect":
            return
        wait = messages.delay()
        if wait > 0:  # over the rate: taken later (the socket's reading waits: backpressure)
            await asyncio.sleep(wait)
        data = message.get("text")
        if data is None:
            data = message.get("bytes") or b""
        try:
            msg = parse_message(data)
            if msg.type == "ping":
                conn.send({"type": "pong"})
                continue
            if conn.seat is None:
                raise InvalidTokenError(
                    "a spectator cannot act: connect with a seat's token to play it"
                )
            if msg.type == "ready":
                rooms: Rooms = websocket.app.state.rooms
                rooms.ready_at(table, token, msg.ready)
                continue
            if table.uncommitted:  # (a client acts on what it was shown: what stands)
                await table.settled()
            if msg.type == "resume":
                table.resume(conn.seat)
                continue
            refused = _refusal_to(conn, table)
            if msg.type == "dismiss":
                table.propose_dismiss(conn.seat, refused)
                continue
            if msg.type == "vote":
                table.vote(conn.seat, msg.accept, refused)
                continue
            assert msg.action is not None and msg.decision is not None
            table.act(conn.seat, msg.action, msg.decision, refused)
        except KoudiandianError as e:
            _refusal_to(conn, table)(e)


def _refusal_to(conn: Connection, table: Table) -> Callable[[KoudiandianError], None]:
    """What tells ``conn`` that its message was refused (``e``), with its seat's legal
    actions as they now stand."""

    def tell(e: KoudiandianError) -> None:
        legal = [] if conn.seat is None else table.legal_actions(conn.seat)
        conn.send(error_message(e, legal))

    return tell
