"""Frames sent without a task switch (server/eagersend.py, Connection.direct): a send that
need not wait is done at once; one that must wait is finished by a task, and the frames
after it keep their order; a send that fails (the client is gone) ends quietly."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("starlette")

from koudiandian.server.connection import Connection  # noqa: E402
from koudiandian.server.eagersend import send_now  # noqa: E402
from koudiandian.server.seatsocket import _write  # noqa: E402


class FakeSocket:
    """A socket whose send waits while it is paused (a full buffer), as uvicorn's does."""

    def __init__(self) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.sent: list[str] = []
        self.closed: int | None = None
        self.gone = False

    async def send_text(self, text: str) -> None:
        if self.gone:
            raise ConnectionResetError("the client is gone")
        await self.writable.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_a_send_that_need_not_wait_is_done_at_once() -> None:
    async def body() -> None:
        sock = FakeSocket()
        assert send_now(sock.send_text("a")) is None
        assert sock.sent == ["a"]  # before any await: no task, no switch

    asyncio.run(body())


def test_a_send_that_must_wait_is_finished_by_a_task() -> None:
    async def body() -> None:
        sock = FakeSocket()
        sock.writable.clear()
        inflight = send_now(sock.send_text("a"))
        assert inflight is not None and not inflight.done() and sock.sent == []
        sock.writable.set()
        await asyncio.wait_for(inflight, 1)
        assert sock.sent == ["a"]

    asyncio.run(body())


def test_a_failed_send_ends_quietly() -> None:
    async def body() -> None:
        sock = FakeSocket()
        sock.gone = True
        assert send_now(sock.send_text("a")) is None
        sock.gone = False
        sock.writable.clear()
        inflight = send_now(sock.send_text("b"))
        assert inflight is not None
        sock.gone = True  # (gone while it waited: its send raises once it may go on)
        sock.writable.set()
        await asyncio.wait_for(inflight, 1)  # no error comes out of it
        assert sock.sent == ["b"]

    asyncio.run(body())


def test_frames_keep_their_order_when_a_send_must_wait() -> None:
    async def body() -> None:
        sock = FakeSocket()
        conn = Connection(0)
        conn.direct = lambda text: send_now(sock.send_text(text))
        writer = asyncio.ensure_future(_write(sock, conn))  # type: ignore[arg-type]
        conn.send({"n": 1})  # sent at once
        sock.writable.clear()  # the client stops reading
        conn.send({"n": 2})  # must wait: in flight
        conn.send({"n": 3})  # queued behind it
        conn.send({"n": 4})
        await asyncio.sleep(0.01)
        assert sock.sent == ['[{"n":1}]'] and conn.queued_bytes > 0
        sock.writable.set()
        for _ in range(100):
            await asyncio.sleep(0.001)
            if len(sock.sent) == 4:
                break
        assert sock.sent == ['[{"n":1}]', '[{"n":2}]', '[{"n":3}]', '[{"n":4}]']
        assert conn.queued_bytes == 0
        conn.send({"n": 5})  # nothing queued or in flight: at once again
        assert sock.sent[-1] == '[{"n":5}]'
        conn.queue.put_nowait(None)
        await asyncio.wait_for(writer, 1)
        assert sock.closed == 1000

    asyncio.run(body())
