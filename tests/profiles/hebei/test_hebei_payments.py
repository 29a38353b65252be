"""Profile ``hebei`` (中原河北麻将, ``RULES-hebei.md``): who pays. Two winners on one discard
(一炮多响) and who deals next, 点炮三家出, the kongs' payments (暗杠, 直杠, 加杠) and kong bloom,
a drawn hand's kongs, 跑 on wins and on kongs; each scenario's factor is the contract's, and a
won result round-trips through ``to_dict``.

Settlement is checked against each win's reported factor (``result.wins[i].factor``); that
the factor itself is the contract's is :func:`test_factors_follow_the_contract`.

The hands are played on the Rust engine and on the readable reference (``IMPLS``) by
``tests.support.hebei_play``; the scenario walls are ``tests.support.hebei_scenarios``' (seat
3's 西 is the indicator unless said otherwise, so the 混 is 北; ``W1`` waits on 1s / 4s, ``W2``
on 4s / 7s).
"""

from __future__ import annotations

import pytest

from tests.support.hebei_play import IMPLS, T, check_end, win_factors
from tests.support.hebei_scenarios import (
    SCENARIOS,
    scenario_added_kong,
    scenario_concealed_kong,
    scenario_dealer_first_winner,
    scenario_direct_kong,
    scenario_drawn_flower,
    scenario_kong_bloom,
    scenario_kong_then_drawn_hand,
    scenario_single_win,
    scenario_two_winners,
    scenario_winners_after_dealer,
)


@pytest.mark.parametrize("impl", IMPLS)
def test_two_winners_on_one_discard(impl: str) -> None:
    g, _ = scenario_two_winners(impl)
    f1, f3 = win_factors(g)
    check_end(g, [T(0, 1, 2 * f1, "win"), T(0, 3, 2 * f3, "win")], next_dealer=1)


@pytest.mark.parametrize("impl", IMPLS)
def test_two_winners_all_three_pay(impl: str) -> None:
    """点炮三家出: for each winner the discarder (the dealer: ×2 again) pays 2F, the two
    others F each."""
    g, _ = scenario_two_winners(impl, all_three_pay=True)
    f1, f3 = win_factors(g)
    check_end(
        g,
        [
            T(0, 1, 4 * f1, "win"),
            T(2, 1, f1, "win"),
            T(3, 1, f1, "win"),
            T(0, 3, 4 * f3, "win"),
            T(1, 3, f3, "win"),
            T(2, 3, f3, "win"),
        ],
        next_dealer=1,
    )


@pytest.mark.parametrize("impl", IMPLS)
def test_all_three_pay_single_winner(impl: str) -> None:
    g, _ = scenario_single_win(impl, all_three_pay=True)
    (f,) = win_factors(g)
    check_end(g, [T(0, 1, 4 * f, "win"), T(2, 1, f, "win"), T(3, 1, f, "win")], next_dealer=1)


@pytest.mark.parametrize("impl", IMPLS)
def test_first_winner_from_the_discarder_decides_the_deal(impl: str) -> None:
    g, _ = scenario_winners_after_dealer(impl)
    f2, f0 = win_factors(g)
    check_end(g, [T(1, 2, f2, "win"), T(1, 0, f0, "win")], next_dealer=1)
    g, _ = scenario_dealer_first_winner(impl)
    f0, f2 = win_factors(g)
    check_end(g, [T(3, 0, f0, "win"), T(3, 2, f2, "win")], next_dealer=0)


@pytest.mark.parametrize("impl", IMPLS)
def test_concealed_kong_each_other_seat_pays_2(impl: str) -> None:
    g, _ = scenario_concealed_kong(impl)
    (f,) = win_factors(g)
    check_end(
        g,
        [T(0, 1, 2 * f, "win")] + [T(p, 0, 2, "concealed_kong") for p in (1, 2, 3)],
        next_dealer=1,
    )


