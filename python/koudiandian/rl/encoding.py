"""The observation encodings (``docs/observation.md`` lists every plane): ``uint8`` planes of
34 entries, built in Rust. Version ``"v1"`` never changes once released; ``"v2"`` adds the
winds plane (the prevalent wind, every seat's wind and flowers); ``"v3"`` adds to v2 the
observer's exchange picks and the standing plane (every seat's void suit, whether it has
left the hand, its running score, the decision before play under way)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import _core
from ..errors import ArgumentTypeError, InvalidArgumentError
from ..game import Game
from ..view import SeatView

__all__ = [
    "VERSIONS",
    "DEFAULT_VERSION",
    "OBS_SHAPE",
    "ORACLE_SHAPE",
    "OBS_SHAPES",
    "ORACLE_SHAPES",
    "PLANE_NAMES",
    "PLANE_NAMES_V2",
    "PLANE_NAMES_V3",
    "encode",
]

#: The encodings this release knows.
VERSIONS = ("v1", "v2", "v3")
#: The encoding every entry point uses unless told (``version=``): the newest. ``"v1"``
#: was the default before issue 41; pass ``version="v1"`` to keep it.
DEFAULT_VERSION: str = "v3"

#: ``(planes, 34)`` of each version's observation.
OBS_SHAPES: dict[str, tuple[int, int]] = {v: _core.rl_obs_shape(False, v) for v in VERSIONS}
#: ``(planes, 34)`` of each version's oracle observation.
ORACLE_SHAPES: dict[str, tuple[int, int]] = {v: _core.rl_obs_shape(True, v) for v in VERSIONS}

#: ``(planes, 34)`` of an observation of the default encoding (:data:`DEFAULT_VERSION`).
OBS_SHAPE: tuple[int, int] = OBS_SHAPES[DEFAULT_VERSION]
#: ``(planes, 34)`` of an oracle observation of the default encoding
#: (``encode(..., oracle=True)``).
ORACLE_SHAPE: tuple[int, int] = ORACLE_SHAPES[DEFAULT_VERSION]

#: The name of each v1 plane, in order (the oracle's six extra planes last).
PLANE_NAMES: tuple[str, ...] = (
    "hand",
    "drawn",
    "claim_tile",
    "wildcards",
    "winning_tiles",
    "indicator",
    *(f"melds_{r}" for r in range(4)),
    *(f"discard_counts_{r}" for r in range(4)),
    *(f"discard_order_{r}" for r in range(4)),
    "unseen",
    "scalars",
    "scores",
    "flowers",
    *(f"oracle_hand_{r}" for r in range(1, 4)),
    "oracle_wall_counts",
    "oracle_wall_front",
    "oracle_wall_back",
)

#: The name of each v2 plane, in order: v1's 22, the winds, then the oracle's six.
PLANE_NAMES_V2: tuple[str, ...] = (*PLANE_NAMES[:22], "winds", *PLANE_NAMES[22:])

#: The name of each v3 plane, in order: v2's 23, the exchange picks, the standing plane,
#: then the oracle's six.
PLANE_NAMES_V3: tuple[str, ...] = (*PLANE_NAMES_V2[:23], "picked", "standing", *PLANE_NAMES[22:])


def check_version(version: object) -> str:
    """``version`` if it is an encoding of :data:`VERSIONS`; else
    :class:`InvalidArgumentError` naming it (the check of every entry point's ``version=``)."""
    if version not in VERSIONS:
        raise InvalidArgumentError(f"unknown encoding version {version!r}; known: {VERSIONS}")
    return str(version)


def encode(
    source: SeatView | Game,
    seat: int | None = None,
    *,
    version: str = DEFAULT_VERSION,
    oracle: bool = False,
) -> npt.NDArray[np.uint8]:
    """The ``uint8`` encoding of what one seat knows: ``OBS_SHAPES[version]``, or
    ``ORACLE_SHAPES[version]`` with ``oracle=True`` (every hand and the wall too, for teacher
    models); ``version`` is ``"v1"``, ``"v2"`` or ``"v3"`` (:data:`DEFAULT_VERSION`, the
    default: ``OBS_SHAPE``).

    ``source`` is a :class:`SeatView` (``seat`` not given), or a :class:`Game` with the
    ``seat`` whose knowledge to encode (the same array as encoding ``game.view(seat)``,
    without building the view). The oracle needs the game. Raises
    :class:`InvalidArgumentError` for an unknown version, a missing or bad seat, or an
    oracle asked of a view, and :class:`ArgumentTypeError` for another kind of source."""
    check_version(version)
    if not isinstance(oracle, bool):
        raise ArgumentTypeError(f"oracle must be a bool, got {oracle!r}")
    if isinstance(source, Game):
        if seat is None:
            raise InvalidArgumentError("encode(game, seat): give the seat whose view to encode")
        out: npt.NDArray[np.uint8] = _core.rl_encode_game(source.engine, seat, oracle, version)
        return out
    if isinstance(source, SeatView):
        if seat is not None and seat != source.seat:
            raise InvalidArgumentError(
                f"the view is seat {source.seat}'s; seat={seat!r} does not match"
            )
        if oracle:
            raise InvalidArgumentError("the oracle encoding needs the Game, not a SeatView")
        view_out: npt.NDArray[np.uint8] = _core.rl_encode_view(source.to_dict(), version)
        return view_out
    raise ArgumentTypeError(f"encode needs a SeatView or a Game, got {type(source).__name__}")
