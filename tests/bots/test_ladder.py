"""The ladder (``koudiandian ladder``, ``koudiandian.ladder``): pairs on duplicate walls,
sequential stopping, the fitted ratings; a short schedule of the CLI for CI."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from koudiandian import Rules
from koudiandian.cli import main
from koudiandian.errors import ArgumentTypeError, InvalidArgumentError
from koudiandian.ladder import Pairing, fit_ratings, ladder
from koudiandian.summary import describe_rules

PY_BOT = "exec:" + shlex.join(
    [
        sys.executable,
        str(Path(__file__).resolve().parents[2] / "examples" / "bots" / "simple_bot.py"),
    ]
)


def test_the_ladder_cli_on_a_short_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    """CI's short ladder (issue 26): the built-in bots but search, one profile, 300 walls."""
    code = main(
        ["ladder", "--bots", "random,greedy,expert", "--rules", "taiyuan", "--walls", "300"]
        + ["--json"]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    figures = json.loads(out)
    assert [r["bot"] for r in figures["ranking"]] == ["expert", "greedy", "random"]
    assert figures["method"].startswith("least squares")
    (profile,) = figures["profiles"].values()
    pairs = {(p["a"], p["b"]): p for p in profile["pairings"]}
    assert set(pairs) == {("random", "greedy"), ("random", "expert"), ("greedy", "expert")}
    for pair in pairs.values():
        # b is the stronger of each pair, and the interval says so within the budget.
        assert pair["stopped"] == "interval" and pair["walls"] <= 300
        assert pair["mean"] + pair["ci95"] < 0
    pair = pairs["random", "greedy"]
    assert pair["win_rate_b"] > pair["win_rate_a"] and pair["deal_in_rate_a"] > 0
    # The expert deals in less than greedy does against it.
    pair = pairs["greedy", "expert"]
    assert pair["deal_in_rate_b"] < pair["deal_in_rate_a"]
    # Three bots: the fit's ratings sum to 0 and order the pairs' differences.
    ratings = {r["bot"]: r["rating"] for r in profile["ranking"]}
    assert sum(ratings.values()) == pytest.approx(0, abs=1e-9)
    assert ratings["expert"] > ratings["greedy"] > ratings["random"]

    code = main(["ladder", "--bots", "random", "greedy", "--walls", "20", "--batch", "10"])
    out, _ = capsys.readouterr()
    assert code == 0 and "overall ranking" in out and "1. greedy" in out


def test_a_ladder_with_an_exec_bot_and_two_profiles() -> None:
    result = ladder(
        ["greedy", PY_BOT],
        rules=[Rules.preset("taiyuan"), Rules.preset("changsha")],
        walls=6,
        batch=3,
        seed=4,
    )
    labels = [describe_rules(Rules.preset(p)) for p in ("taiyuan", "changsha")]
    assert list(result.pairings) == labels
    for pairs in result.pairings.values():
        (pair,) = pairs
        assert pair.a == "greedy" and pair.b == PY_BOT and 3 <= pair.walls <= 6
        assert pair.stopped in ("interval", "budget")
    assert len(result.ranking) == 2
    assert f"rules: {labels[1]}" in result.table()


def test_a_budget_spent_stops_the_pair() -> None:
    (pair,) = ladder(["random", "greedy"], walls=1, seed=1).pairings[describe_rules(Rules())]
    assert pair.walls == 1 and pair.stopped == "budget" and pair.ci95 is None


def test_fit_ratings_recovers_consistent_differences() -> None:
    def pair(a: str, b: str, mean: float) -> Pairing:
        return Pairing("r", a, b, 10, mean, 1.0, "interval", 0, 0, 0, 0)

    ratings = fit_ratings(
        ["x", "y", "z"], [pair("x", "y", 2.0), pair("y", "z", 3.0), pair("x", "z", 5.0)]
    )
    assert [r.bot for r in ratings] == ["x", "y", "z"]
    values = {r.bot: r.rating for r in ratings}
    assert values["x"] == pytest.approx(7 / 3) and values["z"] == pytest.approx(-8 / 3)


def test_arguments_are_checked() -> None:
    with pytest.raises(InvalidArgumentError, match="at least two bots"):
        ladder(["greedy"])
    with pytest.raises(InvalidArgumentError, match="listed twice"):
        ladder(["greedy", "greedy"])
    with pytest.raises(InvalidArgumentError, match="unknown bot 'best'"):
        ladder(["greedy", "best"])
    with pytest.raises(ArgumentTypeError, match="list of bot names"):
        ladder("greedy,random")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="walls must be a positive int"):
        ladder(["greedy", "random"], walls=0)
    with pytest.raises(InvalidArgumentError, match="given twice"):
        ladder(["greedy", "random"], rules=[Rules(), Rules()], walls=1)
    with pytest.raises(ArgumentTypeError, match="rules must be"):
        ladder(["greedy", "random"], rules="taiyuan")  # type: ignore[arg-type]
