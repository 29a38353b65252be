"""The authority's state of a hand in play, read from the engine's private accessors once per
step: every seat's concealed counts, melds, discards, the wall, the wildcards; and the full
event log. ``POINTS`` is a tile kind's point value (RULES §4), ``MELD_SIZE`` the tiles of a
meld kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from koudiandian import ActionKind, Game, MeldKind

K = ActionKind


POINTS = tuple(list(range(1, 10)) * 3 + [10] * 7)


MELD_SIZE = {
    int(MeldKind.PONG): 3,
    int(MeldKind.KONG): 4,
    int(MeldKind.ADDED_KONG): 4,
    int(MeldKind.CONCEALED_KONG): 4,
}


@dataclass
class State:
    phase: str
    turn: int
    drawn: int | None
    claim: int | None
    hands: list[list[int]]
    melds: list[list[list[Any]]]  # per seat: [kind, tile, source]
    discards: list[list[tuple[int, bool]]]  # per seat: (tile, face down)
    declared: list[bool]
    passed_win: list[bool]
    front: int
    back: int
    wall: list[int]
    wild: frozenset[int]
    kongs: list[tuple[Any, ...]]  # (seat, kind, tile, feeder, feeder_declared)


def state(game: Game) -> State:
    core = game._core
    front, back = core.wall_position()
    return State(
        phase=game.phase,
        turn=core.turn(),
        drawn=core.drawn(),
        claim=core.claim_tile(),
        hands=game._hands,
        melds=game._melds,
        discards=game._discards,
        declared=game._declared,
        passed_win=list(core.passed_win()),
        front=front,
        back=back,
        wall=game._wall,
        wild=frozenset(game._core.wildcards()),
        kongs=list(core.kongs()),
    )


def log_of(game: Game) -> list[dict[str, Any]]:
    """The game's full event log (the engine's own cache: read only)."""
    return game._log()
