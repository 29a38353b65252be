"""The operator's bots: ``exec:`` programs registered by name when the server starts, which a
table's creator may then seat by that name (docs/server.md, "Bot seats in the server"), and
Botzone bots (``botzone:COMMAND``, ``botzone-simple:COMMAND``), seated at tables of the
botzone rule set only (docs/botzone.md, "Botzone bots at koudiandian's table").

The operator names each bot and its command (``koudiandian serve --bot
mybot="exec:python my_bot.py"``, or ``create_app(bots={"mybot": "exec:python my_bot.py"})``)
and may give it limits of its own (``--bot-timeout mybot=2``, ``--bot-memory mybot=1G``, or
an :class:`~koudiandian.execbot.ExecBot` with them). A table's creator names a seat
``"mybot"``, never a command: ``POST /tables`` takes only the built-in bots' names and the
registered ones (:mod:`koudiandian.server.spec`). Every seat of every table gets a process of its own, made
from the registered bot by :meth:`BotRegistry.new`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, TypeGuard

from ..bots import Bot, is_policy
from ..botzone.seatbot import BotzoneSeatBot
from ..botzone.spec import BotzoneBot, is_botzone
from ..botzone.table import check_botzone_rules
from ..errors import ArgumentTypeError, InvalidArgumentError, KoudiandianError
from ..execbot import EXEC_PREFIX, ExecBot
from ..rules import Rules
from ..simulate import BOTS

if TYPE_CHECKING:
    from ..rl.policy import PolicyFactory

__all__ = ["BotRegistry", "BOT_NAME", "is_bot_name", "bots_of_options"]

#: What a registered bot's name looks like: a lower-case letter, then up to 31 lower-case
#: letters, digits, ``_`` or ``-`` (a name, never a command line).
BOT_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
_HUMAN = "human"  # spec.HUMAN (spec.py imports this module)


def is_bot_name(name: object) -> bool:
    """Whether ``name`` has the form of a registered bot's name (:data:`BOT_NAME`)."""
    return isinstance(name, str) and BOT_NAME.fullmatch(name) is not None


class BotRegistry:
    """The bots an operator registered, by name: ``bots`` maps each name (:data:`BOT_NAME`,
    not ``human`` nor a built-in bot's) to its command (text, as after ``exec:``, the prefix
    optional) or to an :class:`ExecBot` that carries its limits too (``timeout``,
    ``memory``; a command alone gets :class:`ExecBot`'s defaults). Raises
    :class:`InvalidArgumentError` naming a bad name or command, :class:`ArgumentTypeError`
    for a value of another type. Nothing is started here."""

    def __init__(
        self, bots: Mapping[str, str | ExecBot | BotzoneBot | PolicyFactory] | None = None
    ) -> None:
        self._bots: dict[str, ExecBot | BotzoneBot | PolicyFactory] = {}
        for name, bot in (bots or {}).items():
            if not is_bot_name(name) or name == _HUMAN or name in BOTS:
                raise InvalidArgumentError(
                    f"a registered bot's name is a lower-case word of 1-32 letters, digits, "
                    f"'_' or '-', not {_HUMAN!r} nor a built-in bot's "
                    f"({', '.join(BOTS)}); got {name!r}"
                )
            if isinstance(bot, str) and is_botzone(bot):
                bot = _botzone(bot, name)
            elif isinstance(bot, str) and is_policy(bot):
                from ..rl import policy  # NumPy and the RL package: only now

                bot = policy.PolicyFactory(bot)
            if _is_policy_factory(bot):
                try:  # read now: a bad file fails the server's start, not a table's hand
                    bot.load()
                except KoudiandianError as e:  # (ArrayError for weights that do not chain)
                    raise type(e)(f"bot {name!r}: {e}") from None
            elif isinstance(bot, str):
                bot = ExecBot(bot, name=name)
            elif not isinstance(bot, (ExecBot, BotzoneBot)) and not _is_policy_factory(bot):
                raise ArgumentTypeError(
                    f"bot {name!r}: a command (text), policy:PATH, an ExecBot or a BotzoneBot, "
                    f"got {type(bot).__name__}"
                )
            self._bots[name] = bot

    @property
    def names(self) -> tuple[str, ...]:
        """The registered names, in the order given."""
        return tuple(self._bots)

    def __contains__(self, name: object) -> bool:
        return name in self._bots

    def in_process(self, name: str) -> bool:
        """Whether the registered bot ``name`` plays in the server's process (a trained
        policy, :meth:`policy_bot`) rather than as a process of its own (:meth:`new`)."""
        return not isinstance(self._bots[name], (ExecBot, BotzoneBot))

    def policy_bot(self, name: str, seed: int) -> Bot:
        """A bot of the registered policy ``name`` (:meth:`in_process`), its file read at the
        first call. Raises :class:`KeyError` for a name not registered."""
        bot = self._bots[name]
        if isinstance(bot, (ExecBot, BotzoneBot)):
            raise KeyError(name)
        return bot(seed)

    def new(self, name: str) -> ExecBot | BotzoneSeatBot:
        """A fresh bot (nothing started: its process starts at its first decision) of the
        registered bot ``name``, with its limits, named ``name`` in errors and logs (a
        Botzone bot's seat, :class:`BotzoneSeatBot`, for a Botzone bot). Raises
        :class:`KeyError` for a name not registered or played in process."""
        bot = self._bots[name]
        if isinstance(bot, BotzoneBot):
            return BotzoneSeatBot(bot)
        if not isinstance(bot, ExecBot):
            raise KeyError(name)
        return ExecBot(bot.argv, name=name, timeout=bot.timeout, memory=bot.memory)

    def check_rules(self, rules: Rules, seats: Iterable[str]) -> None:
        """Raise :class:`~koudiandian.errors.InvalidRulesError` if ``seats`` name a
        registered Botzone bot and ``rules`` are not the botzone rule set's."""
        check_botzone_rules(rules, [self._bots[s] for s in seats if s in self._bots])

    def describe(self) -> list[str]:
        """One line per bot for the server's log: its name, command and limits."""
        return [
            f"bot {name!r}: {bot.interaction} Botzone bot {' '.join(bot.argv)} (botzone rules "
            f"only; {bot.time_limit * bot.time_factor:g} s a turn, {bot.memory_limit} MB)"
            if isinstance(bot, BotzoneBot)
            else f"bot {name!r}: {bot.name} (a trained policy, in process)"
            if not isinstance(bot, ExecBot)
            else f"bot {name!r}: {EXEC_PREFIX}{' '.join(bot.argv)} (timeout {bot.timeout:g} s, "
            f"memory {'unlimited' if bot.memory is None else f'{bot.memory} bytes'})"
            for name, bot in self._bots.items()
        ]


