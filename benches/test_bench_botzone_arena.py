"""The arena (``koudiandian botzone arena``, issue 40): games per second on two cores, four
Botzone bots started afresh for every game as the platform starts them, and where the time
goes. Targets: >= 2 games/s with four keep-running ``greedy`` bots (``koudiandian botzone
bot greedy``), >= 1 game/s with four restart-mode C++ template bots
(``examples/botzone/template.cpp``).

Run from the repository root::

    python benches/test_bench_botzone_arena.py [FIELD ...]   # the figures
    python -m pytest benches/test_bench_botzone_arena.py -p no:cacheprovider -s

Each field plays ``WALLS`` walls × 24 seatings through :func:`koudiandian.botzone.arena.arena`
with ``jobs`` = 2 (two cores), koudiandian's judge in process. The fields:

- ``awk``: the arena's own cost: four restart-mode awk bots that play their drawn tile and
  pass (``tests/botzone/bots/arena_simple.awk``), so every game runs to the wall's end
  (荒庄) and the bots' own work is next to nothing;
- ``cpp``: the C++ template (``examples/botzone/template.cpp``, built here with ``g++ -O2``
  and JsonCpp) in restart mode (``--restart``): a new process every turn, given the whole
  history;
- ``cpp-keep``: the same template keep-running (its default): one process a game;
- ``python-keep``: ``benches/botzone_arena_bot.py``, a keep-running Python bot that imports
  koudiandian and plays its drawn tile: the start-up and protocol cost of a built-in bot
  without its thinking;
- ``greedy``: ``koudiandian botzone bot greedy`` (keep-running: one process a game);
- ``greedy-file``: the same bot's program run as a file
  (``python …/koudiandian/botzone/botmain.py greedy``: the core loaded without the package).

The Python bots run with ``PYTHONPATH`` set to this checkout (``ARENA_PYTHONPATH``:
another), through ``env`` (the runner gives a bot no other environment; ``env`` keeps the
platform's time factor at 1, as the built-in bots' first answer within 2 s asks).

Figures per field: games/s of wall time, and per game: judge calls, bot turns (a process
each in restart mode), the arena process's CPU time, the bots' CPU time (``os.times`` of the
reaped children) and the judge's share. The bot's start-up (a fresh process to its first
answer, ``import koudiandian`` included) is timed alone, median of 5. A field whose bot
cannot be found or built is skipped, with the reason.

Where the time goes inside the arena process: ``py-spy record --subprocesses --format raw
-o arena.txt -- python benches/test_bench_botzone_arena.py awk`` (benches/README.md).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from koudiandian.botzone.arena import arena
from koudiandian.botzone.game import Judge
from koudiandian.botzone.game_judge import GameJudge
from koudiandian.botzone.spec import BotzoneBot

ROOT = Path(__file__).resolve().parents[1]
WALLS = int(os.environ.get("ARENA_WALLS", "1"))
JOBS = 2
TARGETS = {"greedy": 2.0, "greedy-file": 2.0, "cpp": 1.0}
FIELDS = ("awk", "cpp", "cpp-keep", "python-keep", "greedy", "greedy-file")
#: The package the Python bots run (default this checkout's; ``ARENA_PYTHONPATH``: another's).
PYTHON = Path(os.environ.get("ARENA_PYTHONPATH", ROOT / "python"))
STAND_IN = ROOT / "benches" / "botzone_arena_bot.py"
AWK_BOT = ROOT / "tests" / "botzone" / "bots" / "arena_simple.awk"
CPP_TEMPLATE = ROOT / "examples" / "botzone" / "template.cpp"


def awk_spec() -> str:
    return f"botzone-simple:awk -f {AWK_BOT}"


def cpp_spec(build: Path, keep_running: bool = False) -> str:
    """The C++ template built into ``build`` (restart mode unless ``keep_running``), or a
    reason it cannot be."""
    source = Path(os.environ.get("ARENA_CPP_TEMPLATE", CPP_TEMPLATE))
    if not source.is_file():
        raise LookupError(f"no C++ template at {source}")
    if shutil.which("g++") is None or shutil.which("pkg-config") is None:
        raise LookupError("g++ or pkg-config is missing")
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "jsoncpp"], capture_output=True, text=True
    )
    if flags.returncode != 0:
        raise LookupError("JsonCpp is missing (Debian: libjsoncpp-dev)")
    binary = build / "template"
    if binary.exists():
        return f"botzone:{binary}" + ("" if keep_running else " --restart")
    done = subprocess.run(
        ["g++", "-O2", "-std=c++17", str(source), "-o", str(binary), *flags.stdout.split()],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise LookupError(f"the C++ template does not build: {done.stderr[-300:]}")
    return f"botzone:{binary}" + ("" if keep_running else " --restart")


def python_spec(*argv: str, interaction: str = "simple") -> str:
    """A Python bot of the package's checkout (:data:`PYTHON`): ``env PYTHONPATH=… python
    ARGV``, in simple or JSON interaction."""
    prefix = "botzone-simple:" if interaction == "simple" else "botzone:"
    return f"{prefix}env PYTHONPATH={PYTHON} {sys.executable} " + " ".join(argv)


def greedy_spec(as_file: bool = False) -> str:
    """``koudiandian botzone bot greedy`` (``as_file``: its program run as a file,
    ``python …/koudiandian/botzone/botmain.py greedy``, which loads the core without
    importing the package), or a reason it cannot run."""
    env = {**os.environ, "PYTHONPATH": str(PYTHON)}
    probe = [sys.executable, "-m", "koudiandian", "botzone", "bot", "--help"]
    if subprocess.run(probe, capture_output=True, env=env).returncode != 0:
        raise LookupError(f"`koudiandian botzone bot` is not in {PYTHON}")
    if as_file:
        return python_spec(
            str(PYTHON / "koudiandian" / "botzone" / "botmain.py"), "greedy", interaction="json"
        )
    return python_spec("-m", "koudiandian", "botzone", "bot", "greedy", interaction="json")


@dataclass
class Field:
    """One field's figures."""

    name: str
    games: int
    seconds: float
    judge_calls: int
    bot_turns: int
    arena_cpu: float
    bots_cpu: float
    judge_seconds: float
    startup: float
    endings: dict[str, int]

    @property
    def rate(self) -> float:
        return self.games / self.seconds

    def lines(self) -> list[str]:
        per = 1000 / self.games
        cpu = (self.arena_cpu + self.bots_cpu) / self.games
        target = TARGETS.get(self.name)
        verdict = (
            ""
            if target is None
            else f" (target >= {target:g}: {'met' if self.rate >= target else 'NOT met'})"
        )
        return [
            f"{self.name}: {self.games} games in {self.seconds:.1f} s: {self.rate:.2f} games/s{verdict}",
            f"  per game: {self.judge_calls / self.games:.0f} judge calls, "
            f"{self.bot_turns / self.games:.0f} bot turns; arena CPU {self.arena_cpu * per:.0f} ms "
            f"(judge {self.judge_seconds * per:.0f} ms), bots' CPU {self.bots_cpu * per:.0f} ms",
            f"  CPU per game {cpu * 1000:.0f} ms: two idle cores would play about "
            f"{JOBS / cpu:.1f} games/s",
            f"  bot start-up to its first answer: {self.startup * 1000:.0f} ms (median of 5)",
            f"  endings: {', '.join(f'{k} {v}' for k, v in self.endings.items())}",
        ]


