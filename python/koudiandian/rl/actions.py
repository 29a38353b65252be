"""The action space: one fixed numbering ``0 .. N_ACTIONS - 1`` of every action any profile
may offer, the same for every profile (``docs/observation.md``, "Actions"), and masks."""

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
    "N_ACTIONS",
    "ACTION_CODES",
    "action_to_code",
    "code_to_action",
    "action_of",
    "number_of",
    "action_mask",
]

#: The engine code (:attr:`Action.code`) of each action number.
ACTION_CODES: tuple[int, ...] = tuple(_core.rl_action_codes())

#: Size of the action space (``Discrete(N_ACTIONS)``): 215.
N_ACTIONS: int = len(ACTION_CODES)

_NUMBER_OF_CODE: dict[int, int] = {c: a for a, c in enumerate(ACTION_CODES)}


def _int(value: object, what: str) -> int:
    """``value`` as an int: an int, a NumPy integer, or a 0-d integer array (what
    ``gymnasium.spaces.Discrete`` holds); else :class:`ArgumentTypeError` naming ``what``."""
    if isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu":
        value = value[()]
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise ArgumentTypeError(f"{what} must be an int, got {value!r}")
    return int(value)


def action_to_code(action: int) -> int:
    """The engine code (``kind * 34 + tile``) of action number ``action``.

    Raises :class:`ArgumentTypeError` for a non-int and :class:`InvalidArgumentError` for a
    number outside ``0 .. N_ACTIONS - 1`` (no action at all, as opposed to an action that
    is not legal now)."""
    a = _int(action, "an action number")
    if not 0 <= a < N_ACTIONS:
        raise InvalidArgumentError(f"action {a} is outside the action space 0..{N_ACTIONS - 1}")
    return ACTION_CODES[a]


def code_to_action(code: int) -> int:
    """The action number of engine code ``code`` (:attr:`Action.code`).

    Raises :class:`ArgumentTypeError` for a non-int and :class:`IllegalActionError` for a
    code that names no action (a tile given to a kind that takes none, a bid above 3)."""
    c = _int(code, "an action code")
    found = _NUMBER_OF_CODE.get(c)
    if found is None:
        raise IllegalActionError(f"action code {c} names no action")
    return found


def action_of(action: int) -> Action:
    """The :class:`Action` of action number ``action`` (errors as :func:`action_to_code`)."""
    return action_from_code(action_to_code(action))


def number_of(action: Action) -> int:
    """The action number of an :class:`Action`."""
    if not isinstance(action, Action):
        raise ArgumentTypeError(f"expected an Action, got {action!r}")
    return _NUMBER_OF_CODE[action.code]


def action_mask(game: Game, seat: int) -> npt.NDArray[np.bool_]:
    """``bool (N_ACTIONS,)``: ``True`` exactly at the numbers of ``seat``'s legal actions in
    ``game`` (all ``False`` when it need not act). Raises :class:`InvalidArgumentError` for a
    seat outside 0–3."""
    core: Any = _core_of(game)
    mask: npt.NDArray[np.bool_] = _core.rl_action_mask(core, seat)
    return mask


def _core_of(game: object) -> _core.GameCore:
    from ..game import Game

    if not isinstance(game, Game):
        raise ArgumentTypeError(f"expected a Game, got {type(game).__name__}")
    return game.engine
