"""The ASGI application: HTTP routes, the WebSocket route, the browser table's files.

``create_app(db)`` builds it over a :class:`Store`; ``koudiandian serve`` runs it with
uvicorn. The protocol is ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import (
    InvalidEventLogError,
    InvalidTokenError,
    KoudiandianError,
    LimitError,
    ProtocolError,
    StorageError,
    TableElsewhereError,
    TableNotFoundError,
    TableUnavailableError,
)
from ..execbot import ExecBot
from .auth import SUBPROTOCOL, token_of_subprotocols
from .botregistry import BotRegistry
from .eagersend import send_now
from .httpio import (
    MAX_BODY,
    client_address,
    creation_refused,
    error_response,
    moved,
    read_body,
    request_token,
)
from .inputs import count, load_json
from .limits import CLOSE_LIMIT, BotGate, Gate, Limits, RateBucket
from .lobby import Lobby
from .metrics import health, metrics_text
from .names import names
from .origin import OriginGuard, normal_origin
from .protocol import error_message, parse_message
from .replay import frames, hands_of_jsonl
from .roomroutes import ROOM_ROUTES, status_of
from .rooms import Rooms, table_record
from .spec import TableSpec
from .store import DEFAULT_LEASE, Store
from .tables import CLOSE_MOVED, Connection, Table, no_table
from .windows import DEFAULT_CLAIM_WAIT

__all__ = ["create_app", "MAX_BODY", "WS_MAX_SIZE"]

#: The largest WebSocket frame uvicorn accepts at all (larger ones close the socket, 1009);
#: messages up to this size but over ``protocol.MAX_MESSAGE`` get an error and the socket stays open.
WS_MAX_SIZE = 64 * 1024
_STATIC = Path(__file__).parent / "static"
_log = logging.getLogger("koudiandian.server")

#: Seconds between the garbage collector's full passes while the server runs: on a clock,
#: not at Python's count of allocations. A full pass walks every live object (each socket's
#: coroutines, each table's state) and stalls the event loop for it: with 1,000 tables and
#: 2,000 sockets, 100–570 ms, and Python's default count ran one every few seconds of play
#: as the tables grew (benches/README.md, "The tail"). The server makes no garbage in
#: cycles as it plays (a table let go, a socket's HTTP protocol after its upgrade: freed at
#: once), and what a young generation's pass finds dead it collects; a full pass only
#: bounds what else may reach the oldest generation.
FULL_PASS_SECONDS = 300.0


async def _collect_forever() -> None:
    """The collector's full passes, every :data:`FULL_PASS_SECONDS`."""
    while True:
        await asyncio.sleep(FULL_PASS_SECONDS)
        gc.collect()


# WebSocket close codes (4000–4999 are the application's own).
CLOSE_NOT_FOUND = 4404
CLOSE_BAD_TOKEN = 4401
CLOSE_TOO_SLOW = 4408
CLOSE_UNAVAILABLE = 4503


