"""What one seat may see of the reference game (``SeatView``; docs/rules.md §10 for the
public flowers and indicator): its own tiles, every meld (another seat's concealed kong
without its kind until the end), the discards (a declaring discard face down) and which of
them another seat took, the flowers set aside, the indicator and the bids; nobody else's
concealed tiles. Compared with the
engine's views under ``taiyuan``, ``queyimen`` and ``hebei``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from koudiandian.meld import MeldKind
from koudiandian.tile import TILES, Tile
from koudiandian.view import MeldView, SeatView

from tests.support.reference.common import deltas_of, tiles_of

if TYPE_CHECKING:
    from tests.support.reference.game import ReferenceGame

__all__ = ["seat_view"]


def _going_on(game: ReferenceGame, seat: int) -> dict[str, Any]:
    """Each seat's score now (at the deal, plus the payments so far: the whole result's
    once the hand is over), the void suits once revealed (before, during the choice, this
    seat's own), the win event at which each seat left, the tiles this seat has picked for
    the exchange."""
    paid = game.ledger if game.result is None else game.result.transfers
    running = tuple(s + d for s, d in zip(game.scores, deltas_of(paid), strict=True))
    voids = list(game.voids)
    if game.phase == "void" and seat in game._pending_voids:
        voids[seat] = game._pending_voids[seat]
    return {
        "running": running,
        "voids": tuple(voids),
        "left": tuple(st.left for st in game.seats),
        "picked": tuple(TILES[t] for t in game.picked[seat]),
    }


def seat_view(game: ReferenceGame, seat: int) -> SeatView:
    """The view of seat ``seat`` now."""
    over = game.phase == "over"
    melds = tuple(
        tuple(
            MeldView(
                MeldKind(m[0]).name.lower(),
                None
                if (m[0] == MeldKind.CONCEALED_KONG and s != seat and not over)
                else TILES[int(m[1])],
                None if m[2] is None else int(m[2]),
            )
            for m in st.melds
        )
        for s, st in enumerate(game.seats)
    )
    discards = tuple(
        tuple(None if (down and s != seat and not over) else TILES[t] for t, down in st.discards)
        for s, st in enumerate(game.seats)
    )
    st = game.seats[seat]
    mine = game.phase == "turn" and game.turn == seat
    waits = game.waits(seat)
    return SeatView(
        seat=seat,
        dealer=game.dealer,
        prevalent_wind=game.prevalent_wind,
        rules=game.rules,
        phase=game.phase,
        turn=game.turn,
        hand=tuple(TILES[k] for k in tiles_of(st.hand)),
        drawn=TILES[game.drawn] if mine and game.drawn is not None else None,
        melds=melds,
        discards=discards,
        declared=game.declared(),
        passed_win=st.passed_win or (game.sw.passing_a_win == "draw" and bool(st.missed)),
        claim_tile=TILES[game.claim_tile]
        if game.phase in ("claim", "rob") and game.claim_tile is not None
        else None,
        wall_remaining=game.wall.remaining,
        wildcards=game.wildcards,
        winning_tiles=tuple(TILES[k] for k in waits) if waits else None,
        scores=game.scores,
        legal_actions=tuple(game.legal_actions(seat)),
        result=game.result,
        flowers=tuple(tuple(Tile(t) for t in s.flowers) for s in game.seats),
        indicator=None if game.indicator is None else TILES[game.indicator],
        bids=(game.bids[0], game.bids[1], game.bids[2], game.bids[3]),
        claimed=tuple(tuple(s.taken) for s in game.seats),
        **_going_on(game, seat),
    )
