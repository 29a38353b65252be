"""The ``koudiandian`` program's entry point (and ``python -m koudiandian``'s).

``koudiandian botzone bot NAME …`` goes straight to the Botzone bot program
(:mod:`koudiandian.botzone.botmain`) without importing the command line's other commands: a
Botzone bot is started afresh for every game, and its start-up counts against its first turn
(docs/botzone.md). Every other command is the command line's (:mod:`koudiandian.cli`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

__all__ = ["main"]

#: The words that name the Botzone bot program.
BOT_COMMAND = ("botzone", "bot")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program on ``argv`` (default: the process's arguments); the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if tuple(args[: len(BOT_COMMAND)]) == BOT_COMMAND:
        from .botzone.botmain import main as bot

        return bot(args[len(BOT_COMMAND) :], prog="koudiandian " + " ".join(BOT_COMMAND))
    from .cli import main as command_line

    return command_line(args)
