"""Explicit walls for scenario tests, built from a readable description (RULES §2 order).

``build_wall(hands={seat: "123m..."}, draws=[...], replacements=[...], dealer=0)`` returns
the full wall as a list of tile indices 0–33 (136 tiles, or 108 with ``no_honors=True``):

- ``wall[0:13]`` are dealt to the dealer, ``wall[13:26]`` to dealer+1, ``wall[26:39]`` to
  dealer+2, ``wall[39:52]`` to dealer+3 and ``wall[52]`` is the dealer's 14th tile, so a
  full dealer's hand text holds 14 tiles (its last one is ``wall[52]``, the tile the dealer
  is considered to have drawn) and the other seats' 13;
- ``draws`` are the ordinary draws in order: ``wall[53]``, ``wall[54]``, …;
- ``replacements`` are the kong replacement draws in order: ``wall[-1]``, ``wall[-2]``, ….

``draws`` and ``replacements`` are tile text or a list of tile texts / indices; ``None`` in a
list stands for "any filler tile" at that position. A hand may also be given in part (fewer
than 13 / 14 tiles): the rest of it is filler.

Every position not given is filled from the tiles left over, in a fixed order meant to keep
the filler out of the way of the scenario:

- the filler of a hand is of kinds the hand does not hold yet, one of each (a seat left
  wholly to filler holds 13 different kinds: no pair, so as long as it discards what it
  draws it is never offered a pong or kong and never becomes ready), taken first from
  kinds far from every tile the description names;
- the rest of the wall is filled from both draw ends towards the middle (the open draw
  slots, then the next ordinary and replacement draws first), with "cold" kinds first (no
  named tile of the same kind or within two ranks in the same suit, so they neither pair
  with nor complete a named hand), then kinds next to named tiles, and the named kinds
  themselves last, so those sit in the middle of the wall and come up only if a scenario
  runs long. Within one group the kinds take turns, so consecutive filler tiles differ.

A scenario that lets filler reach a declared seat must still make sure the filler cannot
complete its hand (or give long enough ``draws``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from koudiandian import parse_tiles

__all__ = ["build_wall", "tiles"]


def tiles(spec: str | int | Iterable[str | int]) -> list[int]:
    """Tile indices from text (``"123m 5z"``), one index, or a list mixing both."""
    if isinstance(spec, str):
        return [int(t) for t in parse_tiles(spec)]
    if isinstance(spec, int):
        return [int(spec)]
    out: list[int] = []
    for item in spec:
        out.extend(tiles(item))
    return out


def _slots(spec: str | Iterable[str | int | None]) -> list[int | None]:
    """Draw slots: tiles as :func:`tiles` reads them, ``None`` for "any filler tile"."""
    if isinstance(spec, str):
        return list(tiles(spec))
    out: list[int | None] = []
    for item in spec:
        if item is None:
            out.append(None)
        else:
            out.extend(tiles(item))
    return out


def _neighbours(kind: int) -> set[int]:
    """The kind itself and, for a suited tile, the kinds within two ranks in its suit."""
    if kind >= 27:
        return {kind}
    base, rank = divmod(kind, 9)
    return {base * 9 + r for r in range(max(0, rank - 2), min(9, rank + 3))}


def build_wall(
    hands: Mapping[int, str | Iterable[str | int]] | None = None,
    draws: str | Iterable[str | int] = (),
    replacements: str | Iterable[str | int] = (),
    dealer: int = 0,
    no_honors: bool = False,
) -> list[int]:
    """The whole wall for these hands and draws; see the module docstring."""
    kinds = 27 if no_honors else 34
    size = 4 * kinds
    if dealer not in range(4):
        raise ValueError(f"dealer must be a seat 0-3, got {dealer!r}")
    wall: list[int | None] = [None] * size
    left = [4] * kinds

    def put(pos: int, t: int, what: str) -> None:
        if not 0 <= t < kinds:
            raise ValueError(f"{what}: tile {t} is not in play")
        if left[t] == 0:
            raise ValueError(f"{what}: a fifth copy of tile {t}")
        if wall[pos] is not None:
            raise ValueError(f"{what}: wall position {pos} given twice")
        left[t] -= 1
        wall[pos] = t

    named: set[int] = set()
    hands = dict(hands or {})
    given: dict[int, list[int]] = {}
    for seat, spec in hands.items():
        if seat not in range(4):
            raise ValueError(f"seat must be 0-3, got {seat!r}")
        ts = tiles(spec)
        want = 14 if seat == dealer else 13
        if len(ts) > want:
            raise ValueError(f"seat {seat} holds {want} tiles, got {len(ts)}")
        given[seat] = ts
        named.update(ts)
    draw_list = _slots(draws)
    repl_list = _slots(replacements)
    if 53 + len(draw_list) + len(repl_list) > size:
        raise ValueError("more draws and replacements than the wall holds")
    for j, t in enumerate(draw_list):
        if t is not None:
            put(53 + j, t, f"draw {j}")
    for j, t in enumerate(repl_list):
        if t is not None:
            put(size - 1 - j, t, f"replacement {j}")
    named.update(t for t in draw_list + repl_list if t is not None)

    near: set[int] = set()
    for k in named:
        near |= _neighbours(k)

    def heat(k: int) -> int:
        return 2 if k in named else 1 if k in near else 0

    # Each seat's hand: the given tiles, then (for a seat given fewer than 13 / 14) kinds it
    # does not hold yet, one of each, coldest and most plentiful first.
    for i in range(4):
        seat = (dealer + i) % 4
        own = list(given.get(seat, []))
        count = 14 if i == 0 else 13
        need = count - len(own)
        order = sorted(
            (k for k in range(kinds) if left[k] and k not in own),
            key=lambda k: (heat(k), -left[k], k),
        )
        if len(order) < need:
            raise ValueError(f"not enough different kinds left to fill seat {seat}'s hand")
        own += order[:need]
        for j, t in enumerate(own[:13]):
            put(13 * i + j, t, f"seat {seat}")
        if i == 0:
            put(52, own[13], f"seat {seat}")

    # The rest: cold kinds first, kinds taking turns within a heat group.
    filler: list[int] = []
    for h in (0, 1, 2):
        pool = {k: left[k] for k in range(kinds) if left[k] and heat(k) == h}
        while pool:
            for k in sorted(pool):
                filler.append(k)
                pool[k] -= 1
                if not pool[k]:
                    del pool[k]
    # Fill from both draw ends towards the middle: the draw slots left open (None) first.
    free = [p for p in range(53, size) if wall[p] is None]
    free.sort(key=lambda p: (min(p - 53, size - 1 - p), p > (53 + size - 1) / 2))
    assert len(free) == len(filler), (len(free), len(filler))
    for p, t in zip(free, filler):
        wall[p] = t
    assert all(t is not None for t in wall)
    return [int(t) for t in wall]  # type: ignore[arg-type]
