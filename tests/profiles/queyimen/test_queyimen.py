"""Profile ``queyimen`` (RULES §9): whole hands from explicit 108-tile walls with the exact
transfers of every fan item and kong, the 缺一门 refusal, the drawn hand and the dealer
rotation; the hand functions under 缺一门.

Fan (RULES §9): 平胡 1, 自摸 +1, 碰碰胡 +2, 七对 +2 / 豪华七对 +4, 清一色 +3, 杠上开花 +2,
抢杠胡 +2 (and its 自摸 +1), 海底捞月 +1. A self-draw (and a robbed kong) is paid by each
other seat, a discard win by the discarder; 明杠 1 and 暗杠 2 from each other seat. The
comment above each expectation shows the sum. Dealer seat 0 throughout.
"""

from __future__ import annotations

import pickle

import koudiandian as kd
import pytest
from koudiandian import Action, ActionKind, Game, Match, Meld, Rules, Tile, WinKind
from koudiandian.match import hand_seed

from tests.support.walls import build_wall, tiles

K = ActionKind
Q = Rules.preset("queyimen")


def new_game(hands, draws=(), replacements=(), dealer: int = 0) -> Game:
    wall = build_wall(hands, draws, replacements, dealer=dealer, no_honors=True)
    return Game(Q, wall=wall, dealer=dealer)


def kinds(game: Game, seat: int) -> set[ActionKind]:
    return {a.kind for a in game.legal_actions(seat)}


def act(game: Game, seat: int, kind: ActionKind, tile: str | None = None) -> None:
    game.step(seat, Action(kind, None if tile is None else Tile.parse(tile)))


def pass_claims(game: Game) -> None:
    """Every seat asked about a discard or an added kong passes."""
    while game.phase in ("claim", "rob"):
        for s in game.to_act:
            act(game, s, K.PASS)


def discard_drawn(game: Game) -> None:
    """The seat on turn discards the tile it drew; then every claim is passed."""
    seat = game.to_act[0]
    drawn = game.view(seat).drawn
    assert drawn is not None
    game.step(seat, Action(K.DISCARD, drawn))
    pass_claims(game)


def items(game: Game) -> dict[str, int]:
    assert game.result is not None
    return {i.name: i.value for i in game.result.score_items}


def payments(game: Game) -> list[tuple[int, int, int, str]]:
    assert game.result is not None
    return sorted((t.payer, t.payee, t.amount, t.reason) for t in game.result.transfers)


# ---------------------------------------------------------------------------------------
# the profile
# ---------------------------------------------------------------------------------------


def test_the_preset_and_the_profile():
    assert Q.profile == "queyimen"
    assert Q.tile_count == 108
    assert Rules(profile="queyimen") == Q
    assert Rules.parse("queyimen") == Q
    assert Q.describe() == "queyimen"
    assert Rules.options("queyimen") == []
    assert Q.random_first_dealer and not Rules().random_first_dealer
    assert pickle.loads(pickle.dumps(Q)) == Q
    assert Rules.from_dict(Q.to_dict()) == Q


def test_nobody_declares_and_any_complete_hand_may_win():
    # The dealer's 14 tiles: discards 9s; nobody is ever offered DECLARE.
    g = new_game({0: "123m456m789m12p55p9s"}, draws=[None, None, None, "3p"])
    assert K.DECLARE not in kinds(g, 0)
    act(g, 0, K.DISCARD, "9s")
    pass_claims(g)
    for _ in range(3):
        assert K.DECLARE not in kinds(g, g.to_act[0])
        discard_drawn(g)
    assert K.SELF_DRAW_WIN in kinds(g, 0)
    act(g, 0, K.SELF_DRAW_WIN)
    r = g.result
    assert r is not None and r.winner == 0 and r.win_kind == WinKind.SELF_DRAW
    # 平胡 1 + 自摸 1 = 2, from each other seat.
    assert items(g) == {"plain": 1, "self_draw": 1}
    assert [(i.name, i.combine) for i in r.score_items] == [
        ("plain", "base"),
        ("self_draw", "add"),
    ]
    assert (r.points, r.factor) == (2, 1)
    assert r.deltas == (6, -2, -2, -2)


def test_all_one_suit_seven_pairs_on_a_discard_is_six_from_the_discarder():
    g = new_game({0: "2589p3689s147s9m87m", 1: "1122334455667m"})
    act(g, 0, K.DISCARD, "7m")
    assert kinds(g, 1) == {K.WIN, K.PASS}
    act(g, 1, K.WIN)
    r = g.result
    assert r is not None and r.winner == 1 and r.discarder == 0
    # 平胡 1 + 清一色 3 + 七对 2 = 6, from the discarder alone.
    assert items(g) == {"plain": 1, "seven_pairs": 2, "all_one_suit": 3}
    assert payments(g) == [(0, 1, 6, "win")]
    assert r.deltas == (-6, 6, 0, 0)


