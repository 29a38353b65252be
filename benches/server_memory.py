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
import json
import math
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from html import escape
from pathlib import Path
from typing import Any

import websockets

# One client's choices, the server's flags and its CPU time, as the load benchmark has them
# (run from benches/).
from server_load import choose, cpu_seconds, server_flags

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


def fit(points: list[tuple[int, int]]) -> tuple[float, float]:
    """The least-squares line through ``points`` (hands, KB): (slope in KB per hand,
    intercept in KB); NaNs if there are fewer than two."""
    n = len(points)
    if n < 2:
        return float("nan"), float("nan")
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if not sxx:
        return float("nan"), float("nan")
    b = sum((x - mx) * (y - my) for x, y in points) / sxx
    return b, my - b * mx


def slope(points: list[tuple[int, int]]) -> float:
    """The least-squares slope of ``points`` (hands, KB): KB per hand."""
    return fit(points)[0]


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


# -- the chart ---------------------------------------------------------------------------

_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def _ticks(hi: float, n: int = 6) -> tuple[float, list[float]]:
    """A round top at or above ``hi`` (> 0) and the ticks from 0 to it, about ``n``."""
    raw = hi / n
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    top = math.ceil(hi / step - 1e-9) * step
    return top, [i * step for i in range(int(round(top / step)) + 1)]


def _number(v: float) -> str:
    return f"{v:,.0f}" if v == int(v) else f"{v:,.1f}"


def _who(report: dict[str, Any]) -> str:
    if report.get("mode", "tables") != "tables":
        return "the client at seat 0 of every room"
    every = report.get("people_every", 4)
    return "no person" if not every else f"the client at seat 0 of every {every}th table"


def _run_lines(report: dict[str, Any]) -> tuple[str, str]:
    """A run's settings and figures, in two lines of the legend."""
    rss = report.get("rss_mb", {})
    return (
        f"{report.get('label') or '?'}: {report.get('mode', 'tables')}, "
        f"{report.get('concurrent_tables')} at once, {report.get('per_table', 8)}-hand "
        f"matches, {_who(report)}; {report.get('hands', 0):,} hands in "
        f"{report.get('seconds')} s",
        f"RSS {rss.get('at_start')} MB at the start, {rss.get('at_warmup')} MB at the warm-up "
        f"({report.get('warmup_hands', 1000):,} hands), {rss.get('at_end')} MB at the end; "
        f"slope after the warm-up {report.get('slope_kb_per_hand_after_warmup')} KB/hand",
    )


