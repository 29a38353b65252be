"""The engine against the independent reference (``tests/support/reference/``: the one
state machine with the ``guobiao`` switches, written from ``RULES-guobiao.md``, and
``guobiao.py``, which scores with the contract's outside calculator, PyMahjongGB) on seeded
hands: the same seats to act, the same legal actions at every step and the same log, event
for event, settlement included. Decisions are the greedy policy's (so that hands are won),
with a share of random ones; the prevalent wind varies with the seed, the flowers are on
and off."""

from __future__ import annotations

import random

import pytest
from koudiandian import Game, Match, Rules
from koudiandian.bots import GreedyBot
from koudiandian.game import replay_decisions

from tests.support.reference.game import ReferenceGame

pytest.importorskip("MahjongGB")

RULES = {"flowers": Rules.preset("guobiao"), "no_flowers": Rules(profile="guobiao", flowers=False)}


def play_both(rules: Rules, seed: int, *, wind: int, randomness: float) -> Game:
    fast = Game(rules, seed=seed, dealer=seed % 4, prevalent_wind=wind)
    slow = ReferenceGame(rules, seed=seed, dealer=seed % 4, prevalent_wind=wind)
    rng = random.Random(seed)
    bots = [GreedyBot(seed=seed + s) for s in range(4)]
    step = 0
    while True:
        label = f"seed {seed} step {step}"
        assert fast.to_act == slow.to_act, f"{label}: to_act"
        if not fast.to_act:
            break
        seat = fast.to_act[0]
        legal = fast.legal_actions(seat)
        assert legal == slow.legal_actions(seat), f"{label}: legal"
        if rng.random() < randomness:
            action = rng.choice(legal)
        else:
            action = bots[seat].act(fast.view(seat), legal)
        fast.step(seat, action)
        slow.step(seat, action)
        step += 1
    assert fast.events == slow.events, f"seed {seed}: the logs differ"
    return fast


@pytest.mark.parametrize("name", RULES)
def test_engine_matches_reference(name: str) -> None:
    wins = 0
    for seed in range(60):
        g = play_both(RULES[name], seed, wind=seed % 4, randomness=0.15)
        assert g.result is not None
        wins += g.result.winner is not None
    assert wins > 0, "some hands are won"


def test_engine_matches_reference_in_a_16_hand_match() -> None:
    m = Match(Rules.preset("guobiao"), seed=5)
    bots = [GreedyBot(seed=s) for s in range(4)]
    while not m.is_over:
        s = m.to_act[0]
        m.step(s, bots[s].act(m.view(s), m.legal_actions(s)))
    for i, g in enumerate(m.games):
        start = g.events[0]
        slow = ReferenceGame(
            g.rules,
            wall=start["wall"],
            dealer=g.dealer,
            scores=start["scores"],
            prevalent_wind=i // 4,
        )
        replay_decisions(g.events, slow.step)  # the log's decisions, taken again
        assert slow.events == g.events, f"hand {i}"