class TimedJudges:
    """Judge factory that sums the time spent in the judges (all games, all threads)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self._lock = threading.Lock()

    def __call__(self) -> Judge:
        inner = GameJudge()

        def judge(judge_input: dict[str, Any]) -> dict[str, Any]:
            start = time.perf_counter()
            out = inner(judge_input)
            spent = time.perf_counter() - start
            with self._lock:
                self.seconds += spent
                self.calls += 1
            return out

        return judge


def startup(spec: str, rounds: int = 5) -> float:
    """Median seconds from a fresh process to the bot's first answer (turn 1)."""
    times = []
    for _ in range(rounds):
        with BotzoneBot.from_spec(spec).session() as session:
            start = time.perf_counter()
            result = session.turn("0 0 0")
            times.append(time.perf_counter() - start)
            assert result.verdict == "OK", result
    return statistics.median(times)


def measure(name: str, spec: str, walls: int = WALLS) -> Field:
    judges = TimedJudges()
    turns = [0]

    def count(game: Any) -> None:
        turns[0] += sum(len(entry) for entry in game.log.log[1::2])

    children = os.times()
    cpu = time.process_time()
    start = time.perf_counter()
    report = arena([spec] * 4, walls=walls, jobs=JOBS, judge=judges, on_game=count)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    after = os.times()
    bots_cpu = (after.children_user - children.children_user) + (
        after.children_system - children.children_system
    )
    return Field(
        name,
        len(report.games),
        seconds,
        judges.calls,
        turns[0],
        cpu,
        bots_cpu,
        judges.seconds,
        startup(spec),
        report.endings(),
    )


def spec_of(name: str, build: Path) -> str:
    if name == "awk":
        return awk_spec()
    if name == "cpp":
        return cpp_spec(build)
    if name == "cpp-keep":
        return cpp_spec(build, keep_running=True)
    if name == "python-keep":
        return python_spec(str(STAND_IN))
    if name == "greedy":
        return greedy_spec()
    if name == "greedy-file":
        return greedy_spec(as_file=True)
    raise ValueError(f"unknown field {name!r}: {', '.join(FIELDS)}")


def run(names: list[str]) -> list[str]:
    lines = [
        f"{WALLS} wall(s) x 24 seatings, jobs {JOBS}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}"
    ]
    with tempfile.TemporaryDirectory() as build:
        for name in names:
            try:
                spec = spec_of(name, Path(build))
            except LookupError as e:
                lines.append(f"{name}: skipped: {e}")
                continue
            lines.extend(measure(name, spec).lines())
    return lines


@pytest.mark.parametrize("name", FIELDS)
def test_arena_rate(name: str) -> None:
    with tempfile.TemporaryDirectory() as build:
        try:
            spec = spec_of(name, Path(build))
        except LookupError as e:
            pytest.skip(str(e))
        field = measure(name, spec)
    print("\n" + "\n".join(field.lines()))
    assert field.games == WALLS * 24


if __name__ == "__main__":
    for line in run(sys.argv[1:] or list(FIELDS)):
        print(line, flush=True)
