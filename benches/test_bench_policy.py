"""The policy bot (``koudiandian.rl.policy.PolicyBot``, ``policy:PATH``): decisions per second
of a trained network's size played in NumPy, against the Python loop's own cost and the
greedy bot in the same loop.

Run from the repository root::

    python -m pytest benches/test_bench_policy.py -p no:cacheprovider -s
    python benches/test_bench_policy.py          # the report alone, as a script

Four seats of the same bot over the same seeded Taiyuan hands, in ``simulate``'s Python loop:

- ``first legal``: returns its first legal action, its view unread: the loop's own cost;
- ``greedy``: a :class:`GreedyBot` instance given as a Python bot (the Rust policy on the
  live game, through the loop);
- ``policy, live game``: a :class:`PolicyBot` of ``examples/bc_expert.py``'s full size (the
  v3 observation, 850 inputs, two tile convolutions of 16 channels stored as dense layers of
  544 units, those 544 carried beside 256 dense units, 252 logits; random weights: the cost
  does not depend on them), its
  observation encoded straight from the live game;
- ``policy, seat view``: the same bot handed each seat's :class:`SeatView` (encoded from the
  view's dict, as a bot outside a simulation is).

Each is timed over the whole run (best of three); decisions/s counts every seat's decisions,
and the CPU time per decision reads the cost apart from the machine's load. NumPy's BLAS is
held to one thread (one core). Target: ``policy, live game`` >= 5,000 decisions/s on one
core: 1 / (its CPU time per decision), which is what the wall-clock rate reaches on an idle
core (on a loaded machine the wall-clock rate is lower, and printed beside it).
``test_policy_act`` times one decision alone with pytest-benchmark.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from koudiandian import Action, Game, simulate  # noqa: E402
from koudiandian.bots import GreedyBot  # noqa: E402
from koudiandian.liveview import LiveView  # noqa: E402
from koudiandian.rl import ACTION_SPACES, OBS_SHAPES  # noqa: E402
from koudiandian.rl.policy import Policy, PolicyBot  # noqa: E402

HANDS = 200
TARGET = 5000
RULES = "taiyuan"


def full_size_policy(seed: int = 0) -> Policy:
    """Random weights in the shape of ``examples/bc_expert.py``'s full run."""
    rng = np.random.default_rng(seed)
    planes = OBS_SHAPES["v3"][0]
    widths = [planes * 34, 16 * 34, 16 * 34, 16 * 34 + 256, ACTION_SPACES[2]]
    layers = [
        (rng.normal(0, 1 / np.sqrt(a), (a, b)), rng.normal(0, 0.01, b))
        for a, b in zip(widths, widths[1:])
    ]
    return Policy(layers, version="v3", action_space=2)


class Counted:
    """A Python bot counting its decisions, playing ``inner`` (first legal when ``None``);
    ``plain`` hands the inner bot a :class:`SeatView` instead of the live view."""

    def __init__(self, inner: Any = None, plain: bool = False) -> None:
        self.inner, self.plain, self.decisions = inner, plain, 0

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        self.decisions += 1
        if self.inner is None:
            return legal[0]
        if self.plain:
            view = view.live_game.view(view.live_seat)
        chosen: Action = self.inner.act(view, legal)
        return chosen


def _run(make: Callable[[], Counted]) -> Callable[[], int]:
    def run() -> int:
        bots = [make() for _ in range(4)]
        simulate(HANDS, bots=bots, rules=RULES, seed=1)
        return sum(b.decisions for b in bots)

    return run


def _time(run: Callable[[], int]) -> tuple[float, float, int]:
    """Best of three: (seconds, CPU seconds of this process, decisions)."""
    best: tuple[float, float, int] | None = None
    for _ in range(3):
        cpu0, start = time.process_time(), time.perf_counter()
        decisions = run()
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu0
        if best is None or seconds < best[0]:
            best = (seconds, cpu, decisions)
    assert best is not None
    return best


def report() -> dict[str, float]:
    policy = PolicyBot(full_size_policy())
    rows = [
        ("first legal", _run(Counted)),
        ("greedy", _run(lambda: Counted(GreedyBot()))),
        ("policy, live game", _run(lambda: Counted(policy))),
        ("policy, seat view", _run(lambda: Counted(policy, plain=True))),
    ]
    print(f"\n{HANDS} {RULES} hands, four seats, {policy.policy!r}")
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'bot':<20}{'decisions':>10}{'s':>8}{'decisions/s':>13}{'CPU µs/dec':>12}"
        f"{'dec/CPU s':>11}"
    )
    rates = {}
    for name, run in rows:
        seconds, cpu, decisions = _time(run)
        rates[name] = decisions / cpu
        print(
            f"{name:<20}{decisions:>10}{seconds:>8.2f}{decisions / seconds:>13,.0f}"
            f"{cpu / decisions * 1e6:>12.0f}{decisions / cpu:>11,.0f}"
        )
    met = "met" if rates["policy, live game"] >= TARGET else "NOT met"
    print(f"target: policy, live game >= {TARGET:,} decisions/s of one core: {met}")
    return rates


def test_report() -> None:
    rates = report()
    assert rates["policy, live game"] > 0


def test_policy_act(benchmark: Any) -> None:
    """One decision of the full-size policy bot on a live Taiyuan position (a discard)."""
    bot = PolicyBot(full_size_policy())
    game = Game(RULES, seed=3)
    for _ in range(20):
        seat = game.to_act[0]
        game.step(seat, game.legal_actions(seat)[0])
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    assert len(legal) > 1
    chosen = benchmark(bot.act, LiveView(game, seat), legal)
    assert chosen in legal


if __name__ == "__main__":
    report()