@pytest.mark.parametrize("impl", IMPLS)
def test_direct_kong_the_discarder_pays_3(impl: str) -> None:
    g, _ = scenario_direct_kong(impl)
    (f,) = win_factors(g)
    check_end(g, [T(2, 3, f, "win"), T(0, 2, 3, "kong")], next_dealer=1)


@pytest.mark.parametrize("impl", IMPLS)
def test_added_kong_each_other_seat_pays_1(impl: str) -> None:
    g, _ = scenario_added_kong(impl)
    (f,) = win_factors(g)
    check_end(g, [T(1, 2, f, "win")] + [T(p, 1, 1, "added_kong") for p in (0, 2, 3)], next_dealer=1)


@pytest.mark.parametrize("impl", IMPLS)
def test_kong_bloom_through_a_flower(impl: str) -> None:
    g, _ = scenario_kong_bloom(impl)
    (f,) = win_factors(g)
    check_end(
        g,
        [T(p, 0, f, "win") for p in (1, 2, 3)] + [T(p, 0, 2, "concealed_kong") for p in (1, 2, 3)],
        next_dealer=0,
    )


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("voids", [False, True])
def test_drawn_hand_kongs_and_draw_voids_kongs(impl: str, voids: bool) -> None:
    """黄庄: the kongs stand (each other seat pays the dealer 2 for its 暗杠) unless
    ``draw_voids_kongs``; the dealer keeps the deal."""
    g, _ = scenario_kong_then_drawn_hand(impl, voids)
    expected = [] if voids else [T(p, 0, 2, "concealed_kong") for p in (1, 2, 3)]
    check_end(g, expected, next_dealer=0)
    assert g.wall_remaining == 0


@pytest.mark.parametrize("impl", IMPLS)
def test_pao_on_a_discard_win(impl: str) -> None:
    """Bids 1, 0, 2, 3 (seats 0–3), asked all at once, logged in seat order once all four
    are in: the dealer's payment to seat 1 is followed by 2 × (1 + 0) of 跑."""
    g, _ = scenario_single_win(impl, pao=True)
    (f,) = win_factors(g)
    check_end(g, [T(0, 1, 2 * f, "win"), T(0, 1, 2, "pao")], next_dealer=1)


@pytest.mark.parametrize("impl", IMPLS)
def test_pao_on_a_self_draw(impl: str) -> None:
    g, _ = scenario_drawn_flower(impl, pao=True)
    (f,) = win_factors(g)
    check_end(
        g,
        [
            T(0, 1, 2 * f, "win"),
            T(0, 1, 2, "pao"),
            T(2, 1, f, "win"),
            T(2, 1, 4, "pao"),
            T(3, 1, f, "win"),
            T(3, 1, 6, "pao"),
        ],
        next_dealer=1,
    )


@pytest.mark.parametrize("impl", IMPLS)
def test_pao_on_kong_payments(impl: str) -> None:
    """跑 follows every payment, the kongs' too: 2 × (payer's bid + the konger's)."""
    g, _ = scenario_concealed_kong(impl, pao=True)
    (f,) = win_factors(g)
    check_end(
        g,
        [
            T(0, 1, 2 * f, "win"),
            T(0, 1, 2, "pao"),
            T(1, 0, 2, "concealed_kong"),
            T(1, 0, 2, "pao"),
            T(2, 0, 2, "concealed_kong"),
            T(2, 0, 6, "pao"),
            T(3, 0, 2, "concealed_kong"),
            T(3, 0, 8, "pao"),
        ],
        next_dealer=1,
    )


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("impl", IMPLS)
def test_factors_follow_the_contract(impl: str, name: str) -> None:
    """Each scenario win's factor is the one the contract's table gives (worked out by hand
    in the scenario's docstring)."""
    g, factors = SCENARIOS[name](impl)
    assert win_factors(g) == factors


def test_won_result_to_dict_round_trips() -> None:
    from koudiandian import HandResult

    g, _ = scenario_single_win("engine")
    assert HandResult.from_dict(g.result.to_dict()) == g.result
