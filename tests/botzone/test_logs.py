"""The Botzone log format: read in each of its shapes, checked, and written back."""

from __future__ import annotations

import json
from typing import Any

import pytest
from koudiandian.botzone import BotzoneLog, is_botzone_log, read_botzone_log
from koudiandian.errors import BotzoneInputError, KoudiandianError

WALL = " ".join(["W1"] * 136)
INITDATA = {"srand": 7, "quan": 2, "walltiles": WALL}


def _request(*texts: str) -> dict[str, Any]:
    return {
        "output": {
            "command": "request",
            "content": {str(s): t for s, t in enumerate(texts)},
            "display": {"action": "INIT"},
        },
        "time": 1,
        "memory": 2,
        "verdict": "OK",
    }


def _answers(*responses: str) -> dict[str, Any]:
    return {str(s): {"verdict": "OK", "response": r, "time": 3} for s, r in enumerate(responses)}


INIT = _request(*(f"0 {s} 2" for s in range(4)))
PASSES = _answers("PASS", "PASS", "PASS", "PASS")
FINISH = {"output": {"command": "finish", "content": {"0": -30, "1": 10, "2": 10, "3": 10}}}


def test_the_judges_input_reads_and_writes_back() -> None:
    text = json.dumps({"initdata": INITDATA, "log": [INIT, PASSES]})
    log = read_botzone_log(text)
    assert log.initdata == INITDATA
    assert log.outputs == [INIT["output"]]
    assert log.answers == [PASSES]
    assert log.responses(0) == {0: "PASS", 1: "PASS", 2: "PASS", 3: "PASS"}
    assert not log.finished
    assert read_botzone_log(log.to_json()) == log
    assert json.loads(log.to_json()) == {"initdata": INITDATA, "log": [INIT, PASSES]}
    assert log.judge_input(0) == {"initdata": INITDATA, "log": []}


def test_a_match_log_takes_initdata_from_its_first_output() -> None:
    first = json.loads(json.dumps(INIT))
    first["output"]["initdata"] = INITDATA
    failed = {"0": {"verdict": "TLE"}, "1": PASSES["1"], "2": PASSES["2"], "3": PASSES["3"]}
    log = read_botzone_log([first, failed, FINISH])
    assert log.initdata == INITDATA
    assert log.finished
    assert log.responses(0)[0] is None  # the bot failed: no response
    assert is_botzone_log([first, failed, FINISH])


def test_initdata_kept_as_text_and_the_logs_key() -> None:
    # Botzone keeps initdata as JSON text; its match page's log comes as "logs".
    log = read_botzone_log({"initdata": json.dumps(INITDATA), "logs": [INIT]})
    assert log.initdata == INITDATA and len(log.entries) == 1


@pytest.mark.parametrize(
    ("document", "says"),
    [
        ("{", "not JSON"),
        ({"initdata": INITDATA}, "is not a Botzone log"),
        (42, "a JSON int"),
        ({"initdata": INITDATA, "log": {"0": 1}}, "not a list"),
        ({"log": [INIT, PASSES]}, "no 'initdata'"),
        ({"initdata": {"quan": 0}, "log": []}, "'walltiles' is None"),
        ({"initdata": {**INITDATA, "quan": 4}, "log": []}, "'quan' is 4"),
        ({"initdata": {**INITDATA, "srand": "x"}, "log": []}, "'srand' is 'x'"),
        ({"initdata": "{x", "log": []}, "'initdata' is text that is not JSON"),
        ({"initdata": INITDATA, "log": [PASSES]}, "log[0] (turn 1) holds the bots' answers where"),
        ({"initdata": INITDATA, "log": [INIT, INIT]}, "log[1] (turn 1) is a judge's output where"),
        ({"initdata": INITDATA, "log": [FINISH, PASSES]}, "finished the game, yet the log goes on"),
        ({"initdata": INITDATA, "log": [INIT, {"0": PASSES["0"]}]}, "the judge asked seats"),
        (
            {"initdata": INITDATA, "log": [INIT, {**PASSES, "1": {"response": "PASS"}}]},
            "no 'verdict'",
        ),
        ({"initdata": INITDATA, "log": [INIT, {**PASSES, "2": {"verdict": "OK"}}]}, "not text"),
        ({"initdata": INITDATA, "log": [{"output": {"command": "go", "content": {}}}]}, "'go'"),
        (
            {
                "initdata": INITDATA,
                "log": [{"output": {"command": "request", "content": {"5": "x"}}}],
            },
            "keyed by seats",
        ),
        ({"initdata": INITDATA, "log": [_request("0 0 0", "0 1 0", 3, "0 3 0")]}, "is 3, not text"),
        ({"initdata": INITDATA, "log": [INIT, [1]]}, "log[1] (turn 1) is a JSON list"),
    ],
)
def test_a_bad_log_is_refused_saying_what_and_where(document: Any, says: str) -> None:
    text = document if isinstance(document, str) else json.dumps(document)
    with pytest.raises(BotzoneInputError) as caught:
        read_botzone_log(text)
    assert says in str(caught.value)
    assert isinstance(caught.value, KoudiandianError) and isinstance(caught.value, ValueError)


def test_turns_asked_beyond_the_log_are_refused() -> None:
    log = read_botzone_log({"initdata": INITDATA, "log": [INIT, PASSES]})
    with pytest.raises(BotzoneInputError, match="turn 1: the log holds answers to 1 turns"):
        log.responses(1)
    with pytest.raises(BotzoneInputError, match="2 turns asked for"):
        log.judge_input(2)


def test_a_match_object_without_initdata_beside_its_log() -> None:
    first = json.loads(json.dumps(INIT))
    first["output"]["initdata"] = INITDATA
    match = {"_id": "5e37dcf74019f43051e53201", "log": [first, PASSES]}
    assert is_botzone_log(match)
    assert read_botzone_log(match).initdata == INITDATA


def test_shapes_that_are_not_botzone_logs() -> None:
    assert not is_botzone_log({"hand": 0, "log": [{"type": "start_hand"}]})
    assert not is_botzone_log([{"type": "start_hand"}])
    assert not is_botzone_log({"format": "koudiandian-game", "events": []})
    assert not is_botzone_log([])
    assert isinstance(read_botzone_log({"initdata": INITDATA, "log": []}), BotzoneLog)
