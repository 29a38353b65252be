"""The arena's tally (BOTZONE.md §6, the duplicate format of IJCAI 2020): what each game
gave each bot, each wall's rank points, and the bots' standings, as a table and as JSON.

A game's outcome is read from its log's last two outputs only: the ``finish`` gives the
scores and the ending (``HU``, ``HUANG``, or the verdict that ended it and the seat that got
it); for a ``HU``, the output before it names who gave the winning tile: its ``player`` is
the winner after a ``DRAW`` (self-drawn), else the seat whose discard (``PLAY``, ``CHI``,
``PENG``) or added kong (``BUGANG``, robbed) won: that seat dealt in.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .game import SEATS, GameLog

__all__ = ["GameOutcome", "BotStanding", "ArenaReport", "outcome_of", "wall_rank_points"]

#: A wall's rank points by place (first to fourth): 10 in all.
RANK_POINTS = (4.0, 3.0, 2.0, 1.0)
#: Endings that are no verdict: a win, and a wall played out (荒庄).
_NO_VERDICT = ("HU", "HUANG")
#: The normal distribution's 97.5% point: a mean's 95% interval is ±this many standard errors.
_Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """What one finished game gave the bots. ``wall``: the wall's index; ``seating``: the bot
    at each seat (indices into the arena's bots); ``scores``: each bot's score, by bot;
    ``ending``: the finish's action (``HU``, ``HUANG``, ``WA``, ``WH``, ``TLE``, …);
    ``winner``, ``dealt_in`` (the bot whose discard or robbed kong won) and ``offender``
    (the bot a verdict ended the game against): bot indices or ``None``."""

    wall: int
    seating: tuple[int, ...]
    scores: tuple[int, ...]
    ending: str
    winner: int | None = None
    dealt_in: int | None = None
    offender: int | None = None


def outcome_of(game: GameLog, wall: int, seating: Sequence[int]) -> GameOutcome:
    """The outcome of a finished game (``seating[s]``: the bot at seat ``s``).

    Precondition: the game is finished (its last entry is the judge's ``finish``)."""
    if not game.finished or game.scores is None:
        raise ValueError("the game is not finished")
    by_bot = [0] * SEATS
    for seat, score in enumerate(game.scores):
        by_bot[seating[seat]] = score
    display = game.log[-1]["output"].get("display", {})
    ending = str(display.get("action", "?"))
    player = display.get("player")
    bot = seating[player] if isinstance(player, int) and 0 <= player < SEATS else None
    if ending == "HUANG" or bot is None:
        return GameOutcome(wall, tuple(seating), tuple(by_bot), ending)
    if ending != "HU":
        return GameOutcome(wall, tuple(seating), tuple(by_bot), ending, offender=bot)
    before = game.log[-3]["output"].get("display", {}) if len(game.log) >= 3 else {}
    giver = before.get("player")
    dealt_in = None
    if isinstance(giver, int) and 0 <= giver < SEATS and giver != player:
        dealt_in = seating[giver]
    return GameOutcome(wall, tuple(seating), tuple(by_bot), ending, winner=bot, dealt_in=dealt_in)


def wall_rank_points(sums: Sequence[int]) -> list[float]:
    """Each bot's rank points on a wall from its summed score there: 4, 3, 2, 1 from the
    highest sum down; bots with equal sums share the points of the places they take
    equally (two bots first: 3.5 each), so a wall's points always add up to 10."""
    order = sorted(range(len(sums)), key=lambda b: -sums[b])
    points = [0.0] * len(sums)
    place = 0
    while place < len(order):
        tied = [b for b in order[place:] if sums[b] == sums[order[place]]]
        share = sum(RANK_POINTS[place : place + len(tied)]) / len(tied)
        for b in tied:
            points[b] = share
        place += len(tied)
    return points


@dataclass(slots=True)
class BotStanding:
    """One bot's line of the report. ``place``: 1 for the best (equal rank points and total
    score share a place); ``interval``: the 95% interval of the mean score per game (the
    normal approximation, mean ± 1.96 standard errors; ``None`` with fewer than 2 games);
    ``verdicts``: the games a verdict ended against the bot, by verdict."""

    bot: int
    name: str
    place: int = 0
    rank_points: float = 0.0
    total_score: int = 0
    games: int = 0
    mean_score: float = 0.0
    interval: tuple[float, float] | None = None
    wins: int = 0
    deal_ins: int = 0
    verdicts: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The line as a JSON object."""
        return {
            "place": self.place,
            "bot": self.bot,
            "name": self.name,
            "rank_points": self.rank_points,
            "total_score": self.total_score,
            "games": self.games,
            "mean_score": self.mean_score,
            "ci95": list(self.interval) if self.interval is not None else None,
            "wins": self.wins,
            "deal_ins": self.deal_ins,
            "verdicts": dict(sorted(self.verdicts.items())),
        }


@dataclass(slots=True)
class ArenaReport:
    """An arena's result: the bots' names (index = bot), the run's settings, every game's
    outcome in play order (wall by wall, seating by seating), and the tally:
    ``wall_points[w][b]`` and ``wall_scores[w][b]``, bot ``b``'s rank points and summed
    score on wall ``w``; ``standings``, best first."""

    names: list[str]
    walls: int
    orders: int
    seed: int
    flowers: bool
    games: list[GameOutcome]
    wall_points: list[list[float]] = field(default_factory=list)
    wall_scores: list[list[int]] = field(default_factory=list)
    standings: list[BotStanding] = field(default_factory=list)

    @classmethod
    def tally(
        cls,
        names: Sequence[str],
        games: Sequence[GameOutcome],
        *,
        walls: int,
        orders: int,
        seed: int,
        flowers: bool,
    ) -> ArenaReport:
        """The report of ``games`` (every game of walls ``0 … walls-1``)."""
        n = len(names)
        report = cls(list(names), walls, orders, seed, flowers, list(games))
        report.wall_scores = [[0] * n for _ in range(walls)]
        lines = [BotStanding(b, names[b]) for b in range(n)]
        per_game: list[list[int]] = [[] for _ in range(n)]
        for g in games:
            for b, score in enumerate(g.scores):
                report.wall_scores[g.wall][b] += score
                per_game[b].append(score)
            if g.winner is not None:
                lines[g.winner].wins += 1
            if g.dealt_in is not None:
                lines[g.dealt_in].deal_ins += 1
            if g.offender is not None:
                lines[g.offender].verdicts[g.ending] = (
                    lines[g.offender].verdicts.get(g.ending, 0) + 1
                )
        report.wall_points = [wall_rank_points(sums) for sums in report.wall_scores]
        for b, line in enumerate(lines):
            line.rank_points = sum(points[b] for points in report.wall_points)
            line.total_score = sum(per_game[b])
            line.games = len(per_game[b])
            line.mean_score, line.interval = _mean_interval(per_game[b])
        lines.sort(key=lambda s: (-s.rank_points, -s.total_score, s.bot))
        for i, line in enumerate(lines):
            same = i > 0 and (line.rank_points, line.total_score) == (
                lines[i - 1].rank_points,
                lines[i - 1].total_score,
            )
            line.place = lines[i - 1].place if same else i + 1
        report.standings = lines
        return report

    def endings(self) -> dict[str, int]:
        """How many games ended each way (``HU``, ``HUANG``, ``WA``, …)."""
        return dict(sorted(Counter(g.ending for g in self.games).items()))

    def to_json(self) -> dict[str, Any]:
        """The report as one JSON object (docs/botzone.md, "The arena")."""
        return {
            "bots": self.names,
            "walls": self.walls,
            "orders": self.orders,
            "seed": self.seed,
            "flowers": self.flowers,
            "games": len(self.games),
            "endings": self.endings(),
            "standings": [s.to_json() for s in self.standings],
            "wall_points": self.wall_points,
            "wall_scores": self.wall_scores,
        }

    def table(self) -> str:
        """The standings as a text table, best first."""
        head = ("#", "bot", "points", "score", "mean ± 95%", "wins", "deal-ins", "verdicts")
        rows = [
            (
                str(s.place),
                s.name,
                f"{s.rank_points:g}",
                f"{s.total_score:+d}",
                _mean_text(s),
                str(s.wins),
                str(s.deal_ins),
                " ".join(f"{k} {v}" for k, v in sorted(s.verdicts.items())) or "-",
            )
            for s in self.standings
        ]
        widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
        right = {0, 2, 3, 4, 5, 6}

        def line(cells: Sequence[str]) -> str:
            return "  ".join(
                c.rjust(w) if i in right else c.ljust(w)
                for i, (c, w) in enumerate(zip(cells, widths, strict=True))
            ).rstrip()

        endings = ", ".join(f"{k} {v}" for k, v in self.endings().items())
        summary = (
            f"{len(self.games)} game{'' if len(self.games) == 1 else 's'}: {self.walls} "
            f"wall{'' if self.walls == 1 else 's'} × {self.orders} seatings "
            f"(seed {self.seed}{', flowers' if self.flowers else ''}); endings: {endings}"
        )
        return "\n".join([line(head), *(line(r) for r in rows), summary])


def _mean_interval(scores: Sequence[int]) -> tuple[float, tuple[float, float] | None]:
    """The mean of ``scores`` and its 95% interval (``None`` under 2 scores)."""
    if not scores:
        return 0.0, None
    mean = sum(scores) / len(scores)
    if len(scores) < 2:
        return mean, None
    variance = sum((s - mean) ** 2 for s in scores) / (len(scores) - 1)
    half = _Z95 * math.sqrt(variance / len(scores))
    return mean, (mean - half, mean + half)


def _mean_text(s: BotStanding) -> str:
    """``mean ± half-width`` of a line."""
    if s.interval is None:
        return f"{s.mean_score:+.2f}"
    return f"{s.mean_score:+.2f} ± {(s.interval[1] - s.interval[0]) / 2:.2f}"
