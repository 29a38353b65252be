"""Policy and PolicyBot (NumPy alone): the file round trip, the masked argmax, legal moves in
every profile whichever way the observation is encoded, and ``policy:PATH`` wherever bots are
named."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from koudiandian import (
    ArrayError,
    Game,
    InvalidArgumentError,
    Rules,
    simulate,
)
from koudiandian.execbot import split_bots
from koudiandian.ladder import ladder
from koudiandian.liveview import LiveView
from koudiandian.rl import ACTION_SPACES, OBS_SHAPES, action_mask, encode
from koudiandian.rl.policy import Policy, PolicyBot, PolicyFactory


def random_policy(version: str, action_space: int, seed: int = 0, hidden: int = 32) -> Policy:
    """A two-layer policy of random weights (logits of a few units' spread)."""
    rng = np.random.default_rng(seed)
    planes, width = OBS_SHAPES[version]
    n = ACTION_SPACES[action_space]
    layers = [
        (rng.normal(0, 0.1, (planes * width, hidden)), rng.normal(0, 0.1, hidden)),
        (rng.normal(0, 0.3, (hidden, n)), rng.normal(0, 0.3, n)),
    ]
    scale = rng.uniform(0.1, 1.0, planes * width)
    return Policy(layers, scale=scale, version=version, action_space=action_space)


def test_save_and_load_give_the_same_policy(tmp_path: Path) -> None:
    p = random_policy("v3", 2)
    p.meta["seed"] = 7
    p.save(tmp_path / "p.npz")
    q = Policy.load(tmp_path / "p.npz")
    assert (q.version, q.action_space, q.meta["seed"]) == ("v3", 2, 7)
    obs = np.random.default_rng(1).integers(0, 5, (8, *OBS_SHAPES["v3"]), dtype=np.uint8)
    np.testing.assert_array_equal(p.logits(obs), q.logits(obs))
    assert p.logits(obs[0]).shape == (ACTION_SPACES[2],)


def test_logits_are_the_mlp_of_the_scaled_observation() -> None:
    p = random_policy("v1", 1)
    obs = np.random.default_rng(2).integers(0, 4, (3, *OBS_SHAPES["v1"]), dtype=np.uint8)
    (w0, b0), (w1, b1) = p.layers
    x = obs.reshape(3, -1).astype(np.float64) * p.scale
    expected = np.maximum(x @ w0 + b0, 0) @ w1 + b1
    np.testing.assert_allclose(p.logits(obs), expected, rtol=1e-4, atol=1e-4)


def test_call_is_the_masked_argmax() -> None:
    p = random_policy("v1", 1)
    rng = np.random.default_rng(3)
    obs = rng.integers(0, 4, (50, *OBS_SHAPES["v1"]), dtype=np.uint8)
    mask = rng.random((50, ACTION_SPACES[1])) < 0.05
    mask[:, 7] = True
    chosen = p(obs, mask)
    assert chosen.dtype == np.int64 and mask[np.arange(50), chosen].all()
    logits = p.logits(obs)
    for row in range(50):
        legal = np.flatnonzero(mask[row])
        assert chosen[row] == legal[np.argmax(logits[row, legal])]


def test_bad_weights_and_files_are_refused(tmp_path: Path) -> None:
    planes = OBS_SHAPES["v1"][0] * 34
    with pytest.raises(ArrayError, match="layer 1"):
        Policy(
            [(np.zeros((planes, 4)), np.zeros(4)), (np.zeros((5, 215)), np.zeros(215))],
            version="v1",
            action_space=1,
        )
    with pytest.raises(ArrayError, match="logits"):
        Policy([(np.zeros((planes, 4)), np.zeros(4))], version="v1", action_space=1)
    with pytest.raises(InvalidArgumentError, match="version"):
        Policy([(np.zeros((planes, 215)), np.zeros(215))], version="v9", action_space=1)
    with pytest.raises(InvalidArgumentError, match="cannot read"):
        Policy.load(tmp_path / "missing.npz")
    np.savez(tmp_path / "bare.npz", W0=np.zeros((planes, 215), np.float32))
    with pytest.raises(InvalidArgumentError, match="meta"):
        Policy.load(tmp_path / "bare.npz")
    p = random_policy("v1", 1)
    with pytest.raises(ArrayError, match="mask"):
        p(np.zeros((2, *OBS_SHAPES["v1"]), np.uint8), np.ones((2, 5), bool))
    with pytest.raises(ArrayError, match="legal action"):
        p(np.zeros((1, *OBS_SHAPES["v1"]), np.uint8), np.zeros((1, 215), bool))
    with pytest.raises(InvalidArgumentError, match="no policy file"):
        PolicyFactory(f"policy:{tmp_path / 'missing.npz'}")


@pytest.mark.parametrize("profile", Rules.PRESETS)
@pytest.mark.parametrize("action_space", [1, 2])
def test_policy_bot_plays_legal_moves_in_every_profile(profile: str, action_space: int) -> None:
    bot = PolicyBot(random_policy("v3", action_space, seed=action_space))
    # simulate raises IllegalActionError for an action that is not legal.
    s = simulate(hands=12, bots=[bot, "greedy", bot, "random"], rules=profile, seed=5)
    assert s.hands == 12


@pytest.mark.parametrize("profile", ["taiyuan", "sichuan", "guobiao", "hebei"])
def test_the_view_and_the_live_game_give_the_same_choice(profile: str) -> None:
    bot = PolicyBot(random_policy("v3", 2, seed=11))
    rules = Rules.preset(profile)
    for seed in range(3):
        game = Game(rules, seed=seed)
        steps = 0
        while game.to_act:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            live = bot.act(LiveView(game, seat), legal)
            assert bot.act(view, legal) == live
            assert live in legal
            number = action_mask(game, seat, 2)
            assert number.sum() == len(legal)
            np.testing.assert_array_equal(bot._observe(view), encode(game, seat, version="v3"))
            game.step(seat, live)
            steps += 1
        assert steps > 0


def test_policy_names_in_simulate_and_ladder(tmp_path: Path) -> None:
    assert split_bots("policy:Runs/BC.npz,GREEDY policy:x.npz") == [
        "policy:Runs/BC.npz",
        "greedy",
        "policy:x.npz",
    ]
    other = tmp_path / "Net.npz"
    random_policy("v3", 2, seed=4).save(other)
    s = simulate(
        hands=8,
        bots=f"policy:{other},greedy,greedy,greedy",
        rules="taiyuan",
        seed=1,
        duplicate=True,
    )
    assert s.bot_stats[0].name == f"policy:{other}"
    again = simulate(
        hands=8,
        bots=[f"policy:{other}", "greedy", "greedy", "greedy"],
        rules="taiyuan",
        seed=1,
        duplicate=True,
        workers=2,
    )
    assert again.bot_stats == s.bot_stats
    lad = ladder([f"policy:{other}", "greedy"], rules=Rules.preset("taiyuan"), walls=4, seed=2)
    assert {r.bot for r in lad.ranking} == {f"policy:{other}", "greedy"}
    with pytest.raises(InvalidArgumentError, match="no policy file"):
        simulate(hands=1, bots=f"policy:{tmp_path / 'none.npz'}", seed=1)


def test_policy_names_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from koudiandian.cli import main

    path = tmp_path / "Net.npz"
    random_policy("v3", 2).save(path)
    args = ["simulate", "--hands", "8", "--rules", "taiyuan", "--seed", "1", "--json"]
    assert main([*args, "--bots", f"policy:{path},greedy", "greedy", "random"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["bots"][0] == f"policy:{path}"
    assert main([*args, "--bots", f"policy:{tmp_path / 'none.npz'}"]) != 0
    assert "no policy file" in capsys.readouterr().err


def test_terminal_play_seats_a_policy(tmp_path: Path) -> None:
    from koudiandian.play import _bots

    path = tmp_path / "Net.npz"
    random_policy("v3", 2).save(path)
    bots = _bots([f"policy:{path}", "Greedy", "random"], 0, 5)
    assert bots[0] is None and isinstance(bots[1], PolicyBot)
