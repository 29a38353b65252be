"""One rule for a match's first dealer, the profile's (``Profile::random_first_dealer``):
``Match`` and the matches of ``simulate`` (the Rust loop and the Python loop alike) ask it,
so match ``i`` of a run is ``Match(rules, seed=hand_seed(seed, i))`` hand for hand."""

from __future__ import annotations

import io
import json

import pytest
from koudiandian import Match, Rules, simulate
from koudiandian.bots import GreedyBot, RandomBot
from koudiandian.match import hand_seed

#: The first dealer each profile's contract names: seat 0 (Taiyuan's room creator, hebei's
#: East) or a seat drawn from the match's seed (queyimen, changsha).
DRAWN = {"taiyuan": False, "queyimen": True, "hebei": False, "changsha": True}


def python_greedy(seed: int) -> GreedyBot:
    """A factory written in Python: forces the Python loop."""
    return GreedyBot(seed)


def _first_dealers(log: str) -> dict[int, int]:
    """The dealer of each match's first hand in a match log."""
    out = {}
    for line in log.splitlines():
        entry = json.loads(line)
        if entry["hand"] == 0:
            out[entry["match"]] = entry["events"][0]["dealer"]
    return out


@pytest.mark.parametrize("profile", list(DRAWN))
@pytest.mark.parametrize("python_loop", [False, True])
def test_a_runs_matches_start_where_the_profile_says(profile: str, python_loop: bool) -> None:
    rules, seed, matches = Rules.preset(profile), 17, 12
    log = io.StringIO()
    bots = [python_greedy] * 4 if python_loop else "greedy"
    simulate(matches, rules=rules, bots=bots, seed=seed, match=2, log=log)
    got = _first_dealers(log.getvalue())
    want = {i: Match(rules, seed=hand_seed(seed, i), length=2).first_dealer for i in range(matches)}
    assert got == want
    if DRAWN[profile]:
        assert len(set(got.values())) > 1  # drawn from each match's seed
    else:
        assert set(got.values()) == {0}


@pytest.mark.parametrize("profile", ["hebei", "changsha"])
def test_match_i_of_a_run_is_the_match_of_its_seed(profile: str) -> None:
    """The whole of match ``i`` (its hands, dealers and scores) is what ``Match`` plays with
    the seed ``hand_seed(seed, i)`` and the same bots."""
    rules, seed = Rules.preset(profile), 5
    log = io.StringIO()
    simulate(3, rules=rules, bots="greedy,random,greedy,random", seed=seed, match=3, log=log)
    entries = [json.loads(line) for line in log.getvalue().splitlines()]
    for i in range(3):
        m = Match(rules, seed=hand_seed(seed, i), length=3)
        for n in range(3):
            # The bots of hand n are seeded with the hand's seed + seat + 1.
            first = hand_seed(m.seed, n) + 1
            bots = [(GreedyBot, RandomBot)[s % 2]((first + s) % 2**64) for s in range(4)]
            while len(m.games) == n + 1 and not m.games[n].is_over:
                seat = m.to_act[0]
                m.step(seat, bots[seat].act(m.view(seat), m.legal_actions(seat)))
            (entry,) = [e for e in entries if e["match"] == i and e["hand"] == n]
            assert entry["events"] == m.games[n].events
        assert m.is_over and len(m.games) == 3
