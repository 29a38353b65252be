"""koudiandian.rl.encode: the documented planes (of v1, named by ``PLANE_NAMES``), the
live game and the seat view encode alike, and twin games that differ only in tiles a seat
may not see encode alike for it (in the default version)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from koudiandian import ArgumentTypeError, Game, InvalidArgumentError, Rules, Tile
from koudiandian.rl import (
    DEFAULT_VERSION,
    OBS_SHAPE,
    OBS_SHAPES,
    ORACLE_SHAPE,
    ORACLE_SHAPES,
    PLANE_NAMES,
    encode,
)

PRESETS = ["taiyuan", "queyimen", "hebei", "changsha"]
P = {name: i for i, name in enumerate(PLANE_NAMES)}
S_DECLARED, S_DEALER, S_WIND, S_WALL, S_PHASE = 0, 4, 8, 12, 13


def test_shapes_and_plane_names() -> None:
    assert OBS_SHAPES["v1"] == (22, 34)
    assert ORACLE_SHAPES["v1"] == (28, 34)
    assert len(PLANE_NAMES) == ORACLE_SHAPES["v1"][0]
    assert DEFAULT_VERSION == "v3", "the newest is the default"
    assert (OBS_SHAPE, ORACLE_SHAPE) == (OBS_SHAPES["v3"], ORACLE_SHAPES["v3"])
    assert encode(Game(seed=1), 0).shape == OBS_SHAPE
    assert encode(Game(seed=1).view(0)).shape == OBS_SHAPE


def test_the_planes_of_a_fresh_hand() -> None:
    g = Game(Rules(), seed=5, dealer=2)
    x = encode(g, 2, version="v1")
    assert x.dtype == np.uint8 and x.shape == OBS_SHAPES["v1"]
    hand = list(g._core.hand(2))
    assert x[P["hand"]].tolist() == list(hand)
    assert x[P["drawn"]].sum() == 1 and hand[int(np.argmax(x[P["drawn"]]))] >= 1
    assert x[P["wildcards"]].tolist() == [int(k in g._core.wildcards()) for k in range(34)]
    assert x[P["unseen"]].tolist() == [4 - c for c in hand]
    hand = list(hand)
    s = x[P["scalars"]]
    assert s[S_DEALER] == 1 and s[S_DEALER + 1 : S_DEALER + 4].sum() == 0  # it deals
    assert s[S_WIND] == 1  # the dealer sits east
    assert s[S_WALL] == g.wall_remaining
    assert s[S_PHASE + 1] == 1  # its turn
    assert x[P["scores"], :4].tolist() == [128] * 4
    # seat 3 is the dealer's 下家, so the dealer is seat 3's 上家 (relative seat 3)
    y = encode(g, 3, version="v1")
    assert y[P["scalars"], S_DEALER + 3] == 1
    assert y[P["scalars"], S_WIND + 1] == 1  # south
    assert y[P["drawn"]].sum() == 0


def test_discards_melds_and_face_down_discards() -> None:
    rng = random.Random(3)
    for seed in range(200):
        g = Game(Rules(), seed=seed)
        core = g._core
        while not core.is_over():
            seat = core.to_act()[0]
            legal = core.legal_actions(seat)
            core.step(seat, legal[rng.randrange(len(legal))])
            down = [s for s in range(4) if any(d for _, d in core.discards(s))]
            if down and len(core.melds(down[0])) + len(core.discards(down[0])) > 0:
                owner = down[0]
                viewer = (owner + 1) % 4
                x = encode(g, viewer, version="v1")
                order = x[P["discard_order_3"]]  # the owner is the viewer's 上家
                ds = core.discards(owner)
                for i, (t, face_down) in enumerate(ds[:34]):
                    assert order[i] == (35 if face_down and not core.is_over() else t + 1)
                assert order[len(ds) :].sum() == 0
                assert x[P["scalars"], S_DECLARED + 3] == int(core.declared()[owner])
                mine = encode(g, owner, version="v1")[P["discard_order_0"]]
                assert [int(v) - 1 for v in mine[: len(ds)]] == [t for t, _ in ds[:34]]
                return
    pytest.fail("no face-down discard in 200 hands")


@pytest.mark.parametrize("preset", PRESETS)
def test_the_game_and_the_view_encode_alike(preset: str) -> None:
    rng = random.Random(preset)
    for seed in range(30):
        g = Game(Rules.preset(preset), seed=seed)
        core = g._core
        n = 0
        while not core.is_over():
            if n % 7 == 0:
                for s in range(4):
                    assert np.array_equal(encode(g, s), encode(g.view(s))), (seed, s)
            seat = core.to_act()[0]
            legal = core.legal_actions(seat)
            core.step(seat, legal[rng.randrange(len(legal))])
            n += 1
        assert np.array_equal(encode(g, 0), encode(g.view(0)))


def _twin_walls(preset: str, seed: int, viewer: int) -> tuple[Any, Any, Any]:
    """The wall of a seeded hand and a twin with two tiles swapped that ``viewer`` never
    sees at first: one in another seat's dealt tiles, one deep in the wall."""
    g = Game(Rules.preset(preset), seed=seed)
    start = g.events[0]
    wall = list(start["wall"])
    dealer = start["dealer"]
    other = (viewer + 1) % 4
    i = (other - dealer) % 4
    rng = random.Random(seed)
    for _ in range(100):
        a = 13 * i + rng.randrange(13)
        b = 60 + rng.randrange(20)
        if wall[a] != wall[b] and wall[a] < 34 and wall[b] < 34:
            twin = list(wall)
            twin[a], twin[b] = twin[b], twin[a]
            return wall, twin, start
    raise AssertionError("no two different tiles")


