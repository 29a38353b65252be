"""``koudiandian botzone``: Botzone's Chinese Standard Mahjong. ``judge`` is the judge
program (one input on stdin, the next output on stdout); ``check LOG…`` judges finished
games' logs again and prints every difference; ``play BOT×4`` plays games between Botzone
bots under koudiandian's judge or another judge program; ``convert`` turns a Botzone log
into the engine's game and back (:mod:`.botzone_convert`); ``arena`` plays four bots in the
competitions' format (:mod:`.botzone_arena`); ``bot NAME`` is a built-in bot as a Botzone
bot (:mod:`.botzone_bot`)."""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import BotzoneInputError
from .botzone_arena import add_botzone_arena
from .botzone_bot import add_botzone_bot
from .botzone_convert import add_botzone_convert
from .options import Commands, Parser

if TYPE_CHECKING:
    from ..botzone.spec import BotzoneBot

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


def _runner(spec: str, time_limit: float) -> BotzoneBot:
    """The bot of a command-line spec: ``botzone:CMD`` (JSON interaction, also the meaning
    of a bare ``CMD``) or ``botzone-simple:CMD`` (simple interaction); ``time_limit``:
    seconds per turn whatever the bot's language (the first turn double)."""
    from ..botzone.spec import BotzoneBot

    return BotzoneBot.from_spec(spec, bare=True, time_limit=time_limit, time_factor=1)


def _play(args: argparse.Namespace) -> int:
    from ..botzone.game import command_judge, play_game
    from ..botzone.game_judge import GameJudge
    from ..botzone.walls import seeded_initdata

    if args.games < 1:
        raise BotzoneInputError(f"--games must be positive, got {args.games}")
    bots = [_runner(spec, args.time_limit) for spec in args.bots]
    program = command_judge(args.judge) if args.judge else None
    totals = [0, 0, 0, 0]
    with open(args.out, "w", encoding="utf-8") if args.out != "-" else sys.stdout as out:
        for n in range(args.games):
            seed = args.seed + n
            initdata = seeded_initdata(seed, args.quan, flowers=args.flowers)
            game = play_game(bots, program or GameJudge(), initdata)
            out.write(json.dumps(game.to_json(), ensure_ascii=False, separators=(",", ":")))
            out.write("\n")
            out.flush()
            end = game.log[-1]["output"]
            scores = game.scores or [0, 0, 0, 0]
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
            print(
                f"game {n + 1} (seed {seed}): {end.get('display', {}).get('action', '?')}, "
                f"scores {' '.join(f'{s:+d}' for s in scores)}",
                file=sys.stderr,
            )
    print(
        f"{args.games} games; total scores by seat: {' '.join(f'{t:+d}' for t in totals)}",
        file=sys.stderr,
    )
    return 0


def add_botzone(sub: Commands) -> None:
    """``koudiandian botzone``: the judge, the check, games between bots, conversions, the
    arena, the built-in bots as Botzone bots."""
    b = sub.add_parser(
        "botzone",
        help="Botzone's Chinese Standard Mahjong: judge, check, play, convert, arena, bot",
    )
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
    p = commands.add_parser(
        "play",
        help="play games between four Botzone bots (restarted or kept running) under a judge; "
        "each game's whole log written as one JSON line",
    )
    p.add_argument(
        "bots",
        nargs=4,
        metavar="BOT",
        help="seat 0–3's bot: a command (JSON interaction), botzone:CMD (the same) or "
        "botzone-simple:CMD (simple interaction)",
    )
    p.add_argument(
        "--judge",
        metavar="CMD",
        help="a judge program run once per turn (e.g. Botzone's official judge built to read "
        "standard input); default: koudiandian's judge, in-process",
    )
    p.add_argument("--games", type=int, default=1, help="games to play (default 1)")
    p.add_argument(
        "--seed", type=int, default=0, help="the first game's wall seed (game n: seed + n)"
    )
    p.add_argument(
        "--quan",
        type=int,
        choices=range(4),
        default=0,
        help="the prevalent wind: 0 东 (default) … 3 北",
    )
    p.add_argument("--flowers", action="store_true", help="144-tile walls (the eight flowers)")
    p.add_argument(
        "--time-limit",
        type=float,
        default=6.0,
        metavar="SECONDS",
        help="wall-clock seconds a bot may take per turn before its TLE, whatever its "
        "language (default 6; the first turn twice that)",
    )
    p.add_argument(
        "--out", default="-", metavar="FILE", help="where the logs go (default: standard output)"
    )
    p.set_defaults(run=_play)
    add_botzone_convert(commands)
    add_botzone_arena(commands)
    add_botzone_bot(commands)
