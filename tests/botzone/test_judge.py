"""Botzone's judge on hand-written games (tables.py): every display action, the order of
checks, the claims an empty part forbids, the endings and their scores, bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from koudiandian.botzone import BotzoneJudge, botzone_check, botzone_judge
from koudiandian.errors import BotzoneInputError, KoudiandianError

from .tables import Table, shown, wall

# Seat 0 plays F2; seat 1 pongs it (then W5), seat 2 chows W5 (then T8); seat 3 draws F4,
# plays it, and seat 2 makes an exposed kong of F4, drawing J1.
CLAIMS = [
    "B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 F1 F2",
    "F2 F2 W5 J1 J1 J2 J2 J3 J3 T7 T8 T9 F3",
    "W4 W6 T4 T5 T6 T7 T8 F4 F4 F4 W9 W9 W9 J1",
    "W1 W1 W1 W2 W2 W2 W3 W3 W3 W7 W7 W7 W8 F4",
]


def fans(out: dict) -> list[str]:
    return [f["name"] for f in out["display"].get("fan", [])]


def test_init_deal_draw_and_the_claims():
    t = Table(CLAIMS)
    init = t.out
    assert init["display"]["action"] == "INIT"
    assert init["content"] == {str(s): f"0 {s} 0" for s in range(4)}
    assert init["initdata"] == t.initdata
    deal = t.send()
    assert deal["display"]["action"] == "DEAL"
    assert deal["content"]["0"] == "1 0 0 0 0 B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 F1"
    assert deal["display"]["hand"][2] == CLAIMS[2].split()[:13]
    assert deal["display"]["tileCnt"] == [21, 21, 21, 21]
    draw = t.send()
    assert shown(draw) == {
        "action": "DRAW",
        "player": 0,
        "tile": "F2",
        "tileCnt": [20, 21, 21, 21],
    }
    assert draw["content"] == {"0": "2 F2", "1": "3 0 DRAW", "2": "3 0 DRAW", "3": "3 0 DRAW"}
    play = t.send({0: "PLAY F2"})
    assert (play["display"]["action"], play["content"]["3"]) == ("PLAY", "3 0 PLAY F2")
    peng = t.send({1: "PENG W5"})
    assert shown(peng) == {
        "action": "PENG",
        "player": 1,
        "tile": "W5",
        "tileCnt": [20, 21, 21, 21],
    }
    assert peng["content"]["0"] == "3 1 PENG W5"
    chi = t.send({2: "CHI W5 T8"})
    assert chi["display"]["tileCHI"] == "W5" and chi["display"]["tile"] == "T8"
    assert chi["content"]["1"] == "3 2 CHI W5 T8"
    assert shown(t.send()) == {
        "action": "DRAW",
        "player": 3,
        "tile": "F4",
        "tileCnt": [20, 21, 21, 20],
    }
    t.send({3: "PLAY F4"})
    gang = t.send({2: "GANG"})
    assert shown(gang) == {
        "action": "GANG",
        "player": 2,
        "tile": "F4",
        "tileCnt": [20, 21, 21, 20],
    }
    assert gang["content"] == {str(s): "3 2 GANG" for s in range(4)}
    replacement = t.send()
    assert replacement["display"]["action"] == "DRAW" and replacement["display"]["tile"] == "J1"
    assert replacement["display"]["tileCnt"] == [20, 21, 20, 20]
    assert botzone_check(t.game_log()) == []


def test_can_hu_is_each_seats_calculator_answer():
    t = Table(SMALL)
    draw = t.start()
    assert draw["display"]["canHu"] == [-3, -4, -4, -4]  # seat 0's hand with F3: no win
    play = t.send({0: "PLAY F3"})
    can_hu = play["display"]["canHu"]
    assert can_hu[0] == can_hu[2] == can_hu[3] == -3 and 0 < can_hu[1] < 8
    assert t.send()["display"]["canHu"][1] == -3  # seat 1's draw
    assert botzone_check(t.game_log()) == []  # canHu logged, not compared


def test_a_concealed_kong_and_its_replacement_win():
    # 杠上开花: seat 0 draws the fourth W1, kongs it, and wins on the replacement F1.
    t = Table(["W1 W1 W1 B2 B3 B4 T5 T6 T7 F1 F1 J1 J1 W1 F1", "", "", ""])
    assert t.start()["display"]["tile"] == "W1"
    gang = t.send({0: "GANG W1"})
    assert shown(gang) == {
        "action": "GANG",
        "player": 0,
        "tile": "W1",
        "tileCnt": [20, 21, 21, 21],
    }
    assert gang["content"]["2"] == "3 0 GANG"
    assert t.send()["display"]["tile"] == "F1"
    hu = t.send({0: "HU"})
    assert hu["command"] == "finish"
    assert "杠上开花" in fans(hu) and "自摸" not in fans(hu)
    f = hu["display"]["fanCnt"]
    assert hu["display"]["score"] == [3 * (8 + f), -(8 + f), -(8 + f), -(8 + f)]
    assert hu["content"] == {str(s): v for s, v in enumerate(hu["display"]["score"])}
    assert "tileCnt" not in hu["display"]


# Seat 0 pongs seat 1's T2 and later adds the fourth T2; seat 2 (T1 T3 waiting) robs it.
ROB = [
    "T2 T2 W1 W2 W3 B1 B2 B3 J3 J3 J3 F2 F3 F4 T2",
    "T2 B9 B9 B9 W9 W9 W9 W8 W8 W8 T9 T9 T9 F1 F1",
    "T1 T3 W4 W5 W6 B5 B6 B7 J2 J2 J2 F3 F3 F1",
    "W7 W7 W7 B4 B4 B4 T6 T6 T6 T7 T7 T7 W6 J1",
]


def rob_to_the_added_kong() -> Table:
    t = Table(ROB)
    t.start()
    t.send({0: "PLAY F4"})
    t.send()
    t.send({1: "PLAY T2"})
    assert t.send({0: "PENG F3"})["display"]["action"] == "PENG"
    t.send()
    t.send({1: "PLAY F1"})
    t.send()
    t.send({2: "PLAY F1"})
    t.send()
    t.send({3: "PLAY J1"})
    assert t.send()["display"]["tile"] == "T2"
    bugang = t.send({0: "BUGANG T2"})
    assert bugang["display"]["action"] == "BUGANG"
    assert bugang["content"]["1"] == "3 0 BUGANG T2"
    return t


def test_robbing_an_added_kong():
    t = rob_to_the_added_kong()
    hu = t.send({2: "HU"})
    assert hu["display"]["action"] == "HU" and hu["display"]["player"] == 2
    assert "抢杠和" in fans(hu)
    f = hu["display"]["fanCnt"]
    assert hu["display"]["score"] == [-(8 + f), -8, 24 + f, -8]


def test_only_an_added_kong_is_robbed_and_its_maker_may_not():
    t = rob_to_the_added_kong()
    assert t.send({0: "HU"})["display"]["action"] == "WA"  # the maker
    t = Table(["W1 W1 W1 B2 B3 B4 T5 T6 T7 F1 F1 J1 J1 W1 F1", "", "", ""])
    t.start()
    t.send({0: "GANG W1"})
    wa = t.send({3: "HU"})  # a concealed kong is not robbed
    assert (wa["display"]["action"], wa["display"]["player"]) == ("WA", 3)


def test_a_kong_notice_is_checked_from_its_maker_on():
    t = rob_to_the_added_kong()
    out = t.send({1: "PLAY W1", 3: "HU"})  # from the maker (0) on: 1 before 3
    assert (out["display"]["action"], out["display"]["player"]) == ("WA", 1)


# Seat 1 waits on F3 (or T8) with few fans; seat 0 draws F3 and plays it.
SMALL = [
    "B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 F1 F3",
    "W1 W2 W3 W5 W6 W7 B4 B5 B6 T8 T8 F3 F3",
    "",
    "",
]


def test_a_win_under_eight_fans_is_wh_with_its_fans():
    t = Table(SMALL)
    t.start()
    t.send({0: "PLAY F3"})
    wh = t.send({1: "HU"})
    assert (wh["display"]["action"], wh["display"]["player"]) == ("WH", 1)
    assert 0 < wh["display"]["fanCnt"] < 8 and fans(wh)
    assert wh["display"]["score"] == [10, -30, 10, 10]
    assert wh["content"] == {"0": 10, "1": -30, "2": 10, "3": 10}


def test_a_hand_that_does_not_win_is_wh_minus_three_without_fans():
    t = Table(SMALL)
    t.start()
    t.send({0: "PLAY F3"})
    wh = t.send({3: "HU"})
    assert wh["display"]["fanCnt"] == -3 and "fan" not in wh["display"]
    assert wh["display"]["score"] == [10, 10, 10, -30]


@pytest.mark.parametrize(
    ("answers", "verdicts", "want"),
    [
        # The discarder first: its HU is WA before any other seat's HU.
        ({0: "HU", 1: "HU"}, {}, ("WA", 0)),
        # Then HU from the discarder's next seat on: seat 1's wrong HU before seat 2's TLE.
        ({1: "HU"}, {2: "TLE"}, ("WH", 1)),
        ({2: "HU"}, {1: "TLE"}, ("TLE", 1)),
        ({3: "HU", 2: "HU"}, {}, ("WH", 2)),
        # Pong and kong by seat 0–3 after every HU: seat 2's bad pong before seat 3's.
        ({2: "PENG W1", 3: "GANG"}, {}, ("WA", 2)),
        # A chow only from the next seat, checked after pongs.
        ({3: "CHI F2 F1"}, {}, ("WA", 3)),
        ({1: "CHI W4 W5"}, {}, ("WA", 1)),
        ({2: "CHI W2 W3", 3: "PENG W1"}, {}, ("WA", 3)),
        # Words split on single spaces: "PASS " is two words.
        ({2: "PASS "}, {}, ("WA", 2)),
        ({2: "PASS  "}, {}, ("WA", 2)),
    ],
)
def test_the_order_of_checks_on_a_discard(answers, verdicts, want):
    t = Table(SMALL)
    t.start()
    t.send({0: "PLAY F3"})
    out = t.send(answers, verdicts)
    assert (out["display"]["action"], out["display"]["player"]) == want


def test_the_first_claim_that_holds_ends_the_checking():
    # Seat 1's pong holds: seat 3's wrong chow (seat 3 is not next to seat 0) goes unchecked.
    t = Table(CLAIMS)
    t.start()
    t.send({0: "PLAY F2"})
    assert t.send({1: "PENG W5", 3: "CHI W1 W2"})["display"]["action"] == "PENG"


@pytest.mark.parametrize(
    ("answers", "verdicts", "want"),
    [
        ({0: "PLAY F3", 2: "HU"}, {3: "TLE"}, ("WA", 2)),  # seats 0–3: seat 2 first
        ({2: "HU"}, {}, ("WA", 0)),  # the drawer (seat 0) is checked before seat 2
        ({0: "PASS"}, {}, ("WA", 0)),  # the drawer must act
        ({0: "PLAY W9"}, {}, ("WA", 0)),  # a tile not held
        ({0: "GANG B1"}, {}, ("WA", 0)),
        ({0: "BUGANG B1"}, {}, ("WA", 0)),
        ({0: "PLAY F3", 1: "HU"}, {}, ("WA", 1)),  # the others must pass
        ({0: "HU"}, {}, ("WH", 0)),
        ({}, {0: "RE"}, ("RE", 0)),
    ],
)
def test_the_checks_on_a_draw(answers, verdicts, want):
    t = Table(SMALL)
    t.start()
    out = t.send(answers, verdicts)
    assert (out["display"]["action"], out["display"]["player"]) == want
    assert out["command"] == "finish"


def test_a_platform_verdict_scores_thirty():
    t = Table(SMALL)
    t.send()
    out = t.send(verdicts={2: "TLE"})
    assert shown(out) == {"action": "TLE", "player": 2, "score": [10, 10, -30, 10]}
    assert out["content"] == {"0": 10, "1": 10, "2": -30, "3": 10}


# Parts of 14: one draw each. Seat 3 draws the last W9 and plays it: the part after it
# (seat 0's) is empty.
LAST = [
    "W9 W9 B1 B2 B3 B4 B5 B6 B7 B8 T1 T2 T3 F1",
    "F2 F2 W5 F4 F4 J2 J2 J3 J3 T7 T8 T9 F3 F2",
    "W1 W2 W3 W4 W5 W6 T7 T8 T9 J1 J1 J1 W9 F3",
    "B9 B9 B9 T4 T5 T6 T4 T5 T6 W7 W7 W7 W8 W9",
]


def to_the_last_discard(last: str = "W9") -> Table:
    t = Table(LAST, length=14)
    t.start()
    for seat, tile in [(0, "F1"), (1, "F2"), (2, "F3")]:
        t.send({seat: f"PLAY {tile}"})
        t.send()
    t.send({3: f"PLAY {last}"})
    assert t.out["display"]["tileCnt"] == [0, 0, 0, 0]
    return t


def test_an_empty_part_forbids_pong_and_chow():
    assert to_the_last_discard().send({0: "PENG B1"})["display"]["action"] == "WA"
    t = to_the_last_discard()
    assert (t.send({0: "CHI W8 B1"})["display"]["action"]) == "WA"


def test_the_last_discard_is_won_with_its_moment():
    hu = to_the_last_discard().send({2: "HU"})
    assert hu["display"]["action"] == "HU" and "海底捞月" in fans(hu)
    f = hu["display"]["fanCnt"]
    assert hu["display"]["score"] == [-8, -8, 24 + f, -(8 + f)]


def test_the_drawer_with_an_empty_part_ends_the_game_drawn():
    out = to_the_last_discard().send()
    assert out["command"] == "finish"
    assert shown(out) == {"action": "HUANG", "tileCnt": [0, 0, 0, 0]}
    assert out["content"] == {"0": 0, "1": 0, "2": 0, "3": 0}


@pytest.mark.parametrize(("answers", "want"), [({1: "PENG B1"}, "WA"), ({2: "HU"}, "WH")])
def test_a_wrong_answer_to_a_last_discard_nobody_may_claim(answers, want):
    # Nobody may claim W8 (the engine has drawn the hand already): still judged, and scored.
    out = to_the_last_discard("W8").send(answers)
    seat = next(iter(answers))
    assert (out["display"]["action"], out["display"]["player"]) == (want, seat)
    assert out["display"]["score"] == [-30 if s == seat else 10 for s in range(4)]


def test_an_exposed_kong_from_an_empty_part_is_laid_and_the_game_drawn():
    # Parts of 15. Seat 0 has drawn its last tile when seat 2 plays W9: the part after seat
    # 2 (seat 3's) still holds one, so seat 0's kong stands; its replacement cannot be drawn.
    takes = [
        "W9 W9 W9 B1 B2 B3 B4 B5 B6 B7 T1 T2 T3 F1 F2",
        "F3 F3 W5 F4 F4 J2 J2 J3 J3 T7 T8 T9 J1 J1 J1",
        "W1 W2 W3 W4 W5 W6 T7 T8 T9 B9 B9 B9 W7 F3 W9",
        "T4 T5 T6 T4 T5 T6 W8 W8 W8 B8 B8 B8 W7 F2 F1",
    ]
    t = Table(takes, length=15)
    t.start()
    for seat, tile in [(0, "F1"), (1, "J1"), (2, "F3"), (3, "F2"), (0, "F2"), (1, "J1")]:
        t.send({seat: f"PLAY {tile}"})
        t.send()
    t.send({2: "PLAY W9"})
    gang = t.send({0: "GANG"})
    assert shown(gang) == {"action": "GANG", "player": 0, "tile": "W9", "tileCnt": [0, 0, 0, 1]}
    assert shown(t.send()) == {"action": "HUANG", "tileCnt": [0, 0, 0, 1]}


def test_no_kong_from_an_empty_part():
    t = Table(["B1 B1 B1 W2 W3 W4 W5 W6 W7 T1 T2 T3 F1 B1", "", "", ""], length=14)
    t.start()
    assert t.send({0: "GANG B1"})["display"]["action"] == "WA"


def test_flowers_are_dealt_and_drawn_as_their_own_turn():
    takes = [
        "B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 F1 H1 W5",
        "H2 F2 F2 W5 J1 J1 J2 J2 J3 J3 T7 T8 T9 F3 H3 B9",
        "",
        "",
    ]
    t = Table(takes, length=36, flowers=True)
    deal = t.send()
    assert deal["content"]["0"].startswith("1 0 1 0 0 B1 ") and deal["content"]["0"].endswith(
        " F1 H2"
    )
    assert deal["display"]["hand"][1][0] == "H2" and len(deal["display"]["hand"][1]) == 14
    assert deal["display"]["tileCnt"] == [23, 22, 23, 23]
    buhua = t.send()
    assert shown(buhua) == {
        "action": "BUHUA",
        "player": 0,
        "tile": "H1",
        "tileCnt": [22, 22, 23, 23],
    }
    assert buhua["content"] == {str(s): "3 0 BUHUA H1" for s in range(4)}
    assert t.send({0: "PASS"})["display"]["tile"] == "W5"
    # Nobody may claim B1: the engine has seat 1 draw at once, a flower (H3) then B9; the
    # discard's canHu still reads each hand as the discard left it.
    play = t.send({0: "PLAY B1"})
    assert play["display"]["canHu"] == [-3, -3, -3, -3]
    assert shown(t.send()) == {
        "action": "BUHUA",
        "player": 1,
        "tile": "H3",
        "tileCnt": [21, 21, 23, 23],
    }
    assert shown(t.send()) == {
        "action": "DRAW",
        "player": 1,
        "tile": "B9",
        "tileCnt": [21, 20, 23, 23],
    }


def test_the_program_replays_its_log():
    t = Table(CLAIMS)
    t.start()
    t.send({0: "PLAY F2"})
    last = t.send({1: "PENG W5"})
    assert botzone_judge({"initdata": t.initdata, "log": t.log[:-1]}) == last
    first = botzone_judge({"initdata": {"srand": 9}, "log": []})
    assert first["initdata"]["srand"] == 9 and len(first["initdata"]["walltiles"].split()) == 136
    again = BotzoneJudge(first["initdata"]).output()
    assert again["initdata"] == first["initdata"]


def test_check_lists_every_difference():
    t = Table(SMALL)
    t.start()
    t.send({0: "PLAY F3"})
    t.send({1: "HU"})
    log = json.loads(t.game_log())
    log["log"][-1]["output"]["display"]["score"] = [0, 0, 0, 0]
    log["log"][4]["output"]["content"]["0"] = "2 W1"
    got = botzone_check(log)
    assert [(d.turn, d.field) for d in got] == [(3, "content"), (5, "display.score")]
    assert got[1].logged == "[0,0,0,0]" and got[1].ours == "[10,-30,10,10]"


BAD = [
    ("not json", "not JSON"),
    ('{"log": [{"output": {}}]}', "ends with an output"),
    ('{"log": [{"0": {}}, {"output": {}}]}', "log[0] must be the judge's output"),
    ('{"log": [{"output": {}}, {"4": {"verdict": "OK", "response": "PASS"}}]}', 'seat "4"'),
    ('{"initdata": {"walltiles": "W1 X1"}}', 'unknown tile "X1"'),
    ('{"initdata": {"walltiles": "W1 W1 W1 W1 W1"}}', "more than 4"),
    ('{"initdata": {"walltiles": "W1 W2 W3 W4 W5 W6 W7 W8"}}', "too few tiles to deal"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_input_is_refused_by_name(text, message):
    with pytest.raises(BotzoneInputError, match=re.escape(message)) as e:
        botzone_judge(text)
    assert isinstance(e.value, KoudiandianError) and isinstance(e.value, ValueError)


@pytest.mark.parametrize(("text", "message"), BAD)
def test_the_cli_exits_2_on_bad_input(text, message):
    run = subprocess.run(
        [sys.executable, "-m", "koudiandian", "botzone", "judge"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2 and message in run.stderr and run.stdout == ""


BAD_LOGS = [
    ("not json", "not a game log"),
    ('{"log": [{"0": {}}, {"output": {}}]}', "log[0] must be the judge's output"),
    ('{"log": [{"output": {}}, {"output": {}}]}', "log[1]"),
    (
        '{"log": [{"output": {}}, {"4": {"verdict": "OK", "response": "PASS"}}, {"output": {}}]}',
        'seat "4"',
    ),
    ('{"initdata": {"walltiles": "W1 X1"}, "log": [{"output": {}}]}', 'unknown tile "X1"'),
    ('{"initdata": {"walltiles": "W1 W1 W1 W1 W1"}, "log": [{"output": {}}]}', "more than 4"),
    (
        '{"initdata": {"walltiles": "W1 W2 W3 W4 W5 W6 W7 W8"}, "log": [{"output": {}}]}',
        "too few tiles to deal",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_LOGS)
def test_the_check_exits_2_on_a_bad_log(tmp_path, text, message):
    log = tmp_path / "bad.json"
    log.write_text(text)
    run = subprocess.run(
        [sys.executable, "-m", "koudiandian", "botzone", "check", str(log)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2 and message in run.stderr, run.stderr


def test_the_cli_judges_and_checks(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "koudiandian", "botzone", "judge"],
        input=json.dumps({"initdata": {"walltiles": wall(SMALL), "quan": 2}}),
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(run.stdout)["content"]["1"] == "0 1 2"
    t = Table(SMALL)
    t.start()
    t.send({0: "PLAY F3"})
    t.send({1: "HU"})
    good = tmp_path / "good.json"
    good.write_text(t.game_log())
    run = subprocess.run(
        [sys.executable, "-m", "koudiandian", "botzone", "check", str(good)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0 and "1 of 1 games agree" in run.stdout
    bad = json.loads(t.game_log())
    bad["log"][-1]["output"]["display"]["action"] = "HU"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    run = subprocess.run(
        [sys.executable, "-m", "koudiandian", "botzone", "check", str(tmp_path / "bad.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1 and "display.action" in run.stdout


def test_the_judge_object_keeps_the_engines_game():
    t = Table(SMALL)
    j = t.judge
    assert (j.turn, j.finished) == (1, False)
    t.start()
    t.send({0: "PLAY F3"})
    assert j.turn == 4
    assert json.loads(j.log_json())[0]["type"] == "start_hand"
    game = j.game()
    assert game.phase() == "claim" and game.part_remaining() == [20, 21, 21, 21]  # 1 may pong
    t.send({1: "HU"})
    assert j.finished and j.game().is_over()
    with pytest.raises(BotzoneInputError, match="the game is over"):
        j.answer({s: {"verdict": "OK", "response": "PASS"} for s in range(4)})
    with pytest.raises(BotzoneInputError, match="does not exist"):
        BotzoneJudge({"srand": 1}).answer({"7": {"verdict": "OK", "response": "PASS"}})


def test_a_lone_surrogate_is_bad_input_named():
    first = botzone_judge({"initdata": {"srand": 1}, "log": []})
    answers = {str(s): {"verdict": "OK", "response": "PASS \ud800"} for s in range(4)}
    log = [{"output": first}, answers]
    with pytest.raises(BotzoneInputError, match=r"the judge's input: not UTF-8 text, .*'\\ud800'"):
        botzone_judge({"initdata": first["initdata"], "log": log})
    with pytest.raises(BotzoneInputError, match="the game log: not UTF-8 text"):
        botzone_check({"initdata": first["initdata"], "log": [*log, {"output": first}]})
    judge = BotzoneJudge(first["initdata"])
    with pytest.raises(BotzoneInputError, match="the answers: not UTF-8 text"):
        judge.answer(answers)
    assert judge.turn == 1  # the rejected answers changed nothing
    with pytest.raises(BotzoneInputError, match="initdata: not UTF-8 text"):
        BotzoneJudge({"walltiles": "W1 \ud800"})
