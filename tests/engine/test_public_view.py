"""The spectator's log and view, the table's view and the replay entry, as the core gives
them to ``Game``: ``Game.events_for(None)``, ``Game.table_view``, ``Game.event_count``,
``Game.engine``, and ``Game.replay``'s messages naming the event."""

from __future__ import annotations

import json
from typing import Any

import pytest
from koudiandian import Game, InvalidEventLogError, Rules, _core
from koudiandian.bots import GreedyBot
from koudiandian.game import replay_decisions


def _played(rules: str, seed: int, steps: int | None = None) -> Game:
    game = Game(Rules.parse(rules), seed=seed)
    bot = GreedyBot()
    while not game.is_over and (steps is None or steps > 0):
        seat = game.to_act[0]
        game.step(seat, bot.act(game.view(seat), game.legal_actions(seat)))
        steps = None if steps is None else steps - 1
    return game


@pytest.mark.parametrize("rules", ["taiyuan", "hebei", "changsha"])
def test_the_public_log_holds_no_seats_secrets(rules: str) -> None:
    game = _played(rules, 5)
    public = game.events_for(None)
    assert len(public) == game.event_count - sum(e["type"] == "answer" for e in game.events)
    for e in public:
        assert e["type"] != "answer" and "wall" not in e
        if e["type"] == "start_hand":
            assert e["hand"] == [] and e["wall_size"] == len(game._wall)
        if e["type"] in ("draw", "concealed_kong"):
            assert e["tile"] is None
        if e["type"] == "discard":
            assert "auto" not in e and (e["tile"] is None) == e["declare"]


def test_the_table_view_of_a_seat_and_of_a_spectator() -> None:
    game = _played("taiyuan", 3, steps=12)
    sizes = [len(game.hand(s)) for s in range(4)]
    for seat in range(4):
        view = game.table_view(seat)
        assert view["seat"] == seat and view["hand_sizes"] == sizes
        assert view["hand"] == [int(t) for t in game.view(seat).hand]
    public = game.table_view(None)
    assert public["seat"] is None and public["hand_sizes"] == sizes
    assert public["hand"] == [] and public["drawn"] is None and public["legal_actions"] == []
    assert public["winning_tiles"] is None and public["passed_win"] is False


@pytest.mark.parametrize("rules", ["taiyuan", "double_wildcard", "hebei", "changsha", "guobiao"])
def test_the_seats_tingkou_comes_from_the_engine_as_the_view_says(rules: str) -> None:
    """``waits`` and ``ready_discards`` of a seat's table view are its ``SeatView``'s
    winning tiles and ready discards (one place computes them: the engine), and
    ``table_view_json`` writes the same view, with the decision added. A wait's points
    are its profile's value for the tile (``None`` where the profile values no tile)."""
    profile = Rules.parse(rules)
    game = Game(profile, seed=11)
    bot = GreedyBot()
    seen_ready = 0
    while not game.is_over:
        for seat in range(4):
            table = game.table_view(seat)
            view = game.view(seat)
            wins = view.winning_tiles
            assert table["waits"] == (
                None
                if wins is None
                else [{"tile": int(t), "points": profile.tile_points(t)} for t in wins]
            )
            discarding = any(a["kind"] in ("discard", "declare") for a in table["legal_actions"])
            expected = [
                {
                    "discard": int(r.discard),
                    "winning_tiles": [
                        {"tile": int(t), "points": profile.tile_points(t)} for t in r.winning_tiles
                    ],
                    "wildcard_points": r.wildcard_points,
                    "declarable": r.declarable,
                }
                for r in (view.ready_discards() if discarding else [])
            ]
            assert table["ready_discards"] == expected
            seen_ready += len(expected)
            assert json.loads(game.table_view_json(seat, 7)) == {**table, "decision": 7}
        public = game.table_view(None)
        assert public["waits"] is None and public["ready_discards"] == []
        seat = game.to_act[0]
        game.step(seat, bot.act(game.view(seat), game.legal_actions(seat)))
    assert seen_ready > 0


def test_a_seat_not_asked_waits_and_an_asked_one_sees_the_claim() -> None:
    for seed in range(40):
        game = Game(Rules.preset("taiyuan"), seed=seed)
        bot = GreedyBot()
        while not game.is_over:
            if game.phase == "claim":
                for s in range(4):
                    view = game.table_view(s)
                    if s in game.to_act:
                        assert view["phase"] == "claim" and view["claim_tile"] is not None
                    else:
                        assert (view["phase"], view["claim_tile"]) == ("wait", None)
                assert game.table_view(None)["phase"] == "wait"
                return
            seat = game.to_act[0]
            game.step(seat, bot.act(game.view(seat), game.legal_actions(seat)))
    pytest.fail("no claim in 40 hands")


