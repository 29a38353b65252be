"""The arena's tally: a game's outcome read from its log (who won, who dealt in, whom a
verdict ended it against), a wall's rank points (ties share), the standings and the
report's text; the arena's in-process judge gives the judge program's outputs."""

from __future__ import annotations

import gzip
import json
import statistics
from pathlib import Path
from typing import Any

import pytest
from koudiandian.botzone import botzone_judge
from koudiandian.botzone.arena_report import ArenaReport, GameOutcome, outcome_of, wall_rank_points
from koudiandian.botzone.game import GameLog, play_game
from koudiandian.botzone.game_judge import GameJudge
from koudiandian.botzone.spec import BotzoneBot
from koudiandian.botzone.walls import seeded_initdata

from tests.botzone.arena_bots import JSON, SIMPLE

GOLDEN = Path(__file__).parents[1] / "golden" / "botzone" / "games.jsonl.gz"


@pytest.mark.parametrize(
    ("sums", "points"),
    [
        ([5, 3, 1, 0], [4, 3, 2, 1]),
        ([0, 1, 3, 5], [1, 2, 3, 4]),
        ([1, 1, 0, 0], [3.5, 3.5, 1.5, 1.5]),
        ([0, 0, 0, 0], [2.5, 2.5, 2.5, 2.5]),
        ([3, 3, 3, -9], [3, 3, 3, 1]),
        ([-9, 3, 3, 3], [1, 3, 3, 3]),
        ([8, -1, -1, -6], [4, 2.5, 2.5, 1]),
    ],
)
def test_a_walls_rank_points_share_ties_and_add_up_to_ten(
    sums: list[int], points: list[float]
) -> None:
    assert wall_rank_points(sums) == points, sums
    assert sum(wall_rank_points(sums)) == 10


def _golden() -> list[GameLog]:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return [GameLog(g["initdata"], g["log"]) for g in map(json.loads, f)]


def test_outcomes_of_the_official_judges_games() -> None:
    seating = (2, 0, 3, 1)  # bot seating[s] at seat s
    endings: set[str] = set()
    deal_ins = self_drawn = 0
    for game in _golden():
        o = outcome_of(game, 5, seating)
        assert o.wall == 5 and o.seating == seating
        scores = game.scores
        assert scores is not None
        assert [o.scores[seating[s]] for s in range(4)] == scores
        end = game.log[-1]["output"]["display"]
        endings.add(o.ending)
        if o.ending == "HU":
            winner = end["player"]
            assert o.winner == seating[winner] and o.offender is None
            losers = {scores[s] for s in range(4) if s != winner}
            # a self-drawn win costs each the same; a discard's (or a robbed kong's) winner
            # is paid most by the seat that gave the tile
            if o.dealt_in is None:
                self_drawn += 1
                assert len(losers) == 1
            else:
                deal_ins += 1
                giver = seating.index(o.dealt_in)
                assert giver != winner
                assert scores[giver] == min(losers) < max(losers)
        elif o.ending == "HUANG":
            assert (o.winner, o.dealt_in, o.offender) == (None, None, None)
        else:
            assert o.offender == seating[end["player"]] and o.winner is None
            assert o.scores[o.offender] < 0
    assert endings == {"HU", "HUANG", "WA", "WH", "TLE", "RE", "NJ"}
    assert deal_ins > 50 and self_drawn > 30


def test_an_unfinished_game_has_no_outcome() -> None:
    with pytest.raises(ValueError, match="not finished"):
        outcome_of(GameLog({}, []), 0, (0, 1, 2, 3))


def _outcome(wall: int, scores: tuple[int, ...], **kw: Any) -> GameOutcome:
    return GameOutcome(wall, (0, 1, 2, 3), scores, kw.pop("ending", "HUANG"), **kw)


