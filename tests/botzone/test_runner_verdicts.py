"""Each verdict a misbehaving bot earns (tests/botzone/bots/runner_*.py), through BotSession
and through play_game under koudiandian's judge: the runner's TLE, MLE, OLE, NJ and RE, and
the judge's WA and WH; no process is left behind after any of them, a child the bot left
included."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from koudiandian.botzone import botzone_judge
from koudiandian.botzone.game import play_game
from koudiandian.botzone.spec import BotzoneBot
from koudiandian.botzone.usage import GroupUsage

from tests.botzone.test_runner_keep import BOTS, alive, children, gone, keep_bot

#: Turn 1's request to seat 1, under the east wind.
FIRST = "0 1 0"


def bad_bot(name: str, interaction: str = "json", *args: str, **limits: float) -> BotzoneBot:
    """The misbehaving test bot ``runner_NAME.py``."""
    script = BOTS / f"runner_{name}.py"
    return BotzoneBot([sys.executable, str(script), *args], interaction=interaction, **limits)  # type: ignore[arg-type]


def no_bot_left() -> bool:
    """Whether every process this test started has ended (waiting up to 10 s)."""
    deadline = time.monotonic() + 10
    while [p for p in children() if alive(p)] and time.monotonic() < deadline:
        time.sleep(0.02)
    return not [p for p in children() if alive(p)]


RUNNER_VERDICTS = [
    ("sleep", {"time_limit": 0.2, "time_factor": 1}, "TLE"),
    ("memory", {}, "MLE"),
    ("output", {}, "OLE"),
    ("not_json", {}, "NJ"),
    ("exit", {}, "RE"),
]


@pytest.mark.parametrize(("name", "limits", "verdict"), RUNNER_VERDICTS)
@pytest.mark.parametrize("interaction", ["json", "simple"])
def test_the_runners_verdicts_through_a_session(
    name: str, limits: dict[str, float], verdict: str, interaction: str
) -> None:
    if name == "not_json" and interaction == "simple":
        verdict = "OK"  # simple interaction reads any text as the answer
    with bad_bot(name, interaction, **limits).session() as session:
        result = session.turn(FIRST)
        assert result.verdict == verdict
        if verdict != "OK":
            assert result.response == "" and session.failed == verdict
            with pytest.raises(RuntimeError, match=f"ended with {verdict}"):
                session.turn("1 0 0 0 0 W1")
    assert no_bot_left()


def test_an_empty_answer_is_the_runners_ok_and_the_judges_wa() -> None:
    with bad_bot("empty", "simple").session() as session:
        result = session.turn(FIRST)
        assert (result.verdict, result.response) == ("OK", "")


@pytest.mark.parametrize("interaction", ["json", "simple"])
def test_a_child_the_bot_leaves_is_killed_with_its_group(interaction: str) -> None:
    args = ("simple",) if interaction == "simple" else ()
    with bad_bot("fork", interaction, *args).session() as session:
        result = session.turn(FIRST)
        assert (result.verdict, result.response) == ("OK", "PASS")
        child = int(result.data) if interaction == "json" else int(result.output.split("\n")[1])
        assert gone(child)
    assert no_bot_left()


def test_a_child_of_a_bot_that_keeps_running_lives_until_the_game_ends() -> None:
    with bad_bot("fork", "json", "keep").session() as session:
        first = session.turn(FIRST)
        assert first.keep_running and session.turn("1 0 0 0 0 W1").data == first.data
        child = int(first.data)
        assert alive(child)  # part of the bot while it keeps running
    assert gone(child)
    assert no_bot_left()


def test_cpu_used_between_turns_is_charged_to_the_next_turn() -> None:
    for args, verdict in ((("idle",), "OK"), ((), "TLE")):
        bot = bad_bot("busy", "simple", *args, time_limit=1.0, time_factor=1)
        with bot.session() as session:
            assert session.turn(FIRST).keep_running and session.pid is not None
            # the busy bot spends 1.5 s of CPU meanwhile (the idle one none): wait for it
            usage = GroupUsage(session.pid)
            deadline = time.monotonic() + 30
            while not args and usage.cpu_seconds() < 1.4 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert session.turn("1 0 0 0 0 W1").verdict == verdict
    assert no_bot_left()


def _game(seat_1: BotzoneBot, srand: int = 5) -> dict[str, object]:
    """A game under koudiandian's judge: ``seat_1`` at seat 1, keep-running bots elsewhere
    that play the tiles they draw. The end's display."""
    bots = [keep_bot("simple"), seat_1, keep_bot("simple"), keep_bot("simple")]
    game = play_game(bots, botzone_judge, {"srand": srand, "quan": 0})
    assert game.finished
    end = game.log[-1]["output"]
    assert game.scores == [10, -30, 10, 10], end
    assert no_bot_left()
    return dict(end["display"])


@pytest.mark.parametrize(("name", "limits", "verdict"), RUNNER_VERDICTS)
def test_the_runners_verdicts_end_a_game_as_the_judge_ends_it(
    name: str, limits: dict[str, float], verdict: str
) -> None:
    display = _game(bad_bot(name, **limits))
    assert (display["action"], display["player"]) == (verdict, 1)


@pytest.mark.parametrize(
    ("name", "verdict"),
    [("empty", "WA"), ("false_hu", "WH"), ("phantom_tile", "WA"), ("wrong_chow", "WA")],
)
def test_the_judges_verdicts_for_wrong_answers(name: str, verdict: str) -> None:
    display = _game(bad_bot(name, "simple"))
    assert (display["action"], display["player"]) == (verdict, 1)


def test_the_bots_are_in_the_directory() -> None:
    assert {p.name for p in Path(BOTS).glob("runner_*.py")} >= {
        f"runner_{n}.py" for n in ("sleep", "memory", "output", "not_json", "exit", "fork")
    }
