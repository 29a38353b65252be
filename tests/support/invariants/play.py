"""Playing one seeded hand with the policy and every check, and how many hands get which
checks. A failure names the option set and the seed; ``play_hand(OPTION_SETS[name], seed)``
replays that hand (the policy's generator is seeded by the seed; the dealer is ``seed % 4``)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field

from koudiandian import Action, Game, Rules

from tests.support.invariants.checks import (
    check_declared_waits,
    check_illegal,
    check_result,
    check_tiles,
    check_to_act,
)
from tests.support.invariants.logs import check_round_trips
from tests.support.invariants.noninterference import check_noninterference
from tests.support.invariants.policy import choose
from tests.support.invariants.state import log_of, state
from tests.support.invariants.views import check_events_for, check_view

N_HANDS = 2_000  # hands per option set (keep >= 2,000)


FULL_EVERY = 20  # every n-th hand gets the expensive checks (views, replay, JSON, pickle)


CORRUPT_EVERY = 40  # every n-th hand gets the corrupted-log and fuzzed-log checks


ILLEGAL_TRIES = 3  # steps per hand (besides the end) at which 4 random illegal actions are tried


FUZZ_TRIES = 30  # random edits of each corrupted-log hand's log


@dataclass
class HandLog:
    actions: list[tuple[int, Action]] = field(default_factory=list)
    cuts: list[int] = field(default_factory=list)  # event counts where a decision was awaited


def play_hand(
    rules: Rules,
    seed: int,
    *,
    full: bool = False,
    stats: Counter[str] | None = None,
    log: HandLog | None = None,
) -> Game:
    """Play one hand with the policy, checking everything; returns the finished game.
    ``full`` adds the expensive checks."""
    stats = Counter() if stats is None else stats
    log = HandLog() if log is None else log
    rng = random.Random(seed)
    game = Game(rules, seed=seed, dealer=seed % 4)
    assert not hasattr(game, "_seed") and str(seed) not in game.to_json()
    illegal_at = set(rng.sample(range(60), ILLEGAL_TRIES))
    mid_check = rng.randrange(5, 40)
    waits_at_declare: dict[int, list[int] | None] = {}
    melds_seen = [0, 0, 0, 0]
    step = 0
    while True:
        st = state(game)
        check_tiles(game, st)
        legal = check_to_act(game, st)
        if full:
            for s in range(4):
                check_view(game, st, s, seed, legal.get(s, []))
        if rules.kong_keeps_waits:
            check_declared_waits(game, st, waits_at_declare, melds_seen)
        if step in illegal_at:
            check_illegal(game, legal, rng)
        if game.is_over:
            break
        if full and step == mid_check:
            check_round_trips(game)
            for s in range(4):
                check_events_for(game, s, seed)
        log.cuts.append(len(log_of(game)))
        seat = rng.choice(game.to_act)
        action = choose(game, st, seat, legal[seat], rng)
        log.actions.append((seat, action))
        game.step(seat, action)
        step += 1
    check_illegal(game, {}, rng)
    check_result(game, st, stats)
    if full:
        for s in range(4):
            check_events_for(game, s, seed)
        check_round_trips(game)
        cut = rng.choice(log.cuts[1:] or log.cuts)
        check_noninterference(copy.deepcopy(log_of(game)[:cut]), rng, stats)
    return game


def failure_report(
    name: str, i: int, seed: int, full: bool, log: HandLog, err: BaseException
) -> str:
    steps = ", ".join(f"{s}:{a}" for s, a in log.actions)
    return (
        f"option set {name!r} hand {i}: play_hand(OPTION_SETS[{name!r}], {seed}, full={full}) "
        f"failed after {len(log.actions)} steps: {type(err).__name__}: {err}\nsteps: {steps}"
    )
