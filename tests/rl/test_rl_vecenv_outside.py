"""VecEnv for players outside the engine: external opponents, partial steps, final
observations, per-table seeds, a fixed learner, abandoned hands and table games."""

from __future__ import annotations

import numpy as np
import pytest
from koudiandian import ArrayError, Game, InvalidArgumentError
from koudiandian.rl import VecEnv, code_to_action, encode


def _first_legal(mask: np.ndarray) -> np.ndarray:
    return np.argmax(mask, axis=1)


def test_external_tables_ask_every_seat_and_give_the_learner_its_reward() -> None:
    env = VecEnv(8, "taiyuan", seed=1, opponents="external", version="v1", action_space=1)
    obs, mask, seat = env.reset()
    learners = env.learners
    assert learners.dtype == np.int64 and learners.shape == (8,)
    asked_others = ended = 0
    for _ in range(600):
        before = env.learners.copy()
        obs, reward, term, trunc, mask, seat = env.step(_first_legal(mask))
        asked_others += int((seat != env.learners).sum())
        assert reward.shape == (8,)
        for i in np.flatnonzero(term):
            ended += 1
            view_seat = int(before[i])
            assert 0 <= view_seat <= 3
        assert np.all(reward[~term] == 0)
    assert asked_others > 100 and ended > 8


def test_the_greedy_policy_played_outside_equals_the_greedy_opponents() -> None:
    inside = VecEnv(4, "changsha", seeds=[5, 6, 7, 8], opponents="greedy", version="v3")
    outside = VecEnv(4, "changsha", seeds=[5, 6, 7, 8], opponents="external", version="v3")
    obs_a, mask_a, seat_a = inside.reset()
    obs_b, mask_b, seat_b = outside.reset()

    def play_opponents() -> tuple[np.ndarray, np.ndarray]:
        reward = np.zeros(4, np.float32)
        term = np.zeros(4, bool)
        while True:
            others = outside.learners != seat_b
            if not others.any():
                return reward, term
            actions = np.zeros(4, np.int64)
            for i in np.flatnonzero(others):
                core = outside.game(i).engine
                actions[i] = code_to_action(core.greedy_action(int(seat_b[i])))
            _, r, t, _, _, _ = outside.step(actions, active=others)
            reward += r
            term |= t

    play_opponents()
    hands = 0
    while hands < 20:
        assert np.array_equal(obs_a, obs_b) and np.array_equal(mask_a, mask_b)
        assert np.array_equal(seat_a, seat_b) and np.array_equal(inside.learners, outside.learners)
        actions = _first_legal(mask_a)
        _, r_a, t_a, _, _, _ = inside.step(actions)
        _, r_b, t_b, _, _, _ = outside.step(actions)
        r, t = r_b.copy(), t_b.copy()
        r2, t2 = play_opponents()
        assert np.array_equal(r_a, r + r2) and np.array_equal(t_a, t | t2)
        hands += int(t_a.sum())


def test_inactive_tables_are_left_as_they_are() -> None:
    env = VecEnv(6, "hebei", seed=3, opponents="random")
    obs, mask, seat = env.reset()
    for _ in range(50):
        env.step(_first_legal(mask))
    active = np.array([True, False, True, False, True, False])
    before = obs.copy(), mask.copy(), seat.copy()
    actions = _first_legal(mask)
    actions[~active] = 10**6  # not checked
    obs, reward, term, trunc, mask, seat = env.step(actions, active=active)
    for x, y in zip((obs, mask, seat), before):
        assert np.array_equal(x[~active], y[~active])
    assert not reward[~active].any() and not term[~active].any()
    with pytest.raises(ArrayError, match="active"):
        env.step(actions, active=active.astype(int))
    with pytest.raises(ArrayError, match="active"):
        env.step(actions, active=active[:3])