def test_the_engine_and_the_event_count() -> None:
    game = _played("taiyuan", 1, steps=5)
    assert isinstance(game.engine, _core.GameCore)
    assert game.event_count == len(game.events) == game.engine.event_count()
    assert tuple(game.engine.to_act()) == game.to_act


def test_replay_decisions_takes_the_logged_decisions_in_order() -> None:
    game = _played("hebei", 2)
    events = game.events
    start = events[0]
    twin = Game(
        game.rules, dealer=start["dealer"], wall=start["wall"], wildcards=start["wildcards"]
    )
    taken: list[tuple[int, str]] = []

    def step(seat: int, action: Any) -> None:
        taken.append((seat, str(action)))
        twin.step(seat, action)

    replay_decisions(events, step)
    assert twin.events == events and len(taken) > 10
    bad = [dict(e) for e in events]
    n = next(i for i, e in enumerate(bad) if e["type"] == "discard" and not e["auto"])
    del bad[n]["declare"]
    with pytest.raises(
        InvalidEventLogError, match=f"^hand 3, event {n} \\(discard\\) is malformed"
    ):
        replay_decisions(bad, step, where="hand 3, ")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda log: log.append(log[1]), "event .* differs|cannot be replayed"),
        (lambda log: log[0].update(dice=[[7, 1]]), "'dice' must be"),
        (lambda log: log[0].update(rules={"profile": "nope"}), "nope"),
        (lambda log: log[0]["rules"].update(dealer_bonus="yes"), "dealer_bonus"),
        (lambda log: log[3].update(type=5), "event 3 has unknown type 5"),
        (lambda log: log.insert(2, log[0]), "event 2 is a second 'start_hand'"),
        (lambda log: log[2].update(extra=2**70), "event 2 cannot be read"),
    ],
)
def test_a_bad_log_names_the_event_and_what_is_wrong(edit: Any, message: str) -> None:
    log = _played("taiyuan", 4).events
    edit(log)
    with pytest.raises(InvalidEventLogError, match=message):
        Game.replay(log)


@pytest.mark.parametrize("rules", ["taiyuan", "hebei,pao", "changsha"])
def test_a_log_kept_in_parts_is_the_whole_log(rules: str) -> None:
    """``events_for(seat, start)`` renders the events from index ``start`` of the full log:
    logs extended step by step equal the whole logs; while the seats bid (``deal_shown``
    false) the start_hand event is filled in later, so such a log is rendered again."""
    game = Game(Rules.parse(rules), seed=3)
    bot = GreedyBot()
    viewers: list[int | None] = [None, 0, 1, 2, 3]
    kept: dict[int | None, tuple[int, list[Any], bool]] = {v: (0, [], False) for v in viewers}
    bids = 0
    while True:
        for v in viewers:
            done, log, shown = kept[v]
            log = log + game.events_for(v, done) if shown else game.events_for(v, 0)
            kept[v] = (game.event_count, log, game.deal_shown)
            assert log == game.events_for(v)
        assert game.events_for(0, game.event_count + 5) == []
        bids += not game.deal_shown
        if game.is_over:
            break
        seat = game.to_act[0]
        game.step(seat, bot.act(game.view(seat), game.legal_actions(seat)))
    assert (bids > 0) == rules.endswith("pao")


@pytest.mark.parametrize("rules", ["taiyuan", "hebei,pao", "changsha", "guobiao"])
def test_the_engine_writes_a_viewers_events_as_json_writes_them(rules: str) -> None:
    """``events_for_json(viewer, start)`` (an exec bot's frames) is ``events_for``'s
    events, each written exactly as ``json.dumps`` writes the protocol (compact, UTF-8
    kept), at every step of a hand and for every viewer."""
    game = Game(Rules.parse(rules), seed=5)
    bot = GreedyBot()
    while True:
        for v in (None, 0, 1, 2, 3):
            start = max(0, game.event_count - 3)
            texts = game.engine.events_for_json(v, start)
            dicts = game.events_for(v, start)
            assert texts == [
                json.dumps(e, separators=(",", ":"), ensure_ascii=False) for e in dicts
            ]
        if game.is_over:
            break
        seat = game.to_act[0]
        game.step(seat, bot.act(game.view(seat), game.legal_actions(seat)))
    assert game.engine.events_for_json(0, game.event_count) == []


def test_a_log_start_is_an_index() -> None:
    from koudiandian import ArgumentTypeError, InvalidArgumentError

    game = Game(Rules.parse("taiyuan"), seed=1)
    with pytest.raises(InvalidArgumentError):
        game.events_for(0, -1)
    with pytest.raises(ArgumentTypeError):
        game.events_for(0, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        game.events_for(0, True)
    with pytest.raises(InvalidArgumentError):
        game.events_for(4, 0)
