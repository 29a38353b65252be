"""The scenarios of RULES-sichuan played through the reference engine (explicit walls, every
seat's payments at the events the contract describes), so that the reference the Rust
engine is compared with is itself checked against the contract's own numbers. Cap 3, the
other options default, the exchange off unless a scenario is about it; dealer seat 0."""

from __future__ import annotations

from collections.abc import Sequence

from koudiandian import Game
from koudiandian.action import Action, ActionKind
from koudiandian.errors import InvalidEventLogError
from koudiandian.meld import MeldKind
from koudiandian.result import Transfer

from tests.support.reference import sichuan
from tests.support.reference.common import deltas_of
from tests.support.reference.game import ReferenceGame
from tests.support.reference.switches import SichuanOptions
from tests.support.walls import build_wall, tiles

NO_EXCHANGE = SichuanOptions(exchange_three=False)


def start(
    hands: dict[int, str],
    voids: str,
    draws: Sequence[str | None] = (),
    replacements: Sequence[str] = (),
    rules: SichuanOptions = NO_EXCHANGE,
) -> ReferenceGame:
    """A hand from these tiles (every seat's 13, the dealer's 14), each seat declaring the
    void suit ``voids[seat]`` (a letter m, p or s)."""
    wall = build_wall(hands, list(draws), list(replacements), no_honors=True)
    game = ReferenceGame(rules, wall=wall)
    for seat in range(4):
        game.step(seat, Action.void(voids[seat]))
    return game


def play(game: ReferenceGame, *moves: str) -> None:
    """Each move ``"<seat> <action>"``; seats asked about a discard or kong that no move
    names pass first (none of them may be offered a win)."""
    for move in moves:
        seat, text = int(move[0]), move[2:]
        while seat not in game.to_act and game.phase in ("claim", "rob"):
            for s in game.to_act:
                kinds = {a.kind for a in game.legal_actions(s)}
                assert ActionKind.WIN not in kinds, f"seat {s} may win before {move!r}"
                game.step(s, Action.parse("pass"))
        game.step(seat, Action.parse(text))


def engine_replays(game: ReferenceGame) -> None:
    """The Rust engine replays the reference's log of the scenario: the same decisions give
    the same events, payments included."""
    try:
        replayed = Game.replay(game.events).events
    except InvalidEventLogError as e:
        raise AssertionError(f"the engine plays the scenario otherwise: {e}") from None
    assert replayed == game.events


def pay_events(game: ReferenceGame) -> list[list[Transfer]]:
    return [[Transfer(**t) for t in e["transfers"]] for e in game.events if e["type"] == "pay"]


def test_one_discard_several_winners() -> None:
    """1: seat 3 discards 3p; seat 0 wins 平胡, seat 2 对对胡: +1, 0, +2, −3; seat 3 draws
    next (the first seat still in after the farthest winner)."""
    game = start(
        {
            0: "123m456m789m12p55p9p",
            1: "223m566m9m1p6p77p88p",
            2: "222p444p33p666s88s",
            3: "3p11m4m7m12345s799s",
        },
        "ssmp",
        draws=["8m", "9m", "5s"],
    )
    play(game, "0 discard 9p", "1 discard 8m", "2 discard 9m", "3 discard 3p", "0 win", "2 win")
    assert [w.seat for w in game.wins] == [0, 2]
    assert deltas_of(pay_events(game)[-1]) == (1, 0, 2, -3)
    draw = next(e for e in reversed(game.events) if e["type"] == "draw")
    assert draw["seat"] == 3 and game.turn == 3
    engine_replays(game)


def test_call_transfer_passes_the_kong_money_on() -> None:
    """2: seat 1 concealed-kongs 5s; seat 2 wins 平胡 on its next discard (杠上炮, 1 fan):
    −2, −2, +6, −2."""
    game = start(
        {
            0: "123m456m789p114p6p9m",
            1: "555s123s778m123m4s",
            2: "23s678s234p567p99p",
            3: "123p3p5p77s99s1s8s2s6s",
        },
        "spmm",
        draws=["5s"],
        replacements=["6s"],
    )
    play(game, "0 discard 9m", "1 concealed_kong 5s", "1 discard 4s", "2 win")
    assert deltas_of(game.ledger) == (-2, -2, 6, -2)
    passed = [t for t in game.ledger if t.reason == "passed_on"]
    assert [(t.payer, t.payee, t.amount) for t in passed] == [(1, 2, 2)] * 3
    assert [game.ledger[t.undoes].reason for t in passed] == ["concealed_kong"] * 3
    (win,) = game.win_scores.values()
    assert [i.name for i in win.score_items] == ["plain", "kong_discard"]
    engine_replays(game)


