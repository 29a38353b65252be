"""Sending a frame without a task switch: a socket's ``send`` run at once, up to where it
would wait.

An ASGI server's ``send`` is a coroutine, but it waits only when the socket's buffer is full
(flow control); otherwise it writes and returns. Handing every frame to a writer task would
cost a task switch and a queue's hand-off a frame, for nothing: :func:`send_now` runs the
coroutine in place and, only if it does wait, lets a task finish it (the frames after it
wait for that task, :class:`~.connection.Connection`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any

__all__ = ["send_now"]


def send_now(send: Coroutine[Any, Any, Any]) -> asyncio.Future[None] | None:
    """Run the coroutine ``send`` until it returns (then ``None``) or would wait (then a
    task that finishes it, done when it is). An error it raises (the client is gone) ends
    it: the socket's reader sees the same and closes the connection."""
    try:
        waiting = send.send(None)
    except StopIteration:
        return None
    except Exception:
        return None
    return asyncio.ensure_future(_finish(send, waiting))


async def _finish(send: Coroutine[Any, Any, Any], waiting: Any) -> None:
    """Drive ``send`` on from the future it waits on (``None``: a bare yield) to its end."""
    try:
        while True:
            if waiting is None:
                await asyncio.sleep(0)
            else:
                waiting._asyncio_future_blocking = False
                await asyncio.wait({waiting})  # (its outcome is the coroutine's to read)
            try:
                waiting = send.send(None)
            except StopIteration:
                return
            except Exception:
                return
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            send.close()
        raise
