"""Batch kernels for simulation: many hands per call, with the GIL released.

Hands are rows of a ``uint8`` array of shape ``(N, 34)`` holding the counts of the
non-wildcard tiles of each kind, with ``wild``, a ``uint8`` array of shape ``(N,)``,
holding the number of wildcards in each row. The arrays are read in place, in any memory
layout, without copying; other dtypes and shapes are refused with :class:`ArrayError`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

from . import _core
from .hand import RulesLike
from .tile import TilesLike

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["is_win_batch", "winning_tiles_batch"]

MeldsArg = Union[int, "npt.NDArray[np.uint8]"]


def is_win_batch(
    counts: npt.NDArray[np.uint8],
    wild: npt.NDArray[np.uint8],
    *,
    melds: MeldsArg = 0,
    rules: RulesLike = None,
) -> npt.NDArray[np.bool_]:
    """``is_win`` for every row: ``counts[i].sum() + wild[i]`` must be ``14 - 3 * melds``.
    ``melds`` is one number of declared melds for all rows, or a ``uint8`` array ``(N,)``.
    Returns a ``bool`` array ``(N,)``."""
    return _core.is_win_batch(counts, wild, melds, rules)


def winning_tiles_batch(
    counts: npt.NDArray[np.uint8],
    wild: npt.NDArray[np.uint8],
    *,
    melds: MeldsArg = 0,
    wildcards: TilesLike = (),
    rules: RulesLike = None,
) -> npt.NDArray[np.bool_]:
    """``winning_tiles`` for every row: ``counts[i].sum() + wild[i]`` must be
    ``13 - 3 * melds``. Returns a ``bool`` array ``(N, 34)``, True at each winning tile.
    Kinds a row holds four of are left out, and so are the ``wildcards`` kinds if given
    (their counts must then be 0: those tiles belong in ``wild``)."""
    return _core.winning_tiles_batch(counts, wild, melds, wildcards, rules)