def _botzone(spec: str, name: str) -> BotzoneBot:
    """The Botzone bot ``spec`` (``botzone:COMMAND``) names, named ``name``."""
    given = BotzoneBot.from_spec(spec)
    return BotzoneBot(given.argv, interaction=given.interaction, name=name)


_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def _pair(text: str, flag: str, value: str) -> tuple[str, str]:
    name, sep, rest = text.partition("=")
    if not sep or not name or not rest:
        raise InvalidArgumentError(f"{flag} takes NAME={value}, got {text!r}")
    return name, rest


def _is_policy_factory(bot: object) -> TypeGuard[PolicyFactory]:
    """Whether ``bot`` is a :class:`~koudiandian.rl.policy.PolicyFactory` (none can exist
    before its module is imported: a registry without policies never imports it)."""
    module = sys.modules.get("koudiandian.rl.policy")
    return module is not None and isinstance(bot, module.PolicyFactory)


def _memory(text: str, name: str) -> int | None:
    """Bytes from ``512M``, ``4G``, ``1073741824`` (binary units) or ``none``."""
    if text.lower() == "none":
        return None
    found = re.fullmatch(r"([0-9]{1,15})([kmgt]?)(?:i?b)?", text.lower())
    if found is None:
        raise InvalidArgumentError(
            f"--bot-memory {name}: bytes (e.g. 1073741824, 512M, 4G) or 'none', got {text!r}"
        )
    return int(found.group(1)) * _UNITS[found.group(2)]


def bots_of_options(
    commands: Iterable[str], timeouts: Iterable[str] = (), memories: Iterable[str] = ()
) -> dict[str, str | ExecBot | BotzoneBot]:
    """The bots of ``koudiandian serve``'s options: ``--bot NAME=exec:COMMAND`` (each
    ``commands`` item; ``NAME=policy:PATH`` is kept as that text), ``--bot-timeout NAME=SECONDS`` and ``--bot-memory NAME=BYTES``
    (``512M``, ``4G`` or ``none``) for a registered ``NAME``. Raises
    :class:`InvalidArgumentError` naming a malformed option, a name given twice, a limit
    for a bot not registered, or a bad value."""
    argv: dict[str, str] = {}
    for text in commands:
        name, command = _pair(text, "--bot", "exec:COMMAND")
        if name in argv:
            raise InvalidArgumentError(f"--bot {name}: registered twice")
        argv[name] = command
    limits: dict[str, dict[str, float | int | None]] = {name: {} for name in argv}
    for flag, texts in (("--bot-timeout", timeouts), ("--bot-memory", memories)):
        for text in texts:
            name, value = _pair(text, flag, "SECONDS" if flag == "--bot-timeout" else "BYTES")
            if name not in limits:
                raise InvalidArgumentError(
                    f"{flag} {name}: no bot {name!r} is registered (--bot {name}=exec:COMMAND)"
                )
            if is_policy(argv[name]):
                raise InvalidArgumentError(
                    f"{flag} {name}: a trained policy plays in the server's process; it has no "
                    "limits of its own"
                )
            if is_botzone(argv[name]):
                raise InvalidArgumentError(
                    f"{flag} {name}: a Botzone bot's limits are the platform's (its time and "
                    "memory per turn), not an exec bot's"
                )
            if flag == "--bot-timeout":
                try:
                    limits[name]["timeout"] = float(value)
                except ValueError:
                    raise InvalidArgumentError(
                        f"--bot-timeout {name}: seconds, got {value!r}"
                    ) from None
            else:
                limits[name]["memory"] = _memory(value, name)
    return {
        name: _botzone(argv[name], name)
        if is_botzone(argv[name])
        else argv[name]
        if is_policy(argv[name])
        else ExecBot(argv[name], name=name, **limits[name])  # type: ignore[arg-type]
        for name in argv
    }
