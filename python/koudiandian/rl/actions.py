"""The action spaces: fixed numberings ``0 .. n - 1`` of every action a profile may offer,
the same for every profile (``docs/observation.md``, "Actions"), and masks.

Version 1 (:data:`N_ACTIONS_V1`, 215 numbers) numbers the actions of play; version 2
(:data:`N_ACTIONS_V2`, 252, the default: :data:`N_ACTIONS`) adds the decisions before play
(换三张 picks 215–248, void suits 249–251) and holds every profile's decisions. A v1 number
is the same action in v2. Every function here takes ``action_space`` (1 or 2,
:data:`DEFAULT_ACTION_SPACE` unless given); version 1 refuses a game whose profile asks
decisions before play (:class:`InvalidArgumentError`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .. import _core
from ..action import Action, action_from_code
from ..errors import ArgumentTypeError, IllegalActionError, InvalidArgumentError

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "ACTION_SPACES",
    "DEFAULT_ACTION_SPACE",
    "N_ACTIONS",
    "N_ACTIONS_V1",
    "N_ACTIONS_V2",
    "ACTION_CODES",
    "ACTION_CODES_V2",
    "action_to_code",
    "code_to_action",
    "action_of",
    "number_of",
    "action_mask",
]

#: The engine code (:attr:`Action.code`) of each action number of version 2 (v1's are its
#: first :data:`N_ACTIONS_V1`).
ACTION_CODES_V2: tuple[int, ...] = tuple(_core.rl_action_codes(2))

#: The engine code (:attr:`Action.code`) of each action number of version 1 (not the
#: default space's: :data:`ACTION_CODES_V2` is).
ACTION_CODES: tuple[int, ...] = tuple(_core.rl_action_codes(1))

#: Size of the action space v1: 215.
N_ACTIONS_V1: int = len(ACTION_CODES)

#: Size of the action space v2: 252.
N_ACTIONS_V2: int = len(ACTION_CODES_V2)

#: Each action-space version and its size.
ACTION_SPACES: dict[int, int] = {1: N_ACTIONS_V1, 2: N_ACTIONS_V2}
#: The action space every entry point uses unless told (``action_space=``): 2, which
#: numbers every profile's decisions. 1 was the default before issue 41; pass
#: ``action_space=1`` to keep it.
DEFAULT_ACTION_SPACE: int = 2

#: Size of the default action space (``Discrete(N_ACTIONS)``): 252.
N_ACTIONS: int = ACTION_SPACES[DEFAULT_ACTION_SPACE]

_NUMBER_OF_CODE: dict[int, int] = {c: a for a, c in enumerate(ACTION_CODES_V2)}


def _int(value: object, what: str) -> int:
    """``value`` as an int: an int, a NumPy integer, or a 0-d integer array (what
    ``gymnasium.spaces.Discrete`` holds); else :class:`ArgumentTypeError` naming ``what``."""
    if isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu":
        value = value[()]
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise ArgumentTypeError(f"{what} must be an int, got {value!r}")
    return int(value)


def check_action_space(action_space: object) -> int:
    """``action_space`` as an int if it is a version of :data:`ACTION_SPACES` (an int or a
    NumPy integer; the check of every entry point's ``action_space=``). Raises
    :class:`ArgumentTypeError` for a non-int and :class:`InvalidArgumentError` for another
    number."""
    v = _int(action_space, "action_space")
    if v not in ACTION_SPACES:
        raise InvalidArgumentError(
            f"unknown action space {v}; known: 1 ({N_ACTIONS_V1} actions), 2 ({N_ACTIONS_V2})"
        )
    return v


def _space_size(action_space: object) -> int:
    """The size of action space ``action_space`` (errors as :func:`check_action_space`)."""
    return ACTION_SPACES[check_action_space(action_space)]


def action_to_code(action: int, action_space: int = DEFAULT_ACTION_SPACE) -> int:
    """The engine code (``kind * 34 + tile``) of action number ``action`` of
    ``action_space``.

    Raises :class:`ArgumentTypeError` for a non-int and :class:`InvalidArgumentError` for a
    number outside ``0 .. n - 1`` (no action at all, as opposed to an action that is not
    legal now) or an unknown space."""
    n = _space_size(action_space)
    a = _int(action, "an action number")
    if not 0 <= a < n:
        raise InvalidArgumentError(f"action {a} is outside the action space 0..{n - 1}")
    return ACTION_CODES_V2[a]


def code_to_action(code: int, action_space: int = DEFAULT_ACTION_SPACE) -> int:
    """The action number in ``action_space`` of engine code ``code`` (:attr:`Action.code`).

    Raises :class:`ArgumentTypeError` for a non-int and :class:`IllegalActionError` for a
    code that names no action of the space (a tile given to a kind that takes none, a bid
    above 3, a decision before play in v1)."""
    n = _space_size(action_space)
    c = _int(code, "an action code")
    found = _NUMBER_OF_CODE.get(c)
    if found is None or found >= n:
        raise IllegalActionError(f"action code {c} names no action of action space {action_space}")
    return found


def action_of(action: int, action_space: int = DEFAULT_ACTION_SPACE) -> Action:
    """The :class:`Action` of action number ``action`` (errors as :func:`action_to_code`)."""
    return action_from_code(action_to_code(action, action_space))


def number_of(action: Action, action_space: int = DEFAULT_ACTION_SPACE) -> int:
    """The action number of an :class:`Action` in ``action_space``. Raises
    :class:`IllegalActionError` for an action v1 does not number (a decision before
    play)."""
    if not isinstance(action, Action):
        raise ArgumentTypeError(f"expected an Action, got {action!r}")
    return code_to_action(action.code, action_space)


def action_mask(
    game: Game, seat: int, action_space: int = DEFAULT_ACTION_SPACE
) -> npt.NDArray[np.bool_]:
    """``bool (n,)`` (``n`` the size of ``action_space``): ``True`` exactly at the numbers
    of ``seat``'s legal actions in ``game`` (all ``False`` when it need not act). Raises
    :class:`InvalidArgumentError` for a seat outside 0–3, an unknown space, or space 1 for a
    game whose profile asks decisions before play."""
    core: Any = _core_of(game)
    mask: npt.NDArray[np.bool_] = _core.rl_action_mask(core, seat, action_space)
    return mask


def _core_of(game: object) -> _core.GameCore:
    from ..game import Game

    if not isinstance(game, Game):
        raise ArgumentTypeError(f"expected a Game, got {type(game).__name__}")
    return game.engine
