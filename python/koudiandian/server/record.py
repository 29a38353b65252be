"""A match's scoreboard: one row per finished hand (``GET /tables/{id}/record``, and each
match of ``GET /rooms/{number}/record``).

A row holds what the hand's end made public: the dealer, the winners and how each won (from
whom, its value in the profile's words, the headline first, and the score's items under the
profile's own names, as the ``end_hand`` event carries them), how the hand ended and which
seats left it at a win, each seat's delta, the running totals, and where its replay is. A
hand still being played, or whose end a claim window still holds, is not in it. ``how`` and
``discarder`` are the first win's (kept for readers of the first rows' shape).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..match import Match
from ..result import HandResult

if TYPE_CHECKING:
    from .tables import Table

__all__ = ["match_record", "hand_row", "table_record"]


def hand_row(table_id: str, hand: int, result: HandResult, totals: list[int]) -> dict[str, Any]:
    """The scoreboard's row of hand ``hand`` (numbered from 0) of table ``table_id``, whose
    result is ``result``; ``totals`` are the seats' running totals after it."""
    how = "drawn" if result.win_kind is None else result.win_kind.value
    return {
        "hand": hand,
        "dealer": result.dealer,
        "winners": list(result.winners),
        "how": how,
        "discarder": result.discarder,
        "wins": [
            {
                "seat": w.seat,
                "kind": w.kind.value,
                "tile": int(w.tile),
                "discarder": w.discarder if w.event is not None else result.discarder,
                "value": [v.to_dict() for v in w.value],
                "items": [i.to_dict() for i in w.score_items],
            }
            for w in result.wins
        ],
        "end": result.end,
        "left": [s is not None for s in result.left],
        "deltas": list(result.deltas),
        "totals": list(totals),
        "replay": f"/tables/{table_id}/hands/{hand}/replay",
    }


def match_record(
    table_id: str,
    match: Match,
    shown: int,
    over: bool,
    dismissed: dict[str, int] | None = None,
) -> dict[str, Any]:
    """The scoreboard of the match played at table ``table_id``: its first ``shown``
    finished hands (those whose end the table has shown); ``over``: whether its end is
    shown; ``dismissed``: ``{"by": seat}`` if a vote ended it (解散), by whose proposal."""
    totals = [0, 0, 0, 0]
    rows = []
    for hand, result in enumerate(match.results[:shown]):
        totals = [t + d for t, d in zip(totals, result.deltas)]
        rows.append(hand_row(table_id, hand, result, totals))
    return {
        "table": table_id,
        "match": match.length,
        "first_dealer": match.first_dealer,
        "over": over,
        "hands": rows,
        "totals": totals,
        "ranking": match.ranking if over else None,
        "dismissed": dismissed,
    }


def table_record(table: Table) -> dict[str, Any]:
    """The scoreboard of ``table``'s match (``GET /tables/{id}/record``)."""
    state = table.public_state()
    return match_record(
        table.id, table.match, state["finished_hands"], state["over"], table.dismissed()
    )
