"""Random-play invariants of the hand engine (:class:`koudiandian.Game`): for each option set,
``N_HANDS`` seeded hands are played to the end by a seeded random policy, with the cheap checks
after every step and the expensive ones (seat views, event logs, round trips,
non-interference) on every ``FULL_EVERY``-th hand. The policy and the checks live in
``tests.support.invariants`` (its package docstring lists them)."""

from __future__ import annotations

from collections import Counter

import pytest
from koudiandian import KoudiandianError

from tests.support.invariants.play import FULL_EVERY, N_HANDS, HandLog, failure_report, play_hand
from tests.support.invariants.policy import OPTION_SETS, seed_of

# Robbed kongs are rare (an added kong must meet a declared seat waiting on that very
# tile), so their presence is checked over all option sets together.
ALL_STATS: Counter[str] = Counter()


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_random_play_invariants(name: str) -> None:
    rules = OPTION_SETS[name]
    stats: Counter[str] = Counter()
    for i in range(N_HANDS):
        seed = seed_of(name, i)
        full = i % FULL_EVERY == 0
        log = HandLog()
        try:
            play_hand(rules, seed, full=full, stats=stats, log=log)
        except (AssertionError, KoudiandianError, pytest.fail.Exception) as err:
            pytest.fail(failure_report(name, i, seed, full, log, err), pytrace=False)
    ALL_STATS.update(stats)
    ALL_STATS["sets"] += 1
    # the policy really exercised the engine
    assert stats["win:self_draw"] > 0 and stats["win:discard"] > 0, stats
    for kind in ("concealed_kong", "added_kong", "kong"):
        assert stats[f"kong:{kind}"] > 0, stats
    assert stats["declared"] > N_HANDS, stats
    assert stats["twin:wall order"] > 0 and stats["twin:hidden hand"] > 0, stats
    assert stats["twin:face-down discard"] > 0, stats
    if not rules.no_honors:
        assert stats["twin:honor relabel"] > 0, stats


def test_random_play_robbed_kongs() -> None:
    """Over all option sets, the random play produced robbed kongs (a set's own count is
    too small to require one in each)."""
    if ALL_STATS["sets"] < len(OPTION_SETS):
        pytest.skip("needs every test_random_play_invariants case to have run first")
    assert ALL_STATS["win:robbed_kong"] >= len(OPTION_SETS), ALL_STATS
