"""A chunk of a self-play run: what every chunk needs (:class:`Job`), how a run is cut
(:class:`UnitChunks`), and how one chunk is played (:func:`play_chunk`): inside Rust when every
bot is built in, else by the Python loop, which drives bots written in Python through the
core's :class:`Schedule` (``rust/selfplay/schedule.rs``), so that both play the same hands in
the same order. :func:`koudiandian.simulate` and its Ray backend (``scaleout.py``) both
import it; it imports neither."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from . import _core
from .action import Action
from .bots import BOTS, Bot, ExpertBot, GreedyBot, builtin_factory, is_policy
from .botzone.spec import BotzoneBot, is_botzone
from .botzone.table import play_judged
from .errors import ArgumentTypeError, InvalidArgumentError
from .execbot import ExecBot, is_exec
from .game import Game
from .liveview import LiveView
from .rules import Rules
from .summary import Record

__all__ = [
    "BOTS",
    "BotSpec",
    "Job",
    "Part",
    "UnitChunks",
    "named_factory",
    "play_chunk",
    "play_hand",
]

#: A seat's bot for :func:`koudiandian.simulate`: a built-in's name, a bot class or factory
#: called with the bot's seed or with nothing (a fresh bot every hand), a bot instance
#: (the same object every hand), or a Botzone bot (under the botzone rules only).
BotSpec = str | Callable[[int], Bot] | Callable[[], Bot] | Bot | BotzoneBot

#: What a chunk of units leaves: its hands' records in order, each match's ranking, and the
#: log lines.
Part = tuple[list[Record], list[list[int]], list[str]]


def play_hand(game: Game, bots: Sequence[Bot]) -> Game:
    """Drive ``game`` to its end with one bot per seat; returns the game.

    Raises :class:`IllegalActionError` if a bot returns an action that is not legal."""
    while True:
        to_act = game.to_act
        if not to_act:
            return game
        seat = to_act[0]
        legal = game.legal_actions(seat)
        action: Action = bots[seat].act(LiveView(game, seat), legal)  # type: ignore[arg-type]
        game.step(seat, action)


# -- the bots of a run ------------------------------------------------------------------------


def bot_name(spec: BotSpec) -> str:
    """A bot's name in a summary and a log: a built-in's name, a factory's ``__name__``, an
    instance's class name."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, (ExecBot, BotzoneBot)):
        return spec.name
    return getattr(spec, "__name__", type(spec).__name__)


class _Shared:
    """The factory of a bot instance: the same object for every hand (picklable when the
    bot is)."""

    __slots__ = ("bot",)

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def __call__(self, seed: int) -> Bot:
        return self.bot


class _Unseeded:
    """The factory of a class or function that takes no argument: called without the seed."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Bot]) -> None:
        self.make = make

    def __call__(self, seed: int) -> Bot:
        return self.make()


_ACCEPTED = (
    "a bot is a built-in's name ('random', 'greedy', 'expert'), 'policy:PATH' (a trained "
    "policy's file), 'exec:COMMAND' (a program, docs/bots.md), a bot class or factory called with "
    "the bot's seed (an int) or with nothing, or a bot instance (an object with a method "
    "act(view, legal_actions) -> Action)"
)


def _is_bot(value: object) -> bool:
    """Whether ``value`` is a bot instance: not a class, with a method ``act``."""
    return not isinstance(value, type) and callable(getattr(value, "act", None))


def _takes_seed(make: Callable[..., Any], seat: int) -> bool:
    """Whether ``make`` is called with the seed (it takes one positional argument) rather
    than with nothing; raises :class:`ArgumentTypeError` naming it if it takes neither."""
    try:
        signature = inspect.signature(make)
    except (TypeError, ValueError):
        return True  # no signature to read (a builtin): it is given the seed
    for args in ((0,), ()):
        try:
            signature.bind(*args)
        except TypeError:
            continue
        return bool(args)
    name = bot_name(make)
    shown = f"{name}{signature.replace(return_annotation=inspect.Signature.empty)}"
    if isinstance(make, type):
        what, expected = "class", "__init__(self, seed=None) or __init__(self)"
    else:
        what, expected = "factory", f"{name}(seed) or {name}()"
    raise ArgumentTypeError(
        f"the bot {what} {name!r} of seat {seat} is {shown}: simulate calls a bot class "
        f"or factory with one argument, the bot's seed, or with none ({expected})"
    )


def named_factory(name: str) -> Callable[[int], Bot]:
    """The factory (called with a bot seed) of the bot named ``name``: a built-in's name
    (:func:`~koudiandian.bots.builtin_factory`) or ``policy:PATH``, a
    :class:`~koudiandian.rl.policy.PolicyBot` of the file ``PATH`` (read at its first hand;
    NumPy is imported only then). :class:`InvalidArgumentError` for another name, or a
    policy's path that is no file."""
    if is_policy(name):
        from .rl.policy import PolicyFactory

        return PolicyFactory(name)
    return builtin_factory(name)


