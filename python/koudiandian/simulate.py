"""Seeded self-play at scale: :func:`simulate` plays hands with bots and sums them up."""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import IO, Any

from .action import Action
from .bots import Bot, GreedyBot, RandomBot
from .errors import ArgumentTypeError, InvalidArgumentError
from .game import Game
from .match import Match, hand_seed
from .rules import Rules
from .view import SeatView

__all__ = ["SimulationSummary", "simulate", "play_hand", "describe_rules", "BOTS", "DEFAULT_BOTS"]

#: Built-in bots by name, as the command line spells them.
BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}

#: The bots of :func:`simulate` and ``koudiandian simulate`` when none are named: two greedy
#: bots against two random ones.
DEFAULT_BOTS = ("greedy", "greedy", "random", "random")

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


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What :func:`simulate` measured. Per-seat tuples are indexed by seat; dealers rotate
    (hand ``i`` is dealt by seat ``i % 4``), so seats differ only by their bots. ``matches``,
    ``first_places`` and ``mean_rank`` are filled when whole matches were played."""

    hands: int
    seed: int
    workers: int
    bots: tuple[str, str, str, str]
    rules: Rules
    wins: tuple[int, int, int, int]
    win_rate: tuple[float, float, float, float]
    score_mean: tuple[float, float, float, float]
    score_std: tuple[float, float, float, float]
    self_draw_wins: int
    discard_wins: int
    robbed_kong_wins: int
    drawn_hands: int
    draw_rate: float
    mean_points: float
    seconds: float
    hands_per_second: float
    matches: int = 0
    first_places: tuple[int, int, int, int] = (0, 0, 0, 0)
    mean_rank: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields; the match fields only when matches were played."""
        out = {f: getattr(self, f) for f in self.__dataclass_fields__}
        out["rules"] = self.rules.to_dict()
        if not self.matches:
            for name in _MATCH_FIELDS:
                del out[name]
        for k, v in out.items():
            if isinstance(v, tuple):
                out[k] = list(v)
        return out

    def table(self) -> str:
        """A readable summary table."""
        played = f"{self.matches} matches ({self.hands} hands)" if self.matches else ""
        lines = [
            f"{played or f'{self.hands} hands'}, seed {self.seed}, {self.workers} worker(s), "
            f"{self.hands_per_second:,.0f} hands/s",
            f"rules: {describe_rules(self.rules)}",
            "",
            f"{'seat':<6}{'bot':<10}{'wins':>8}{'win rate':>10}{'mean score':>12}{'std':>10}",
        ]
        for s in range(4):
            lines.append(
                f"{s:<6}{self.bots[s]:<10}{self.wins[s]:>8}{self.win_rate[s]:>10.1%}"
                f"{self.score_mean[s]:>12.2f}{self.score_std[s]:>10.2f}"
            )
        if self.matches:
            lines += [
                "",
                f"{self.matches} matches: first places {list(self.first_places)}, "
                f"mean rank {[round(r, 2) for r in self.mean_rank]}",
            ]
        won = self.hands - self.drawn_hands
        lines += [
            "",
            f"wins: {self.self_draw_wins} self-draw, {self.discard_wins} on a discard, "
            f"{self.robbed_kong_wins} robbed kong; drawn hands {self.drawn_hands} "
            f"({self.draw_rate:.1%})",
            f"mean value of a win (points × factor): {self.mean_points:.2f}" if won else "no wins",
        ]
        return "\n".join(lines)


_MATCH_FIELDS = ("matches", "first_places", "mean_rank")


def describe_rules(rules: Rules) -> str:
    """The preset the rules are (or their profile) and the options that differ from the
    profile's defaults, as :meth:`Rules.describe` names them: ``"taiyuan (dealer_bonus,
    ...)"``, ``"taiyuan (wind_runs, wildcards=random)"``, ``"default (every option off)"``,
    ``"hebei (defaults)"``."""
    preset = next((name for name in Rules.PRESETS if Rules.preset(name) == rules), None)
    options = rules.describe().partition(",")[2].replace(",", ", ")
    if not options:
        values = [v for k, v in rules.to_dict().items() if k != "profile"]
        options = (
            "defaults" if any(v not in (False, "none") for v in values) else "every option off"
        )
    return f"{preset or rules.profile} ({options})"


