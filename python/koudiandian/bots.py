"""Bots: anything with ``act(view, legal_actions) -> Action`` can play a seat.

The protocol (:class:`Bot`): ``act`` receives the seat's :class:`SeatView` and its legal
actions (never empty) and returns one of those actions. It must not keep a reference to the
view beyond the call. A bot may be stateful; :func:`koudiandian.simulate` builds fresh bots
for every hand from a factory, so a bot sees one hand at a time. The view a simulation
passes is computed when first used, so a bot that never reads it costs nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from . import _core
from .action import Action, ActionKind
from .meld import MeldKind
from .tile import TILES
from .view import SeatView

__all__ = ["Bot", "RandomBot", "GreedyBot"]

_POINTS = tuple(t.points for t in TILES)


@runtime_checkable
class Bot(Protocol):
    """Plays one seat: returns one of ``legal_actions`` for the seat whose ``view`` it is."""

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniform over the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self._rng.randrange(len(legal_actions))]


def _wait_value(mask: int, counts_seen: Sequence[int]) -> tuple[int, int]:
    """(live winning tiles, best point value) of a wait mask."""
    live = 0
    best = 0
    for k in range(34):
        if mask >> k & 1:
            live += 4 - counts_seen[k]
            best = max(best, _POINTS[k])
    return live, best


class GreedyBot:
    """A one-step greedy player: wins whenever it may; discards to the lowest shanten, then
    the most live winning tiles, then the highest-value wait; declares ready (报听) as soon
    as it can with its best declarable discard; pongs and kongs when that does not raise its
    shanten (nor, once declared, change its winning tiles). Deterministic: ``seed`` is
    accepted for a uniform bot factory and ignored."""

    def __init__(self, seed: int | None = None) -> None:
        del seed

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal_actions}
        for win in (ActionKind.SELF_DRAW_WIN, ActionKind.WIN):
            if win in kinds:
                return next(a for a in legal_actions if a.kind is win)
        flags = view.rules._flags
        wild = [int(k) for k in view.wildcards]
        counts = [0] * 34
        for t in view.hand:
            counts[t] += 1
        melds = [(_meld_code(m.kind), int(m.tile)) for m in view.melds[view.seat] if m.tile is not None]
        seen = self._seen(view, counts)
        if view.phase in ("claim", "rob"):
            return self._claim(view, legal_actions, counts, melds, wild, flags)
        if view.declared[view.seat]:
            for a in legal_actions:
                if a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                    return a  # offered only when allowed; the waits stay (see kong_keeps_waits)
            return next(a for a in legal_actions if a.kind is ActionKind.DISCARD)
        # Rank every discard: lower shanten, then more live winning tiles, then value.
        best_key = None
        ranked: dict[int, tuple[int, int, int]] = {}
        for kind, shanten, waits in _core.counts_discards(counts, melds, wild, flags):
            live, value = _wait_value(waits, seen)
            key = (-shanten, live, value)
            ranked[kind] = key
            if best_key is None or key > best_key:
                best_key = key
        current = -best_key[0] if best_key else 8
        for a in legal_actions:  # a kong that keeps the shanten is free
            if a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                after = list(counts)
                assert a.tile is not None
                k = int(a.tile)
                concealed = a.kind is ActionKind.CONCEALED_KONG
                after[k] -= 4 if concealed else 1
                new_melds = [m for m in melds if not (m[1] == k and m[0] == MeldKind.PONG)]
                kind = MeldKind.CONCEALED_KONG if concealed else MeldKind.ADDED_KONG
                new_melds.append((int(kind), k))
                if _core.counts_shanten(after, new_melds, wild, flags) <= current:
                    return a
        declares = [a for a in legal_actions if a.kind is ActionKind.DECLARE]
        if declares:
            return max(declares, key=lambda a: ranked.get(int(a.tile), (-9, 0, 0)))  # type: ignore[arg-type]
        discards = [a for a in legal_actions if a.kind is ActionKind.DISCARD]
        return max(discards, key=lambda a: (ranked.get(int(a.tile), (-9, 0, 0)), -int(a.tile)))  # type: ignore[arg-type]

    @staticmethod
    def _seen(view: SeatView, counts: Sequence[int]) -> list[int]:
        seen = list(counts)
        for discards in view.discards:
            for t in discards:
                if t is not None:
                    seen[t] += 1
        for melds in view.melds:
            for m in melds:
                if m.tile is not None:
                    seen[m.tile] += 4 if "kong" in m.kind else 3
        return [min(4, s) for s in seen]

    @staticmethod
    def _claim(
        view: SeatView,
        legal_actions: Sequence[Action],
        counts: list[int],
        melds: list[tuple[int, int]],
        wild: list[int],
        flags: int,
    ) -> Action:
        tile = view.claim_tile
        pass_ = next(a for a in legal_actions if a.kind is ActionKind.PASS)
        if tile is None:
            return pass_
        t = int(tile)
        current = _core.counts_shanten(counts, melds, wild, flags)
        for a in legal_actions:
            if a.kind is ActionKind.KONG:
                after = list(counts)
                after[t] -= 3
                if _core.counts_shanten(after, [*melds, (int(MeldKind.KONG), t)], wild, flags) <= current:
                    return a
            if a.kind is ActionKind.PONG:
                after = list(counts)
                after[t] -= 2
                options = _core.counts_discards(after, [*melds, (int(MeldKind.PONG), t)], wild, flags)
                if options and min(s for _, s, _ in options) <= current:
                    return a
        return pass_


def _meld_code(kind: str) -> int:
    return int(MeldKind[kind.upper()])
