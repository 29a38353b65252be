"""The ``botzone`` rules from Python: the preset and its options, explicit walls cut in four
parts, and a judge's verdict (``Game.end_by_verdict``, ``HandResult.verdict``) with its log,
replay and words."""

from __future__ import annotations

import koudiandian as kd
import pytest
from koudiandian import Game, Rules
from koudiandian.errors import InvalidArgumentError, InvalidRulesError, InvalidWallError
from koudiandian.settlement import settlement_lines
from koudiandian.tile import parse_tiles

#: Each part in the order its seat takes the tiles (from the part's end): 14 tiles a part,
#: the dealer's first draw 5p, one tile left in each other part.
PARTS = (
    "123456789m 1234p 5p",
    "123456789s 1234p 5s",
    "123456789m 1234z 5p",
    "123456789s 5678p 5s",
)


def parts_wall(parts: tuple[str, ...], past: str = "") -> list[int]:
    """The wall whose parts are ``parts`` (each in taking order), then the tiles ``past``."""
    wall: list[int] = []
    for part in parts:
        wall += [int(t) for t in reversed(parse_tiles(part))]
    return wall + [int(t) for t in parse_tiles(past)]


def test_the_preset_is_guobiao_with_botzone_and_no_flowers():
    r = Rules.preset("botzone")
    assert (r.profile, r.botzone, r.flowers, r.quan) == ("guobiao", True, False, "east")
    assert r.to_dict() == {"profile": "guobiao", "flowers": False, "botzone": True}
    assert Rules.parse("botzone,quan=west").to_dict()["quan"] == "west"
    assert Rules.parse("botzone,flowers").flowers
    assert (r.fixed_dealer, r.wall_parts) == (0, True)
    assert (Rules.preset("guobiao").fixed_dealer, Rules.preset("guobiao").wall_parts) == (
        None,
        False,
    )
    # Guobiao's logs stay as they were: its new options are left out at their defaults.
    assert Rules.preset("guobiao").to_dict() == {"profile": "guobiao", "flowers": True}
    with pytest.raises(InvalidRulesError, match="quan=south .* needs botzone"):
        Rules.parse("guobiao,quan=south")


def test_an_explicit_wall_is_dealt_from_each_parts_end():
    game = Game("botzone,quan=south", wall=parts_wall(PARTS, "9p 9p 9p"))
    assert game.dealer == 0 and game.prevalent_wind == 1
    assert game.hand(1) == sorted(parse_tiles("123456789s 1234p"))
    assert game.hand(0) == sorted(parse_tiles("123456789m 12345p"))
    assert game.part_remaining == (0, 1, 1, 1)
    assert game.wall_remaining == 3, "the three tiles past 4 × 14 are out of play"
    assert game.view(0).part_remaining == (0, 1, 1, 1)
    assert game.events[1] == {"type": "draw", "seat": 0, "tile": 13, "replacement": False}
    assert Game("guobiao", seed=1).part_remaining is None


def test_walls_and_dealers_botzone_cannot_play_are_refused():
    with pytest.raises(InvalidWallError, match="too few tiles to deal"):
        Game("botzone", wall=parts_wall(PARTS)[:51])
    with pytest.raises(InvalidWallError, match="copy number 5"):
        Game("botzone", wall=parts_wall(PARTS, "5p 5p"))
    with pytest.raises(InvalidArgumentError, match="seat 0 deals every hand"):
        Game("botzone", seed=3, dealer=2)


def test_a_verdict_ends_the_hand_against_the_seat():
    game = Game("botzone", seed=11)
    game.step(0, game.legal_actions(0)[-1])
    game.end_by_verdict(2, "WA")
    r = game.result
    assert r is not None and game.is_over
    assert (r.end, r.verdict, r.deltas, r.winner, r.drawn) == (
        "verdict",
        (2, "WA"),
        (10, 10, -30, 10),
        None,
        False,
    )
    assert {(t.payer, t.reason, t.chinese) for t in r.transfers} == {(2, "verdict", "判罚")}
    assert game.events[-2] == {"type": "verdict", "seat": 2, "verdict": "WA"}
    assert game.events_for(1)[-2] == game.events[-2]
    assert r.to_dict() == game.events[-1]["result"]
    assert Game.from_json(game.to_json()).result == r
    lines = settlement_lines(r, "mpsz", me=2)
    assert lines[0] == "the judge ends the hand: you are judged WA (a wrong answer)"
    assert "drawn hand" not in "\n".join(lines)


def test_a_verdict_replaces_the_end_of_a_hand_the_engine_drew():
    game = Game("botzone", wall=parts_wall(tuple(p[: p.rindex(" ")] for p in PARTS)))
    assert game.is_over and game.result is not None and game.result.end == "exhausted"
    assert [e["type"] for e in game.events] == ["start_hand", "end_hand"]
    game.end_by_verdict(1, "RE")
    assert game.result is not None and game.result.verdict == (1, "RE")
    assert [e["type"] for e in game.events] == ["start_hand", "verdict", "end_hand"]
    assert Game.replay(game.events).result == game.result


def test_a_verdict_is_refused_where_it_cannot_end_a_hand():
    game = Game("botzone", seed=4)
    with pytest.raises(InvalidArgumentError, match="unknown verdict 'OK'|unknown verdict \"OK\""):
        game.end_by_verdict(0, "OK")
    with pytest.raises(InvalidArgumentError, match="seat"):
        game.end_by_verdict(5, "WA")
    assert not game.is_over
    game.end_by_verdict(0, "TLE")
    with pytest.raises(InvalidArgumentError, match="the hand is over"):
        game.end_by_verdict(1, "WA")
    other = Game("guobiao", seed=4)
    with pytest.raises(InvalidRulesError, match="no verdicts"):
        other.end_by_verdict(0, "WA")
    assert not other.is_over


def test_botzone_hands_play_to_their_end():
    wins = 0
    for seed in range(40):
        game = Game("botzone", seed=seed)
        bots = [kd.bots.GreedyBot() for _ in range(4)]
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        r = game.result
        assert r is not None and sum(r.deltas) == 0
        assert r.end in ("win", "exhausted") and r.verdict is None
        if r.end == "exhausted":
            assert game.part_remaining is not None and 0 in game.part_remaining
        wins += r.winner is not None
        assert Game.replay(game.events).result == r
    assert wins > 0
