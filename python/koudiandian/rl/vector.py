"""``KoudiandianVectorEnv``: a Gymnasium ``VectorEnv`` of ``num_envs`` tables stepped inside
Rust (:class:`~koudiandian.rl.VecEnv`), the same game as Gymnasium's ``SyncVectorEnv`` over
``koudiandian/Koudiandian-v0`` in same-step autoreset mode, for the same seed.

``gymnasium.make_vec("koudiandian/Koudiandian-v0", num_envs=8)`` makes one."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import gymnasium as gym  # type: ignore[import-not-found, unused-ignore]
import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from gymnasium.vector import AutoresetMode  # type: ignore[import-not-found, unused-ignore]
from gymnasium.vector.utils import batch_space  # type: ignore[import-not-found, unused-ignore]

from ..bots import POLICY_PREFIX
from ..errors import ArgumentTypeError, InvalidArgumentError
from ..rules import Rules
from ._rules import rules_of
from .actions import ACTION_SPACES, DEFAULT_ACTION_SPACE, check_action_space
from .encoding import DEFAULT_VERSION, OBS_SHAPES, check_version
from .gym_env import ILLEGAL_PENALTY, check_penalty
from .opponents import (
    BUILT_IN,
    BatchPolicy,
    check_learner_seat,
    first_outside,
    legal_rows,
    play_policy,
)
from .policy import Policy
from .vec import VecEnv, action_array

__all__ = ["KoudiandianVectorEnv", "BatchPolicy"]

Obs = npt.NDArray[np.uint8]

_T = TypeVar("_T")


class KoudiandianVectorEnv(gym.vector.VectorEnv):  # type: ignore[misc, unused-ignore]
    """``num_envs`` tables, one learning seat each against ``opponents``, one hand per
    episode, reset in the step that ends it (``AutoresetMode.SAME_STEP``).

    - ``opponents``: ``"greedy"``, ``"expert"`` or ``"random"`` (played inside Rust), or a
      batch policy: any callable ``policy(obs uint8 (k, *obs_shape), mask bool (k, n)) ->
      int array (k,)`` (a :class:`koudiandian.rl.policy.Policy` is one, and
      ``"policy:PATH"`` loads one; its encoding and action space must be the env's), called once per
      round for every table whose asked seat is not its learner, until each table is at
      its learner (see :func:`~koudiandian.rl.opponents.play_policy`). Should it raise, or
      answer with another shape or an illegal action (refused, naming the table), the
      learners' actions of that step are already played: the error is raised and the env
      refuses to step (:class:`InvalidArgumentError`) until :meth:`reset`.
    - Observations ``uint8 (num_envs, *OBS_SHAPES[version])``; actions ``int (num_envs,)``
      of ``Discrete(n)``, ``n`` the size of action space ``action_space``; rewards
      ``float64``: the learner's delta on the step that ends its hand, else 0 (an illegal
      action: ``-illegal_penalty``, its table held as it is).
    - ``infos`` as ``SyncVectorEnv`` builds them from the single environment's: every step
      ``"action_mask"`` ``int8 (num_envs, n)``, ``"seat"`` (the learner's seat) and
      ``"illegal_action"``, each with its ``"_key"`` mask; on a step that ends hands,
      ``"final_obs"`` (an object array: the learner's observation of the ended hand at its
      end, ``None`` for the other tables) and ``"final_info"`` (a dict of the ended
      steps' infos: a zero mask and the ended hand's learner seat) with their masks; the
      observation returned for such a table is already the next hand's.
    - ``reset(seed=s)`` seeds table ``i`` with ``s + i`` (Gymnasium's convention; a list
      seeds table ``i`` with ``seed[i]``), so that this env equals
      ``SyncVectorEnv([lambda: gymnasium.make(GYM_ID, ...)] * num_envs,
      autoreset_mode=AutoresetMode.SAME_STEP)`` reset with the same seed, step by step.
      ``reset()`` without a seed after the first deals every table its next hand (the hand
      in play is dropped); the constructor's ``seed`` is the first reset's default.
    - ``seat``: the learner's seat at every table (``None``: drawn for each hand);
      ``threads`` (1–256) run the tables in parallel; ``copy=False`` returns the
      observation buffer itself (written in place by the next call).
    """

    metadata: dict[str, Any] = {
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        num_envs: int,
        rules: Rules | str | None = None,
        opponents: str | BatchPolicy = "greedy",
        *,
        seed: int | None = None,
        seat: int | None = None,
        version: str = DEFAULT_VERSION,
        action_space: int = DEFAULT_ACTION_SPACE,
        threads: int = 1,
        illegal_penalty: float = ILLEGAL_PENALTY,
        copy: bool = True,
    ) -> None:
        check_version(version)
        check_action_space(action_space)
        if isinstance(opponents, str) and opponents.lower().startswith(POLICY_PREFIX):
            opponents = Policy.load(opponents[len(POLICY_PREFIX) :])
        if isinstance(opponents, str):
            if opponents not in BUILT_IN:
                raise InvalidArgumentError(
                    "opponents must be 'greedy', 'expert', 'random', 'policy:PATH' or a "
                    f"batch policy (a callable), got {opponents!r}"
                )
            self._policy: BatchPolicy | None = None
            raw = opponents
        elif callable(opponents):
            if isinstance(opponents, Policy):
                _check_policy_fits(opponents, version, action_space)
            self._policy, raw = opponents, "external"
        else:
            raise ArgumentTypeError(
                f"opponents must be a name or a batch policy (a callable), got {opponents!r}"
            )
        seat = check_learner_seat(seat)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | np.integer)):
            raise ArgumentTypeError(f"seed must be None or an int, got {seed!r}")
        self._seed = None if seed is None else int(seed)
        self._rules = rules_of(rules)
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)):
            raise ArgumentTypeError(f"num_envs must be an int, got {num_envs!r}")
        seeds = _table_seeds(self._seed if self._seed is not None else 0, int(num_envs))
        self._core = VecEnv(
            int(num_envs), self._rules, opponents=raw, threads=threads,
            action_space=action_space, version=version, seeds=seeds, learner=seat,
        )  # fmt: skip
        self.num_envs = self._core.num_envs
        self.opponents = opponents
        self.version = version
        self.action_space_version = action_space
        self.illegal_penalty = check_penalty(illegal_penalty)
        self.copy = bool(copy)
        self.render_mode = None
        n_actions = ACTION_SPACES[action_space]
        self._n_actions: int = n_actions
        self.single_observation_space = spaces.Box(0, 255, OBS_SHAPES[version], np.uint8)
        self.single_action_space = spaces.Discrete(n_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._obs: Obs = np.zeros((self.num_envs, *OBS_SHAPES[version]), np.uint8)
        self._mask: npt.NDArray[np.bool_] = np.zeros((self.num_envs, n_actions), bool)
        self._seat: npt.NDArray[np.int64] = np.zeros(self.num_envs, np.int64)
        self._reset_once = False
        self._broken = False
        self._all = np.ones(self.num_envs, bool)

    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal every table a hand: table ``i`` from ``seed + i`` (or ``seed[i]`` for a
        list); without a seed, the constructor's the first time, else each table's next
        hand. ``options={"reset_mask": mask}`` (no seed) deals only the masked tables
        their next hand. Returns ``(observations, infos)``."""
        if options is not None and not isinstance(options, dict):
            raise ArgumentTypeError(f"options must be a dict or None, got {options!r:.80}")
        mask = None if options is None else options.get("reset_mask")
        if mask is not None:
            mask = np.asarray(mask)
            if mask.dtype != np.bool_ or mask.shape != (self.num_envs,) or not mask.any():
                raise InvalidArgumentError(
                    f"options['reset_mask'] must be a bool array of shape ({self.num_envs},) "
                    "with a True value"
                )
            if seed is not None:
                raise InvalidArgumentError("reset_mask deals next hands: give it no seed")
            if not self._reset_once:
                raise InvalidArgumentError("reset_mask deals next hands: reset() them all first")
        if seed is None and not self._reset_once and self._seed is not None:
            seed = self._seed
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            seeds = _table_seeds(int(seed), self.num_envs)
            super().reset(seed=int(seed))
            self._core.reset(seeds=seeds)
        elif seed is not None:
            self._core.reset(seeds=_seed_list(seed, self.num_envs))
        elif not self._reset_once:
            self._core.reset(seeds=_table_seeds(int(self.np_random.integers(2**62)), self.num_envs))
        else:
            for i in np.flatnonzero(mask if mask is not None else self._all):
                self._core.abandon(int(i))
        self._reset_once = True
        self._broken = False
        if self._policy is not None:
            self._play(play_policy, self._core, self._policy)
        rows = self._all if mask is None else mask
        self._sync()
        infos = self._infos(rows, np.zeros(self.num_envs, bool))
        return self._out(), infos

    def step(
        self, actions: Any
    ) -> tuple[
        Obs, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """One action per table; returns ``(observations, rewards, terminations,
        truncations, infos)`` (never truncated). Raises :class:`InvalidArgumentError` for an
        action outside the space or before :meth:`reset`, and :class:`ArrayError` for
        actions that are no integers or of another shape; nothing changes then."""
        if not self._reset_once:
            raise InvalidArgumentError("call reset() before step()")
        if self._broken:
            raise InvalidArgumentError(
                "the opponents' policy failed during an earlier call, leaving tables at an "
                "opponent's decision: call reset()"
            )
        a = action_array(actions, self.num_envs)
        n = self._n_actions
        i = first_outside(a, n)
        if i is not None:
            raise InvalidArgumentError(
                f"env {i}: action {int(a[i])} is outside the action space 0..{n - 1}"
            )
        legal = legal_rows(a, self._mask)
        learners = self._seat.copy()
        if legal.all():
            _, raw_reward, raw_term, _, _, _ = self._core.step(a)
        else:
            _, raw_reward, raw_term, _, _, _ = self._core.step(a, active=legal)
        rewards = raw_reward.astype(np.float64)
        terminated = raw_term.copy()
        final = {int(i): self._core.final_obs[i].copy() for i in np.flatnonzero(terminated)}
        if self._policy is not None:
            r, t, later = self._play(play_policy, self._core, self._policy, terminated)
            rewards += r
            terminated |= t
            final.update(later)
        rewards[~legal] = -self.illegal_penalty
        self._sync()
        infos: dict[str, Any] = {}
        if terminated.any():
            infos.update(self._final(terminated, final, learners))
        infos.update(self._infos(self._all, ~legal))
        truncated = np.zeros(self.num_envs, bool)
        return self._out(), rewards, terminated, truncated, infos

    def _play(self, play: Callable[..., _T], *args: Any) -> _T:
        """``play(*args)``, the opponents' policy's rounds; should they raise (the policy's
        own error, or an answer refused), the env is marked broken until :meth:`reset`:
        the learners' actions were played, and some tables wait at an opponent."""
        try:
            return play(*args)
        except BaseException:
            self._broken = True
            raise

    def _sync(self) -> None:
        """Copy the core's rows into this env's (every table at its learner now)."""
        obs, mask, seat = self._core.rows()
        np.copyto(self._obs, obs)
        np.copyto(self._mask, mask)
        np.copyto(self._seat, seat)

    def _out(self) -> Obs:
        return self._obs.copy() if self.copy else self._obs

    def _infos(self, rows: npt.NDArray[np.bool_], illegal: npt.NDArray[np.bool_]) -> dict[str, Any]:
        """The infos of every table in ``rows`` (as ``SyncVectorEnv`` gathers them)."""
        return _gathered(rows, self._mask.view(np.int8), self._seat, illegal)

    def _final(
        self, ended: npt.NDArray[np.bool_], final: dict[int, Obs], learners: npt.NDArray[np.int64]
    ) -> dict[str, Any]:
        """The ``final_obs`` and ``final_info`` entries for the tables whose hand ``ended``
        (``final``: their final observations by table): each ended step's info is a zero
        mask, the ended hand's learner seat and no illegal action."""
        n = self.num_envs
        final_obs = np.full(n, None, dtype=object)
        for i, o in final.items():
            final_obs[i] = o
        no_mask = np.zeros((n, self._n_actions), np.int8)
        info = _gathered(ended, no_mask, learners, np.zeros(n, bool))
        return {
            "final_obs": final_obs, "_final_obs": ended.copy(),
            "final_info": info, "_final_info": ended.copy(),
        }  # fmt: skip

    @property
    def raw(self) -> VecEnv:
        """The raw vectorised environment underneath (do not step it directly)."""
        return self._core

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release (the tables go with the env)."""


def _gathered(
    rows: npt.NDArray[np.bool_],
    mask: npt.NDArray[np.int8],
    seat: npt.NDArray[np.int64],
    illegal: npt.NDArray[np.bool_],
) -> dict[str, Any]:
    """The single environment's info keys (``action_mask``, ``seat``, ``illegal_action``)
    as ``SyncVectorEnv`` gathers them for the tables in ``rows``: each key's column (zero
    outside ``rows``) and its ``_key`` mask."""
    out: dict[str, Any] = {}
    for key, column in (("action_mask", mask), ("seat", seat), ("illegal_action", illegal)):
        gathered = np.zeros_like(column)
        gathered[rows] = column[rows]
        out[key], out["_" + key] = gathered, rows.copy()
    return out


def _table_seeds(seed: int, n: int) -> list[int]:
    """Gymnasium's convention: table ``i`` gets ``seed + i`` (each at most 2**64 - 1)."""
    if not 0 <= seed <= 2**64 - n:
        raise InvalidArgumentError(f"seed must be in 0..{2**64 - n} for {n} tables, got {seed}")
    return [seed + i for i in range(n)]


def _check_policy_fits(policy: Policy, version: str, action_space: int) -> None:
    """Refuse a trained policy whose observations or actions are not the env's."""
    if (policy.version, policy.action_space) != (version, action_space):
        raise InvalidArgumentError(
            f"the opponents' policy reads {policy.version} observations in action space "
            f"{policy.action_space}; this env gives {version} in action space {action_space}"
        )


def _seed_list(seed: object, n: int) -> list[int]:
    """``seed``, a sequence of ``n`` seeds (ints, NumPy's too), as ints; text, floats and
    bools are :class:`ArgumentTypeError`, another length :class:`InvalidArgumentError`."""
    if isinstance(seed, str | bytes) or not isinstance(seed, Iterable):
        raise ArgumentTypeError(f"seed must be an int or a sequence of ints, got {seed!r:.80}")
    seeds = list(seed)
    for x in seeds:
        if isinstance(x, bool | np.bool_) or not isinstance(x, int | np.integer):
            raise ArgumentTypeError(f"a seed must be an int, got {x!r:.40}")
    if len(seeds) != n:
        raise InvalidArgumentError(f"expected {n} seeds (one per env), got {len(seeds)}")
    return [int(x) for x in seeds]
