"""What a connection may see: a seat's log and view, or a spectator's public ones.

A seat's log is the engine's ``Game.events_for(seat)`` and its view the engine's
``Game.view(seat)``; what a seat may know is decided there (``rust/game/view.rs``). Two
things are added here:

- A seat that is not asked to act while other seats answer a discard (or an added kong)
  is shown ``phase: "wait"`` and no claim tile: that another seat has a choice is not
  public (see :class:`~koudiandian.SeatView`).
- A spectator sees what every seat may see: seat 0's log with seat 0's own secrets masked
  the way the engine masks another seat's (its dealt hand, draws, face-down discards and
  concealed-kong kinds, its answers and its ``auto`` flags), and seat 0's view without its
  tiles. The tests check that the same masking of any other seat's log and view gives the
  same public log and view, so nothing here depends on whose log it started from.

Every seat sees each seat's number of concealed tiles (``hand_sizes``): anyone at a table
can count them.
"""

from __future__ import annotations

from typing import Any

from ..game import Game

__all__ = ["seat_log", "public_log", "seat_view", "public_view", "mask_log", "mask_view"]


def seat_log(game: Game, seat: int | None) -> list[dict[str, Any]]:
    """The log of ``game`` as ``seat`` may see it (``None``: a spectator)."""
    if seat is None:
        return public_log(game)
    return list(game.events_for(seat))  # type: ignore[arg-type]


def public_log(game: Game, base: int = 0) -> list[dict[str, Any]]:
    """The log every seat may see: seat ``base``'s log with its own secrets masked."""
    return mask_log(list(game.events_for(base)), base)  # type: ignore[arg-type]


def mask_log(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """Seat ``seat``'s log (``Game.events_for(seat)``) with what only that seat may see
    masked as the engine masks it for the others."""
    out: list[dict[str, Any]] = []
    for e in events:
        kind = e["type"]
        if kind == "start_hand":
            e = {**e, "hand": []}
        elif e.get("seat") != seat or kind not in _OWN:
            pass
        elif kind == "answer":
            continue
        elif kind == "discard":
            e = {k: v for k, v in e.items() if k != "auto"}
            if e["declare"]:
                e["tile"] = None
        elif kind in ("draw", "concealed_kong") or (kind == "dice_kong" and e["concealed"]):
            e = {**e, "tile": None}
        out.append(e)
    return out


_OWN = {"answer", "discard", "draw", "concealed_kong", "dice_kong"}


def _mask_claim(view: dict[str, Any], seat: int | None, to_act: tuple[int, ...]) -> None:
    if view["phase"] in ("claim", "rob") and seat not in to_act:
        view["phase"] = "wait"
        view["claim_tile"] = None


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    """Seat ``seat``'s view as a JSON-ready dict (``SeatView.to_dict()``'s shape)."""
    view = game._core.view(seat)
    _mask_claim(view, seat, game.to_act)
    view["hand_sizes"] = [sum(game._core.hand(s)) for s in range(4)]
    return view


def mask_view(view: dict[str, Any], seat: int, face_down: list[bool]) -> dict[str, Any]:
    """Seat ``seat``'s view dict without what only that seat may see; ``face_down[i]`` says
    whether the seat's ``i``-th discard lies face down."""
    view = dict(view)
    view.update(
        seat=None,
        hand=[],
        drawn=None,
        winning_tiles=None,
        legal_actions=[],
        passed_win=False,
    )
    if view["phase"] in ("claim", "rob"):
        view["phase"] = "wait"
        view["claim_tile"] = None
    if view["result"] is not None:
        return view  # the settlement reveals every discard and meld
    discards = [list(d) for d in view["discards"]]
    discards[seat] = [None if down else t for t, down in zip(discards[seat], face_down)]
    view["discards"] = discards
    melds = [list(m) for m in view["melds"]]
    melds[seat] = [{**m, "tile": None} if m["kind"] == "concealed_kong" else m for m in melds[seat]]
    view["melds"] = melds
    return view


def public_view(game: Game, base: int = 0) -> dict[str, Any]:
    """The view every seat may see (a spectator's): seat ``base``'s view, masked."""
    face_down = [down for _, down in game._core.discards(base)]
    view = mask_view(seat_view(game, base), base, face_down)
    return view
