"""Helpers for the server's tests: a client's policy, a server in a subprocess, free ports."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from koudiandian import Action, Game, Match
from koudiandian.server.store import Store


@pytest.fixture(autouse=True)
def deadline() -> Iterator[None]:
    """A receive that never gets its message fails the test instead of hanging it (autouse
    in every module that imports it)."""

    def fail(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError("the server sent nothing for 60 s")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def choose(legal: list[dict[str, Any]], drawn: int | None = None) -> dict[str, Any]:
    """A client's simple policy: win when it may, else pass, else discard the tile it drew,
    else the first legal action."""
    for kind in ("self_draw_win", "win"):
        for a in legal:
            if a["kind"] == kind:
                return a
    for a in legal:
        if a["kind"] == "pass":
            return a
    for a in legal:
        if a["kind"] == "discard" and a["tile"] == drawn:
            return a
    for a in legal:
        if a["kind"] == "discard":
            return a
    return legal[0]


def act_message(view: dict[str, Any], action: Any) -> dict[str, Any]:
    """The message that plays ``action`` (a dict or text) for the decision ``view`` (a seat's
    view, as the server sent it) asks."""
    return {"type": "action", "decision": view["decision"], "action": action}


def recv(ws: Any) -> dict[str, Any]:
    """The next message from a server socket (Starlette's test session, or a ``websockets``
    client): every frame is a JSON array of messages, taken one at a time."""
    buf: deque[dict[str, Any]] = ws.__dict__.setdefault("_kdd_messages", deque())
    if not buf:
        if hasattr(ws, "receive_json"):
            frame = ws.receive_json()
        else:
            frame = json.loads(ws.recv(timeout=30))
        assert isinstance(frame, list) and frame, frame
        buf.extend(frame)
    return buf.popleft()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(port: int, proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"no server on port {port} after {timeout} s")


@contextlib.contextmanager
def server_process(db: str | Path, port: int, *extra: str) -> Iterator[subprocess.Popen[bytes]]:
    """``koudiandian serve`` on 127.0.0.1:``port`` over ``db`` (a SQLite file or a PostgreSQL
    URL); killed on exit."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "koudiandian", "serve", "--port", str(port), "--db", str(db)]
        + ["--quiet", *extra],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_until_up(port, proc)
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if proc.stderr is not None:
            proc.stderr.close()


def stored_matches(db: str | Path) -> dict[str, Match]:
    """Every table in the database ``db``, rebuilt here from its spec and actions."""
    store = Store(db)
    try:
        out = {}
        for t in store.tables():
            length = 1 if t.spec.length is None else t.spec.length
            match = Match(
                t.spec.rules, seed=t.spec.seed, length=length, first_dealer=t.spec.first_dealer
            )
            for seat, action in t.actions:
                match.step(seat, action)
            out[t.id] = match
        return out
    finally:
        store.close()


def seat_views_by_count(events: list[Any], seat: int) -> dict[int, list[dict[str, Any]]]:
    """Replay a finished hand's full log; for each length of ``seat``'s log, the views
    ``seat`` could have been sent while its log had that length."""
    from koudiandian.game import replay_decisions
    from koudiandian.server.visibility import seat_view

    start = events[0]
    game = Game(
        Game.replay(events).rules,
        dealer=start["dealer"],
        wall=start["wall"],
        wildcards=start["wildcards"],
        scores=start.get("scores", (0, 0, 0, 0)),
        dice=[tuple(d) for d in start["dice"]] if "dice" in start else None,
    )
    out: dict[int, list[dict[str, Any]]] = {}

    def record() -> None:
        out.setdefault(len(game.events_for(seat)), []).append(seat_view(game, seat))

    def step(s: int, action: Action) -> None:
        game.step(s, action)
        record()

    record()
    replay_decisions(events, step)
    return out


def taken_by_the_log(events: list[dict[str, Any]]) -> list[list[int]]:
    """Each seat's discards taken, by index, read from a hand's log (full, a seat's or the
    public one): a pong, kong, chow or dice kong names the discarder (``from``), whose last
    discard it took; so does a win on a discard (once, however many win on it)."""
    made = [0, 0, 0, 0]
    taken: list[list[int]] = [[], [], [], []]
    for e in events:
        kind, source = e["type"], e.get("from")
        if kind == "discard":
            made[e["seat"]] += 1
        elif source is not None and (kind != "win" or e["kind"] == "discard"):
            if not taken[source] or taken[source][-1] != made[source] - 1:
                taken[source].append(made[source] - 1)
    return taken


def play_out(ws: Any) -> list[dict[str, Any]]:
    """Play the seat to the end of the match; every message received."""
    got: list[dict[str, Any]] = []
    while True:
        m = recv(ws)
        got.append(m)
        if m["type"] == "match_end":
            return got
        if m["type"] == "view" and m["view"]["legal_actions"]:
            view = m["view"]
            ws.send_json(act_message(view, choose(view["legal_actions"], view["drawn"])))
