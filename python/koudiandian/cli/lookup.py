"""``koudiandian analyze`` and ``koudiandian rules``: a hand and the profiles looked up, nothing played."""

from __future__ import annotations

import argparse

from ..errors import KoudiandianError
from ..meld import Meld
from ..tile import Tile, parse_tiles
from .options import RULES_HELP, Commands, add_style, rules_of, style_of

__all__ = ["add_analyze", "add_rules_reference"]


def _analyze(args: argparse.Namespace) -> int:
    from ..analyze import analyze_text

    melds = []
    for m in args.meld or []:
        kind, sep, tile = m.partition(":")
        if not sep:
            raise KoudiandianError(f"--meld takes KIND:TILE like pong:7z, got {m!r}")
        melds.append(Meld.of(kind, tile))
    # --self-draw: a self-draw; --win alone: a win on a discard; neither: both ways.
    self_draw = True if args.self_draw else (False if args.win else None)
    text = analyze_text(
        parse_tiles(args.hand),
        melds=melds,
        wildcards=parse_tiles(args.wildcards) if args.wildcards else [],
        rules=rules_of(args.rules),
        win=Tile.parse(args.win) if args.win else None,
        self_draw=self_draw,
        style=style_of(args),
        void_suit=args.void,
    )
    print(text)
    return 0


def _rules_reference(args: argparse.Namespace) -> int:
    from ..rules import options_reference

    del args
    print(options_reference(), end="")
    return 0


def add_rules_reference(sub: Commands) -> None:
    """``koudiandian rules``: the profiles' options and presets."""
    ru = sub.add_parser("rules", help="every rule profile's options and presets (Markdown)")
    ru.set_defaults(run=_rules_reference)


def add_analyze(sub: Commands) -> None:
    """``koudiandian analyze``: one hand's shanten, waits and value."""
    a = sub.add_parser("analyze", help="shanten, winning tiles, ready discards and value of a hand")
    a.add_argument("hand", help='concealed tiles, e.g. "123p456p789p11s469m"')
    a.add_argument("--wildcards", help='wildcard kinds (耗子), e.g. "5m" or "5m1z"')
    a.add_argument(
        "--meld", action="append", help='a declared meld as KIND:TILE, e.g. "pong:7z" (repeatable)'
    )
    a.add_argument("--rules", help=RULES_HELP)
    a.add_argument(
        "--win",
        metavar="TILE",
        help="the winning tile: one of a complete hand, or one that completes a waiting hand "
        "(default: the last tile of a complete hand)",
    )
    a.add_argument(
        "--self-draw",
        action="store_true",
        help="the win is a self-draw (with --win alone: on a discard; with neither: both)",
    )
    a.add_argument(
        "--void",
        metavar="SUIT",
        help="the hand's void suit (定缺), m, p or s: its tiles must go first and never win",
    )
    add_style(a)
    a.set_defaults(run=_analyze)