def test_luxury_seven_pairs():
    g = new_game({0: "2589s3679m147s9p86p", 1: "1111m223344p55p6p"})
    act(g, 0, K.DISCARD, "6p")
    act(g, 1, K.WIN)
    # 平胡 1 + 豪华七对 4 = 5 (not 七对 too).
    assert items(g) == {"plain": 1, "luxury_seven_pairs": 4}
    assert g.result is not None and g.result.deltas == (-5, 5, 0, 0)


def test_all_pongs():
    g = new_game({0: "2589s3679m147s9p85p", 1: "111m222m333p444p5p"})
    act(g, 0, K.DISCARD, "5p")
    act(g, 1, K.WIN)
    # 平胡 1 + 碰碰胡 2 = 3.
    assert items(g) == {"plain": 1, "all_pongs": 2}
    assert g.result is not None and g.result.deltas == (-3, 3, 0, 0)


def test_a_hand_holding_three_suits_is_refused():
    # Seat 1's 123m456p789s11m23m is a standard shape with 1m or 4m, but holds all three
    # suits: no win offered, on a discard or by self-draw.
    g = new_game({0: "2589p3689s147s9m74m", 1: "123m456p789s11m23m"}, draws=["1m"])
    act(g, 0, K.DISCARD, "4m")
    assert g.phase == "turn" and g.to_act == (1,)
    assert K.SELF_DRAW_WIN not in kinds(g, 1)
    hand = "123m456p789s11m23m"
    assert kd.winning_tiles(hand, rules=Q) == []
    assert Tile.parse("4m") in kd.winning_tiles(hand)
    assert not kd.is_win(hand + "4m", rules=Q)
    # No single discard leaves two suits: nothing is ready.
    assert kd.ready_discards(hand + "4m", rules=Q) == []
    assert kd.decompose(hand + "4m", rules=Q) == []
    assert kd.decompose(hand + "4m") != []


def test_kong_bloom_with_its_self_draw_and_the_concealed_kong():
    # The dealer konges 9999p, draws 9m from the back and wins: 杠上开花.
    g = new_game({0: "123m456m78m55m9999p"}, replacements=["9m"])
    assert K.CONCEALED_KONG in kinds(g, 0)
    act(g, 0, K.CONCEALED_KONG, "9p")
    assert K.SELF_DRAW_WIN in kinds(g, 0)
    act(g, 0, K.SELF_DRAW_WIN)
    # 平胡 1 + 自摸 1 + 杠上开花 2 = 4 from each; 暗杠 2 from each.
    assert items(g) == {"plain": 1, "self_draw": 1, "kong_bloom": 2}
    assert payments(g) == sorted(
        [(p, 0, 4, "win") for p in (1, 2, 3)] + [(p, 0, 2, "concealed_kong") for p in (1, 2, 3)]
    )
    assert g.result is not None and g.result.deltas == (18, -6, -6, -6)


def _robbing_game(robber_hand: str) -> Game:
    """The dealer pongs seat 1's 5s, later draws the fourth 5s and adds it to the pong."""
    g = new_game(
        {0: "55s13579p2468m379s", 2: robber_hand},
        draws=["5s", None, None, None, "5s"],
    )
    act(g, 0, K.DISCARD, "9s")
    pass_claims(g)
    act(g, 1, K.DISCARD, "5s")
    while g.phase == "claim":
        for s in g.to_act:
            act(g, s, K.PONG if s == 0 else K.PASS)
    act(g, 0, K.DISCARD, "1p")
    pass_claims(g)
    for _ in range(3):
        discard_drawn(g)
    assert K.ADDED_KONG in kinds(g, 0)
    act(g, 0, K.ADDED_KONG, "5s")
    return g


def test_robbing_an_added_kong_is_paid_by_all_three():
    # Seat 2 waits on 5s; it passes the win on seat 1's 5s (no penalty in this profile)
    # and robs the dealer's added kong.
    g = _robbing_game("123m456m789m11s46s")
    assert g.phase == "rob" and kinds(g, 2) == {K.WIN, K.PASS}
    act(g, 2, K.WIN)
    r = g.result
    assert r is not None and r.win_kind == WinKind.ROBBED_KONG and r.winner == 2
    # 平胡 1 + 自摸 1 + 抢杠胡 2 = 4, from each other seat; the robbed kong is no kong.
    assert items(g) == {"plain": 1, "self_draw": 1, "robbed_kong": 2}
    assert payments(g) == [(p, 2, 4, "win") for p in (0, 1, 3)]
    assert r.deltas == (-4, -4, 12, -4)


