"""The Rust state machine against its readable Python reference (``reference_game.py``):
the same hands, the same decisions, the same legal actions at every step, the same logs and
the same settlements."""

from __future__ import annotations

import random

import pytest
from koudiandian import ActionKind, Game, Rules
from reference_game import ReferenceGame

OPTION_SETS = {
    "default": Rules(),
    "taiyuan": Rules.preset("taiyuan"),
    "random-wildcard-must-win": Rules(wildcards="random", must_win=True),
    "double-wildcard-kong-options": Rules(
        wildcards="double", kong_keeps_waits=True, delayed_kong=True, feeder_pays_all=True
    ),
    "honor-wildcard-wind-runs": Rules(wildcards="honor", wind_runs=True, draw5_win6=True),
    "no-honors-patterns": Rules(no_honors=True, bonus_patterns=True, dealer_bonus=True),
}

_EAGER = (
    ActionKind.WIN,
    ActionKind.SELF_DRAW_WIN,
    ActionKind.DECLARE,
    ActionKind.KONG,
    ActionKind.ADDED_KONG,
    ActionKind.CONCEALED_KONG,
    ActionKind.PONG,
)


@pytest.mark.parametrize("name", OPTION_SETS)
def test_rust_engine_matches_reference(name: str) -> None:
    rules = OPTION_SETS[name]
    for seed in range(150):
        fast = Game(rules, seed=seed, dealer=seed % 4)
        slow = ReferenceGame(rules, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        steps = 0
        while True:
            assert fast.to_act == slow.to_act, f"{name} seed {seed} step {steps}: to_act"
            if not fast.to_act:
                break
            seat = rng.choice(fast.to_act)
            legal = fast.legal_actions(seat)
            assert legal == slow.legal_actions(seat), f"{name} seed {seed} step {steps}: legal"
            eager = [a for a in legal if a.kind in _EAGER]
            action = rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(legal)
            fast.step(seat, action)
            slow.step(seat, action)
            steps += 1
        assert fast.events == slow.events, f"{name} seed {seed}: event logs differ"
        assert fast.result == slow.result, f"{name} seed {seed}: results differ"
        for seat in range(4):
            assert fast.view(seat) == slow.view(seat), f"{name} seed {seed}: view of seat {seat}"
