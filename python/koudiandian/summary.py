"""What a simulation measured: :class:`SimulationSummary`, and under duplicate play each
bot's :class:`BotStats`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import _core
from .rules import Rules

__all__ = ["SimulationSummary", "BotStats", "Record", "Tally", "describe_rules"]

#: What a simulation keeps of a hand: ``(winner, kind, value, deltas, discarder, rotation,
#: won, dealt_in, win_kinds)``. ``winner``, ``kind`` and ``discarder`` are the first win's:
#: ``winner`` and ``discarder`` are −1 when there is none, ``kind`` is 0 none, 1 self-draw,
#: 2 on a discard, 3 a robbed kong. ``value`` is the sum of the wins' headline values (the
#: first of each win's ``value``: 番 in guobiao, 大胡 or 小胡 in changsha, points × factor in
#: Taiyuan), ``rotation`` the duplicate rotation (0 otherwise), ``won`` and ``dealt_in`` bit
#: masks of every seat that won and every seat a win was on (bit ``s`` for seat ``s``),
#: ``win_kinds`` how many wins were self-draws, on a discard, on a robbed kong. The core's
#: self-play returns the same.
Record = tuple[int, int, int, tuple[int, int, int, int], int, int, int, int, tuple[int, int, int]]

#: The seats of each bit mask of seats (0–15).
_SEATS_OF = tuple(tuple(s for s in range(4) if mask >> s & 1) for mask in range(16))

#: Two-sided 95% normal quantile.
_Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class BotStats:
    """One bot's results under duplicate play, over every hand it played (each wall four
    times, once from each seat). ``points_ci95`` is the half-width of the 95% confidence
    interval of ``mean_points``, from the spread of its per-wall means (the walls are
    independent; the four rotations of a wall are not); ``None`` with a single wall."""

    bot: int
    name: str
    hands: int
    mean_points: float
    points_ci95: float | None
    win_rate: float
    deal_in_rate: float

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict."""
        return {f: getattr(self, f) for f in self.__dataclass_fields__}


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What :func:`simulate` measured. Per-seat tuples are indexed by seat; dealers rotate
    (hand ``i`` is dealt by seat ``i % 4``), so seats differ only by their bots, but for
    matches, each first dealt where the profile says (seat 0 under Taiyuan and hebei).
    ``matches``,
    ``first_places`` and ``mean_rank`` are filled when whole matches were played;
    ``duplicate`` and ``bot_stats`` (indexed by the bot's place in ``bots``) under duplicate
    play, where the seat figures mix the bots that sat there. ``wins`` counts every win
    (several seats may win in one hand, on one discard or at different moments), and so do
    ``self_draw_wins``, ``discard_wins`` and ``robbed_kong_wins``; ``drawn_hands`` are the
    hands nobody won. ``deal_ins`` counts, per seat, the hands in which a win was made on its
    discard or kong. ``mean_points`` is the mean headline value of a win: the first of its
    ``value`` words (points × factor in Taiyuan, 番 in queyimen, guobiao and sichuan, 倍 in
    hebei, 大胡 or 小胡 in changsha).

    ``seconds`` is the whole run's wall-clock time and ``startup_seconds`` its start-up, the
    part before the first hand was asked for: opening the log, building the tables the bots
    read (:func:`~koudiandian._core.warm_up_bots`), connecting to (or starting) a Ray
    cluster. ``hands_per_second`` is the steady rate, the hands over the rest
    (``seconds - startup_seconds``); with ``workers > 1`` or on Ray the processes' own start
    (import and tables, in each) falls in the rest."""

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
    deal_ins: tuple[int, int, int, int] = (0, 0, 0, 0)
    threads: int = 1
    backend: str = "local"
    duplicate: bool = False
    bot_stats: tuple[BotStats, ...] = ()
    startup_seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields; the match fields only when matches were played,
        the duplicate fields only under duplicate play."""
        out = {f: getattr(self, f) for f in self.__dataclass_fields__}
        out["rules"] = self.rules.to_dict()
        if not self.matches:
            for name in _MATCH_FIELDS:
                del out[name]
        if not self.duplicate:
            del out["bot_stats"]
        else:
            out["bot_stats"] = [b.to_dict() for b in self.bot_stats]
        for k, v in out.items():
            if isinstance(v, tuple):
                out[k] = list(v)
        return out

    def comparable(self) -> dict[str, Any]:
        """:meth:`to_dict` without the fields that depend on how the run was carried out
        (timing, workers, threads, backend): equal for the same seed however it ran."""
        out = self.to_dict()
        timing = ("seconds", "startup_seconds", "hands_per_second")
        for name in (*timing, "workers", "threads", "backend"):
            del out[name]
        return out

    def table(self) -> str:
        """A readable summary table."""
        played = f"{self.matches} matches ({self.hands} hands)" if self.matches else ""
        if self.duplicate:
            played = f"{self.hands // 4} walls × 4 rotations ({self.hands} hands)"
        how = f"{self.workers} worker(s)"
        if self.threads > 1:
            how += f" × {self.threads} threads"
        if self.backend != "local":
            how = f"{self.backend} backend, " + how
        lines = [
            f"{played or f'{self.hands} hands'}, seed {self.seed}, {how}, "
            f"{self.hands_per_second:,.0f} hands/s (start-up {self.startup_seconds:.2f} s)",
            f"rules: {describe_rules(self.rules)}",
            "",
        ]
        # the bots' column as wide as its longest name (an exec: or botzone: command)
        w = max(10, *(len(str(name)) + 2 for name in self.bots))
        if self.duplicate:
            lines.append(
                f"{'bot':<6}{'name':<{w}}{'mean pts/hand':>16}{'± 95%':>9}"
                f"{'win rate':>10}{'deal-in':>9}"
            )
            for b in self.bot_stats:
                ci = "–" if b.points_ci95 is None else f"{b.points_ci95:.2f}"
                lines.append(
                    f"{b.bot:<6}{b.name:<{w}}{b.mean_points:>16.2f}{ci:>9}"
                    f"{b.win_rate:>10.1%}{b.deal_in_rate:>9.1%}"
                )
        else:
            lines.append(
                f"{'seat':<6}{'bot':<{w}}{'wins':>8}{'win rate':>10}{'mean score':>12}{'std':>10}"
            )
            for s in range(4):
                lines.append(
                    f"{s:<6}{self.bots[s]:<{w}}{self.wins[s]:>8}{self.win_rate[s]:>10.1%}"
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
            f"mean value of a win (its headline value): {self.mean_points:.2f}"
            if won
            else "no wins",
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


def _seats_of_bots(seating: Sequence[int]) -> list[int]:
    """The seat of each listed bot, from the listed bot of each seat."""
    out = [0, 0, 0, 0]
    for seat, b in enumerate(seating):
        out[b] = seat
    return out


class Tally:
    """A run's summary, summed up chunk by chunk (:meth:`add`), so that a run of any length
    keeps no record once it is counted: the sums the summary needs, each an exact integer.
    ``names`` are the four listed bots; under ``duplicate`` play records come four to a wall,
    in rotation order, every chunk whole walls."""

    def __init__(
        self, rules: Rules, names: Sequence[str], seed: int, *, duplicate: bool = False
    ) -> None:
        self.rules, self.names, self.seed, self.duplicate = rules, list(names), seed, duplicate
        self.hands = 0
        self.wins = [0, 0, 0, 0]
        self.deal_ins = [0, 0, 0, 0]
        self.kinds = [0, 0, 0, 0]
        self.points = 0
        self.sums = [0, 0, 0, 0]
        self.squares = [0, 0, 0, 0]
        self.matches = 0
        self.firsts = [0, 0, 0, 0]
        self.rank_sums = [0, 0, 0, 0]
        # Under duplicate play, per listed bot: walls, the sum of its points over each wall's
        # four rotations and their squares, its wins and deal-ins.
        self.walls = 0
        self.wall_sums = [0, 0, 0, 0]
        self.wall_squares = [0, 0, 0, 0]
        self.bot_wins = [0, 0, 0, 0]
        self.bot_deal_ins = [0, 0, 0, 0]

    def add(self, records: Sequence[Record], rankings: Sequence[Sequence[int]]) -> None:
        """Count a chunk's records (in hand order) and the rankings of the matches it ends."""
        wins, deal_ins, kinds = self.wins, self.deal_ins, self.kinds
        points = 0
        # The seats' sums unrolled into locals (integers: exact), the one loop over the hands.
        t0 = t1 = t2 = t3 = q0 = q1 = q2 = q3 = 0
        drawn = self_draws = discards = robbed = 0
        for _winner, _kind, p, (d0, d1, d2, d3), _discarder, _r, won, dealt_in, by in records:
            if won:
                for s in _SEATS_OF[won]:
                    wins[s] += 1
                for s in _SEATS_OF[dealt_in]:
                    deal_ins[s] += 1
                points += p
                self_draws += by[0]
                discards += by[1]
                robbed += by[2]
            else:
                drawn += 1
            t0 += d0
            t1 += d1
            t2 += d2
            t3 += d3
            q0 += d0 * d0
            q1 += d1 * d1
            q2 += d2 * d2
            q3 += d3 * d3
        self.hands += len(records)
        self.points += points
        for i, n in enumerate((drawn, self_draws, discards, robbed)):
            kinds[i] += n
        for s, (t, q) in enumerate(((t0, q0), (t1, q1), (t2, q2), (t3, q3))):
            self.sums[s] += t
            self.squares[s] += q
        for ranking in rankings:
            self.firsts[ranking[0]] += 1
            for place, s in enumerate(ranking, start=1):
                self.rank_sums[s] += place
        self.matches += len(rankings)
        if self.duplicate:
            self._add_walls(records)

    def _add_walls(self, records: Sequence[Record]) -> None:
        """Each bot's points per wall under duplicate play: in rotation ``r`` bot ``b`` sits
        where the core's :func:`~koudiandian._core.duplicate_seating` seats it (seat
        ``(b + r) % 4``)."""
        # seat_of[r][b]: the seat of the listed bot b in rotation r.
        seat_of = [_seats_of_bots(_core.duplicate_seating(r)) for r in range(4)]
        for w in range(len(records) // 4):
            totals = [0, 0, 0, 0]
            for record in records[4 * w : 4 * w + 4]:
                deltas, rotation, won, dealt_in = record[3], record[5], record[6], record[7]
                for b, seat in enumerate(seat_of[rotation]):
                    totals[b] += deltas[seat]
                    self.bot_wins[b] += won >> seat & 1
                    self.bot_deal_ins[b] += dealt_in >> seat & 1
            for b, total in enumerate(totals):
                self.wall_sums[b] += total
                self.wall_squares[b] += total * total
        self.walls += len(records) // 4

    def _bot_stats(self) -> tuple[BotStats, ...]:
        """Each bot's figures under duplicate play, from its mean points per hand on each
        wall (a wall's total over its four rotations, / 4)."""
        n, hands = self.walls, 4 * self.walls
        out = []
        for b in range(4):
            total, squares = self.wall_sums[b], self.wall_squares[b]
            # The sample variance of the per-wall means (total / 4), from exact sums:
            # Σ(x − x̄)² = (Q − S²/n) / 16.
            var = (squares * n - total * total) / (n * (n - 1) * 16) if n > 1 else 0.0
            out.append(
                BotStats(
                    bot=b,
                    name=self.names[b],
                    hands=hands,
                    mean_points=total / hands if hands else 0.0,
                    points_ci95=_Z95 * math.sqrt(var / n) if n > 1 else None,
                    win_rate=self.bot_wins[b] / hands if hands else 0.0,
                    deal_in_rate=self.bot_deal_ins[b] / hands if hands else 0.0,
                )
            )
        return tuple(out)

    def summary(
        self,
        *,
        workers: int = 1,
        threads: int = 1,
        backend: str = "local",
        seconds: float = 0.0,
        startup: float = 0.0,
    ) -> SimulationSummary:
        """The summary of the records counted so far (every figure 0 before any), played in
        ``seconds``, of which ``startup`` seconds came before the first hand (see
        :class:`SimulationSummary`)."""
        n = self.hands
        steady = seconds - startup
        per = 1 / n if n else 0.0
        mean = [t * per for t in self.sums]
        std = [math.sqrt(max(0.0, self.squares[s] * per - mean[s] ** 2)) for s in range(4)]
        made = self.kinds[1] + self.kinds[2] + self.kinds[3]
        m = self.matches
        rank = [r / m if m else 0.0 for r in self.rank_sums]
        names, wins, firsts, deal_ins = self.names, self.wins, self.firsts, self.deal_ins
        return SimulationSummary(
            hands=n,
            seed=self.seed,
            workers=workers,
            bots=(names[0], names[1], names[2], names[3]),
            rules=self.rules,
            wins=(wins[0], wins[1], wins[2], wins[3]),
            win_rate=(wins[0] * per, wins[1] * per, wins[2] * per, wins[3] * per),
            score_mean=(mean[0], mean[1], mean[2], mean[3]),
            score_std=(std[0], std[1], std[2], std[3]),
            self_draw_wins=self.kinds[1],
            discard_wins=self.kinds[2],
            robbed_kong_wins=self.kinds[3],
            drawn_hands=self.kinds[0],
            draw_rate=self.kinds[0] * per,
            mean_points=self.points / made if made else 0.0,
            seconds=seconds,
            hands_per_second=n / steady if steady > 0 else (float("inf") if n else 0.0),
            matches=m,
            first_places=(firsts[0], firsts[1], firsts[2], firsts[3]),
            mean_rank=(rank[0], rank[1], rank[2], rank[3]),
            deal_ins=(deal_ins[0], deal_ins[1], deal_ins[2], deal_ins[3]),
            threads=threads,
            backend=backend,
            duplicate=self.duplicate,
            bot_stats=self._bot_stats() if self.duplicate else (),
            startup_seconds=startup,
        )
