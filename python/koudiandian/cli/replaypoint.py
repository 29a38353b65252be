"""Where a log stops replaying: the game replayed up to the event a replay names, and the
view there of the seat that acted, in brief (``koudiandian replay``'s report)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..action import SUITS, Action
from ..errors import KoudiandianError
from ..game import Game, replay_decisions
from ..rules import Rules
from ..tile import format_tiles
from ..view import SeatView

__all__ = ["event_named", "view_at", "brief"]

#: The event a replay's message names: ``event 57 (end_hand) differs ...``.
_NAMED = re.compile(r"\bevent (\d+) \(")

#: The most legal actions the brief lists; more are counted.
_SHOWN_ACTIONS = 8


class _Reached(Exception):
    """The replay has taken every decision before the event looked for."""


def event_named(message: str) -> int | None:
    """The index of the event ``message`` (a replay's error) names, if it names one."""
    m = _NAMED.search(message)
    return int(m.group(1)) if m else None


def view_at(events: Sequence[Any], n: int) -> tuple[SeatView, str] | None:
    """The view, and what it is, of the seat that acted at event ``n`` of the full log
    ``events`` (the event's seat; the last seat to decide before it for an event of none,
    such as ``end_hand``), once every decision logged before event ``n`` is replayed (the
    engine's own events after them included): what the engine gives, not what the log
    says. ``None`` when the deal itself cannot be rebuilt from ``events[0]``."""
    start = events[0] if events else None
    if not isinstance(start, dict):
        return None
    try:
        game = Game(
            Rules.from_dict(start["rules"]),
            dealer=start["dealer"],
            wall=start["wall"],
            wildcards=start["wildcards"],
            scores=start.get("scores", (0, 0, 0, 0)),
            dice=[(d[0], d[1]) for d in start["dice"]] if "dice" in start else None,
            prevalent_wind=start.get("prevalent_wind", 0),
        )
    except (KeyError, TypeError, IndexError, KoudiandianError):
        return None
    last: list[int] = []

    def step(seat: int, action: Action) -> None:
        if len(game.events) >= n:
            raise _Reached
        game.step(seat, action)
        last.append(seat)

    try:
        replay_decisions(events, step)
    except (_Reached, KoudiandianError):
        pass  # stopped at event n, or at a decision that cannot be taken
    event = events[n] if 0 <= n < len(events) and isinstance(events[n], dict) else {}
    seat = event.get("seat") if event.get("type") != "bird" else None
    if isinstance(seat, int) and 0 <= seat < 4:
        why = f"the seat of event {n}"
    elif last:
        seat, why = last[-1], f"the last to decide before event {n}"
    else:
        seat, why = game.to_act[0] if game.to_act else game.dealer, "the seat to act"
    return game.view(seat), why


def brief(view: SeatView) -> list[str]:
    """``view`` in a few lines: the hand's state (with the scores now, void suits, seats
    that left and tiles picked to pass on, where the hand has them), the seat's tiles and
    melds, every seat's discards, what the seat may do."""
    hand = format_tiles(view.hand) or "-"
    drawn = "" if view.drawn is None else f" (drew {view.drawn})"
    melds = " ".join(f"{m.kind}:{'?' if m.tile is None else m.tile}" for m in view.melds[view.seat])
    waits = "" if not view.winning_tiles else f"; waits {format_tiles(view.winning_tiles)}"
    legal = [str(a) for a in view.legal_actions]
    more = f" and {len(legal) - _SHOWN_ACTIONS} more" if len(legal) > _SHOWN_ACTIONS else ""
    discards = ", ".join(
        f"{s}: {format_tiles([t for t in d if t is not None]) or '-'}"
        + (f" +{sum(t is None for t in d)} face down" if None in d else "")
        for s, d in enumerate(view.discards)
    )
    wild = format_tiles(view.wildcards) or "none"
    turn = "the hand is over" if view.phase == "over" else f"seat {view.turn}'s turn"
    # What the hands that go on after a win add: scores moved during the hand, void suits
    # (定缺), the seats that left, the tiles picked to pass on (换三张).
    more_state = ""
    if view.running != view.scores:
        more_state += f", scores now {list(view.running)}"
    if any(v is not None for v in view.voids):
        more_state += ", void suits " + " ".join("-" if v is None else SUITS[v] for v in view.voids)
    gone = [s for s, at in enumerate(view.left) if at is not None]
    if gone:
        more_state += f", left: seat {', '.join(map(str, gone))}"
    if view.picked:
        more_state += f", picked to pass on {format_tiles(view.picked)}"
    return [
        f"phase {view.phase}, {turn}, {view.wall_remaining} tiles in the "
        f"wall, wildcards {wild}, dealer seat {view.dealer}, scores {list(view.scores)}"
        + more_state,
        f"hand {hand}{drawn}"
        + (f"; melds {melds}" if melds else "")
        + waits
        + ("; declared (报听)" if view.declared[view.seat] else ""),
        f"discards by seat: {discards}",
        f"may: {', '.join(legal[:_SHOWN_ACTIONS]) or 'nothing'}{more}",
    ]
