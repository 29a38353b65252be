"""The defaults (issue 41): every entry point of ``koudiandian.rl`` that takes ``version=`` or
``action_space=`` defaults to :data:`DEFAULT_VERSION` (the newest, ``"v3"``) and
:data:`DEFAULT_ACTION_SPACE` (2), the Rust binding's functions too, and the shapes named
without a version are the defaults'."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from typing import Any

import koudiandian.rl
import numpy as np
import pytest
from koudiandian import Game, _core
from koudiandian.rl import (
    ACTION_SPACES,
    DEFAULT_ACTION_SPACE,
    DEFAULT_VERSION,
    N_ACTIONS,
    N_ACTIONS_V1,
    OBS_SHAPE,
    OBS_SHAPES,
    ORACLE_SHAPE,
    ORACLE_SHAPES,
    VERSIONS,
    action_mask,
    encode,
)

WANT = {"version": DEFAULT_VERSION, "action_space": DEFAULT_ACTION_SPACE}


def test_the_newest_version_and_the_full_action_space_are_the_defaults() -> None:
    assert DEFAULT_VERSION == VERSIONS[-1] == "v3"
    assert DEFAULT_ACTION_SPACE == max(ACTION_SPACES) == 2
    assert (OBS_SHAPE, ORACLE_SHAPE) == (OBS_SHAPES["v3"], ORACLE_SHAPES["v3"])
    assert (N_ACTIONS, N_ACTIONS_V1) == (252, 215)


def test_the_binding_defaults_to_the_same() -> None:
    assert _core.rl_obs_shape(False) == OBS_SHAPE and _core.rl_obs_shape(True) == ORACLE_SHAPE
    assert len(_core.rl_action_codes()) == N_ACTIONS
    game = Game("sichuan", seed=3)  # decisions before play: space 1 would refuse it
    seat = game.to_act[0]
    assert _core.rl_action_mask(game.engine, seat).shape == (N_ACTIONS,)
    obs, mask = _core.rl_observe(game.engine, seat, False)
    assert np.array_equal(obs, encode(game, seat)) and obs.shape == OBS_SHAPE
    assert np.array_equal(mask.astype(bool), action_mask(game, seat))
    assert np.array_equal(_core.rl_encode_game(game.engine, seat, False), obs)
    assert np.array_equal(_core.rl_encode_view(game.view(seat).to_dict()), obs)
    vec = _core.VecEnv(2, "sichuan", 1)
    assert (vec.version, vec.action_space) == (DEFAULT_VERSION, DEFAULT_ACTION_SPACE)


def _entry_points() -> Iterator[tuple[str, Any]]:
    """Every public function and class of every ``koudiandian.rl`` module that imports here
    (the environments need the ``[rl]`` extra)."""
    for info in pkgutil.iter_modules(koudiandian.rl.__path__):
        try:
            module = importlib.import_module(f"koudiandian.rl.{info.name}")
        except ImportError:
            continue
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(obj) or inspect.isclass(obj):
                yield f"{module.__name__}.{name}", obj


def test_every_entry_point_defaults_to_the_defaults() -> None:
    pytest.importorskip("pettingzoo")
    wrong: dict[str, set[str]] = {}
    seen = 0
    for qualname, obj in _entry_points():
        try:
            params = inspect.signature(obj).parameters
        except (TypeError, ValueError):
            continue
        for p, want in WANT.items():
            if p in params and params[p].default is not inspect.Parameter.empty:
                seen += 1
                if params[p].default != want:
                    wrong.setdefault(qualname, set()).add(p)
    assert seen >= 10, "the entry points were found"
    assert wrong == {}, "an entry point's default differs from DEFAULT_VERSION/DEFAULT_ACTION_SPACE"