def _bot_name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec
    return getattr(spec, "__name__", type(spec).__name__)


def _factories(bots: Sequence[BotSpec] | None) -> list[Callable[[int], Bot]]:
    if bots is None:
        bots = DEFAULT_BOTS
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",")]
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


# Per-hand record: winner (-1 drawn), win kind code, points, deltas.
_Record = tuple[int, int, int, tuple[int, int, int, int]]
_KIND_CODE = {None: 0, "self_draw": 1, "discard": 2, "robbed_kong": 3}


def _record(game: Game) -> _Record:
    """The hand's record, from the core's result dict (no ``HandResult`` is built: this is
    the simulation's hot path)."""
    r = game._core.result()
    assert r is not None
    value = sum(w["points"] * w["factor"] for w in r["wins"])
    winner = -1 if r["winner"] is None else r["winner"]
    d = r["deltas"]
    return (winner, _KIND_CODE[r["win_kind"]], value, (d[0], d[1], d[2], d[3]))


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


def _play_range(
    rules: Rules,
    specs: Sequence[BotSpec],
    seed: int,
    start: int,
    stop: int,
    log: bool,
    match: int | str | None,
) -> tuple[list[_Record], list[tuple[int, ...]], list[str]]:
    """Play hands (or matches) ``start..stop``: their records, match rankings, log lines."""
    factories = _factories(specs)
    records: list[_Record] = []
    rankings: list[tuple[int, ...]] = []
    lines: list[str] = []
    for i in range(start, stop):
        if match is None:
            hseed = hand_seed(seed, i)
            game = play_hand(Game(rules, seed=hseed, dealer=i % 4), _bots_for(factories, hseed))
            records.append(_record(game))
            if log:
                entry = {"hand": i, "seed": hseed, "events": game.events}
                lines.append(json.dumps(entry, separators=(",", ":")))
            continue
        m = Match(rules, seed=hand_seed(seed, i), length=match, first_dealer=i % 4)
        while not m.is_over:
            number = len(m.games)
            game = m.game
            bots = _bots_for(factories, hand_seed(m.seed, number - 1))
            while len(m.games) == number and not m.is_over:
                seat = m.to_act[0]
                view = _LazyView(game, seat)
                m.step(seat, bots[seat].act(view, m.legal_actions(seat)))  # type: ignore[arg-type]
            records.append(_record(game))
            if log:
                entry = {"match": i, "hand": number - 1, "events": game.events}
                lines.append(json.dumps(entry, separators=(",", ":")))
        rankings.append(tuple(m.ranking))
    return records, rankings, lines


