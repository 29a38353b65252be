"""A Botzone bot named where a bot is named: ``botzone:COMMAND`` (JSON interaction) or
``botzone-simple:COMMAND`` (simple interaction), e.g. ``botzone:python my_bot.py``.

:class:`BotzoneBot` is such a bot's description (picklable: no process is started by
building one): the command, its interaction and its limits. Each game it plays gets a
:class:`~koudiandian.botzone.session.BotSession` of its own (:meth:`BotzoneBot.session`).
A Botzone bot plays only under the ``botzone`` rule set (docs/botzone.md).
"""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Sequence
from typing import Any

from ..errors import ArgumentTypeError, InvalidArgumentError
from .runner import DEFAULT_MEMORY_LIMIT, INTERACTIONS, BotRunner, argv_of
from .session import BotSession

__all__ = ["BotzoneBot", "is_botzone", "PREFIXES", "DEFAULT_TIME_LIMIT", "time_factor_of"]

#: The prefixes of a Botzone bot's name and the interaction each names.
PREFIXES: dict[str, str] = {"botzone:": "json", "botzone-simple:": "simple"}
#: Seconds per turn before the language's factor (Botzone: 1 s for C and C++).
DEFAULT_TIME_LIMIT = 1.0
#: The platform's time factors by the program that runs the bot (others: 1).
_FACTORS = {"python": 6.0, "python3": 6.0, "pypy": 6.0, "pypy3": 6.0, "java": 3.0, "node": 2.0}


def is_botzone(spec: object) -> bool:
    """Whether ``spec`` is a Botzone bot's name (``botzone:…`` or ``botzone-simple:…``)."""
    return isinstance(spec, str) and any(spec.lower().startswith(p) for p in PREFIXES)


def time_factor_of(argv: Sequence[str]) -> float:
    """The platform's time factor for a program: 6 for Python, 3 for Java, 2 for
    JavaScript (Node.js), 1 for anything else (a compiled bot). The program is looked for
    through ``env`` (``env python3 bot.py``) and a script's ``#!`` line (``./bot.py``
    beginning ``#!/usr/bin/env python3``)."""
    program = _interpreter(list(argv))
    for name, factor in _FACTORS.items():
        if program == name or program.startswith(name + "3.") or program.startswith(name + "."):
            return factor
    return 1.0


def _interpreter(argv: list[str], depth: int = 0) -> str:
    """The name of the program that runs ``argv``: past ``env`` and its options and
    variables, into a script's ``#!`` line (two levels at most)."""
    program = os.path.basename(argv[0]).lower() if argv else ""
    if program == "env":
        rest = [a for a in argv[1:] if not a.startswith("-") and "=" not in a]
        return _interpreter(rest, depth) if rest else program
    if depth < 2 and os.path.isfile(argv[0]):
        try:
            with open(argv[0], "rb") as f:
                first = f.readline(256)
        except OSError:
            return program
        if first.startswith(b"#!"):
            words = first[2:].decode("utf-8", "replace").split()
            if words:
                return _interpreter(words, depth + 1)
    return program


class BotzoneBot:
    """A Botzone bot (see the module's doc).

    ``command``: the program and its arguments (text is split by :func:`shlex.split`);
    ``interaction``: ``"json"`` or ``"simple"``; ``time_limit``: seconds per turn before
    the factor (the first turn of a game has twice the time); ``time_factor``: the
    language's factor (``None``: from the program, :func:`time_factor_of`);
    ``memory_limit``: megabytes of resident memory of the bot's processes; ``name``:
    the bot's name in summaries (default its spec, ``botzone:COMMAND``).
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        interaction: str = "json",
        time_limit: float = DEFAULT_TIME_LIMIT,
        time_factor: float | None = None,
        memory_limit: int = DEFAULT_MEMORY_LIMIT,
        name: str | None = None,
    ) -> None:
        self.argv = argv_of(command)
        if interaction not in INTERACTIONS:
            raise InvalidArgumentError(
                f"unknown interaction {interaction!r}: expected one of {', '.join(INTERACTIONS)}"
            )
        self.interaction = interaction
        if time_factor is None:
            time_factor = time_factor_of(self.argv)
        if isinstance(time_factor, bool) or not isinstance(time_factor, int | float):
            raise ArgumentTypeError(f"time_factor must be a number, not {time_factor!r}")
        if not time_factor > 0:
            raise InvalidArgumentError(f"time_factor must be positive, not {time_factor!r}")
        self.time_factor = float(time_factor)
        if isinstance(time_limit, bool) or not isinstance(time_limit, int | float):
            raise ArgumentTypeError(f"time_limit must be a number of seconds, not {time_limit!r}")
        self.time_limit = time_limit
        self.memory_limit = memory_limit
        prefix = next(p for p, i in PREFIXES.items() if i == interaction)
        self.name = name if name is not None else prefix + shlex.join(self.argv)
        self.runner()  # the limits checked now

    @classmethod
    def from_spec(cls, spec: str, *, bare: bool = False, **limits: Any) -> BotzoneBot:
        """The bot a name ``botzone:COMMAND`` or ``botzone-simple:COMMAND`` gives (with
        ``bare``, a command without a prefix too: JSON interaction, as Botzone's default);
        ``limits``: :class:`BotzoneBot`'s keyword arguments (``time_limit``,
        ``time_factor``, ``memory_limit``)."""
        if not isinstance(spec, str):
            raise ArgumentTypeError(f"a Botzone bot's name is text, not {spec!r}")
        if not is_botzone(spec):
            if bare:
                return cls(spec, interaction="json", name=spec, **limits)
            raise InvalidArgumentError(
                f"{spec!r} is no Botzone bot: expected botzone:COMMAND or botzone-simple:COMMAND"
            )
        prefix = next(p for p in PREFIXES if spec.lower().startswith(p))
        return cls(spec[len(prefix) :].strip(), interaction=PREFIXES[prefix], name=spec, **limits)

    def __repr__(self) -> str:
        return f"BotzoneBot({self.name!r})"

    def check_program(self) -> BotzoneBot:
        """``self``, once its program is found (on ``PATH``, or a path to an executable
        file), so that a misnamed bot is refused before anything runs; else
        :class:`InvalidArgumentError` naming the bot."""
        program = self.argv[0]
        if shutil.which(program) is None:
            raise InvalidArgumentError(
                f"bot {self.name!r}: no program {program!r} (not on PATH, or not an executable file)"
            )
        return self

    def runner(self) -> BotRunner:
        """How one turn of the bot is run, with its limits."""
        return BotRunner(
            self.argv,
            interaction=self.interaction,
            time_limit=self.time_limit * self.time_factor,
            memory_limit=self.memory_limit,
            name=self.name,
        )

    def session(self) -> BotSession:
        """A new game of the bot (nothing is started until its first turn)."""
        return BotSession(self.runner())
