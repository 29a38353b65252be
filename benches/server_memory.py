"""The game server's memory as hands are played (issue 23, item 10; issue 35): does its RSS
stay flat?

    python benches/server_memory.py --hands 10000            # bounded: --timeout 900 s
    python benches/server_memory.py --concurrent 500 --hands 50000 --rooms --timeout 1500 \\
        --json benches/results/server_memory_branch.json
    python benches/server_memory.py --concurrent 500 --hands 50000 --timeout 1500 \\
        --server-python /tmp/venv-db14eab/bin/python --label db14eab \\
        --json benches/results/server_memory_db14eab.json \\
        --plot benches/server_memory.svg --plot-add benches/results/server_memory_branch.json

The server runs in its own process (``koudiandian serve --bot-delay 0 --claim-wait 0``, a
fresh database in a temporary directory, limits raised as ``server_load.py``'s
``server_flags`` raises them; ``--server-python`` runs it with another interpreter, one
with an older build installed); this process plays tables on it: ``--concurrent`` tables
at a time, each a match of ``--per-table`` hands of the server's greedy bots with no delay,
but at every ``--people-every``-th table seat 0 is a WebSocket client here that acts the
moment it may; each table has a second socket that asks for a view after every change
(``views=all``) and reads every frame: a spectator's (a public table, no token). As each
table ends, another starts, until ``--hands`` hands are played.

``--rooms``: every table is made as people make one, a room with turn clocks (``POST
/rooms``, the default ``clock``: turn 20 s, claim 8 s, bank 60 s). A room's seat 0 is its
host, a person, so every room has the client here at seat 0 (``--people-every`` does not
apply); it says ready on its socket (``{"type": "ready"}``: the bots' seats are ready at
once) and the match is dealt. A room is private and has no watch token, so the second
socket is seat 0's too, with the host's token and ``views=all`` (a spectator's socket
without a token is refused, 4404). Once the match is over the host closes the room
(``DELETE /rooms/{number}``) and a new room starts. The client acts at once, long before
any clock runs out: any ``auto`` (托管) message on either socket fails the run. An older
server without rooms (``--server-python``) is refused ``--rooms`` before it starts.

The server's RSS (``VmRSS`` of ``/proc/<pid>/status``) is sampled every ``--sample``
hands; the report gives it at the start, at the warm-up (``--warmup`` hands: by default
10^3, or two rounds of the tables played at once, ``2 × concurrent × per-table``, if that
is more) and at the end, and its slope (least squares over the samples from the warm-up
on) in KB per hand, with every sample (hands, RSS KB). ``--json FILE`` writes that report;
``--plot FILE.svg`` draws the samples (MB against hands) as an SVG line chart with the
fitted line from the warm-up on, and ``--plot-add REPORT.json`` (repeatable) draws an
earlier run's report in the same chart (``--plot-only``: draw those and run nothing). The
run exits 1 if the slope is over ``--max-slope`` KB per hand, or if any seat was put on
托管. Needs the [server] extra and ``websockets``.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# The tables played, the report and its chart (memory_*.py); the server's flags and its CPU
# time as the load benchmark has them (run from benches/).
from memory_report import read_report, report_text, slope, svg_chart
from memory_tables import Counts, play_room, play_table, proc_kb, request, rss_kb
from server_load import cpu_seconds, server_flags


def warmup_of(args: argparse.Namespace) -> int:
    """The hands after which the slope is fitted: ``--warmup``, else 10^3 or two rounds of
    the tables played at once, whichever is more."""
    if args.warmup is not None:
        return int(args.warmup)
    return max(1000, 2 * int(args.concurrent) * int(args.per_table))


async def run(args: argparse.Namespace, port: int, pid: int) -> dict[str, Any]:
    """Play ``args.hands`` hands on the server at ``port`` (process ``pid``); the report."""
    start = time.monotonic()
    cpu0 = cpu_seconds(pid)
    samples: list[tuple[int, int]] = [(0, rss_kb(pid))]
    done = 0
    counts = Counts()
    next_sample = args.sample
    tables = -(-args.hands // args.per_table)
    started = 0
    people = 0
    warmup = warmup_of(args)
    warmup_seconds: float | None = None

    async def worker() -> None:
        nonlocal done, next_sample, started, people, warmup_seconds
        while started < tables and time.monotonic() - start < args.timeout:
            started += 1
            n = started
            if args.rooms:
                person = True
                game = play_room(port, args.per_table, counts)
            else:
                person = args.people_every > 0 and n % args.people_every == 1 % args.people_every
                game = play_table(port, args.per_table, person, counts)
            people += person
            try:
                await asyncio.wait_for(game, args.table_timeout)
            except TimeoutError:
                raise RuntimeError(
                    f"table {n} ({'a room' if args.rooms else 'a table'}) not over after "
                    f"{args.table_timeout} s, at {done} hands played"
                ) from None
            done += args.per_table
            if warmup_seconds is None and done >= warmup:
                warmup_seconds = time.monotonic() - start
            while done >= next_sample:
                samples.append((done, rss_kb(pid)))
                next_sample += args.sample

    await asyncio.gather(*(worker() for _ in range(args.concurrent)))
    elapsed = time.monotonic() - start
    cpu = cpu_seconds(pid) - cpu0
    await asyncio.sleep(2)
    idle = rss_kb(pid)
    peak = proc_kb(pid, "VmHWM")

    def at(hands: int) -> float | None:
        kb = next((kb for h, kb in samples if h >= hands), None)
        return None if kb is None else round(kb / 1024, 1)

    tail = [(h, kb) for h, kb in samples if h >= warmup]

    def kb_per_hand(points: list[tuple[int, int]]) -> float | None:
        b = slope(points)
        return round(b, 3) if math.isfinite(b) else None  # (too few samples: null)

    return {
        "label": args.label,
        "mode": "rooms with clocks" if args.rooms else "tables",
        "server_python": args.server_python or sys.executable,
        "hands": done,
        "tables": done // args.per_table,
        "per_table": args.per_table,
        "concurrent_tables": args.concurrent,
        "people_every": 1 if args.rooms else args.people_every,
        "tables_with_a_person": people,
        "seat_0_actions": counts.actions,
        "seat_0_actions_timed": counts.timed_views,
        "second_socket": "seat 0's, views=all" if args.rooms else "a spectator's, views=all",
        "second_socket_frames": counts.frames,
        "clock_messages": counts.clock_messages,
        "room_messages": counts.room_messages,
        "room_close_retries": counts.close_retries,
        "auto_messages": counts.auto_messages,
        "auto_seen": counts.auto_seen,
        "seconds": round(elapsed, 1),
        "hands_per_s": round(done / elapsed, 1),
        "server_cpu_s": round(cpu, 1),
        "sample_every": args.sample,
        "warmup_hands": warmup,
        "seconds_to_warmup": None if warmup_seconds is None else round(warmup_seconds, 1),
        "rss_mb": {
            "at_start": round(samples[0][1] / 1024, 1),
            "at_1000_hands": at(1000),
            "at_warmup": at(warmup),
            "at_end": round(samples[-1][1] / 1024, 1),
            "idle_2s_after": round(idle / 1024, 1),
            "peak": round(peak / 1024, 1),
        },
        "slope_kb_per_hand_after_warmup": kb_per_hand(tail),
        "slope_kb_per_hand_from_1000": kb_per_hand([p for p in samples if p[0] >= 1000]),
        "timed_out": done < args.hands,
        "samples": samples,
    }


# -- the server ----------------------------------------------------------------------------


def has_rooms(python: str) -> bool:
    """Whether ``python``'s koudiandian has rooms (and their clocks)."""
    probe = (
        "import importlib.util as u, sys; sys.exit(u.find_spec('koudiandian.server.rooms') is None)"
    )
    return subprocess.run([python, "-c", probe], capture_output=True).returncode == 0


