"""A run's chunks played in worker processes (``simulate(workers=N)``): each process plays
the chunks it is sent, one at a time, and sends each result back on its own pipe; the
results are handed on in order, with a bounded number of chunks in flight.

It stops at once: an early end (Ctrl-C, an error, the consumer leaving) terminates the
processes and closes the pipes, and no thread is left waiting on them. (A
``concurrent.futures`` pool runs its queued chunks to the end on ``shutdown``, and once its
processes are terminated its manager thread may wait forever on a result cut in the
middle.) The workers ignore SIGINT: a terminal's Ctrl-C reaches every process of the
group, and the parent alone answers it."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Generator, Iterable
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from .errors import BackendError
from .selfplay import Job, Part, play_chunk

__all__ = ["play_in_processes"]

#: Chunks a worker process is sent and has not answered: one played, one waiting, so that
#: it never idles while its last result travels.
IN_FLIGHT = 2

#: Chunks sent and not yet handed on, per worker process: the answered ones wait for the
#: chunks before them, so a slower process holds the others up only once this is full.
WINDOW = 4


def _serve(conn: Connection) -> None:
    """A worker process: the job first, then ``(start, stop)`` requests until ``None`` (or
    the parent's end of the pipe closing); each answered ``("part", Part)`` or
    ``("error", exception)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        job: Job = conn.recv()
        while (request := conn.recv()) is not None:
            start, stop = request
            try:
                answer: tuple[str, Any] = ("part", play_chunk(job, start, stop))
            except Exception as e:  # noqa: BLE001 - handed to the parent, which raises it
                answer = ("error", e)
            try:
                conn.send(answer)
            except Exception as e:  # an exception that does not pickle
                conn.send(("error", RuntimeError(f"{type(e).__name__}: {e}")))
    except (EOFError, OSError):
        pass  # the parent is gone or stopped the run


def play_in_processes(
    job: Job, ranges: Iterable[tuple[int, int]], workers: int
) -> Generator[tuple[int, Part], None, None]:
    """Each chunk of ``ranges`` (consecutive ``(start, stop)`` unit ranges, read as they
    are sent) played by one of ``workers`` processes: its units and its result, in order.
    At most ``WINDOW × workers`` chunks are sent and not yet handed on, so the memory held
    is bounded whatever the run's length. Raises the exception a chunk raised, and
    :class:`BackendError` if a worker process dies. Closed early, it terminates the
    processes at once."""
    ctx = multiprocessing.get_context()
    todo = iter(ranges)
    processes: list[BaseProcess] = []
    conns: list[Connection] = []
    # Per pipe, the chunks it was sent and has not answered, in order: (index, units).
    asked: dict[Connection, list[tuple[int, int]]] = {}
    results: dict[int, tuple[int, Part]] = {}
    sent = handed = 0
    finished = False
    try:
        for _ in range(workers):
            mine, theirs = ctx.Pipe()
            process = ctx.Process(target=_serve, args=(theirs,), daemon=True)
            process.start()
            theirs.close()
            processes.append(process)
            conns.append(mine)
            asked[mine] = []
            mine.send(job)

        def send(conn: Connection) -> bool:
            """Send ``conn`` the next chunk if there is one and the window has room."""
            nonlocal sent
            if sent - handed >= WINDOW * workers:
                return False
            chunk = next(todo, None)
            if chunk is None:
                return False
            start, stop = chunk
            conn.send((start, stop))
            asked[conn].append((sent, stop - start))
            sent += 1
            return True

        while True:
            while handed in results:
                yield results.pop(handed)
                handed += 1
            for _ in range(IN_FLIGHT):  # top the processes up, one chunk each in turn
                for conn in conns:
                    if len(asked[conn]) < IN_FLIGHT:
                        send(conn)
            busy = [c for c in conns if asked[c]]
            if not busy:
                break  # nothing in flight, nothing left to send
            for ready in wait(busy):
                assert isinstance(ready, Connection)
                index, units = asked[ready].pop(0)
                try:
                    kind, payload = ready.recv()
                except (EOFError, OSError):
                    died = processes[conns.index(ready)]
                    died.join(1)
                    raise BackendError(
                        f"a worker process stopped (exit code {died.exitcode}) while "
                        f"playing chunk {index} of the run"
                    ) from None
                if kind == "error":
                    raise payload
                results[index] = (units, payload)
        finished = True
    finally:
        for conn in conns:
            if finished:
                try:
                    conn.send(None)
                except OSError:
                    pass
            conn.close()
        for worker in processes:
            if not finished:
                worker.terminate()
            worker.join()
