"""The Python API's batch arrays (``koudiandian.batch``): the values of a batch of count rows,
bad arrays refused with ArrayError, other layouts refused or copied to the same answer."""

from __future__ import annotations

import koudiandian as kd
import numpy as np
import pytest
from koudiandian import ArrayError


def _counts(*hands: str) -> np.ndarray:
    out = np.zeros((len(hands), 34), dtype=np.uint8)
    for i, h in enumerate(hands):
        for t in kd.parse_tiles(h):
            out[i, t] += 1
    return out


def test_batch_values():
    counts = _counts("123m456p789s111z22z", "13579m13579p1357s", "123m456p789s111z2z")
    wild = np.array([0, 0, 1], dtype=np.uint8)
    assert kd.is_win_batch(counts, wild).tolist() == [True, False, True]
    waits = kd.winning_tiles_batch(_counts("23m456p789p111s55s"), np.zeros(1, np.uint8))
    assert waits.shape == (1, 34)
    assert np.flatnonzero(waits[0]).tolist() == [0, 3]


GOOD14 = _counts("123m456p789s111z22z")


BAD_ARRAYS = [
    pytest.param(np.zeros((1, 33), np.uint8), np.zeros(1, np.uint8), "33", id="counts-33-columns"),
    pytest.param(np.zeros(34, np.uint8), np.zeros(1, np.uint8), "34", id="counts-1d"),
    pytest.param(np.zeros((1, 34, 1), np.uint8), np.zeros(1, np.uint8), "3", id="counts-3d"),
    pytest.param(GOOD14.astype(np.int64), np.zeros(1, np.uint8), "int64", id="counts-int64"),
    pytest.param(GOOD14.astype(np.float32), np.zeros(1, np.uint8), "float32", id="counts-float32"),
    pytest.param(GOOD14, np.zeros(1, np.int32), "int32", id="wild-int32"),
    pytest.param(GOOD14, np.zeros(2, np.uint8), "2", id="wild-length-mismatch"),
    pytest.param(GOOD14, np.zeros((1, 1), np.uint8), ("2", "(1, 1)"), id="wild-2d"),
]


@pytest.mark.parametrize(("counts", "wild", "value"), BAD_ARRAYS)
def test_bad_arrays(counts, wild, value):
    for fn in (kd.is_win_batch, kd.winning_tiles_batch):
        with pytest.raises(ArrayError) as info:
            fn(counts, wild)
        values = value if isinstance(value, tuple) else (value,)
        assert any(v in str(info.value) for v in values), str(info.value)


def test_batch_other_layouts():
    """batch.py: other layouts are refused with ArrayError; a copy giving the same answer
    as the C-contiguous array is accepted too."""
    rows = np.repeat(np.concatenate([GOOD14, _counts("13579m13579p1357s")]), 2, axis=0)  # G G B B
    wild = np.zeros(2, np.uint8)
    for counts in (rows[::2], np.asfortranarray(rows[1:3])):
        assert not counts.flags["C_CONTIGUOUS"]
        try:
            got = kd.is_win_batch(counts, wild)
        except ArrayError:
            continue
        assert (
            got.tolist()
            == kd.is_win_batch(np.ascontiguousarray(counts), wild).tolist()
            == [True, False]
        )
