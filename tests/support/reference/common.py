"""The small helpers every reference module shares: tile lists and counts, the tiles of a
meld, a tile's point value, a kong made in a hand, and the score changes of transfers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from koudiandian.meld import MeldKind
from koudiandian.result import Transfer

__all__ = ["POINTS", "KongRecord", "deltas_of", "held_with_melds", "meld_tiles", "tiles_of"]

#: Point value (点数) of each kind, RULES §1: the rank of a suited tile, 10 for an honor.
POINTS = tuple(10 if k >= 27 else k % 9 + 1 for k in range(34))

#: A meld as the hand holds it: ``(MeldKind value, tile)``, a chow's tile its lowest.
Melds = Sequence[tuple[int, int]]


def tiles_of(counts: Sequence[int]) -> list[int]:
    """The tiles of 34 counts, in kind order."""
    return [k for k in range(34) for _ in range(counts[k])]


def meld_tiles(kind: int, tile: int) -> list[int]:
    """The kinds of a meld's tiles: a chow's run, three of a pong, four of a kong."""
    if kind == MeldKind.CHOW:
        return [tile, tile + 1, tile + 2]
    return [tile] * (3 if kind == MeldKind.PONG else 4)


def held_with_melds(counts: Sequence[int], melds: Melds) -> list[int]:
    """How many of each of the 34 kinds a seat holds, concealed (``counts``, 27 or 34 of
    them) and in its melds."""
    held = [0] * 34
    for k, c in enumerate(counts[:34]):
        held[k] = c
    for kind, tile in melds:
        for k in meld_tiles(kind, tile):
            held[k] += 1
    return held


@dataclass(frozen=True, slots=True)
class KongRecord:
    """A kong made in the hand. ``feeder`` is the discarder of a direct kong's tile and
    ``feeder_declared`` whether it had declared ready when it discarded it; ``event`` the
    index in the log of the kong's event (its ``added_kong`` for an added kong)."""

    seat: int
    kind: MeldKind
    tile: int
    feeder: int | None = None
    feeder_declared: bool = False
    event: int | None = None


def deltas_of(transfers: Iterable[Transfer]) -> tuple[int, int, int, int]:
    """Each seat's score change: received minus paid."""
    d = [0, 0, 0, 0]
    for t in transfers:
        d[t.payer] -= t.amount
        d[t.payee] += t.amount
    return (d[0], d[1], d[2], d[3])
