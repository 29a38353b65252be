"""Shanten against a brute-force reference; the bots; simulate()."""

from __future__ import annotations

import io
import itertools
import json
import random

import koudiandian as kd
import pytest
from koudiandian import Game, Rules, shanten, simulate
from koudiandian.bots import Bot, GreedyBot, RandomBot
from koudiandian.simulate import play_hand

from tests.support.reference.hands import ref_is_win
from tests.support.reference.positions import HandGenerator

MAX_DISTANCE = 3


def ref_shanten(
    counts: list[int], wild: int, melds: int, wind_runs: bool, no_honors: bool
) -> int | None:
    """Shanten by definition: the fewest draws ``j`` that complete the hand when ``r``
    natural tiles are thrown away (``j = r`` for a 3n+2 hand, ``r + 1`` for 3n+1), each draw
    as good as a wildcard; minus one. ``None`` when more than MAX_DISTANCE draws are needed."""
    size = sum(counts) + wild
    target = 14 - 3 * melds
    held = [k for k in range(34) for _ in range(counts[k])]
    for draws in range(MAX_DISTANCE + 1):
        removed = draws - (target - size)
        if removed < 0:
            continue
        for out in set(itertools.combinations(held, removed)):
            rest = list(counts)
            for k in out:
                rest[k] -= 1
            if ref_is_win(rest, wild + draws, melds, wind_runs=wind_runs, no_honors=no_honors):
                return draws - 1
    return None


def test_shanten_matches_reference() -> None:
    rng = random.Random(20261129)
    gen = HandGenerator(rng)
    checked = 0
    for i in range(3000):
        wind_runs, no_honors = gen.options()
        wk = gen.wildcard_kinds(no_honors)
        case = gen.case(
            waiting=i % 2 == 0, wind_runs=wind_runs, no_honors=no_honors, wildcard_kinds=wk
        )
        # Push some hands further from ready: swap up to three tiles for random ones.
        tiles = list(case.tiles)
        for _ in range(rng.randrange(4)):
            tiles.pop(rng.randrange(len(tiles))) if tiles else None
            pool = [
                k
                for k in range(27 if no_honors else 34)
                if tiles.count(k) + sum(4 if n != "pong" else 3 for n, t in case.melds if t == k)
                < 4
            ]
            tiles.append(rng.choice(pool))
        counts = [0] * 34
        wild = 0
        for t in tiles:
            if t in wk:
                wild += 1
            else:
                counts[t] += 1
        melds = [(kd.MeldKind[n.upper()], t) for n, t in case.melds]
        rules = Rules(wind_runs=wind_runs, no_honors=no_honors)
        fast = shanten(tiles, melds=melds, wildcards=wk, rules=rules)
        slow = ref_shanten(counts, wild, len(melds), wind_runs, no_honors)
        desc = f"tiles={sorted(tiles)} melds={case.melds} wildcards={wk} wind_runs={wind_runs} no_honors={no_honors}"
        if slow is None:
            assert fast >= MAX_DISTANCE, f"{desc}: shanten {fast}, reference > {MAX_DISTANCE - 1}"
        else:
            assert fast == slow, f"{desc}: shanten {fast}, reference {slow}"
            checked += 1
    assert checked > 2000


@pytest.mark.parametrize(
    "hand, wildcards, expect",
    [
        ("123m456m789m123p55z", "", -1),
        ("123m456m789m123p5z", "", 0),
        ("1112345678999m", "", 0),
        ("1122m3344p5566s7z", "", 0),
        ("19m19p19s1234567z", "", 0),
        ("147m258p369s1234z", "", 6),
        ("147m258p369s123z5m", "5m", 5),
        ("11m", "", -1),
    ],
)
def test_shanten_table(hand: str, wildcards: str, expect: int) -> None:
    melds = (
        [kd.Meld.pong(t) for t in ("1z", "2z", "3z", "4z")]
        if len(kd.parse_tiles(hand)) == 2
        else []
    )
    assert shanten(hand, melds=melds, wildcards=wildcards) == expect, hand


