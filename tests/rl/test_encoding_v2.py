"""Observation v2 (``docs/observation.md``): v1's planes unchanged, then the winds plane (the
prevalent wind, the observer's and every seat's wind, their flowers), for every profile; the
same from a live game and from the seat's view; the oracle v2 is the v2 planes with nothing
hidden, then v1's six oracle planes."""

from __future__ import annotations

import numpy as np
import pytest
from koudiandian import Game, Rules
from koudiandian.rl import OBS_SHAPES, ORACLE_SHAPES, PLANE_NAMES_V2, encode

WINDS = PLANE_NAMES_V2.index("winds")


@pytest.mark.parametrize("preset", ["taiyuan", "queyimen", "hebei", "changsha", "guobiao"])
def test_v2_is_v1_and_the_winds(preset: str) -> None:
    assert OBS_SHAPES["v2"] == (23, 34) and ORACLE_SHAPES["v2"] == (29, 34)
    for seed in range(6):
        dealer, wind = seed % 4, (seed * 3) % 4
        g = Game(Rules.preset(preset), seed=seed, dealer=dealer, prevalent_wind=wind)
        for seat in range(4):
            v1, v2 = encode(g, seat, version="v1"), encode(g, seat, version="v2")
            assert v2.shape == OBS_SHAPES["v2"]
            assert np.array_equal(v2[:22], v1)
            assert np.array_equal(encode(g.view(seat), version="v2"), v2)
            w = v2[WINDS]
            assert list(w[0:4]) == [int(i == wind) for i in range(4)]
            own = (seat - dealer) % 4
            assert list(w[4:8]) == [int(i == own) for i in range(4)]
            for r in range(4):
                owner = (seat + r) % 4
                assert list(w[8 + 4 * r : 12 + 4 * r]) == [
                    int(i == (owner - dealer) % 4) for i in range(4)
                ]
                assert w[24 + r] == len(g.view(seat).flowers[owner])
            assert not w[28:].any()
            o1 = encode(g, seat, version="v1", oracle=True)
            o2 = encode(g, seat, version="v2", oracle=True)
            assert np.array_equal(o2[:22], o1[:22]) and np.array_equal(o2[23:], o1[22:])
            assert np.array_equal(o2[22], w)
