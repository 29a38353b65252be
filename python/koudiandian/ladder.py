"""A ladder: every pair of bots played against each other on duplicate walls, with paired
differences, sequential stopping and a rating fitted to the pairwise results
(``koudiandian ladder``; docs/bots.md, *The ladder*).

For each pair ``(a, b)`` and each rule profile, wall ``w`` (dealt from the ladder's seed as
:func:`koudiandian.simulate` deals it under ``duplicate=True``) is played eight times: four
rotations of ``a`` against three copies of ``b`` (``a`` in every seat once), and four of
``b`` against three copies of ``a``. A hand is zero-sum, so ``b`` in ``a``'s seats would
score 0 in sum over the rotations; ``a``'s mean points per hand on the wall is therefore its
advantage over ``b`` on that wall, and ``b``'s in the other table is ``b``'s over ``a``. The
wall's *paired difference* is half their difference, ``(x_a − x_b) / 2``, in points per
hand. Walls are played in batches; after each batch the pair stops once the 95% interval of
the mean difference (normal, from the spread of the per-wall differences) excludes 0, or
when ``walls`` walls have been played (a sequential test looked at after every batch: its
error rate is above the nominal 5%, which a larger ``batch`` reduces).

The rating is a least-squares fit on the mean point differences: ratings ``r`` (points per
hand, summing to 0) minimising ``Σ (d_ab − (r_a − r_b))² / se_ab²`` over the pairs played,
so that ``r_a − r_b`` predicts the mean points per hand ``a`` gains against ``b``. The
ranking orders bots by it, per profile, and overall by the mean of their profile ratings.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import _core
from .bots import is_policy
from .botzone.spec import BotzoneBot, is_botzone
from .botzone.table import check_botzone_rules
from .errors import ArgumentTypeError, InvalidArgumentError
from .execbot import ExecBot, is_exec
from .rules import Rules
from .selfplay import BotSpec, Job, named_factory, play_chunk
from .summary import Record, describe_rules

__all__ = ["ladder", "fit_ratings", "Ladder", "Pairing", "Rating", "RATING_METHOD"]

#: Two-sided 95% normal quantile.
_Z95 = 1.959963984540054

#: How the ladder's ratings are fitted, as its reports say it.
RATING_METHOD = (
    "least squares on the pairs' mean point differences per hand, weighted by 1/se²; "
    "ratings sum to 0"
)


@dataclass(frozen=True, slots=True)
class Pairing:
    """Bot ``a`` against bot ``b`` under one profile. ``mean`` is ``a``'s mean advantage in
    points per hand (the mean of the per-wall paired differences) and ``ci95`` its 95%
    interval's half-width (``None`` with one wall); ``walls`` the walls played (each eight
    hands), ``stopped`` why the pair stopped (``"interval"``: the interval excludes 0;
    ``"budget"``: the walls were spent). ``win_rate_a`` and ``deal_in_rate_a`` are ``a``'s
    rates per hand against three ``b``; ``..._b`` the same of ``b`` against three ``a``."""

    rules: str
    a: str
    b: str
    walls: int
    mean: float
    ci95: float | None
    stopped: str
    win_rate_a: float
    deal_in_rate_a: float
    win_rate_b: float
    deal_in_rate_b: float

    def to_dict(self) -> dict[str, Any]:
        """The pairing as a JSON-ready dict (its fields by name)."""
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's rating (points per hand against the field's mean, :data:`RATING_METHOD`)."""

    bot: str
    rating: float

    def to_dict(self) -> dict[str, Any]:
        """``{"bot", "rating"}``."""
        return {"bot": self.bot, "rating": self.rating}


