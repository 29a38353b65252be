"""The ``koudiandian`` command line: simulate, play, analyze, replay, ladder, serve, prune,
botzone, dataset.

One module per subcommand (or family of them), each with an ``add_...`` that declares its
parser and the function it runs; :mod:`.options` holds what they share."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import KoudiandianError
from .botzone import add_botzone
from .dataset import add_dataset
from .ladder import add_ladder
from .lookup import add_analyze, add_rules_reference
from .options import Parser
from .play import add_play
from .replay import add_replay
from .serve import add_prune, add_serve
from .simulate import add_simulate

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="koudiandian", description="Shanxi Koudiandian (扣点点) mahjong engine")
    p.add_argument("--version", action="version", version=f"koudiandian {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")
    for add in (
        add_simulate,
        add_rules_reference,
        add_analyze,
        add_replay,
        add_play,
        add_ladder,
        add_serve,
        add_prune,
        add_botzone,
        add_dataset,
    ):
        add(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. Errors print one line to stderr
    (where a replay stops, the view there follows it, indented)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        code = int(args.run(args))
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except BrokenPipeError:
        _silence_stdout()
        return 128 + 13  # as if killed by SIGPIPE, like other tools whose reader left
    except (KoudiandianError, ValueError, OSError) as e:
        print(f"koudiandian: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("koudiandian: interrupted", file=sys.stderr)
        return 130


def _silence_stdout() -> None:
    """Point stdout at the null device: its reader is gone (``koudiandian ... | head``), and
    Python's own flush at exit must not complain about the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # stdout is no file (a test's capture): nothing to silence
