"""``koudiandian simulate``: a seeded run of bots, summarised."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..errors import KoudiandianError
from ..simulate import DEFAULT_BOTS, MAX_UNITS, SimulationInterrupted, simulate
from .options import BOTS_HELP, RULES_HELP, Commands, bots_of, rules_of

__all__ = ["add_simulate"]


def _match_length(text: str | None) -> int | str | None:
    if text is None or text == "one_round":
        return text
    if text.isdigit() and int(text) > 0:
        return int(text)
    raise KoudiandianError(f"--match takes one_round or a number of hands, got {text!r}")


def _cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _simulate(args: argparse.Namespace) -> int:
    if args.hands < 1:
        raise KoudiandianError(f"--hands must be positive, got {args.hands}")
    if args.hands > MAX_UNITS:
        raise KoudiandianError(f"--hands must be at most 2**40, got {args.hands}")
    workers, threads = args.workers, args.threads
    for flag, value in (("--workers", workers), ("--threads", threads)):
        if value < 1:
            raise KoudiandianError(f"{flag} must be positive, got {value}")
    local = args.backend == "local"
    if local and workers * threads > _cpus():
        workers = max(1, min(workers, _cpus()))
        threads = max(1, min(threads, _cpus() // workers))
        asked, using = f"--workers {args.workers}", f"{workers}"
        if args.threads > 1:
            asked += f" × --threads {args.threads}"
            using += f" × {threads}"
        print(
            f"koudiandian: {asked} is more than the {_cpus()} CPU(s) here; using {using}",
            file=sys.stderr,
        )
    code = 0
    try:
        summary = simulate(
            args.hands,
            rules=rules_of(args.rules),
            bots=bots_of(args.bots, DEFAULT_BOTS, 4),
            seed=args.seed,
            workers=workers,
            threads=threads,
            backend=args.backend,
            address=args.address,
            duplicate=args.duplicate,
            log=sys.stdout if args.log == "-" else args.log,
            progress=not args.quiet and sys.stderr.isatty(),  # a bar on a terminal only
            match=_match_length(args.match),
        )
    except SimulationInterrupted as stopped:
        # Ctrl-C: the log holds every hand played so far; sum those up, and say how many.
        print(f"koudiandian: {stopped}; the summary and the log cover those", file=sys.stderr)
        summary, code = stopped.summary, 130
    # With the log on standard output, the summary goes to standard error, out of its way.
    out = sys.stderr if args.log == "-" else sys.stdout
    print(json.dumps(summary.to_dict(), indent=2) if args.json else summary.table(), file=out)
    return code


def add_simulate(sub: Commands) -> None:
    """``koudiandian simulate``: a seeded run of bots, summarised."""
    s = sub.add_parser("simulate", help="play seeded hands with bots and summarise them")
    s.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    s.add_argument("--bots", nargs="+", help=f"{BOTS_HELP} (default {' '.join(DEFAULT_BOTS)})")
    s.add_argument("--rules", help=RULES_HELP)
    s.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the run's seed: the same seed deals the same hands (default 0)",
    )
    s.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes, at most one per CPU (the same result for any number; default 1)",
    )
    s.add_argument(
        "--threads",
        type=int,
        default=1,
        help="threads per process for built-in bots, played inside Rust "
        "(the same result for any number; default 1)",
    )
    s.add_argument(
        "--backend",
        choices=["local", "ray"],
        default="local",
        help="local (this machine) or ray (Ray tasks; the [ray] extra; default local)",
    )
    s.add_argument(
        "--address",
        help="the Ray cluster to run on, host:port (default: start a local one)",
    )
    s.add_argument(
        "--duplicate",
        action="store_true",
        help="play every wall four times with the bots rotated through the seats; "
        "--hands counts walls",
    )
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument(
        "--log",
        help="write every hand's events as JSON Lines to this file "
        "(- for standard output; the summary then goes to standard error)",
    )
    s.add_argument(
        "--quiet", action="store_true", help="no progress bar (drawn only on a terminal)"
    )
    s.add_argument(
        "--match",
        help="play whole matches (one_round, or a number of hands each); --hands counts matches",
    )
    s.set_defaults(run=_simulate)
