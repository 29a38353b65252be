"""``koudiandian botzone``: Botzone's Chinese Standard Mahjong. ``judge`` is the judge
program (one input on stdin, the next output on stdout); ``check LOG…`` judges finished
games' logs again and prints every difference."""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from ..errors import BotzoneInputError
from .options import Commands, Parser

__all__ = ["add_botzone"]


def _judge(args: argparse.Namespace) -> int:
    from ..botzone.judge import botzone_judge

    text = sys.stdin.read()
    out = botzone_judge(text)
    print(json.dumps(out, ensure_ascii=False, separators=(",", ":")))
    return 0


def _games(path: str) -> Iterator[tuple[str, str]]:
    """Each game of a log file as (where, JSON text): one JSON document, or JSON lines
    (one game a line); gzipped when the name ends in ``.gz``; ``-`` standard input."""
    if path == "-":
        text = sys.stdin.read()
    else:
        p = Path(path)
        if not p.is_file():
            raise BotzoneInputError(f"no such log file: {path}")
        raw = p.read_bytes()
        if path.endswith(".gz"):
            try:
                raw = gzip.decompress(raw)
            except OSError as e:
                raise BotzoneInputError(f"{path}: not gzip ({e})") from e
        text = raw.decode("utf-8", errors="replace")
    stripped = text.strip()
    try:
        json.loads(stripped)
        yield path, stripped
        return
    except json.JSONDecodeError:
        pass
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            yield f"{path}:{n}", line


def _check(args: argparse.Namespace) -> int:
    from ..botzone.judge import botzone_check

    games = differ = 0
    for path in args.logs:
        for where, text in _games(path):
            games += 1
            try:
                diffs = botzone_check(text)
            except BotzoneInputError as e:
                raise BotzoneInputError(f"{where}: {e}") from e
            if diffs:
                differ += 1
            for d in diffs[: args.limit]:
                print(
                    f"{where}: turn {d.turn} {d.field}: logged {d.logged or '(none)'}, ours {d.ours or '(none)'}"
                )
            if len(diffs) > args.limit:
                print(f"{where}: … {len(diffs) - args.limit} more differences")
    print(f"{games - differ} of {games} games agree with the log")
    return 1 if differ else 0


def add_botzone(sub: Commands) -> None:
    """``koudiandian botzone``: the judge and the check."""
    b = sub.add_parser("botzone", help="Botzone's Chinese Standard Mahjong: judge, check")
    commands = b.add_subparsers(dest="botzone_command", parser_class=Parser, metavar="COMMAND")
    commands.required = True
    j = commands.add_parser(
        "judge",
        help='the judge program: {"initdata", "log"} on stdin, the next output on stdout',
    )
    j.set_defaults(run=_judge)
    c = commands.add_parser(
        "check",
        help="judge finished games' logs again and print every difference (exit 1 if any)",
    )
    c.add_argument(
        "logs",
        nargs="+",
        metavar="LOG",
        help="a game log: one JSON document {initdata, log}, or JSON lines of them, "
        "gzipped if .gz; - for standard input",
    )
    c.add_argument(
        "--limit", type=int, default=20, help="differences printed per game (default 20)"
    )
    c.set_defaults(run=_check)
