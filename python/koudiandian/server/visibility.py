"""What a connection may see: a seat's log and view, or a spectator's public ones.

All of it is decided by the engine (``rust/game/view.rs`` and ``rust/game/public.rs``); the
functions here name its answers for the server:

- a seat's log is ``Game.events_for(seat)``, a spectator's ``Game.events_for(None)``: what
  every seat may see (no dealt hand; each seat's draws, face-down discards, concealed-kong
  kinds, answers and ``auto`` flags hidden as from the other seats);
- a view is ``Game.table_view(seat)`` (``None``: a spectator's): ``SeatView.to_dict()``'s
  shape plus ``hand_sizes``, every seat's number of concealed tiles (anyone at a table can
  count them). A seat that is not asked to act while other seats answer a discard (or an
  added kong) is shown ``phase: "wait"`` and no claim tile: that another seat has a choice
  is not public (see :class:`~koudiandian.SeatView`).
- a seat's view also carries its 听口, which only that seat may know: ``waits``, its
  ``winning_tiles`` with each tile's points, and on its turn ``ready_discards``, each
  discard that leaves it ready with the winning tiles after it (the engine's
  :meth:`~koudiandian.SeatView.ready_discards`). A spectator's view has ``waits: null`` and
  ``ready_discards: []``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..game import Game
from ..hand import ReadyDiscard, ready_discards
from ..meld import Meld
from ..tile import Tile

__all__ = ["seat_log", "public_log", "seat_view", "public_view"]

# The legal actions after which a seat holds 3n+1 tiles: what its ready discards are for.
_DISCARDING = ("discard", "declare")


def seat_log(game: Game, seat: int | None) -> list[dict[str, Any]]:
    """The log of ``game`` as ``seat`` may see it (``None``: a spectator)."""
    return list(game.events_for(seat))  # type: ignore[arg-type]


def public_log(game: Game) -> list[dict[str, Any]]:
    """The log every seat may see (a spectator's)."""
    return seat_log(game, None)


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    """Seat ``seat``'s view as the server sends it (a JSON-ready dict), with its 听口."""
    view = game.table_view(seat)
    wins = view["winning_tiles"]
    view["waits"] = None if wins is None else _points(wins)
    ready: list[dict[str, Any]] = []
    if any(a["kind"] in _DISCARDING for a in view["legal_actions"]):
        ready = [
            {
                "discard": int(r.discard),
                "winning_tiles": _points(r.winning_tiles),
                "wildcard_points": r.wildcard_points,
                "declarable": r.declarable,
            }
            for r in _ready_discards(game, view, seat)
        ]
    view["ready_discards"] = ready
    return view


def _ready_discards(game: Game, view: dict[str, Any], seat: int) -> list[ReadyDiscard]:
    """:meth:`SeatView.ready_discards <koudiandian.SeatView.ready_discards>` of the seat
    whose table view ``view`` is, read from that view (its concealed tiles, its melds, the
    wildcards) without building the :class:`~koudiandian.SeatView`. Precondition: the seat
    may discard (it holds 3n+2 tiles)."""
    melds = [Meld.of(m["kind"], m["tile"]) for m in view["melds"][seat] if m["tile"] is not None]
    return ready_discards(view["hand"], melds=melds, wildcards=view["wildcards"], rules=game.rules)


def public_view(game: Game) -> dict[str, Any]:
    """The view every seat may see (a spectator's)."""
    view = game.table_view(None)
    view["waits"] = None
    view["ready_discards"] = []
    return view


def _points(tiles: Iterable[int]) -> list[dict[str, int]]:
    """Winning tiles with their point values (点数, docs/rules.md §1)."""
    return [{"tile": int(t), "points": Tile(t).points} for t in tiles]
