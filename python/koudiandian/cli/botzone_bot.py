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
    """``bot`` among the ``botzone`` command's subcommands (``sub``), with the bot
    program's own arguments (:func:`koudiandian.botzone.botmain.add_arguments`)."""
    from ..botzone.botmain import add_arguments

    b = sub.add_parser(
        "bot",
        help="a built-in bot as a Botzone bot: requests on stdin, answers on stdout "
        "(enter it as botzone:koudiandian botzone bot NAME)",
    )
    add_arguments(b)
    b.set_defaults(run=_bot)
