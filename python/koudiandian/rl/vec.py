"""``VecEnv``: many tables stepped together inside Rust, in threads, with the GIL released.

Every call returns the same NumPy buffers, written in place (no copies): copy what you keep
across steps."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from ..errors import ArgumentTypeError, ArrayError, InvalidArgumentError
from ..game import Game
from ..rules import Rules
from .actions import ACTION_SPACES, DEFAULT_ACTION_SPACE
from .encoding import DEFAULT_VERSION, OBS_SHAPES

__all__ = ["VecEnv"]

U8 = npt.NDArray[np.uint8]
B = npt.NDArray[np.bool_]
I64 = npt.NDArray[np.int64]
F32 = npt.NDArray[np.float32]


class VecEnv:
    """``num_envs`` tables under ``rules``, table ``i`` seeded from ``seed`` and ``i``, or
    from ``seeds[i]`` as given (one seed per table).

    - ``opponents=None``: self-play, every seat a learner; each table asks one seat at a
      time (the first of ``to_act``: claims are asked seat by seat) and ``seat[i]`` says
      which. ``reward`` is ``float32 (num_envs, 4)``: every seat's delta (by absolute seat)
      on the step that ends a hand, else 0.
    - ``opponents="greedy"``, ``"expert"`` or ``"random"``: one learner per table (its seat
      drawn for each hand from the table's generator; ``seat[i]``), the other three play the
      greedy policy, the expert policy or uniformly random legal actions inside Rust. ``reward`` is
      ``float32 (num_envs,)``: the learner's delta.
    - ``opponents="external"``: the other three are played by the caller. Each table has a
      learner (drawn per hand, as above; ``learners``) but stops at every decision, as in
      self-play, ``seat[i]`` the seat asked, whoever it is; ``reward`` is the learner's delta
      (``float32 (num_envs,)``). :class:`~koudiandian.rl.vector.KoudiandianVectorEnv` plays
      a batch policy's moves on it.
    - ``learner``: the learner's seat (0–3) at every table, for every hand (``None``: drawn
      per hand; with opponents only: in self-play it is :class:`InvalidArgumentError`). ``learners`` is the ``int64 (num_envs,)`` learner seat of each table (−1 in
      self-play).

    ``reset(seed=None) -> (obs, mask, seat)``; ``step(actions) -> (obs, reward,
    terminated, truncated, mask, seat)`` with ``obs`` ``uint8 (num_envs, *OBS_SHAPES[version])``
    (``version`` the encoding: ``"v3"``, the default (``DEFAULT_VERSION``, ``OBS_SHAPE``),
    which shows the decisions before play, void suits, seats that left and running scores;
    ``"v2"``; ``"v1"``), ``mask`` ``bool (num_envs, n_actions)``, ``seat`` ``int64
    (num_envs,)``; ``n_actions`` is the size of action space ``action_space`` (2, the
    default (``DEFAULT_ACTION_SPACE``): ``N_ACTIONS``, which profiles with decisions before
    play need; 1: ``N_ACTIONS_V1``, which refuses them with :class:`InvalidArgumentError`). A table whose
    hand ends starts the next hand at once (automatic reset): its ``terminated`` is set and
    its row already shows the new hand. ``truncated`` is always ``False`` (every hand ends).
    A seat that has left the hand (a winner where play goes on, 血战到底) is never asked
    again in it: ``seat[i]`` is always a seat still in. A hand's reward counts every
    payment of the hand, those made while it was played included (the hand's deltas).

    Each table's hands are independent (scores start at 0) and seeded from the table's
    seed and the hand's number; the dealer moves round the table one seat per hand.
    ``threads`` (1–256, at most one per table) run the tables in parallel chunks.
    A masked-out action raises :class:`IllegalActionError` naming the table, one outside
    the space :class:`InvalidArgumentError`, and nothing changes.

    ``step(actions, active=...)`` steps only the tables where the ``bool (num_envs,)``
    ``active`` is true: the others are left exactly as they are (row not rewritten, reward
    0, ``terminated`` false, their action ignored and not checked). ``final_obs``
    (``uint8``, the shape of ``obs``): for a table whose hand ended on the last step, the
    learner's observation of the ended hand at its end (before the next deal), with
    opponents (external ones too); in self-play it is never written. Its other rows are
    stale. ``abandon(i)`` drops table ``i``'s hand and deals its next one (no reward), and
    ``game(i)`` is a copy of table ``i``'s game in play (a :class:`~koudiandian.Game`;
    ``log=True`` makes every hand's events logged, so that the copy has them, and keeps
    the hand each table ends, ``ended_game(i)``)."""

    def __init__(
        self,
        num_envs: int,
        rules: Rules | str | None = None,
        seed: int | None = None,
        opponents: str | None = None,
        *,
        threads: int = 1,
        action_space: int = DEFAULT_ACTION_SPACE,
        version: str = DEFAULT_VERSION,
        seeds: Sequence[int] | None = None,
        learner: int | None = None,
        log: bool = False,
    ) -> None:
        # NumPy integers as ints (the core checks every value, naming a bad one)
        num_envs, threads, learner = _index(num_envs), _index(threads), _index(learner)
        seed, action_space = _index(seed), _index(action_space)
        for what, value, kind in (
            ("version", version, str),
            ("opponents", opponents, (str, type(None))),
            ("log", log, bool),
        ):
            if not isinstance(value, kind):
                raise ArgumentTypeError(f"{what} must be a {_kind_name(kind)}, got {value!r:.40}")
        if learner is not None and opponents is None:
            raise InvalidArgumentError(
                f"learner={learner!r} names the learner's seat against opponents; self-play "
                "(opponents=None) has none"
            )
        if seeds is not None and seed is not None:
            raise InvalidArgumentError("give either seed or seeds, not both")
        given = None if seeds is None else _seeds(seeds)
        if seed is None:
            seed = secrets.randbits(64)  # with seeds: for later resets without a seed
        self._core = _core.VecEnv(
            num_envs, rules, None if given is not None else seed, opponents, threads,
            action_space, version, seeds=given, learner=learner, log=log,
        )  # fmt: skip
        self._seed = seed
        self._given_seeds = given
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

    def reset(
        self, seed: int | None = None, *, seeds: Sequence[int] | None = None
    ) -> tuple[U8, B, I64]:
        """Deal every table afresh: from ``seed``, or table ``i`` from ``seeds[i]``, or
        as the constructor did the first time, or from a seed drawn from the constructor's
        on later calls. Returns ``(obs, mask, seat)``."""
        if seeds is not None:
            if seed is not None:
                raise InvalidArgumentError("give either seed or seeds, not both")
            self._reset_once = True
            return self._core.reset(seeds=_seeds(seeds))
        if seed is None and not self._reset_once and self._given_seeds is not None:
            self._reset_once = True
            return self._core.reset(seeds=self._given_seeds)
        if seed is None:
            seed = self._seed if not self._reset_once else self._seeds.getrandbits(64)
        self._reset_once = True
        obs, mask, seat = self._core.reset(seed)
        return obs, mask, seat

    def rows(self) -> tuple[U8, B, I64]:
        """The buffers ``(obs, mask, seat)`` as the last call left them (zeros before the
        first :meth:`reset`)."""
        return self._core.rows()

    @property
    def learners(self) -> I64:
        """The learner's seat of each table (``int64 (num_envs,)``; −1 in self-play),
        written in place."""
        return self._core.learners

    @property
    def final_obs(self) -> U8:
        """The learner's observation of the hand each table ended on the last step (rows of
        the tables whose ``terminated`` is set; the others are stale), written in place."""
        return self._core.final_obs

    def abandon(self, i: int) -> None:
        """Table ``i`` drops its hand and deals the next, as if it ended without a reward;
        its rows of ``obs``, ``mask``, ``seat`` and ``learners`` are rewritten.
        :class:`InvalidArgumentError` for ``i`` outside ``0..num_envs-1``."""
        self._core.abandon(_index(i))

    def game(self, i: int) -> Game:
        """A copy of table ``i``'s game in play (changing it changes nothing here)."""
        core = self._core.game(_index(i))
        assert core is not None  # the game in play is always there
        return Game.of_engine(core)

    def ended_game(self, i: int) -> Game | None:
        """With ``log=True``, a copy of the hand table ``i`` ended on the last step, as it
        ended (``None`` if it ended none, or without ``log``)."""
        core = self._core.game(_index(i), ended=True)
        return None if core is None else Game.of_engine(core)

    def step(self, actions: Any, active: Any = None) -> tuple[U8, F32, B, B, B, I64]:
        """One action number per table (any integer array or sequence of length
        ``num_envs``), played only where ``active`` (a boolean array of that length) is
        true if given. Raises :class:`ArrayError` for a wrong shape or dtype,
        :class:`InvalidArgumentError` for an action outside the space and
        :class:`IllegalActionError` for one masked out (naming the table)."""
        a = action_array(actions, self.num_envs)
        if active is not None:
            active = np.asarray(active)
            if active.dtype != np.bool_ or active.shape != (self.num_envs,):
                raise ArrayError(
                    f"active must be a bool array of shape ({self.num_envs},), "
                    f"got {active.dtype} {active.shape}"
                )
            active = np.ascontiguousarray(active)
        obs, reward, terminated, truncated, mask, seat = self._core.step(a, active)
        return obs, reward, terminated, truncated, mask, seat


