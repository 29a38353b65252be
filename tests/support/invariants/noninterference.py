"""Non-interference: games that differ only in what a seat cannot see (two undrawn wall tiles
swapped, two honor kinds relabelled, another seat's face-down discard of another kind, a tile
dealt to another seat swapped with an undrawn one) give that seat identical views and event
logs, so nothing hidden can be recovered from them."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from koudiandian import Game, InvalidEventLogError, Rules, SeatView

from tests.support.invariants.views import visible_tiles


def _seat_sees(game: Game, seat: int) -> tuple[list[dict[str, Any]], SeatView]:
    return game.events_for(seat), game.view(seat)


def honor_classes(rules: Rules) -> list[list[int]]:
    if rules.no_honors:
        return []
    if rules.wind_runs:  # permuting winds among winds and dragons among dragons is a symmetry
        return [[27, 28, 29, 30], [31, 32, 33]]
    return [list(range(27, 34))]


def _dealt_positions(j: int) -> list[int]:
    """Wall positions dealt to the seat ``j`` places after the dealer."""
    return [*range(13 * j, 13 * j + 13), *([52] if j == 0 else [])]


def _wall_position(events: list[dict[str, Any]]) -> tuple[int, int]:
    front = 53 + sum(1 for e in events if e["type"] == "draw" and not e["replacement"])
    back = sum(1 for e in events if e["type"] == "draw" and e["replacement"])
    return front, back


def check_noninterference(
    prefix: list[dict[str, Any]], rng: random.Random, stats: Counter[str]
) -> None:
    """``prefix`` is the log of a hand in progress, cut where the game waits for a decision."""
    base = Game.replay(prefix)
    assert not base.is_over
    seen = {s: _seat_sees(base, s) for s in range(4)}
    wall = prefix[0]["wall"]
    front, back = _wall_position(prefix)
    undrawn = list(range(front, len(wall) - back))

    def compare(twin_log: list[dict[str, Any]], blind: list[int], what: str, must: bool) -> None:
        try:
            twin = Game.replay(twin_log)
        except InvalidEventLogError:
            assert not must, f"{what}: the twin log does not replay"
            return
        stats[f"twin:{what}"] += 1
        for s in blind:
            ev, v = _seat_sees(twin, s)
            assert ev == seen[s][0], f"{what}: seat {s}'s events_for changed"
            assert v == seen[s][1], f"{what}: seat {s}'s view changed"

    # 1. two undrawn wall tiles swapped: nobody may notice
    if len(undrawn) >= 2:
        p, q = rng.sample(undrawn, 2)
        twin_log = copy.deepcopy(prefix)
        w = twin_log[0]["wall"]
        w[p], w[q] = w[q], w[p]
        compare(twin_log, [0, 1, 2, 3], "wall order", must=True)

    # 2. two honor kinds relabelled everywhere (an exact symmetry of the rules): a seat that
    #    has seen neither kind may not notice
    wild = set(prefix[0]["wildcards"])
    classes = [[k for k in c if k not in wild] for c in honor_classes(base.rules)]
    classes = [c for c in classes if len(c) >= 2]
    if classes:
        a, b = rng.sample(rng.choice(classes), 2)
        swap = {a: b, b: a}
        twin_log = copy.deepcopy(prefix)
        twin_log[0]["wall"] = [swap.get(t, t) for t in twin_log[0]["wall"]]
        for e in twin_log[1:]:
            if isinstance(e.get("tile"), int):
                e["tile"] = swap.get(e["tile"], e["tile"])
        blind = []
        for s in range(4):
            ev, v = seen[s]
            shown = visible_tiles(ev) | {int(t) for t in v.hand}
            shown |= {int(t) for ts in v.discards for t in ts if t is not None}
            shown |= {int(m.tile) for ms in v.melds for m in ms if m.tile is not None}
            if a not in shown and b not in shown:
                blind.append(s)
        compare(twin_log, blind, "honor relabel", must=True)

    # 3. another seat's face-down discard made a different kind (swapped with an undrawn
    #    wall tile in its dealt hand): the other three may not notice
    downs = [i for i, e in enumerate(prefix) if e["type"] == "discard" and e["declare"]]
    if downs and undrawn:
        i = rng.choice(downs)
        t = prefix[i]["seat"]
        a = prefix[i]["tile"]
        j = (t - prefix[0]["dealer"]) % 4
        dealt = [p for p in _dealt_positions(j) if wall[p] == a]
        others = [q for q in undrawn if wall[q] != a and wall[q] not in wild]
        if dealt and others:
            p, q = rng.choice(dealt), rng.choice(others)
            twin_log = copy.deepcopy(prefix)
            w = twin_log[0]["wall"]
            w[p], w[q] = w[q], w[p]
            twin_log[i]["tile"] = w[p]
            compare(twin_log, [s for s in range(4) if s != t], "face-down discard", must=False)

    # 4. a tile dealt to another seat swapped with an undrawn wall tile
    if undrawn:
        t = rng.randrange(4)
        j = (t - prefix[0]["dealer"]) % 4
        p = rng.choice(_dealt_positions(j))
        q = rng.choice(undrawn)
        twin_log = copy.deepcopy(prefix)
        w = twin_log[0]["wall"]
        w[p], w[q] = w[q], w[p]
        compare(twin_log, [s for s in range(4) if s != t], "hidden hand", must=False)
