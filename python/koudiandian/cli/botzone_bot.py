"""``koudiandian botzone bot NAME``: a built-in bot (``random``, ``greedy``, ``expert``,
``search[:…]``) as a Botzone bot, speaking the protocol on standard input and output
(:mod:`koudiandian.botzone.botmain`)."""

from __future__ import annotations

import argparse

from .options import Commands

__all__ = ["add_botzone_bot"]


def _bot(args: argparse.Namespace) -> int:
    from ..botzone.botmain import run

    return run(args.name, args.seed, args.interaction, args.keep_running)


def add_botzone_bot(sub: Commands) -> None:
    """``bot`` among the ``botzone`` command's subcommands (``sub``)."""
    b = sub.add_parser(
        "bot",
        help="a built-in bot as a Botzone bot: requests on stdin, answers on stdout "
        "(enter it as botzone:koudiandian botzone bot NAME)",
    )
    b.add_argument("name", metavar="NAME", help="random, greedy, expert or search[:…]")
    b.add_argument(
        "--interaction",
        choices=("json", "simple"),
        default="json",
        help="Botzone's JSON interaction (default) or its simple interaction",
    )
    b.add_argument(
        "--keep-running",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="keep running between turns (default), or answer one turn and exit",
    )
    b.add_argument("--seed", type=int, default=0, help="the bot's seed (default 0)")
    b.set_defaults(run=_bot)
