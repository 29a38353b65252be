"""``koudiandian replay``: logged hands replayed and verified, from any log the project
writes (:mod:`.logsources`); where one stops replaying, the view there of the seat that
acted (:mod:`.replaypoint`)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections import Counter

from ..errors import KoudiandianError
from ..eventlines import event_line
from ..logsources import SHAPES, LoggedHand, logged_hands
from ..settlement import score_formula
from .options import Commands
from .replaypoint import brief, event_named, view_at

__all__ = ["add_replay"]


def _replay(args: argparse.Namespace) -> int:
    name = "standard input" if args.log == "-" else args.log
    shapes: Counter[str] = Counter()
    with contextlib.ExitStack() as stack:
        f = sys.stdin if args.log == "-" else stack.enter_context(open(args.log, encoding="utf-8"))
        for hand in logged_hands(f):
            _replay_hand(hand, args.verbose)
            shapes[hand.shape] += 1
    if not shapes:
        raise KoudiandianError(f"{name} holds no logged hands")
    if len(shapes) == 1:
        read = next(iter(shapes))
    else:
        read = "; ".join(f"{shape}: {count}" for shape, count in shapes.items())
    print(f"{shapes.total()} hand(s) replayed and verified, read as {read}")
    return 0


def _replay_hand(hand: LoggedHand, verbose: bool) -> None:
    """Replay and report one logged hand. Raises :class:`KoudiandianError` naming where it
    is and the event it stops replaying at, with the view there of the seat that acted."""
    from ..game import Game

    events = hand.events
    try:
        game = Game.replay(events)
    except KoudiandianError as e:
        last = events[-1]
        if isinstance(last, dict) and last.get("type") != "end_hand":
            message = (
                f"{hand.where}: the log ends early: {hand.label} stops after event "
                f"{len(events) - 1} ({last.get('type')}), before the hand is over"
            )
            raise KoudiandianError(message + _view_text(events, len(events))) from None
        n = event_named(str(e))
        view = "" if n is None else _view_text(events, n)
        raise KoudiandianError(f"{hand.where}: {hand.label}: {e}{view}") from None
    if verbose:
        for event in events:
            print(f"  {event_line(event, None, 'mpsz')}")
    r = game.result
    if r is None:
        print(f"{hand.label}: unfinished (the log stops before the hand is over), verified")
    elif r.verdict is not None:  # a judge's verdict ended it (docs/botzone.md)
        seat, verdict = r.verdict
        print(f"{hand.label}: seat {seat} judged {verdict}, deltas {list(r.deltas)}; verified")
    elif r.winner is None:
        print(f"{hand.label}: drawn, deltas {list(r.deltas)}; verified")
    else:
        payment = game.rules.score_items_are_payment
        wins = ", ".join(
            f"seat {w.seat} won ({w.kind.value}) with {w.tile}"
            + (" and left" if r.left[w.seat] is not None else "")
            + f": {score_formula(w.score_items, payment=payment)[0]}"
            for w in r.wins
        )
        print(f"{hand.label}: {wins}; deltas {list(r.deltas)}; verified")
    if hand.check is not None:
        hand.check()


def _view_text(events: list[object], n: int) -> str:
    """The lines that follow a replay's error: the view at event ``n`` of the seat that
    acted (nothing when the deal cannot be rebuilt)."""
    found = view_at(events, n)
    if found is None:
        return ""
    view, why = found
    head = f"\n  seat {view.seat}'s view ({why}), as the engine replays it:"
    return head + "".join(f"\n    {line}" for line in brief(view))


def add_replay(sub: Commands) -> None:
    """``koudiandian replay``: logged hands replayed and verified."""
    r = sub.add_parser(
        "replay",
        help="replay and verify logged hands: JSON Lines or one JSON document, each of "
        + "; ".join(SHAPES),
    )
    r.add_argument(
        "log",
        help="a file (simulate --log, Game.to_json, Match.to_json, a hand of the server's, "
        "a Botzone log), or - for standard input",
    )
    r.add_argument("--verbose", "-v", action="store_true", help="print every event")
    r.set_defaults(run=_replay)