def test_the_standings_rank_by_points_then_total_score() -> None:
    games = [
        # wall 0: bot 1 first, bot 0 second, bot 3 third, bot 2 last
        _outcome(0, (24, -8, -8, -8), ending="HU", winner=0),
        _outcome(0, (-16, 32, -8, -8), ending="HU", winner=1, dealt_in=0),
        _outcome(0, (10, 10, -30, 10), ending="WA", offender=2),
        # wall 1: bot 2 first, bot 3 second, bot 1 third, bot 0 last
        _outcome(1, (-30, 10, 10, 10), ending="TLE", offender=0),
        _outcome(1, (-8, -8, 24, -8), ending="HU", winner=2),
    ]
    r = ArenaReport.tally(["a", "b", "c", "d"], games, walls=2, orders=24, seed=3, flowers=True)
    assert r.wall_scores == [[18, 34, -46, -6], [-38, 2, 34, 2]]
    # wall 1: bots 1 and 3 tie on 2 and share 2.5
    assert r.wall_points == [[3, 4, 1, 2], [1, 2.5, 4, 2.5]]
    got = [(s.name, s.place, s.rank_points, s.total_score) for s in r.standings]
    assert got == [("b", 1, 6.5, 36), ("c", 2, 5, -12), ("d", 3, 4.5, -4), ("a", 4, 4, -20)]
    by_name = {s.name: s for s in r.standings}
    assert (by_name["a"].wins, by_name["a"].deal_ins, by_name["a"].verdicts) == (1, 1, {"TLE": 1})
    assert (by_name["c"].wins, by_name["c"].verdicts) == (1, {"WA": 1})
    assert by_name["b"].games == 5 and by_name["b"].mean_score == pytest.approx(36 / 5)
    half = 1.959963984540054 * statistics.stdev([-8, 32, 10, 10, -8]) / 5**0.5
    j = r.to_json()
    assert j["endings"] == {"HU": 3, "TLE": 1, "WA": 1}
    assert j["standings"][0] == {
        "place": 1,
        "bot": 1,
        "name": "b",
        "rank_points": 6.5,
        "total_score": 36,
        "games": 5,
        "mean_score": pytest.approx(7.2),
        "ci95": [pytest.approx(7.2 - half), pytest.approx(7.2 + half)],
        "wins": 1,
        "deal_ins": 0,
        "verdicts": {},
    }
    table = r.table()
    assert table.splitlines()[1].split()[:4] == ["1", "b", "6.5", "+36"]
    assert "5 games: 2 walls × 24 seatings (seed 3, flowers); endings: HU 3, TLE 1, WA 1" in table


def test_equal_rank_points_are_ranked_by_total_score() -> None:
    games = [
        _outcome(0, (40, 10, -20, -30)),  # a first, b second
        _outcome(1, (10, 20, -10, -20)),  # b first, a second
    ]
    r = ArenaReport.tally(["a", "b", "c", "d"], games, walls=2, orders=24, seed=0, flowers=False)
    got = [(s.name, s.place, s.rank_points, s.total_score) for s in r.standings]
    assert got == [("a", 1, 7, 50), ("b", 2, 7, 30), ("c", 3, 4, -30), ("d", 4, 2, -50)]


def test_equal_points_and_total_share_a_place_and_one_game_has_no_interval() -> None:
    r = ArenaReport.tally(
        ["a", "b", "c", "d"], [_outcome(0, (0, 0, 0, 0))], walls=1, orders=4, seed=0, flowers=False
    )
    assert [s.place for s in r.standings] == [1, 1, 1, 1]
    assert all(s.interval is None and s.to_json()["ci95"] is None for s in r.standings)
    assert "+0.00" in r.table()


def test_the_arenas_judge_gives_the_judge_programs_outputs() -> None:
    bots = [BotzoneBot.from_spec(SIMPLE), BotzoneBot(JSON)] * 2
    initdata = seeded_initdata(11, 2)
    ours = play_game(bots, GameJudge(), initdata)
    program = play_game(bots, botzone_judge, initdata)
    assert ours.to_json() == program.to_json()
    assert ours.finished and len(ours.log) > 200
    # a call that does not continue the last one is judged from the start
    judge = GameJudge()
    for n in (0, 2, 4, 2, 6, 6):
        assert judge({"initdata": initdata, "log": ours.log[:n]}) == ours.log[n]["output"], n
    assert judge({"initdata": {**initdata, "quan": 1}, "log": ours.log[:8]}) == botzone_judge(
        {"initdata": {**initdata, "quan": 1}, "log": ours.log[:8]}
    )
