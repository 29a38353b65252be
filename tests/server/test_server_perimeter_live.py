"""The server's perimeter against a real uvicorn (as ``koudiandian serve`` runs it): no
token in the log, slow or half-sent requests closed."""

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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
websockets_sync = pytest.importorskip("websockets.sync.client")

from tests.support.server_util import deadline, free_port, recv, wait_until_up  # noqa: E402, F401


@contextlib.contextmanager
def logged_server(tmp_path: Path, db: str, *extra: str) -> Iterator[tuple[int, Path]]:
    """``koudiandian serve`` over ``db`` at the default log level, everything it logs in a file."""
    port = free_port()
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "koudiandian", "serve", "--port", str(port)]
            + ["--db", db, "--bot-delay", "0", *extra],
            env=dict(os.environ, PYTHONUNBUFFERED="1"),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_until_up(port, proc)
            yield port, log
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _post(port: int, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        return json.loads(r.read())


def test_no_token_reaches_the_log(tmp_path: Path, db: str) -> None:
    with logged_server(tmp_path, db) as (port, log):
        table = _post(port, {"seats": ["human", "human", "greedy", "greedy"]})
        tid, tokens = table["id"], table["tokens"]
        url = f"ws://127.0.0.1:{port}/tables/{tid}/ws"
        # The token in the URL (still accepted) and in a Sec-WebSocket-Protocol value.
        with websockets_sync.connect(f"{url}?token={tokens[0]}&views=act") as ws:
            assert recv(ws)["seat"] == 0
        with websockets_sync.connect(url, subprotocols=["koudiandian", f"token.{tokens[1]}"]) as ws:
            assert ws.subprotocol == "koudiandian"
            assert recv(ws)["seat"] == 1
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables/{tid}?token={tokens[0]}"):
            pass
        time.sleep(0.5)
    text = log.read_text()
    assert "[accepted]" in text and f"/tables/{tid}" in text, text  # the log was captured
    for token in tokens[:2]:
        assert token not in text, text


def _closed_within(sock: socket.socket, seconds: float) -> float:
    """Read ``sock`` until the server closes it; how long that took (fails after
    ``seconds``)."""
    start = time.monotonic()
    sock.settimeout(seconds)
    while True:
        try:
            if sock.recv(65536) == b"":
                return time.monotonic() - start
        except ConnectionResetError:
            return time.monotonic() - start
        except TimeoutError:
            pytest.fail(f"the server kept a half-sent request open for {seconds} s")


def test_half_sent_requests_are_closed(tmp_path: Path, db: str) -> None:
    with logged_server(tmp_path, db, "--header-timeout", "2") as (port, _):
        half = [
            b"GET /tables HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # headers never ended
            b"GET /tables/" + b"x" * 8192,  # an 8 KB request line, never ended
            b"GET /tables/x/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n",  # an upgrade, unfinished
            b"",  # connected, nothing sent
            # a whole request, then half of the next on the same connection
            b"GET /tables HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /tables HTTP/1.1\r\n",
        ]
        socks = [socket.create_connection(("127.0.0.1", port)) for _ in half]
        for sock, data in zip(socks, half):
            sock.sendall(data)
        for sock in socks:
            assert _closed_within(sock, 10) < 10
            sock.close()
        # A slow client that trickles its headers byte by byte is closed as well.
        with socket.create_connection(("127.0.0.1", port)) as sock:
            start = time.monotonic()
            with contextlib.suppress(OSError):
                for byte in b"GET /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100:
                    sock.sendall(bytes([byte]))
                    time.sleep(0.2)
            assert time.monotonic() - start < 10
        # and the server still serves
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables", timeout=5) as r:
            assert r.status == 200


def test_a_body_sent_a_byte_a_second_is_closed_at_the_deadline(tmp_path: Path, db: str) -> None:
    """A request whose headers are complete and whose body trickles in (or never comes) is
    under the headers' deadline: closed within two periods, nothing made, and the server
    goes on serving (a body sent at once is taken as ever)."""
    with logged_server(tmp_path, db, "--header-timeout", "2") as (port, log):
        spec = {"seats": ["human", "greedy", "greedy", "greedy"], "private": False}
        body = json.dumps(spec).encode()
        head = (
            b"POST /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n"
        )

        def listed() -> int:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables", timeout=5) as r:
                return len(json.loads(r.read())["tables"])

        before = listed()
        with socket.create_connection(("127.0.0.1", port)) as sock:
            start = time.monotonic()
            sock.sendall(head)
            with contextlib.suppress(OSError):
                for byte in body:
                    sock.sendall(bytes([byte]))
                    sock.settimeout(1.0)
                    with contextlib.suppress(TimeoutError):
                        if sock.recv(65536) == b"":
                            break
            closed = time.monotonic() - start
        assert closed < 5, closed  # two periods of 2 s at most (and some slack)
        with socket.create_connection(("127.0.0.1", port)) as sock:  # headers, then nothing
            sock.sendall(head)
            assert _closed_within(sock, 10) < 5
        # nothing was made, and a body sent at once is taken as ever
        assert listed() == before
        assert _post(port, spec)["id"] and listed() == before + 1


def test_a_client_that_leaves_mid_body_is_refused_without_a_traceback(
    tmp_path: Path, db: str
) -> None:
    """A body cut short by the client leaving (any route that reads one: a table, a room, a
    join) is refused as a bad body: nothing is made, and the log shows no exception."""
    with logged_server(tmp_path, db) as (port, log):
        for path in (b"/tables", b"/rooms", b"/rooms/000001/join", b"/replay"):
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.sendall(
                    b"POST " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"se'
                )
                time.sleep(0.3)
        time.sleep(0.5)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables", timeout=5) as r:
            assert json.loads(r.read()) == {"tables": []}
    text = log.read_text()
    assert "/tables HTTP/1.1" in text  # the log was captured
    assert "Traceback" not in text and "Exception in ASGI application" not in text, text
