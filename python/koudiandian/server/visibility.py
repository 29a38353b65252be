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
  discard that leaves it ready with the winning tiles after it (as
  :meth:`~koudiandian.SeatView.ready_discards` gives them; the engine adds both). A
  spectator's view has ``waits: null`` and ``ready_discards: []``.
"""

from __future__ import annotations

from typing import Any

from ..game import Game

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
    return game.table_view(seat)


def public_view(game: Game) -> dict[str, Any]:
    """The view every seat may see (a spectator's)."""
    return game.table_view(None)
