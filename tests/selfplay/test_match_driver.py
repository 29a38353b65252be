"""The core's match driver (``rust/selfplay/schedule.rs``) as :class:`Match` and the Python
loop of :func:`simulate` use it: the settings a match refuses, pickling and copying a match
midway, the driver's own refusals, the hands a run's schedule deals, and the one-way
imports of the self-play modules."""

from __future__ import annotations

import ast
import copy
import pickle
from typing import Any

import pytest
from koudiandian import Game, InvalidArgumentError, Match, Rules, _core
from koudiandian.bots import GreedyBot, RandomBot
from koudiandian.match import hand_seed

from tests.support import ROOT

PACKAGE = ROOT / "python" / "koudiandian"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"length": 0}, "length must be 'one_round' or a positive int, got 0"),
        ({"length": True}, "length must be 'one_round' or a positive int, got True"),
        ({"length": "x"}, "length must be 'one_round' or a positive int, got 'x'"),
        ({"length": 2.0}, "length must be 'one_round' or a positive int, got 2.0"),
        ({"seed": -1}, "seed must be an int in 0..2**64-1, got -1"),
        ({"seed": 2**64}, "seed must be an int in 0..2**64-1, got 18446744073709551616"),
        ({"seed": True}, "seed must be an int in 0..2**64-1, got True"),
        ({"seed": "1"}, "seed must be an int in 0..2**64-1, got '1'"),
        ({"first_dealer": 4}, "first_dealer must be a seat 0–3 or 'random', got 4"),
        ({"first_dealer": True}, "first_dealer must be a seat 0–3 or 'random', got True"),
        ({"first_dealer": "x"}, "first_dealer must be a seat 0–3 or 'random', got 'x'"),
        # the settings are checked in order: length, seed, first dealer
        ({"length": 0, "seed": -1}, "length must be"),
        ({"seed": -1, "first_dealer": 9}, "seed must be"),
        ({"hands": [], "length": 1}, "the match needs hand 1, but only 0 were given"),
    ],
)
def test_a_match_refuses_bad_settings_by_name(kwargs: dict[str, Any], message: str) -> None:
    kwargs.setdefault("seed", 1)
    with pytest.raises(InvalidArgumentError) as caught:
        Match(Rules(), **kwargs)
    assert str(caught.value).startswith(message)


def test_the_first_dealer_is_drawn_from_the_seed_where_asked() -> None:
    for seed in range(8):
        drawn = hand_seed(seed, -1) % 4
        assert Match(Rules(), seed=seed, first_dealer="random").first_dealer == drawn
        assert Match(Rules.preset("queyimen"), seed=seed).first_dealer == drawn
        assert Match(Rules.preset("taiyuan"), seed=seed).first_dealer == 0
        assert Match(Rules.preset("queyimen"), seed=seed, first_dealer=3).dealer == 3


def test_a_very_long_match_is_accepted_as_before() -> None:
    m = Match(Rules(), seed=1, length=2**40)
    assert m.length == 2**40 and not m.is_over and m.dealer == 0


def _play(m: Match, steps: int | None = None) -> None:
    bots = [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)]
    n = 0
    while not m.is_over and (steps is None or n < steps):
        seat = m.to_act[0]
        m.step(seat, bots[seat].act(m.view(seat), m.legal_actions(seat)))
        n += 1


@pytest.mark.parametrize("length", ["one_round", 3])
def test_a_match_pickles_and_copies_midway_and_plays_on_alike(length: int | str) -> None:
    m = Match(Rules.preset("hebei"), seed=5, length=length)
    _play(m, 200)
    twins = [pickle.loads(pickle.dumps(m)), copy.deepcopy(m), copy.copy(m)]
    for twin in twins[:2]:
        assert twin.to_json() == m.to_json()
        assert (twin.scores, twin.dealer, len(twin.results)) == (m.scores, m.dealer, len(m.results))
        _play(twin)
    _play(m)
    for twin in twins[:2]:
        assert twin.to_json() == m.to_json() and twin.ranking == m.ranking and twin.is_over
    done = pickle.loads(pickle.dumps(m))
    assert done.is_over and done.to_act == () and done.scores == m.scores


