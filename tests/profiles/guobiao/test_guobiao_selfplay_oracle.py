"""Every win of 10,000 self-played ``guobiao`` hands (the greedy bots, flowers on) against
the contract's outside calculator, PyMahjongGB's ``MahjongFanCalculator``: its fans, name
by name and value by value, equal the engine's score items, given the same melds (with
their offers), concealed tiles, winning tile, flowers, winds and situation flags; and
every win offered reaches 8 fans without its flowers.

The flags are worked out here from the hand's event log alone, as every seat saw it (not
read from the engine): 和绝张 from the tiles in sight (discards not taken and exposed
melds), 杠上开花 from a kong's own replacement (not a flower's), 抢杠和 from the win's
kind, 妙手回春 and 海底捞月 from the tiles left in the wall. That every position where a
seat could win with 8 fans was offered is the reference's agreement
(``test_guobiao_reference.py``: its offers are the calculator's)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from koudiandian import Rules, simulate

MahjongGB = pytest.importorskip("MahjongGB")

HANDS = 10_000
_NAMES = (
    [f"W{r}" for r in range(1, 10)]
    + [f"B{r}" for r in range(1, 10)]
    + [f"T{r}" for r in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)
_PACK = {0: "PENG", 1: "GANG", 2: "GANG", 3: "GANG", 4: "CHI"}  # by meld kind number
_KONGS = ("kong", "concealed_kong", "added_kong")


def _in_sight(events: list[dict[str, Any]], kind: int) -> int:
    """Tiles of ``kind`` in sight after ``events``: discards not taken, exposed melds."""
    discards: list[list[int]] = [[], [], [], []]
    taken: list[set[int]] = [set(), set(), set(), set()]
    melds: list[list[tuple[str, int]]] = [[], [], [], []]
    for e in events:
        t = e["type"]
        if t == "discard":
            discards[e["seat"]].append(e["tile"])
        elif t in ("pong", "kong", "chow"):
            taken[e["from"]].add(len(discards[e["from"]]) - 1)
            melds[e["seat"]].append((t, e["tile"]))
        elif t == "added_kong":
            melds[e["seat"]] = [
                ("kong" if m == ("pong", e["tile"]) else m[0], m[1]) for m in melds[e["seat"]]
            ]
        elif t == "win" and e["kind"] == "discard":
            taken[e["from"]].add(len(discards[e["from"]]) - 1)
    n = sum(
        1 for s in range(4) for i, d in enumerate(discards[s]) if d == kind and i not in taken[s]
    )
    for s in range(4):
        for m, tile in melds[s]:
            if m == "chow":
                n += tile <= kind <= tile + 2
            elif tile == kind:
                n += 3 if m == "pong" else 4
    return n


def _flags(events: list[dict[str, Any]], wall_size: int) -> tuple[bool, bool, bool, bool]:
    """``(self_drawn, last_copy, about_kong, wall_last)`` of the log's win."""
    i = next(i for i, e in enumerate(events) if e["type"] == "win")
    win = events[i]
    before = events[:i]
    left = wall_size - 53 - sum(1 for e in before if e["type"] == "draw")
    if win["kind"] == "self_draw":
        draws = [j for j, e in enumerate(before) if e["type"] == "draw"]
        last = draws[-1]
        prior = [e for e in before[:last] if e["type"] != "answer"]
        about_kong = before[last]["replacement"] and bool(prior) and prior[-1]["type"] in _KONGS
        return True, _in_sight(before, win["tile"]) == 3, about_kong, left == 0
    robbed = win["kind"] == "robbed_kong"
    # The discard won on is still in its row here: the other three in sight means four.
    last_copy = not robbed and _in_sight(before, win["tile"]) == 4
    return False, last_copy, robbed, left == 0 and not robbed


def _calculator(events: list[dict[str, Any]]) -> tuple[tuple[Any, ...], int]:
    start, end = events[0], events[-1]
    result = end["result"]
    w, tile = result["winner"], result["win_tile"]
    dealer = start["dealer"]
    chows = iter(e["claimed"] for e in events if e["type"] == "chow" and e["seat"] == w)
    packs = []
    for kind, low, source in end["melds"][w]:
        if kind == 4:
            packs.append(("CHI", _NAMES[low + 1], next(chows) - low + 1))
        elif kind == 3:
            packs.append(("GANG", _NAMES[low], 0))
        else:
            packs.append((_PACK[kind], _NAMES[low], (w - source) % 4))
    hand = list(end["hands"][w])
    hand.remove(tile)
    flowers = sum(1 for e in events if e["type"] == "flower" and e["seat"] == w)
    self_drawn, last_copy, about_kong, wall_last = _flags(events, len(start["wall"]))
    fans = MahjongGB.MahjongFanCalculator(
        tuple(packs),
        tuple(_NAMES[t] for t in hand),
        _NAMES[tile],
        flowers,
        self_drawn,
        last_copy,
        about_kong,
        wall_last,
        (w - dealer) % 4,
        start.get("prevalent_wind", 0),
        verbose=True,
    )
    return fans, flowers


def test_every_self_played_win_scores_the_calculators_fans() -> None:
    out = io.StringIO()
    simulate(HANDS, rules=Rules.preset("guobiao"), bots="greedy", seed=2026, log=out)
    wins = 0
    scored: set[str] = set()
    for line in out.getvalue().splitlines():
        events = json.loads(line)["events"]
        result = events[-1]["result"]
        if result["winner"] is None:
            continue
        wins += 1
        fans, _flowers = _calculator(events)
        want = [(name, point * cnt) for point, cnt, name, _en in fans]
        got = [(i["chinese"], i["value"]) for i in result["score_items"][1:]]
        assert got == want, f"{line[:60]}: engine {got}, calculator {want}"
        assert sum(v for name, v in want if name != "花牌") >= 8, f"{line[:60]}: {want}"
        scored |= {name for name, _ in got}
    assert wins >= HANDS * 0.3, f"{wins} wins in {HANDS} hands"
    # Every situation flag was met (and agreed on) somewhere in the run.
    assert {"和绝张", "杠上开花", "抢杠和", "妙手回春", "海底捞月"} <= scored, scored
