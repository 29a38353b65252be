"""A run's log streams: lines are written as chunks of hands finish, in hand order, in this
process, on threads and in worker processes; an interrupt keeps every line written and
comes with the summary of those hands; a run's size is bounded and its chunks are cut
lazily."""

from __future__ import annotations

import io
import itertools
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from koudiandian import ArgumentTypeError, BackendError, InvalidArgumentError, Rules, simulate
from koudiandian.selfplay import Job, UnitChunks
from koudiandian.simulate import MAX_UNITS, SimulationInterrupted
from koudiandian.summary import Tally


class WatchedLog(io.StringIO):
    """A text file that notes, at every write, how many hands the run had reported done."""

    def __init__(self) -> None:
        super().__init__()
        self.done = 0
        self.writes: list[tuple[int, int]] = []  # (hands reported done, lines so far)

    def progress(self, done: int, total: int) -> None:
        self.done = done

    def write(self, s: str) -> int:
        n = super().write(s)
        self.writes.append((self.done, self.getvalue().count("\n")))
        return n


@pytest.mark.parametrize(
    "how",
    [
        {},
        {"threads": 2},
        {"workers": 2},
        {"workers": 2, "threads": 2},
        {"bots": "python"},
        {"match": 2},
        {"duplicate": True},
    ],
)
def test_lines_are_written_as_hands_finish_in_hand_order(how: dict[str, Any]) -> None:
    from koudiandian.bots import RandomBot

    units = 500 if "match" in how or "duplicate" in how or "bots" in how else 2000
    kwargs = dict(how)
    if kwargs.get("bots") == "python":
        kwargs["bots"] = [RandomBot] * 3 + [lambda seed: RandomBot(seed)]
    else:
        kwargs.setdefault("bots", "random")
    log = WatchedLog()
    summary = simulate(units, seed=4, log=log, progress=log.progress, **kwargs)
    # Several writes, the first long before the run's end: the log streams.
    assert len(log.writes) > 3
    first_done, first_lines = log.writes[0]
    assert 0 < first_lines < summary.hands and first_done < units
    lines = log.getvalue().splitlines()
    assert len(lines) == summary.hands
    # The same log, in hand order, as one process on one thread writes.
    whole = io.StringIO()
    one = {k: v for k, v in kwargs.items() if k not in ("workers", "threads")}
    assert simulate(units, seed=4, log=whole, **one).comparable() == summary.comparable()
    assert log.getvalue() == whole.getvalue()
    key = "match" if "match" in how else "hand"
    order = [json.loads(line)[key] for line in lines]
    assert order == sorted(order) and order[-1] == units - 1


class Stop(Exception):
    """What a progress callback raises to stop a run."""


@pytest.mark.parametrize("how", [{}, {"threads": 2}, {"workers": 2}])
def test_an_interrupt_keeps_the_lines_written_and_sums_them_up(
    tmp_path: Path, how: dict[str, Any]
) -> None:
    path = tmp_path / "hands.jsonl"
    reported: list[int] = []

    def interrupt_after_two_chunks(done: int, total: int) -> None:
        reported.append(done)
        if len(reported) == 2:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as caught:
        simulate(
            4000,
            bots="greedy,random,random,random",
            seed=8,
            log=path,
            progress=interrupt_after_two_chunks,
            **how,
        )
    stopped = caught.value
    assert isinstance(stopped, KeyboardInterrupt)  # a Ctrl-C, for code that does not know it
    summary = stopped.summary
    lines = path.read_text(encoding="utf-8").splitlines()
    # Every line written is whole, in order, and the summary covers exactly those hands.
    assert summary.hands == len(lines) == reported[-1] and 0 < len(lines) < 4000
    assert [json.loads(line)["hand"] for line in lines] == list(range(len(lines)))
    assert stopped.total == 4000 and f"{summary.hands:,} of 4,000" in str(stopped)
    played = simulate(summary.hands, bots="greedy,random,random,random", seed=8)
    assert played.comparable() == summary.comparable()


