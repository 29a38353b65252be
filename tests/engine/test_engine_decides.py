"""What the Python layer asks the engine instead of restating it: which logged events open a
claim window (``_core.claim_openers``, read by ``server/windows.py``), whether a hand waits
for answers to a discard or an added kong (``GameCore.awaiting_answers``, read by
``server/tables.py``), how many wildcard kinds a mode has (``WildcardMode.kinds``), and the
moment of a win as one typed object (``_core.WinMoment``, built by ``score_win``)."""

from __future__ import annotations

import random
from typing import Any

import koudiandian as kd
import pytest
from koudiandian import _core
from koudiandian.server.windows import is_opener

# Events as a log renders them, by hand, and whether each offers a tile to the other seats.
_EVENTS = [
    ({"type": "discard", "seat": 0, "tile": 5, "declare": False}, True),
    ({"type": "discard", "seat": 0, "tile": None, "declare": True}, True),  # face down
    ({"type": "added_kong", "seat": 1, "tile": 5}, True),
    ({"type": "dice_kong", "seat": 2, "tile": 5, "from": None, "concealed": False}, True),
    ({"type": "dice_kong", "seat": 2, "tile": 5, "from": 1, "concealed": False}, False),
    ({"type": "dice_kong", "seat": 2, "tile": None, "from": None, "concealed": True}, False),
    ({"type": "concealed_kong", "seat": 2, "tile": None}, False),
    ({"type": "kong", "seat": 2, "tile": 5, "from": 1}, False),
    ({"type": "pong", "seat": 2, "tile": 5, "from": 1}, False),
    ({"type": "draw", "seat": 3, "tile": None, "replacement": False}, False),
    ({"type": "win", "seat": 3, "tile": 5, "kind": "discard", "from": 1, "auto": False}, False),
]


def test_claim_openers_by_hand() -> None:
    events = [e for e, _ in _EVENTS]
    assert _core.claim_openers(events) == [i for i, (_, opens) in enumerate(_EVENTS) if opens]
    assert [is_opener(e) for e in events] == [opens for _, opens in _EVENTS]
    assert _core.claim_openers([]) == []
    for bad in ([{"seat": 0}], [{"type": 3}], ["discard"]):
        with pytest.raises(kd.InvalidArgumentError, match="invalid event at position 0"):
            _core.claim_openers(bad)


@pytest.mark.parametrize("rules", ["default", "changsha", "guobiao"])
def test_windows_follow_openers_in_play(rules: str) -> None:
    """Whenever a hand awaits answers, the last event of the public log is an opener; the
    engine's answer is the phase's (``claim`` or ``rob``)."""
    rng = random.Random(3)
    windows = 0
    for seed in range(12):
        game = kd.Game(rules, seed=seed)
        while not game.is_over:
            awaiting = game.engine.awaiting_answers()
            assert awaiting == (game.phase in ("claim", "rob"))
            if awaiting:
                windows += 1
                log = game.events_for(None)
                assert _core.claim_openers(log)[-1] == len(log) - 1
            seat = rng.choice(game.to_act)
            game.step(seat, rng.choice(game.legal_actions(seat)))
        assert not game.engine.awaiting_answers()
    assert windows > 0


def test_wildcard_kinds_come_from_the_profile() -> None:
    assert [m.kinds for m in kd.WildcardMode] == [0, 1, 1, 2]
    for mode in kd.WildcardMode:
        assert kd.Rules(wildcards=mode).wildcard_kinds == mode.kinds


def test_win_moment_is_typed_and_checked() -> None:
    m = _core.WinMoment(kong_replacement=True, flowers=3, seat_wind=2)
    assert (m.kong_replacement, m.flowers, m.seat_wind, m.prevalent_wind) == (True, 3, 2, 0)
    assert m == _core.WinMoment(seat_wind=2, flowers=3, kong_replacement=True) != _core.WinMoment()
    assert repr(m) == "WinMoment(kong_replacement=True, flowers=3, seat_wind=2)"
    with pytest.raises(kd.InvalidArgumentError, match="invalid flowers 9"):
        _core.WinMoment(flowers=9)
    with pytest.raises(kd.InvalidArgumentError, match="invalid prevalent_wind 4"):
        _core.WinMoment(prevalent_wind=4)
    with pytest.raises(TypeError):
        _core.WinMoment(True)  # type: ignore[misc]
    with pytest.raises(kd.InvalidArgumentError, match="expected a WinMoment"):
        not_a_moment: Any = {"flowers": 1}
        _core.score_win("123m456p789s11z234m", "2m", True, [], [], None, not_a_moment)
    with pytest.raises(kd.InvalidArgumentError, match="dealer seat"):
        _core.settle_win(
            "123m456p789s11z234m", "2m", True, [], [], None, moment=_core.WinMoment(dealer=True)
        )


def test_score_win_keywords_are_the_moment() -> None:
    """``score_win``'s keyword arguments reach the core as one ``WinMoment``."""
    tiles, tile = "123m456p789s55s23m", "4m"
    cases = [
        ("hebei", {"flowers": 2, "dealer": True}),
        ("taiyuan", {"kong_replacement": True}),
        ("guobiao", {"last_tile": True, "seat_wind": 1, "prevalent_wind": 1}),
        ("changsha", {"first_turn": True}),
    ]
    for rules, kw in cases:
        for self_draw in (True, False):
            if self_draw is False and "kong_replacement" in kw:
                continue
            got = kd.score_win(tiles, tile, self_draw=self_draw, rules=rules, **kw)
            raw = _core.score_win(tiles, tile, self_draw, [], [], rules, _core.WinMoment(**kw))
            assert (got.points, got.payment, got.allowed) == (
                raw["points"],
                raw["payment"],
                raw["allowed"],
            ), (rules, kw, self_draw)
        plain = _core.score_win(tiles, tile, True, [], [], rules)
        assert plain == _core.score_win(tiles, tile, True, [], [], rules, _core.WinMoment())
    # The moment changes the score where the profile reads it.
    hebei = {"self_draw": True, "rules": "hebei"}
    assert kd.score_win(tiles, tile, flowers=2, **hebei) != kd.score_win(tiles, tile, **hebei)
