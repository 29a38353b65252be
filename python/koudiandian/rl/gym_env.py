"""The Gymnasium single-agent environment ``koudiandian/Koudiandian-v0``: one learning seat
against three built-in bots, one hand per episode."""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym  # type: ignore[import-not-found, unused-ignore]
import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]

from .. import _core
from ..errors import InvalidArgumentError
from ..game import Game
from ..rules import Rules
from ._rules import rules_of
from .actions import action_to_code
from .encoding import OBS_SHAPES, ORACLE_SHAPES, VERSIONS

__all__ = ["KoudiandianEnv", "ILLEGAL_PENALTY"]

#: The reward of an illegal action (the default ``illegal_penalty``).
ILLEGAL_PENALTY = 1.0

Obs = npt.NDArray[np.uint8]


class KoudiandianEnv(gym.Env[Obs, np.int64]):  # type: ignore[misc, unused-ignore]
    """One learning seat against ``opponents`` (``"greedy"``: the greedy policy,
    ``"random"``: uniform over the legal actions) for one hand per episode.

    - Observation: ``uint8 OBS_SHAPE`` (``koudiandian.rl.encode`` of the learner's view;
      ``ORACLE_SHAPE`` with ``oracle=True``; ``version="v2"`` for the encoding with the
      winds plane, ``OBS_SHAPES["v2"]``; ``version="v3"`` for v2 with the exchange picks
      and every seat's void suit, departure and running score, ``OBS_SHAPES["v3"]``).
      ``info["action_mask"]`` is the ``int8 (n,)`` mask of the legal actions,
      ``info["seat"]`` the learner's seat.
    - Action: ``Discrete(n)``, ``n`` the size of action space ``action_space``
      (:data:`~koudiandian.rl.ACTION_SPACES`: 1, the default, ``N_ACTIONS``; 2,
      ``N_ACTIONS_V2``, which profiles with decisions before play need; version 1 refuses
      them with :class:`InvalidArgumentError`): an int, a NumPy integer or a 0-d integer
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
    - ``seat``: the learner's seat (``None``: drawn for each episode); the dealer is drawn
      for each episode too. ``reset(seed=...)`` makes the episodes repeat.
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
        version: str = "v1",
        action_space: int = 1,
    ) -> None:
        if version not in VERSIONS:
            raise InvalidArgumentError(f"unknown encoding version {version!r}; known: {VERSIONS}")
        self._version = version
        if opponents not in ("greedy", "expert", "random"):
            raise InvalidArgumentError(
                f"opponents must be 'greedy', 'expert' or 'random', got {opponents!r}"
            )
        if seat is not None and (isinstance(seat, bool) or seat not in (0, 1, 2, 3)):
            raise InvalidArgumentError(f"seat must be None or 0–3, got {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self._rules = rules_of(rules)
        n_actions = _core.rl_action_space(self._rules, action_space)
        #: The version of the action space (1 or 2).
        self.action_space_version: int = action_space
        self._opponents = opponents
        self._fixed_seat = seat
        self._penalty = float(illegal_penalty)
        self._oracle = bool(oracle)
        self.render_mode = render_mode
        shape = ORACLE_SHAPES[version] if oracle else OBS_SHAPES[version]
        self.observation_space = spaces.Box(0, 255, shape, np.uint8)
        self.action_space = spaces.Discrete(n_actions)
        self._game: Game | None = None
        self._seat = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new episode: a hand with a drawn wall and dealer (the rules' dealer where they fix
        one: seat 0 under ``botzone``), and the learner's seat unless fixed, played by the
        opponents until the learner must decide (dealt again should it end first). Returns ``(observation, info)``. ``seed`` seeds the episodes, as in Gymnasium;
        ``options`` is not used."""
        super().reset(seed=seed)
        rng = self.np_random
        while True:  # deal again if the hand ends before the learner has a choice
            self._seat = int(rng.integers(4)) if self._fixed_seat is None else self._fixed_seat
            wall_seed, dealer = int(rng.integers(2**63)), int(rng.integers(4))
            fixed = self._rules.fixed_dealer  # the seat the rules fix (botzone: 0)
            dealer = dealer if fixed is None else fixed
            self._game = Game(self._rules, seed=wall_seed, dealer=dealer)
            self._core = self._game.engine
            self._play_opponents()
            if not self._core.is_over():
                return self._obs(), self._info(illegal=False)

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner's action; then the opponents play until the learner must decide again
        or the hand ends. Returns ``(observation, reward, terminated, truncated, info)``
        (never truncated); an illegal action is answered as the class describes. Raises
        :class:`InvalidArgumentError` before :meth:`reset` or once the hand is over."""
        if self._game is None:
            raise InvalidArgumentError("call reset() before step()")
        if self._core.is_over():
            raise InvalidArgumentError("the hand is over: call reset()")
        # raises for an action outside the space
        code = action_to_code(action, self.action_space_version)
        if code not in self._core.legal_actions(self._seat):
            return self._obs(), -self._penalty, False, False, self._info(illegal=True)
        self._core.step(self._seat, code)
        self._play_opponents()
        reward = 0.0
        over = self._core.is_over()
        if over:
            result = self._game.result
            reward = float(result.deltas[self._seat]) if result is not None else 0.0
        return self._obs(), reward, over, False, self._info(illegal=False)

    @property
    def game(self) -> Game:
        """The hand in play (for inspection; do not step it directly)."""
        if self._game is None:
            raise InvalidArgumentError("call reset() first")
        return self._game

    def _play_opponents(self) -> None:
        core = self._core
        while True:
            to_act = core.to_act()
            if not to_act or to_act[0] == self._seat:
                return
            s = to_act[0]
            if self._opponents == "greedy":
                code = core.greedy_action(s)
            elif self._opponents == "expert":
                code = core.expert_action(s)
            else:
                legal = core.legal_actions(s)
                code = legal[int(self.np_random.integers(len(legal)))]
            core.step(s, code)

    def _obs(self) -> Obs:
        out: Obs = _core.rl_encode_game(self._core, self._seat, self._oracle, self._version)
        return out

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        mask = _core.rl_action_mask(self._core, self._seat, self.action_space_version)
        return {"action_mask": mask.view(np.int8), "seat": self._seat, "illegal_action": illegal}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the learner's view as text; otherwise ``None``."""
        if self.render_mode != "ansi" or self._game is None:
            return None
        return repr(self._game.view(self._seat))
