"""``koudiandian dataset``: training samples from logged hands, written as a dataset's shards
(:func:`koudiandian.rl.build_dataset`)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from ..errors import InvalidArgumentError
from .options import Commands

__all__ = ["add_dataset"]


def _seats(words: Sequence[str] | None) -> list[int] | None:
    """The seats of ``--seats``: numbers 0–3 separated by commas and/or spaces."""
    if not words:
        return None
    seats = []
    for word in words:
        for part in word.replace(",", " ").split():
            if part not in ("0", "1", "2", "3"):
                raise InvalidArgumentError(f"--seats takes seat numbers 0-3, got {part!r}")
            seats.append(int(part))
    return seats


def _dataset(args: argparse.Namespace) -> int:
    from ..rl.dataset import build_dataset

    # the encoding, the action space and the shard size: build_dataset's defaults unless
    # given (the rl package is imported when the command runs, not whenever the parser is
    # built)
    chosen = {
        "version": args.version,
        "action_space": args.action_space,
        "shard_size": args.shard_size,
    }
    start = time.perf_counter()
    info = build_dataset(
        args.logs,
        args.out,
        seats=_seats(args.seats),
        bot=args.bot,
        progress=not args.quiet and sys.stderr.isatty(),  # a bar on a terminal only
        **{k: v for k, v in chosen.items() if v is not None},
    )
    seconds = time.perf_counter() - start
    whose = f"bot {info.bot}" if info.bot else "every seat"
    if info.seats is not None:
        whose = "seat" + ("s " if len(info.seats) > 1 else " ") + ", ".join(map(str, info.seats))
    print(
        f"{info.samples} samples ({whose}) from {info.hands} hands of {len(info.logs)} log(s): "
        f"{info.version} observations {info.obs_shape}, action space {info.action_space} "
        f"({info.n_actions}), {len(info.shards)} shard(s) in {args.out}"
    )
    if not args.quiet:
        rate = info.samples / seconds if seconds > 0 else 0.0
        print(f"{seconds:.1f} s, {rate:,.0f} samples/s", file=sys.stderr)
    return 0


def add_dataset(sub: Commands) -> None:
    """``koudiandian dataset``: training samples from logged hands."""
    d = sub.add_parser(
        "dataset",
        help="turn logged hands into training data: each decision's observation, mask, "
        "action and the seat's final delta, in .npz shards",
    )
    d.add_argument(
        "logs",
        nargs="+",
        metavar="LOG",
        help="logs in any shape koudiandian replay reads (simulate --log, a server's hands, "
        "Game.to_json, Match.to_json, Botzone logs, botzone arena's games.jsonl)",
    )
    d.add_argument("--out", required=True, metavar="DIR", help="the dataset's directory")
    whose = d.add_mutually_exclusive_group()
    whose.add_argument(
        "--seats", nargs="+", metavar="SEAT", help="only these seats' decisions (0-3)"
    )
    whose.add_argument(
        "--bot",
        metavar="NAME",
        help="only the decisions of the seats this bot played, where the log names the bots "
        "(simulate --duplicate; botzone arena's games.jsonl beside its report.json)",
    )
    d.add_argument(
        "--version",
        help="the observation encoding: v1, v2, v3 (docs/observation.md; default "
        "koudiandian.rl.DEFAULT_VERSION)",
    )
    d.add_argument(
        "--action-space",
        type=int,
        help="the action numbering: 1 or 2 (default koudiandian.rl.DEFAULT_ACTION_SPACE)",
    )
    d.add_argument(
        "--shard-size",
        type=int,
        metavar="N",
        help="samples per shard (default 65536, koudiandian.rl.dataset_shards.SHARD_SIZE)",
    )
    d.add_argument(
        "--quiet", action="store_true", help="no progress bar (drawn only on a terminal)"
    )
    d.set_defaults(run=_dataset)