def factories(bots: Sequence[BotSpec]) -> list[Callable[[int], Bot]]:
    """The four bots' factories, each called with a seat's bot seed for every hand: a
    built-in's class for its name (a policy's for ``policy:PATH``: :func:`named_factory`),
    one that returns the same new :class:`ExecBot` for every hand for an ``exec:`` name (its process started at its first decision), a class
    or function itself when it takes the seed, one that drops the seed when it takes
    nothing, and one that returns the instance itself for a bot instance. Raises :class:`InvalidArgumentError` for an unknown name or not
    four bots, and :class:`ArgumentTypeError` naming a bot that is none of these."""
    if len(bots) != 4:
        raise InvalidArgumentError(f"need four bots, one per seat; got {len(bots)}")
    out: list[Callable[[int], Bot]] = []
    for seat, spec in enumerate(bots):
        if is_exec(spec):
            out.append(_Shared(ExecBot(cast(str, spec))))
        elif is_botzone(spec) or isinstance(spec, BotzoneBot):
            # (no act: the judge's loop plays it, :func:`_play_range`)
            bot = BotzoneBot.from_spec(spec) if isinstance(spec, str) else spec
            out.append(_Shared(cast(Bot, bot)))
        elif isinstance(spec, str):
            out.append(named_factory(spec))
        elif _is_bot(spec):
            out.append(_Shared(cast(Bot, spec)))
        elif isinstance(spec, type) and not callable(getattr(spec, "act", None)):
            raise ArgumentTypeError(
                f"the class {spec.__name__!r} of seat {seat} has no method act: {_ACCEPTED}"
            )
        elif callable(spec):
            make = cast(Callable[..., Bot], spec)
            out.append(make if _takes_seed(make, seat) else _Unseeded(make))
        else:
            raise ArgumentTypeError(f"seat {seat}'s bot {spec!r} is no bot: {_ACCEPTED}")
    return out


def builtin_names(specs: Sequence[BotSpec]) -> tuple[str, ...] | None:
    """The built-in names of ``specs`` when every one is a built-in bot (by name or class,
    or a :class:`GreedyBot` itself, which holds no state), else ``None``."""
    names = []
    for spec in specs:
        if isinstance(spec, str) and not (is_exec(spec) or is_botzone(spec) or is_policy(spec)):
            name: str | None = spec
        elif type(spec) is GreedyBot:
            name = "greedy"
        elif type(spec) is ExpertBot:
            name = "expert"
        else:
            name = next((n for n, cls in BOTS.items() if spec is cls), None)
        if name is None:
            return None
        names.append(name)
    return tuple(names)


def _seat_bots(
    made: Sequence[Callable[[int], Bot]], hand: _core.HandStart, names: Sequence[str]
) -> list[Bot]:
    """The bot of each seat of ``hand``: the listed factory its seating names, called with
    the seat's bot seed (a fresh bot, or the same instance for every hand). Raises
    :class:`ArgumentTypeError` if a factory returns something without an ``act`` method
    (that is no Botzone bot either)."""
    bots = [made[b](seed) for b, seed in zip(hand.seating, hand.bot_seeds)]
    for seat, bot in enumerate(bots):
        if not isinstance(bot, BotzoneBot) and not callable(getattr(bot, "act", None)):
            raise ArgumentTypeError(
                f"the bot factory {names[hand.seating[seat]]!r} of seat {seat} returned "
                f"{bot!r}, which is not a bot (it needs a method act(view, legal_actions) "
                "-> Action)"
            )
    return bots


