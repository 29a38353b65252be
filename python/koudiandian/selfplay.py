"""A chunk of a self-play run: what every chunk needs (:class:`Job`), how a run is cut
(:class:`UnitChunks`), and how one chunk is played (:func:`play_chunk`): inside Rust when every
bot is built in, else by the Python loop, which drives bots written in Python through the
core's :class:`Schedule` (``rust/selfplay/schedule.rs``), so that both play the same hands in
the same order. :func:`koudiandian.simulate` and its Ray backend (``scaleout.py``) both
import it; it imports neither."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import _core
from .action import Action
from .bots import Bot, GreedyBot, RandomBot
from .errors import ArgumentTypeError, InvalidArgumentError
from .game import Game
from .rules import Rules
from .summary import Record
from .view import SeatView

__all__ = ["BOTS", "BotSpec", "Job", "Part", "UnitChunks", "play_chunk", "play_hand"]

#: Built-in bots by name, as the command line spells them.
BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}

BotSpec = str | Callable[[int], Bot]

#: What a chunk of units leaves: its hands' records in order, each match's ranking, and the
#: log lines.
Part = tuple[list[Record], list[list[int]], list[str]]


def _greedy_action(game: Game, seat: int) -> int:
    """The greedy policy's choice for ``seat`` in ``game``, as a code."""
    return int(game.engine.greedy_action(seat))


class _LazyView:
    """A :class:`SeatView` computed on first attribute access, so bots that never look at
    their view (like :class:`RandomBot`) cost nothing."""

    __slots__ = ("_game", "_seat", "_view")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self._seat = seat
        self._view: SeatView | None = None

    def greedy_action(self) -> int:
        """The greedy policy's choice, straight from the game (the same inputs a
        :class:`SeatView` gives; see :class:`koudiandian.bots.GreedyBot`)."""
        return _greedy_action(self._game, self._seat)

    def __getattr__(self, name: str) -> Any:
        view = self._view
        if view is None:
            view = self._view = self._game.view(self._seat)
        return getattr(view, name)


def play_hand(game: Game, bots: Sequence[Bot]) -> Game:
    """Drive ``game`` to its end with one bot per seat; returns the game.

    Raises :class:`IllegalActionError` if a bot returns an action that is not legal."""
    while True:
        to_act = game.to_act
        if not to_act:
            return game
        seat = to_act[0]
        legal = game.legal_actions(seat)
        action: Action = bots[seat].act(_LazyView(game, seat), legal)  # type: ignore[arg-type]
        game.step(seat, action)


# -- the bots of a run ------------------------------------------------------------------------


def bot_name(spec: BotSpec) -> str:
    """A bot's name in a summary and a log: a built-in's name, a factory's ``__name__``."""
    if isinstance(spec, str):
        return spec
    return getattr(spec, "__name__", type(spec).__name__)


def factories(bots: Sequence[BotSpec]) -> list[Callable[[int], Bot]]:
    """The four bots' factories; raises :class:`InvalidArgumentError` naming a bad one."""
    if len(bots) != 4:
        raise InvalidArgumentError(f"need four bots, one per seat; got {len(bots)}")
    out = []
    for spec in bots:
        if isinstance(spec, str):
            if spec not in BOTS:
                raise InvalidArgumentError(f"unknown bot {spec!r}; known: {', '.join(BOTS)}")
            out.append(BOTS[spec])
        elif callable(spec):
            out.append(spec)
        else:
            raise InvalidArgumentError(f"a bot is a name or a factory taking a seed, got {spec!r}")
    return out


def builtin_names(specs: Sequence[BotSpec]) -> tuple[str, ...] | None:
    """The built-in names of ``specs`` when every one is a built-in bot (by name or class)."""
    names = []
    for spec in specs:
        name = (
            spec
            if isinstance(spec, str)
            else next((n for n, cls in BOTS.items() if spec is cls), None)
        )
        if name is None:
            return None
        names.append(name)
    return tuple(names)


def _seat_bots(
    made: Sequence[Callable[[int], Bot]], hand: _core.HandStart, names: Sequence[str]
) -> list[Bot]:
    """A fresh bot per seat of ``hand``: the listed factory its seating names, called with
    the seat's bot seed. Raises :class:`ArgumentTypeError` if a factory returns something
    without an ``act`` method."""
    bots = [made[b](seed) for b, seed in zip(hand.seating, hand.bot_seeds)]
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "act", None)):
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
    matches), in the same order, and keeps what it keeps."""
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
        game = Game(job.rules, seed=hand.seed, dealer=hand.dealer, scores=hand.scores)
        play_hand(game, _seat_bots(made, hand, names))
        schedule.finish(game.engine)
    records, rankings, lines = schedule.played()
    return records, [list(r) for r in rankings], lines
