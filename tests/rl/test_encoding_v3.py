"""Observation v3 (``docs/observation.md``): v2's planes unchanged, then the observer's
exchange picks and the standing plane (every seat's void suit as the observer knows it,
whether it has left the hand, its running score's change, the decision before play under
way), checked against the seat's view through whole seeded ``tiny`` and ``sichuan`` hands;
the oracle v3 is the v3 planes with nothing hidden, then the six oracle planes."""

from __future__ import annotations

import random

import numpy as np
import pytest
from koudiandian import Action, Game, InvalidArgumentError
from koudiandian.rl import (
    OBS_SHAPES,
    ORACLE_SHAPES,
    PLANE_NAMES_V2,
    PLANE_NAMES_V3,
    VERSIONS,
    encode,
)

PICKED = PLANE_NAMES_V3.index("picked")
STANDING = PLANE_NAMES_V3.index("standing")


def _pick(game: Game, seat: int, rng: random.Random) -> Action:
    """A legal action of ``seat``: mostly the greedy policy's (so that seats win and
    leave), sometimes a random one."""
    legal = game.legal_actions(seat)
    if rng.random() < 0.1:
        return rng.choice(legal)
    code = game.engine.greedy_action(seat)
    return next(a for a in legal if a.code == code)


def _standing_of(game: Game, seat: int) -> np.ndarray:
    """The standing plane as the seat's view says it should be."""
    v = game.view(seat)
    want = np.zeros(34, np.uint8)
    for r in range(4):
        owner = (seat + r) % 4
        if v.voids[owner] is not None:
            want[3 * r + v.voids[owner]] = 1
        want[12 + r] = v.left[owner] is not None
        change = v.running[owner] - v.scores[owner]
        want[16 + r] = max(-127, min(127, change)) + 128
        want[20 + r] = max(-127, min(127, change // 16)) + 128
    want[24] = v.phase == "exchange"
    want[25] = v.phase == "void"
    return want


def _check(game: Game, seat: int) -> np.ndarray:
    v3 = encode(game, seat, version="v3")
    assert v3.shape == OBS_SHAPES["v3"] == (25, 34)
    assert np.array_equal(v3[:23], encode(game, seat, version="v2"))
    assert np.array_equal(encode(game.view(seat), version="v3"), v3)
    picked = np.zeros(34, np.uint8)
    for t in game.view(seat).picked:
        picked[int(t)] += 1
    assert np.array_equal(v3[PICKED], picked)
    assert np.array_equal(v3[STANDING], _standing_of(game, seat))
    return v3


def test_v3_names_and_shapes() -> None:
    assert VERSIONS == ("v1", "v2", "v3")
    assert OBS_SHAPES["v3"] == (25, 34) and ORACLE_SHAPES["v3"] == (31, 34)
    assert PLANE_NAMES_V3[:23] == PLANE_NAMES_V2[:23]
    assert PLANE_NAMES_V3[25:] == PLANE_NAMES_V2[23:]
    with pytest.raises(InvalidArgumentError, match="unknown encoding version 'v4'"):
        encode(Game("tiny", seed=1), 0, version="v4")


@pytest.mark.parametrize("preset", ["taiyuan", "queyimen", "hebei", "changsha", "guobiao"])
def test_v3_of_a_listed_profile_is_v2_and_quiet_new_planes(preset: str) -> None:
    game = Game(preset, seed=4)
    for seat in range(4):
        v3 = _check(game, seat)
        assert not v3[PICKED].any()
        assert list(v3[STANDING][16:24]) == [128] * 8 and not v3[STANDING][:16].any()


PLAY_ON = [("tiny", 16), ("sichuan", 6)]


@pytest.mark.parametrize(("preset", "hands"), PLAY_ON)
def test_v3_follows_hands_picks_void_suits_leavers_and_payments(preset: str, hands: int) -> None:
    picks_seen = own_void_early = leavers = paid = 0
    for seed in range(hands):
        game = Game(preset, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not game.is_over:
            obs = [_check(game, s) for s in range(4)]
            picks_seen += int(obs[0][PICKED].sum())
            if game.phase == "void":
                # A seat sees its own void suit once chosen, the others' only when all
                # four are revealed together.
                for s in range(4):
                    own, others = obs[s][STANDING][0:3], obs[s][STANDING][3:12]
                    own_void_early += int(own.any())
                    assert not others.any()
            elif game.phase == "turn":
                assert all(obs[s][STANDING][0:12].sum() == 4 for s in range(4))
            seat = game.to_act[0]
            assert obs[seat][STANDING][12] == 0, "a seat that left is never to act"
            game.step(seat, _pick(game, seat, rng))
        for s in range(4):
            _check(game, s)
        assert game.result is not None
        deltas = game.result.deltas
        v = encode(game, 0, version="v3")[STANDING]
        assert [int(x) - 128 for x in v[16:20]] == [max(-127, min(127, d)) for d in deltas]
        leavers += sum(x is not None for x in game.result.left)
        paid += any(deltas)
    assert picks_seen > 0 and own_void_early > 0
    assert leavers >= hands // 2 and paid >= hands // 2, (leavers, paid)


@pytest.mark.parametrize("preset", ["tiny", "sichuan"])
def test_a_winner_that_leaves_is_flagged_for_every_seat_from_then_on(preset: str) -> None:
    for seed in range(40):
        game = Game(preset, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not game.is_over and not any(x is not None for x in game.view(0).left):
            seat = game.to_act[0]
            game.step(seat, _pick(game, seat, rng))
        if game.is_over:
            continue
        gone = next(s for s, x in enumerate(game.view(0).left) if x is not None)
        for s in range(4):
            flags = encode(game, s, version="v3")[STANDING][12:16]
            assert list(flags) == [int((s + r) % 4 == gone) for r in range(4)]
        assert gone not in game.to_act
        return
    pytest.fail(f"no seat left the hand in 40 {preset} hands")


@pytest.mark.parametrize("preset", ["tiny", "sichuan"])
def test_the_v3_oracle_is_v3_with_nothing_hidden_then_the_six(preset: str) -> None:
    game = Game(preset, seed=2, scores=(5, -5, 0, 0))
    rng = random.Random(2)
    for _ in range(40):
        for s in range(4):
            o3 = encode(game, s, version="v3", oracle=True)
            o1 = encode(game, s, version="v1", oracle=True)
            assert o3.shape == ORACLE_SHAPES["v3"]
            assert np.array_equal(o3[:22], o1[:22]) and np.array_equal(o3[25:], o1[22:])
            assert np.array_equal(o3[22], encode(game, s, version="v2")[22])
            assert np.array_equal(o3[PICKED], encode(game, s, version="v3")[PICKED])
        seat = game.to_act[0]
        game.step(seat, rng.choice(game.legal_actions(seat)))