def _play(rules: Rules, seed: int, bots: list[Bot], lazy: bool) -> Game:
    game = Game(rules, seed=seed, dealer=seed % 4)
    if lazy:
        return play_hand(game, bots)
    while not game.is_over:
        s = game.to_act[0]
        game.step(s, bots[s].act(game.view(s), game.legal_actions(s)))
    return game


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(wildcards="double", wind_runs=True), Rules.preset("taiyuan")]
)
def test_greedy_same_from_a_view_and_from_the_game(rules: Rules) -> None:
    """The policy gets the same inputs from a SeatView as straight from the game."""
    for seed in range(60):
        a = _play(rules, seed, [GreedyBot() for _ in range(4)], lazy=True)
        b = _play(rules, seed, [GreedyBot() for _ in range(4)], lazy=False)
        assert a.events == b.events, f"seed {seed}"


def test_bots_follow_the_protocol_and_greedy_beats_random() -> None:
    assert isinstance(RandomBot(1), Bot) and isinstance(GreedyBot(), Bot)
    s = simulate(400, bots=["greedy", "random", "greedy", "random"], seed=5)
    assert s.wins[0] + s.wins[2] > 10 * (s.wins[1] + s.wins[3] + 1)
    assert s.score_mean[0] > 0 > s.score_mean[1]
    assert abs(sum(s.score_mean)) < 1e-9
    assert sum(s.wins) + s.drawn_hands == s.hands == 400
    assert s.self_draw_wins + s.discard_wins + s.robbed_kong_wins == sum(s.wins)


def test_simulate_is_the_same_for_any_workers_and_logs_replay() -> None:
    log1, log2 = io.StringIO(), io.StringIO()
    one = simulate(120, bots="greedy,random,greedy,random", seed=9, log=log1)
    two = simulate(120, bots="greedy,random,greedy,random", seed=9, workers=2, log=log2)
    assert one.comparable() == two.comparable()
    assert log1.getvalue() == log2.getvalue()
    lines = log1.getvalue().splitlines()
    assert len(lines) == 120
    for line in lines[:30]:
        entry = json.loads(line)
        game = Game.replay(entry["events"])
        assert game.is_over


def test_simulate_rejects_bad_arguments() -> None:
    with pytest.raises(kd.InvalidArgumentError, match="four bots"):
        simulate(10, bots=["random", "random"])
    assert simulate(10, bots=["random"]).bots == ("random",) * 4  # one bot for every seat
    with pytest.raises(kd.InvalidArgumentError, match="unknown bot 'clever'"):
        simulate(10, bots="clever,random,random,random")
    with pytest.raises(kd.InvalidArgumentError, match="hands"):
        simulate(0)
    with pytest.raises(kd.InvalidArgumentError, match="workers"):
        simulate(10, workers=0)


def test_greedy_choice_rejects_garbage_without_panicking() -> None:
    from koudiandian import _core

    good = kd.Game(seed=1).view(0).to_dict()
    rules = kd.Rules()
    assert _core.greedy_choice(good, rules, [a["tile"] for a in good["legal_actions"]]) >= 0
    for bad, legal in [
        ({**good, "hand": [9] * 14}, [0]),  # a kind held nine times
        (good, []),  # nothing legal
        ({**good, "claim_tile": 200}, [8 * 34]),
        ({**good, "seat": 7}, [0]),
        ({**good, "melds": "nonsense"}, [0]),
        ({"seat": 0}, [0]),
    ]:
        with pytest.raises(kd.KoudiandianError):
            _core.greedy_choice(bad, rules, legal)
    with pytest.raises(kd.KoudiandianError):
        _core.greedy_choice(good, {"not": "rules"}, [0])


def test_simulate_whole_matches() -> None:
    s = simulate(12, bots="greedy,greedy,random,random", seed=4, match="one_round")
    assert s.matches == 12 and s.hands >= 12 * 4
    assert sum(s.first_places) == 12 and s.first_places[0] + s.first_places[1] >= 10
    assert abs(sum(s.mean_rank) - 10) < 1e-9  # ranks 1..4 per match
    again = simulate(12, bots="greedy,greedy,random,random", seed=4, match="one_round", workers=2)
    assert (again.first_places, again.mean_rank, again.wins) == (
        s.first_places,
        s.mean_rank,
        s.wins,
    )
    with pytest.raises(kd.InvalidArgumentError, match="match"):
        simulate(2, match="forever")
