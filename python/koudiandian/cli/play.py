"""``koudiandian play``: a hand or a match at the terminal."""

from __future__ import annotations

import argparse

from .options import BOTS_HELP, RULES_HELP, Commands, add_style, bots_of, rules_of, style_of

__all__ = ["add_play"]


def _play(args: argparse.Namespace) -> int:
    from ..play import play_terminal

    return play_terminal(
        rules=rules_of(args.rules),
        seed=args.seed,
        seat=args.seat,
        bots=bots_of(args.bots, ("greedy",) * 3, 3),
        style=style_of(args),
        match=args.match,
    )


def add_play(sub: Commands) -> None:
    """``koudiandian play``: a hand or a match at the terminal."""
    pl = sub.add_parser("play", help="play a hand (or a match) against three bots")
    pl.add_argument("--rules", help=RULES_HELP)
    pl.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the deal's seed, to play a hand again (default: a random one, shown at the start)",
    )
    pl.add_argument("--seat", type=int, default=0, help="your seat 0–3 (default 0)")
    pl.add_argument(
        "--bots",
        nargs="+",
        metavar="NAME",
        help=f"the other three seats' {BOTS_HELP} (default greedy)",
    )
    pl.add_argument(
        "--match",
        action="store_true",
        help="play a match, not one hand: the profile's own (one round; guobiao 16 hands, sichuan 8)",
    )
    add_style(pl)
    pl.set_defaults(run=_play)
