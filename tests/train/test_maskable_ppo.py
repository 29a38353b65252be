"""sb3-contrib's MaskablePPO trains on koudiandian.rl.sb3 unchanged and never plays a masked
action."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from tests.support.train_extra import require

torch = require("torch")
require("stable_baselines3")
require("sb3_contrib")

from koudiandian.rl.sb3 import KoudiandianSB3Env  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.evaluation import evaluate_policy  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks  # noqa: E402
from stable_baselines3.common.vec_env import VecMonitor  # noqa: E402


@pytest.fixture(autouse=True)
def one_torch_thread() -> Iterator[None]:
    # Two cores shared by the whole test run: torch's own thread pool only slows it down.
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


class MaskWatch(KoudiandianSB3Env):
    """Counts the actions it is given and those its masks forbid."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.played = 0
        self.masked_out = 0

    def step_async(self, actions: np.ndarray) -> None:
        legal = self.action_masks()[np.arange(self.num_envs), actions]
        self.played += len(actions)
        self.masked_out += int((~legal).sum())
        super().step_async(actions)


def small_ppo(env: KoudiandianSB3Env) -> MaskablePPO:
    return MaskablePPO(
        "MlpPolicy", env, n_steps=32, batch_size=64, n_epochs=2, seed=1, device="cpu"
    )


@pytest.mark.parametrize(("preset", "action_space"), [("taiyuan", 1), ("sichuan", 2)])
def test_learning_never_plays_a_masked_action(preset: str, action_space: int) -> None:
    env = MaskWatch(4, preset, seed=1, action_space=action_space)
    small_ppo(env).learn(512)
    assert env.played >= 512
    assert env.masked_out == 0


def test_prediction_with_masks_is_legal_and_without_them_is_not() -> None:
    env = KoudiandianSB3Env(8, "taiyuan", seed=2)
    model = small_ppo(env)
    obs = env.reset()
    unmasked_illegal = 0
    for _ in range(100):
        masks = get_action_masks(env)
        free, _ = model.predict(obs, deterministic=True)
        unmasked_illegal += int((~masks[np.arange(8), free]).sum())
        actions, _ = model.predict(obs, action_masks=masks, deterministic=False)
        assert masks[np.arange(8), actions].all()
        obs, _, _, _ = env.step(actions)
    # The check above has teeth: the same untrained policy, unmasked, picks illegal moves.
    assert unmasked_illegal > 0


def test_a_trained_model_is_evaluated_with_masks() -> None:
    env = KoudiandianSB3Env(4, "taiyuan", seed=3)
    model = small_ppo(env).learn(256)
    # VecMonitor records whole episodes (hands), as SB3's evaluation asks; the callback
    # sees every table's info of every step: none was an illegal action (penalised, not
    # refused, so only the masks keep them out).
    illegal: list[bool] = []

    def seen(local: dict[str, object], _global: dict[str, object]) -> None:
        illegal.append(bool(local["info"]["illegal_action"]))  # type: ignore[index]

    rewards, lengths = evaluate_policy(
        model, VecMonitor(env), n_eval_episodes=8, callback=seen, return_episode_rewards=True
    )
    assert len(rewards) == len(lengths) == 8 and min(lengths) >= 1  # type: ignore[arg-type]
    assert len(illegal) >= 8 and not any(illegal)
