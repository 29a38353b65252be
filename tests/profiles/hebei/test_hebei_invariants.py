"""Random-play invariants of profile ``hebei`` (中原河北麻将, ``RULES-hebei.md``) on the engine:
``N_HANDS`` seeded hands over the option sets, every tile accounted for and every hand's end
checked."""

from __future__ import annotations

import random
import time
from collections import Counter

from koudiandian import Game, Rules

from tests.support.hebei_play import EAGER, OPTION_SETS
from tests.support.reference.deal import FLOWERS
from tests.support.reference.hebei import wins

N_HANDS = 2_000  # keep >= 2,000


def _full_set(flowers: bool) -> Counter[int]:
    return Counter([k for k in range(34) for _ in range(4)] + (list(FLOWERS) if flowers else []))


def _meld_tiles(kind: int, tile: int) -> list[int]:
    if kind == 4:  # chow
        return [tile, tile + 1, tile + 2]
    return [tile] * (4 if kind in (1, 2, 3) else 3)


def test_random_play_invariants() -> None:
    """N_HANDS seeded hands (the four option sets in turn) played by a random policy on the
    engine. At the end: every tile of the wall, flowers included, is in exactly one place
    (hands, melds, discards, flowers set aside, the indicator, the rest of the wall);
    concealed tiles + 3 per meld make 13 (14 for a winner); the deltas follow the transfers
    and sum to zero; every winner's hand wins by the reference's brute force; every seat
    asked to act had a legal action; the next dealer follows the dealer rule."""
    start = time.perf_counter()
    names = list(OPTION_SETS)
    for i in range(N_HANDS):
        options = OPTION_SETS[names[i % len(names)]]
        seed = 10_000 + i
        g = Game(Rules(profile="hebei", **options), seed=seed, dealer=i % 4)
        rng = random.Random(seed)
        while g.to_act:
            seat = rng.choice(g.to_act)
            legal = g.legal_actions(seat)
            assert legal, f"seed {seed}: seat {seat} to act with no legal action"
            eager = [a for a in legal if a.kind in EAGER]
            g.step(seat, rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(legal))
        _check_hand_end(g, seed, options)
    assert time.perf_counter() - start < 120, "keep this test near a minute"


def _check_hand_end(g: Game, seed: int, options: dict[str, bool]) -> None:
    label = f"seed {seed} {options}"
    events = g.events
    start, end = events[0], events[-1]
    result = g.result
    assert result is not None and end["type"] == "end_hand", label
    wall = start["wall"]
    flowers_on = options.get("flowers", True)
    assert Counter(wall) == _full_set(flowers_on), label
    # where every tile went
    front = 53
    back = 0
    seen: Counter[int] = Counter()
    for e in events:
        if e["type"] == "draw":
            if e["replacement"]:
                back += 1
            else:
                front += 1
        elif e["type"] == "indicator":
            front += 1 + len(e["flowers"])
            seen.update([e["tile"], *e["flowers"]])
    for f in range(4):
        for t in g.flowers(f):
            seen[int(t)] += 1
    rest = wall[front : len(wall) - back]
    assert len(rest) == g.wall_remaining, label
    seen.update(rest)
    for s in range(4):
        seen.update(end["hands"][s])
        seen.update(end["discards"][s])
        for kind, tile, _src in end["melds"][s]:
            seen.update(_meld_tiles(kind, tile))
    # a claimed discard is in the discards and in a meld; a discard won is in each winner's hand
    for e in events:
        if e["type"] in ("pong", "kong"):
            seen[e["tile"]] -= 1
        elif e["type"] == "chow":
            seen[e["claimed"]] -= 1
        elif e["type"] == "win" and e["kind"] == "discard":
            seen[e["tile"]] -= 1
    assert +seen == _full_set(flowers_on) and not -seen, f"{label}: tiles not conserved"
    hun = next((e["hun"] for e in events if e["type"] == "indicator"), None)
    for s in range(4):
        counts = [0] * 34
        for t in end["hands"][s]:
            counts[t] += 1
        size = sum(counts) + 3 * len(end["melds"][s])
        if s in result.winners:
            assert size == 14 and wins(counts, len(end["melds"][s]), hun), f"{label}: seat {s}"
        else:
            assert size in (13, 14), f"{label}: seat {s} holds {size}"
    d = [0, 0, 0, 0]
    for tr in result.transfers:
        assert tr.payer != tr.payee and tr.amount > 0, label
        d[tr.payer] -= tr.amount
        d[tr.payee] += tr.amount
    assert list(result.deltas) == d and sum(d) == 0, label
    expected = (
        result.dealer
        if not result.winners or result.winners[0] == result.dealer
        else (result.dealer + 1) % 4
    )
    assert g.next_dealer() == expected, label