def test_an_interrupted_run_of_matches_sums_up_the_matches_written() -> None:
    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    log = io.StringIO()
    with pytest.raises(SimulationInterrupted) as caught:
        simulate(3000, log=log, progress=interrupt, match=2)
    # The first chunk was written before the progress call; nothing after it.
    summary, lines = caught.value.summary, log.getvalue().splitlines()
    assert 0 < summary.matches == len({json.loads(line)["match"] for line in lines}) < 3000
    assert summary.hands == len(lines) == 2 * summary.matches


def test_a_summary_of_no_hands_is_all_zeros() -> None:
    empty = Tally(Rules(), ["random"] * 4, 0).summary()
    assert (empty.hands, empty.win_rate, empty.draw_rate) == (0, (0.0,) * 4, 0.0)
    assert empty.hands_per_second == 0.0 and "0 hands" in empty.table()


@pytest.mark.parametrize("hands", [MAX_UNITS + 1, 10**22])
def test_a_run_too_large_to_hold_is_refused(hands: int) -> None:
    started = time.perf_counter()
    with pytest.raises(InvalidArgumentError, match=r"hands must be at most 2\*\*40"):
        simulate(hands)
    assert time.perf_counter() - started < 5  # refused, not built


def _job(**kwargs: Any) -> Job:
    fields = {"rules": Rules(), "specs": ("random",) * 4, "seed": 0, "log": True}
    fields |= {"match": None, "duplicate": False, "threads": 1, "builtin": ("random",) * 4}
    return Job(**(fields | kwargs))


def test_chunks_are_cut_lazily_by_their_hands() -> None:
    cut = UnitChunks(_job(), MAX_UNITS, 16, 2000)
    assert list(itertools.islice(cut, 3)) == [(0, 2000), (2000, 4000), (4000, 6000)]
    assert list(UnitChunks(_job(), 10, 3, 100)) == [(0, 4), (4, 8), (8, 10)]
    # A duplicate wall is four hands, a match of n hands n of them.
    assert next(UnitChunks(_job(duplicate=True), 10**6, 8, 2000)) == (0, 500)
    assert next(UnitChunks(_job(match=8), 10**6, 8, 2000)) == (0, 250)
    assert next(UnitChunks(_job(match=5000), 10**6, 8, 2000)) == (0, 1)


def test_one_round_matches_are_cut_by_the_length_they_are_played_at() -> None:
    cut = UnitChunks(_job(match="one_round"), 10**6, 8, 2000)
    assert next(cut) == (0, 1)  # a match's length is not known before it is played
    cut.played(1, 3500)  # queyimen's random bots: thousands of hands a match
    assert next(cut) == (1, 2)
    cut.played(1, 500)  # 2,000 hands a match so far: still one a chunk
    assert next(cut) == (2, 3)
    cut.played(1, 2)
    cut.played(100, 400)
    assert next(cut) == (3, 3 + 2000 * 103 // 4402)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_largest_run_starts_at_once_and_stops(workers: int) -> None:
    """``MAX_UNITS`` hands: no list of its chunks or of their futures is built first."""
    seen: list[int] = []

    def stop_after_a_few_chunks(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == 3:
            raise Stop

    started = time.perf_counter()
    with pytest.raises(Stop):
        simulate(MAX_UNITS, bots="random", workers=workers, progress=stop_after_a_few_chunks)
    assert time.perf_counter() - started < 60 and seen[-1] <= 3 * 2000


def test_ray_streams_its_log_too() -> None:
    pytest.importorskip("ray")
    log = WatchedLog()
    summary = simulate(2000, bots="random", seed=4, backend="ray", log=log, progress=log.progress)
    assert len(log.writes) > 3 and 0 < log.writes[0][1] < summary.hands == 2000
    whole = io.StringIO()
    simulate(2000, bots="random", seed=4, log=whole)
    assert log.getvalue() == whole.getvalue()


def not_a_bot(seed: int) -> object:
    """A factory (picklable: module level) whose bot has no ``act``."""
    return object()


def dies(seed: int) -> object:
    """A factory that ends its worker process."""
    os._exit(3)


def test_a_worker_processes_error_reaches_the_caller() -> None:
    with pytest.raises(ArgumentTypeError, match="not a bot"):
        simulate(40, bots=[not_a_bot] * 4, workers=2)
    with pytest.raises(BackendError, match=r"a worker process stopped \(exit code 3\)"):
        simulate(40, bots=[dies] * 4, workers=2)
