"""A hand played by greedy bots around one seat that always picks its first legal option: the
same game the terminal tests play through ``koudiandian.play``, replayed without a terminal."""

from __future__ import annotations

from koudiandian import ActionKind, Game, Rules
from koudiandian.bots import GreedyBot


def first_option_game(seed: int, seat: int, prefer: ActionKind | None = None) -> Game:
    """The game the terminal tests play: greedy bots, and the person always picking option 1
    (or an action of kind ``prefer`` when there is one)."""
    game = Game(Rules(), seed=seed)
    bots = [GreedyBot() for _ in range(4)]
    while not game.is_over:
        s = game.to_act[0]
        legal = game.legal_actions(s)
        if s == seat:
            action = next((a for a in legal if a.kind is prefer), legal[0])
        else:
            action = bots[s].act(game.view(s), legal)
        game.step(s, action)
    return game
