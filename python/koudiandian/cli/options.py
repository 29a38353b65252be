"""What the subcommands share: the parser class, the help texts and readers of ``--rules``,
``--bots`` and the tile style."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TypeAlias

from ..bots import KNOWN_BOTS, is_policy
from ..botzone.spec import is_botzone
from ..errors import KoudiandianError
from ..execbot import is_exec, split_bots
from ..rules import Rules
from ..selfplay import named_factory
from ..tile import TileStyle

__all__ = [
    "Parser",
    "Commands",
    "RULES_HELP",
    "BOTS_HELP",
    "rules_of",
    "bots_of",
    "add_style",
    "style_of",
]


class Parser(argparse.ArgumentParser):
    """A parser whose usage errors are one line, ``koudiandian: error: ...`` (status 2)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """Exit with status 2 and ``message`` on one line."""
        self.exit(2, f"koudiandian: error: {message}\n")


#: The subcommands' parsers, as ``add_subparsers`` gives them.
Commands: TypeAlias = "argparse._SubParsersAction[Parser]"

#: The help of every ``--rules``: the presets and options it takes.
RULES_HELP = (
    f"a preset ({', '.join(Rules.PRESETS)}) and/or options "
    f"({', '.join(o['name'] for o in Rules.options())}), comma-separated, in any case: "
    '"taiyuan", "wind_runs,wildcards=random", "taiyuan,must_win"; default: every option off; '
    "`koudiandian rules` describes each"
)

#: The help of every ``--bots``: the bots it takes, and how.
BOTS_HELP = (
    f"bots by name ({KNOWN_BOTS}: exec:COMMAND is a program speaking docs/bots.md's "
    "protocol, quoted as one argument: an exec: bot runs to the end of its argument; "
    "botzone:COMMAND and botzone-simple:COMMAND, a Botzone bot under --rules botzone, "
    "likewise; policy:PATH a trained policy's .npz file, its path without commas or "
    "spaces), separated by commas or spaces, one per seat, or one name for every seat"
)


def rules_of(text: str | None) -> Rules:
    """The rules of ``--rules`` (option, preset and value names are all lower case: any
    case is accepted); every option off without it."""
    return Rules.parse(text.lower()) if text else Rules()


def bots_of(words: Sequence[str] | None, default: Sequence[str], seats: int) -> list[str]:
    """The bots of ``--bots``: names separated by commas and/or spaces (in one argument or
    several), in any case; an ``exec:`` bot runs to the end of its argument
    (:func:`~koudiandian.execbot.split_bots`: give it its own, quoted); one bot plays every
    seat."""
    if not words:
        return list(default)
    names = [name for word in words for name in split_bots(word)]
    # a policy's path cut at a comma or space makes the count or a name wrong: say why
    hint = (
        " (the path of a policy:PATH is cut at a comma or space: rename or link the file)"
        if any(is_policy(n) for n in names)
        else ""
    )
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise KoudiandianError(
            f"--bots takes one bot for every seat or {seats}, one per seat; got {len(names)}{hint}"
        )
    for name in names:
        if not is_exec(name) and not is_botzone(name):
            try:
                named_factory(name)  # raises for a name that is no bot
            except KoudiandianError as e:
                raise type(e)(f"{e}{hint}") from None
    return names


def add_style(p: argparse.ArgumentParser) -> None:
    """``--ascii`` and ``--glyphs``, the tile styles other than Chinese."""
    style = p.add_mutually_exclusive_group()
    style.add_argument(
        "--ascii", action="store_true", help="tiles in MPSZ notation (5m) instead of Chinese"
    )
    style.add_argument("--glyphs", action="store_true", help="tiles as Unicode mahjong glyphs")


def style_of(args: argparse.Namespace) -> TileStyle:
    """The tile style :func:`add_style`'s flags name."""
    return "mpsz" if args.ascii else ("unicode" if args.glyphs else "chinese")
