"""Every environment under observation v3 and action space v2 on whole seeded ``tiny`` and
``sichuan`` hands (the exchange, void suits, winners that leave while play goes on,
payments as played): observations equal ``encode(..., version="v3")``, masks equal the legal actions
through the decisions before play, a seat that left is never asked to act, and rewards
are the hands' deltas, payments made during the hand included. Defaults stay v1."""

from __future__ import annotations

import random

import numpy as np
import pytest
from koudiandian import Game, InvalidArgumentError
from koudiandian.rl import (
    N_ACTIONS_V2,
    OBS_SHAPES,
    PLANE_NAMES_V3,
    VecEnv,
    action_mask,
    code_to_action,
    encode,
    number_of,
)

STANDING = PLANE_NAMES_V3.index("standing")
LEFT = 12  # the standing plane's left flags, relative seats 0–3
WINS = (68, 69)
DICT_OBS = [
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


def _deltas_of_transfers(game: Game) -> list[int]:
    assert game.result is not None
    d = [0, 0, 0, 0]
    for t in game.result.transfers:
        d[t.payer] -= t.amount
        d[t.payee] += t.amount
    return d


def _choose(game: Game, seat: int, mask: np.ndarray, rng: random.Random) -> int:
    """Mostly the greedy policy's action number (so that seats win and leave), sometimes a
    random legal one."""
    if rng.random() < 0.1:
        return int(rng.choice(list(np.flatnonzero(mask))))
    return code_to_action(game.engine.greedy_action(seat), 2)


def _legal_numbers(game: Game, seat: int) -> list[int]:
    return sorted(number_of(a, 2) for a in game.legal_actions(seat))


@pytest.mark.parametrize(("preset", "hands"), [("tiny", 1), ("tiny", 3), ("sichuan", 2)])
def test_the_aec_env_plays_whole_hands_under_v3(preset: str, hands: int) -> None:
    pytest.importorskip("pettingzoo")
    from koudiandian.rl import env

    left_seen = 0
    for seed in range(6 if preset == "tiny" else 2):
        e = env(rules=preset, seed=seed, hands=hands, version="v3", action_space=2)
        e.reset()
        assert e.observation_space("seat_0")["observation"].shape == OBS_SHAPES["v3"]
        rng = random.Random(seed)
        total = dict.fromkeys(e.possible_agents, 0.0)
        games, game = [], None
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            total[agent] += reward
            if term or trunc:
                e.step(None)
                continue
            if e.game is not game:
                game = e.game
                games.append(game)
            seat = int(agent[-1])
            view = game.view(seat)
            assert view.left[seat] is None and seat in game.to_act, "a seat that left acts"
            assert np.array_equal(obs["observation"], encode(game, seat, version="v3"))
            for other in range(4):
                mask = e.observe(f"seat_{other}")["action_mask"]
                assert list(np.flatnonzero(mask)) == _legal_numbers(game, other)
                if view.left[other] is not None:
                    left_seen += 1
                    assert not mask.any() and f"seat_{other}" in e.agents
                    assert not e.terminations[f"seat_{other}"]
            e.step(_choose(game, seat, obs["action_mask"], rng))
        assert len(games) == hands and not e.agents
        deltas = [0, 0, 0, 0]
        for g in games:
            assert g.result is not None
            assert list(g.result.deltas) == _deltas_of_transfers(g)
            deltas = [a + b for a, b in zip(deltas, g.result.deltas)]
        assert [total[f"seat_{s}"] for s in range(4)] == [float(d) for d in deltas]
    assert left_seen > 0, "some seat left while the others played on"


@pytest.mark.filterwarnings(DICT_OBS[0])
@pytest.mark.filterwarnings(DICT_OBS[1])
@pytest.mark.parametrize("preset", ["tiny", "sichuan"])
def test_pettingzoo_api_test_under_v3(preset: str) -> None:
    pytest.importorskip("pettingzoo")
    from koudiandian.rl import env
    from pettingzoo.test import api_test

    api_test(env(rules=preset, seed=1, hands=2, version="v3", action_space=2), num_cycles=300)


@pytest.mark.parametrize("preset", ["tiny", "sichuan"])
def test_the_gym_env_plays_whole_hands_under_v3(preset: str) -> None:
    pytest.importorskip("gymnasium")
    from koudiandian.rl import KoudiandianEnv

    learner_left = 0
    # One env per seat, seeded once: its episodes are the hands of one table.
    envs = [
        KoudiandianEnv(preset, "greedy", seat=seat, version="v3", action_space=2)
        for seat in range(4)
    ]
    for episode in range(40):
        seat = episode % 4
        env = envs[seat]
        assert env.observation_space.shape == OBS_SHAPES["v3"]
        obs, info = env.reset(seed=seat) if episode < 4 else env.reset()
        rng = random.Random(episode)
        term, reward = False, 0.0
        while not term:
            game = env.game
            assert game.view(seat).left[seat] is None and seat in game.to_act
            assert np.array_equal(obs, encode(game, seat, version="v3"))
            assert np.array_equal(info["action_mask"], action_mask(game, seat, 2))
            obs, reward, term, _trunc, info = env.step(
                _choose(game, seat, info["action_mask"], rng)
            )
        result = env.game.result
        assert result is not None
        assert reward == float(result.deltas[seat]) == float(_deltas_of_transfers(env.game)[seat])
        learner_left += result.left[seat] is not None and result.end == "exhausted"
    assert learner_left > 0, "the learner left and the others played the hand out"


@pytest.mark.parametrize(
    ("preset", "opponents"), [("tiny", None), ("tiny", "greedy"), ("sichuan", "greedy")]
)
def test_a_v3_vecenv_never_asks_a_seat_that_left(preset: str, opponents: str | None) -> None:
    vec = VecEnv(6, preset, seed=3, opponents=opponents, action_space=2, version="v3")
    assert vec.version == "v3" and vec.observation_shape == (6, *OBS_SHAPES["v3"])
    obs, mask, _seat = vec.reset()
    assert obs.shape == (6, 25, 34) and mask.shape == (6, N_ACTIONS_V2)
    rng = np.random.default_rng(3)
    others_left = ended = 0
    for _ in range(1500):
        assert not obs[:, STANDING, LEFT].any(), "the asked seat is still in"
        others_left += int(obs[:, STANDING, LEFT + 1 : LEFT + 4].any(axis=1).sum())
        actions = []
        for row in mask:
            legal = np.flatnonzero(row)
            wins = [a for a in legal if a in WINS]
            actions.append(wins[0] if wins else rng.choice(legal))
        obs, reward, term, _trunc, mask, _seat = vec.step(np.array(actions, np.int64))
        ended += int(term.sum())
        if opponents is None:
            assert (reward.sum(axis=1) == 0).all(), "every hand is zero-sum"
    assert ended > 6
    if opponents == "greedy":
        assert others_left > 0, "greedy opponents won and left, play went on"


def test_the_vecenv_version_leaves_v1_planes_and_play_unchanged() -> None:
    runs = {}
    for version in ("v1", "v3"):
        for threads in (1, 2):
            vec = VecEnv(5, "tiny", seed=8, action_space=2, version=version, threads=threads)
            obs, mask, seat = vec.reset()
            rows = [obs[:, :22].copy()]
            rng = np.random.default_rng(8)
            for _ in range(120):
                actions = [rng.choice(np.flatnonzero(r)) for r in mask]
                obs, _r, _t, _tr, mask, seat = vec.step(np.array(actions, np.int64))
                rows.append(obs[:, :22].copy())
            runs[version, threads] = np.stack(rows)
    first = runs["v1", 1]
    assert all(np.array_equal(first, r) for r in runs.values())
    assert VecEnv(2, "taiyuan", seed=1).observation_shape == (2, 22, 34)
    assert VecEnv(2, "taiyuan", seed=1).version == "v1"
    with pytest.raises(InvalidArgumentError, match="unknown encoding version .v9."):
        VecEnv(2, "tiny", seed=1, action_space=2, version="v9")
