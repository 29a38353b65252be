"""The raw bindings of issue 41 under random and hostile calls: only a
:class:`KoudiandianError` ever comes out (a Rust panic never reaches Python), a refused step
changes nothing, and data nested too deep (or holding itself) is refused, not a crash."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from koudiandian import Game, _core
from koudiandian.errors import InvalidEventLogError, KoudiandianError
from koudiandian.rl import VecEnv

OPPONENTS = [None, "greedy", "random", "external"]

#: Values of every kind where an int is expected.
ODD = st.one_of(
    st.integers(-(2**70), 2**70),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
    st.just(np.int64(1)),
    st.just(np.uint64(2**64 - 1)),
)


def rows(env: VecEnv) -> tuple[np.ndarray, ...]:
    return tuple(a.copy() for a in env.rows())


def same(a: tuple[np.ndarray, ...], b: tuple[np.ndarray, ...]) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    opponents=st.sampled_from(OPPONENTS),
    learner=st.one_of(st.none(), st.integers(0, 3), ODD),
    seeds=st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=3),
    bad_seed=st.one_of(st.none(), ODD),
    calls=st.lists(
        st.tuples(
            st.sampled_from(["step", "abandon", "game", "reset"]), ODD, st.integers(0, 2**32)
        ),
        max_size=25,
    ),
)
def test_random_calls_raise_only_koudiandian_errors(
    opponents: str | None,
    learner: Any,
    seeds: list[int],
    bad_seed: Any,
    calls: list[Any],
) -> None:
    n = len(seeds)
    try:
        env = VecEnv(
            n,
            seeds=seeds if bad_seed is None else [*seeds[:-1], bad_seed],
            opponents=opponents,
            learner=learner,
            action_space=2,
        )
    except KoudiandianError:
        good_learner = learner is None or (
            isinstance(learner, int | np.integer)
            and not isinstance(learner, bool)
            and 0 <= learner <= 3
        )
        assert bad_seed is not None or not good_learner or (learner is not None and not opponents)
        return
    env.reset()
    for kind, odd, draw in calls:
        rng = np.random.default_rng(draw)
        before = rows(env)
        try:
            if kind == "step":
                _, mask, _ = env.rows()
                legal = [int(rng.choice(np.flatnonzero(m))) for m in mask]
                actions = np.array(legal, np.int64)
                if draw % 3 == 0:  # one table's action anything at all
                    actions[draw % n] = rng.integers(-3, mask.shape[1] + 3)
                active = rng.random(n) < 0.7 if draw % 2 else None
                env.step(actions, active=active)
            elif kind == "abandon":
                env.abandon(odd if draw % 2 else draw % (n + 1))
            elif kind == "game":
                env.game(odd if draw % 2 else draw % (n + 1))
            else:
                env.reset(seeds=[odd] * n if draw % 2 else [draw + i for i in range(n)])
        except KoudiandianError:
            assert same(before, rows(env)), f"a refused {kind} changed the rows"
        _, mask, seat = env.rows()
        assert mask.any(axis=1).all() and ((0 <= seat) & (seat < 4)).all()


def test_data_nested_too_deep_or_holding_itself_is_refused() -> None:
    # (in a child process: before the fix this was a stack overflow, a crash of the process)
    code = """
from koudiandian import Game, _core
from koudiandian.errors import InvalidEventLogError
deep = []
for _ in range(100_000):
    deep = [deep]
itself = []
itself.append(itself)
for bad in (deep, itself, {"a": itself}):
    for call in (lambda: Game.replay([{"type": "start_hand", "x": bad}]),
                 lambda: _core.rl_log_samples([{"type": "start_hand", "x": bad}], [True] * 4, "v3", 2)):
        try:
            call()
        except InvalidEventLogError as e:
            assert "nested more than 128" in str(e), e
        else:
            raise AssertionError("accepted")
print("refused")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "refused", done.stderr[-2000:]


def test_an_event_log_of_ordinary_depth_still_replays() -> None:
    game = Game(seed=3)
    while not game.is_over:
        game.step(game.to_act[0], game.default_action(game.to_act[0]))
    assert Game.replay(game.events).events == game.events
    with pytest.raises(InvalidEventLogError):
        _core.rl_log_samples([{"type": "start_hand", "x": [[[]]]}], [True] * 4, "v3", 2)


#: Values a forged log may hold where the engine expects others.
FORGED = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**64), 2**64),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.lists(st.integers(0, 300), max_size=6),
    st.sampled_from([4, 34, 136, 255, 256, -1]),
)


def _finished(seed: int) -> list[dict[str, Any]]:
    game = Game(seed=seed)
    while not game.is_over:
        game.step(game.to_act[0], game.default_action(game.to_act[0]))
    return game.events


_EVENTS = _finished(11)


@settings(max_examples=80, deadline=None)
@given(
    edits=st.lists(
        st.tuples(
            st.integers(0, len(_EVENTS) - 1),
            st.one_of(st.just("seat"), st.just("action"), st.integers(0, 40)),
            FORGED,
        ),
        min_size=1,
        max_size=3,
    ),
    seats=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_forged_logs_give_samples_or_an_event_log_error(
    edits: list[tuple[int, Any, Any]], seats: list[bool]
) -> None:
    events = [dict(e) for e in _EVENTS]
    for n, k, value in edits:
        keys = sorted(events[n])
        key = k if isinstance(k, str) and k in keys else keys[hash(k) % len(keys)]
        events[n][key] = value
    try:
        _core.rl_log_samples(events, seats, "v3", 2)
    except KoudiandianError:
        pass  # (a PanicException is no KoudiandianError: it fails the test)