def test_a_robbed_added_kong_is_not_made() -> None:
    """6: seat 0 adds 4p to its pong; seat 1 robs it with a 平胡 (抢杠胡: 1 fan): −2, +2,
    0, 0; no kong payment."""
    game = start(
        {
            0: "44p123m567m789m11p9p",
            1: "35p234m678p99m345m",
            2: "123s567s99s12p6p78s",
            3: "234s6s8s9s1s5s789p2p6p",
        },
        "ssmm",
        draws=["1s", "4s", "4p", "3s", "9m", "5s", "4p"],
    )
    play(game, "0 discard 9p", "1 discard 1s", "2 discard 4s", "3 discard 4p")
    assert {a.kind for a in game.legal_actions(1)} == {ActionKind.WIN, ActionKind.PASS}
    play(game, "1 pass", "0 pong", "0 discard 1p", "1 discard 3s", "2 discard 9m")
    play(game, "3 discard 5s", "0 added_kong 4p", "1 win")
    assert deltas_of(game.ledger) == (-2, 2, 0, 0)
    assert {t.reason for t in game.ledger} == {"win"}
    (win,) = game.win_scores.values()
    assert [i.name for i in win.score_items] == ["plain", "robbed_kong"]
    engine_replays(game)


def test_a_capped_self_draw_on_the_dealt_tiles() -> None:
    """7: seat 0 self-draws 清龙七对 (5 fans + a 根, capped at 3: 8, +1 each): +27, −9,
    −9, −9."""
    game = start({0: "1111m2222m33m44m55m"}, "spsp")
    play(game, "0 self_draw_win")
    assert deltas_of(game.ledger) == (27, -9, -9, -9)
    (win,) = game.win_scores.values()
    assert win.points == 6 and [v.value for v in win.value] == [6, 8]
    engine_replays(game)


def test_a_seat_that_left_pays_nothing() -> None:
    """8: seat 1 has won; seat 3 self-draws 清一色 (2 fans: 4, +1): −5, 0, −5, +10."""
    game = start(
        {
            0: "123m456m789m11p23p9p",
            1: "78p234m567m11m345m",
            2: "13579s1p2p3p4p5p6p7p8p",
            3: "123s456s789s22s34s",
        },
        "ssmm",
        draws=["6m", "5s"],
    )
    play(game, "0 discard 9p", "1 win", "2 discard 6m", "3 self_draw_win")
    assert deltas_of(pay_events(game)[-1]) == (-5, 0, -5, 10)
    assert game.seats[1].left is not None
    engine_replays(game)


def _kong_bloom(rules: SichuanOptions) -> ReferenceGame:
    game = start(
        {
            0: "2s11p3p7p88p1s3s4s5s99s6s",
            1: "123m456m789m11m5p6p",
            2: "222s123p456p78s99p",
            3: "234567893m4p7p9p2p",
        },
        "msms",
        replacements=["6s"],
        rules=rules,
    )
    play(game, "0 discard 2s", "2 kong", "2 self_draw_win")
    return game


def test_kong_bloom_on_a_direct_kong() -> None:
    """9: seat 2 direct-kongs seat 0's 2s; the replacement wins 平胡 + 根 + 杠上花 (2 fans:
    4): −7, −5, +17, −5; under ``kong_bloom_pay=provider`` −6, 0, +6, 0."""
    game = _kong_bloom(NO_EXCHANGE)
    assert deltas_of(game.ledger) == (-7, -5, 17, -5)
    engine_replays(game)
    (win,) = game.win_scores.values()
    assert [i.name for i in win.score_items] == ["plain", "root", "kong_bloom"]
    game = _kong_bloom(SichuanOptions(exchange_three=False, kong_bloom_pay="provider"))
    assert deltas_of(game.ledger) == (-6, 0, 6, 0)
    engine_replays(game)


def test_a_passed_win_blocks_wins_on_others_tiles_until_a_draw() -> None:
    """10: seat 2 passes a win on seat 0's 5m: no win on seat 1's 8m (dearer: a 根) until
    seat 2 draws; then a self-draw is allowed, and after it a win on a discard again."""
    game = start(
        {
            0: "5m11m2m3m4m99m789p5p4p3p",
            1: "123456789s1s2s3m4m",
            2: "67m888m123p456p99p",
            3: "456789s123p567p2s",
        },
        "spsm",
        draws=["8m", "5m", "5m"],
    )
    play(game, "0 discard 5m")
    assert ActionKind.WIN in {a.kind for a in game.legal_actions(2)}
    play(game, "2 pass", "1 discard 8m")
    assert ActionKind.WIN not in {a.kind for a in game.legal_actions(2)}
    assert game.seats[2].missed == {4}
    play(game, "2 pass")
    assert ActionKind.SELF_DRAW_WIN in {a.kind for a in game.legal_actions(2)}
    assert not game.seats[2].missed
    play(game, "2 discard 5m", "3 discard 5m")
    assert ActionKind.WIN in {a.kind for a in game.legal_actions(2)}
    engine_replays(game)


