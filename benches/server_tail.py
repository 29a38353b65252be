"""Where the game server's slow actions spend their time (issue 35, item 1).

    python benches/server_tail.py serve --port 8713 --db /tmp/t.sqlite --bot-delay 0 ...
    python benches/server_load.py --connect 8713 --server-pid PID --tables 1000 --think 0.5 2

Runs ``koudiandian serve`` (every argument after this script's name is ``koudiandian``'s)
with three recorders, and writes what they saw when the server stops (SIGTERM) to
``$TAIL_OUT`` (default ``server_tail``) + ``.json`` and ``.stalls`` (collapsed stacks, the
format of ``py-spy record -f raw``, for a flame graph):

- **stalls**: a watchdog thread looks every 2 ms at when the event loop last ran a beat
  (a callback every 2 ms); while it has not for more than ``$STALL_MS`` (default 20), the
  main thread's stack is sampled. Each stall's length is kept.
- **the collector**: every garbage-collection pass, its generation and length
  (``gc.callbacks``), and the number of tracked objects at the first full pass after
  warm-up.
- **a per-action trace**: for each person's action, when ``Table.act`` took it, when its
  group was committed and when its frames were written (``Table._group_committed`` ends
  with the flush), relative to when the server's code got the message.

The server's own code is not changed: the recorders wrap it from outside.
"""

from __future__ import annotations

import asyncio
import collections
import gc
import json
import os
import signal
import sys
import threading
import time
import traceback
from typing import Any

STALL = float(os.environ.get("STALL_MS", "20")) / 1000
OUT = os.environ.get("TAIL_OUT", "server_tail")

_beat = [time.monotonic()]
_main = threading.get_ident()
_stacks: collections.Counter[str] = collections.Counter()
_stalls: list[float] = []
_passes: list[tuple[int, float, int]] = []  # (generation, seconds, collected)
_census: dict[str, Any] = {}
_trace: list[tuple[float, float, float]] = []  # (act, committed, written) after the message
_started = time.perf_counter()


def _on_gc(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        if info["generation"] == 2 and not _census and time.perf_counter() - _started > 20:
            objects = gc.get_objects()
            kinds = collections.Counter(type(o).__name__ for o in objects)
            _census.update(tracked=len(objects), top=kinds.most_common(20))
            del objects
        _on_gc.t = time.perf_counter()  # type: ignore[attr-defined]
    else:
        seconds = time.perf_counter() - _on_gc.t  # type: ignore[attr-defined]
        _passes.append((info["generation"], seconds, info.get("collected", 0)))


def _watch() -> None:
    stalled: float | None = None
    while True:
        time.sleep(0.002)
        lag = time.monotonic() - _beat[0]
        if lag > STALL:
            frame = sys._current_frames().get(_main)
            if frame is not None:
                stack = [  # outermost first, as py-spy writes them
                    f"{f.f_code.co_name} ({os.path.basename(f.f_code.co_filename)}:{line})"
                    for f, line in reversed(list(traceback.walk_stack(frame)))
                ]
                _stacks[";".join(stack)] += 1
            stalled = lag
        elif stalled is not None:
            _stalls.append(stalled)
            stalled = None


def _trace_actions() -> None:
    from koudiandian.server import seatsocket, tables

    read = seatsocket._read
    act = tables.Table.act
    committed = tables.Table._group_committed

    async def traced_read(websocket: Any, table: Any, conn: Any, *args: Any) -> None:
        receive = websocket.receive

        async def timed_receive() -> Any:
            message = await receive()
            conn._got = time.perf_counter()
            return message

        websocket.receive = timed_receive
        await read(websocket, table, conn, *args)

    def traced_act(self: Any, seat: int, *args: Any, **kwargs: Any) -> None:
        got = max((getattr(c, "_got", 0.0) for c in self.connections if c.seat == seat), default=0)
        act(self, seat, *args, **kwargs)
        if self.uncommitted:
            self._traced = (got, time.perf_counter())

    def traced_committed(self: Any) -> None:
        traced = getattr(self, "_traced", None)
        at = time.perf_counter()
        committed(self)
        if traced is not None and not self.uncommitted:
            got, acted = traced
            _trace.append((acted - got, at - got, time.perf_counter() - got))
            self._traced = None

    seatsocket._read = traced_read  # type: ignore[assignment]
    tables.Table.act = traced_act  # type: ignore[method-assign]
    tables.Table._group_committed = traced_committed  # type: ignore[method-assign]


def _report() -> None:
    with open(OUT + ".stalls", "w") as fh:
        for stack, n in _stacks.most_common():
            fh.write(f"{stack} {n}\n")
    full = [p for p in _passes if p[0] == 2]
    slow = sorted(_trace, key=lambda t: t[2])[-max(1, len(_trace) // 100) :]

    def mean(xs: list[float]) -> float:
        return round(1000 * sum(xs) / len(xs), 2) if xs else 0.0

    report = {
        "stalls_over_ms": STALL * 1000,
        "stalls": len(_stalls),
        "stall_ms": sorted(round(s * 1000, 1) for s in _stalls)[-30:],
        "gc_passes": {g: sum(1 for p in _passes if p[0] == g) for g in (0, 1, 2)},
        "gc_max_ms": {
            g: round(1000 * max((p[1] for p in _passes if p[0] == g), default=0), 2)
            for g in (0, 1, 2)
        },
        "full_passes_ms_collected": [(round(p[1] * 1000, 1), p[2]) for p in full],
        "census_at_a_full_pass": _census,
        "actions_traced": len(_trace),
        "slowest_1pct_mean_ms": {
            "to_act": mean([t[0] for t in slow]),
            "to_commit": mean([t[1] for t in slow]),
            "to_frames": mean([t[2] for t in slow]),
        },
        "all_mean_ms": {
            "to_act": mean([t[0] for t in _trace]),
            "to_commit": mean([t[1] for t in _trace]),
            "to_frames": mean([t[2] for t in _trace]),
        },
        "slowest_ms": [tuple(round(x * 1000, 2) for x in t) for t in slow[-10:]],
    }
    with open(OUT + ".json", "w") as fh:
        json.dump(report, fh, indent=1)


def main() -> int:
    import uvicorn.loops.uvloop as loops
    import uvloop

    class Policy(uvloop.EventLoopPolicy):
        def new_event_loop(self) -> asyncio.AbstractEventLoop:
            loop = super().new_event_loop()

            def beat() -> None:
                _beat[0] = time.monotonic()
                loop.call_later(0.002, beat)

            loop.call_soon(beat)
            return loop

    loops.uvloop_loop_factory = lambda use_subprocess=False: Policy().new_event_loop
    gc.callbacks.append(_on_gc)
    _trace_actions()
    threading.Thread(target=_watch, daemon=True).start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    from koudiandian.cli import main as cli

    sys.argv = ["koudiandian", *sys.argv[1:]]
    try:
        return cli()
    finally:
        _report()


if __name__ == "__main__":
    sys.exit(main())
