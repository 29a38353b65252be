"""``koudiandian ladder``: every pair of bots on duplicate walls, ranked."""

from __future__ import annotations

import argparse
import json

from ..bots import KNOWN_BOTS
from ..execbot import split_bots
from .options import RULES_HELP, Commands, rules_of

__all__ = ["add_ladder"]


def _ladder(args: argparse.Namespace) -> int:
    from ..ladder import ladder

    names = [name for word in args.bots for name in split_bots(word)]
    result = ladder(
        names,
        rules=[rules_of(text) for text in args.rules] if args.rules else None,
        walls=args.walls,
        batch=args.batch,
        seed=args.seed,
    )
    print(json.dumps(result.to_dict(), indent=2) if args.json else result.table())
    return 0


def add_ladder(sub: Commands) -> None:
    """``koudiandian ladder``: every pair of bots on duplicate walls, ranked."""
    la = sub.add_parser(
        "ladder",
        help="play every pair of bots on duplicate walls (each against three copies of the "
        "other) and rank them",
    )
    la.add_argument(
        "--bots",
        nargs="+",
        required=True,
        help=f"two or more bots: names ({KNOWN_BOTS}) separated by commas or spaces, "
        "and exec:COMMAND bots (or Botzone bots, botzone:COMMAND, under --rules botzone), "
        "each quoted as its own argument (such a bot runs to the end of its argument)",
    )
    la.add_argument(
        "--rules",
        nargs="+",
        help=f"one or more rule sets, each {RULES_HELP}",
    )
    la.add_argument(
        "--walls",
        type=int,
        default=2000,
        help="the most walls a pair plays per rule set, each 8 hands (default 2000)",
    )
    la.add_argument(
        "--batch",
        type=int,
        default=100,
        help="walls between two checks of the stop: a pair stops once the 95%% interval of "
        "its mean difference excludes 0 (default 100)",
    )
    la.add_argument("--seed", type=int, default=0, help="the walls' seed (default 0)")
    la.add_argument("--json", action="store_true", help="print the figures as JSON")
    la.set_defaults(run=_ladder)
