"""INTERIM stand-in for h-vec's ``koudiandian.rl.vector.KoudiandianVectorEnv`` (removed when
h-vec is merged): the Gymnasium vector interface over the raw :class:`VecEnv` with built-in
opponents. No final observations (the raw core has none yet), no illegal-action penalty."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]

from ..rules import Rules
from .actions import DEFAULT_ACTION_SPACE
from .encoding import DEFAULT_VERSION
from .vec import VecEnv

__all__ = ["KoudiandianVectorEnv"]


class KoudiandianVectorEnv:
    """Interim: ``reset``/``step`` of a Gymnasium ``VectorEnv`` over the raw core."""

    render_mode = None

    def __init__(
        self,
        num_envs: int,
        rules: Rules | str | None = None,
        opponents: Any = "greedy",
        *,
        seed: int | None = None,
        version: str = DEFAULT_VERSION,
        action_space: int = DEFAULT_ACTION_SPACE,
        threads: int = 1,
        illegal_penalty: float = 1.0,
        copy: bool = True,
    ) -> None:
        self._raw = VecEnv(
            num_envs,
            rules,
            seed,
            opponents,
            threads=threads,
            action_space=action_space,
            version=version,
        )
        self.num_envs = num_envs
        self.copy = copy
        shape = self._raw.observation_shape[1:]
        self.single_observation_space = spaces.Box(0, 255, shape, np.uint8)
        self.single_action_space = spaces.Discrete(self._raw.n_actions)

    def _infos(self, mask: Any, seat: Any) -> dict[str, Any]:
        every = np.ones(self.num_envs, dtype=np.bool_)
        return {
            "action_mask": mask.astype(np.int8),
            "_action_mask": every,
            "seat": seat.copy(),
            "_seat": every,
        }

    def reset(self, *, seed: int | None = None, options: Any = None) -> tuple[Any, dict[str, Any]]:
        """Deal every table."""
        if isinstance(seed, list):
            seed = seed[0]
        obs, mask, seat = self._raw.reset(seed)
        return obs.copy(), self._infos(mask, seat)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step every table."""
        obs, reward, term, trunc, mask, seat = self._raw.step(actions)
        return obs.copy(), reward.copy(), term.copy(), trunc.copy(), self._infos(mask, seat)

    def close(self) -> None:
        """Nothing to release."""
