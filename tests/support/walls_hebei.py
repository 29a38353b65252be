"""Explicit walls of profile ``hebei`` for scenario tests (``RULES-hebei.md``, the order of
RULES §2 with flowers): ``hebei_wall(hands={seat: "..."}, front=..., back=..., dealer=0)``.

- ``hands``: each seat's dealt tiles in the order dealt, a dealer's 14th last; fewer tiles
  than 13 / 14 are topped up with filler. They go to ``wall[0:13]`` (dealer), ``wall[13:26]``
  (dealer+1), ``wall[26:39]``, ``wall[39:52]`` and ``wall[52]`` (the dealer's 14th).
- ``front``: the tiles from ``wall[53]`` on: with ``hun``, the indicator (after any flowers
  turned before it), then the ordinary draws in order.
- ``back``: the replacement draws in order, ``wall[-1]``, ``wall[-2]``, … (dealt flowers
  first, then flowers drawn and kongs, as they happen).

Tiles are text, ``"123m 45p 7z 1f"`` (``1f``…``8f`` the flowers 34–41, 梅 … 冬), ints, or a
list mixing both; ``None`` in a ``front`` or ``back`` list stands for a filler tile. Filler:
a hand is topped up with kinds it does not hold yet, one of each, none within two ranks of
another of its tiles where it can, and far from every named kind first (so it pairs with
nothing and completes nothing); the rest of the wall is filled
from both draw ends towards the middle with kinds far from the named ones first, kinds
taking turns; flowers not named go to the middle of the wall, where a short scenario never
draws them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tests.support.reference.hebei import hun_of

__all__ = ["hebei_wall", "ht"]

_SUITS = {"m": 0, "p": 9, "s": 18, "z": 27}


def ht(spec: str | int | Iterable[str | int | None] | None) -> list[int | None]:
    """Tile ints (flowers included) from text, an int, or a list of those (``None`` kept)."""
    if spec is None:
        return [None]
    if isinstance(spec, int):
        return [spec]
    if isinstance(spec, str):
        out: list[int | None] = []
        digits: list[int] = []
        for ch in spec:
            if ch.isdigit():
                digits.append(int(ch))
            elif ch in _SUITS or ch == "f":
                if not digits:
                    raise ValueError(f"suit {ch!r} without ranks in {spec!r}")
                for d in digits:
                    if ch == "f":
                        if not 1 <= d <= 8:
                            raise ValueError(f"no flower {d}f")
                        out.append(33 + d)
                    else:
                        if not 1 <= d <= (7 if ch == "z" else 9):
                            raise ValueError(f"no tile {d}{ch}")
                        out.append(_SUITS[ch] + d - 1)
                digits = []
            elif ch in " ,":
                continue
            else:
                raise ValueError(f"unexpected {ch!r} in {spec!r}")
        if digits:
            raise ValueError(f"ranks without a suit in {spec!r}")
        return out
    res: list[int | None] = []
    for item in spec:
        res.extend(ht(item))
    return res


def _near(kind: int) -> set[int]:
    if kind >= 27:
        return {kind}
    base, rank = divmod(kind, 9)
    return {base * 9 + r for r in range(max(0, rank - 2), min(9, rank + 3))}


def hebei_wall(
    hands: Mapping[int, str | Iterable[str | int]] | None = None,
    front: str | Iterable[str | int | None] = (),
    back: str | Iterable[str | int | None] = (),
    dealer: int = 0,
    flowers: bool = True,
    hun: bool = True,
) -> list[int]:
    """The whole wall (144 tiles with ``flowers``, 136 without); see the module docstring."""
    size = 144 if flowers else 136
    left = [4] * 34 + ([1] * 8 if flowers else [0] * 8)
    wall: list[int | None] = [None] * size

    def put(pos: int, t: int, what: str) -> None:
        if left[t] == 0:
            raise ValueError(f"{what}: no copy of tile {t} left")
        if wall[pos] is not None:
            raise ValueError(f"{what}: wall position {pos} given twice")
        left[t] -= 1
        wall[pos] = t

    given = {seat: [t for t in ht(spec) if t is not None] for seat, spec in (hands or {}).items()}
    fronts, backs = ht(front) if front else [], ht(back) if back else []
    for j, t in enumerate(fronts):
        if t is not None:
            put(53 + j, t, f"front {j}")
    for j, t in enumerate(backs):
        if t is not None:
            put(size - 1 - j, t, f"back {j}")
    named = {t for ts in given.values() for t in ts} | {t for t in fronts + backs if t is not None}
    indicator = next((t for t in fronts if t is None or t < 34), None) if hun else None
    if indicator is not None:
        named.add(hun_of(indicator))  # filler keeps clear of the 混 too
    near: set[int] = set()
    for k in named:
        if k < 34:
            near |= _near(k)

    def heat(k: int) -> int:
        return 2 if k in named else 1 if k in near else 0

    for i in range(4):
        seat = (dealer + i) % 4
        own = list(given.get(seat, []))
        want = 14 if i == 0 else 13
        if len(own) > want:
            raise ValueError(f"seat {seat} is dealt {want} tiles, got {len(own)}")
        while len(own) < want:
            pool = [k for k in range(34) if left[k] and k not in own]
            if not pool:
                raise ValueError(f"not enough different kinds left to fill seat {seat}")
            close = set().union(*(_near(k) for k in own if k < 34))
            own.append(min(pool, key=lambda k: (k in close, heat(k), -left[k], k)))
        for j, t in enumerate(own[:13]):
            put(13 * i + j, t, f"seat {seat}")
        if i == 0:
            put(52, own[13], f"seat {seat}")

    free = [p for p in range(53, size) if wall[p] is None]
    middle = sorted(free, key=lambda p: abs(p - (53 + size) / 2))
    for f in range(34, 42):
        if left[f]:
            pos = middle.pop(0)
            put(pos, f, "filler flower")
            free.remove(pos)
    filler: list[int] = []
    for h in (0, 1, 2):
        group = {k: left[k] for k in range(34) if left[k] and heat(k) == h}
        while group:
            for k in sorted(group):
                filler.append(k)
                group[k] -= 1
                if not group[k]:
                    del group[k]
    free.sort(key=lambda p: (min(p - 53, size - 1 - p), p > (53 + size - 1) / 2))
    assert len(free) == len(filler), (len(free), len(filler))
    for p, t in zip(free, filler):
        wall[p] = t
    return [int(t) for t in wall]  # type: ignore[arg-type]