@dataclass(frozen=True, slots=True)
class Ladder:
    """A ladder's result: each profile's pairings and ranking (best first), and the overall
    ranking (the mean of each bot's profile ratings)."""

    bots: tuple[str, ...]
    seed: int
    pairings: dict[str, tuple[Pairing, ...]]
    rankings: dict[str, tuple[Rating, ...]]
    ranking: tuple[Rating, ...]
    method: str = field(default=RATING_METHOD)

    def to_dict(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict (``koudiandian ladder --json``)."""
        return {
            "bots": list(self.bots),
            "seed": self.seed,
            "method": self.method,
            "ranking": [r.to_dict() for r in self.ranking],
            "profiles": {
                rules: {
                    "ranking": [r.to_dict() for r in self.rankings[rules]],
                    "pairings": [p.to_dict() for p in pairs],
                }
                for rules, pairs in self.pairings.items()
            },
        }

    def table(self) -> str:
        """The ranking and the pairwise table, as text."""
        width = max(len(b) for b in self.bots)
        lines = [f"rating: {self.method}", "", "overall ranking"]
        lines += [
            f"  {i}. {r.bot:<{width}}  {r.rating:+8.2f}" for i, r in enumerate(self.ranking, 1)
        ]
        for rules, pairs in self.pairings.items():
            lines += ["", f"rules: {rules}", "ranking"]
            lines += [
                f"  {i}. {r.bot:<{width}}  {r.rating:+8.2f}"
                for i, r in enumerate(self.rankings[rules], 1)
            ]
            lines += [
                "",
                f"  {'a':<{width}}  {'b':<{width}}  {'walls':>6}  {'a−b pts/hand':>12}  "
                f"{'± 95%':>7}  {'win a':>6}  {'win b':>6}  {'deal-in a':>9}  {'deal-in b':>9}  stop",
            ]
            for p in pairs:
                ci = "" if p.ci95 is None else f"{p.ci95:.2f}"
                lines.append(
                    f"  {p.a:<{width}}  {p.b:<{width}}  {p.walls:>6}  {p.mean:>+12.2f}  "
                    f"{ci:>7}  {p.win_rate_a:>6.1%}  {p.win_rate_b:>6.1%}  "
                    f"{p.deal_in_rate_a:>9.1%}  {p.deal_in_rate_b:>9.1%}  {p.stopped}"
                )
        return "\n".join(lines)


def ladder(
    bots: Sequence[str],
    *,
    rules: Sequence[Rules] | Rules | None = None,
    walls: int = 2000,
    batch: int = 100,
    seed: int = 0,
) -> Ladder:
    """Play every pair of ``bots`` (names: built-in ones, ``policy:PATH``, ``exec:COMMAND``, Botzone bots
    ``botzone:COMMAND`` under the botzone rules only; at least two,
    all different) on duplicate walls under each of ``rules`` (one :class:`Rules` or a
    list; default the default rules), at most ``walls`` walls a pair and profile, checked
    for the stop every ``batch`` walls (the module's docstring says how), walls dealt from
    ``seed``; returns the :class:`Ladder`. An ``exec:`` bot runs as four processes per
    pairing (one per seat), closed when the pairing ends. Bad arguments are
    :class:`InvalidArgumentError` or :class:`ArgumentTypeError` naming them; a failing
    ``exec:`` bot a :class:`~koudiandian.errors.BotError`."""
    names = _check_bots(bots)
    profiles = _check_rules(rules)
    for profile in profiles:
        check_botzone_rules(profile, names)
    for what, value in (("walls", walls), ("batch", batch)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidArgumentError(f"{what} must be a positive int, got {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    pairings: dict[str, tuple[Pairing, ...]] = {}
    rankings: dict[str, tuple[Rating, ...]] = {}
    for profile in profiles:
        label = describe_rules(profile)
        if label in pairings:
            raise InvalidArgumentError(f"the rules {label!r} are given twice")
        pairs = tuple(
            _pair(profile, label, a, b, walls, batch, seed)
            for a, b in itertools.combinations(names, 2)
        )
        pairings[label] = pairs
        rankings[label] = fit_ratings(names, pairs)
    overall = {
        name: sum(next(r.rating for r in ranks if r.bot == name) for ranks in rankings.values())
        / len(rankings)
        for name in names
    }
    ranking = tuple(
        Rating(n, v) for n, v in sorted(overall.items(), key=lambda item: (-item[1], item[0]))
    )
    return Ladder(tuple(names), seed, pairings, rankings, ranking)


def _check_bots(bots: object) -> list[str]:
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ArgumentTypeError(f"bots must be a list of bot names, got {bots!r}")
    names = []
    for name in bots:
        if not isinstance(name, str):
            raise ArgumentTypeError(f"a ladder's bot is a name (str), got {name!r}")
        if not is_exec(name) and not is_botzone(name):
            named_factory(name)  # raises for a name that is no bot
        if name in names:
            raise InvalidArgumentError(f"the bot {name!r} is listed twice")
        names.append(name)
    if len(names) < 2:
        raise InvalidArgumentError(f"a ladder needs at least two bots, got {len(names)}")
    return names


def _check_rules(rules: object) -> list[Rules]:
    if rules is None:
        return [Rules()]
    if isinstance(rules, Rules):
        return [rules]
    if isinstance(rules, Sequence) and rules and all(isinstance(r, Rules) for r in rules):
        return list(rules)
    raise ArgumentTypeError(f"rules must be a Rules or a non-empty list of them, got {rules!r}")


def _spec(name: str) -> BotSpec:
    """A seat's bot for one pairing: a built-in's name, an exec bot's own process, or a
    Botzone bot (a session of its own each hand)."""
    if is_exec(name):
        return ExecBot(name)
    return BotzoneBot.from_spec(name) if is_botzone(name) else name


def _builtin(specs: Sequence[BotSpec]) -> tuple[str, ...] | None:
    if any(isinstance(s, (ExecBot, BotzoneBot)) or is_policy(s) for s in specs):
        return None
    return tuple(str(s) for s in specs)


class _Table:
    """One side of a pairing: ``hero`` against three copies of ``other``, walls played in
    duplicate; per wall, the hero's total points over the four rotations."""

    def __init__(self, rules: Rules, hero: str, other: str, seed: int) -> None:
        specs = (_spec(hero), _spec(other), _spec(other), _spec(other))
        self.specs = specs
        self.job = Job(rules, specs, seed, False, None, True, 1, _builtin(specs))
        self.seat_of = [_core.duplicate_seating(r).index(0) for r in range(4)]
        self.hands = self.wins = self.deal_ins = 0

    def play(self, start: int, stop: int) -> list[int]:
        """Walls ``start..stop``: the hero's points on each (its four hands summed)."""
        records: list[Record] = play_chunk(self.job, start, stop)[0]
        totals = []
        for w in range(len(records) // 4):
            total = 0
            for record in records[4 * w : 4 * w + 4]:
                deltas, rotation, won, dealt_in = record[3], record[5], record[6], record[7]
                seat = self.seat_of[rotation]
                total += deltas[seat]
                # Every win of the hand counts (several seats may win in one hand).
                self.wins += won >> seat & 1
                self.deal_ins += dealt_in >> seat & 1
            totals.append(total)
        self.hands += len(records)
        return totals

    def close(self) -> None:
        """End the exec bots' processes."""
        for spec in self.specs:
            if isinstance(spec, ExecBot):
                spec.close()


def _pair(rules: Rules, label: str, a: str, b: str, walls: int, batch: int, seed: int) -> Pairing:
    """Bot ``a`` against bot ``b``: batches of walls until the interval excludes 0 or the
    walls are spent."""
    ta, tb = _Table(rules, a, b, seed), _Table(rules, b, a, seed)
    try:
        n = 0
        total = squares = 0.0
        stopped = "budget"
        while n < walls:
            stop = min(n + batch, walls)
            for xa, xb in zip(ta.play(n, stop), tb.play(n, stop)):
                d = (xa - xb) / 8  # (x_a/4 − x_b/4) / 2: points per hand
                total += d
                squares += d * d
            n = stop
            mean, ci = _interval(n, total, squares)
            if ci is not None and abs(mean) > ci:
                stopped = "interval"
                break
    finally:
        ta.close()
        tb.close()
    mean, ci = _interval(n, total, squares)
    return Pairing(
        rules=label,
        a=a,
        b=b,
        walls=n,
        mean=mean,
        ci95=ci,
        stopped=stopped,
        win_rate_a=ta.wins / ta.hands,
        deal_in_rate_a=ta.deal_ins / ta.hands,
        win_rate_b=tb.wins / tb.hands,
        deal_in_rate_b=tb.deal_ins / tb.hands,
    )


def _interval(n: int, total: float, squares: float) -> tuple[float, float | None]:
    """The mean of ``n`` values from their sum and sum of squares, and its 95% half-width."""
    mean = total / n
    if n < 2:
        return mean, None
    var = max(0.0, (squares - n * mean * mean) / (n - 1))
    return mean, _Z95 * math.sqrt(var / n)


def fit_ratings(names: Sequence[str], pairs: Sequence[Pairing]) -> tuple[Rating, ...]:
    """Ratings of ``names`` fitted to ``pairs`` (:data:`RATING_METHOD`), best first (ties
    by name). A pair with no spread (a ``ci95`` of 0 or ``None``) gets the weight of the
    most certain other pair (1 if none)."""
    index = {name: i for i, name in enumerate(names)}
    errors = [p.ci95 / _Z95 for p in pairs if p.ci95]
    fallback = min(errors) if errors else 1.0
    rows, values = [], []
    for p in pairs:
        se = p.ci95 / _Z95 if p.ci95 else fallback
        row = np.zeros(len(names))
        row[index[p.a]], row[index[p.b]] = 1 / se, -1 / se
        rows.append(row)
        values.append(p.mean / se)
    rows.append(np.ones(len(names)))  # the ratings sum to 0
    values.append(0.0)
    fitted = np.linalg.lstsq(np.array(rows), np.array(values), rcond=None)[0]
    ratings = [Rating(name, float(fitted[index[name]])) for name in names]
    return tuple(sorted(ratings, key=lambda r: (-r.rating, r.bot)))