def simulate(
    hands: int,
    *,
    rules: Rules | None = None,
    bots: Sequence[BotSpec] | str | None = None,
    seed: int | None = 0,
    workers: int = 1,
    log: str | os.PathLike[str] | IO[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    match: int | str | None = None,
) -> SimulationSummary:
    """Play ``hands`` seeded hands and summarise them.

    ``bots``: four names (``"random"``, ``"greedy"``) or factories ``f(seed) -> Bot``
    (default :data:`DEFAULT_BOTS`, as on the command line: two greedy, two random). Hand
    ``i`` is seeded with ``hand_seed(seed, i)`` and dealt by seat ``i % 4``, and each bot is
    built fresh for it from a seed derived from the hand's, so the result is the same for
    any ``workers``; ``workers > 1`` uses processes (the bot factories must then be
    picklable). ``log``: a path or text file to receive every hand's
    event log as JSON Lines (``{"hand": i, "seed": s, "events": [...]}``), for replay.
    ``progress(done, total)`` is called as hands finish. ``match``: ``"one_round"`` or a
    number of hands makes each of the ``hands`` units a whole :class:`Match` of that length
    (match ``i`` seeded from ``seed`` and ``i``, first dealer ``i % 4``); the summary then
    also counts first places and mean ranks, and its per-hand figures cover every hand
    played. ``seed=None`` draws a random seed, as :class:`Game` does; the summary's
    ``seed`` says which, so the run can be repeated."""
    rules = Rules() if rules is None else rules
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise InvalidArgumentError(f"hands must be a positive int, got {hands!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidArgumentError(f"workers must be a positive int, got {workers!r}")
    if seed is None:
        seed = secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    specs = list(bots.split(",")) if isinstance(bots, str) else list(bots or DEFAULT_BOTS)
    _factories(specs)  # validate before starting
    want_log = log is not None
    chunk = max(1, min(500, hands // (workers * 8) or 1))
    ranges = [(a, min(a + chunk, hands)) for a in range(0, hands, chunk)]
    if (
        match is not None
        and match != "one_round"
        and (isinstance(match, bool) or not isinstance(match, int) or match < 1)
    ):
        raise InvalidArgumentError(f"match must be 'one_round' or a positive int, got {match!r}")
    records: list[_Record] = []
    rankings: list[tuple[int, ...]] = []
    lines: list[str] = []
    started = time.perf_counter()
    done = 0
    with contextlib.ExitStack() as stack:
        results: Iterator[tuple[list[_Record], list[tuple[int, ...]], list[str]]]
        if workers == 1:
            results = (_play_range(rules, specs, seed, a, b, want_log, match) for a, b in ranges)
        else:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=workers))
            futures = [
                pool.submit(_play_range, rules, specs, seed, a, b, want_log, match)
                for a, b in ranges
            ]
            results = (f.result() for f in futures)
        for (a, b), (r, rk, ls) in zip(ranges, results):
            records += r
            rankings += rk
            lines += ls
            done += b - a
            if progress:
                progress(done, hands)
    seconds = time.perf_counter() - started
    if want_log:
        text = "".join(line + "\n" for line in lines)
        if isinstance(log, (str, os.PathLike)):
            with open(log, "w", encoding="utf-8") as f:
                f.write(text)
        else:
            assert log is not None
            log.write(text)
    return _summarise(records, rankings, rules, specs, seed, workers, seconds)


def _summarise(
    records: list[_Record],
    rankings: list[tuple[int, ...]],
    rules: Rules,
    specs: Sequence[BotSpec],
    seed: int,
    workers: int,
    seconds: float,
) -> SimulationSummary:
    n = len(records)
    wins = [0, 0, 0, 0]
    kinds = [0, 0, 0, 0]
    totals = [0.0] * 4
    squares = [0.0] * 4
    points = 0
    for winner, kind, p, deltas in records:
        kinds[kind] += 1
        if winner >= 0:
            wins[winner] += 1
            points += p
        for s in range(4):
            totals[s] += deltas[s]
            squares[s] += deltas[s] * deltas[s]
    mean = [t / n for t in totals]
    std = [math.sqrt(max(0.0, squares[s] / n - mean[s] ** 2)) for s in range(4)]
    won = n - kinds[0]
    names = [_bot_name(s) for s in specs]
    firsts = [0, 0, 0, 0]
    rank_sum = [0, 0, 0, 0]
    for ranking in rankings:
        firsts[ranking[0]] += 1
        for place, s in enumerate(ranking, start=1):
            rank_sum[s] += place
    matches = len(rankings)
    mean_rank = [rank_sum[s] / matches if matches else 0.0 for s in range(4)]
    return SimulationSummary(
        hands=n,
        seed=seed,
        workers=workers,
        bots=(names[0], names[1], names[2], names[3]),
        rules=rules,
        wins=(wins[0], wins[1], wins[2], wins[3]),
        win_rate=(wins[0] / n, wins[1] / n, wins[2] / n, wins[3] / n),
        score_mean=(mean[0], mean[1], mean[2], mean[3]),
        score_std=(std[0], std[1], std[2], std[3]),
        self_draw_wins=kinds[1],
        discard_wins=kinds[2],
        robbed_kong_wins=kinds[3],
        drawn_hands=kinds[0],
        draw_rate=kinds[0] / n,
        mean_points=points / won if won else 0.0,
        seconds=seconds,
        hands_per_second=n / seconds if seconds > 0 else float("inf"),
        matches=matches,
        first_places=(firsts[0], firsts[1], firsts[2], firsts[3]),
        mean_rank=(mean_rank[0], mean_rank[1], mean_rank[2], mean_rank[3]),
    )
