"""Seeded self-play at scale: :func:`simulate` plays hands with bots and sums them up."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import IO, Any

from . import _core
from .action import Action
from .bots import Bot, GreedyBot, RandomBot
from .errors import ArgumentTypeError, InvalidArgumentError
from .game import Game
from .match import Match, hand_seed
from .rules import Rules
from .summary import BotStats, Record, SimulationSummary, describe_rules, summarise
from .view import SeatView

__all__ = [
    "SimulationSummary",
    "BotStats",
    "simulate",
    "play_hand",
    "play_chunk",
    "describe_rules",
    "BOTS",
    "BACKENDS",
    "DEFAULT_BOTS",
]

#: Built-in bots by name, as the command line spells them.
BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}

#: The bots of :func:`simulate` and ``koudiandian simulate`` when none are named: two greedy
#: bots against two random ones.
DEFAULT_BOTS = ("greedy", "greedy", "random", "random")

#: The most threads :func:`simulate` starts in one process.
MAX_THREADS = 256

#: Where :func:`simulate` plays: on this machine (threads and processes), or as tasks on a
#: Ray cluster (the ``[ray]`` extra).
BACKENDS = ("local", "ray")

BotSpec = str | Callable[[int], Bot]


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
        return int(self._game._core.greedy_action(self._seat))

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


def _bot_name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec
    return getattr(spec, "__name__", type(spec).__name__)


def _factories(bots: Sequence[BotSpec]) -> list[Callable[[int], Bot]]:
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


_KIND_CODE = {None: 0, "self_draw": 1, "discard": 2, "robbed_kong": 3}


def _record(game: Game, rotation: int = 0) -> Record:
    """The hand's record, from the core's result dict (no ``HandResult`` is built: this is
    the simulation's hot path)."""
    r = game._core.result()
    assert r is not None
    value = sum(w["points"] * w["factor"] for w in r["wins"])
    winner = -1 if r["winner"] is None else r["winner"]
    discarder = -1 if r["discarder"] is None else r["discarder"]
    d = r["deltas"]
    return (winner, _KIND_CODE[r["win_kind"]], value, (d[0], d[1], d[2], d[3]), discarder, rotation)


def _bots_for(factories: Sequence[Callable[[int], Bot]], game_seed: int) -> list[Bot]:
    """A fresh bot per seat. Raises :class:`ArgumentTypeError` if a factory returns
    something without an ``act`` method."""
    bots = [factories[s]((game_seed + s + 1) % 2**64) for s in range(4)]
    for s, bot in enumerate(bots):
        if not callable(getattr(bot, "act", None)):
            raise ArgumentTypeError(
                f"the bot factory {_bot_name(factories[s])!r} of seat {s} returned {bot!r}, "
                "which is not a bot (it needs a method act(view, legal_actions) -> Action)"
            )
    return bots


def _log_line(head: dict[str, Any], game: Game) -> str:
    """A hand's JSON line: ``head``'s fields, then its events (as the core writes them)."""
    text = json.dumps(head, separators=(",", ":"))
    return f'{text[:-1]},"events":{game._core.log_json()}}}'


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


def play_chunk(job: Job, start: int, stop: int) -> tuple[list[Record], list[list[int]], list[str]]:
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


def _play_range(job: Job, start: int, stop: int) -> tuple[list[Record], list[list[int]], list[str]]:
    """:func:`play_chunk` in the Python loop, for bots written in Python. It plays what
    the core's self-play plays (``rust/selfplay/run.rs``), in the same order."""
    rules, seed, log, match = job.rules, job.seed, job.log, job.match
    factories = _factories(job.specs)
    names = [_bot_name(s) for s in job.specs]
    records: list[Record] = []
    rankings: list[list[int]] = []
    lines: list[str] = []
    for i in range(start, stop):
        hseed = hand_seed(seed, i)
        if job.duplicate:
            for r in range(4):
                # In rotation r the bot listed for seat b sits in seat (b + r) % 4.
                seated = [factories[(s - r) % 4] for s in range(4)]
                game = play_hand(Game(rules, seed=hseed, dealer=i % 4), _bots_for(seated, hseed))
                records.append(_record(game, r))
                if log:
                    bots = [names[(s - r) % 4] for s in range(4)]
                    head = {"hand": i, "rotation": r, "seed": hseed, "bots": bots}
                    lines.append(_log_line(head, game))
            continue
        if match is None:
            game = play_hand(Game(rules, seed=hseed, dealer=i % 4), _bots_for(factories, hseed))
            records.append(_record(game))
            if log:
                lines.append(_log_line({"hand": i, "seed": hseed}, game))
            continue
        m = Match(rules, seed=hseed, length=match, first_dealer=i % 4)
        while not m.is_over:
            number = len(m.games)
            game = m.game
            players = _bots_for(factories, hand_seed(m.seed, number - 1))
            while len(m.games) == number and not m.is_over:
                seat = m.to_act[0]
                view = _LazyView(game, seat)
                m.step(seat, players[seat].act(view, m.legal_actions(seat)))  # type: ignore[arg-type]
            records.append(_record(game))
            if log:
                lines.append(_log_line({"match": i, "hand": number - 1}, game))
        rankings.append(list(m.ranking))
    return records, rankings, lines


def _builtin(specs: Sequence[BotSpec]) -> tuple[str, ...] | None:
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


def _positive(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidArgumentError(f"{what} must be a positive int, got {value!r}")
    return value


def simulate(
    hands: int,
    *,
    rules: Rules | None = None,
    bots: Sequence[BotSpec] | str | None = None,
    seed: int | None = 0,
    workers: int = 1,
    threads: int = 1,
    backend: str = "local",
    address: str | None = None,
    duplicate: bool = False,
    log: str | os.PathLike[str] | IO[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    match: int | str | None = None,
) -> SimulationSummary:
    """Play ``hands`` seeded hands and summarise them.

    ``bots``: four names (``"random"``, ``"greedy"``) or factories ``f(seed) -> Bot``, or
    one for every seat (default :data:`DEFAULT_BOTS`, as on the command line: two greedy,
    two random); a string may list them separated by commas or spaces. Hand
    ``i`` is seeded with ``hand_seed(seed, i)`` and dealt by seat ``i % 4``, and each bot is
    built fresh for it from a seed derived from the hand's, so the result is the same
    however the run is carried out. When every bot is built in, hands are played inside
    Rust with the GIL released, on ``threads`` threads; bots written in Python are played
    by a Python loop that makes the same choices (``threads`` must then be 1).
    ``workers > 1`` adds processes (the bot factories must then be picklable).
    ``backend="ray"`` runs the hands as chunks of Ray tasks on the cluster at ``address``
    (``None``: the cluster this process is connected to, else a local one started for the
    run), one CPU a task (the summary's ``workers`` is then the cluster's CPUs and its
    ``threads`` 1); see ``docs/scale-out.md``. ``log``: a path or text file to receive every hand's
    event log as JSON Lines, for replay: ``{"hand": i, "seed": s, "events": [...]}``
    (``{"match": i, "hand": j, "events": ...}`` in matches; duplicate play adds
    ``"rotation"`` and the seating, ``"bots"``).
    ``progress(done, total)`` is called as chunks of hands finish. ``match``:
    ``"one_round"`` or a number of hands makes each of the ``hands`` units a whole
    :class:`Match` of that length (match ``i`` seeded from ``seed`` and ``i``, first dealer
    ``i % 4``); the summary then also counts first places and mean ranks, and its per-hand
    figures cover every hand played. ``duplicate=True`` plays each of the ``hands`` walls
    four times with the bots rotated one seat each time (the bot listed for seat ``b`` sits
    in seat ``(b + r) % 4`` in rotation ``r``), so every bot plays every wall from every
    seat; the summary's ``bot_stats`` gives each bot's mean points per hand with a 95%
    confidence interval, its win rate and its deal-in rate. ``seed=None`` draws a random
    seed; the summary's ``seed`` says which, so the run can be repeated."""
    rules = Rules() if rules is None else rules
    _positive(hands, "hands")
    _positive(workers, "workers")
    _positive(threads, "threads")
    if threads > MAX_THREADS:
        raise InvalidArgumentError(f"threads must be at most {MAX_THREADS}, got {threads}")
    if backend not in BACKENDS:
        raise InvalidArgumentError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise InvalidArgumentError("address is the Ray cluster's: it needs backend='ray'")
    if not isinstance(duplicate, bool):
        raise ArgumentTypeError(f"duplicate must be a bool, got {duplicate!r}")
    if seed is None:
        seed = secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    if (
        match is not None
        and match != "one_round"
        and (isinstance(match, bool) or not isinstance(match, int) or match < 1)
    ):
        raise InvalidArgumentError(f"match must be 'one_round' or a positive int, got {match!r}")
    if duplicate and match is not None:
        raise InvalidArgumentError("duplicate play rotates single hands: it takes no match")
    if isinstance(bots, str):
        specs: list[BotSpec] = [b.strip() for b in bots.replace(" ", ",").split(",") if b.strip()]
    elif callable(bots):
        specs = [bots]
    else:
        specs = list(bots or DEFAULT_BOTS)
    if len(specs) == 1:
        specs *= 4  # one bot for every seat
    _factories(specs)  # validate before starting
    builtin = _builtin(specs)
    if builtin is None and threads > 1:
        raise InvalidArgumentError(
            "threads > 1 needs built-in bots (played inside Rust); bots written in Python "
            "run in parallel with workers=N processes"
        )
    job = Job(rules, tuple(specs), seed, log is not None, match, duplicate, threads, builtin)
    names = list(builtin) if builtin is not None else [_bot_name(s) for s in specs]
    started = time.perf_counter()
    results: list[tuple[list[Record], list[list[int]], list[str]]] = []
    if backend == "ray":
        from .scaleout import run_on_ray

        results, workers = run_on_ray(job, hands, address, progress)
        threads = 1  # a Ray task is one CPU of the cluster
    else:
        results = list(_run_local(job, hands, workers, progress))
    seconds = time.perf_counter() - started
    records = [r for part in results for r in part[0]]
    rankings = [r for part in results for r in part[1]]
    if log is not None:
        text = "".join(line + "\n" for part in results for line in part[2])
        if isinstance(log, (str, os.PathLike)):
            with open(log, "w", encoding="utf-8") as f:
                f.write(text)
        else:
            log.write(text)
    return summarise(
        records,
        rankings,
        rules,
        names,
        seed,
        workers=workers,
        threads=threads,
        backend=backend,
        duplicate=duplicate,
        seconds=seconds,
    )


def chunks(units: int, parts: int, most: int) -> list[tuple[int, int]]:
    """``0..units`` cut into consecutive ranges: about ``parts`` of them, none longer than
    ``most``."""
    size = max(1, min(most, -(-units // parts)))
    return [(a, min(a + size, units)) for a in range(0, units, size)]


def _run_local(
    job: Job, hands: int, workers: int, progress: Callable[[int, int], None] | None
) -> Iterator[tuple[list[Record], list[list[int]], list[str]]]:
    """The chunks' results in order, played here: in this process or in ``workers``."""
    most = 2000 if job.builtin is not None else 500
    ranges = chunks(hands, workers * 8, most)
    done = 0
    with contextlib.ExitStack() as stack:
        results: Iterator[tuple[list[Record], list[list[int]], list[str]]]
        if workers == 1:
            results = (play_chunk(job, a, b) for a, b in ranges)
        else:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=workers))
            futures = [pool.submit(play_chunk, job, a, b) for a, b in ranges]
            results = (f.result() for f in futures)
        for (a, b), part in zip(ranges, results):
            done += b - a
            if progress:
                progress(done, hands)
            yield part
