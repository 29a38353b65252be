"""The PettingZoo AEC environment: PettingZoo's API and seed tests for every profile,
rewards, matches, and bad actions refused with nothing changed."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from koudiandian import ArgumentTypeError, IllegalActionError, InvalidArgumentError  # noqa: E402
from koudiandian.rl import N_ACTIONS, OBS_SHAPE, ORACLE_SHAPE, env, raw_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

PRESETS = ["taiyuan", "queyimen", "hebei", "changsha"]
# PettingZoo warns about every dict observation with an action mask (its own classic
# environments too).
DICT_OBS = [
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


def _mark(f):  # type: ignore[no-untyped-def]
    for w in DICT_OBS:
        f = pytest.mark.filterwarnings(w)(f)
    return f


@_mark
@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_api_test(preset: str) -> None:
    api_test(env(rules=preset, seed=1), num_cycles=300)


@_mark
def test_pettingzoo_api_test_oracle_and_match() -> None:
    api_test(env(seed=2, hands=3, oracle=True), num_cycles=300)


@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_seed_test(preset: str) -> None:
    seed_test(lambda: env(rules=preset, seed=3), num_cycles=300)


def _play(e, rng: np.random.Generator) -> dict[str, float]:  # type: ignore[no-untyped-def]
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        assert obs["observation"].shape == OBS_SHAPE
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return total


def test_rewards_are_the_hands_deltas_and_a_match_carries_scores() -> None:
    rng = np.random.default_rng(0)
    e = raw_env(seed=4)
    e.reset()
    game = e.game
    total = _play(e, rng)
    assert game.result is not None
    assert [total[f"seat_{s}"] for s in range(4)] == [float(d) for d in game.result.deltas]
    m = raw_env(seed=4, hands=4)
    m.reset()
    total = _play(m, rng)
    assert sum(total.values()) == 0
    assert m.game.events[0]["scores"] == [m._scores[s] - m.game.result.deltas[s] for s in range(4)]


def test_bad_actions_are_refused_and_change_nothing() -> None:
    e = raw_env(seed=5)
    e.reset()
    agent = e.agent_selection
    before = e.observe(agent)
    events = len(e.game.events)
    masked_out = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=f"action {masked_out} .*masked out.*legal: "):
        e.step(masked_out)
    # No action at all: a bad argument, not an illegal move (as in the Gymnasium env).
    for bad in (-1, N_ACTIONS, 10**9, np.uint64(2**64 - 1)):
        with pytest.raises(InvalidArgumentError, match=f"action {bad} is outside the action space"):
            e.step(bad)
    with pytest.raises(ArgumentTypeError):
        e.step(1.5)
    with pytest.raises(ArgumentTypeError):
        e.step(True)
    assert e.agent_selection == agent
    assert len(e.game.events) == events
    after = e.observe(agent)
    assert all(np.array_equal(before[k], after[k]) for k in before)
    e.step(int(np.flatnonzero(before["action_mask"])[0]))  # still playable


def test_spaces_and_arguments() -> None:
    e = raw_env(oracle=True)
    assert e.observation_space("seat_0")["observation"].shape == ORACLE_SHAPE
    assert e.action_space("seat_3").n == N_ACTIONS
    with pytest.raises(InvalidArgumentError, match="hands"):
        raw_env(hands=0)
    with pytest.raises(InvalidArgumentError, match="render_mode"):
        raw_env(render_mode="human")
    e = raw_env(seed=1, render_mode="ansi")
    e.reset()
    assert "SeatView" in str(e.render())
    with pytest.raises(InvalidArgumentError, match="agent"):
        e.observe("seat_9")


def test_the_core_step_refuses_a_seat_that_is_not_to_act() -> None:
    from koudiandian import NotYourTurnError, _core

    e = raw_env(seed=6)
    e.reset()
    other = (e._seat + 1) % 4
    with pytest.raises(NotYourTurnError, match=f"seat {other} is not to act"):
        _core.rl_step(e._core, other, 0)
