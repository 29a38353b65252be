"""The game server's memory as hands are played (issue 23, item 10): does its RSS stay flat?

    python benches/server_memory.py --hands 10000            # bounded: --timeout 900 s

The server runs in its own process (``koudiandian serve --bot-delay 0``, a fresh database
in a temporary directory); this process plays tables on it: ``--concurrent`` tables at a
time, each a match of ``--per-table`` hands of the server's greedy bots with no delay, but
at every ``--people-every``-th table seat 0 is a WebSocket client here that acts the moment
it may; each table has a spectator socket that asks for a view after every change
(``views=all``) and reads every frame. As each table ends, another starts, until ``--hands`` hands are played. The server's
RSS (``VmRSS`` of ``/proc/<pid>/status``) is sampled every ``--sample`` hands; the report
gives it at 10^3 hands and at the end, and its slope (least squares over the samples from
10^3 hands on) in KB per hand. Needs the [server] extra and ``websockets``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets

# One client's choices and requests, as the load benchmark makes them (run from benches/).
from server_load import choose, http


def rss_kb(pid: int) -> int:
    """The resident set size of process ``pid``, in KB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


async def _seat(url: str) -> int:
    """Play seat 0 at once whenever it may act, to the match's end; returns its actions."""
    actions = 0
    async with websockets.connect(url, max_size=None) as ws:
        async for frame in ws:
            for m in json.loads(frame):
                if m["type"] == "view" and m["view"]["legal_actions"]:
                    v = m["view"]
                    message = {"type": "action", "action": choose(v["legal_actions"], v["drawn"])}
                    if "decision" in v:  # the protocol's decision number, where it has one
                        message["decision"] = v["decision"]
                    await ws.send(json.dumps(message))
                    actions += 1
                elif m["type"] == "error":
                    raise RuntimeError(f"the server refused an action: {m}")
                elif m["type"] == "match_end":
                    return actions
    raise RuntimeError("the seat's socket closed before the match ended")


async def _watch(url: str) -> int:
    """Read a spectator's every frame to the match's end; returns how many."""
    frames = 0
    async with websockets.connect(url, max_size=None) as ws:
        async for frame in ws:
            frames += 1
            if any(m["type"] == "match_end" for m in json.loads(frame)):
                return frames
    raise RuntimeError("the spectator's socket closed before the match ended")


async def play_table(port: int, hands: int, person: bool) -> tuple[int, int]:
    """One table of ``hands`` hands: seat 0 a client here (``person``, else a bot), the other
    seats the server's greedy bots with no delay, and a spectator asking for a view after
    every change (``views=all``). Returns seat 0's actions and the spectator's frames."""
    seats = ["human" if person else "greedy", "greedy", "greedy", "greedy"]
    spec = {"seats": seats, "match": hands, "bot_delay": 0, "private": False}
    table = await asyncio.to_thread(http, port, "/tables", spec)
    url = f"ws://127.0.0.1:{port}/tables/{table['id']}/ws"
    watcher = asyncio.create_task(_watch(url + "?views=all"))
    actions = await _seat(f"{url}?token={table['tokens'][0]}") if person else 0
    return actions, await watcher


def slope(points: list[tuple[int, int]]) -> float:
    """The least-squares slope of ``points`` (hands, KB): KB per hand."""
    n = len(points)
    if n < 2:
        return float("nan")
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else float("nan")


async def run(args: argparse.Namespace, port: int, pid: int) -> dict[str, Any]:
    """Play ``args.hands`` hands on the server at ``port`` (process ``pid``); the report."""
    start = time.monotonic()
    samples: list[tuple[int, int]] = [(0, rss_kb(pid))]
    done = 0
    frames = 0
    actions = 0
    next_sample = args.sample
    tables = -(-args.hands // args.per_table)
    started = 0

    async def worker() -> None:
        nonlocal done, frames, actions, next_sample, started
        while started < tables and time.monotonic() - start < args.timeout:
            started += 1
            person = args.people_every > 0 and started % args.people_every == 1 % args.people_every
            acted, read = await play_table(port, args.per_table, person)
            frames += read
            actions += acted
            done += args.per_table
            while done >= next_sample:
                samples.append((done, rss_kb(pid)))
                next_sample += args.sample

    await asyncio.gather(*(worker() for _ in range(args.concurrent)))
    elapsed = time.monotonic() - start
    await asyncio.sleep(2)
    idle = rss_kb(pid)

    def at(hands: int) -> int | None:
        return next((kb for h, kb in samples if h >= hands), None)

    tail = [(h, kb) for h, kb in samples if h >= 1000]
    return {
        "hands": done,
        "tables": done // args.per_table,
        "concurrent_tables": args.concurrent,
        "people_every": args.people_every,
        "seat_0_actions": actions,
        "spectator_frames": frames,
        "seconds": round(elapsed, 1),
        "hands_per_s": round(done / elapsed, 1),
        "rss_mb": {
            "at_start": round(samples[0][1] / 1024, 1),
            "at_1000_hands": None if at(1000) is None else round(at(1000) / 1024, 1),  # type: ignore[operator]
            "at_end": round(samples[-1][1] / 1024, 1),
            "idle_2s_after": round(idle / 1024, 1),
        },
        "slope_kb_per_hand_from_1000": round(slope(tail), 3),
        "samples": samples,
        "timed_out": done < args.hands,
    }


def main() -> int:
    """Start a server, play, print the report (JSON); exit 1 if RSS is not flat."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--hands", type=int, default=10_000, help="hands to play in all")
    p.add_argument("--per-table", type=int, default=8, help="hands per table (its match)")
    p.add_argument("--concurrent", type=int, default=40, help="tables played at once")
    p.add_argument(
        "--people-every",
        type=int,
        default=4,
        help="every Nth table has a person (this client) at seat 0; the others are four "
        "bots (0: none)",
    )
    p.add_argument("--sample", type=int, default=500, help="sample RSS every this many hands")
    p.add_argument("--timeout", type=float, default=900, help="stop starting tables after this")
    p.add_argument("--max-slope", type=float, default=2.0, help="KB per hand counted as flat")
    args = p.parse_args()
    if not 1 <= args.per_table <= 16 or not 1 <= args.concurrent <= 500 or args.hands < 1:
        p.error("--per-table 1–16, --concurrent 1–500, --hands 1 or more")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "koudiandian", "serve", "--port", str(port)]
            + ["--db", str(Path(tmp) / "memory.sqlite"), "--bot-delay", "0", "--quiet"]
            # the client acts at once: no claim window, and limits no load test would keep to
            + ["--claim-wait", "0", "--max-tables-per-minute", "100000"]
            + ["--max-messages-per-second", "100000", "--max-sockets-per-address", "5000"],
        )
        try:
            for _ in range(300):
                try:
                    http(port, "/tables")
                    break
                except OSError:
                    time.sleep(0.1)
            report = asyncio.run(run(args, port, server.pid))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
    samples = report.pop("samples")
    print(json.dumps(report, indent=1))
    print("samples (hands, RSS KB):", json.dumps(samples))
    flat = report["slope_kb_per_hand_from_1000"] <= args.max_slope  # NaN (too few): not flat
    print(f"RSS flat (slope <= {args.max_slope} KB/hand from 10^3 hands):", "yes" if flat else "NO")
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
