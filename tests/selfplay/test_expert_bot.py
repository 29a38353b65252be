"""The built-in ``expert`` bot (issue 26): one name everywhere bot names are taken, the same
choices whether it plays inside Rust, from a live game or from a seat's view alone, and
stronger than the greedy bot under duplicate play."""

from __future__ import annotations

import pytest
from koudiandian import Game, InvalidArgumentError, Rules, simulate
from koudiandian.bots import ExpertBot, GreedyBot
from koudiandian.rl import VecEnv
from koudiandian.selfplay import BOTS

TAIYUAN = Rules.preset("taiyuan")


def test_the_name_plays_as_the_bot_class_through_the_python_loop() -> None:
    by_name = simulate(30, rules=TAIYUAN, bots="expert,greedy,expert,random", seed=5)
    # A factory that is not the class itself: each decision goes through ExpertBot.act.
    factory = lambda seed: ExpertBot(seed)  # noqa: E731
    by_python = simulate(30, rules=TAIYUAN, bots=[factory, "greedy", factory, "random"], seed=5)
    assert by_name.comparable()["score_mean"] == by_python.comparable()["score_mean"]
    assert by_name.wins == by_python.wins
    assert "expert" in BOTS


@pytest.mark.parametrize("profile", ["taiyuan", "queyimen", "hebei", "changsha"])
def test_a_view_alone_gives_the_live_games_choice(profile: str) -> None:
    bot = ExpertBot()
    for seed in range(3):
        game = Game(profile, seed=seed, dealer=seed % 4)
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            from_view = bot.act(game.view(seat), legal)  # no live game behind a plain view
            code = int(game.engine.expert_action(seat))
            assert from_view.code == code
            game.step(seat, from_view)


def test_expert_differs_from_greedy_and_beats_it_on_duplicate_walls() -> None:
    s = simulate(
        200, rules=TAIYUAN, bots=["expert", "greedy", "greedy", "greedy"], seed=26, duplicate=True
    )
    expert, greedy = s.bot_stats[0], s.bot_stats[1]
    assert expert.points_ci95 is not None
    assert expert.mean_points - expert.points_ci95 > 0
    assert expert.deal_in_rate < greedy.deal_in_rate
    plain = simulate(40, rules=TAIYUAN, bots=GreedyBot(), seed=1)
    mixed = simulate(40, rules=TAIYUAN, bots=["expert", "greedy", "greedy", "greedy"], seed=1)
    assert plain.score_mean != mixed.score_mean


def test_vecenv_refuses_an_unknown_opponent_naming_expert() -> None:
    with pytest.raises(InvalidArgumentError, match="'expert'"):
        VecEnv(2, "taiyuan", seed=1, opponents="experts")
