"""Botzone bots at tables the engine drives (a seat asked only when it has a choice):
:class:`BotzoneSeatBot` plays the game the judge plays, verdicts end the hand as the judge
ends it, and terminal play takes a Botzone bot."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from koudiandian import Game, Rules
from koudiandian.bots import GreedyBot
from koudiandian.botzone.seatbot import BotzoneSeatBot
from koudiandian.botzone.spec import BotzoneBot
from koudiandian.botzone.table import play_judged
from koudiandian.errors import BotzoneVerdict, InvalidArgumentError, InvalidRulesError
from koudiandian.liveview import LiveView
from koudiandian.play import play_terminal

BOTS = Path(__file__).parent / "bots"
DRAWN = f"botzone-simple:sh {BOTS / 'table_drawn.sh'}"
BOTZONE = Rules.preset("botzone")


def driven(game: Game, bots: list[object]) -> Game:
    """``game`` played out as an engine-driven table plays it: each seat asked in turn, a
    verdict ending the hand."""
    while not game.is_over:
        seat = game.to_act[0]
        try:
            action = bots[seat].act(LiveView(game, seat), game.legal_actions(seat))  # type: ignore[attr-defined]
        except BotzoneVerdict as judged:
            game.end_by_verdict(judged.seat, judged.verdict)
            break
        game.step(seat, action)
    return game


@pytest.mark.parametrize(
    "spec",
    [
        DRAWN,
        f"botzone:{sys.executable} {BOTS / 'table_wrong.py'} 2 HU",
        f"botzone-simple:{sys.executable} {BOTS / 'runner_keep_simple.py'}",
    ],
)
def test_an_engine_driven_table_plays_the_game_the_judge_plays(spec: str) -> None:
    bot = BotzoneBot.from_spec(spec)
    judged = play_judged(Game(BOTZONE, seed=5), [GreedyBot(1), bot, GreedyBot(2), GreedyBot(3)])
    seat_bot = BotzoneSeatBot(bot)
    try:
        game = driven(Game(BOTZONE, seed=5), [GreedyBot(1), seat_bot, GreedyBot(2), GreedyBot(3)])
    finally:
        seat_bot.close()
    assert game.events == judged.events
    assert game.result is not None and sum(game.result.deltas) == 0


def test_terminal_play_seats_a_botzone_bot_and_refuses_it_under_other_rules() -> None:
    out = io.StringIO()
    code = play_terminal(
        rules=BOTZONE,
        seed=3,
        seat=0,
        bots=["greedy", DRAWN, "greedy"],
        style="mpsz",
        match=False,
        out=out,
        read=lambda: "1\n",
    )
    assert code == 0 and "── the hand is over" in out.getvalue()
    with pytest.raises(InvalidRulesError, match="botzone rule set"):
        play_terminal(
            rules=Rules.preset("guobiao"),
            seed=3,
            seat=0,
            bots=["greedy", DRAWN, "greedy"],
            style="mpsz",
            match=False,
            out=io.StringIO(),
            read=lambda: "1\n",
        )


def test_a_verdict_at_terminal_play_ends_the_hand() -> None:
    out = io.StringIO()
    wrong = f"botzone:{sys.executable} {BOTS / 'table_wrong.py'} 1 HU"
    code = play_terminal(
        rules=BOTZONE,
        seed=3,
        seat=0,
        bots=[wrong, "greedy", "greedy"],
        style="mpsz",
        match=True,
        out=out,
        read=lambda: "1\n",
    )
    text = out.getvalue()
    assert code == 0 and "seat 1 is judged WH" in text and "deltas: [10, -30, 10, 10]" in text


def test_terminal_play_refuses_a_botzone_bot_whose_program_is_missing() -> None:
    def read() -> str:
        pytest.fail("the player was asked to play before the bot was refused")

    with pytest.raises(InvalidArgumentError, match="no program '/nonexistent/bot'"):
        play_terminal(
            rules=BOTZONE,
            seed=3,
            seat=0,
            bots=["greedy", "botzone:/nonexistent/bot", "greedy"],
            style="mpsz",
            match=False,
            out=io.StringIO(),
            read=read,
        )
