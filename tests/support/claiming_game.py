"""A finished hand rich in claims, for tests that need varied decisions (claim windows'
answers, kongs): Botzone's conversions and the datasets' round trips."""

from __future__ import annotations

import random

from koudiandian import Game, Rules


def claiming_game(rules: Rules, seed: int) -> Game:
    """A finished hand under ``rules`` dealt from ``seed``: each decision the default action
    (the expert bot's) four times in five, else a legal action at random, claims first."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if rng.random() < 0.8:
            action = game.default_action(seat)
        else:
            claims = [a for a in legal if a.kind.value not in ("pass", "discard")]
            action = rng.choice(claims or legal)
        game.step(seat, action)
    return game
