"""The tables ``server_memory.py`` plays on the game server, and what it reads of the server's
process: an HTTP request, a table of greedy bots with seat 0 a client here that acts at once
and a second socket that reads every view, a room with its clocks whose host is that client,
the counts of what the sockets received, the process's RSS from ``/proc``.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import websockets

# One client's choices, as the load benchmark makes them (run from benches/).
from server_load import choose

#: The room host's name (a room's body is a table's plus the host's display name).
HOST_NAME = "bench"


def proc_kb(pid: int, field: str = "VmRSS") -> int:
    """A ``/proc/<pid>/status`` field of process ``pid`` in KB (``VmRSS``: its resident set;
    ``VmHWM``: its peak)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field} for process {pid}")


def rss_kb(pid: int) -> int:
    """The resident set size of process ``pid``, in KB."""
    return proc_kb(pid, "VmRSS")


class HTTPRefused(RuntimeError):
    """The server answered a request with an error status."""

    def __init__(self, method: str, path: str, status: int, body: str) -> None:
        super().__init__(f"{method} {path.split('?')[0]}: HTTP {status}: {body[:300]}")
        self.status = status


def request(port: int, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One HTTP request to the server; its JSON answer, or :class:`HTTPRefused`."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, headers=headers, method=method
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        raise HTTPRefused(method, path, e.code, e.read().decode(errors="replace")) from None


class Counts:
    """What the sockets received over the run."""

    def __init__(self) -> None:
        self.actions = 0  # seat 0's actions (the client's)
        self.frames = 0  # frames of the second socket (the spectator's, or seat 0's views=all)
        self.clock_messages = 0  # public ``clock`` messages, both sockets
        self.auto_messages = 0  # 托管 marks, both sockets: none expected
        self.auto_seen: list[dict[str, Any]] = []  # the first few
        self.room_messages = 0
        self.timed_views = 0  # seat 0's views asking a decision with a running clock
        self.close_retries = 0  # DELETE /rooms/{n} refused as "being played", then retried

    def auto(self, m: dict[str, Any], where: str) -> None:
        self.auto_messages += 1
        if len(self.auto_seen) < 10:
            self.auto_seen.append({**m, "socket": where})


async def _seat(url: str, counts: Counts, ready: asyncio.Event | None = None) -> None:
    """Play seat 0 at once whenever it may act, to the match's end. At a room's table
    (``ready`` given), say ready on the socket once ``ready`` is set (the second socket is
    connected) and the ``hello`` is in."""
    async with websockets.connect(url, max_size=None, max_queue=None) as ws:
        async for frame in ws:
            for m in json.loads(frame):
                kind = m["type"]
                if kind == "view" and m["view"]["legal_actions"]:
                    v = m["view"]
                    message = {"type": "action", "action": choose(v["legal_actions"], v["drawn"])}
                    if "decision" in v:  # the protocol's decision number, where it has one
                        message["decision"] = v["decision"]
                    await ws.send(json.dumps(message))
                    counts.actions += 1
                    if v.get("remaining_ms") is not None:  # (a table with clocks)
                        counts.timed_views += 1
                elif kind == "hello" and ready is not None:
                    await ready.wait()
                    await ws.send(json.dumps({"type": "ready"}))
                elif kind == "error":
                    raise RuntimeError(f"the server refused seat 0's message: {m}")
                elif kind == "clock":
                    counts.clock_messages += 1
                elif kind == "auto":
                    counts.auto(m, "seat")
                elif kind == "room":
                    counts.room_messages += 1
                elif kind == "match_end":
                    return
    raise RuntimeError("the seat's socket closed before the match ended")


async def _watch(url: str, counts: Counts, connected: asyncio.Event | None = None) -> None:
    """Read every frame of the second socket to the match's end (``connected`` is set at
    its ``hello``)."""
    async with websockets.connect(url, max_size=None, max_queue=None) as ws:
        async for frame in ws:
            counts.frames += 1
            for m in json.loads(frame):
                kind = m["type"]
                if kind == "hello" and connected is not None:
                    connected.set()
                elif kind == "clock":
                    counts.clock_messages += 1
                elif kind == "auto":
                    counts.auto(m, "watcher")
                elif kind == "room":
                    counts.room_messages += 1
                elif kind == "error":
                    raise RuntimeError(f"the second socket was sent an error: {m}")
                elif kind == "match_end":
                    return
    raise RuntimeError("the second socket closed before the match ended")


async def play_table(port: int, hands: int, person: bool, counts: Counts) -> None:
    """One table of ``hands`` hands: seat 0 a client here (``person``, else a bot), the other
    seats the server's greedy bots with no delay, and a spectator asking for a view after
    every change (``views=all``)."""
    seats = ["human" if person else "greedy", "greedy", "greedy", "greedy"]
    spec: dict[str, Any] = {"seats": seats, "match": hands, "bot_delay": 0, "private": False}
    try:
        table = await asyncio.to_thread(request, port, "POST", "/tables", spec)
    except HTTPRefused as e:  # a server older than private tables: every table public
        if e.status != 400 or "private" not in str(e):
            raise
        del spec["private"]
        table = await asyncio.to_thread(request, port, "POST", "/tables", spec)
    url = f"ws://127.0.0.1:{port}/tables/{table['id']}/ws"
    watcher = asyncio.create_task(_watch(url + "?views=all", counts))
    if person:
        await _seat(f"{url}?token={table['tokens'][0]}", counts)
    await watcher


async def play_room(port: int, hands: int, counts: Counts) -> None:
    """One room of a ``hands``-hand match with the default clocks: seat 0 (the host) a
    client here, the others the server's greedy bots with no delay; a second socket of seat
    0 asking for a view after every change (a room has no spectator without a token). Once
    the match is over the host closes the room."""
    spec: dict[str, Any] = {"name": HOST_NAME, "seats": ["human", "greedy", "greedy", "greedy"]}
    spec |= {"match": hands, "bot_delay": 0}  # "clock" left out: a room's default, on
    room = await asyncio.to_thread(request, port, "POST", "/rooms", spec)
    if room["state"]["clock"] is None:
        raise RuntimeError(f"room {room['room']} has no clock: {room['state']}")
    token = room["token"]
    url = f"ws://127.0.0.1:{port}/tables/{room['table']}/ws?token={token}"
    connected = asyncio.Event()
    watcher = asyncio.create_task(_watch(url + "&views=all", counts, connected))
    try:
        await _seat(url, counts, connected)
        await watcher
    finally:
        if not watcher.done():
            watcher.cancel()
    for attempt in range(50):
        try:
            state = await asyncio.to_thread(
                request, port, "DELETE", f"/rooms/{room['room']}", None, token
            )
            break
        except HTTPRefused as e:  # (its end not recorded yet: "being played")
            if e.status != 409 or attempt == 49:
                raise
            counts.close_retries += 1
            await asyncio.sleep(0.05)
    if state["status"] != "closed":
        raise RuntimeError(f"room {room['room']} not closed: {state}")
