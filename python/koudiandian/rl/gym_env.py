"""The Gymnasium single-agent environment ``koudiandian/Koudiandian-v0``: one learning seat
against three built-in bots, one hand per episode."""

from __future__ import annotations

import math
from typing import Any, SupportsFloat

import gymnasium as gym  # type: ignore[import-not-found, unused-ignore]
import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]

from .. import _core
from ..errors import ArgumentTypeError, InvalidArgumentError
from ..game import Game
from ..rules import Rules
from ._rules import rules_of
from .actions import DEFAULT_ACTION_SPACE, action_to_code
from .encoding import DEFAULT_VERSION, OBS_SHAPES, ORACLE_SHAPES, check_version
from .opponents import BUILT_IN, check_learner_seat
from .vec import VecEnv

__all__ = ["KoudiandianEnv", "ILLEGAL_PENALTY", "check_penalty"]

#: The reward of an illegal action (the default ``illegal_penalty``).
ILLEGAL_PENALTY = 1.0

Obs = npt.NDArray[np.uint8]


def check_penalty(value: object) -> float:
    """``illegal_penalty`` as a float: a finite real number, else :class:`ArgumentTypeError`
    or :class:`InvalidArgumentError` naming it."""
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise ArgumentTypeError(f"illegal_penalty must be a number, got {value!r:.40}")
    if not math.isfinite(value):
        raise InvalidArgumentError(f"illegal_penalty must be finite, got {value!r}")
    return float(value)


def _checked_seed(seed: object) -> int | None:
    """``seed`` (``None`` or an int in 0..2**64 - 1) as an int; else :class:`ArgumentTypeError`
    or :class:`InvalidArgumentError` naming it (before Gymnasium's own error)."""
    if seed is None:
        return None
    if isinstance(seed, bool | np.bool_) or not isinstance(seed, int | np.integer):
        raise ArgumentTypeError(f"seed must be None or an int, got {seed!r:.40}")
    if not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed must be in 0..{2**64 - 1}, got {seed}")
    return int(seed)


