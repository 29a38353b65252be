"""Botzone bots at koudiandian's table where the judge drives: simulate (the Python loop,
worker processes), the ladder, ``koudiandian simulate --bots``; the hands are the judge's,
their Botzone logs judge again identically; a Botzone bot under other rules is refused."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from koudiandian import Game, Rules, simulate
from koudiandian.bots import GreedyBot
from koudiandian.botzone import BotzoneJudge, botzone_check, botzone_log
from koudiandian.botzone.convert import answer_text
from koudiandian.botzone.spec import BotzoneBot
from koudiandian.botzone.table import play_judged
from koudiandian.cli import main
from koudiandian.errors import InvalidRulesError
from koudiandian.ladder import ladder

BOTS = Path(__file__).parent / "bots"
#: Plays its drawn tile, passes otherwise (simple interaction, a quick start in sh).
DRAWN = f"botzone-simple:sh {BOTS / 'table_drawn.sh'}"
BOTZONE = Rules.preset("botzone")


def wrong(at: int, answer: str) -> str:
    """A JSON-interaction bot that answers ``answer`` at its draw number ``at``."""
    return f"botzone:{sys.executable} {BOTS / 'table_wrong.py'} {at} '{answer}'"


def rejudged(game: Game) -> None:
    """The hand's Botzone log, judged again, gives the same outputs."""
    log = botzone_log(game)
    assert botzone_check({"initdata": log.initdata, "log": list(log.entries)}) == []


def test_a_hand_with_a_botzone_bot_is_the_judges_and_judges_again_the_same() -> None:
    game = Game(BOTZONE, seed=5)
    bots = [GreedyBot(1), BotzoneBot.from_spec(DRAWN), GreedyBot(2), GreedyBot(3)]
    played = play_judged(game, bots)
    assert game.events[-1]["type"] == "draw"  # the given game is left as it was
    assert played.is_over and played.result is not None
    assert sum(played.result.deltas) == 0
    rejudged(played)
    # Seat 1 played every tile it drew, as its answers said.
    draws = [e["tile"] for e in played.events if e["type"] == "draw" and e["seat"] == 1]
    discards = [e["tile"] for e in played.events if e["type"] == "discard" and e["seat"] == 1]
    assert discards == draws[: len(discards)]


@pytest.mark.parametrize(("answer", "verdict"), [("HU", "WH"), ("PLAY W0", "WA")])
def test_a_wrong_answer_ends_the_hand_as_the_judge_ends_it(answer: str, verdict: str) -> None:
    game = Game(BOTZONE, seed=5)
    bots = [GreedyBot(1), BotzoneBot.from_spec(wrong(2, answer)), GreedyBot(2), GreedyBot(3)]
    played = play_judged(game, bots)
    assert played.result is not None and played.result.end == "verdict"
    assert played.result.deltas == (10, -30, 10, 10)
    assert played.events[-2] == {"type": "verdict", "seat": 1, "verdict": verdict}
    rejudged(played)


def test_the_answer_of_an_action_is_the_one_the_judge_reads() -> None:
    game = Game(BOTZONE, seed=5)
    judge = BotzoneJudge.for_game(game)
    assert judge.output()["initdata"]["walltiles"] == botzone_log(game).initdata["walltiles"]
    legal = game.legal_actions(0)
    assert answer_text(legal[0]).startswith("PLAY ")
    with pytest.raises(InvalidRulesError, match="botzone"):
        BotzoneJudge.for_game(Game("guobiao", seed=5))


def test_simulate_plays_botzone_bots_in_the_python_loop_and_in_processes() -> None:
    bots = ["greedy", DRAWN, "expert", DRAWN]
    out = io.StringIO()
    one = simulate(3, rules=BOTZONE, bots=bots, log=out, seed=4)
    two = simulate(3, rules=BOTZONE, bots=bots, seed=4, workers=2)
    assert one.hands == two.hands == 3
    assert one.score_mean == two.score_mean and one.wins == two.wins
    for line in out.getvalue().splitlines():
        game = Game.replay(json.loads(line)["events"])
        assert game.result is not None and sum(game.result.deltas) == 0
        rejudged(game)


def test_a_verdict_in_simulate_is_scored_as_the_judge_scores_it() -> None:
    summary = simulate(2, rules=BOTZONE, bots=["greedy", wrong(1, "HU"), "greedy", "greedy"])
    assert summary.score_mean[1] == -30 and summary.score_mean[0] == 10


def test_the_ladder_pairs_a_botzone_bot() -> None:
    result = ladder(["greedy", DRAWN], rules=BOTZONE, walls=1, batch=1, seed=2)
    ((pair,),) = result.pairings.values()
    assert pair.walls == 1


def test_koudiandian_simulate_takes_a_botzone_bot(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--rules", "botzone", "--hands", "2", "--json"]
    code = main([*args, "--bots", "greedy", "greedy", "greedy", DRAWN])
    out, err = capsys.readouterr()
    assert code == 0, err
    summary = json.loads(out)
    assert summary["hands"] == 2 and DRAWN in summary["bots"]


def test_a_botzone_bot_under_other_rules_is_refused_before_anything_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(InvalidRulesError, match=r"Botzone bot .*table_drawn.* botzone"):
        simulate(1, rules=Rules.preset("guobiao"), bots=["greedy", DRAWN, "greedy", "greedy"])
    with pytest.raises(InvalidRulesError, match="botzone rule set"):
        ladder(["greedy", DRAWN], walls=1)
    code = main(
        ["simulate", "--rules", "guobiao", "--hands", "1", "--bots", "greedy,greedy,greedy", DRAWN]
    )
    assert code != 0 and "botzone rule set" in capsys.readouterr().err


def test_keep_running_botzone_bots_play_simulate_s_hands() -> None:
    keep = f"botzone-simple:{sys.executable} {BOTS / 'runner_keep_simple.py'}"
    out = io.StringIO()
    summary = simulate(2, rules=BOTZONE, bots=[keep, "greedy", keep, "greedy"], log=out, seed=8)
    assert summary.hands == 2
    for line in out.getvalue().splitlines():
        game = Game.replay(json.loads(line)["events"])
        assert game.result is not None and sum(game.result.deltas) == 0
        rejudged(game)


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ("botzone,flowers", {}),
        ("botzone,quan=south", {"duplicate": True}),
        ("botzone", {"match": 2}),
    ],
)
def test_every_botzone_table_takes_a_botzone_bot(rules: str, options: dict[str, object]) -> None:
    out = io.StringIO()
    bots = [DRAWN, "greedy", "expert", "greedy"]
    simulate(1, rules=Rules.parse(rules), bots=bots, log=out, seed=3, **options)  # type: ignore[arg-type]
    lines = out.getvalue().splitlines()
    assert len(lines) == {"duplicate": 4, "match": 2}.get(next(iter(options), ""), 1)
    for line in lines:
        game = Game.replay(json.loads(line)["events"])
        assert game.result is not None and sum(game.result.deltas) == 0
        rejudged(game)
