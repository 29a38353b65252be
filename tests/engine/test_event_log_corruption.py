"""Corrupted and fuzzed event logs: on every ``CORRUPT_EVERY``-th hand of each option set
(finished and cut in the middle), dropped, swapped or edited events, changed tiles, a changed
wall, bad JSON, wrong format or version raise :class:`koudiandian.InvalidEventLogError`;
random edits of the same logs raise it too (never another exception) or replay to the same
log. The hands are played by ``tests.support.invariants``."""

from __future__ import annotations

import copy
import random
from typing import Any

import koudiandian as kd
import pytest
from koudiandian import Game, InvalidEventLogError, KoudiandianError, Rules, WildcardMode

from tests.support.invariants.logs import check_corrupted_logs, fuzz_log
from tests.support.invariants.play import (
    CORRUPT_EVERY,
    FUZZ_TRIES,
    N_HANDS,
    HandLog,
    failure_report,
    play_hand,
)
from tests.support.invariants.policy import OPTION_SETS, choose, seed_of
from tests.support.invariants.state import log_of, state


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_corrupted_logs(name: str) -> None:
    """Dropped, swapped and edited events, changed tiles, bad JSON, wrong format or version:
    each raises InvalidEventLogError, for finished hands and for hands in progress."""
    rules = OPTION_SETS[name]
    for i in range(0, N_HANDS, CORRUPT_EVERY):
        seed = seed_of(name, i)
        log = HandLog()
        try:
            game = play_hand(rules, seed, log=log)
            rng = random.Random(seed + 1)
            check_corrupted_logs(game, rng)
            cut = rng.choice(log.cuts[len(log.cuts) // 2 :])
            check_corrupted_logs(Game.replay(copy.deepcopy(log_of(game)[:cut])), rng)
        except (AssertionError, KoudiandianError, pytest.fail.Exception) as err:
            pytest.fail(failure_report(name, i, seed, False, log, err), pytrace=False)


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_fuzzed_logs(name: str) -> None:
    """Randomly edited logs are refused with InvalidEventLogError (never another error)."""
    rules = OPTION_SETS[name]
    failures: list[str] = []
    for i in range(0, N_HANDS, CORRUPT_EVERY):
        seed = seed_of(name, i)
        game = play_hand(rules, seed)
        for case in fuzz_log(game.events, random.Random(seed), FUZZ_TRIES):
            failures.append(f"hand {i} (play_hand(OPTION_SETS[{name!r}], {seed})): {case}")
    if failures:
        shown = "\n".join(failures[:10])
        pytest.fail(f"{len(failures)} fuzzed logs mishandled; first ones:\n{shown}", pytrace=False)


def _a_log() -> list[dict[str, Any]]:
    game = Game(Rules(wildcards=WildcardMode.RANDOM), seed=7)
    rng = random.Random(7)
    while len(log_of(game)) < 12 and not game.is_over:
        seat = game.to_act[0]
        game.step(seat, choose(game, state(game), seat, game.legal_actions(seat), rng))
    return game.events


def test_replay_decision_without_seat() -> None:
    """A decision event without its ``seat`` is a corrupt log (not a KeyError)."""
    events = _a_log()
    i = next(i for i, e in enumerate(events) if e["type"] == "discard" and not e["auto"])
    del events[i]["seat"]
    with pytest.raises(InvalidEventLogError):
        Game.replay(events)


@pytest.mark.parametrize("wildcards", [["x"], "x", [None], [[1]], {"a": 1}])
def test_replay_bad_wildcards(wildcards: Any) -> None:
    """Junk wildcard kinds in ``start_hand`` are a corrupt log (not a bare ValueError or
    TypeError), and the constructor refuses them with InvalidWallError."""
    events = _a_log()
    events[0]["wildcards"] = wildcards
    with pytest.raises(InvalidEventLogError):
        Game.replay(events)
    with pytest.raises(kd.InvalidWallError):
        Game(Rules(wildcards=WildcardMode.RANDOM), wall=events[0]["wall"], wildcards=wildcards)
