"""What a new user trips over (issue 14): the package's surfaces around the engine."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import typing
from collections.abc import Callable
from typing import Any

import pytest
from koudiandian import (
    Action,
    ActionKind,
    ArgumentTypeError,
    Game,
    HandResult,
    IllegalActionError,
    InvalidEventLogError,
    KoudiandianError,
    Match,
    Meld,
    MeldError,
    MeldView,
    Phase,
    Rules,
    Tile,
    format_tiles,
    is_win,
    parse_tiles,
    shanten,
    simulate,
    winning_tiles,
)
from koudiandian.bots import GreedyBot
from koudiandian.play import play_terminal, render


def test_importing_the_main_module_runs_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import koudiandian.__main__"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_match_scores_cannot_be_changed_from_outside() -> None:
    m = Match(Rules(), seed=5, length=2)
    while not m.is_over:
        seat = m.to_act[0]
        m.step(seat, m.legal_actions(seat)[0])
    scores = m.scores
    assert isinstance(scores, tuple) and len(scores) == 4 and sum(scores) == 0
    with pytest.raises(TypeError):
        m.scores[0] = 999  # type: ignore[index]
    assert m.scores == scores
    assert m.scores == tuple(sum(r.deltas[s] for r in m.results) for s in range(4))


@pytest.mark.parametrize("tile", [99, 34, -1])
def test_an_action_with_a_tile_out_of_range_names_it(tile: int) -> None:
    with pytest.raises(IllegalActionError, match=f"^invalid tile {tile}; expected 0–33$"):
        Action(ActionKind.DISCARD, tile)
    with pytest.raises(IllegalActionError, match="DISCARD needs a tile, got None"):
        Action(ActionKind.DISCARD)


def test_a_replayed_discard_out_of_range_names_the_tile() -> None:
    game = Game(Rules(), seed=2)
    game.step(0, Action(ActionKind.DISCARD, game.view(0).hand[0]))
    events = game.events
    discard = next(e for e in events if e["type"] == "discard")
    discard["tile"] = 99
    with pytest.raises(InvalidEventLogError, match="invalid tile 99; expected 0–33"):
        Game.replay(events)


def _play(seed: int, *, seat: int = 0, answers: list[str] | None = None, **kw: Any) -> str:
    """The text of a game played in the terminal by a person who answers ``answers`` and
    then always picks the first option."""
    out = io.StringIO()
    replies = iter(answers or [])
    options: dict[str, Any] = {
        "rules": Rules(),
        "bots": ["greedy"] * 3,
        "style": "mpsz",
        "match": False,
    }
    options.update(kw)
    code = play_terminal(
        seed=seed, seat=seat, out=out, read=lambda: next(replies, "1") + "\n", **options
    )
    assert code == 0
    return out.getvalue()


def _first_option_game(seed: int, seat: int, prefer: ActionKind | None = None) -> Game:
    """The game :func:`_play` plays: greedy bots, and the person always picking option 1
    (or an action of kind ``prefer`` when there is one)."""
    game = Game(Rules(), seed=seed)
    bots = [GreedyBot() for _ in range(4)]
    while not game.is_over:
        s = game.to_act[0]
        legal = game.legal_actions(s)
        if s == seat:
            action = next((a for a in legal if a.kind is prefer), legal[0])
        else:
            action = bots[s].act(game.view(s), legal)
        game.step(s, action)
    return game


@pytest.mark.parametrize("seed, seat", [(3, 0), (11, 2)])
def test_play_reports_every_bot_action(seed: int, seat: int) -> None:
    text = _play(seed, seat=seat)
    game = _first_option_game(seed, seat)
    bot_events = [
        e
        for e in game.events_for(seat)
        if e.get("seat") not in (None, seat) and e["type"] not in ("draw", "answer")
    ]
    reported = [line for line in text.splitlines() if re.search(r"· seat \d ", line)]
    assert len(reported) == len(bot_events)
    assert any(e["type"] in ("pong", "kong") for e in bot_events)  # a claim happened
    discards = [e for e in bot_events if e["type"] == "discard"]
    assert sum(" discards " in line or " declares " in line for line in reported) == len(discards)


def _player(out: io.StringIO, prefer: str = "declare") -> Callable[[], str]:
    """A person who takes the option starting with ``prefer`` when there is one, else the
    first option, and goes on to the next hand of a match."""

    def read() -> str:
        text = out.getvalue()
        if text.endswith("press Enter for the next hand (q to quit): "):
            return "\n"
        options = text[text.rfind("──") :]
        found = re.search(rf"^ +(\d+)\. {prefer}", options, re.M)
        return (found.group(1) if found else "1") + "\n"

    return read


def _play_with(seed: int, seat: int, *, match: bool = False, rules: Rules | None = None) -> str:
    out = io.StringIO()
    code = play_terminal(
        rules=Rules() if rules is None else rules,
        seed=seed,
        seat=seat,
        bots=["greedy"] * 3,
        style="mpsz",
        match=match,
        out=out,
        read=_player(out),
    )
    assert code == 0
    return out.getvalue()


def test_play_shows_whose_turn_the_declare_waits_and_automatic_moves() -> None:
    text = _play_with(6, 1)
    assert "▶ your turn\n" in text
    assert (
        "   1. declare ready (报听), discarding face down 3s; then waits 4s (4), 7s (7)\n" in text
    )
    assert (
        "  · you draw 9p\n  · you discard 9p (automatic: the hand is locked after 报听)\n" in text
    )
    claim = _play(3)
    assert re.search(r"^▶ seat 3 discards 9p: your answer\n   1\. pong", claim, re.M)


def test_play_reveals_every_tile_at_the_end() -> None:
    text = _play_with(6, 1)
    reveal = text[text.index("── the hand is over; every tile shown") :].splitlines()
    hands = [line for line in reveal if ": hand " in line]
    assert [h.split(":")[0] for h in hands] == ["seat 0", "you (seat 1)", "seat 2", "seat 3"]
    game = _first_option_game(6, 1, prefer=ActionKind.DECLARE)
    for s, line in enumerate(hands):
        assert line.endswith(": hand " + " ".join(str(t) for t in game.hand(s)))
    mine = reveal[reveal.index(hands[1]) + 1]
    assert mine.startswith("  discards ") and " [3s] " in mine  # the face-down 报听 discard
    assert "??" not in "\n".join(reveal)


def test_play_a_match_numbers_pauses_and_ranks() -> None:
    text = _play_with(2, 0, match=True)
    hands = re.findall(r"^══ hand (\d+) of the match · dealer (you|seat \d)$", text, re.M)
    assert [int(n) for n, _ in hands] == list(range(1, len(hands) + 1)) and len(hands) > 1
    assert text.count("press Enter for the next hand (q to quit): ") == len(hands) - 1
    last = text.splitlines()[-1]
    ranking = re.fullmatch(
        r"match over\. final ranking: 1st (.+) \(([+-]\d+)\), 2nd (.+) \(([+-]\d+)\), "
        r"3rd (.+) \(([+-]\d+)\), 4th (.+) \(([+-]\d+)\)",
        last,
    )
    assert ranking, last
    names, scores = ranking.groups()[::2], [int(x) for x in ranking.groups()[1::2]]
    assert sorted(names) == ["seat 1", "seat 2", "seat 3", "you"]
    assert sum(scores) == 0 and scores == sorted(scores, reverse=True)
    out = io.StringIO()
    pause = "press Enter for the next hand (q to quit): "
    play_terminal(
        rules=Rules(),
        seed=2,
        seat=0,
        bots=["random"] * 3,
        style="mpsz",
        match=True,
        out=out,
        read=lambda: "q\n" if out.getvalue().endswith(pause) else "1\n",
    )
    assert out.getvalue().endswith(pause + "\nbye\n")
    assert "══ hand 2 of the match" not in out.getvalue()


def test_play_takes_a_tile_name_at_the_discard_prompt() -> None:
    out = io.StringIO()
    asked: list[str] = []

    def read() -> str:
        line = re.findall(r"^your hand: (.*)$", out.getvalue(), re.M)[-1]
        held = parse_tiles(line.replace("drew:", ""))
        drawn = line.split("drew: ")[1]
        missing = next(t for t in Tile if t not in held)
        asked.append(drawn)
        return ["xyz", str(missing), Tile.parse(drawn).chinese, "q"][len(asked) - 1] + "\n"

    play_terminal(
        rules=Rules(),
        seed=1,
        seat=0,
        bots=["greedy"] * 3,
        style="mpsz",
        match=False,
        out=out,
        read=read,
    )
    text = out.getvalue()
    assert re.search(
        r"please type a number from 1 to \d+, an option as it is printed, or a tile to discard\n",
        text,
    )
    assert re.search(r"you cannot discard \d[mpsz] now\n", text)
    assert len(asked) == 4 and asked[1] == asked[0]  # nothing happened on the two bad replies
    assert re.search(rf"^    you: discards {asked[2]}$", text, re.M)


def test_render_marks_wildcards_in_the_hand() -> None:
    for seed in range(100):
        view = Game(Rules(wildcards="double"), seed=seed).view(0)
        wild = [t for t in view.hand if t in view.wildcards]
        if wild:
            break
    text = render(view, "mpsz")
    assert f"wildcards: {' '.join(str(t) for t in view.wildcards)} (marked *)" in text
    hand_line = next(line for line in text.splitlines() if line.startswith("your hand:"))
    assert hand_line.count("*") == len(wild)
    for t in wild:
        assert f"{t}*" in hand_line


def _full_log(seed: int = 3) -> list[dict[str, Any]]:
    game = Game(Rules(), seed=seed)
    while not game.is_over:
        seat = game.to_act[0]
        game.step(seat, game.legal_actions(seat)[0])
    return game.events


def test_replaying_a_seats_log_says_it_cannot_be_replayed() -> None:
    game = Game(Rules(), seed=4)
    game.step(0, game.legal_actions(0)[0])
    with pytest.raises(InvalidEventLogError, match="one seat's log .* cannot be replayed"):
        Game.replay(game.events_for(0))


@pytest.mark.parametrize("field", ["rules", "dealer", "wall", "wildcards"])
def test_a_start_hand_without_a_field_names_it(field: str) -> None:
    events = _full_log()
    del events[0][field]
    with pytest.raises(InvalidEventLogError, match=f"has no '{field}' field") as info:
        Game.replay(events)
    assert "KeyError" not in str(info.value)


@pytest.mark.parametrize(
    ("field", "value"),
    [("wall", "1m2m"), ("wildcards", [1.5]), ("scores", None), ("dealer", "0"), ("rules", [])],
)
def test_a_start_hand_field_of_the_wrong_type_names_it(field: str, value: Any) -> None:
    events = _full_log()
    events[0][field] = value
    with pytest.raises(InvalidEventLogError, match=f"'{field}' must be") as info:
        Game.replay(events)
    assert "TypeError" not in str(info.value)


@pytest.mark.parametrize(
    ("kind", "field", "value", "expected"),
    [
        ("discard", "auto", None, "has no 'auto' field"),
        ("discard", "tile", None, "has no 'tile' field"),
        ("discard", "tile", "x", "x"),
        ("answer", "action", None, "has no 'action' field"),
        ("answer", "action", "jump", "unknown action 'jump'; expected one of discard"),
        ("answer", "action", 3, "unknown action 3"),
    ],
)
def test_a_malformed_decision_names_the_field_without_python_internals(
    kind: str, field: str, value: Any, expected: str
) -> None:
    events = _full_log()
    event = next(e for e in events if e["type"] == kind and not e.get("auto"))
    if value is None:
        del event[field]
    else:
        event[field] = value
    with pytest.raises(InvalidEventLogError) as info:
        Game.replay(events)
    message = str(info.value)
    assert expected in message
    assert not re.search(r"(KeyError|TypeError|AttributeError)\(", message), message


# -- item 13: the Python API -------------------------------------------------------------


def _game_with_melds() -> Game:
    """A hand played by greedy bots until some seat has declared a meld."""
    for seed in range(200):
        game = Game(Rules(), seed=seed)
        bots = [GreedyBot() for _ in range(4)]
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
            if any(game.view(s).melds[s] for s in range(4)) and not game.is_over:
                return game
    raise AssertionError("no hand with a meld")


def test_view_melds_are_melds_for_the_hand_functions() -> None:
    game = _game_with_melds()
    seat = next(s for s in range(4) if game.view(s).melds[s])
    view = game.view(seat)
    tiles = list(view.hand) + ([] if view.drawn is None else [view.drawn])
    as_melds = [Meld.of(m.kind, m.tile) for m in view.melds[seat] if m.tile is not None]
    expected = shanten(tiles, melds=as_melds)
    assert shanten(tiles, melds=view.melds[seat]) == expected
    assert shanten(tiles, melds=[(m.kind, m.tile) for m in view.melds[seat]]) == expected


def test_meld_pairs_take_kind_names() -> None:
    hand = "2m 345p"
    melds = [Meld.pong("7z"), Meld.kong("1s"), Meld.pong("9p")]
    expected = winning_tiles(hand, melds=melds)
    named = [("pong", "7z"), ("KONG", 18), ("pong", Tile.P9)]
    assert winning_tiles(hand, melds=named) == expected == [Tile.M2]
    with pytest.raises(MeldError, match="unknown meld kind 'pung'"):
        winning_tiles(hand, melds=[("pung", "7z")])


def test_another_seats_concealed_kong_is_no_meld_argument() -> None:
    hidden = MeldView("concealed_kong", None, None)
    with pytest.raises(MeldError, match="meld 0 has no tile"):
        is_win("11m", melds=[hidden] * 4)


@pytest.mark.parametrize(
    "action",
    [
        Action(ActionKind.DISCARD, Tile.RED),
        Action(ActionKind.PASS),
        Action(ActionKind.CONCEALED_KONG, 4),
        Action(ActionKind.DECLARE, "1z"),
        Action(ActionKind.PAO, 2),
    ],
)
def test_an_action_reads_back_from_what_str_prints(action: Action) -> None:
    assert Action.parse(str(action)) == action
    if action.kind is not ActionKind.PAO:  # a bid is an int, not text
        assert Action(*str(action).split()) == action


def test_an_action_takes_kind_names() -> None:
    assert Action("discard", "7z") == Action(ActionKind.DISCARD, Tile.RED)
    assert Action("Self_Draw_Win") == Action(ActionKind.SELF_DRAW_WIN)
    assert Action.parse("  discard   中 ") == Action(ActionKind.DISCARD, Tile.RED)
    with pytest.raises(IllegalActionError, match="unknown action kind 'jump'; expected one of"):
        Action("jump")
    with pytest.raises(IllegalActionError, match="empty action text"):
        Action.parse(" ")


@pytest.mark.parametrize(
    ("make", "value"),
    [
        (lambda: Action(ActionKind.DISCARD, 3.5), "3.5"),
        (lambda: Action([1]), "[1]"),  # type: ignore[arg-type]
        (lambda: Action.parse(5), "5"),  # type: ignore[arg-type]
        (lambda: Meld.of([0], "1m"), "[0]"),  # type: ignore[arg-type]
        (lambda: Meld.of("pong", 1.0), "1.0"),  # type: ignore[arg-type]
        (lambda: is_win(3.5), "float"),  # type: ignore[arg-type]
        (lambda: is_win(["1m", 2.5]), "2.5"),
        (lambda: is_win("11m", melds=5), "5"),  # type: ignore[arg-type]
        (lambda: is_win("11m", melds=[5]), "5"),
        (lambda: is_win("11m", melds=[(1.5, "1m")]), "1.5"),
    ],
)
def test_wrong_types_raise_type_error_naming_the_value(make: Callable[[], Any], value: str) -> None:
    with pytest.raises(TypeError) as info:
        make()
    assert isinstance(info.value, ArgumentTypeError) and isinstance(info.value, KoudiandianError)
    assert not isinstance(info.value, ValueError)
    assert value in str(info.value)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Action(ActionKind.DISCARD, 34),
        lambda: Action(99),
        lambda: Meld.of("pong", 34),
        lambda: Meld.of(7, "1m"),
        lambda: is_win([0, 1, 99]),
        lambda: is_win("11m", melds=[(9, "1m")]),
    ],
)
def test_wrong_values_stay_value_errors(make: Callable[[], Any]) -> None:
    with pytest.raises(ValueError) as info:
        make()
    assert isinstance(info.value, KoudiandianError) and not isinstance(info.value, TypeError)


def test_a_bot_factory_that_returns_no_bot_is_named() -> None:
    with pytest.raises(ArgumentTypeError, match="'not_a_bot' of seat 2 returned 42"):

        def not_a_bot(seed: int) -> Any:
            return 42

        simulate(1, bots=["greedy", "greedy", not_a_bot, "random"])


def test_simulate_without_a_seed_draws_one_and_says_which() -> None:
    a = simulate(2, seed=None)
    b = simulate(2, seed=None)
    assert a.seed != b.seed
    again = simulate(2, seed=a.seed)
    assert (again.wins, again.score_mean) == (a.wins, a.score_mean)


def _played_match(hands: int = 2, *, finish: bool = True) -> Match:
    m = Match(Rules(), seed=11, length=hands)
    bots = [GreedyBot() for _ in range(4)]
    steps = 0
    while not m.is_over and (finish or steps < 150):
        seat = m.to_act[0]
        m.step(seat, bots[seat].act(m.view(seat), m.legal_actions(seat)))
        steps += 1
    return m


def test_match_view_is_the_current_hands_view() -> None:
    m = Match(Rules(), seed=3, length=2)
    assert m.view(0) == m.game.view(0)
    assert m.view(1).seat == 1


@pytest.mark.parametrize("finish", [True, False])
def test_match_round_trips_through_json(finish: bool) -> None:
    m = _played_match(3, finish=finish)
    text = m.to_json()
    back = Match.from_json(text)
    assert back.to_json() == text
    assert (back.scores, back.is_over, len(back.games)) == (m.scores, m.is_over, len(m.games))
    assert [g.events for g in back.games] == [g.events for g in m.games]
    if not back.is_over:
        seat = back.to_act[0]
        assert back.legal_actions(seat) == m.legal_actions(seat)


def test_a_match_with_explicit_walls_round_trips_through_json() -> None:
    walls = [(list(Game(Rules(), seed=s)._wall), []) for s in (1, 2)]
    m = Match(Rules(), hands=walls, length=2, seed=0)
    assert Match.from_json(m.to_json()).to_json() == m.to_json()


def test_a_corrupt_match_log_is_an_event_log_error() -> None:
    m = _played_match(2)
    with pytest.raises(InvalidEventLogError, match="not a koudiandian match"):
        Match.from_json(m.games[0].to_json())
    data = json.loads(m.to_json())
    data["games"].pop()
    with pytest.raises(InvalidEventLogError, match="the log ends early"):
        Match.from_json(json.dumps(data))
    data = json.loads(m.to_json())
    data["seed"] += 1
    with pytest.raises(InvalidEventLogError):
        Match.from_json(json.dumps(data))


def test_hand_result_has_the_final_hands() -> None:
    game = _first_option_game(7, 0)
    result = game.result
    assert result is not None
    end = game.events[-1]
    assert end["type"] == "end_hand"
    assert [[int(t) for t in seat] for seat in result.hands] == end["hands"]
    assert [[[int(m.kind), int(m.tile)] for m in seat] for seat in result.melds] == [
        [m[:2] for m in seat] for seat in end["melds"]
    ]
    assert HandResult.from_dict(result.to_dict()) == result  # hands do not take part


def test_seat_view_repr_is_one_short_line() -> None:
    game = Game(Rules(), seed=1)
    text = repr(game.view(0))
    assert "\n" not in text and len(text) < 200
    assert text.startswith("<SeatView seat=0 phase=turn")
    assert format_tiles(game.view(0).hand) in text


def test_game_phase_is_a_literal() -> None:
    assert typing.get_args(Phase) == ("bid", "turn", "claim", "rob", "haidi", "over")
    assert typing.get_type_hints(Game.phase.fget)["return"] == Phase  # type: ignore[attr-defined]
    assert Game(Rules(), seed=1).phase in typing.get_args(Phase)
