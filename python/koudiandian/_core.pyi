"""Private extension module: the Rust core. Use the ``koudiandian`` package instead."""

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "counts_declarable",
    "counts_discards",
    "counts_is_win",
    "counts_shanten",
    "counts_waits",
    "deal",
    "decompose",
    "format_mpsz",
    "is_win",
    "is_win_batch",
    "parse_tiles",
    "ready_discards",
    "score_win",
    "shanten",
    "tile_list",
    "warm_up",
    "winning_tiles",
    "winning_tiles_batch",
]

def warm_up() -> None: ...
def parse_tiles(text: str) -> list[int]: ...
def tile_list(tiles: Any) -> list[int]: ...
def format_mpsz(kinds: list[int]) -> str: ...
def is_win(tiles: Any, melds: Any, wildcards: Any, flags: int) -> bool: ...
def winning_tiles(tiles: Any, melds: Any, wildcards: Any, flags: int) -> list[int]: ...
def decompose(
    tiles: Any, melds: Any, wildcards: Any, flags: int
) -> list[tuple[int, int, list[tuple[int, list[int], int, bool]]]]: ...
def ready_discards(
    tiles: Any, melds: Any, wildcards: Any, flags: int
) -> list[tuple[int, list[int], int, bool]]: ...
def score_win(
    tiles: Any, win_tile: Any, self_draw: bool, melds: Any, wildcards: Any, flags: int
) -> tuple[int, bool, int, int, int, int]: ...
def is_win_batch(
    counts: Any, wild: Any, melds: Any, flags: int
) -> npt.NDArray[np.bool_]: ...
def winning_tiles_batch(
    counts: Any, wild: Any, melds: Any, wildcards: Any, flags: int
) -> npt.NDArray[np.bool_]: ...
def deal(
    seed: int, no_honors: bool, wildcards: int, honors_only: bool
) -> tuple[list[int], list[int]]: ...
def counts_is_win(counts: list[int], melds: list[tuple[int, int]], wildcards: list[int], flags: int) -> bool: ...
def counts_waits(counts: list[int], melds: list[tuple[int, int]], wildcards: list[int], flags: int) -> int: ...
def counts_declarable(
    counts: list[int], melds: list[tuple[int, int]], wildcards: list[int], flags: int
) -> int: ...
def counts_shanten(counts: list[int], melds: list[tuple[int, int]], wildcards: list[int], flags: int) -> int: ...
def shanten(tiles: Any, melds: Any, wildcards: Any, flags: int) -> int: ...
def counts_discards(
    counts: list[int], melds: list[tuple[int, int]], wildcards: list[int], flags: int
) -> list[tuple[int, int, int]]: ...
