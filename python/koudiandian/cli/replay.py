"""``koudiandian replay``: logged hands replayed and verified."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from typing import Any

from ..errors import KoudiandianError
from ..settlement import score_formula
from ..tile import Tile, format_tiles
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
            print(f"  {_describe(event)}")
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


def _describe(e: dict[str, Any]) -> str:
    t = e.get("tile")
    tile = str(Tile(t)) if isinstance(t, int) else "?"
    kind = e["type"]
    if kind == "start_hand":
        return f"start: dealer {e['dealer']}, wildcards {format_tiles(e['wildcards']) or '-'}"
    if kind == "draw":
        return f"seat {e['seat']} draws {tile}" + (" (replacement)" if e["replacement"] else "")
    if kind == "discard":
        return f"seat {e['seat']} {'declares ready, discarding face down' if e['declare'] else 'discards'} {tile}"
    if kind == "answer":
        return f"seat {e['seat']} answers {e['action']}"
    if kind in ("pong", "kong"):
        return f"seat {e['seat']} {kind}s {tile} from seat {e['from']}"
    if kind in ("added_kong", "concealed_kong"):
        return f"seat {e['seat']} makes {kind.replace('_', ' ')} of {tile}"
    if kind == "win":
        return f"seat {e['seat']} wins ({e['kind']}) with {tile}"
    if kind == "end_hand":
        return f"end: deltas {e['result']['deltas']}"
    return json.dumps(e)


def add_replay(sub: Commands) -> None:
    """``koudiandian replay``: logged hands replayed and verified."""
    r = sub.add_parser("replay", help="replay and verify logged hands (JSON Lines)")
    r.add_argument("log", help="a file written by simulate --log, or - for standard input")
    r.add_argument("--verbose", "-v", action="store_true", help="print every event")
    r.set_defaults(run=_replay)
