"""``KoudiandianSB3Env``: the vector environment as a Stable-Baselines3 ``VecEnv``, with the
action masks sb3-contrib's ``MaskablePPO`` asks for (the ``[rl-train]`` extra: torch,
stable-baselines3, sb3-contrib; ``docs/training.md``).

::

    from sb3_contrib import MaskablePPO
    from koudiandian.rl.sb3 import KoudiandianSB3Env

    env = KoudiandianSB3Env(8, "taiyuan", opponents="greedy", seed=1)
    model = MaskablePPO("MlpPolicy", env, seed=1).learn(20_000)

Its tables are the vector environment's: one learner seat per table against built-in
opponents or a batch policy, one hand per episode, automatic reset."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt
from stable_baselines3.common.vec_env import VecEnv  # type: ignore[import-not-found, unused-ignore]

from ..errors import ArgumentTypeError, InvalidArgumentError
from ..rules import Rules
from .actions import ACTION_SPACES, DEFAULT_ACTION_SPACE
from .encoding import DEFAULT_VERSION
from .gym_env import ILLEGAL_PENALTY
from .vector import BatchPolicy, KoudiandianVectorEnv

__all__ = ["KoudiandianSB3Env"]

#: The infos of the vector environment that the adapter turns into its own per-table keys
#: (``terminal_observation``) or keeps to itself (the mask: :meth:`action_masks`).
_CONSUMED = frozenset({"action_mask", "final_obs", "final_info"})


class KoudiandianSB3Env(VecEnv):  # type: ignore[misc, unused-ignore]
    """``num_envs`` tables of :class:`~koudiandian.rl.vector.KoudiandianVectorEnv` (same
    arguments: ``rules``, ``opponents`` — ``"greedy"``, ``"expert"``, ``"random"`` or a batch
    policy — ``seed``, ``seat``, ``version``, ``action_space``, ``threads``,
    ``illegal_penalty``) as a Stable-Baselines3 ``VecEnv``.

    - ``reset() -> obs`` and ``step(actions) -> (obs, rewards, dones, infos)``, SB3's
      conventions: ``obs`` ``uint8 (num_envs, *shape)``, ``rewards`` ``float32``, ``dones``
      ``bool``, ``infos`` one dict per table. A table whose hand ended on the step is reset at
      once; its dict holds ``"terminal_observation"`` (the learner's observation of the
      ended hand at its end) and ``"TimeLimit.truncated"`` (always ``False``: every hand
      ends).
    - :meth:`action_masks`: ``bool (num_envs, n)``, the legal actions of every table now
      (sb3-contrib's ``get_action_masks`` reads them through ``env_method("action_masks")``).
    - ``seed(s)`` (SB3's): the next reset deals table ``i`` from ``s + i``, as the vector
      environment's ``reset(seed=s)``; without it the first reset uses ``seed`` and a later
      one deals every table its next hand. SB3's reset options are refused
      (:class:`InvalidArgumentError`): the tables take none.
    - ``get_attr``/``set_attr``/``env_method``: one vector environment holds every table,
      so each table answers with the vector environment's attribute or method (calls go to
      it once); ``action_masks`` is the one per-table method. ``set_attr`` and other methods
      need every table (``indices=None``); ``env_is_wrapped`` is ``False`` (no Gymnasium
      wrappers inside).

    Spaces: ``observation_space`` is ``Box(0, 255, shape, uint8)``, ``action_space``
    ``Discrete(n)`` (``n`` the size of action space ``action_space``; profiles with
    decisions before play, such as sichuan, need ``action_space=2``). An illegal action
    costs ``illegal_penalty`` and leaves that table as it was (as the single environment);
    a masked policy never plays one."""

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
    ) -> None:
        venv = KoudiandianVectorEnv(
            num_envs,
            rules,
            opponents,
            seed=seed,
            seat=seat,
            version=version,
            action_space=action_space,
            threads=threads,
            illegal_penalty=illegal_penalty,
        )
        self._attach(venv, seed)

    @classmethod
    def from_vector_env(
        cls, vector_env: KoudiandianVectorEnv, seed: int | None = None
    ) -> KoudiandianSB3Env:
        """The adapter over an existing vector environment (made with ``copy=True``, the
        default: SB3 keeps the arrays a step returns). ``seed``: the first reset's seed
        (``None``: the vector environment's own choice). Raises :class:`ArgumentTypeError`
        for another kind of environment and :class:`InvalidArgumentError` for one made with
        ``copy=False``."""
        if not isinstance(vector_env, KoudiandianVectorEnv):
            raise ArgumentTypeError(
                f"expected a KoudiandianVectorEnv, got {type(vector_env).__name__}"
            )
        if not vector_env.copy:
            raise InvalidArgumentError("the vector environment must be made with copy=True")
        env = cls.__new__(cls)
        env._attach(vector_env, seed)
        return env

    def _attach(self, venv: KoudiandianVectorEnv, seed: int | None) -> None:
        self._venv = venv
        self._first_seed = seed
        self._actions: npt.NDArray[np.int64] | None = None
        n = venv.num_envs
        self._masks = np.zeros((n, ACTION_SPACES[venv.action_space_version]), dtype=np.bool_)
        super().__init__(n, venv.single_observation_space, venv.single_action_space)

    @property
    def vector_env(self) -> KoudiandianVectorEnv:
        """The Gymnasium vector environment underneath."""
        return self._venv

    def reset(self) -> npt.NDArray[np.uint8]:
        """Deal every table afresh (seeds: see the class) and return the observations.
        Raises :class:`InvalidArgumentError` for reset options (``set_options``)."""
        if any(self._options):
            raise InvalidArgumentError(f"the tables take no reset options, got {self._options}")
        obs, infos = self._venv.reset(seed=self._next_seed())
        self._reset_seeds()
        self._reset_options()
        self._masks = np.asarray(infos["action_mask"], dtype=np.bool_)
        self.reset_infos: list[dict[str, Any]] = _per_table(infos, self.num_envs)
        self._actions = None
        return np.asarray(obs)

    def _next_seed(self) -> int | list[int] | None:
        """The seed of the vector environment's next reset: SB3's per-table seeds (from
        ``seed(s)``: ``s + i`` for table ``i``), else the first reset's seed once."""
        seeds = self._seeds
        if all(s is None for s in seeds):
            seed, self._first_seed = self._first_seed, None
            return seed
        if any(s is None for s in seeds):
            raise InvalidArgumentError(f"a seed for every table or none, got {seeds}")
        return [int(s) for s in seeds if s is not None]  # (none is None here)

    def step_async(self, actions: npt.NDArray[np.int64]) -> None:
        """Hold one action number per table for :meth:`step_wait`."""
        self._actions = actions

    def step_wait(
        self,
    ) -> tuple[
        npt.NDArray[np.uint8], npt.NDArray[np.float32], npt.NDArray[np.bool_], list[dict[str, Any]]
    ]:
        """Step every table with the held actions: ``(obs, rewards, dones, infos)``."""
        if self._actions is None:
            raise InvalidArgumentError("step_wait() without step_async(actions) before it")
        actions, self._actions = self._actions, None
        obs, rewards, terminated, truncated, infos = self._venv.step(actions)
        self._masks = np.asarray(infos["action_mask"], dtype=np.bool_)
        dones = np.logical_or(terminated, truncated)
        return (
            np.asarray(obs),
            np.asarray(rewards, dtype=np.float32),
            dones,
            self._table_infos(infos, dones, terminated, truncated),
        )

    def _table_infos(
        self,
        infos: dict[str, Any],
        dones: npt.NDArray[np.bool_],
        terminated: npt.NDArray[np.bool_],
        truncated: npt.NDArray[np.bool_],
    ) -> list[dict[str, Any]]:
        """SB3's per-table infos, as its ``DummyVecEnv`` gives them: a table whose hand
        ended gets the ended step's info (``final_info``) with ``terminal_observation`` and
        ``TimeLimit.truncated``, and the new hand's info goes to ``reset_infos``."""
        out = _per_table(infos, self.num_envs)
        if not dones.any():
            return out
        final_info = infos.get("final_info")
        ended = _per_table(final_info, self.num_envs) if final_info is not None else None
        final_obs = infos.get("final_obs")
        for i in np.flatnonzero(dones):
            self.reset_infos[i] = out[i]
            info = ended[i] if ended is not None else {}
            if final_obs is not None:
                info["terminal_observation"] = final_obs[i]
            info["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
            out[i] = info
        return out

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``bool (num_envs, n)``: ``True`` at each table's legal actions now."""
        return self._masks.copy()

    def close(self) -> None:
        """Close the vector environment."""
        self._venv.close()

    def _rows(self, indices: int | Iterable[int] | None) -> list[int]:
        rows = list(self._get_indices(indices))
        for i in rows:
            if isinstance(i, bool) or not isinstance(i, int | np.integer):
                raise ArgumentTypeError(f"table indices must be ints, got {i!r}")
            if not 0 <= i < self.num_envs:
                raise InvalidArgumentError(f"table {i} is outside 0..{self.num_envs - 1}")
        return [int(i) for i in rows]

    def _all_rows(self, indices: int | Iterable[int] | None, what: str) -> list[int]:
        rows = self._rows(indices)
        if sorted(rows) != list(range(self.num_envs)):
            raise InvalidArgumentError(
                f"{what} applies to every table at once (one vector environment holds them)"
            )
        return rows

    def get_attr(self, attr_name: str, indices: int | Iterable[int] | None = None) -> list[Any]:
        """The vector environment's attribute ``attr_name``, once per table asked
        (``action_masks``: this adapter's method). :class:`AttributeError` if it has none."""
        rows = self._rows(indices)
        value = self.action_masks if attr_name == "action_masks" else getattr(self._venv, attr_name)
        return [value] * len(rows)

    def set_attr(
        self, attr_name: str, value: Any, indices: int | Iterable[int] | None = None
    ) -> None:
        """Set the vector environment's attribute (``indices`` must name every table)."""
        self._all_rows(indices, f"set_attr({attr_name!r})")
        setattr(self._venv, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: int | Iterable[int] | None = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """``action_masks``: each table's mask row. Another name: the vector environment's
        method, called once (``indices`` must name every table), its result once per table."""
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in self._rows(indices)]
        rows = self._all_rows(indices, f"env_method({method_name!r})")
        method: Callable[..., Any] = getattr(self._venv, method_name)
        result = method(*method_args, **method_kwargs)
        return [result] * len(rows)

    def env_is_wrapped(
        self, wrapper_class: type, indices: int | Iterable[int] | None = None
    ) -> list[bool]:
        """``False`` for every table asked: no Gymnasium wrapper is inside."""
        return [False] * len(self._rows(indices))


def _per_table(infos: dict[str, Any], num_envs: int) -> list[dict[str, Any]]:
    """Gymnasium's dict of arrays (each key with its ``_key`` mask of the tables it speaks
    for) as one dict per table, without the keys the adapter serves otherwise. A
    one-dimensional array of numbers gives Python scalars (as the single environment's
    infos hold)."""
    out: list[dict[str, Any]] = [{} for _ in range(num_envs)]
    for key, values in infos.items():
        if key.startswith("_") or key in _CONSUMED:
            continue
        if isinstance(values, np.ndarray) and values.ndim == 1 and values.dtype != object:
            column = values.tolist()
        else:
            column = list(values)
        present = infos.get("_" + key)
        if present is None or present.all():
            for info, value in zip(out, column):
                info[key] = value
        else:
            for i in np.flatnonzero(present).tolist():
                out[i][key] = column[i]
    return out
