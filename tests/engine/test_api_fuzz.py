"""Fuzzing the Python API with hypothesis: whatever the arguments, the hand functions, the
scorer, the text parsers, ``Meld.of``, ``Rules.from_dict`` and the batch kernels raise at most
a KoudiandianError (or a TypeError for wrong Python types), never a PanicException."""

from __future__ import annotations

import koudiandian as kd
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from koudiandian import KoudiandianError, Meld, Rules, Tile

# Hypothesis, when it reports a failure, touches mypy_extensions.TypedDict, whose
# DeprecationWarning would turn the report into an INTERNALERROR under filterwarnings=error.
pytestmark = pytest.mark.filterwarnings(
    "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning"
)


FUZZ = settings(
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _no_panic(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except (KoudiandianError, TypeError):
        pass
    except BaseException as e:  # PanicException derives from BaseException
        if type(e).__name__ == "PanicException" or not isinstance(e, Exception):
            raise AssertionError(f"{type(e).__name__} escaped: {e!r}") from e
        raise


TILE_CHARS = "0123456789mpsz mpsz,一二三四五六七八九十万筒条东南西北白发中\U0001f000\U0001f004\U0001f007\U0001f010\U0001f021\U0001f02b"


texts = st.one_of(st.text(max_size=30), st.text(alphabet=TILE_CHARS, max_size=24))


big_ints = st.one_of(
    st.integers(0, 33),
    st.integers(-40, 80),
    st.integers(min_value=-(2**80), max_value=2**80),
)


int_lists = st.lists(big_ints, max_size=20)


valid_hands = st.lists(st.integers(0, 33), min_size=0, max_size=18)


tiles_args = st.one_of(
    texts, int_lists, valid_hands, st.none(), st.floats(), st.lists(texts, max_size=4)
)


meld_items = st.one_of(
    st.tuples(st.integers(-2, 5), st.integers(-2, 36)),
    st.tuples(big_ints, big_ints),
    st.tuples(st.integers(0, 3), texts),
    st.tuples(st.integers(0, 3)),
    st.tuples(st.integers(0, 3), st.integers(0, 33), st.integers(0, 33)),
    texts,
    st.none(),
)


melds_args = st.one_of(st.lists(meld_items, max_size=6), st.just(()), texts, st.integers())


wild_args = st.one_of(
    st.just(()),
    texts,
    st.lists(big_ints, max_size=4),
    st.lists(st.integers(0, 33), max_size=3),
    big_ints,
)


rules_args = st.sampled_from(
    [
        None,
        Rules(),
        Rules(wind_runs=True),
        Rules(no_honors=True),
        Rules(bonus_patterns=True),
        Rules(draw5_win6=True, wind_runs=True),
    ]
)


win_args = st.one_of(big_ints, texts, st.sampled_from(list(Tile)), st.none())


HAND_FUNCS = ["is_win", "winning_tiles", "decompose", "ready_discards"]


@pytest.mark.parametrize("func", HAND_FUNCS)
@FUZZ
@given(tiles=tiles_args, melds=melds_args, wildcards=wild_args, rules=rules_args)
def test_fuzz_hand_functions(func, tiles, melds, wildcards, rules):
    _no_panic(getattr(kd, func), tiles, melds=melds, wildcards=wildcards, rules=rules)


@FUZZ
@given(
    tiles=tiles_args,
    win=win_args,
    self_draw=st.booleans(),
    melds=melds_args,
    wildcards=wild_args,
    rules=rules_args,
)
def test_fuzz_score_win(tiles, win, self_draw, melds, wildcards, rules):
    _no_panic(
        kd.score_win, tiles, win, self_draw=self_draw, melds=melds, wildcards=wildcards, rules=rules
    )


@FUZZ
@given(
    hand=st.lists(st.integers(0, 33), min_size=14, max_size=14),
    wild=st.lists(st.integers(0, 33), max_size=2),
    rules=rules_args,
)
def test_fuzz_valid_shaped_hands(hand, wild, rules):
    """Hands of the right size: at most a Koudiandian error (a fifth copy, bad wildcards)."""
    for fn in (kd.is_win, kd.decompose, kd.ready_discards):
        _no_panic(fn, hand, wildcards=wild, rules=rules)
    _no_panic(kd.winning_tiles, hand[:13], wildcards=wild, rules=rules)
    _no_panic(kd.score_win, hand, hand[0], self_draw=True, wildcards=wild, rules=rules)


@FUZZ
@given(text=texts)
def test_fuzz_text_parsers(text):
    _no_panic(kd.parse_tiles, text)
    _no_panic(Tile.parse, text)
    _no_panic(kd.format_tiles, text)
    _no_panic(Rules.parse, text)
    _no_panic(Meld.of, text, text)


@FUZZ
@given(tiles=tiles_args, style=st.sampled_from(["mpsz", "chinese", "unicode", "x"]))
def test_fuzz_format_tiles(tiles, style):
    _no_panic(kd.format_tiles, tiles, style)


@FUZZ
@given(kind=st.one_of(big_ints, texts, st.none()), tile=st.one_of(big_ints, texts, st.none()))
def test_fuzz_meld_of(kind, tile):
    _no_panic(Meld.of, kind, tile)


@FUZZ
@given(
    options=st.dictionaries(
        st.one_of(
            st.sampled_from(
                [
                    "wind_runs",
                    "no_honors",
                    "bonus_patterns",
                    "wildcards",
                    "dealer_bonus",
                    "dealer_selfdraw_double",
                ]
            ),
            st.text(max_size=8),
        ),
        st.one_of(
            st.booleans(),
            st.integers(),
            st.text(max_size=8),
            st.sampled_from(["none", "random", "honor", "double"]),
        ),
        max_size=5,
    )
)
def test_fuzz_rules_from_dict(options):
    _no_panic(Rules.from_dict, options)


dtypes = st.sampled_from([np.uint8, np.int8, np.int64, np.uint16, np.float32, np.bool_])


arrays = st.one_of(
    hnp.arrays(dtypes, hnp.array_shapes(min_dims=0, max_dims=3, max_side=40)),
    hnp.arrays(np.uint8, st.tuples(st.integers(0, 4), st.just(34))),
)


@FUZZ
@given(
    counts=arrays, wild=arrays, melds=st.one_of(st.integers(-3, 300), arrays), wildcards=wild_args
)
def test_fuzz_batch(counts, wild, melds, wildcards):
    _no_panic(kd.is_win_batch, counts, wild, melds=melds)
    _no_panic(kd.winning_tiles_batch, counts, wild, melds=melds, wildcards=wildcards)