@pytest.mark.parametrize("preset", ["taiyuan", "queyimen", "changsha"])
def test_twin_games_differing_only_in_hidden_tiles_encode_alike(preset: str) -> None:
    compared = 0
    for seed in range(40):
        viewer = seed % 4
        wall, twin, start = _twin_walls(preset, seed, viewer)
        kw: dict[str, Any] = {"dealer": start["dealer"], "wildcards": start["wildcards"]}
        if start.get("dice"):
            kw["dice"] = [tuple(d) for d in start["dice"]]
        a = Game(Rules.preset(preset), wall=wall, **kw)
        b = Game(Rules.preset(preset), wall=twin, **kw)
        assert a.hand(viewer) == b.hand(viewer)
        assert not np.array_equal(encode(a, viewer, oracle=True), encode(b, viewer, oracle=True))
        while not a.is_over and not b.is_over and a.hand(viewer) == b.hand(viewer):
            if a.to_act != b.to_act:
                break
            if viewer in a.to_act:
                assert np.array_equal(encode(a, viewer), encode(b, viewer)), (seed, viewer)
                compared += 1
            seat = a.to_act[0]
            common = [x for x in a.legal_actions(seat) if x in b.legal_actions(seat)]
            if not common:
                break
            a.step(seat, common[-1])
            b.step(seat, common[-1])
    assert compared > 40, compared


def test_the_oracle_shows_every_hand_and_the_wall() -> None:
    g = Game(Rules.preset("hebei"), seed=9)
    seat = g.to_act[0]
    x = encode(g, seat, oracle=True, version="v1")
    assert x.shape == ORACLE_SHAPES["v1"]
    planes = OBS_SHAPES["v1"][0]
    assert np.array_equal(x[:planes], encode(g, seat, version="v1"))  # nothing hidden yet
    for r in range(1, 4):
        assert x[P[f"oracle_hand_{r}"]].tolist() == list(g._core.hand((seat + r) % 4))
    t = Game(Rules(), seed=9)  # no flowers: the wall's kinds and the hands make 4 of each
    y = encode(t, 0, oracle=True, version="v1")
    counts = y[P["oracle_wall_counts"]]
    assert counts.sum() == t.wall_remaining
    held = sum(np.array(list(t._core.hand(s))) for s in range(4))
    assert (counts + held).tolist() == [4] * 34
    wall = t.events[0]["wall"]
    front, back = t._core.wall_position()
    assert [int(v) - 1 for v in y[P["oracle_wall_front"]]] == wall[front : front + 34]
    assert [int(v) - 1 for v in y[P["oracle_wall_back"]]] == wall[::-1][back : back + 34]


def test_bad_arguments() -> None:
    g = Game(seed=1)
    with pytest.raises(InvalidArgumentError, match="version"):
        encode(g, 0, version="v0")
    with pytest.raises(InvalidArgumentError, match="seat"):
        encode(g)
    with pytest.raises(InvalidArgumentError, match="seat"):
        encode(g, 7)
    with pytest.raises(InvalidArgumentError, match="oracle"):
        encode(g.view(0), oracle=True)
    with pytest.raises(InvalidArgumentError, match="does not match"):
        encode(g.view(0), 1)
    with pytest.raises(ArgumentTypeError):
        encode([Tile.M1])  # type: ignore[arg-type]


def test_a_malformed_view_dict_is_refused_or_encoded_without_a_crash() -> None:
    from koudiandian import _core

    d = Game(seed=2).view(0).to_dict()
    d["seat"] = 9
    with pytest.raises(InvalidArgumentError, match="seat"):
        _core.rl_encode_view(d)
    d = Game(seed=2).view(0).to_dict()
    d["melds"][1] = [{"kind": "chow", "tile": 33, "source": 0}]
    d["discards"][2] = [33] * 300
    d["indicator"] = 33
    x = _core.rl_encode_view(d)
    assert x[P["discard_counts_2"], 33] == 255  # saturated, not wrapped
    d["hand"] = "not tiles"
    with pytest.raises(InvalidArgumentError, match="not a seat view"):
        _core.rl_encode_view(d)
