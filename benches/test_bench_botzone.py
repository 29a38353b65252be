"""Botzone's judge: finished games' logs judged again in process (``botzone_check``), games
per second on one core. Target: >= 1,000 games/s.

Run from the repository root::

    python -m pytest benches/test_bench_botzone.py -p no:cacheprovider --benchmark-only -s
    python benches/test_bench_botzone.py          # the same, as a script

The logs: ``GAMES`` seeded hands under the ``botzone`` rule set (each prevalent wind in
turn), every decision the engine's default (expert) action, written as Botzone logs by
``koudiandian.botzone.botzone_log`` (every output and every answer), JSON text as
``koudiandian botzone check`` reads it. The timed loop is ``botzone_check`` over all of
them: the JSON read, the judge replayed turn by turn on the engine, every output compared
field by field (each must agree). The figure is games per second of this process's CPU
time (best of five), one core's rate on a machine shared with other work;
pytest-benchmark's wall-time figure is printed beside it.
"""

from __future__ import annotations

import json
import time
from typing import Any

from koudiandian import Game, Rules
from koudiandian.botzone import botzone_check, botzone_log

GAMES = 200
TARGET = 1000
WINDS = ("east", "south", "west", "north")


def play(seed: int) -> str:
    """One hand under the botzone rules, every seat playing the engine's default action:
    its Botzone log, JSON text."""
    game = Game(Rules.parse(f"botzone,quan={WINDS[seed % 4]}"), seed=seed)
    while not game.is_over:
        seat = game.to_act[0]
        game.step(seat, game.default_action(seat))
    return botzone_log(game).to_json()


def logs() -> list[str]:
    return [play(seed) for seed in range(GAMES)]


def check_all(texts: list[str]) -> int:
    bad = 0
    for t in texts:
        bad += bool(botzone_check(t))
    return bad


def cpu_rate(texts: list[str], rounds: int = 5) -> float:
    """Games per second of this process's CPU time (best of ``rounds``): the figure of one
    core, whatever else the machine runs."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        assert check_all(texts) == 0
        best = min(best, time.process_time() - start)
    return len(texts) / best


def test_rejudge_finished_logs(benchmark: Any) -> None:
    texts = logs()
    bad = benchmark(check_all, texts)
    assert bad == 0
    wall = len(texts) / benchmark.stats.stats.median
    cpu = cpu_rate(texts)
    print(
        f"\nbotzone_check: {cpu:,.0f} games/s of CPU, {wall:,.0f} games/s of wall time "
        f"(target {TARGET:,})"
    )
    assert cpu >= TARGET


if __name__ == "__main__":
    texts = logs()
    turns = sum(len(json.loads(t)["log"]) for t in texts) // 2
    rate = cpu_rate(texts)
    print(
        f"{len(texts)} games ({turns} turns): {rate:,.0f} games/s of CPU, "
        f"{1e6 / rate:.0f} µs a game, {len(texts) / rate / turns * 1e6:.1f} µs a turn "
        f"(target {TARGET:,} games/s)"
    )
