"""The built-in ``search`` bot (issue 26): its names wherever bot names are taken, the same
choices inside Rust and through the Python loop (so a seed repeats them), a game left as it
was, and a clear error where no game stands behind the view."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from koudiandian import Game, InvalidArgumentError, NotYourTurnError, Rules, simulate
from koudiandian.bots import SearchBot, builtin_factory

TAIYUAN = Rules.preset("taiyuan")


@pytest.mark.parametrize("profile", ["taiyuan", "changsha"])
def test_the_name_plays_as_the_bot_class_through_the_python_loop(profile: str) -> None:
    rules = Rules.preset(profile)
    bots = "search:24,greedy,expert,random"
    by_name = simulate(6, rules=rules, bots=bots, seed=5)  # inside Rust
    # A factory that is not the class itself: each decision goes through SearchBot.act.
    factory = lambda seed: SearchBot(seed, "search:24")  # noqa: E731
    by_python = simulate(6, rules=rules, bots=[factory, "greedy", "expert", "random"], seed=5)
    assert by_name.comparable()["score_mean"] == by_python.comparable()["score_mean"]
    assert by_name.wins == by_python.wins
    threads = simulate(6, rules=rules, bots="search:24:threads=2,greedy,expert,random", seed=5)
    assert threads.comparable()["score_mean"] == by_name.comparable()["score_mean"]


def test_choose_leaves_the_game_as_it_was_and_answers_a_legal_action() -> None:
    bot = SearchBot(7, "search:16")
    game = Game("taiyuan", seed=3)
    steps = 0
    while not game.is_over and steps < 40:
        seat = game.to_act[0]
        before = game.to_json()
        action = bot.choose(game, seat)
        assert game.to_json() == before
        assert action in game.legal_actions(seat)
        game.step(seat, action)
        steps += 1
    if not game.is_over:
        waiting = next(s for s in range(4) if s not in game.to_act)
        with pytest.raises(NotYourTurnError):
            bot.choose(game, waiting)


def test_a_plain_view_has_no_game_to_search() -> None:
    game = Game("taiyuan", seed=1)
    seat = game.to_act[0]
    with pytest.raises(InvalidArgumentError, match="SearchBot.choose"):
        SearchBot(1).act(game.view(seat), game.legal_actions(seat))


@pytest.mark.parametrize(
    ("name", "part"),
    [("search:0", '"0"'), ("search:fast", '"fast"'), ("search:threads=99", "threads=99")],
)
def test_bad_settings_name_the_part(name: str, part: str) -> None:
    with pytest.raises(InvalidArgumentError, match=part):
        builtin_factory(name)
    with pytest.raises(InvalidArgumentError, match=part):
        simulate(1, bots=[name, "greedy", "greedy", "greedy"])
    with pytest.raises(InvalidArgumentError, match='"searcher"'):
        SearchBot(1, "searcher")


def test_the_command_line_takes_a_search() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "koudiandian", "simulate", "--hands", "2", "--json"]
        + ["--bots", "search:16:expert,greedy,greedy,greedy", "--rules", "taiyuan"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["hands"] == 2
    bad = subprocess.run(
        [sys.executable, "-m", "koudiandian", "simulate", "--hands", "1", "--bots", "search:0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode != 0 and "search:0" in bad.stderr
