"""``koudiandian replay``: logged hands replayed and verified."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys

from ..errors import KoudiandianError
from ..eventlines import event_line
from ..settlement import score_formula
from .options import Commands

__all__ = ["add_replay"]


def _replay(args: argparse.Namespace) -> int:
    name = "standard input" if args.log == "-" else args.log
    with contextlib.ExitStack() as stack:
        f = sys.stdin if args.log == "-" else stack.enter_context(open(args.log, encoding="utf-8"))
        count = 0
        for n, line in enumerate(f, start=1):
            if line.strip():
                _replay_line(n, line, args.verbose)
                count += 1
    if count == 0:
        raise KoudiandianError(f"{name} holds no logged hands")
    print(f"{count} hand(s) replayed and verified")
    return 0


def _replay_line(n: int, line: str, verbose: bool) -> None:
    """Replay and report the hand logged on line ``n``."""
    from ..game import Game

    try:
        entry = json.loads(line)
    except ValueError as e:
        if not line.endswith("\n"):
            raise KoudiandianError(f"line {n}: the log ends early: the line is cut off") from None
        raise KoudiandianError(f"line {n}: not a logged hand: {e}") from None
    events = entry["events"] if isinstance(entry, dict) and "events" in entry else entry
    hand = entry.get("hand", n) if isinstance(entry, dict) else n
    if not isinstance(events, list) or not events:
        raise KoudiandianError(f"line {n}: not a logged hand: no list of events")
    try:
        game = Game.replay(events)
    except KoudiandianError as e:
        last = events[-1]
        if isinstance(last, dict) and last.get("type") != "end_hand":
            raise KoudiandianError(
                f"line {n}: the log ends early: hand {hand} stops after event "
                f"{len(events) - 1} ({last.get('type')}), before the hand is over"
            ) from None
        raise KoudiandianError(f"line {n}: hand {hand}: {e}") from None
    if verbose:
        for event in events:
            print(f"  {event_line(event, None, 'mpsz')}")
    r = game.result
    if r is None:
        print(f"hand {hand}: unfinished (the log stops before the hand is over), verified")
    elif r.winner is None:
        print(f"hand {hand}: drawn, deltas {list(r.deltas)}; verified")
    else:
        payment = game.rules.score_items_are_payment
        wins = ", ".join(
            f"seat {w.seat} won ({w.kind.value}) with {w.tile}: "
            f"{score_formula(w.score_items, payment=payment)[0]}"
            for w in r.wins
        )
        print(f"hand {hand}: {wins}; deltas {list(r.deltas)}; verified")


def add_replay(sub: Commands) -> None:
    """``koudiandian replay``: logged hands replayed and verified."""
    r = sub.add_parser("replay", help="replay and verify logged hands (JSON Lines)")
    r.add_argument("log", help="a file written by simulate --log, or - for standard input")
    r.add_argument("--verbose", "-v", action="store_true", help="print every event")
    r.set_defaults(run=_replay)