def test_added_and_direct_kongs_stand_in_a_drawn_hand():
    # Nobody robs the dealer's added kong (1 from each); seat 3 konges seat 1's 8p
    # directly (1 from each); the wall runs out: the kongs stand, the dealer deals again.
    g = new_game(
        {0: "55s13579p2468m379s", 3: "888p"},
        draws=["5s", None, None, None, "5s", None, "8p"],
    )
    act(g, 0, K.DISCARD, "9s")
    pass_claims(g)
    act(g, 1, K.DISCARD, "5s")
    while g.phase == "claim":
        for s in g.to_act:
            act(g, s, K.PONG if s == 0 else K.PASS)
    act(g, 0, K.DISCARD, "1p")
    pass_claims(g)
    for _ in range(3):
        discard_drawn(g)
    act(g, 0, K.ADDED_KONG, "5s")
    pass_claims(g)
    discard_drawn(g)  # the dealer's replacement
    discard_drawn(g)  # seat 1's draw
    while not g.is_over:
        seat = g.to_act[0]
        if g.phase == "claim" and K.KONG in kinds(g, seat):
            act(g, seat, K.KONG)
        elif g.phase in ("claim", "rob"):
            act(g, seat, K.PASS)
        else:
            drawn = g.view(seat).drawn
            assert K.SELF_DRAW_WIN not in kinds(g, seat)
            g.step(seat, Action(K.DISCARD, drawn))
    r = g.result
    assert r is not None and r.winner is None and g.wall_remaining == 0
    reasons = sorted((t.payee, t.reason, t.amount) for t in r.transfers)
    assert (0, "added_kong", 1) in reasons and (3, "kong", 1) in reasons
    assert sum(r.deltas) == 0
    assert g.next_dealer() == 0


def test_last_tile_self_draw():
    # 55 ordinary draws after the deal: the last (wall[-1]) is seat 3's, which waits on 3p.
    g = new_game({3: "123m456m789m12p55p"}, replacements=["3p"])
    while g.wall_remaining > 0 or K.SELF_DRAW_WIN not in kinds(g, 3):
        if g.phase in ("claim", "rob"):
            pass_claims(g)
            continue
        seat = g.to_act[0]
        drawn = g.view(seat).drawn
        g.step(seat, Action(K.DISCARD, drawn if drawn is not None else g.hand(seat)[0]))
        pass_claims(g)
    assert g.wall_remaining == 0
    act(g, 3, K.SELF_DRAW_WIN)
    # 平胡 1 + 自摸 1 + 海底捞月 1 = 3, from each other seat.
    assert items(g) == {"plain": 1, "self_draw": 1, "last_tile": 1}
    assert g.result is not None and g.result.deltas == (-3, -3, -3, 9)


def test_the_winner_deals_next_and_the_dealer_keeps_a_drawn_hand():
    won = build_wall({0: "2589p3689s147s9m87m", 1: "1122334455667m"}, no_honors=True)
    filler = build_wall({}, dealer=1, no_honors=True)  # nobody can win: a drawn hand
    m = Match(Q, hands=[(won, ()), (filler, ()), (filler, ())], length=3, first_dealer=0)
    m.step(0, Action(K.DISCARD, Tile.parse("7m")))
    m.step(1, Action(K.WIN, None))
    assert m.results[0].winner == 1 and m.dealer == 1
    while len(m.results) < 2:
        g = m.game
        if g.phase in ("claim", "rob"):
            for s in g.to_act:
                m.step(s, Action(K.PASS, None))
            continue
        seat = g.to_act[0]
        m.step(seat, Action(K.DISCARD, g.view(seat).drawn))
    assert m.results[1].winner is None and m.results[1].deltas == (0, 0, 0, 0)
    assert m.dealer == 1


def test_a_match_draws_its_first_dealer_from_the_seed():
    for seed in range(8):
        m = Match(Q, seed=seed, length=1)
        assert m.first_dealer == hand_seed(seed, -1) % 4
    assert Match(Rules(), seed=3, length=1).first_dealer == 0