def serve_command(python: str, port: int, db: Path) -> list[str]:
    """``koudiandian serve`` as this benchmark runs it: no bot delay, the flags
    ``server_load.py`` gives a load test that ``python``'s server knows, table creation
    unbounded (thousands of tables a run) and room lookups too."""
    flags = server_flags(python, argparse.Namespace(claim_wait=0.0, bot_share=None))
    if "--max-tables-per-minute" in flags:
        flags[flags.index("--max-tables-per-minute") + 1] = "100000"
    known = subprocess.run(
        [python, "-m", "koudiandian", "serve", "--help"], capture_output=True, text=True
    ).stdout
    if "--max-unknown-rooms-per-minute" in known:
        flags += ["--max-unknown-rooms-per-minute", "100000"]
    return (
        [python, "-m", "koudiandian", "serve", "--port", str(port), "--db", str(db)]
        + ["--bot-delay", "0", "--quiet"]
        + flags
    )


def default_label(python: str | None) -> str:
    """A run's name in the chart: the checkout's commit (this interpreter), else the
    interpreter's virtualenv folder."""
    if python is None:
        head = subprocess.run(
            ["git", "-C", str(Path(__file__).resolve().parent), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
        )
        return head.stdout.strip() or "this checkout"
    parent = Path(python).parent
    return parent.parent.name if parent.name == "bin" else python


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
        "bots (0: none); with --rooms every room has one",
    )
    p.add_argument(
        "--rooms",
        action="store_true",
        help="make every table as a room with the default turn clocks (POST /rooms), the "
        "client here its host at seat 0; closed (DELETE) once its match is over",
    )
    p.add_argument(
        "--server-python",
        metavar="PYTHON",
        help="run the server with this interpreter (one with another build of koudiandian "
        "installed, to compare with an older commit)",
    )
    p.add_argument("--sample", type=int, default=500, help="sample RSS every this many hands")
    p.add_argument(
        "--warmup",
        type=int,
        help="hands after which the slope is fitted (default: 10^3, or 2 x concurrent x "
        "per-table if more)",
    )
    p.add_argument("--timeout", type=float, default=900, help="stop starting tables after this")
    p.add_argument(
        "--table-timeout",
        type=float,
        default=600,
        help="fail the run if one table's match takes longer than this (seconds)",
    )
    p.add_argument("--max-slope", type=float, default=2.0, help="KB per hand counted as flat")
    p.add_argument("--label", help="the run's name in the report and the chart")
    p.add_argument("--json", metavar="FILE", help="write the report (with every sample) here")
    p.add_argument("--plot", metavar="FILE.svg", help="draw the RSS samples as an SVG chart")
    p.add_argument(
        "--plot-add",
        metavar="REPORT.json",
        action="append",
        default=[],
        help="draw an earlier run's report (--json) in the same chart (repeatable)",
    )
    p.add_argument(
        "--plot-only",
        action="store_true",
        help="run nothing: draw --plot from the --plot-add reports",
    )
    args = p.parse_args()
    if args.plot_only:
        if not args.plot or not args.plot_add:
            p.error("--plot-only draws --plot FILE.svg from one or more --plot-add REPORT.json")
        Path(args.plot).write_text(svg_chart([read_report(f) for f in args.plot_add]))
        print("chart:", args.plot)
        return 0
    if not 1 <= args.per_table <= 16 or not 1 <= args.concurrent <= 500 or args.hands < 1:
        p.error("--per-table 1–16, --concurrent 1–500, --hands 1 or more")
    added = [read_report(f) for f in args.plot_add]  # (read now: a bad file fails at once)
    python = args.server_python or sys.executable
    if args.rooms and not has_rooms(python):
        p.error(
            f"--rooms: the server of {python} has no rooms (no koudiandian.server.rooms: a "
            "build from before rooms and turn clocks); run it without --rooms (tables)"
        )
    if args.label is None:
        args.label = default_label(args.server_python)
    try:
        import uvloop  # the client's loop (the server picks its own)

        uvloop.install()
    except ImportError:
        pass
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        command = serve_command(python, port, Path(tmp) / "memory.sqlite")
        server = subprocess.Popen(command)
        try:
            for _ in range(300):
                try:
                    request(port, "GET", "/tables")
                    break
                except OSError:
                    if server.poll() is not None:
                        raise RuntimeError(f"the server exited ({server.returncode})") from None
                    time.sleep(0.1)
            report = asyncio.run(run(args, port, server.pid))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
    report["server_command"] = " ".join(command[2:]).replace(str(Path(tmp)), "$TMP")
    text = report_text(report)
    print(text, end="")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(text)
    if args.plot:
        Path(args.plot).write_text(svg_chart([report, *added]))
        print("chart:", args.plot)
    b = report["slope_kb_per_hand_after_warmup"]
    flat = b is not None and b <= args.max_slope  # (too few samples: not flat)
    print(
        f"RSS flat (slope <= {args.max_slope} KB/hand from {report['warmup_hands']:,} hands):",
        "yes" if flat else "NO",
    )
    no_auto = report["auto_messages"] == 0
    print(
        f"no seat on 托管 (auto messages: {report['auto_messages']}):", "yes" if no_auto else "NO"
    )
    return 0 if flat and no_auto and not report["timed_out"] else 1


if __name__ == "__main__":
    sys.exit(main())