def create_app(
    db: str | Path | Store = ":memory:",
    *,
    bot_delay: float = 0.5,
    durable: bool = False,
    claim_wait: float = DEFAULT_CLAIM_WAIT,
    allow_seeds: bool = False,
    limits: Limits | None = None,
    allowed_origins: Sequence[str] = (),
    server: str | None = None,
    url: str = "",
    lease: float = DEFAULT_LEASE,
    bots: Mapping[str, str | ExecBot] | None = None,
) -> Starlette:
    """The server over the database ``db`` (a path, or a :class:`Store`). Tables stored
    there are rebuilt at startup. ``bot_delay`` is the default of a table's bot delay;
    ``claim_wait`` the wait after each discard at a table with a person (``.windows``);
    ``allow_seeds`` lets ``POST /tables`` pick a table's seed (for tests and replays: the
    seed deals every wall), refused otherwise. ``limits`` are the server's limits
    (default ``Limits()``). Browsers' state-changing requests and sockets are taken from
    the server's own origin and ``allowed_origins`` only (``origin.py``).

    Several processes may share one database (a PostgreSQL URL, docs/server.md): ``server``
    is this process's id there (default ``url``, or ``"local"``; a process restarted with
    the same id takes its tables back at once), ``url`` its public URL (where clients of its
    tables are sent), ``lease`` the seconds a table's lease lasts unless renewed.

    ``bots`` are the operator's bots (:class:`~.botregistry.BotRegistry`): each name maps to
    an ``exec:`` command, or to an :class:`ExecBot` with its limits; a table's creator may
    seat a bot by its name, never by a command (docs/server.md, "Bot seats in the
    server"). Every process that shares a database should register the same bots: a table
    moved to a process that lacks its bot has ``greedy`` play that seat. A bad name or
    command raises :class:`InvalidArgumentError` here."""
    origins = [normal_origin(o) for o in allowed_origins]  # a bad one raises here
    registry = BotRegistry(bots)
    limits = Limits() if limits is None else limits
    store = db if isinstance(db, Store) else Store(db, durable=durable)
    lobby = Lobby(
        store,
        default_bot_delay=bot_delay,
        claim_wait=claim_wait,
        bot_gate=BotGate(limits.bot_share, limits.bot_slice),
        server=server or url or "local",
        url=url,
        lease=lease,
        bots=registry,
        group_commit=True,
    )

    rooms = Rooms(lobby)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for line in registry.describe():
            _log.info("registered %s", line)
        lobby.load()
        # What is loaded now lives as long as the server: keep it out of the collector's
        # full passes (they would stall every table), and run those passes on a clock.
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(thresholds[0], thresholds[1], 1_000_000)  # (full passes: on a clock)
        collector = asyncio.get_running_loop().create_task(_collect_forever())
        lobby.start()
        yield
        collector.cancel()
        await lobby.stop()
        gc.set_threshold(*thresholds)
        if store is not db:  # the app opened it: the app closes it
            store.close()

    guard = Middleware(OriginGuard, allowed_origins=origins)
    app = Starlette(
        routes=_ROUTES,
        lifespan=lifespan,
        middleware=[guard],
        exception_handlers={404: _no_route, 405: _no_route},
    )
    app.state.lobby = lobby
    app.state.rooms = rooms
    app.state.bot_delay = bot_delay
    app.state.allow_seeds = allow_seeds
    app.state.gate = Gate(limits)
    return app


async def _no_route(request: Request, exc: Exception) -> Response:
    """A path no route serves (404) or a method the route does not take (405), as the
    documented JSON error."""
    status = getattr(exc, "status_code", 404)
    what = "no route" if status == 404 else "the route does not take"
    error = ProtocolError(f"{what} {request.method} {request.url.path[:200]}")
    return error_response(status, error)


def _lobby(conn: HTTPConnection) -> Lobby:
    """The lobby of the app serving ``conn``."""
    lobby: Lobby = conn.app.state.lobby
    return lobby


async def create_table(request: Request) -> Response:
    lobby = _lobby(request)
    refused = creation_refused(request, lobby.live_count())
    if refused is not None:
        return refused
    try:
        spec = TableSpec.parse(
            load_json(await read_body(request), "the request body"),
            default_bot_delay=request.app.state.bot_delay,
            allow_seed=request.app.state.allow_seeds,
            bots=lobby.bots.names,
        )
        table, tokens, watch, url = lobby.create(spec)
    except StorageError as e:
        return error_response(503, e)
    except KoudiandianError as e:
        return error_response(400, e)
    body = {"id": table.id, "tokens": tokens, "watch_token": watch, "url": url}
    return JSONResponse({**body, "state": table.public_state()}, status_code=201)


def _may_know(lobby: Lobby, table_id: str, token: str | None) -> bool:
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


def _found(lobby: Lobby, table_id: str, token: str | None) -> Table:
    """The table ``table_id`` (:meth:`Lobby.get`); a private one only for ``token``, one of
    its tokens, else it is not there: a client without one is not even told where it is
    played."""
    try:
        table = lobby.get(table_id)
    except TableElsewhereError:
        if not _may_know(lobby, table_id, token):
            raise no_table(table_id) from None
        raise
    if table.spec.private:
        try:
            table.holder_of(token)
        except InvalidTokenError:
            raise no_table(table_id) from None
    return table


async def _table(request: Request) -> Table:
    """The table of the request's path (:func:`_found`, with the request's token), once
    what it has taken is committed (:meth:`Table.settled`: only what stands is shown)."""
    table = _found(_lobby(request), request.path_params["table_id"], request_token(request))
    await table.settled()
    return table


async def list_tables(request: Request) -> Response:
    lobby = _lobby(request)
    if lobby.commits is not None:
        await lobby.commits.drain()  # (only what stands is shown)
    return JSONResponse({"tables": lobby.listing()})


