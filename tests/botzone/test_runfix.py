"""What a hostile review of the runner found (koudiandian.botzone.process, .runner,
.session): output a bot prints before its input is read, text that UTF-8 cannot carry, a
program that cannot start. Each test is a bot the platform would accept."""

from __future__ import annotations

import sys
import time

import pytest
from koudiandian.botzone import botzone_judge
from koudiandian.botzone.game import play_game
from koudiandian.botzone.runner import BotRunner
from koudiandian.botzone.spec import BotzoneBot
from koudiandian.errors import BotError

from tests.botzone.test_runner_keep import keep_bot
from tests.botzone.test_runner_verdicts import FIRST, no_bot_left


def python_bot(body: str, interaction: str = "json", **limits: float) -> BotzoneBot:
    """A bot running ``python -c body`` with the time factor 1."""
    return BotzoneBot(
        [sys.executable, "-c", body],
        interaction=interaction,
        time_factor=1,
        **limits,  # type: ignore[arg-type]
    )


def test_what_a_bot_prints_before_its_input_is_written_is_its_answer() -> None:
    # a bot that answers without reading (the runner used to drop what came before the
    # turn began: a third of such turns lost their answer)
    runner = BotRunner([sys.executable, "-c", "print('PASS')"], interaction="simple")
    process = runner.start()
    try:
        deadline = time.monotonic() + 10
        while process.running() and time.monotonic() < deadline:
            time.sleep(0.01)
        result = runner.exchange(process, runner.turn_input([FIRST], []), 5.0)
    finally:
        process.close()
    assert (result.verdict, result.response) == ("OK", "PASS")


LONE_SURROGATE = (
    "import sys; sys.stdin.readline(); "
    'print(\'{"response": "PASS\\\\ud800", "data": "\\\\udc00", "globaldata": "x"}\')'
)


def test_a_lone_surrogate_in_a_json_answer_is_read_as_a_question_mark() -> None:
    with python_bot(LONE_SURROGATE).session() as session:
        first = session.turn(FIRST)
        assert (first.verdict, first.response, first.data) == ("OK", "PASS?", "?")
        # the data goes back to the bot in its next turn's input without an error
        assert session.turn("1 0 0 0 0 W1").verdict == "OK"


def test_a_lone_surrogate_in_an_answer_is_the_judges_wa_not_a_crash() -> None:
    bots = [python_bot(LONE_SURROGATE), keep_bot("json"), keep_bot("json"), keep_bot("json")]
    game = play_game(bots, botzone_judge, {"srand": 5, "quan": 0})
    assert game.finished
    display = game.log[-1]["output"]["display"]
    assert (display["action"], display["player"]) == ("WA", 0)
    assert no_bot_left()


def test_a_program_that_cannot_start_leaves_the_history_as_it_was() -> None:
    with BotzoneBot("/nonexistent/bot").session() as session:
        with pytest.raises(BotError):
            session.turn(FIRST)
        assert session.requests == [] and session.responses == []
        assert session.failed is None