def test_exchange_previous() -> None:
    """11: 换三张 ``previous``: seat s receives the three tiles of seat s+1."""
    hands = {
        0: "123m456m789m12p9m9m9m",
        1: "111p222p333p444s",
        2: "555s666s777s888m",
        3: "999p999s111s222m",
    }
    wall = build_wall(hands, no_honors=True)
    game = ReferenceGame(SichuanOptions(), wall=wall, exchange_direction="previous")
    assert game.events[0]["exchange_direction"] == "previous"
    picks = {0: ["1m", "2m", "3m"], 1: ["1p", "1p", "2p"], 2: ["5s", "6s", "7s"]}
    picks[3] = ["9p", "9p", "9p"]
    first = {s: {int(a.tile) for a in game.legal_actions(s)} for s in range(4)}
    assert first[0] == set(range(9))  # not 1p or 2p: two tiles of their suit
    for s in range(4):
        for t in picks[s]:
            game.step(s, Action.exchange(t))
    moved = [e for e in game.events if e["type"] == "exchange"]
    assert [(e["seat"], e["to"]) for e in moved] == [(0, 3), (1, 0), (2, 1), (3, 2)]
    assert [int(t) for t in game.hand(0) if int(t) in (9, 10)] == [9, 9, 9, 10, 10]
    assert game.phase == "void"
    engine_replays(game)


def test_the_void_suit_binds() -> None:
    """12: seat 1 declares 筒 void holding 7p: no win on 1s that completes its shape, no pong
    of a 筒 tile, and while it holds 7p it may discard only 筒."""
    game = start(
        {
            0: "1s7p23m456m789m11p99s",
            1: "123m456m789m77p11s",
            2: "123m456m789m2s3s4s6s",
            3: "55p234s456s789s2m",
        },
        "sppp",
        draws=["3s", "5p"],
    )
    play(game, "0 discard 1s")
    assert [str(a) for a in game.legal_actions(1)] == ["pong", "pass"]
    play(game, "1 pass")
    assert {str(a) for a in game.legal_actions(1)} == {"discard 7p"}
    play(game, "1 discard 7p")
    assert game.legal_actions(3) == []  # 55p: no pong of its void suit
    play(game, "2 discard 5p")
    assert (game.phase, game.turn) == ("turn", 3)  # nobody was asked: seat 3 drew
    engine_replays(game)


def _at_wall_end(hands: dict[int, str], voids: str, melds: dict[int, str]) -> ReferenceGame:
    """A hand whose seats hold ``hands`` (concealed) and ``melds`` (added kongs, ``"3p"``)
    when the wall runs out: the reference's end-of-wall settlement reads only these, the
    void suits, who is still in and the ledger."""
    game = start({}, voids)
    for seat, text in hands.items():
        game.seats[seat].hand = [0] * 34
        for t in tiles(text):
            game.seats[seat].hand[t] += 1
    for seat, text in melds.items():
        game.seats[seat].melds = [[MeldKind.ADDED_KONG, t, None] for t in tiles(text)]
    return game


def test_refunds_at_the_wall_end() -> None:
    """3: seat 0 added-kongs 3p; wall end: seat 0 not ready, the others ready worth 1 each:
    −3, +1, +1, +1 over the hand."""
    game = _at_wall_end(
        {
            0: "1m4m7m9m1p5p9p3m6m8m",
            1: "123m456m789m12p55p",
            2: "234s567s99s678p44p",
            3: "123s789s345s12m77m",
        },
        "ssmp",
        {0: "3p"},
    )
    game.ledger = [Transfer(p, 0, 1, "added_kong", event=20) for p in (1, 2, 3)]
    end = sichuan._wall_end(game, 99)
    assert [(t.payer, t.payee, t.amount, t.reason) for t in end] == [
        *((0, p, 1, "not_ready") for p in (1, 2, 3)),
        *((0, p, 1, "refund") for p in (1, 2, 3)),
    ]
    assert [t.undoes for t in end[3:]] == [0, 1, 2]
    assert deltas_of([*game.ledger, *end]) == (-3, 1, 1, 1)


def test_a_pig_and_a_seat_not_ready_at_the_wall_end() -> None:
    """4: seat 1 has won; wall end: seat 0 a 花猪, seat 2 ready worth 4 (清一色), seat 3 not
    ready: −24, +8, +12, +4."""
    game = _at_wall_end(
        {
            0: "5s123m456m789m11p2p",
            2: "123m456m78m99m234m",
            3: "13579p2468s135s",
        },
        "sppm",
        {},
    )
    game.seats[1].left = 30
    end = sichuan._wall_end(game, 99)
    assert [(t.payer, t.payee, t.amount, t.reason) for t in end] == [
        (0, 1, 8, "void_held"),
        (0, 2, 8, "void_held"),
        (0, 3, 8, "void_held"),
        (3, 2, 4, "not_ready"),
    ]
    assert deltas_of(end) == (-24, 8, 12, 4)