def svg_chart(reports: list[dict[str, Any]]) -> str:
    """The RSS samples of ``reports`` (MB against hands played) as a self-contained SVG
    line chart: axes, ticks, a title naming the first run's settings, a legend line per
    run, and each run's least-squares line from its warm-up on (dashed)."""
    width, left, right, top = 900, 70, 40, 70
    plot_h = 380
    legend_h = 34 * len(reports) + 10
    height = top + plot_h + 48 + legend_h
    plot_w = width - left - right
    max_h = max(max(h for h, _ in r["samples"]) for r in reports) or 1
    max_mb = max(max(kb for _, kb in r["samples"]) for r in reports) / 1024 or 1
    x_top, x_ticks = _ticks(max_h)
    y_top, y_ticks = _ticks(max_mb * 1.05)

    def x(h: float) -> float:
        return left + plot_w * h / x_top

    def y(mb: float) -> float:
        return top + plot_h * (1 - mb / y_top)

    first = reports[0]
    title = "koudiandian serve: resident memory (VmRSS) against hands played"
    subtitle = (
        f"{first.get('mode', 'tables')}: {first.get('concurrent_tables')} tables at once, "
        f"{first.get('per_table', 8)}-hand matches of greedy bots (bot_delay 0, claim wait 0), "
        f"{_who(first)} acting at once",
        f"{first.get('hands', 0):,} hands; RSS sampled every {first.get('sample_every', 500)} "
        "hands; dashed: the least-squares line from the warm-up on",
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15" '
        f'font-weight="bold">{escape(title)}</text>',
        f'<text x="{width / 2}" y="39" text-anchor="middle" font-size="11">'
        f"{escape(subtitle[0])}</text>",
        f'<text x="{width / 2}" y="53" text-anchor="middle" font-size="11">'
        f"{escape(subtitle[1])}</text>",
    ]
    for v in y_ticks:
        out.append(
            f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + plot_w}" y2="{y(v):.1f}" '
            f'stroke="#e5e5e5"/>'
        )
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{_number(v)}</text>')
    for v in x_ticks:
        out.append(
            f'<line x1="{x(v):.1f}" y1="{top}" x2="{x(v):.1f}" y2="{top + plot_h}" '
            f'stroke="#f0f0f0"/>'
        )
        out.append(
            f'<line x1="{x(v):.1f}" y1="{top + plot_h}" x2="{x(v):.1f}" '
            f'y2="{top + plot_h + 5}" stroke="black"/>'
        )
        out.append(
            f'<text x="{x(v):.1f}" y="{top + plot_h + 18}" text-anchor="middle">{_number(v)}</text>'
        )
    out.append(
        f'<polyline points="{left},{top} {left},{top + plot_h} {left + plot_w},{top + plot_h}" '
        f'fill="none" stroke="black"/>'
    )
    out.append(
        f'<text x="{left + plot_w / 2}" y="{top + plot_h + 36}" text-anchor="middle">'
        f"hands played</text>"
    )
    out.append(
        f'<text x="18" y="{top + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 18 {top + plot_h / 2})">RSS (MB)</text>'
    )
    for i, r in enumerate(reports):
        colour = _COLOURS[i % len(_COLOURS)]
        points = [(int(h), int(kb)) for h, kb in r["samples"]]
        line = " ".join(f"{x(h):.1f},{y(kb / 1024):.1f}" for h, kb in points)
        out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="1.6"/>')
        for h, kb in points:
            out.append(f'<circle cx="{x(h):.1f}" cy="{y(kb / 1024):.1f}" r="1.8" fill="{colour}"/>')
        warmup = int(r.get("warmup_hands", 1000))
        tail = [p for p in points if p[0] >= warmup]
        b, a = fit(tail)
        if tail and math.isfinite(b):
            h0, h1 = tail[0][0], tail[-1][0]
            out.append(
                f'<line x1="{x(h0):.1f}" y1="{y((a + b * h0) / 1024):.1f}" x2="{x(h1):.1f}" '
                f'y2="{y((a + b * h1) / 1024):.1f}" stroke="black" stroke-width="1" '
                f'stroke-dasharray="6 4"/>'
            )
            out.append(
                f'<line x1="{x(warmup):.1f}" y1="{top}" x2="{x(warmup):.1f}" '
                f'y2="{top + plot_h}" stroke="{colour}" stroke-dasharray="2 3" '
                f'stroke-width="0.8"/>'
            )
            out.append(
                f'<text x="{x(warmup) + 3:.1f}" y="{top + 12 + 12 * i}" font-size="10" '
                f'fill="{colour}">warm-up ({warmup:,})</text>'
            )
        ly = top + plot_h + 58 + 34 * i
        out.append(
            f'<line x1="{left}" y1="{ly - 4}" x2="{left + 24}" y2="{ly - 4}" '
            f'stroke="{colour}" stroke-width="2.5"/>'
        )
        first_line, second_line = _run_lines(r)
        out.append(f'<text x="{left + 30}" y="{ly}" font-size="11">{escape(first_line)}</text>')
        out.append(
            f'<text x="{left + 30}" y="{ly + 14}" font-size="11">{escape(second_line)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def read_report(path: str) -> dict[str, Any]:
    """A run's JSON report from ``path`` (the file ``--json`` wrote, or the run's printed
    output: the first JSON object in it), with its samples."""
    text = Path(path).read_text()
    report, _ = json.JSONDecoder().raw_decode(text[text.index("{") :])
    if not isinstance(report, dict) or not report.get("samples"):
        raise SystemExit(f"{path}: no report with samples (a run of this script with --json)")
    return report


def report_text(report: dict[str, Any]) -> str:
    """The report as JSON: indented, its samples one row of pairs."""
    rest = {k: v for k, v in report.items() if k != "samples"}
    body = json.dumps(rest, indent=1, ensure_ascii=False)
    return body[:-2] + ',\n "samples": ' + json.dumps(report["samples"]) + "\n}\n"


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
