"""The rooms' HTTP routes (docs/server.md, "Rooms"): create, show, join, ready, leave,
remove, close, and the scoreboard.

Every route under ``/rooms/{number}`` is counted against the asker's address: an address that
asked for more unknown numbers than ``Limits.unknown_rooms_per_minute`` gets a 429 for any
room until its bucket refills. A room served by another process answers a 307 there.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import (
    InvalidTokenError,
    KoudiandianError,
    LimitError,
    NameTakenError,
    NotHostError,
    ProtocolError,
    RoomFullError,
    RoomNotFoundError,
    RoomStateError,
    StorageError,
    TableElsewhereError,
    TableNotFoundError,
    TableUnavailableError,
)
from .httpio import (
    client_address,
    creation_refused,
    error_response,
    moved,
    read_body,
    request_token,
)
from .inputs import load_json
from .limits import Gate
from .rooms import Rooms, room_link
from .spec import TableSpec

__all__ = ["ROOM_ROUTES", "status_of"]


def status_of(e: KoudiandianError) -> int:
    """The HTTP status of a refused room or table request (docs/server.md lists them)."""
    if isinstance(e, TableNotFoundError):  # RoomNotFoundError among them
        return 404
    if isinstance(e, LimitError):
        return 429
    if isinstance(e, InvalidTokenError):
        return 401
    if isinstance(e, NotHostError):
        return 403
    if isinstance(e, (RoomFullError, NameTakenError, RoomStateError)):
        return 409
    if isinstance(e, (StorageError, TableUnavailableError)):
        return 503
    return 400


def _rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


def _json(raw: bytes, *, required: bool = True) -> dict[str, Any]:
    if not raw.strip() and not required:
        return {}
    body = load_json(raw, "the request body")
    if not isinstance(body, dict):
        raise ProtocolError(f"the request body is a JSON object, got {type(body).__name__}")
    return body


def _fields(body: dict[str, Any], allowed: set[str]) -> None:
    unknown = set(body) - allowed
    if unknown:
        raise ProtocolError(
            f"unknown field(s) {sorted(unknown)}; known: {', '.join(sorted(allowed)) or 'none'}"
        )


#: A room route's work, once its body is read: synchronous, so that the guess limit's
#: check, the number's lookup and its count happen with no other request in between.
RoomHandler = Callable[[Request, Rooms, str, bytes], Response]


def _room_route(handler: RoomHandler) -> Callable[[Request], Awaitable[Response]]:
    """``handler`` behind the guess limit and the error mapping: the body is read first
    (a slow body holds no check open), then, at once, the limit is checked, the room
    found and an unknown number counted."""

    async def route(request: Request) -> Response:
        gate: Gate = request.app.state.gate
        address = client_address(request)
        try:
            raw = await read_body(request)
            gate.check_guesses(address)
            return handler(request, _rooms(request), request.path_params["number"], raw)
        except TableElsewhereError as e:
            return moved(request, e)
        except RoomNotFoundError as e:
            gate.count_unknown_room(address)
            return error_response(404, e)
        except KoudiandianError as e:
            return error_response(status_of(e), e)

    return route


async def create_room(request: Request) -> Response:
    rooms = _rooms(request)
    refused = creation_refused(request, rooms.lobby.live_count())
    if refused is not None:
        return refused
    try:
        spec, name = TableSpec.parse_room(
            _json(await read_body(request)),
            default_bot_delay=request.app.state.bot_delay,
            allow_seed=request.app.state.allow_seeds,
            bots=rooms.lobby.bots.names,
        )
        rooms.lobby.bots.check_rules(spec.rules, spec.seats)
        room, seat, token = rooms.create(spec, name)
    except KoudiandianError as e:
        return error_response(status_of(e), e)
    body = {
        "room": room.number,
        "seat": seat,
        "token": token,
        "link": room_link(room.number),
        "table": room.table.id,
        "url": rooms.lobby.url,
        "state": rooms.state(room),
    }
    return JSONResponse(body, status_code=201)


def _get(request: Request, rooms: Rooms, number: str, raw: bytes) -> Response:
    room = rooms.find(number)
    rooms.serving(room)  # (redirected to the process that serves it: it counts the sockets)
    return JSONResponse(rooms.state(room))


def _join(request: Request, rooms: Rooms, number: str, raw: bytes) -> Response:
    body = _json(raw)
    _fields(body, {"name", "seat"})
    if "name" not in body:
        raise ProtocolError("a join names the player: {'name': ...}")
    room, seat, token = rooms.join(number, body["name"], body.get("seat"))
    payload = {
        "room": room.number,
        "seat": seat,
        "token": token,
        "table": room.table.id,
        "url": rooms.lobby.url,
        "state": rooms.state(room),
    }
    return JSONResponse(payload)


def _ready(request: Request, rooms: Rooms, number: str, raw: bytes) -> Response:
    body = _json(raw, required=False)
    _fields(body, {"ready"})
    room = rooms.ready(number, request_token(request), body.get("ready", True))
    return JSONResponse(rooms.state(room))


def _leave(request: Request, rooms: Rooms, number: str, raw: bytes) -> Response:
    _fields(_json(raw, required=False), set())
    return JSONResponse(rooms.state(rooms.leave(number, request_token(request))))


def _remove(request: Request, rooms: Rooms, number: str, raw: bytes) -> Response:
    body = _json(raw)
    _fields(body, {"seat"})
    room = rooms.remove(number, request_token(request), body.get("seat"))
    return JSONResponse(rooms.state(room))


def _close(request: Request, rooms: Rooms, number: str, raw: bytes) -> Response:
    _fields(_json(raw, required=False), set())
    return JSONResponse(rooms.state(rooms.close(number, request_token(request))))


def _record(request: Request, rooms: Rooms, number: str, raw: bytes) -> Response:
    return JSONResponse(rooms.record(rooms.find(number)))


#: The rooms' routes, which the app serves beside the tables' (docs/server.md, "Rooms").
ROOM_ROUTES = [
    Route("/rooms", create_room, methods=["POST"]),
    Route("/rooms/{number}", _room_route(_get), methods=["GET"]),
    Route("/rooms/{number}", _room_route(_close), methods=["DELETE"]),
    Route("/rooms/{number}/join", _room_route(_join), methods=["POST"]),
    Route("/rooms/{number}/ready", _room_route(_ready), methods=["POST"]),
    Route("/rooms/{number}/leave", _room_route(_leave), methods=["POST"]),
    Route("/rooms/{number}/remove", _room_route(_remove), methods=["POST"]),
    Route("/rooms/{number}/record", _room_route(_record), methods=["GET"]),
]
