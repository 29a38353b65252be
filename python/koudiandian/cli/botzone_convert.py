"""``koudiandian botzone convert``: a Botzone log to the engine's game, or a game played
under the ``botzone`` rule set to a Botzone log (:mod:`koudiandian.botzone.convert`).

``--to engine`` reads a Botzone log (the judge's input, or a match's log) and writes the
game koudiandian's judge plays from its answers as ``Game.to_json``; ``--to botzone`` reads
any log ``koudiandian replay`` reads and writes one hand of it as a Botzone log, the
judge's input ``{"initdata", "log"}``. The ``botzone`` command registers it
(:func:`add_botzone_convert`)."""

from __future__ import annotations

import argparse
import contextlib
import sys

from ..errors import KoudiandianError
from .options import Commands

__all__ = ["add_botzone_convert"]


def _convert(args: argparse.Namespace) -> int:
    from ..botzone.convert import botzone_log, engine_game
    from ..logsources import logged_hands

    with contextlib.ExitStack() as stack:
        f = (
            sys.stdin
            if args.input == "-"
            else stack.enter_context(open(args.input, encoding="utf-8"))
        )
        if args.to == "engine":
            text = engine_game(f.read(), check=not args.no_check).to_json()
        else:
            held = 0
            for hand in logged_hands(f):
                if held == args.hand:
                    text = botzone_log(hand.events).to_json()
                    break
                held += 1
            else:
                raise KoudiandianError(f"hand {args.hand} asked for; {args.input} holds {held}")
    if args.out == "-":
        print(text)
    else:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    return 0


def add_botzone_convert(sub: Commands) -> None:
    """``convert`` among the ``botzone`` command's subcommands (``sub``)."""
    c = sub.add_parser(
        "convert",
        help="a Botzone log to the engine's game (Game.to_json), or a game under the botzone "
        "rule set to a Botzone log (the judge's input)",
    )
    c.add_argument("input", metavar="IN", help="the log to convert, or - for standard input")
    c.add_argument(
        "--to",
        choices=("botzone", "engine"),
        required=True,
        help="engine: IN is a Botzone log; botzone: IN is a log koudiandian replay reads",
    )
    c.add_argument("--out", default="-", help="the file to write (default: standard output)")
    c.add_argument(
        "--hand",
        type=int,
        default=0,
        help="with --to botzone: which hand of IN, from 0 (default 0)",
    )
    c.add_argument(
        "--no-check",
        action="store_true",
        help="with --to engine: play the log's answers without comparing its judge's outputs "
        "with ours",
    )
    c.set_defaults(run=_convert)