async def get_table(request: Request) -> Response:
    try:
        table = await _table(request)
        return JSONResponse({**table.public_state(), "url": _lobby(request).url})
    except TableElsewhereError as e:
        return moved(request, e)
    except TableNotFoundError as e:
        return error_response(404, e)
    except TableUnavailableError as e:
        return error_response(503, e)


async def get_table_record(request: Request) -> Response:
    """The match's scoreboard (one row per finished hand, docs/server.md "Rooms")."""
    try:
        return JSONResponse(table_record(await _table(request)))
    except TableElsewhereError as e:
        return moved(request, e)
    except KoudiandianError as e:
        return error_response(status_of(e), e)


async def get_hand(request: Request) -> Response:
    """A finished hand's full log (the wall and every decision)."""
    try:
        hand = count(request.path_params["hand"], "hand")
        game = (await _table(request)).finished_hand(hand)
    except TableElsewhereError as e:
        return moved(request, e)
    except TableNotFoundError as e:
        return error_response(404, e)
    except TableUnavailableError as e:
        return error_response(503, e)
    except ProtocolError as e:
        return error_response(400, e)
    return JSONResponse({"hand": hand, "events": game.events})


async def get_hand_replay(request: Request) -> Response:
    try:
        hand = count(request.path_params["hand"], "hand")
        game = (await _table(request)).finished_hand(hand)
    except TableElsewhereError as e:
        return moved(request, e)
    except TableNotFoundError as e:
        return error_response(404, e)
    except TableUnavailableError as e:
        return error_response(503, e)
    except ProtocolError as e:
        return error_response(400, e)
    return JSONResponse({"hand": hand, "hands": 1, "frames": frames(game.events)})


async def post_replay(request: Request) -> Response:
    """Frames of one hand of an uploaded log: JSONL (``simulate --log``), a JSON game
    (``Game.to_json``) or ``{"events": [...]}``; ``?hand=i`` picks a line."""
    try:
        text = (await read_body(request)).decode("utf-8", errors="replace")
        hand = count(request.query_params.get("hand", "0"), "hand")
        stripped = text.strip()
        if stripped.startswith("{") and "\n" not in stripped:
            obj = load_json(stripped, "the request body")
            hands = [obj["events"]] if isinstance(obj.get("events"), list) else []
            if not hands:
                raise ProtocolError("the body has no 'events' list")
        else:
            hands = hands_of_jsonl(text)
        if not 0 <= hand < len(hands):
            raise ProtocolError(f"hand {hand} asked for; the log has {len(hands)}")
        return JSONResponse({"hand": hand, "hands": len(hands), "frames": frames(hands[hand])})
    except (ProtocolError, InvalidEventLogError) as e:
        return error_response(400, e)


async def get_names(request: Request) -> Response:
    """The names the browser table shows (transfer reasons, patterns, wildcards)."""
    return JSONResponse(names())


async def get_health(request: Request) -> Response:
    """Whether this process serves: 200 with its counts, or 503 when its database does not
    answer (a load balancer takes it out)."""
    body, ok = health(_lobby(request))
    return JSONResponse(body, status_code=200 if ok else 503)


async def get_metrics(request: Request) -> Response:
    """This process's figures in Prometheus's text format (docs/server.md, "Metrics")."""
    return Response(metrics_text(_lobby(request)), media_type="text/plain; version=0.0.4")


async def index(request: Request) -> Response:
    return FileResponse(_STATIC / "index.html")


async def play(websocket: WebSocket) -> None:
    offered = list(websocket.scope.get("subprotocols") or [])
    await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    table_id = websocket.path_params["table_id"]
    lobby = _lobby(websocket)
    try:
        table = lobby.get(table_id)
    except TableElsewhereError as e:
        token = websocket.query_params.get("token") or token_of_subprotocols(offered)
        if _may_know(lobby, table_id, token):  # told where to go
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


_ROUTES = [
    Route("/", index),
    Route("/tables", create_table, methods=["POST"]),
    Route("/tables", list_tables, methods=["GET"]),
    Route("/tables/{table_id}", get_table),
    Route("/tables/{table_id}/record", get_table_record),
    Route("/tables/{table_id}/hands/{hand}", get_hand),
    Route("/tables/{table_id}/hands/{hand}/replay", get_hand_replay),
    Route("/replay", post_replay, methods=["POST"]),
    *ROOM_ROUTES,
    Route("/names", get_names),
    Route("/health", get_health),
    Route("/metrics", get_metrics),
    WebSocketRoute("/tables/{table_id}/ws", play),
    Mount("/static", StaticFiles(directory=_STATIC), name="static"),
]


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
