"""Reinforcement-learning environments (the optional ``[rl]`` extra: gymnasium, pettingzoo).

- The action spaces: one fixed numbering for every profile (:func:`action_to_code`,
  :func:`code_to_action`), and :func:`action_mask`; version 1 (:data:`N_ACTIONS`, the
  default) and version 2 (:data:`N_ACTIONS_V2`: v1 and the decisions before play), chosen
  with ``action_space=`` (:data:`ACTION_SPACES`).
- The observation encoding: :func:`encode` (``uint8`` planes built in Rust, versioned;
  ``docs/observation.md``), with a perfect-information ``oracle`` variant.
- :func:`env` / :func:`raw_env`: the PettingZoo AEC environment (agents ``seat_0`` ..
  ``seat_3``).
- ``gymnasium.make("koudiandian/Koudiandian-v0", opponents="greedy")``: one learning seat
  against built-in bots (registered when this package is imported).
- :class:`VecEnv`: many tables stepped inside Rust, in threads.
- :class:`KoudiandianVectorEnv`: a Gymnasium ``VectorEnv`` over :class:`VecEnv`, the same
  game as ``SyncVectorEnv`` over ``koudiandian/Koudiandian-v0`` for the same seed
  (``gymnasium.make_vec("koudiandian/Koudiandian-v0", num_envs=...)``).

The action numbering, the encoding and :class:`VecEnv` need only NumPy; the AEC and
Gymnasium environments need the extra (``pip install "koudiandian[rl]"``).
"""

from __future__ import annotations

from typing import Any

from .actions import (
    ACTION_CODES,
    ACTION_CODES_V2,
    ACTION_SPACES,
    DEFAULT_ACTION_SPACE,
    N_ACTIONS,
    N_ACTIONS_V2,
    action_mask,
    action_of,
    action_to_code,
    code_to_action,
    number_of,
)
from .encoding import (
    DEFAULT_VERSION,
    OBS_SHAPE,
    OBS_SHAPES,
    ORACLE_SHAPE,
    ORACLE_SHAPES,
    PLANE_NAMES,
    PLANE_NAMES_V2,
    PLANE_NAMES_V3,
    VERSIONS,
    encode,
)
from .vec import VecEnv

__all__ = [
    "ACTION_CODES",
    "ACTION_CODES_V2",
    "ACTION_SPACES",
    "DEFAULT_ACTION_SPACE",
    "DEFAULT_VERSION",
    "N_ACTIONS",
    "N_ACTIONS_V2",
    "OBS_SHAPE",
    "OBS_SHAPES",
    "ORACLE_SHAPE",
    "ORACLE_SHAPES",
    "PLANE_NAMES_V2",
    "PLANE_NAMES_V3",
    "PLANE_NAMES",
    "VERSIONS",
    "GYM_ID",
    "VecEnv",
    "action_mask",
    "action_of",
    "action_to_code",
    "code_to_action",
    "encode",
    "env",
    "number_of",
    "raw_env",
    "KoudiandianAEC",
    "KoudiandianEnv",
    "KoudiandianVectorEnv",
]

#: The Gymnasium id of the single-agent environment.
GYM_ID = "koudiandian/Koudiandian-v0"

_LAZY = {
    "env": "aec",
    "raw_env": "aec",
    "KoudiandianAEC": "aec",
    "KoudiandianEnv": "gym_env",
    "KoudiandianVectorEnv": "vector",
}


def __getattr__(name: str) -> Any:
    """The environments that need the ``[rl]`` extra, imported on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'koudiandian.rl' has no attribute {name!r}")
    import importlib

    try:
        mod = importlib.import_module(f".{module}", __name__)
    except ImportError as e:
        raise ImportError(
            f"koudiandian.rl.{name} needs gymnasium and pettingzoo: "
            f'pip install "koudiandian[rl]" ({e})'
        ) from e
    return getattr(mod, name)


def _register() -> None:
    try:
        import gymnasium  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return
    if GYM_ID not in gymnasium.registry:
        gymnasium.register(
            id=GYM_ID,
            entry_point="koudiandian.rl.gym_env:KoudiandianEnv",
            vector_entry_point="koudiandian.rl.vector:KoudiandianVectorEnv",
        )


_register()
