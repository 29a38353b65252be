"""A sichuan hand's settlement in words (``koudiandian.settlement``, what ``koudiandian play``
and ``replay`` print): each win's value "N 番 (M 分)" with its fans, and every transfer by its
reason: 刮风下雨 (the kongs), 呼叫转移 (a kong's money passed on), 查花猪, 查大叫 and 退税 (each
naming the kong payment it returns). The ledgers are the contract's scenarios 2, 3 and 4
(``RULES-sichuan.md``, docs/rules.md §14), written out; then seeded hands, whose every transfer must
read in words."""

from __future__ import annotations

import re

import koudiandian as kd
from koudiandian.result import REASONS, HandResult, Transfer, WinKind, WinSummary, WinValue
from koudiandian.score import ScoreItem
from koudiandian.settlement import settlement_lines, value_text
from koudiandian.simulate import BOTS
from koudiandian.tile import Tile


def win(
    seat: int, tile: str, fans: int, items: list[tuple[str, str, int]], **kw: object
) -> WinSummary:
    score_items = tuple(
        ScoreItem(name, chinese, value, "base" if i == 0 else "add")
        for i, (name, chinese, value) in enumerate(items)
    )
    return WinSummary(
        seat=seat,
        kind=WinKind(kw.pop("kind", "discard")),
        tile=Tile.parse(tile),
        points=fans,
        factor=1,
        score_items=score_items,
        value=(WinValue("fan", "番", fans), WinValue("points", "分", 2 ** min(fans, 3))),
        **kw,  # type: ignore[arg-type]
    )


def result(
    transfers: list[Transfer], wins: tuple[WinSummary, ...], end: str, left: tuple[int | None, ...]
) -> HandResult:
    deltas = [0, 0, 0, 0]
    for t in transfers:
        deltas[t.payer] -= t.amount
        deltas[t.payee] += t.amount
    first = wins[0] if wins else None
    return HandResult(
        dealer=0,
        winner=None if first is None else first.seat,
        win_kind=None if first is None else first.kind,
        discarder=None if first is None else first.discarder,
        win_tile=None if first is None else first.tile,
        points=0 if first is None else first.points,
        factor=1,
        patterns=(),
        transfers=tuple(transfers),
        deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
        winners=tuple(w.seat for w in wins),
        wins=wins,
        end=end,
        left=left,
    )


def lines(r: HandResult) -> list[str]:
    return settlement_lines(r, "mpsz", payment=kd.Rules.preset("sichuan").score_items_are_payment)


def test_call_transfer_passes_the_kong_money_on() -> None:
    """Scenario 2: seat 1 concealed-kongs; seat 2 wins 平胡 + 杠上炮 on its next discard
    and is handed the 6 seat 1 took for the kong."""
    ledger = [Transfer(s, 1, 2, "concealed_kong", event=10) for s in (0, 2, 3)]
    ledger.append(Transfer(1, 2, 2, "win", event=14))
    ledger += [Transfer(1, 2, 2, "passed_on", event=14, undoes=i) for i in range(3)]
    w = win(
        2, "5p", 1, [("plain", "平胡", 0), ("kong_discard", "杠上炮", 1)], discarder=1, event=14
    )
    r = result(ledger, (w,), "win", (None, None, 14, None))
    assert r.deltas == (-2, -2, 6, -2)
    text = lines(r)
    assert text[0] == (
        "seat 2 wins on seat 1's discard with 5p and leaves the hand: "
        "1 番 (2 分): 平胡 + 杠上炮; seat 1 pays 2"
    )
    assert "  seat 0 pays 2 to seat 1: 暗杠 (concealed kong)" in text
    assert (
        "  seat 1 hands 2 on to seat 2: 转移 (passed on: seat 3's payment to seat 1 for the "
        "concealed kong)"
    ) in text
    assert text[-1] == "deltas: [-2, -2, 6, -2]"


