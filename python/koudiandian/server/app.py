"""The ASGI application: HTTP routes, the WebSocket route, the browser table's files.

``create_app(db)`` builds it over a :class:`Store`; ``koudiandian serve`` runs it with
uvicorn. The protocol is ``docs/server.md``; the routes are the tables' and the process's
(:mod:`.tableroutes`), the rooms' (:mod:`.roomroutes`) and a table's WebSocket
(:mod:`.seatsocket`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, WebSocketRoute
from starlette.staticfiles import StaticFiles

from ..botzone.spec import BotzoneBot
from ..errors import ProtocolError
from ..execbot import ExecBot
from .botregistry import BotRegistry
from .httpio import MAX_BODY, error_response
from .limits import BotGate, Gate, Limits
from .lobby import Lobby
from .metrics import Metrics
from .origin import OriginGuard, normal_origin
from .roomroutes import ROOM_ROUTES
from .rooms import Rooms
from .seatsocket import play
from .store import DEFAULT_LEASE, Store
from .tableroutes import STATIC, TABLE_ROUTES
from .windows import DEFAULT_CLAIM_WAIT

__all__ = ["create_app", "MAX_BODY", "WS_MAX_SIZE"]

#: The largest WebSocket frame uvicorn accepts at all (larger ones close the socket, 1009);
#: messages up to this size but over ``protocol.MAX_MESSAGE`` get an error and the socket stays open.
WS_MAX_SIZE = 64 * 1024
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
    bots: Mapping[str, str | ExecBot | BotzoneBot] | None = None,
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
    metrics = Metrics(lobby)
    store.on_commit = metrics.committed

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
    app.state.metrics = metrics
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


_ROUTES = [
    *TABLE_ROUTES,
    *ROOM_ROUTES,
    WebSocketRoute("/tables/{table_id}/ws", play),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]
