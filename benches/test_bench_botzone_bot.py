"""koudiandian's bots as Botzone bots (``koudiandian botzone bot NAME``): decisions per second
of a keep-running ``greedy`` through the protocol, and its start-up (the first answer).

Run from the repository root::

    python -m pytest benches/test_bench_botzone_bot.py -p no:cacheprovider --benchmark-only -s
    python benches/test_bench_botzone_bot.py          # the same, as a script

The requests: ``GAMES`` seeded games (each prevalent wind in turn, every other one with
flowers) of four in-process ``greedy`` Botzone players under koudiandian's judge, each
seat's requests recorded with the answer given and whether it had a choice (two legal
answers or more). The timed runs give each seat's requests back, one turn at a time as the
platform does (a request written, the answer and the keep-running line read), to a fresh
bot process per seat's game (``python …/botzone/botmain.py greedy``, keep-running, simple
or JSON interaction); each answer must be the recorded one. Decisions/s counts only the
requests with a choice, over the time of all requests after the first (the ``PASS`` turns
between are answered too, and cost); the first turn is the start-up, timed apart: from
the process's start to its first answer, as the file (the core loaded alone), as
``python -m koudiandian.botzone.botmain`` and as ``koudiandian botzone bot`` (both import
the package). The same requests fed to ``BotzonePlayer`` in this process are the peer: the
protocol's and the pipe's cost is the difference. Target: >= 5,000 decisions/s.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from koudiandian._core import BotzonePlayer
from koudiandian.botzone.botmain import KEEP_RUNNING
from koudiandian.botzone.judge import BotzoneJudge
from koudiandian.botzone.walls import seeded_initdata

GAMES = 24
TARGET = 5000
ROOT = Path(__file__).resolve().parents[1]
BOTMAIN = ROOT / "python" / "koudiandian" / "botzone" / "botmain.py"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "python")}

#: One seat's game: (request, answer, had a choice) a turn.
Stream = list[tuple[str, str, bool]]


def record(games: int = GAMES) -> list[Stream]:
    """Each seat's requests of ``games`` seeded games of four greedy players."""
    streams: list[Stream] = []
    for seed in range(games):
        judge = BotzoneJudge(seeded_initdata(seed, seed % 4, flowers=seed % 2 == 1))
        players = [BotzonePlayer("greedy", 0) for _ in range(4)]
        seats: list[Stream] = [[] for _ in range(4)]
        out = judge.output()
        while out["command"] == "request":
            answers = {}
            for seat, request in out["content"].items():
                p = players[int(seat)]
                answer = p.answer(request)
                seats[int(seat)].append((request, answer, p.had_choice))
                answers[seat] = {"verdict": "OK", "response": answer}
            out = judge.answer(answers)
        streams.extend(seats)
    return streams


def _frame(request: str, interaction: str, first: bool) -> bytes:
    if interaction == "simple":
        text = f"1\n{request}\n\n\n" if first else request + "\n"
    elif first:
        text = json.dumps({"requests": [request], "responses": []}) + "\n"
    else:
        text = json.dumps(request) + "\n"
    return text.encode()


class _Output:
    """A bot's standard output read a turn at a time: the answer, then the keep-running
    line."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buf = b""

    def turn(self, interaction: str) -> str:
        while self.buf.count(b"\n") < 2:
            chunk = os.read(self.fd, 65536)
            assert chunk, "the bot ended its output"
            self.buf += chunk
        line, marker, self.buf = self.buf.split(b"\n", 2)
        assert marker.decode() == KEEP_RUNNING
        text = line.decode()
        return str(json.loads(text)["response"]) if interaction == "json" else text


def _cpu_ns(pid: int) -> int:
    """A process's time on a CPU so far, in nanoseconds (Linux's schedstat; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            return int(f.read().split()[0])
    except OSError:
        return 0


