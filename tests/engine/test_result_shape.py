"""The result shape of issue 37 as the Python layer reads it: each win's value in its
profile's words (what a run's ``Record.value`` sums), the ledger read by its ``event`` and
``undoes`` in the settlement's words, wins at different moments and seats that left, a run's
records and summary counting every win, and results of logs written before the ledger
(koudiandian db14eab) still read and told alike."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from koudiandian import Rules, _core
from koudiandian.game import Game
from koudiandian.result import HandResult, Transfer
from koudiandian.settlement import settlement_lines, value_text
from koudiandian.summary import Tally

OLD_LOGS = Path(__file__).resolve().parents[1] / "data" / "logs_db14eab"
TINY = Rules.parse("tiny")


def _core_game(rules: Rules, seed: int) -> _core.GameCore:
    return _core.GameCore(
        rules,
        dealer=seed % 4,
        seed=seed,
        wall=None,
        wildcards=None,
        scores=(0, 0, 0, 0),
        dice=None,
        prevalent_wind=0,
    )


def _tiny_hands(greedy: float) -> Iterator[tuple[int, HandResult]]:
    """Seeded tiny hands played to their end, each decision the greedy bot's with
    probability ``greedy``, else a random legal one (by code: the Python actions of the
    decisions before play are another change's)."""
    for seed in range(2000):
        game = _core_game(TINY, seed)
        rnd = random.Random(seed)
        while not game.is_over():
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.step(
                seat, game.greedy_action(seat) if rnd.random() < greedy else rnd.choice(legal)
            )
        yield seed, HandResult.from_dict(game.result())


def test_each_profile_names_its_wins_value() -> None:
    """The headline word of each profile's wins, from seeded greedy self-play logs, and the
    record's value the sum of the wins' headlines."""
    headline = {
        "taiyuan": "分",
        "queyimen": "番",
        "hebei": "倍",
        "changsha": {"大胡", "小胡"},
        "guobiao": "番",
    }
    for preset, word in headline.items():
        records, _, lines = _core.self_play(
            Rules.preset(preset), ["greedy"] * 4, 5, 0, 40, log=True
        )
        won = 0
        for record, line in zip(records, lines):
            result = json.loads(line)["events"][-1]["result"]
            words = {w["value"][0]["chinese"] for w in result["wins"]}
            assert words <= (word if isinstance(word, set) else {word}), (preset, words)
            assert record[2] == sum(w["value"][0]["value"] for w in result["wins"])
            won += bool(result["wins"])
        assert won, preset


def test_a_guobiao_record_sums_the_fans() -> None:
    """guobiao's headline is the fans (番, ``factor``), not the base 8 × the fans."""
    records, _, lines = _core.self_play(Rules.preset("guobiao"), ["greedy"] * 4, 1, 0, 60, log=True)
    fans = []
    for record, line in zip(records, lines):
        result = json.loads(line)["events"][-1]["result"]
        assert record[2] == sum(w["factor"] for w in result["wins"])
        for w in result["wins"]:
            assert w["value"] == [
                {"name": "fan", "chinese": "番", "value": w["factor"]},
                {"name": "base", "chinese": "底分", "value": 8},
            ]
            fans.append(w["factor"])
    assert fans and min(fans) >= 8


def test_a_tiny_refund_names_the_transfer_it_undoes() -> None:
    """At the wall's end a seat still in returns every kong payment it received: the text
    says who returns what to whom, for which transfer."""
    for seed, result in _tiny_hands(greedy=0.0):
        refunds = [t for t in result.transfers if t.reason == "refund"]
        if not refunds:
            continue
        lines = settlement_lines(result, "mpsz")
        for t in refunds:
            assert t.undoes is not None
            undone = result.transfers[t.undoes]
            assert (undone.payer, undone.payee, undone.amount) == (t.payee, t.payer, t.amount)
            line = (
                f"  seat {t.payer} returns {t.amount} to seat {t.payee}: 退税 "
                f"(refund of the {undone.english})"
            )
            assert line in lines, (seed, lines)
        assert result.end != "win" and lines[-1] == f"deltas: {list(result.deltas)}"
        return
    pytest.fail("no refund in 2,000 tiny hands")


def test_tiny_wins_at_two_moments_are_told_in_order() -> None:
    """A winner that leaves is said to; the next moment's win begins with "then"; each
    win's payments are its own event's; the wall's end names the seats still in."""
    for _seed, result in _tiny_hands(greedy=0.9):
        if len({w.event for w in result.wins}) < 2:
            continue
        first, second = result.wins[0], result.wins[1]
        assert result.left[first.seat] == first.event
        lines = settlement_lines(result, "mpsz")
        told = [x for x in lines if " wins " in x]
        assert "and leaves the hand: 1 胡" in told[0], lines
        assert told[1].startswith(f"then seat {second.seat} wins"), lines
        for win, line in zip(result.wins, told):
            payers = [t for t in result.transfers if t.event == win.event and t.reason == "win"]
            assert payers and all(t.payee == win.seat for t in payers)
            if len(payers) == 1:
                assert f"seat {payers[0].payer} pays 1" in line, line
        if result.end != "win":
            still = [f"seat {s}" for s in range(4) if result.left[s] is None]
            assert any(x.startswith("the wall ran out with") for x in lines), lines
            assert all(s in next(x for x in lines if "wall ran out" in x) for s in still)
        return
    pytest.fail("no tiny hand with wins at two moments")


def test_a_run_counts_every_win_and_deal_in() -> None:
    """A tiny run's records: ``won`` and ``dealt_in`` hold every winner and every seat won
    from, ``win_kinds`` every win, ``value`` one 胡 a win; the summary counts them all."""
    records, _, lines = _core.self_play(TINY, ["greedy"] * 4, 3, 0, 40, log=True)
    several = 0
    for record, line in zip(records, lines):
        result = json.loads(line)["events"][-1]["result"]
        wins = result["wins"]
        _, _, value, _, _, _, won, dealt_in, kinds = record
        assert won == sum(1 << w["seat"] for w in wins)
        assert dealt_in == sum(
            1 << d for d in {w["discarder"] for w in wins if w["discarder"] is not None}
        )
        assert sum(kinds) == len(wins) == value
        several += len(wins) > 1
    assert several, "some hand has several winners"
    tally = Tally(TINY, ["greedy"] * 4, 3)
    tally.add(records, [])
    s = tally.summary()
    n_wins = sum(len(json.loads(x)["events"][-1]["result"]["wins"]) for x in lines)
    assert sum(s.wins) == n_wins == s.self_draw_wins + s.discard_wins + s.robbed_kong_wins
    assert s.mean_points == 1.0
    assert s.drawn_hands == sum(r[6] == 0 for r in records)


@pytest.mark.parametrize("path", sorted(OLD_LOGS.glob("*.jsonl")), ids=lambda p: p.name)
def test_an_old_result_is_told_as_its_replay(path: Path) -> None:
    """An old log's result (no events, no values) reads, renders, and its settlement in
    words is its replay's once the replay's values are left out: the old guess of a win's
    payments and the ledger's events agree on these hands."""
    told = 0
    for line in path.read_text().splitlines():
        events = json.loads(line)["events"]
        old = HandResult.from_dict(events[-1]["result"])
        game = Game.replay(events)
        new = game.result
        assert new is not None
        plain = dataclasses.replace(
            new, wins=tuple(dataclasses.replace(w, value=()) for w in new.wins)
        )
        payment = game.rules.score_items_are_payment
        changes = game.bird_changes
        old_lines = settlement_lines(old, "mpsz", payment=payment, bird_changes=changes)
        assert old_lines == settlement_lines(plain, "mpsz", payment=payment, bird_changes=changes)
        assert all(value_text(w) == "" for w in old.wins)
        assert all(value_text(w) for w in new.wins)
        told += bool(old.wins)
    assert told


def test_the_scoreboard_row_reads_each_win() -> None:
    """The server's scoreboard row: each win's seat won from and value words, how the hand
    ended and who left it, from the wins, not the first win's top-level fields."""
    from koudiandian.server.record import hand_row

    for _seed, result in _tiny_hands(greedy=0.9):
        if len({w.event for w in result.wins}) < 2:
            continue
        row = hand_row("t", 0, result, list(result.deltas))
        assert [w["seat"] for w in row["wins"]] == list(result.winners)
        assert [w["discarder"] for w in row["wins"]] == [w.discarder for w in result.wins]
        assert all(
            w["value"] == [{"name": "win", "chinese": "胡", "value": 1}] for w in row["wins"]
        )
        assert row["end"] == result.end
        assert row["left"] == [s is not None for s in result.left]
        assert row["left"][result.wins[0].seat]
        return
    pytest.fail("no tiny hand with wins at two moments")


def test_a_seat_view_reads_the_running_score_voids_and_who_left() -> None:
    """A finished tiny hand's view: the running score is the scores plus the ledger, every
    void revealed, the winners that left named by their win event; a dict of an older core
    (without these fields) still reads."""
    from koudiandian.view import SeatView

    for seed, result in _tiny_hands(greedy=0.9):
        if not any(s is not None for s in result.left):
            continue
        game = _core_game(TINY, seed)
        rnd = random.Random(seed)
        while not game.is_over():
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.step(seat, game.greedy_action(seat) if rnd.random() < 0.9 else rnd.choice(legal))
        d = game.view(1)
        view = SeatView.from_dict(d, rules=TINY, result=result)
        assert view.running == tuple(s + x for s, x in zip(view.scores, result.deltas))
        assert view.left == result.left
        assert all(v in (0, 1, 2) for v in view.voids) and view.picked == ()
        assert view.to_dict()["running"] == list(view.running)
        old = {k: v for k, v in d.items() if k not in ("running", "voids", "left", "picked")}
        before = SeatView.from_dict(old, rules=TINY, result=result)
        assert before.running == before.scores and before.left == (None,) * 4
        assert before.voids == (None,) * 4 and before.picked == ()
        return
    pytest.fail("no tiny hand where a winner left")


def test_a_transfer_passed_on_names_the_payment_it_passes_on() -> None:
    """呼叫转移: a seat passes a kong payment it received on to another seat; the text names
    the payment by its payer, payee and reason."""
    result = HandResult(
        dealer=0,
        winner=None,
        win_kind=None,
        discarder=None,
        win_tile=None,
        points=0,
        factor=1,
        patterns=(),
        transfers=(
            Transfer(0, 1, 2, "kong", event=7),
            Transfer(1, 3, 2, "passed_on", event=20, undoes=0),
        ),
        deltas=(-2, 0, 0, 2),
        end="exhausted",
    )
    lines = settlement_lines(result, "mpsz", me=1)
    assert (
        "  you hand 2 on to seat 3: 转移 (passed on: seat 0's payment to you for the exposed kong)"
        in lines
    )
    lines = settlement_lines(result, "mpsz")
    assert (
        "  seat 1 hands 2 on to seat 3: 转移 (passed on: seat 0's payment to seat 1 for the exposed kong)"
        in lines
    )