# ---------------------------------------------------------------------------------------
# the hand functions
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "expect"),
    [
        ("123m456m789m12p55p", (), True),
        ("123m456m78m55m", (("pong", "1s"),), True),
        ("1122334455667m", (), True),
        ("123m456p789s11m23m", (), False),
        ("123m78m55m", (("pong", "1s"), ("pong", "1p")), False),
        ("123m456m78m55p", (("pong", "1s"),), False),
    ],
)
def test_winning_tiles_lack_a_suit(hand, melds, expect):
    ms = [Meld.of(k, t) for k, t in melds]
    got = kd.winning_tiles(hand, melds=ms, rules=Q)
    held = {t // 9 for t in tiles(hand)} | {int(m.tile) // 9 for m in ms}
    plain = kd.winning_tiles(hand, melds=ms, rules="no_honors")
    assert got == [t for t in plain if len(held | {int(t) // 9}) < 3]
    assert (got != []) == expect


def test_shanten_counts_dropping_a_suit():
    # Standard shanten 0 but three suits: dropping 456p (or 789s) costs 3 exchanges before
    # the winning draw: shanten 3.
    assert kd.shanten("123m456p789s11m23m") == 0
    assert kd.shanten("123m456p789s11m23m", rules=Q) == 3
    # A meld's suit cannot be dropped: with a pong of 1s, 123m456p... drops 456p or 23m.
    assert kd.shanten("123m456p11m23m", melds=[Meld.of("pong", "1s")], rules=Q) == 3
    # Dropping 万 leaves the melds' 条 and 筒: 8 tiles to draw, shanten 7.
    two = [Meld.of("pong", "1s"), Meld.of("pong", "1p")]
    assert kd.shanten("123m78m55m", melds=two, rules=Q) == 7
    # Melds in all three suits: never a win (shanten 14, more than any real one).
    assert kd.shanten("2378m", melds=[*two, Meld.of("pong", "1m")], rules=Q) == 14
    assert kd.shanten("123m456m789m12p55p", rules=Q) == 0
    assert kd.shanten("123m456m789m12p55p3p", rules=Q) == -1


def test_score_win_takes_the_context():
    s = kd.score_win(
        "123m456m789m55m",
        "9m",
        self_draw=True,
        melds=[Meld.of("pong", "1p")],
        rules=Q,
        kong_replacement=True,
        last_tile=True,
    )
    # 1 + 1 + 2 + 1 = 5
    assert (s.points, s.payment, s.factor) == (5, 5, 1)
    assert [i.name for i in s.score_items] == ["plain", "self_draw", "kong_bloom", "last_tile"]
    r = kd.score_win("11223344556699m", "9m", self_draw=False, rules=Q, robbed_kong=True)
    # 1 + 1 + 2 + 2 + 3 = 9
    assert r.points == 9
    with pytest.raises(kd.NotWinningError):
        kd.score_win("123m456p789s11m234m", "4m", self_draw=True, rules=Q)


# ---------------------------------------------------------------------------------------
# the command line, simulation and the greedy bot
# ---------------------------------------------------------------------------------------


def test_cli_simulate_replay_analyze_and_play(capsys, tmp_path):
    import io
    import json

    from koudiandian.cli import main
    from koudiandian.play import play_terminal

    log = tmp_path / "q.jsonl"
    args = ["simulate", "--hands", "40", "--rules", "queyimen", "--json", "--quiet"]
    assert main([*args, "--log", str(log)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rules"] == {"profile": "queyimen"} and summary["hands"] == 40
    assert main(["replay", str(log)]) == 0
    assert "40 hand(s) replayed and verified" in capsys.readouterr().out
    assert main(["analyze", "11223344556677m", "--rules", "queyimen"]) == 0
    out = capsys.readouterr().out
    assert "fan: 平胡 1 + 七对 2 + 清一色 3 = 6" in out
    assert main(["analyze", "123m456p789s11m23m", "--rules", "queyimen"]) == 0
    out = capsys.readouterr().out  # three suits: dropping one costs three tiles
    assert "shanten:   3 (3 from ready)" in out and "winning tiles:" not in out
    assert main(["simulate", "--hands", "2", "--match", "3", "--rules", "queyimen"]) == 0
    capsys.readouterr()
    out_buf = io.StringIO()
    answers = iter(["1"] * 400)
    code = play_terminal(
        rules=Q,
        seed=5,
        seat=0,
        bots=["greedy"] * 3,
        style="mpsz",
        match=False,
        out=out_buf,
        read=lambda: next(answers) + "\n",
    )
    assert code == 0 and ("deltas:" in out_buf.getvalue() or "drawn hand" in out_buf.getvalue())


def test_greedy_bots_drop_a_suit_and_win():
    s = kd.simulate(200, rules=Q, bots="greedy,greedy,greedy,greedy", seed=1)
    assert s.hands == 200
    assert sum(s.wins) > 100  # most hands are won: nothing but 缺一门 stands in the way
    # The greedy bot discards from the suit it drops: from 123m456p789s11m23m + 4m it
    # throws a tile of 筒 or 条, not 万.
    from koudiandian.bots import GreedyBot

    wall = build_wall({0: "123m456p789s11m23m4m"}, no_honors=True)
    g = Game(Q, wall=wall)
    action = GreedyBot(seed=1).act(g.view(0), g.legal_actions(0))
    assert action.kind is K.DISCARD and int(action.tile) // 9 in (1, 2)
