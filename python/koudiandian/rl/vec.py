"""``VecEnv``: many tables stepped together inside Rust, in threads, with the GIL released.

Every call returns the same NumPy buffers, written in place (no copies): copy what you keep
across steps."""

from __future__ import annotations

import random
import secrets
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from ..errors import ArrayError
from ..rules import Rules
from .actions import ACTION_SPACES
from .encoding import OBS_SHAPES

__all__ = ["VecEnv"]

U8 = npt.NDArray[np.uint8]
B = npt.NDArray[np.bool_]
I64 = npt.NDArray[np.int64]
F32 = npt.NDArray[np.float32]


class VecEnv:
    """``num_envs`` tables under ``rules``, table ``i`` seeded from ``seed`` and ``i``.

    - ``opponents=None``: self-play, every seat a learner; each table asks one seat at a
      time (the first of ``to_act``: claims are asked seat by seat) and ``seat[i]`` says
      which. ``reward`` is ``float32 (num_envs, 4)``: every seat's delta (by absolute seat)
      on the step that ends a hand, else 0.
    - ``opponents="greedy"``, ``"expert"`` or ``"random"``: one learner per table (its seat
      drawn for each hand from the table's generator; ``seat[i]``), the other three play the
      greedy policy, the expert policy or uniformly random legal actions inside Rust. ``reward`` is
      ``float32 (num_envs,)``: the learner's delta.

    ``reset(seed=None) -> (obs, mask, seat)``; ``step(actions) -> (obs, reward,
    terminated, truncated, mask, seat)`` with ``obs`` ``uint8 (num_envs, *OBS_SHAPES[version])``
    (``version`` the encoding: ``"v1"``, the default, ``OBS_SHAPE``; ``"v2"``; ``"v3"``,
    which shows the decisions before play, void suits, seats that left and running scores),
    ``mask`` ``bool (num_envs, n_actions)``, ``seat`` ``int64 (num_envs,)``; ``n_actions``
    is the size of action space ``action_space`` (1, the default: ``N_ACTIONS``; 2:
    ``N_ACTIONS_V2``, which profiles with decisions before play need; version 1 refuses
    them with :class:`InvalidArgumentError`). A table whose
    hand ends starts the next hand at once (automatic reset): its ``terminated`` is set and
    its row already shows the new hand. ``truncated`` is always ``False`` (every hand ends).
    A seat that has left the hand (a winner where play goes on, 血战到底) is never asked
    again in it: ``seat[i]`` is always a seat still in. A hand's reward counts every
    payment of the hand, those made while it was played included (the hand's deltas).

    Each table's hands are independent (scores start at 0) and seeded from the table's
    seed and the hand's number; the dealer moves round the table one seat per hand.
    ``threads`` (1–256, at most one per table) run the tables in parallel chunks.
    A masked-out action raises :class:`IllegalActionError` naming the table, one outside
    the space :class:`InvalidArgumentError`, and nothing changes."""

    def __init__(
        self,
        num_envs: int,
        rules: Rules | str | None = None,
        seed: int | None = None,
        opponents: str | None = None,
        *,
        threads: int = 1,
        action_space: int = 1,
        version: str = "v1",
    ) -> None:
        if seed is None:
            seed = secrets.randbits(64)
        self._core = _core.VecEnv(num_envs, rules, seed, opponents, threads, action_space, version)
        self._seed = seed
        self._seeds = random.Random(seed)
        self._reset_once = False
        self.num_envs: int = self._core.num_envs
        self.opponents = opponents
        #: The encoding of its observations (``"v1"``, ``"v2"``, ``"v3"``).
        self.version: str = self._core.version
        self.observation_shape: tuple[int, ...] = (self.num_envs, *OBS_SHAPES[self.version])
        #: The version of the action space (1 or 2) and its size.
        self.action_space_version: int = self._core.action_space
        self.n_actions: int = ACTION_SPACES[self.action_space_version]

    def reset(self, seed: int | None = None) -> tuple[U8, B, I64]:
        """Deal every table afresh: from ``seed``, or the constructor's seed the first
        time, or a seed drawn from it on later calls. Returns ``(obs, mask, seat)``."""
        if seed is None:
            seed = self._seed if not self._reset_once else self._seeds.getrandbits(64)
        self._reset_once = True
        obs, mask, seat = self._core.reset(seed)
        return obs, mask, seat

    def step(self, actions: Any) -> tuple[U8, F32, B, B, B, I64]:
        """One action number per table (any integer array or sequence of length
        ``num_envs``). Raises :class:`ArrayError` for a wrong shape or dtype,
        :class:`InvalidArgumentError` for an action outside the space and
        :class:`IllegalActionError` for one masked out (naming the table)."""
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise ArrayError(f"actions must be integers, got dtype {a.dtype}")
        if a.shape != (self.num_envs,):
            raise ArrayError(f"actions must have shape ({self.num_envs},), got {a.shape}")
        if a.dtype != np.int64 or not a.flags.c_contiguous:
            if a.dtype.kind == "u" and a.size and int(a.max()) > np.iinfo(np.int64).max:
                raise ArrayError("actions hold values beyond int64")
            a = np.ascontiguousarray(a, dtype=np.int64)
        obs, reward, terminated, truncated, mask, seat = self._core.step(a)
        return obs, reward, terminated, truncated, mask, seat