class KoudiandianEnv(gym.Env[Obs, np.int64]):  # type: ignore[misc, unused-ignore]
    """One learning seat against ``opponents`` (``"greedy"``: the greedy policy,
    ``"expert"``: the expert policy, ``"random"``: uniform over the legal actions), played
    inside Rust, for one hand per episode.

    - Observation: ``uint8 OBS_SHAPE`` (``koudiandian.rl.encode`` of the learner's view in
      the default encoding, ``"v3"``: v2 with the exchange picks and every seat's void
      suit, departure and running score; ``ORACLE_SHAPE`` with ``oracle=True``;
      ``version="v2"`` or ``"v1"`` for an older encoding, ``OBS_SHAPES[version]``).
      ``info["action_mask"]`` is the ``int8 (n,)`` mask of the legal actions,
      ``info["seat"]`` the learner's seat.
    - Action: ``Discrete(n)``, ``n`` the size of action space ``action_space``
      (:data:`~koudiandian.rl.ACTION_SPACES`: 2, the default, ``N_ACTIONS``, which
      profiles with decisions before play need; 1, ``N_ACTIONS_V1``, which refuses them
      with :class:`InvalidArgumentError`): an int, a NumPy integer or a 0-d integer
      array.
      Any action of the space is accepted: an illegal one changes nothing, costs
      ``illegal_penalty`` (reward ``-illegal_penalty``) and sets
      ``info["illegal_action"] = True``. An action outside the space raises
      :class:`InvalidArgumentError` (a :class:`ValueError`; Gymnasium's own environments
      refuse one with an assertion) and a value that is no integer
      :class:`ArgumentTypeError`; either changes nothing.
    - Reward: the learner's score delta when the hand ends (payments made while the hand
      was played included), 0 before. Should the learner leave the hand (a winner where
      play goes on, 血战到底), the opponents play the hand out within that step.
    - ``seat``: the learner's seat (``None``: drawn for each episode).
      ``reset(seed=s)`` makes the episodes repeat: the env is one table of a raw
      :class:`~koudiandian.rl.VecEnv` seeded with ``s`` (its hands dealt from ``s`` and the
      hand's number, the dealer moving round the table one seat per hand, the rules'
      dealer where they fix one), and ``reset()`` without a seed plays that table's next
      hand, so that ``SyncVectorEnv`` over this env equals
      :class:`~koudiandian.rl.vector.KoudiandianVectorEnv` for the same seed. Should a
      hand end before the learner has a choice, the next is dealt (its delta counted on
      the step that ends the episode if that happens right after it, rarely).
    - With ``oracle=True``, the observation that ends an episode is the oracle's of the
      ended hand.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        rules: Rules | str | None = None,
        opponents: str = "greedy",
        *,
        seat: int | None = None,
        illegal_penalty: float = ILLEGAL_PENALTY,
        oracle: bool = False,
        render_mode: str | None = None,
        version: str = DEFAULT_VERSION,
        action_space: int = DEFAULT_ACTION_SPACE,
    ) -> None:
        self._version = check_version(version)
        if opponents not in BUILT_IN:
            raise InvalidArgumentError(
                f"opponents must be 'greedy', 'expert' or 'random', got {opponents!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self._rules = rules_of(rules)
        n_actions = _core.rl_action_space(self._rules, action_space)
        #: The version of the action space (1 or 2).
        self.action_space_version: int = action_space
        self._opponents = opponents
        self._fixed_seat = check_learner_seat(seat)
        self._penalty = check_penalty(illegal_penalty)
        self._oracle = bool(oracle)
        self.render_mode = render_mode
        shape = ORACLE_SHAPES[version] if oracle else OBS_SHAPES[version]
        self.observation_space = spaces.Box(0, 255, shape, np.uint8)
        self.action_space = spaces.Discrete(n_actions)
        self._n_actions = n_actions
        self._core: VecEnv | None = None
        #: Whether the episode's hand is over (the core already shows the next hand).
        self._over = False
        self._ended: Game | None = None
        self._seat = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new episode: the table's hand (from ``seed`` if given, a drawn seed the first
        time, else the table's next hand, the hand in play dropped), played by the
        opponents until the learner must decide. Returns ``(observation, info)``.
        ``options`` is not used."""
        seed = _checked_seed(seed)
        super().reset(seed=seed)
        if seed is not None or self._core is None:
            table_seed = seed if seed is not None else int(self.np_random.integers(2**62))
            if self._core is None:
                self._core = VecEnv(
                    1, self._rules, seeds=[table_seed], opponents=self._opponents,
                    action_space=self.action_space_version, version=self._version,
                    learner=self._fixed_seat, log=True,
                )  # fmt: skip
                self._core.reset()
            else:
                self._core.reset(seeds=[table_seed])
        elif not self._over:
            self._core.abandon(0)
        self._over, self._ended = False, None
        self._seat = int(self._core.rows()[2][0])
        return self._obs(), self._info(illegal=False)

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner's action; then the opponents play until the learner must decide again
        or the hand ends. Returns ``(observation, reward, terminated, truncated, info)``
        (never truncated); an illegal action is answered as the class describes. Raises
        :class:`InvalidArgumentError` before :meth:`reset` or once the hand is over."""
        if self._core is None:
            raise InvalidArgumentError("call reset() before step()")
        if self._over:
            raise InvalidArgumentError("the hand is over: call reset()")
        # raises for an action outside the space or one that is no integer
        action_to_code(action, self.action_space_version)
        a = int(np.asarray(action))
        if not self._core.rows()[1][0, a]:
            return self._obs(), -self._penalty, False, False, self._info(illegal=True)
        _, reward, terminated, _, _, seat = self._core.step(np.array([a], np.int64))
        if terminated[0]:
            self._over, self._ended = True, self._core.ended_game(0)
            info = {
                "action_mask": np.zeros(self._n_actions, np.int8),
                "seat": self._seat,
                "illegal_action": False,
            }
            return self._final_obs(), float(reward[0]), True, False, info
        self._seat = int(seat[0])
        return self._obs(), float(reward[0]), False, False, self._info(illegal=False)

    @property
    def game(self) -> Game:
        """A copy of the hand in play, or of the ended hand once the episode is over (for
        inspection)."""
        if self._core is None:
            raise InvalidArgumentError("call reset() first")
        return self._game

    @property
    def _game(self) -> Game:
        assert self._core is not None
        if self._over and self._ended is not None:
            return self._ended
        return self._core.game(0)

    def _obs(self) -> Obs:
        assert self._core is not None
        if self._oracle:
            engine = self._core.game(0).engine
            out: Obs = _core.rl_encode_game(engine, self._seat, True, self._version)
            return out
        out = self._core.rows()[0][0].copy()
        return out

    def _final_obs(self) -> Obs:
        assert self._core is not None
        if self._oracle and self._ended is not None:
            engine = self._ended.engine
            out: Obs = _core.rl_encode_game(engine, self._seat, True, self._version)
            return out
        out = self._core.final_obs[0].copy()
        return out

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        assert self._core is not None
        mask = self._core.rows()[1][0].view(np.int8).copy()
        return {"action_mask": mask, "seat": self._seat, "illegal_action": illegal}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the learner's view as text; otherwise ``None``."""
        if self.render_mode != "ansi" or self._core is None:
            return None
        return repr(self._game.view(self._seat))
