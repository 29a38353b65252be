"""``koudiandian botzone arena``: four Botzone bots in the competitions' format (BOTZONE.md
§6): N seeded walls, each under every seating, ranked wall by wall for 4/3/2/1 points
(:mod:`koudiandian.botzone.arena`). The standings go to standard output as a table (or
JSON, ``--json``), the progress bar to standard error, every game's log to ``--out``. The
``botzone`` command registers it (:func:`add_botzone_arena`)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING

from ..errors import InvalidArgumentError
from .options import Commands

if TYPE_CHECKING:
    from ..botzone.arena import ArenaGame

__all__ = ["add_botzone_arena"]

#: In an output directory: the games' logs (JSON lines) and the report (JSON).
GAMES_FILE = "games.jsonl"
REPORT_FILE = "report.json"


def _is_directory(out: str) -> bool:
    """Whether ``--out`` names a directory: an existing one, or a name ending in ``/``."""
    return out.endswith(("/", os.sep)) or Path(out).is_dir()


def _arena(args: argparse.Namespace) -> int:
    from ..botzone.arena import arena, arena_bot
    from ..botzone.game import command_judge
    from ..progress import progress_bar

    if args.walls < 1:
        raise InvalidArgumentError(f"--walls must be positive, got {args.walls}")
    if args.jobs is not None and args.jobs < 1:
        raise InvalidArgumentError(f"--jobs must be positive, got {args.jobs}")
    bots = [arena_bot(spec) for spec in args.bots]  # a bad bot named before anything runs
    judge = (lambda: command_judge(args.judge)) if args.judge else None
    directory = _is_directory(args.out)
    if directory:
        Path(args.out).mkdir(parents=True, exist_ok=True)
    logs_path = Path(args.out) / GAMES_FILE if directory else Path(args.out)
    total = args.walls * args.orders
    with contextlib.ExitStack() as stack:
        logs: IO[str] = stack.enter_context(open(logs_path, "w", encoding="utf-8"))
        progress = stack.enter_context(progress_bar(total, "games"))

        def keep(game: ArenaGame) -> None:
            logs.write(json.dumps(game.log.to_json(), ensure_ascii=False, separators=(",", ":")))
            logs.write("\n")

        report = arena(
            bots,
            walls=args.walls,
            orders=args.orders,
            seed=args.seed,
            flowers=args.flowers,
            judge=judge,
            jobs=args.jobs,
            on_game=keep,
            progress=progress,
        )
    document = report.to_json()
    document["logs"] = str(logs_path)
    if directory:
        (Path(args.out) / REPORT_FILE).write_text(
            json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    if args.json:
        print(json.dumps(document, ensure_ascii=False, indent=1))
    else:
        print(report.table())
        print(f"logs: {logs_path}", file=sys.stderr)
    return 0


def add_botzone_arena(commands: Commands) -> None:
    """``koudiandian botzone arena``: the arena in the competitions' format."""
    a = commands.add_parser(
        "arena",
        help="four Botzone bots on N walls, each under every seating, ranked wall by wall "
        "for 4/3/2/1 points as the competitions ranked them",
    )
    a.add_argument(
        "--bots",
        nargs=4,
        required=True,
        metavar="BOT",
        help="the four bots: botzone:CMD (JSON interaction, also a bare CMD) or "
        "botzone-simple:CMD (simple interaction); a bot may be named more than once",
    )
    a.add_argument("--walls", type=int, required=True, help="how many walls (each seeded)")
    a.add_argument(
        "--orders",
        type=int,
        choices=(24, 4),
        default=24,
        help="seatings per wall: 24 (every order, the default) or 4 (the rotations)",
    )
    a.add_argument(
        "--seed", type=int, default=0, help="wall w is the engine's wall for seed + w (default 0)"
    )
    a.add_argument("--flowers", action="store_true", help="144-tile walls (the eight flowers)")
    a.add_argument(
        "--out",
        default="arena/",
        metavar="DIR|FILE",
        help=f"a directory (existing, or a name ending in /) gets {GAMES_FILE} (every game's "
        f"Botzone log, a JSON line each) and {REPORT_FILE}; another name is the logs' file "
        "(default: arena/)",
    )
    a.add_argument(
        "--json", action="store_true", help="print the report as JSON instead of a table"
    )
    a.add_argument(
        "--judge",
        metavar="CMD",
        help="a judge program run once per turn (e.g. Botzone's official judge built to read "
        "standard input); default: koudiandian's judge, in-process",
    )
    a.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="J",
        help="games played at once (default: the CPU count)",
    )
    a.set_defaults(run=_arena)