# -- a run's chunks ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Job:
    """What every chunk of a run needs (picklable, for processes and Ray tasks).
    ``builtin`` names the four bots when all of them are built in: the chunk is then played
    inside Rust on ``threads`` threads; otherwise ``specs`` are played by the Python loop."""

    rules: Rules
    specs: tuple[BotSpec, ...]
    seed: int
    log: bool
    match: int | str | None
    duplicate: bool
    threads: int
    builtin: tuple[str, ...] | None


class UnitChunks:
    """A run's units ``0..units`` cut into consecutive ``(start, stop)`` ranges as they are
    asked for (a run of any size is cut lazily): about ``parts`` of them, each holding about
    ``most_hands`` hands at most, so that a chunk's log lines take about the same memory
    whatever its units are. A unit is one hand, a duplicate wall four, a match of ``n``
    hands ``n``; a one-round match's length is not known before it is played, so the first
    such chunk is one match and later ones follow the mean length of the units played so
    far (:meth:`played`). A unit longer than ``most_hands`` is a chunk of its own. How a run
    is cut changes nothing of what it plays."""

    def __init__(self, job: Job, units: int, parts: int, most_hands: int) -> None:
        self.units = units
        self.most_hands = most_hands
        self.widest = max(1, -(-units // parts))
        self.next = 0
        self.prior: int | None  # hands a unit, where known before playing
        if job.duplicate:
            self.prior = 4
        elif job.match is None:
            self.prior = 1
        elif job.match == "one_round":
            self.prior = None
        else:
            self.prior = int(job.match)
        self.units_played = self.hands_played = 0

    def __iter__(self) -> UnitChunks:
        return self

    def __next__(self) -> tuple[int, int]:
        start = self.next
        if start >= self.units:
            raise StopIteration
        if self.units_played and self.prior is None:
            size = int(self.most_hands * self.units_played / self.hands_played)
        else:
            size = self.most_hands // (self.prior or self.most_hands)
        stop = min(start + max(1, min(size, self.widest)), self.units)
        self.next = stop
        return start, stop

    def played(self, units: int, hands: int) -> None:
        """Note a chunk of ``units`` units played as ``hands`` hands."""
        self.units_played += units
        self.hands_played += hands


def play_chunk(job: Job, start: int, stop: int) -> Part:
    """Play units ``start..stop`` of ``job`` (hands, matches, or walls four times under
    duplicate play): their records in order, each match's ranking and the log lines."""
    if job.builtin is not None:
        records, rankings, lines = _core.self_play(
            job.rules,
            list(job.builtin),
            job.seed,
            start,
            stop,
            length=job.match,
            duplicate=job.duplicate,
            log=job.log,
            threads=job.threads,
        )
        return records, [list(r) for r in rankings], lines
    return _play_range(job, start, stop)


def _play_range(job: Job, start: int, stop: int) -> Part:
    """:func:`play_chunk` in the Python loop, for bots written in Python: the core's
    :class:`Schedule` deals the hands the core's self-play plays (seeds, dealers, seats,
    matches), in the same order, and keeps what it keeps. A hand with a Botzone bot is
    played by koudiandian's judge (:func:`~koudiandian.botzone.table.play_judged`), and
    the game it played is the hand's."""
    made = factories(job.specs)
    names = [bot_name(s) for s in job.specs]
    schedule = _core.Schedule(
        job.rules,
        job.seed,
        start,
        stop,
        length=job.match,
        duplicate=job.duplicate,
        names=names if job.log else None,
    )
    while (hand := schedule.next_hand()) is not None:
        game = Game(
            job.rules,
            seed=hand.seed,
            dealer=hand.dealer,
            scores=hand.scores,
            prevalent_wind=hand.prevalent_wind,
        )
        bots = _seat_bots(made, hand, names)
        if any(isinstance(bot, BotzoneBot) for bot in bots):
            game = play_judged(game, bots)  # the judge drives, as on Botzone
        else:
            play_hand(game, bots)
        schedule.finish(game.engine)
    records, rankings, lines = schedule.played()
    return records, [list(r) for r in rankings], lines