def test_the_wall_end_checks_read_in_words() -> None:
    """Scenario 4: seat 1 has won; at the wall's end seat 0 is a 花猪 (it pays 8 to each seat
    that is not), seat 3 is not ready and pays seat 2's best value (4)."""
    w = win(1, "3s", 0, [("plain", "平胡", 0)], discarder=2, event=30)
    ledger = [Transfer(2, 1, 1, "win", event=30)]
    ledger += [Transfer(0, s, 8, "void_held", event=80) for s in (1, 2, 3)]
    ledger.append(Transfer(3, 2, 4, "not_ready", event=80))
    r = result(ledger, (w,), "exhausted", (None, 30, None, None))
    text = lines(r)
    assert "the wall ran out with seat 0, seat 2 and seat 3 still in" in text
    assert "  seat 0 pays 8 to seat 1: 花猪 (void suit held)" in text
    assert "  seat 3 pays 4 to seat 2: 查大叫 (not ready)" in text
    assert r.deltas[0] == -24


def test_a_refund_names_the_kong_it_returns() -> None:
    """Scenario 3: seat 0 added-kongs (1 from each); at the wall's end it is not ready: it
    pays each ready seat 1 and returns the kong's money (退税)."""
    ledger = [Transfer(s, 0, 1, "added_kong", event=20) for s in (1, 2, 3)]
    ledger += [Transfer(0, s, 1, "not_ready", event=90) for s in (1, 2, 3)]
    ledger += [Transfer(0, s, 1, "refund", event=90, undoes=i) for i, s in enumerate((1, 2, 3))]
    r = result(ledger, (), "exhausted", (None, None, None, None))
    assert r.deltas == (-3, 1, 1, 1)
    text = lines(r)
    assert "  seat 1 pays 1 to seat 0: 补杠 (added kong)" in text
    assert "  seat 0 returns 1 to seat 2: 退税 (refund of the added kong)" in text


def test_a_win_value_reads_fans_then_points() -> None:
    w = win(0, "9m", 5, [("one_suit_dragon_seven_pairs", "清龙七对", 5)], kind="self_draw")
    assert value_text(w) == "5 番 (8 分)"


def played(seed: int) -> kd.Game:
    game = kd.Game("sichuan", seed=seed)
    bots = [BOTS["greedy"](seed + s) for s in range(4)]
    while not game.is_over:
        s = game.to_act[0]
        game.step(s, bots[s].act(game.view(s), game.legal_actions(s)))
    return game


def test_every_transfer_of_played_hands_reads_in_words() -> None:
    """Seeded hands until each reason that greedy play pays has been seen: each transfer's
    line names its reason in Chinese and English, never as its snake_case name."""
    wanted = {"win", "kong", "added_kong", "concealed_kong", "passed_on", "not_ready", "refund"}
    seen: set[str] = set()
    for seed in range(600):
        game = played(seed)
        r = game.result
        assert r is not None
        text = "\n".join(lines(r))
        for t in r.transfers:
            seen.add(t.reason)
            chinese, english = REASONS[t.reason]
            assert re.search(rf": {chinese} \({re.escape(english)}", text), (t, text)
        assert "_" not in text.split("transfers:")[-1], text
        for w in r.wins:
            assert re.search(rf"{w.points} 番 \(\d+ 分\)", text), text
        if wanted <= seen:
            return
    raise AssertionError(f"600 hands paid no {sorted(wanted - seen)}")


def test_a_payment_as_played_reads_in_words() -> None:
    from koudiandian.eventlines import event_line

    event = {
        "type": "pay",
        "transfers": [
            {"payer": 1, "payee": 0, "amount": 2, "reason": "concealed_kong"},
            {"payer": 2, "payee": 3, "amount": 2, "reason": "passed_on"},
        ],
    }
    assert event_line(event, 0, "mpsz") == (
        "paid as played: seat 1 → you: 2 (暗杠, concealed kong); "
        "seat 2 → seat 3: 2 (转移, passed on)"
    )
