"""Seeded and random play of the ``changsha`` profile (长沙麻将): hands with random and greedy
decisions played step by step by the engine and the independent reference
(``tests/support/reference/``: the game with the ``changsha`` switches, ``changsha.py`` and
``changsha_hands.py``), the reference's independence of the engine, and random-play invariants
over many hands."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from koudiandian import Game, MeldKind
from koudiandian.bots import GreedyBot

from tests.support import REFERENCE
from tests.support.changsha_scenario import R, choose_eagerly, same_log
from tests.support.independence import assert_independent
from tests.support.reference.game import ReferenceGame


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_engine_matches_reference_on_seeded_hands(policy: str) -> None:
    """150 seeded hands per policy: the same seats to act, the same legal actions at every
    step, the same log, result and next dealer. Greedy bots win most hands, so 大胡, dice
    kongs, 通炮 and the 海底 are compared too."""
    seen: Counter[str] = Counter()
    for seed in range(150):
        label = f"{policy} seed {seed}"
        fast = Game(R, seed=seed, dealer=seed % 4)
        slow = ReferenceGame(R, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        bots = [GreedyBot(seed=seed * 4 + s) for s in range(4)] if policy == "greedy" else None
        step = 0
        while True:
            assert fast.to_act == slow.to_act, f"{label} step {step}: to_act"
            if not fast.to_act:
                break
            seat = rng.choice(fast.to_act)
            legal = fast.legal_actions(seat)
            assert legal == slow.legal_actions(seat), f"{label} step {step}: legal"
            action = choose_eagerly(fast, seat, legal, rng, None if bots is None else bots[seat])
            fast.step(seat, action)
            slow.step(seat, action)
            step += 1
        assert same_log(fast.events, slow.events), f"{label}: event logs differ"
        assert fast.result == slow.result, f"{label}: results"
        assert fast.next_dealer() == slow.next_dealer(), f"{label}: next dealer"
        seen.update(e["type"] for e in fast.events)
        seen.update(i.name for w in fast.result.wins for i in w.score_items)
    assert seen["win"] > 10 and seen["haidi"] > 0 and seen["opening_win"] > 0, seen
    if policy == "greedy":
        assert seen["dice_kong"] > 0 and seen["kong_bloom"] > 0, seen


#: What the reference may take from the package: plain data types and errors.
_PLAIN_MODULES = {"action", "errors", "meld", "result", "rules", "tile"}


_PLAIN_NAMES = {
    "Action",
    "ActionKind",
    "action_of",
    "Bird",
    "Haidi",
    "HandResult",
    "MeldKind",
    "Rules",
    "ScoreItem",
    "TILES",
    "Tile",
    "Transfer",
    "WinKind",
    "WinSummary",
    "WinValue",
}


def test_reference_is_independent_of_the_engine() -> None:
    """The reference's ``changsha`` modules (``tests/support/reference/changsha.py``, the
    settlement, and ``changsha_hands.py``, the hand evaluation) take only plain data types
    from the package (no evaluator, no game, no ``_core``); their other imports are each
    other, the reference's shared helpers (``common.py``) and the type of the reference game
    they settle."""
    helpers = {f"tests.support.reference.{m}" for m in ("changsha_hands", "common", "game")}
    for name in ("changsha.py", "changsha_hands.py"):
        assert_independent(REFERENCE / name, _PLAIN_MODULES, _PLAIN_NAMES, helpers=helpers)


# -- random-play invariants ------------------------------------------------------------------


def _meld_tiles(kind: int, tile: int) -> list[int]:
    if kind == MeldKind.CHOW:
        return [tile, tile + 1, tile + 2]
    return [tile] * (3 if kind == MeldKind.PONG else 4)


def test_random_play_invariants() -> None:
    """2,000 hands of random play with the engine: every tile accounted for (dealt and drawn
    tiles = hands + melds + discards, less the claimed discards that sit in a meld and the
    discards won on, which sit in the winners' hands as well); deltas sum to zero and are
    the transfers'; the log replays to the same log; under a minute."""
    start = time.perf_counter()
    kinds: Counter[str] = Counter()
    for n in range(2000):
        seed = 10**6 + n
        game = Game(R, seed=seed, dealer=n % 4)
        rng = random.Random(seed)
        while game.to_act:
            seat = rng.choice(game.to_act)
            game.step(seat, choose_eagerly(game, seat, game.legal_actions(seat), rng, None))
        events = game.events
        end = events[-1]
        assert end["type"] == "end_hand"
        taken = Counter(events[0]["wall"][:53]) + Counter(
            e["tile"] for e in events if e["type"] == "draw"
        )
        result = game.result
        birds = [e for e in events if e["type"] == "bird"]
        # the bird is turned from the wall, unless it is the 海底 already drawn (a 海底 win)
        turned = bool(birds) and not (result.haidi is not None and result.haidi.how == "taken")
        assert sum(taken.values()) + turned + game.wall_remaining == 108, seed
        held: Counter[int] = Counter()
        for h in end["hands"]:
            held.update(h)
        for ms in end["melds"]:
            for kind, tile, _ in ms:
                held.update(_meld_tiles(kind, tile))
        for d in end["discards"]:
            held.update(d)
        claimed = Counter(e["tile"] for e in events if e["type"] in ("pong", "kong"))
        claimed.update(e["claimed"] for e in events if e["type"] == "chow")
        claimed.update(
            e["tile"] for e in events if e["type"] == "dice_kong" and e["from"] is not None
        )
        wins = [e for e in events if e["type"] == "win"]
        won = Counter(e["tile"] for e in wins if e["kind"] == "discard")
        if wins and wins[0]["kind"] == "robbed_kong":  # the konger's tile, won by each
            won.update(e["tile"] for e in wins[1:])
        assert held == taken + claimed + won, seed
        assert sum(result.deltas) == 0, seed
        deltas = [0, 0, 0, 0]
        for x in result.transfers:
            deltas[x.payer] -= x.amount
            deltas[x.payee] += x.amount
        assert tuple(deltas) == result.deltas, seed
        assert Game.replay(events).events == events, seed
        assert ReferenceGame(R, seed=seed, dealer=n % 4).wall_remaining == 55
        kinds[result.win_kind.value if result.win_kind else "drawn"] += 1
    assert {"drawn", "self_draw", "discard"} <= set(kinds), kinds
    assert time.perf_counter() - start < 60