def through_protocol(
    streams: list[Stream], interaction: str
) -> tuple[float, float, float, float, int, int]:
    """Each stream through a fresh keep-running bot process: (seconds after the first turns,
    this process's CPU seconds then, the bots' CPU seconds then, median start-up seconds,
    choice requests, requests after the first)."""
    seconds = cpu = bots = 0.0
    startups = []
    choices = requests = 0
    for stream in streams:
        argv = [sys.executable, str(BOTMAIN), "greedy", "--interaction", interaction]
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=ENV)
        assert proc.stdin is not None and proc.stdout is not None
        into, out = proc.stdin.fileno(), _Output(proc.stdout.fileno())
        try:
            for i, (request, answer, choice) in enumerate(stream):
                if i == 1:
                    begun, begun_cpu = time.perf_counter(), time.process_time()
                    bot_cpu = _cpu_ns(proc.pid)
                os.write(into, _frame(request, interaction, i == 0))
                assert out.turn(interaction) == answer, (i, request)
                if i == 0:
                    startups.append(time.perf_counter() - start)
                else:
                    choices += choice
                    requests += 1
            seconds += time.perf_counter() - begun
            cpu += time.process_time() - begun_cpu
            bots += (_cpu_ns(proc.pid) - bot_cpu) / 1e9
        finally:
            proc.stdin.close()
            proc.wait()
            proc.stdout.close()
    return seconds, cpu, bots, statistics.median(startups), choices, requests


def in_process(streams: list[Stream]) -> tuple[float, int]:
    """The same requests to ``BotzonePlayer`` in this process: (seconds, choice requests)."""
    start = time.perf_counter()
    choices = 0
    for stream in streams:
        p = BotzonePlayer("greedy", 0)
        for request, answer, choice in stream:
            assert p.answer(request) == answer
            choices += choice
    return time.perf_counter() - start, choices


def startup(argv: list[str], rounds: int = 5) -> tuple[float, float]:
    """A bot process's start to its first answer (JSON, turn 1), median seconds of
    ``rounds``, and its CPU seconds (the mean)."""
    times = []
    before = os.times()
    for _ in range(rounds):
        start = time.perf_counter()
        done = subprocess.run(
            argv + ["greedy", "--no-keep-running"],
            input=_frame("0 1 0", "json", True),
            capture_output=True,
            env=ENV,
            check=True,
        )
        times.append(time.perf_counter() - start)
        assert json.loads(done.stdout)["response"] == "PASS"
    after = os.times()
    cpu = (after[2] + after[3] - before[2] - before[3]) / rounds
    return statistics.median(times), cpu


def report(streams: list[Stream] | None = None) -> dict[str, float]:
    streams = streams if streams is not None else record()
    print(
        f"\n{len(streams) // 4} games, {len(streams)} seats' streams, load {os.getloadavg()[0]:.1f}"
    )
    seconds, choices = in_process(streams)
    print(f"in-process BotzonePlayer: {choices / seconds:,.0f} decisions/s")
    rates: dict[str, float] = {}
    starts = {
        name: startup(argv)
        for name, argv in [
            ("python botmain.py (the core alone)", [sys.executable, str(BOTMAIN)]),
            (
                "python -m koudiandian.botzone.botmain",
                [sys.executable, "-m", "koudiandian.botzone.botmain"],
            ),
            ("koudiandian botzone bot", [sys.executable, "-m", "koudiandian", "botzone", "bot"]),
        ]
    }
    runs = [("simple", False), ("json", False), ("simple", True), ("json", True)]
    for interaction, one_core in runs:
        if one_core and not hasattr(os, "sched_setaffinity"):
            continue
        cores = os.sched_getaffinity(0) if one_core else set()
        if one_core:  # the bot (a child) and this process on one core: no wake-up across
            os.sched_setaffinity(0, {min(cores)})
        try:
            seconds, cpu, bots, first, choices, requests = through_protocol(streams, interaction)
        finally:
            if one_core:
                os.sched_setaffinity(0, cores)
        where = ", one core" if one_core else ""
        rates[interaction + where] = choices / seconds
        print(
            f"keep-running greedy, {interaction}{where}: {choices} choices of {requests} "
            "requests, "
            f"{choices / seconds:,.0f} decisions/s ({requests / seconds:,.0f} requests/s); "
            f"CPU µs a request: driver {cpu / requests * 1e6:.1f}, bot "
            f"{bots / requests * 1e6:.1f}; "
            f"start-up to the first answer {first * 1000:.0f} ms"
        )
    for name, (seconds, cpu) in starts.items():
        print(
            f"first answer, {name}: {seconds * 1000:.0f} ms (median of 5), {cpu * 1000:.0f} ms CPU"
        )
    met = "met" if max(rates.values()) >= TARGET else "NOT met"
    print(f"target: >= {TARGET:,} decisions/s through the protocol: {met}")
    return rates


def test_keep_running_greedy(benchmark: Any) -> None:
    streams = record()
    rates = benchmark.pedantic(report, args=(streams,), rounds=1, iterations=1)
    assert rates["simple"] > 0


if __name__ == "__main__":
    report()
