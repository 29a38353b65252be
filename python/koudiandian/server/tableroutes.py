"""The HTTP routes of tables (create, list, read, a finished hand, a replay) and of the
process itself (the rule terms' names, its health and metrics, the browser table's page);
docs/server.md describes each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from ..errors import (
    BotzoneInputError,
    InvalidEventLogError,
    InvalidTokenError,
    KoudiandianError,
    ProtocolError,
    StorageError,
    TableElsewhereError,
)
from .httpio import (
    creation_refused,
    error_response,
    lobby_of,
    may_know,
    moved,
    read_body,
    request_token,
)
from .inputs import count, load_json
from .lobby import Lobby
from .metrics import CONTENT_TYPE, Metrics, health
from .names import names
from .record import table_record
from .replay import botzone_hand, frames, hands_of_jsonl
from .roomroutes import status_of
from .spec import TableSpec
from .tables import Table, no_table

__all__ = ["TABLE_ROUTES", "STATIC", "found"]

#: The browser table's files (``GET /``, ``/static/``).
STATIC = Path(__file__).parent / "static"


async def create_table(request: Request) -> Response:
    lobby = lobby_of(request)
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
        lobby.bots.check_rules(spec.rules, spec.seats)
        table, tokens, watch, url = lobby.create(spec)
    except StorageError as e:
        return error_response(503, e)
    except KoudiandianError as e:
        return error_response(400, e)
    body = {"id": table.id, "tokens": tokens, "watch_token": watch, "url": url}
    return JSONResponse({**body, "state": table.public_state()}, status_code=201)


def found(lobby: Lobby, table_id: str, token: str | None) -> Table:
    """The table ``table_id`` (:meth:`Lobby.get`); a private one only for ``token``, one of
    its tokens, else it is not there: a client without one is not even told where it is
    played."""
    try:
        table = lobby.get(table_id)
    except TableElsewhereError:
        if not may_know(lobby, table_id, token):
            raise no_table(table_id) from None
        raise
    if table.spec.private:
        try:
            table.holder_of(token)
        except InvalidTokenError:
            raise no_table(table_id) from None
    return table


async def _table(request: Request) -> Table:
    """The table of the request's path (:func:`found`, with the request's token), once
    what it has taken is committed (:meth:`Table.settled`: only what stands is shown)."""
    table = found(lobby_of(request), request.path_params["table_id"], request_token(request))
    await table.settled()
    return table


async def list_tables(request: Request) -> Response:
    lobby = lobby_of(request)
    if lobby.commits is not None:
        await lobby.commits.drain()  # (only what stands is shown)
    return JSONResponse({"tables": lobby.listing()})


async def _answer(request: Request, respond: Callable[[Table], Response]) -> Response:
    """``respond(table)`` for the request's table (:func:`_table`), or the refusal: a 307
    (or 421) to the process that plays it, else the error's status (:func:`status_of`)."""
    try:
        return respond(await _table(request))
    except TableElsewhereError as e:
        return moved(request, e)
    except KoudiandianError as e:
        return error_response(status_of(e), e)


async def get_table(request: Request) -> Response:
    url = lobby_of(request).url
    return await _answer(request, lambda t: JSONResponse({**t.public_state(), "url": url}))


async def get_table_record(request: Request) -> Response:
    """The match's scoreboard (one row per finished hand, docs/server.md "Rooms")."""
    return await _answer(request, lambda t: JSONResponse(table_record(t)))


async def get_hand(request: Request) -> Response:
    """A finished hand's full log (the wall and every decision)."""

    def respond(table: Table) -> Response:
        hand = count(request.path_params["hand"], "hand")
        return JSONResponse({"hand": hand, "events": table.finished_hand(hand).events})

    return await _answer(request, respond)


async def get_hand_replay(request: Request) -> Response:
    """A finished hand as the replay viewer's frames."""

    def respond(table: Table) -> Response:
        hand = count(request.path_params["hand"], "hand")
        frames_ = frames(table.finished_hand(hand).events)
        return JSONResponse({"hand": hand, "hands": 1, "frames": frames_})

    return await _answer(request, respond)


async def post_replay(request: Request) -> Response:
    """Frames of one hand of an uploaded log: JSONL (``simulate --log``), a JSON game
    (``Game.to_json``), ``{"events": [...]}`` or a Botzone log; ``?hand=i`` picks a line."""
    try:
        text = (await read_body(request)).decode("utf-8", errors="replace")
        hand = count(request.query_params.get("hand", "0"), "hand")
        stripped = text.strip()
        botzone = botzone_hand(stripped)
        if botzone is not None:
            hands = [botzone]
        elif stripped.startswith("{") and "\n" not in stripped:
            obj = load_json(stripped, "the request body")
            hands = [obj["events"]] if isinstance(obj.get("events"), list) else []
            if not hands:
                raise ProtocolError("the body has no 'events' list")
        else:
            hands = hands_of_jsonl(text)
        if not 0 <= hand < len(hands):
            raise ProtocolError(f"hand {hand} asked for; the log has {len(hands)}")
        return JSONResponse({"hand": hand, "hands": len(hands), "frames": frames(hands[hand])})
    except (ProtocolError, InvalidEventLogError, BotzoneInputError) as e:
        return error_response(400, e)


async def get_names(request: Request) -> Response:
    """The names the browser table shows (transfer reasons, patterns, wildcards)."""
    return JSONResponse(names())


async def get_health(request: Request) -> Response:
    """Whether this process serves: 200 with its counts, or 503 when its database does not
    answer (a load balancer takes it out)."""
    body, ok = health(lobby_of(request))
    return JSONResponse(body, status_code=200 if ok else 503)


async def get_metrics(request: Request) -> Response:
    """This process's figures in Prometheus's text format (docs/server.md, "Metrics")."""
    metrics: Metrics = request.app.state.metrics
    return Response(metrics.text(), media_type=CONTENT_TYPE)


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


#: The routes of this module (the app adds the rooms', the socket's and the static files).
TABLE_ROUTES = [
    Route("/", index),
    Route("/tables", create_table, methods=["POST"]),
    Route("/tables", list_tables, methods=["GET"]),
    Route("/tables/{table_id}", get_table),
    Route("/tables/{table_id}/record", get_table_record),
    Route("/tables/{table_id}/hands/{hand}", get_hand),
    Route("/tables/{table_id}/hands/{hand}/replay", get_hand_replay),
    Route("/replay", post_replay, methods=["POST"]),
    Route("/names", get_names),
    Route("/health", get_health),
    Route("/metrics", get_metrics),
]