def action_array(actions: Any, num_envs: int) -> I64:
    """``actions`` (one action number per table: an integer array or sequence of length
    ``num_envs``) as a C-contiguous ``int64`` array, the numbers not checked against a
    space. Raises :class:`ArrayError` for another shape, a dtype that is no integer's or
    values beyond ``int64``."""
    a = np.asarray(actions)
    if a.dtype.kind not in "iu":
        raise ArrayError(f"actions must be integers, got dtype {a.dtype}")
    if a.shape != (num_envs,):
        raise ArrayError(f"actions must have shape ({num_envs},), got {a.shape}")
    if a.dtype != np.int64 or not a.flags.c_contiguous:
        if a.dtype.kind == "u" and a.size and int(a.max()) > np.iinfo(np.int64).max:
            raise ArrayError("actions hold values beyond int64")
        a = np.ascontiguousarray(a, dtype=np.int64)
    return a


def _index(i: Any) -> Any:
    """A NumPy integer as an int (anything else as given, for the core to check)."""
    return int(i) if isinstance(i, np.integer) else i


def _seeds(seeds: object) -> list[Any]:
    """``seeds`` as a list, NumPy integers as ints (the core checks each, naming a bad one);
    :class:`ArgumentTypeError` for text or a value that is no sequence."""
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Iterable):
        raise ArgumentTypeError(f"seeds must be a sequence of ints, got {seeds!r:.80}")
    return [int(x) if isinstance(x, np.integer) else x for x in seeds]


def _kind_name(kind: type | tuple[type, ...]) -> str:
    """``str``, ``bool``, ``str or None``: a type's name in an error."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join("None" if k is type(None) else k.__name__ for k in kinds)
