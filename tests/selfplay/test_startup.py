"""A run's start-up (the bots' tables built, a cluster reached) is timed apart from its
hands: the summary carries both, and its rate is the steady one (issue 42)."""

from __future__ import annotations

import json
import time

import pytest
from koudiandian import Rules, _core, simulate
from koudiandian.cli import main
from koudiandian.summary import Tally

#: How long the slowed start-up of these tests takes, in seconds.
SLOW = 0.2


@pytest.fixture
def slow_startup(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """``_core.warm_up_bots`` made to take :data:`SLOW` seconds more; the list counts its
    calls."""
    calls: list[int] = []
    warm_up = _core.warm_up_bots

    def slow() -> None:
        calls.append(1)
        warm_up()
        time.sleep(SLOW)

    monkeypatch.setattr(_core, "warm_up_bots", slow)
    return calls


def test_the_steady_rate_leaves_the_startup_out() -> None:
    tally = Tally(Rules(), ["greedy"] * 4, 0)
    tally.add([(-1, 0, 0, (0, 0, 0, 0), -1, 0, 0, 0, (0, 0, 0))] * 100, [])
    s = tally.summary(seconds=3.0, startup=1.0)
    assert (s.seconds, s.startup_seconds, s.hands_per_second) == (3.0, 1.0, 50.0)
    assert "100 hands, seed 0, 1 worker(s), 50 hands/s (start-up 1.00 s)" in s.table()
    assert Tally(Rules(), ["greedy"] * 4, 0).summary(seconds=1.0, startup=1.0).hands_per_second == 0


@pytest.mark.parametrize("threads", [1, 2])
def test_a_run_times_its_startup_apart(slow_startup: list[int], threads: int) -> None:
    s = simulate(40, bots="greedy", seed=3, threads=threads)
    assert slow_startup == [1]
    assert SLOW <= s.startup_seconds < s.seconds
    assert s.hands_per_second == pytest.approx(40 / (s.seconds - s.startup_seconds))
    assert s.hands_per_second > 40 / s.seconds  # the start-up is not in the rate


def test_the_startup_changes_nothing_but_the_timing(slow_startup: list[int]) -> None:
    slowed = simulate(40, bots="greedy,random,expert,greedy", seed=4)
    quick = simulate(40, bots="greedy,random,expert,greedy", seed=4, workers=2)
    assert slowed.comparable() == quick.comparable()
    assert "startup_seconds" not in slowed.comparable()


def test_the_json_summary_adds_the_startup(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "8", "--bots", "greedy", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert 0 <= out["startup_seconds"] <= out["seconds"]
    assert out["hands_per_second"] == pytest.approx(8 / (out["seconds"] - out["startup_seconds"]))
    assert main(["simulate", "--hands", "8", "--quiet"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("8 hands, seed 0, 1 worker(s), ") and " s)" in first
    assert "hands/s (start-up " in first
