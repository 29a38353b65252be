"""Bots through the pipe (``exec:``, docs/bots.md): decisions per second of a Python bot run
as a child process, against the same policy in process.

Run from the repository root::

    python -m pytest benches/test_bench_exec_bots.py -p no:cacheprovider -s
    python benches/test_bench_exec_bots.py          # the same, as a script

Four seats, each played by the example bot's policy (``examples/bots/simple_bot.py``'s
``choose``), over the same seeded hands (default rules), three ways:

- ``in-process, first legal``: a Python bot that returns its first legal action and never
  reads its view: the Python loop's own cost (``simulate``'s loop, the engine's steps);
- ``in-process, server view``: the example's ``choose`` on the seat's server view
  (``Game.table_view`` with its 听口, what an exec bot is sent), built in this process;
- ``in-process, frames as JSON``: all that an exec bot's decision costs but the pipe and
  the second process: the frame (the seat's new events and its server view) written as
  JSON, read back, answered as JSON by the example's ``choose``, the answer read;
- ``exec: python``: the example bot itself, four child processes; every decision is a frame
  (the seat's new events and its view, as JSON) written to a pipe and an answer read back.

Each is timed over the whole run (best of three); decisions/s counts every seat's decisions.
The CPU time per decision of this process (the engine, the loop, the views and their JSON)
and of the bot processes (``os.times`` of the children, once they have exited) read the cost
apart from the machine's load: the engine and a bot take turns, so on a machine whose other
work leaves them one core the rate is about 1 / (engine + bot CPU per decision). Target:
>= 5,000 decisions/s for the exec bot.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from koudiandian import Action, simulate
from koudiandian.execbot import ExecBot

HANDS = 200
TARGET = 5000
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "bots" / "simple_bot.py"


def _example_choose() -> Callable[[dict[str, Any]], dict[str, Any]]:
    spec = importlib.util.spec_from_file_location("simple_bot", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    choose: Callable[[dict[str, Any]], dict[str, Any]] = module.choose
    return choose


class _Counted:
    """A Python bot counting its decisions."""

    decisions = 0

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        """The bot's decision (each subclass's policy)."""
        raise NotImplementedError


class FirstLegal(_Counted):
    """The first legal action, its view unread."""

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        FirstLegal.decisions += 1
        return legal[0]


class ServerView(_Counted):
    """The example's policy on the server view, in this process."""

    choose = staticmethod(_example_choose())

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        ServerView.decisions += 1
        return Action.from_dict(self.choose(view.table_view()))


class Frames(_Counted):
    """The exec bot's work without the pipe: the frame built and written as JSON by
    :meth:`ExecBot.frame` (its process never started), read back and answered by the
    example's policy, all in this process."""

    choose = staticmethod(_example_choose())

    def __init__(self) -> None:
        self.bot = ExecBot([sys.executable, str(EXAMPLE)])  # frames only: never started

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        Frames.decisions += 1
        shown = json.loads(self.bot.frame(view))[-1]["view"]
        answer = json.dumps({"decision": shown["decision"], "action": self.choose(shown)})
        return Action.from_dict(json.loads(answer)["action"])


def _time(run: Callable[[], int]) -> tuple[float, float, float, int]:
    """Best of three: (seconds, CPU seconds of this process, of its children (the bots,
    once they have exited), decisions)."""
    best: tuple[float, float, float, int] | None = None
    for _ in range(3):
        before, start = os.times(), time.perf_counter()
        decisions = run()
        seconds = time.perf_counter() - start
        after = os.times()
        cpu = after[0] + after[1] - before[0] - before[1]
        bots = after[2] + after[3] - before[2] - before[3]
        if best is None or seconds < best[0]:
            best = (seconds, cpu, bots, decisions)
    assert best is not None
    return best


def _in_process(cls: type[_Counted]) -> Callable[[], int]:
    def run() -> int:
        cls.decisions = 0
        simulate(HANDS, bots=[cls() for _ in range(4)], seed=1)
        return cls.decisions

    return run


def _exec() -> int:
    bots = [ExecBot(f"{sys.executable} {EXAMPLE}") for _ in range(4)]
    simulate(2, bots=bots, seed=99)  # start the processes: not timed
    start = [b.decision for b in bots]
    simulate(HANDS, bots=bots, seed=1)
    decisions = sum(b.decision for b in bots) - sum(start)
    for b in bots:
        b.close()
    return decisions


def report() -> dict[str, float]:
    rows = [
        ("in-process, first legal", _in_process(FirstLegal)),
        ("in-process, server view", _in_process(ServerView)),
        ("in-process, frames as JSON", _in_process(Frames)),
        ("exec: python", _exec),
    ]
    print(f"\n{HANDS} hands, four seats, load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'bot':<26}{'decisions':>10}{'s':>8}{'decisions/s':>13}"
        f"{'engine CPU µs/dec':>19}{'bot CPU µs/dec':>16}"
    )
    rates = {}
    for name, run in rows:
        seconds, cpu, bots, decisions = _time(run)
        rates[name] = decisions / seconds
        print(
            f"{name:<26}{decisions:>10}{seconds:>8.2f}{decisions / seconds:>13,.0f}"
            f"{cpu / decisions * 1e6:>19.0f}{bots / decisions * 1e6:>16.0f}"
        )
    met = "met" if rates["exec: python"] >= TARGET else "NOT met"
    print(f"target: exec: python >= {TARGET:,} decisions/s: {met}")
    return rates


def test_report() -> None:
    rates = report()
    assert rates["exec: python"] > 0


if __name__ == "__main__":
    report()