def test_the_match_scores_and_ranking_follow_the_hands() -> None:
    m = Match(Rules.preset("changsha"), seed=8, length=4)
    _play(m)
    totals = tuple(sum(r.deltas[s] for r in m.results) for s in range(4))
    assert m.scores == totals and len(m.results) == 4
    assert m.ranking == sorted(range(4), key=lambda s: (-totals[s], s))
    for before, after in zip(m.games, m.games[1:]):
        result = before.result
        assert result is not None
        assert after.dealer == m.next_dealer(result)


def test_the_driver_refuses_an_unfinished_hand_and_changes_nothing() -> None:
    driver = _core.MatchDriver(Rules(), 2, 9, 1)
    hand = driver.next_hand(Rules())
    assert hand is not None and (hand.number, hand.seed, hand.dealer) == (0, hand_seed(9, 0), 1)
    game = Game(Rules(), seed=hand.seed, dealer=hand.dealer)
    with pytest.raises(InvalidArgumentError, match="not over"):
        driver.settle(game._core)
    assert driver.next_dealer(game._core) is None
    assert (driver.hands, driver.scores, driver.is_over) == (0, (0, 0, 0, 0), False)
    with pytest.raises(TypeError):
        _core.MatchDriver("taiyuan", 2, 9)  # type: ignore[arg-type]


def test_duplicate_seating_seats_each_listed_bot_one_seat_on() -> None:
    for r in range(4):
        seating = _core.duplicate_seating(r)
        assert [seating[(b + r) % 4] for b in range(4)] == [0, 1, 2, 3]
    with pytest.raises(InvalidArgumentError, match="rotation"):
        _core.duplicate_seating(4)


@pytest.mark.parametrize(
    ("kwargs", "per_unit"), [({}, 1), ({"duplicate": True}, 4), ({"length": 2}, 2)]
)
def test_a_schedule_deals_what_the_cores_self_play_plays(
    kwargs: dict[str, Any], per_unit: int
) -> None:
    rules = Rules.preset("taiyuan")
    names = ["random", "greedy", "random", "greedy"]
    schedule = _core.Schedule(rules, 3, 5, 8, names=names, **kwargs)
    hands = []
    while (hand := schedule.next_hand()) is not None:
        game = Game(rules, seed=hand.seed, dealer=hand.dealer, scores=hand.scores)
        bots = [RandomBot if names[b] == "random" else GreedyBot for b in hand.seating]
        players = [bot(seed) for bot, seed in zip(bots, hand.bot_seeds)]
        while game.to_act:
            seat = game.to_act[0]
            game.step(seat, players[seat].act(game.view(seat), game.legal_actions(seat)))
        with pytest.raises(InvalidArgumentError):
            schedule.finish(Game(rules, seed=1)._core)  # not over: refused, nothing kept
        schedule.finish(game._core)
        hands.append(hand)
    assert [h.unit for h in hands] == [u for u in (5, 6, 7) for _ in range(per_unit)]
    if "length" not in kwargs:
        assert all(h.dealer == h.unit % 4 and h.seed == hand_seed(3, h.unit) for h in hands)
    fast = _core.self_play(rules, names, 3, 5, 8, log=True, **kwargs)
    assert schedule.played() == fast
    with pytest.raises(InvalidArgumentError, match="done"):
        schedule.finish(game._core)


def test_a_schedule_refuses_what_makes_no_sense() -> None:
    with pytest.raises(InvalidArgumentError, match="no match length"):
        _core.Schedule(None, 1, 0, 4, length=2, duplicate=True)
    with pytest.raises(InvalidArgumentError, match="start"):
        _core.Schedule(None, 1, 4, 0)
    with pytest.raises(InvalidArgumentError, match="four bot names"):
        _core.Schedule(None, 1, 0, 4, names=["random"])
    with pytest.raises(InvalidArgumentError, match="rules must be a Rules"):
        _core.Schedule(7, 1, 0, 4)


def _imports(module: str) -> set[str]:
    """The package's modules that ``module`` imports, at the top or inside functions."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out.add(node.module or "")
    return out


def test_the_self_play_modules_import_one_way() -> None:
    # simulate -> scaleout -> selfplay, and simulate -> selfplay: no circle, not even lazily.
    assert "simulate" not in _imports("scaleout") | _imports("selfplay")
    assert "scaleout" not in _imports("selfplay")
    assert {"scaleout", "selfplay"} <= _imports("simulate")
