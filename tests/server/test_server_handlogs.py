"""The table's logs kept in parts (server/handlogs.py): after every step, each viewer's log
equals the engine's whole log, bids (the deal filled in afterwards) included."""

from __future__ import annotations

import pytest
from koudiandian import Game, Rules
from koudiandian.bots import GreedyBot
from koudiandian.server.handlogs import HandLogs


@pytest.mark.parametrize("rules", ["taiyuan", "hebei,pao", "changsha", "queyimen"])
def test_each_viewers_log_is_the_engines_after_every_step(rules: str) -> None:
    for seed in range(3):
        game = Game(Rules.parse(rules), seed=seed)
        logs = HandLogs(game)
        bot = GreedyBot()
        # Some viewers asked after every step, one only now and then (several steps at once).
        steps = 0
        while True:
            for viewer in (None, 0, 1, 2):
                assert logs.log(viewer) == game.events_for(viewer)
            if steps % 7 == 0:
                assert logs.log(3) == game.events_for(3)
            if game.is_over:
                break
            seat = game.to_act[0]
            game.step(seat, bot.act(game.view(seat), game.legal_actions(seat)))
            steps += 1
        assert logs.log(3) == game.events_for(3)


def test_a_log_is_extended_not_rendered_again() -> None:
    game = Game(Rules.parse("taiyuan"), seed=1)
    logs = HandLogs(game)
    first = logs.log(0)
    bot = GreedyBot()
    seat = game.to_act[0]
    game.step(seat, bot.act(game.view(seat), game.legal_actions(seat)))
    assert logs.log(0) is first  # the same list, with the new events appended
    assert first == game.events_for(0)
