"""The PettingZoo AEC environment: four agents ``seat_0`` .. ``seat_3`` play one hand (or a
match of ``hands`` hands); the seat that must decide is asked, claims seat by seat."""

from __future__ import annotations

import random
import secrets
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]

from .. import _core
from ..errors import ArgumentTypeError, InvalidArgumentError
from ..game import Game
from ..rules import Rules
from ._rules import rules_of
from .actions import DEFAULT_ACTION_SPACE
from .encoding import DEFAULT_VERSION, OBS_SHAPES, ORACLE_SHAPES, check_version

__all__ = ["KoudiandianAEC", "env", "raw_env"]

AGENTS = ("seat_0", "seat_1", "seat_2", "seat_3")
_SEAT = {a: s for s, a in enumerate(AGENTS)}


class KoudiandianAEC(AECEnv):  # type: ignore[misc, unused-ignore]
    """One hand of Koudiandian (or a match of ``hands`` hands, dealer rotation and scores
    carried) as a PettingZoo AEC environment.

    - Observations: ``{"observation": uint8 OBS_SHAPES[version], "action_mask": int8 (n,)}``
      (``koudiandian.rl.encode`` of the seat's view; ``oracle=True`` for the
      perfect-information planes; ``version`` ``"v3"``, the default
      (:data:`~koudiandian.rl.DEFAULT_VERSION`, ``OBS_SHAPE``): v2 with the exchange picks
      and every seat's void suit, departure and running score; ``"v2"``: v1 and the winds
      plane; ``"v1"``). A seat that need not act has an all-zero mask.
    - Actions: ``Discrete(n)`` (``koudiandian.rl.action_to_code``), ``n`` the size of
      action space ``action_space`` (2, the default: ``N_ACTIONS``, every profile's
      decisions; 1: ``N_ACTIONS_V1``, which refuses profiles with decisions before play
      with :class:`InvalidArgumentError`). An action the mask leaves out raises
      :class:`IllegalActionError`, one outside the space :class:`InvalidArgumentError`;
      either changes nothing.
    - Rewards: each hand's score deltas, given to every seat on the step that ends it
      (payments made while the hand was played included: a hand's delta is all its
      transfers). The episode ends with the last hand (``hands=1``: one hand).
    - Decisions before play (the exchange picks, the void suit) are asked seat by seat, as
      claims are. A seat that leaves the hand (a winner where play goes on, 血战到底) is
      never selected again in that hand and its mask is all zero, but it stays among
      ``agents``, not terminated: money may still move to it (a refund of a kong it paid
      for) and a match's next hand deals it in again, while PettingZoo removes a terminated
      agent, and its rewards, at its next ``None`` step. Its reward comes at the hand's end
      with every seat's.
    - ``seed`` (or ``reset(seed=...)``) makes every hand's wall repeat; hand ``i``'s seed
      is drawn from it. Without one, walls are random.
    """

    metadata = {"name": "koudiandian_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        rules: Rules | str | None = None,
        seed: int | None = None,
        *,
        hands: int = 1,
        oracle: bool = False,
        render_mode: str | None = None,
        version: str = DEFAULT_VERSION,
        action_space: int = DEFAULT_ACTION_SPACE,
    ) -> None:
        super().__init__()
        self._version = check_version(version)
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
            raise InvalidArgumentError(f"hands must be a positive int, got {hands!r}")
        if not isinstance(oracle, bool):
            raise ArgumentTypeError(f"oracle must be a bool, got {oracle!r}")
        if render_mode not in (None, "ansi"):
            raise InvalidArgumentError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self._rules = rules_of(rules)
        n_actions = _core.rl_action_space(self._rules, action_space)
        #: The version of the action space (1 or 2).
        self.action_space_version: int = action_space
        self._seed = seed
        self._hands = hands
        self._oracle = oracle
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        shape = ORACLE_SHAPES[version] if oracle else OBS_SHAPES[version]
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 255, shape, np.uint8),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(n_actions)
        self.observation_spaces = {a: self._obs_space for a in AGENTS}
        self.action_spaces = {a: self._act_space for a in AGENTS}
        self._game: Game | None = None
        self._seat = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's observation space: a ``Dict`` of ``observation`` (``uint8``,
        ``OBS_SHAPES[version]``, or ``ORACLE_SHAPES[version]`` with ``oracle=True``) and
        ``action_mask`` (``int8``, ``(n,)``, ``n`` the size of the action space)."""
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's action space: ``Discrete(n)``, ``n`` the size of the action space
        (``N_ACTIONS_V1`` for version 1, ``N_ACTIONS_V2`` for version 2)."""
        return self._act_space

    # -- the hand ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start the episode again: scores at zero, the first hand dealt (its dealer as the
        profile decides) and the first seat to decide selected. ``seed`` replaces the
        constructor's; ``options`` is not used."""
        if seed is not None:
            self._seed = seed
        base = self._seed if self._seed is not None else secrets.randbits(64)
        self._seeds = random.Random(base)
        self._played = 0
        self._scores = [0, 0, 0, 0]
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._rewarded = False
        self._deal(self._seeds.randrange(4) if self._rules.random_first_dealer else 0)

    def _deal(self, dealer: int) -> None:
        self._game = Game(
            self._rules, seed=self._seeds.getrandbits(64), dealer=dealer, scores=self._scores
        )
        self._core = self._game.engine
        self._select()

    def _select(self) -> None:
        to_act = self._core.to_act()
        self._seat = to_act[0] if to_act else 0
        self.agent_selection = AGENTS[self._seat]

    @property
    def game(self) -> Game:
        """The hand in play (for inspection; do not step it directly)."""
        if self._game is None:
            raise InvalidArgumentError("call reset() first")
        return self._game

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent`` (``"seat_0"`` .. ``"seat_3"``) observes now, as
        :meth:`observation_space` describes it. Raises :class:`InvalidArgumentError` before
        :meth:`reset` or for an unknown agent."""
        if self._game is None:
            raise InvalidArgumentError("call reset() before observe()")
        try:
            seat = _SEAT[agent]
        except KeyError:
            raise InvalidArgumentError(f"unknown agent {agent!r}; agents are {AGENTS}") from None
        obs, mask = _core.rl_observe(
            self._core, seat, self._oracle, self._version, self.action_space_version
        )
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        """The selected agent's action, a number of :meth:`action_space` that its mask allows;
        then the next seat to decide is selected. When a hand ends every seat is rewarded its
        score delta and the next hand is dealt, until the last. An agent that is done takes
        ``None`` (PettingZoo's dead step). Raises :class:`InvalidArgumentError` before
        :meth:`reset`."""
        if self._game is None:
            raise InvalidArgumentError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # refuses a bad action
        nxt = _core.rl_step(self._core, self._seat, action, self.action_space_version)
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            for a in AGENTS:
                self.rewards[a] = 0.0
            self._rewarded = False
        if nxt is not None:
            self._seat = nxt
            self.agent_selection = AGENTS[nxt]
            return  # no rewards to accumulate before the hand ends
        result = self.game.result
        deltas = result.deltas if result is not None else (0, 0, 0, 0)
        for s, a in enumerate(AGENTS):
            self.rewards[a] = float(deltas[s])
            self._scores[s] += deltas[s]
        self._rewarded = True
        self._played += 1
        if self._played >= self._hands:
            for a in AGENTS:
                self.terminations[a] = True
        else:
            dealer = self._core.next_dealer(False)
            self._deal(0 if dealer is None else dealer)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the four seats' views as text; otherwise ``None``."""
        if self.render_mode != "ansi" or self._game is None:
            return None
        lines = [repr(self._game.view(s)) for s in range(4)]
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: does nothing."""
        pass


def raw_env(
    rules: Rules | str | None = None,
    seed: int | None = None,
    *,
    hands: int = 1,
    oracle: bool = False,
    render_mode: str | None = None,
    version: str = DEFAULT_VERSION,
    action_space: int = DEFAULT_ACTION_SPACE,
) -> KoudiandianAEC:
    """The AEC environment without PettingZoo's wrappers."""
    return KoudiandianAEC(
        rules,
        seed,
        hands=hands,
        oracle=oracle,
        render_mode=render_mode,
        version=version,
        action_space=action_space,
    )


def env(
    rules: Rules | str | None = None,
    seed: int | None = None,
    *,
    hands: int = 1,
    oracle: bool = False,
    render_mode: str | None = None,
    version: str = DEFAULT_VERSION,
    action_space: int = DEFAULT_ACTION_SPACE,
) -> Any:
    """The AEC environment. It checks its own use (``step`` or ``observe`` before
    ``reset`` raise :class:`InvalidArgumentError`, a masked-out action
    :class:`IllegalActionError`), so it is not wrapped in PettingZoo's order-enforcing
    wrapper, which would cost every attribute access of the loop a ``__getattr__``."""
    return raw_env(
        rules,
        seed,
        hands=hands,
        oracle=oracle,
        render_mode=render_mode,
        version=version,
        action_space=action_space,
    )
