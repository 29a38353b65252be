"""The ``koudiandian`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .errors import KoudiandianError
from .hand import is_win, ready_discards, score_win, winning_tiles
from .meld import Meld
from .rules import Rules
from .tile import TILES, format_tiles, parse_tiles

__all__ = ["main"]


def _analyze(args: argparse.Namespace) -> int:
    rules = Rules.parse(args.rules) if args.rules else Rules()
    wildcards = parse_tiles(args.wildcards) if args.wildcards else []
    melds = [Meld.of(kind, tile) for kind, tile in (m.split(":") for m in args.meld or [])]
    tiles = parse_tiles(args.hand)
    style = "mpsz" if args.ascii else "chinese"
    concealed = 14 - 3 * len(melds)
    print(f"hand:      {format_tiles(tiles, style)}  ({format_tiles(tiles)})")
    if melds:
        print(f"melds:     {', '.join(str(m) for m in melds)}")
    if wildcards:
        print(f"wildcards: {format_tiles(wildcards, style)}")
    print(f"rules:     {', '.join(k for k, v in rules.to_dict().items() if v and v != 'none') or 'default'}")
    kw = {"melds": melds, "wildcards": wildcards, "rules": rules}
    if len(tiles) == concealed:
        if is_win(tiles, **kw):
            last = tiles[-1]
            for self_draw in (True, False):
                s = score_win(tiles, last, self_draw=self_draw, **kw)
                how = "self-draw" if self_draw else "on a discard"
                verdict = "allowed" if s.allowed else "not allowed"
                pats = " ".join(p.chinese for p in s.patterns)
                print(
                    f"complete: winning {how} with {last}: p={s.points} ({verdict}), {pats}, "
                    f"factor ×{s.factor}, each payer {s.payment}"
                )
            return 0
        ready = ready_discards(tiles, **kw)
        if not ready:
            print("not ready after any discard")
        for r in ready:
            waits = format_tiles(r.winning_tiles) or "-"
            extra = f", wildcard draw p={r.wildcard_points}" if r.wildcard_points else ""
            declare = "报听 allowed" if r.declarable else "报听 not allowed (no winning tile ≥ 6)"
            print(f"discard {TILES[r.discard]}: waits {waits}{extra}; {declare}")
        return 0
    if len(tiles) == concealed - 1:
        waits = winning_tiles(tiles, **kw)
        print(f"winning tiles: {format_tiles(waits) or 'none (not ready)'}")
        return 0
    raise KoudiandianError(
        f"{len(tiles)} tiles with {len(melds)} meld(s); expected {concealed} or {concealed - 1}"
    )


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="koudiandian", description="Shanxi Koudiandian (扣点点) mahjong engine")
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("analyze", help="winning tiles, ready discards and value of a hand")
    a.add_argument("hand", help='concealed tiles, e.g. "123p456p789p11s469m"')
    a.add_argument("--wildcards", help='wildcard kinds (耗子), e.g. "5m" or "5m1z"')
    a.add_argument("--meld", action="append", help='a declared meld as KIND:TILE, e.g. "pong:7z" (repeatable)')
    a.add_argument("--rules", help='a preset and/or options, e.g. "taiyuan" or "wind_runs,bonus_patterns"')
    a.add_argument("--ascii", action="store_true", help="MPSZ notation instead of Chinese")
    a.set_defaults(run=_analyze)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. Errors print one line to stderr."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (KoudiandianError, ValueError) as e:
        print(f"koudiandian: error: {e}", file=sys.stderr)
        return 2
