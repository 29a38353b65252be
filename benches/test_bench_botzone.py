"""Botzone's judge: finished games' logs judged again in process (``botzone_check``), games
per second on one core. Target: >= 1,000 games/s.

Run from the repository root::

    python -m pytest benches/test_bench_botzone.py -p no:cacheprovider --benchmark-only -s
    python benches/test_bench_botzone.py          # the same, as a script

The logs: ``GAMES`` seeded games (136-tile walls shuffled by the judge from seeds 0…),
played under our judge by four in-process seats that take the engine's greedy action
(``GameCore.greedy_action``) when they have a choice and pass otherwise; each game's whole
log (every output and every answer) is JSON text, as ``koudiandian botzone check`` reads
it. The timed loop is ``botzone_check`` over all of them: the JSON read, the judge replayed
turn by turn on the engine, every output compared field by field (each must agree). The
figure is games per second of this process's CPU time (best of five), one core's rate on a
machine shared with other work; pytest-benchmark's wall-time figure is printed beside it.
"""

from __future__ import annotations

import json
import time
from typing import Any

from koudiandian.botzone import BotzoneJudge, botzone_check

GAMES = 200
TARGET = 1000
NAMES = (
    [f"W{i}" for i in range(1, 10)]
    + [f"B{i}" for i in range(1, 10)]
    + [f"T{i}" for i in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)


def _text(game: Any, seat: int, code: int) -> str:
    """A greedy action of the engine as a Botzone answer."""
    kind, tile = divmod(code, 34)
    counts = game.hand(seat)
    held = [k for k in range(34) for _ in range(counts[k])]
    if kind == 0:
        return f"PLAY {NAMES[tile]}"
    if kind in (2, 3):
        return "HU"
    if kind == 7:
        return f"GANG {NAMES[tile]}"
    if kind == 6:
        return f"BUGANG {NAMES[tile]}"
    if kind == 5:
        return "GANG"
    if kind == 4:
        claimed = game.claim_tile()
        rest = list(held)
        rest.remove(claimed)
        rest.remove(claimed)
        return f"PENG {NAMES[rest[-1]]}"
    if kind == 9:
        rest = [*held, game.claim_tile()]
        for k in (tile, tile + 1, tile + 2):
            rest.remove(k)
        return f"CHI {NAMES[tile + 1]} {NAMES[rest[-1]]}"
    return "PASS"


def play(seed: int) -> str:
    """One game under our judge between four greedy seats: its whole log, JSON text."""
    judge = BotzoneJudge({"srand": seed, "quan": seed % 4})
    init = judge.output()["initdata"]
    log: list[Any] = [{"output": judge.output()}]
    out = judge.output()
    while out["command"] == "request":
        game = judge.game()
        answers = ["PASS"] * 4
        action = out["display"]["action"]
        for s in range(4):
            drawer = action == "DRAW" and out["display"]["player"] == s
            claim = action in ("PLAY", "PENG", "CHI", "BUGANG") and game.phase() in ("claim", "rob")
            if (drawer or claim) and game.legal_actions(s):
                answers[s] = _text(game, s, game.greedy_action(s))
        entry = {str(s): {"verdict": "OK", "response": answers[s]} for s in range(4)}
        log.append(entry)
        out = judge.answer(entry)
        log.append({"output": out})
    return json.dumps({"initdata": init, "log": log})


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
