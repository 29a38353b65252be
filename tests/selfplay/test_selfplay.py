"""Self-play inside Rust (``simulate`` with built-in bots) against the Python loop, which
plays bots written in Python: the same records, logs and summaries for the same seed,
however the run is split (threads, workers); duplicate play; bad arguments."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from koudiandian import (
    ArgumentTypeError,
    BackendError,
    Game,
    InvalidArgumentError,
    Rules,
    simulate,
)
from koudiandian.bots import GreedyBot, RandomBot
from koudiandian.simulate import SimulationSummary

PROFILES = ["taiyuan", "random_wildcard", "queyimen", "hebei,pao", "changsha"]


def random_bot(seed: int) -> RandomBot:
    """A Python-written factory: forces the Python loop."""
    return RandomBot(seed)


def greedy_bot(seed: int) -> GreedyBot:
    return GreedyBot(seed)


def _plain(summary: SimulationSummary) -> dict[str, Any]:
    """The summary without what names the bots or times the run."""
    out = summary.comparable()
    del out["bots"]
    for b in out.get("bot_stats", []):
        del b["name"]
    return out


@pytest.mark.parametrize("profile", PROFILES)
def test_rust_self_play_plays_what_the_python_loop_plays(profile: str) -> None:
    rules = Rules.parse(profile)
    rust_log, python_log = io.StringIO(), io.StringIO()
    fast = simulate(60, rules=rules, bots="random,greedy,greedy,random", seed=11, log=rust_log)
    slow = simulate(
        60,
        rules=rules,
        bots=[random_bot, greedy_bot, greedy_bot, random_bot],
        seed=11,
        log=python_log,
    )
    assert _plain(fast) == _plain(slow)
    assert rust_log.getvalue() == python_log.getvalue()
    assert sum(fast.wins) > 0


@pytest.mark.parametrize("profile", ["taiyuan", "hebei"])
@pytest.mark.parametrize("length", ["one_round", 3])
def test_matches_in_rust_equal_the_python_loop(profile: str, length: int | str) -> None:
    rules = Rules.parse(profile)
    a, b = io.StringIO(), io.StringIO()
    fast = simulate(6, rules=rules, bots="greedy random greedy random", seed=4, match=length, log=a)
    slow = simulate(6, rules=rules, bots=[greedy_bot, random_bot] * 2, seed=4, match=length, log=b)
    assert _plain(fast) == _plain(slow) and a.getvalue() == b.getvalue()
    assert fast.matches == 6 and sum(fast.first_places) == 6
    assert a.getvalue().count("\n") == fast.hands
    if length == 3:
        assert fast.hands == 18


def test_the_log_replays_and_names_each_hand() -> None:
    log = io.StringIO()
    simulate(20, rules=Rules.preset("changsha"), bots="greedy", seed=2, log=log)
    lines = log.getvalue().splitlines()
    assert len(lines) == 20
    for i, line in enumerate(lines):
        entry = json.loads(line)
        assert entry["hand"] == i and list(entry) == ["hand", "seed", "events"]
        game = Game.replay(entry["events"])
        assert game.is_over and game.events == entry["events"]


@pytest.mark.parametrize("threads", [2, 3])
def test_any_threads_and_workers_give_the_same_summary(threads: int) -> None:
    bots = "greedy,random,random,greedy"
    one = simulate(203, rules=Rules.preset("taiyuan"), bots=bots, seed=9)
    many = simulate(203, rules=Rules.preset("taiyuan"), bots=bots, seed=9, threads=threads)
    procs = simulate(
        203, rules=Rules.preset("taiyuan"), bots=bots, seed=9, workers=2, threads=threads
    )
    assert one.comparable() == many.comparable() == procs.comparable()
    assert many.threads == threads and procs.workers == 2


def test_duplicate_plays_every_wall_four_times_with_rotated_seats() -> None:
    log = io.StringIO()
    names = ("greedy", "random", "random", "random")
    s = simulate(
        25,
        rules=Rules.preset("taiyuan"),
        bots=",".join(names),
        seed=3,
        duplicate=True,
        log=log,
        threads=2,
    )
    assert s.duplicate and s.hands == 100
    entries = [json.loads(line) for line in log.getvalue().splitlines()]
    assert len(entries) == 100
    for w in range(25):
        four = entries[4 * w : 4 * w + 4]
        starts = [e["events"][0] for e in four]
        assert {e["hand"] for e in four} == {w} and [e["rotation"] for e in four] == [0, 1, 2, 3]
        assert all(st["wall"] == starts[0]["wall"] for st in starts)
        assert all(st["dealer"] == w % 4 for st in starts)
        for r, e in enumerate(four):
            # the bot listed for seat b sits in seat (b + r) % 4
            assert [e["bots"][(b + r) % 4] for b in range(4)] == list(names)
    stats = s.bot_stats
    assert [b.name for b in stats] == list(names) and all(b.hands == 100 for b in stats)
    assert stats[0].mean_points - stats[0].points_ci95 > 0  # greedy beats three random bots
    assert abs(sum(b.mean_points for b in stats)) < 1e-9  # every hand sums to zero
    assert sum(round(b.win_rate * b.hands) for b in stats) == sum(s.wins)
    assert sum(round(b.deal_in_rate * b.hands) for b in stats) == sum(s.deal_ins)
    python = simulate(
        25,
        rules=Rules.preset("taiyuan"),
        bots=[greedy_bot, random_bot, random_bot, random_bot],
        seed=3,
        duplicate=True,
    )
    assert _plain(python) == _plain(s)
    assert "± 95%" in s.table() and s.to_dict()["bot_stats"][0]["name"] == "greedy"


def test_random_bot_draws_from_the_cores_generator() -> None:
    a, b = RandomBot(5), RandomBot(5)
    picks = [a._rng.below(7) for _ in range(50)]
    assert picks == [b._rng.below(7) for _ in range(50)] and len(set(picks)) > 3
    assert RandomBot(5 + 2**64)._rng.below(1000) == RandomBot(5)._rng.below(1000)
    with pytest.raises(ArgumentTypeError, match="seed"):
        RandomBot("5")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"threads": 0}, InvalidArgumentError, "threads must be a positive int, got 0"),
        ({"threads": True}, InvalidArgumentError, "threads"),
        ({"backend": "spark"}, InvalidArgumentError, "unknown backend 'spark'"),
        ({"address": "127.0.0.1:1"}, InvalidArgumentError, "needs backend='ray'"),
        ({"duplicate": 1}, ArgumentTypeError, "duplicate must be a bool"),
        ({"duplicate": True, "match": 4}, InvalidArgumentError, "takes no match"),
        ({"bots": [random_bot] * 4, "threads": 2}, InvalidArgumentError, "built-in bots"),
        ({"bots": "greedy,greedy"}, InvalidArgumentError, "need four bots"),
    ],
)
def test_bad_arguments_get_a_clear_error(
    kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        simulate(4, **kwargs)


def test_an_unreachable_ray_address_fails_at_once() -> None:
    # Whether or not Ray is installed, nothing listens on port 1 of the loopback.
    with pytest.raises(BackendError, match="127.0.0.1:1"):
        simulate(4, backend="ray", address="127.0.0.1:1")
    with pytest.raises(InvalidArgumentError, match="host:port"):
        simulate(4, backend="ray", address="no-port-here")


def test_random_bot_copies_pickles_and_takes_numpy_seeds() -> None:
    import copy
    import pickle

    import numpy as np

    bot = RandomBot(7)
    bot._rng.below(5)  # advance it: a copy carries on from where it is
    twins = [copy.deepcopy(bot), pickle.loads(pickle.dumps(bot))]
    draws = [bot._rng.below(1000) for _ in range(20)]
    for twin in twins:
        assert [twin._rng.below(1000) for _ in range(20)] == draws
    assert RandomBot(np.int64(7))._rng.below(1000) == RandomBot(7)._rng.below(1000)


def test_the_binding_and_simulate_refuse_what_makes_no_sense() -> None:
    from koudiandian import _core

    with pytest.raises(InvalidArgumentError, match="no match length"):
        _core.self_play(None, ["random"] * 4, 1, 0, 4, length=2, duplicate=True)
    with pytest.raises(InvalidArgumentError, match="threads"):
        _core.self_play(None, ["random"] * 4, 1, 0, 4, threads=10_000)
    with pytest.raises(InvalidArgumentError, match="unknown built-in bot"):
        _core.self_play(None, ["random"] * 3 + ["clever"], 1, 0, 4)
    with pytest.raises(InvalidArgumentError, match="at most 256"):
        simulate(4, threads=257)


def test_one_wall_of_duplicate_play_has_no_interval_and_valid_json() -> None:
    s = simulate(1, bots="greedy,random,random,random", duplicate=True)
    assert s.hands == 4 and all(b.points_ci95 is None for b in s.bot_stats)
    json.loads(json.dumps(s.to_dict(), allow_nan=False))
    assert "–" in s.table()


def test_ray_addresses_are_parsed_before_ray_is_needed() -> None:
    from koudiandian.scaleout import check_address

    for bad in ("", "6379", "host:", "host:99999", "ray://:1"):
        with pytest.raises(InvalidArgumentError):
            check_address(bad)
    with pytest.raises(BackendError, match=r"\[::1\]:1"):
        check_address("[::1]:1", timeout=1)
