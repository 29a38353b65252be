"""A newcomer's last stumbles (issue 36), each tried as a new user would: a match named by
its rules' text, the game server's action object given to ``Game.step``, the match driver
asked for its next hand without the rules it holds, and a local Ray run without Ray's
notice that it turned token authentication on."""

from __future__ import annotations

import json
import logging
import pickle
from typing import Any

import pytest
from koudiandian import (
    Action,
    ActionKind,
    ArgumentTypeError,
    Game,
    IllegalActionError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidTileError,
    KoudiandianError,
    Match,
    NotYourTurnError,
    Rules,
    Tile,
    _core,
)
from koudiandian.action import read_action
from koudiandian.server.protocol import parse_action


@pytest.mark.parametrize(
    ("text", "rules"),
    [("taiyuan", Rules.preset("taiyuan")), ("hebei,pao", Rules.parse("hebei,pao"))],
)
def test_a_match_takes_its_rules_as_text_as_a_game_does(text: str, rules: Rules) -> None:
    match = Match(text, seed=3)
    assert match.rules == rules == Game(text, seed=3).rules
    assert match.games[0].rules == rules
    assert Match(rules, seed=3).games[0].events == match.games[0].events


def test_a_match_refuses_what_is_no_rules_naming_what_to_pass() -> None:
    with pytest.raises(InvalidArgumentError, match="a Rules or a preset name, got int"):
        Match(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        Match("no_such_rules")


def test_a_game_steps_with_the_servers_action_object() -> None:
    by_object, by_action = Game("taiyuan", seed=7), Game("taiyuan", seed=7)
    by_object.step(0, {"kind": "discard", "tile": 7})
    by_action.step(0, Action(ActionKind.DISCARD, Tile.M8))
    assert by_object == by_action
    seat = by_object.to_act[0]
    other = Game("taiyuan", seed=7)
    other.step(0, "discard 8m")
    assert other == by_object
    # Every shape the server takes, and to_dict's, names the same action.
    for action in by_object.legal_actions(seat):
        assert read_action(action.to_dict()) == action == read_action(str(action))


@pytest.mark.parametrize(
    ("action", "error", "words"),
    [
        ({"kind": "discard"}, IllegalActionError, "needs a tile"),
        ({"kind": "discard", "tile": 7, "decision": 1}, IllegalActionError, "{'kind', 'tile'}"),
        ({"tile": 7}, IllegalActionError, "{'kind', 'tile'}"),
        ({"kind": "fly"}, IllegalActionError, "unknown action kind 'fly'"),
        ({"kind": "discard", "tile": "0z"}, InvalidTileError, "0z"),
        ({"kind": "discard", "tile": 34}, IllegalActionError, "invalid tile 34"),
        ({"kind": "pass", "tile": 3}, IllegalActionError, "takes no tile"),
        (7, ArgumentTypeError, "an object {'kind', 'tile'}, got 7"),
        (None, ArgumentTypeError, "got None"),
    ],
)
def test_a_bad_action_object_is_refused_as_the_server_refuses_it(
    action: Any, error: type[KoudiandianError], words: str
) -> None:
    game = Game("taiyuan", seed=7)
    before = game.to_json()
    with pytest.raises(error) as raised:
        game.step(0, action)
    assert words in str(raised.value)
    assert game.to_json() == before
    # The server reads the same object with the same function: the same words, each
    # refusal an IllegalActionError; a value of another JSON type it shows as JSON (as the
    # client wrote it: null, not None).
    with pytest.raises(IllegalActionError) as served:
        parse_action(action)
    if isinstance(action, dict):
        assert str(served.value) == str(raised.value)
    else:
        assert str(served.value).endswith(f"or text, got {json.dumps(action)}")


def test_an_action_object_for_a_seat_not_to_act_is_not_its_turn() -> None:
    game = Game("taiyuan", seed=7)
    with pytest.raises(NotYourTurnError):
        game.step(1, {"kind": "discard", "tile": 7})
    with pytest.raises(InvalidArgumentError):
        game.step(4, {"kind": "discard", "tile": 7})


def test_a_match_steps_with_the_servers_action_object() -> None:
    match = Match("taiyuan", seed=7, length=1)
    seat = match.to_act[0]
    action = match.legal_actions(seat)[0]
    match.step(seat, action.to_dict())
    assert match.games[0].events[-1]["type"] != "start_hand"


@pytest.mark.parametrize("preset", ["taiyuan", "guobiao"])
def test_the_match_driver_deals_without_being_given_its_rules(preset: str) -> None:
    rules = Rules.preset(preset)
    driver = _core.MatchDriver(rules, None, 11)
    told = _core.MatchDriver(rules, None, 11)
    hand, same = driver.next_hand(), told.next_hand(rules)
    assert hand is not None and same is not None
    assert (hand.number, hand.seed, hand.dealer, hand.prevalent_wind) == (
        same.number,
        same.seed,
        same.dealer,
        same.prevalent_wind,
    )
    # A copy keeps the rules too.
    copied = pickle.loads(pickle.dumps(driver)).next_hand()
    assert copied is not None and copied.seed == hand.seed
    with pytest.raises(InvalidArgumentError, match="the match's"):
        driver.next_hand(Rules.preset("changsha"))


def test_a_guobiao_match_plays_its_winds_with_the_driver_keeping_the_rules() -> None:
    match = Match("guobiao", seed=2, length=5)
    while not match.is_over:
        seat = match.to_act[0]
        match.step(seat, match.default_action(seat))
    winds = [g.prevalent_wind for g in match.games]
    assert len(winds) == 5 and winds[:4] == [0, 0, 0, 0] and winds[4] == 1


def test_local_ray_runs_leave_out_only_rays_notice_that_token_auth_is_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from koudiandian.scaleout import _RAY_AUTH_LOGGER, _quiet_auth_notice

    logger = logging.getLogger(_RAY_AUTH_LOGGER)
    with caplog.at_level(logging.WARNING, logger=_RAY_AUTH_LOGGER), _quiet_auth_notice():
        logger.warning(
            "Token authentication is enabled for this Ray cluster. Set RAY_AUTH_MODE=disabled "
            "to opt out."
        )
        logger.warning("Token authentication is disabled for this Ray cluster. Anyone ...")
        logger.error("no authentication token was found")
    shown = [r.getMessage() for r in caplog.records]
    assert shown == [
        "Token authentication is disabled for this Ray cluster. Anyone ...",
        "no authentication token was found",
    ]
    # Outside a run, Ray's logger is as it was.
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger=_RAY_AUTH_LOGGER):
        logger.warning("Token authentication is enabled for this Ray cluster.")
    assert len(caplog.records) == 1


def test_a_local_ray_run_prints_no_token_notice(capfd: pytest.CaptureFixture[str]) -> None:
    ray = pytest.importorskip("ray")
    from koudiandian import simulate

    assert not ray.is_initialized()
    summary = simulate(8, seed=1, backend="ray")
    assert summary.hands == 8
    assert "Token authentication is enabled" not in capfd.readouterr().err
