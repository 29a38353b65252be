"""What a simulation measured: :class:`SimulationSummary`, and under duplicate play each
bot's :class:`BotStats`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import _core
from .rules import Rules

__all__ = ["SimulationSummary", "BotStats", "Record", "describe_rules", "summarise"]

#: What a simulation keeps of a hand: ``(winner, kind, value, deltas, discarder,
#: rotation)``; ``winner`` and ``discarder`` are −1 when there is none, ``kind`` is 0 drawn,
#: 1 self-draw, 2 on a discard, 3 a robbed kong, ``value`` Σ points × factor over the wins,
#: ``rotation`` the duplicate rotation (0 otherwise). The core's self-play returns the same.
Record = tuple[int, int, int, tuple[int, int, int, int], int, int]

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
        return {f: getattr(self, f) for f in self.__dataclass_fields__}


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What :func:`simulate` measured. Per-seat tuples are indexed by seat; dealers rotate
    (hand ``i`` is dealt by seat ``i % 4``), so seats differ only by their bots, but for
    matches, each first dealt where the profile says (seat 0 under Taiyuan and hebei).
    ``matches``,
    ``first_places`` and ``mean_rank`` are filled when whole matches were played;
    ``duplicate`` and ``bot_stats`` (indexed by the bot's place in ``bots``) under duplicate
    play, where the seat figures mix the bots that sat there. ``deal_ins`` counts, per seat,
    the wins made on its discard or kong."""

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
        for name in ("seconds", "hands_per_second", "workers", "threads", "backend"):
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
            f"{self.hands_per_second:,.0f} hands/s",
            f"rules: {describe_rules(self.rules)}",
            "",
        ]
        if self.duplicate:
            lines.append(
                f"{'bot':<6}{'name':<10}{'mean pts/hand':>16}{'± 95%':>9}"
                f"{'win rate':>10}{'deal-in':>9}"
            )
            for b in self.bot_stats:
                ci = "–" if b.points_ci95 is None else f"{b.points_ci95:.2f}"
                lines.append(
                    f"{b.bot:<6}{b.name:<10}{b.mean_points:>16.2f}{ci:>9}"
                    f"{b.win_rate:>10.1%}{b.deal_in_rate:>9.1%}"
                )
        else:
            lines.append(
                f"{'seat':<6}{'bot':<10}{'wins':>8}{'win rate':>10}{'mean score':>12}{'std':>10}"
            )
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


def _bot_stats(records: Sequence[Record], names: Sequence[str]) -> tuple[BotStats, ...]:
    """Each bot's figures under duplicate play: records come four to a wall, in rotation
    order, and in rotation ``r`` bot ``b`` sits where the core's
    :func:`~koudiandian._core.duplicate_seating` seats it (seat ``(b + r) % 4``)."""
    walls = len(records) // 4
    # seat_of[r][b]: the seat of the listed bot b in rotation r.
    seat_of = [_seats_of_bots(_core.duplicate_seating(r)) for r in range(4)]
    out = []
    for b in range(4):
        per_wall = []
        wins = deal_ins = 0
        for w in range(walls):
            total = 0
            for r in range(4):
                winner, _kind, _value, deltas, discarder, rotation = records[4 * w + r]
                seat = seat_of[rotation][b]
                total += deltas[seat]
                wins += winner == seat
                deal_ins += discarder == seat
            per_wall.append(total / 4)
        n = len(per_wall)
        mean = sum(per_wall) / n if n else 0.0
        var = sum((x - mean) ** 2 for x in per_wall) / (n - 1) if n > 1 else 0.0
        hands = 4 * walls
        out.append(
            BotStats(
                bot=b,
                name=names[b],
                hands=hands,
                mean_points=mean,
                points_ci95=_Z95 * math.sqrt(var / n) if n > 1 else None,
                win_rate=wins / hands if hands else 0.0,
                deal_in_rate=deal_ins / hands if hands else 0.0,
            )
        )
    return tuple(out)


def _seats_of_bots(seating: Sequence[int]) -> list[int]:
    """The seat of each listed bot, from the listed bot of each seat."""
    out = [0, 0, 0, 0]
    for seat, b in enumerate(seating):
        out[b] = seat
    return out


def summarise(
    records: Sequence[Record],
    rankings: Sequence[Sequence[int]],
    rules: Rules,
    names: Sequence[str],
    seed: int,
    *,
    workers: int = 1,
    threads: int = 1,
    backend: str = "local",
    duplicate: bool = False,
    seconds: float = 0.0,
) -> SimulationSummary:
    """The summary of a run's records (in hand order) and match rankings."""
    n = len(records)
    wins = [0, 0, 0, 0]
    deal_ins = [0, 0, 0, 0]
    kinds = [0, 0, 0, 0]
    points = 0
    # The seats' sums unrolled into locals (integers: exact), the one loop over every hand.
    t0 = t1 = t2 = t3 = q0 = q1 = q2 = q3 = 0
    for winner, kind, p, (d0, d1, d2, d3), discarder, _rotation in records:
        kinds[kind] += 1
        if winner >= 0:
            wins[winner] += 1
            points += p
        if discarder >= 0:
            deal_ins[discarder] += 1
        t0 += d0
        t1 += d1
        t2 += d2
        t3 += d3
        q0 += d0 * d0
        q1 += d1 * d1
        q2 += d2 * d2
        q3 += d3 * d3
    sums, squares = (t0, t1, t2, t3), (q0, q1, q2, q3)
    mean = [t / n for t in sums]
    std = [math.sqrt(max(0.0, squares[s] / n - mean[s] ** 2)) for s in range(4)]
    won = n - kinds[0]
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
        deal_ins=(deal_ins[0], deal_ins[1], deal_ins[2], deal_ins[3]),
        threads=threads,
        backend=backend,
        duplicate=duplicate,
        bot_stats=_bot_stats(records, names) if duplicate else (),
    )