def test_final_observations_show_the_ended_hand_from_the_learners_seat() -> None:
    env = VecEnv(16, "sichuan", seed=9, opponents="expert", version="v3", action_space=2)
    obs, mask, seat = env.reset()
    ended = 0
    for _ in range(400):
        learners = seat.copy()
        obs, reward, term, _, mask, seat = env.step(_first_legal(mask))
        for i in np.flatnonzero(term):
            final = env.final_obs[i]
            assert final.shape == obs[i].shape and not np.array_equal(final, obs[i])
            ended += 1
        assert np.array_equal(learners[~term], seat[~term])
    assert ended > 16
    # Self-play never writes it.
    selfplay = VecEnv(4, "taiyuan", seed=1)
    selfplay.reset()
    assert not selfplay.final_obs.any()
    assert np.all(selfplay.learners == -1)


def test_given_seeds_are_used_as_given() -> None:
    env = VecEnv(3, "queyimen", seeds=[11, 12, 13], opponents="greedy")
    obs, mask, seat = env.reset()
    for i, s in enumerate([11, 12, 13]):
        one = VecEnv(1, "queyimen", seeds=[s], opponents="greedy")
        o, m, _ = one.reset()
        assert np.array_equal(o[0], obs[i]) and np.array_equal(m[0], mask[i])
    again = env.reset(seeds=[13, 12, 11])[0].copy()
    assert np.array_equal(
        again[0], VecEnv(1, "queyimen", seeds=[13], opponents="greedy").reset()[0][0]
    )
    # The seed path is unchanged by the new one.
    a = VecEnv(3, "queyimen", seed=5, opponents="greedy").reset()[0].copy()
    b = VecEnv(3, "queyimen", seed=5, opponents="greedy").reset()[0]
    assert np.array_equal(a, b)
    with pytest.raises(InvalidArgumentError, match="3 seeds"):
        env.reset(seeds=[1, 2])
    with pytest.raises(InvalidArgumentError, match="either"):
        VecEnv(3, seed=1, seeds=[1, 2, 3])


def test_a_fixed_learner_and_its_bad_values() -> None:
    env = VecEnv(8, "changsha", seed=2, opponents="greedy", learner=3)
    obs, mask, seat = env.reset()
    for _ in range(200):
        assert np.all(seat == 3) and np.all(env.learners == 3)
        obs, _, _, _, mask, seat = env.step(_first_legal(mask))
    for bad in (4, -1):
        with pytest.raises(InvalidArgumentError, match="learner"):
            VecEnv(2, opponents="greedy", learner=bad)


def test_abandon_deals_the_next_hand_and_game_is_a_copy() -> None:
    env = VecEnv(3, "taiyuan", seed=4, opponents="greedy", log=True, version="v3")
    obs, mask, seat = env.reset()
    before = obs.copy()
    game = env.game(1)
    assert isinstance(game, Game) and not game.is_over
    assert np.array_equal(encode(game.view(int(seat[1])), version="v3"), obs[1])
    env.abandon(1)
    assert np.array_equal(obs[0], before[0]) and np.array_equal(obs[2], before[2])
    assert not np.array_equal(obs[1], before[1])
    after = env.game(1)
    assert np.array_equal(encode(after.view(int(seat[1])), version="v3"), obs[1])
    assert after.events  # logged
    with pytest.raises(InvalidArgumentError, match="env index"):
        env.abandon(3)
    with pytest.raises(InvalidArgumentError, match="env index"):
        env.game(-1)


def test_a_logging_env_keeps_the_hand_that_ended() -> None:
    env = VecEnv(4, "hebei", seed=6, opponents="greedy", log=True)
    obs, mask, seat = env.reset()
    ended = 0
    while ended < 6:
        learners = seat.copy()
        obs, reward, term, _, mask, seat = env.step(_first_legal(mask))
        for i in range(4):
            game = env.ended_game(i)
            assert (game is not None) == bool(term[i])
            if game is not None:
                assert game.is_over and game.result is not None
                assert reward[i] == game.result.deltas[int(learners[i])]
                ended += 1
    assert VecEnv(1, opponents="greedy").ended_game(0) is None
