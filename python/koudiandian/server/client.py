"""A client of the game server for programs: one seat (or a spectator) of one table, over
the WebSocket protocol of docs/server.md, that follows its table when it moves.

A table is played by one server process at a time (docs/server.md, "Several processes"). A
client that reaches another process is sent a ``redirect`` naming the right one (and its
socket closed with 4307); when the process playing its table dies, its socket drops and the
table moves to a live process within the lease. The client follows both: it reconnects,
where it was sent or else to each of the ``servers`` it knows in turn, with its token and
``hand``/``since``, and is sent exactly the events it missed. What it holds is each hand's
events by their number, so that at the end ``events[h]`` equals the engine's
``Game.events_for(seat)`` of hand ``h``.

    async def policy(view):              # the seat's view -> an action (dict or text)
        return view["legal_actions"][0]

    client = TableClient(["http://127.0.0.1:8000", "http://127.0.0.1:8001"], table_id, token)
    await client.play(policy)            # until the match is over

Needs the ``websockets`` package (the ``[server]`` extra brings it).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from ..errors import InvalidArgumentError, ProtocolError

__all__ = ["TableClient", "Policy", "MatchEnd"]

#: A seat's policy: the view that asks it to act → its action (``Action.to_dict()`` or text).
Policy = Callable[[dict[str, Any]], Awaitable[Any]]
# Close codes after which reconnecting cannot help (the token, the table, the origin).
_FINAL_CLOSES = {4401, 4403, 4404, 1008}


class MatchEnd(dict[str, Any]):
    """The ``match_end`` message: ``scores``, ``ranking``, ``hands``."""


class TableClient:
    """Seat ``token``'s client of table ``table`` (a spectator's without a token), reaching
    it through ``servers`` (each process's public URL, ``http://host:port``: any of them
    will do, the client is sent on to the right one). ``give_up`` is how many seconds it
    keeps trying to reconnect before it raises :class:`ProtocolError`.

    ``events[h]`` holds hand ``h``'s events as the seat sees them, by number; ``view`` is
    the last view sent; ``moves`` counts the reconnections (after a redirect or a drop)."""

    def __init__(
        self,
        servers: str | Sequence[str],
        table: str,
        token: str | None = None,
        *,
        give_up: float = 30.0,
    ) -> None:
        urls = [servers] if isinstance(servers, str) else list(servers)
        if not urls or not all(isinstance(u, str) and u.startswith("http") for u in urls):
            raise InvalidArgumentError(f"servers must be http(s) URLs, got {servers!r}")
        self.servers = [u.rstrip("/") for u in urls]
        self.table = table
        self.token = token
        self.give_up = give_up
        self.events: dict[int, list[dict[str, Any]]] = {}
        self.view: dict[str, Any] | None = None
        self.end: MatchEnd | None = None
        self.moves = 0
        self.errors: list[dict[str, Any]] = []
        self._next: str | None = None  # where a redirect sent it

    def _resume(self) -> tuple[int, int]:
        """The hand and event number to resume from: the first event it does not hold."""
        if not self.events:
            return 0, 0
        hand = max(self.events)
        return hand, len(self.events[hand])

    def _socket_url(self, base: str) -> str:
        hand, since = self._resume()
        ws = "wss" + base[5:] if base.startswith("https") else "ws" + base[4:]
        return f"{ws}/tables/{self.table}/ws?hand={hand}&since={since}"

    def _take(self, message: dict[str, Any]) -> None:
        """Keep one message of the server's."""
        kind = message.get("type")
        if kind == "event":
            log = self.events.setdefault(message["hand"], [])
            n = message["n"]
            if n < len(log):
                log[n] = message["event"]  # a start_hand sent again ("replaces")
            elif n == len(log):
                log.append(message["event"])
            else:
                raise ProtocolError(f"event {n} of hand {message['hand']} after {len(log)}")
        elif kind == "view":
            self.view = message["view"]
        elif kind == "match_end":
            self.end = MatchEnd(message)
        elif kind == "redirect":
            self._next = message.get("url")
        elif kind == "error":
            self.errors.append(message)

    async def play(self, policy: Policy | None = None) -> MatchEnd:
        """Take the table's messages until the match is over, answering each view that asks
        the seat to act with ``policy``'s action (a spectator passes none); reconnects as it
        must. Returns the ``match_end`` message."""
        import websockets

        deadline: float | None = None
        turn = 0
        while self.end is None:
            base = self._next or self.servers[turn % len(self.servers)]
            self._next = None
            protocols = ["koudiandian"] + ([f"token.{self.token}"] if self.token else [])
            try:
                async with websockets.connect(
                    self._socket_url(base),
                    subprotocols=protocols,  # type: ignore[arg-type]
                    max_queue=None,
                    open_timeout=5,
                ) as ws:
                    deadline = None
                    await self._serve(ws, policy)
                    code = ws.close_code
            except (TimeoutError, OSError, websockets.WebSocketException) as e:
                code = getattr(getattr(e, "rcvd", None), "code", None)
            if self.end is not None:
                break
            if code in _FINAL_CLOSES:
                last = self.errors[-1]["message"] if self.errors else f"close {code}"
                raise ProtocolError(f"table {self.table}: the server refused the socket: {last}")
            self.moves += 1
            if self._next is None:
                turn += 1  # its process is gone: ask the next one
                now = time.monotonic()
                deadline = deadline or now + self.give_up
                if now > deadline:
                    raise ProtocolError(
                        f"table {self.table}: no server took the socket for {self.give_up} s"
                    )
                await asyncio.sleep(0.05 + random.random() * 0.2)
        return self.end

    async def _serve(self, ws: Any, policy: Policy | None) -> None:
        """One socket's messages, until it closes or the match ends."""
        import websockets

        try:
            async for frame in ws:
                messages = json.loads(frame)
                for message in messages:
                    self._take(message)
                if self.end is not None:
                    return
                view = self.view
                asked = (
                    policy is not None
                    and view is not None
                    and view.get("legal_actions")
                    and any(m.get("type") == "view" for m in messages)
                )
                if asked:
                    assert policy is not None and view is not None
                    action = await policy(view)
                    message = {"type": "action", "decision": view["decision"], "action": action}
                    await ws.send(json.dumps(message))
        except websockets.ConnectionClosed:
            return
