"""A match of hands (RULES §7): the dealer rotation (the winner deals, a drawn hand passes
it on, the dealer bonus), one round, another first dealer.

Every expected number below is worked out by hand from RULES.md (and the engine decisions
of docs/rules.md where RULES.md is silent); the comment above each expectation shows the
sum. The walls come from ``tests.support.walls.build_wall``; the moves and checks from
``tests.support.scenario`` (``H69`` waits on 6p / 9p; a seat declares by discarding a useless
honor face down).
"""

from __future__ import annotations

import pytest
from koudiandian import Action, Match, NotYourTurnError, Rules

from tests.support.scenario import H69, K, autoplay_match_hand
from tests.support.walls import build_wall

# ---------------------------------------------------------------------------------------
# §7: dealer rotation and the match
# ---------------------------------------------------------------------------------------


def quick_win(dealer: int, winner: int, feeder: int | None = None, tile: str = "9p"):
    """A hand (wall, wildcards) where ``winner`` declares on its first turn (H69, junk 5z)
    and then wins on ``tile``: self-drawn, or discarded by ``feeder`` on its next draw."""
    hands = {winner: H69 + ("5z" if winner == dealer else "")}
    draws: dict[int, str] = {}
    decl = -1 if winner == dealer else (winner - dealer - 1) % 4
    if decl >= 0:
        draws[decl] = "5z"
    target = winner if feeder is None else feeder
    j = decl + 1
    while (dealer + 1 + j) % 4 != target:
        j += 1
    draws[j] = tile
    return build_wall(hands, [draws.get(i) for i in range(j + 1)], dealer=dealer), []


def drawn_hand(dealer: int, kong_seat: int | None = None):
    """A hand nobody can win; ``kong_seat`` holds four 3s (a concealed kong)."""
    hands = {} if kong_seat is None else {kong_seat: "3333s"}
    return build_wall(hands, dealer=dealer), []


def test_one_round_match():
    hands = [
        quick_win(0, 0),  # dealer 0 self-draws 9p: 18 each; the dealer keeps the deal
        quick_win(0, 2, feeder=3),  # seat 2 wins on seat 3's 9p: 27; the deal passes to 1
        drawn_hand(1),  # drawn, no kong: seat 1 deals again
        quick_win(1, 3, tile="6p"),  # seat 3 self-draws 6p: 12 each; the deal passes to 2
        drawn_hand(2, kong_seat=0),  # drawn with a kong: the deal passes to 3
        quick_win(3, 0, feeder=3),  # seat 0 wins on the dealer's 9p: 27; back to seat 0: over
    ]
    declares = [0, 2, None, 3, None, 0]
    m = Match(Rules(), hands=hands, length="one_round")
    for i, w in enumerate(declares):
        assert not m.is_over
        assert m.dealer == [0, 0, 1, 1, 2, 3][i]
        autoplay_match_hand(m, declare=() if w is None else (w,), kong=True)
    assert m.is_over
    assert [g.dealer for g in m.games] == [0, 0, 1, 1, 2, 3]
    assert [r.deltas for r in m.results] == [
        (54, -18, -18, -18),
        (0, 0, 27, -27),
        (0, 0, 0, 0),
        (-12, -12, -12, 36),
        (0, 0, 0, 0),
        (27, 0, 0, -27),
    ]
    assert [r.kongs_made for r in m.results] == [False, False, False, False, True, False]
    # 54 - 12 + 27; -18 - 12; -18 + 27 - 12; -18 - 27 + 36 - 27
    assert m.scores == (69, -30, -3, -36)
    assert m.ranking == [0, 2, 1, 3]
    # each hand starts from the scores so far
    assert [g.view(0).scores for g in m.games] == [
        (0, 0, 0, 0),
        (54, -18, -18, -18),
        (54, -18, 9, -45),
        (54, -18, 9, -45),
        (42, -30, -3, -9),
        (42, -30, -3, -9),
    ]
    d = m.to_dict()
    assert d["scores"] == [69, -30, -3, -36] and d["ranking"] == [0, 2, 1, 3]
    with pytest.raises(NotYourTurnError):
        m.step(0, Action(K.PASS))


def test_default_rotation_winner_deals_drawn_passes_on():
    hands = [
        quick_win(0, 2),  # seat 2 self-draws: seat 2 deals next
        drawn_hand(2),  # drawn (no kong): the dealer's 下家, seat 3
        quick_win(3, 1, feeder=0),  # seat 1 wins on seat 0's 9p: seat 1 deals next
        drawn_hand(1, kong_seat=3),  # drawn: seat 2 would deal next
    ]
    m = Match(Rules(), hands=hands, length=4)
    for w in (2, None, 1, None):
        autoplay_match_hand(m, declare=() if w is None else (w,), kong=True)
    assert m.is_over
    assert [g.dealer for g in m.games] == [0, 2, 3, 1]
    assert m.next_dealer(m.results[-1]) == 2
    assert [r.deltas for r in m.results] == [
        (-18, -18, 54, -18),
        (0, 0, 0, 0),
        (-27, 27, 0, 0),
        (0, 0, 0, 0),
    ]
    assert m.scores == (-45, 9, 54, -18)
    assert m.ranking == [2, 1, 3, 0]


def test_dealer_bonus_rotation_in_a_match_of_hands():
    hands = [
        quick_win(0, 0),  # the dealer wins: it keeps the deal
        quick_win(0, 2),  # another seat wins: the dealer's 下家 deals
        drawn_hand(1),  # drawn without a kong: the dealer deals again
        drawn_hand(1, kong_seat=2),  # drawn with a kong: the dealer's 下家 deals
        quick_win(2, 2),
    ]
    m = Match(Rules(dealer_bonus=True), hands=hands, length=5)
    for w in (0, 2, None, None, 2):
        autoplay_match_hand(m, declare=() if w is None else (w,), kong=True)
    assert m.is_over
    assert [g.dealer for g in m.games] == [0, 0, 1, 1, 2]
    assert [r.deltas for r in m.results] == [
        (69, -23, -23, -23),  # dealer self-draw: 18 + 5 each
        (-23, -18, 59, -18),  # the dealer's share 18 + 5
        (0, 0, 0, 0),
        (0, 0, 0, 0),
        (-23, -23, 69, -23),
    ]
    assert m.scores == (23, -64, 105, -64)
    assert m.ranking == [2, 0, 1, 3]


def test_one_round_match_from_another_first_dealer():
    hands = [
        quick_win(2, 0),  # seat 0 self-draws: the deal passes to 3 (not to the winner)
        quick_win(3, 3),  # the dealer wins: it keeps the deal
        quick_win(3, 1, feeder=2),  # seat 1 wins on seat 2's 9p: the deal passes to 0
        quick_win(0, 2, tile="6p"),  # seat 2 self-draws 6p: to 1
        quick_win(1, 3, feeder=0),  # seat 3 wins on seat 0's 9p: to 2, the first dealer: over
    ]
    m = Match(Rules(), hands=hands, length="one_round", first_dealer=2)
    for w in (0, 3, 1, 2, 3):
        autoplay_match_hand(m, declare=(w,))
    assert m.is_over
    assert [g.dealer for g in m.games] == [2, 3, 3, 0, 1]
    assert [r.deltas for r in m.results] == [
        (54, -18, -18, -18),
        (-18, -18, -18, 54),
        (0, 27, -27, 0),
        (-12, -12, 36, -12),
        (-27, 0, 0, 27),
    ]
    assert m.scores == (-3, -21, -27, 51)
    assert m.ranking == [3, 0, 1, 2]
