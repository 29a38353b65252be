"""A game under the botzone rule set and a Botzone log, one from the other, through
koudiandian's judge: round trips on seeded games of bots, the tiles' names, verdicts, and
the errors that name where a log and the judge part. With ``BOTZONE_OFFICIAL_JUDGE`` naming
the official judge's program, each log written is also judged by it, turn for turn."""

from __future__ import annotations

import json
from typing import Any

import pytest
from koudiandian import Game, Rules
from koudiandian.botzone import (
    BotzoneLog,
    botzone_log,
    engine_events,
    engine_game,
    read_botzone_log,
    tile_name,
)
from koudiandian.errors import BotzoneInputError

from tests.botzone.tables import Table, official, same_fields
from tests.botzone.test_judge import rob_to_the_added_kong
from tests.support.claiming_game import claiming_game


def _rules(**changes: Any) -> Rules:
    return Rules.preset("botzone").replace(**changes) if changes else Rules.preset("botzone")


def played(seed: int, rules: Rules | None = None) -> Game:
    """A hand under the botzone rules (or ``rules``) between bots that claim often
    (:func:`~tests.support.claiming_game.claiming_game`)."""
    return claiming_game(rules or _rules(), seed)


def _plain(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events, each seat's answers aside (a claim the game did not take is a PASS)."""
    return [e for e in events if e["type"] != "answer"]


def test_tile_names() -> None:
    names = [tile_name(k) for k in range(42)]
    assert names[:9] == [f"W{n}" for n in range(1, 10)]
    assert names[9] == "B1" and names[26] == "T9" and names[27:31] == ["F1", "F2", "F3", "F4"]
    assert names[31:34] == ["J3", "J2", "J1"]  # 白 发 中: Botzone's J1 is 中
    assert names[34:] == [f"H{n}" for n in range(1, 9)]
    with pytest.raises(BotzoneInputError, match="tile 42"):
        tile_name(42)


@pytest.mark.parametrize("seed", range(40))
def test_a_game_to_a_botzone_log_and_back(seed: int) -> None:
    game = played(seed, _rules(quan=("east", "south", "west", "north")[seed % 4]))
    log = botzone_log(game.events)
    assert log.finished
    assert log.initdata["quan"] == seed % 4
    assert len(log.initdata["walltiles"].split()) == len(game.events[0]["wall"])
    again = read_botzone_log(log.to_json())
    assert again == log
    events = engine_events(again)  # each logged output checked against the judge's
    assert _plain(events) == _plain(game.events)
    replayed = engine_game(again)
    assert replayed.result == game.result and replayed.events == events
    assert botzone_log(game) == log  # the Game itself, or its events
    # the judge's scores are the engine's deltas
    scores = log.outputs[-1]["content"]
    assert [scores[str(s)] for s in range(4)] == list(game.result.deltas)
    _official_agrees(log)


def _official_agrees(log: BotzoneLog) -> None:
    """With ``BOTZONE_OFFICIAL_JUDGE`` naming the official judge's program: it gives the
    log's outputs too, turn for turn, from the log's answers."""
    if official(log.initdata, []) is None:
        return
    for turn, logged in enumerate(log.outputs):
        theirs = official(log.initdata, list(log.entries[: 2 * turn]))
        assert theirs is not None and same_fields(theirs, logged), f"turn {turn + 1}"


def test_every_answer_kind_is_written() -> None:
    said: set[str] = set()
    for seed in range(40):
        log = botzone_log(played(seed).events)
        for answers in log.answers:
            said |= {a["response"].split()[0] for a in answers.values() if "response" in a}
    assert {"PASS", "PLAY", "PENG", "CHI", "GANG", "HU"} <= said


def test_the_144_tile_game_with_flowers() -> None:
    game = played(3, _rules(flowers=True))
    log = botzone_log(game.events)
    assert len(log.initdata["walltiles"].split()) == 144
    assert any(
        "BUHUA" in r for o in log.outputs for r in o["content"].values() if isinstance(r, str)
    )
    assert _plain(engine_events(log)) == _plain(game.events)
    _official_agrees(log)


def test_an_unfinished_hand_gives_a_log_that_stops() -> None:
    game = played(5)
    events = game.events
    cut = next(i for i, e in enumerate(events) if e["type"] == "discard" and i > 30)
    log = botzone_log(events[:cut])
    assert not log.finished
    assert _plain(engine_events(log)) == _plain(events[:cut])


def test_a_verdict_is_written_as_the_answer_that_earns_it() -> None:
    game = played(7)
    log = read_botzone_log(botzone_log(game.events).to_json())
    document = json.loads(log.to_json())
    # seat 2 answers nonsense to its first draw: WA, the game ends there
    turn = next(t for t, o in enumerate(log.outputs) if o["content"]["2"].startswith("2 ")) + 1
    cut = document["log"][: 2 * turn]
    cut[-1]["2"] = {"verdict": "OK", "response": "NONSENSE"}
    wa = engine_events(json.dumps({"initdata": document["initdata"], "log": cut}))
    assert wa[-2]["type"] == "verdict" and wa[-2]["seat"] == 2
    assert Game.replay(wa).is_over
    back = botzone_log(wa)
    assert back.outputs[-1]["command"] == "finish"
    assert back.outputs[-1]["content"] == {"0": 10, "1": 10, "2": -30, "3": 10}
    # a bot the platform failed (TLE): written as that verdict
    cut[-1]["2"] = {"verdict": "TLE"}
    tle = engine_events(json.dumps({"initdata": document["initdata"], "log": cut}))
    assert botzone_log(tle).answers[-1]["2"] == {"verdict": "TLE"}


def test_a_log_the_judge_does_not_play_as_logged_is_refused_naming_the_turn() -> None:
    document = json.loads(botzone_log(played(2).events).to_json())
    document["log"][6]["output"]["content"]["1"] = "3 0 DRAW"  # turn 4's request, changed
    with pytest.raises(BotzoneInputError, match="turn 4: the log's judge gave content"):
        engine_events(json.dumps(document))
    assert engine_events(json.dumps(document), check=False)  # the answers alone replay


def test_answers_after_the_end_are_refused() -> None:
    document = json.loads(botzone_log(played(2).events).to_json())
    passes = {s: {"verdict": "OK", "response": "PASS"} for s in "0123"}
    with pytest.raises(BotzoneInputError, match="finished the game, yet the log goes on"):
        engine_events(json.dumps({**document, "log": [*document["log"], passes]}))
    # a log whose judge went on where ours finished
    turn = len(document["log"]) // 2 + 1
    document["log"][-1] = {
        "output": {"command": "request", "content": {s: "3 0 DRAW" for s in "0123"}}
    }
    document["log"].append(passes)
    with pytest.raises(BotzoneInputError, match="answers after the judge finished the game"):
        engine_events(json.dumps(document), check=False)
    with pytest.raises(BotzoneInputError, match=f"turn {turn}: the log's judge gave command"):
        engine_events(json.dumps(document))


def test_a_game_under_other_rules_or_a_seats_log_is_refused() -> None:
    game = Game(Rules(profile="guobiao"), seed=1)
    with pytest.raises(BotzoneInputError, match="not the botzone rule set"):
        botzone_log(game.events)
    with pytest.raises(BotzoneInputError, match="no wall"):
        botzone_log(played(1).events_for(0))
    with pytest.raises(BotzoneInputError, match="start_hand"):
        botzone_log([])


def _golden_logs() -> list[str]:
    """The golden games judged by the official judge (tests/golden/botzone/), one JSON
    Botzone log a line."""
    import gzip
    from pathlib import Path

    folder = Path(__file__).parent.parent / "golden" / "botzone"
    lines: list[str] = []
    for path in sorted(folder.glob("*.jsonl*")):
        opened = gzip.open(path, "rt") if path.suffix == ".gz" else path.open()
        with opened as f:
            lines += [line for line in f if line.strip()]
    return lines


def test_the_official_judges_games_convert_both_ways() -> None:
    """Each golden game, played by third-party bots under the official judge: our judge
    plays it as logged (every output checked), and the game written back as a Botzone log
    makes our judge give the same outputs, turn for turn (claims that lost and answers never
    checked become PASS, which changes nothing). A game a verdict ended may come back
    shorter: the engine's log does not tell at which of the turns with no event between
    them the seat failed, and the verdict is written at the first (the same game and
    scores)."""
    logs = _golden_logs()
    if not logs:
        pytest.skip("no golden Botzone games (tests/golden/botzone/)")
    for n, text in enumerate(logs):
        log = read_botzone_log(text)
        events = engine_events(log)
        back = botzone_log(events)
        assert _plain(engine_events(back)) == _plain(events), f"game {n}"
        theirs = [(o["command"], o["content"]) for o in log.outputs]
        ours = [(o["command"], o["content"]) for o in back.outputs]
        if events[-2]["type"] == "verdict":
            assert ours[-1] == theirs[-1] and ours[:-1] == theirs[: len(ours) - 1], f"game {n}"
        else:
            assert ours == theirs, f"game {n}: the outputs part"


def _both_ways(table: Table) -> None:
    """A hand-written game of the judge's tests, converted to the engine's game and back:
    the same outputs, turn for turn."""
    log = read_botzone_log(table.game_log())
    back = botzone_log(engine_events(log))
    assert [(o["command"], o["content"]) for o in back.outputs] == [
        (o["command"], o["content"]) for o in log.outputs
    ]


def test_robbing_an_added_kong_and_a_kongs_replacement_win_convert_both_ways() -> None:
    robbed = rob_to_the_added_kong()
    robbed.send({2: "HU"})
    _both_ways(robbed)
    kong = Table(["W1 W1 W1 B2 B3 B4 T5 T6 T7 F1 F1 J1 J1 W1 F1", "", "", ""])
    kong.start()
    kong.send({0: "GANG W1"})
    kong.send()
    assert kong.send({0: "HU"})["command"] == "finish"
    _both_ways(kong)


def test_a_game_the_judge_does_not_play_as_given_is_refused_naming_the_event() -> None:
    events = played(4).events
    n = next(i for i, e in enumerate(events) if e["type"] == "discard" and i > 20)
    held = {e["tile"] for e in events[:n] if e["type"] == "draw" and e["seat"] == events[n]["seat"]}
    edited = [dict(e) for e in events]
    edited[n]["tile"] = next(k for k in range(34) if k not in held and k != events[n]["tile"])
    with pytest.raises(BotzoneInputError, match="the judge's game parts from the given one"):
        botzone_log(edited)
