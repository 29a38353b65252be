"""The ``sichuan`` profile everywhere a profile goes in the Python API: its preset and
options (``Rules``), an explicit hand's exchange direction (``Game``), its match of 8 hands
(``Match``), ``simulate`` and the command line (``simulate``, ``play``, ``rules``,
``analyze``). What the profile decides (its match length, its first dealer, who deals next)
is read from the hand results and compared with the contract
(``RULES-sichuan.md``, docs/rules.md §14), not restated in the package."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import koudiandian as kd
import pytest
from koudiandian import Game, InvalidArgumentError, InvalidRulesError, Match, Rules
from koudiandian.cli import main
from koudiandian.result import HandResult
from koudiandian.rules import options_reference
from koudiandian.simulate import BOTS

WALL = list(range(27)) * 4  # 108 tiles, in any order an explicit wall may take

OPTIONS = [
    ("exchange_three", True, "换三张"),
    ("fan_cap", "3", "封顶"),
    ("self_draw", "add_base", "自摸加底/自摸加番"),
    ("kong_bloom_pay", "self_draw", "点杠花"),
    ("call_transfer", True, "呼叫转移"),
    ("tax_refund", True, "退税"),
    ("heaven_earth", False, "天地胡"),
]


def run(*args: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


# -- Rules ---------------------------------------------------------------------------------


def test_the_preset_is_the_profiles_defaults() -> None:
    assert ("sichuan", "sichuan") in [(name, p) for name, p, _ in Rules.presets()]
    rules = Rules.preset("sichuan")
    assert rules == Rules(profile="sichuan") == Rules.parse("sichuan")
    assert rules.profile == "sichuan"
    assert rules.tile_count == 108
    assert rules.random_first_dealer
    assert not rules.score_items_are_payment  # the items are fans, priced by 2^min(fans, cap)


def test_the_options_in_order_with_their_defaults() -> None:
    options = Rules.options("sichuan")
    assert [(o["name"], o["default"], o["chinese"]) for o in options] == OPTIONS
    rules = Rules.preset("sichuan")
    for name, default, _ in OPTIONS:
        assert getattr(rules, name) == default, name
    assert "Profile `sichuan`:" in options_reference()


def test_options_text_is_parsed_and_given_back() -> None:
    rules = Rules.parse("sichuan,fan_cap=4")
    assert rules.fan_cap == "4"
    assert rules.describe() == "sichuan,fan_cap=4"
    assert Rules.parse(rules.describe()) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    both = Rules.parse("sichuan,self_draw=add_fan,exchange_three=false,heaven_earth")
    assert (both.self_draw, both.exchange_three, both.heaven_earth) == ("add_fan", False, True)


@pytest.mark.parametrize(
    ("text", "named"),
    [("sichuan,fan_cap=6", "fan_cap"), ("sichuan,wildcards=random", "wildcards")],
)
def test_a_bad_option_is_named(text: str, named: str) -> None:
    with pytest.raises(InvalidRulesError, match=named):
        Rules.parse(text)


# -- Game: the exchange direction of an explicit hand ----------------------------------------


@pytest.mark.parametrize("direction", ["next", "previous", "opposite"])
def test_an_explicit_hand_takes_its_exchange_direction(direction: str) -> None:
    game = Game("sichuan", wall=WALL, exchange_direction=direction)
    assert game.events[0]["exchange_direction"] == direction
    assert game.phase == "exchange"


@pytest.mark.parametrize("bad", ["east", "Next", "", 1, True, ["next"]])
def test_a_bad_exchange_direction_is_named(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="exchange_direction") as err:
        Game("sichuan", wall=WALL, exchange_direction=bad)  # type: ignore[arg-type]
    shown = json.dumps(bad) if isinstance(bad, str) else str(bad)
    assert shown in str(err.value) or repr(bad) in str(err.value), err.value


@pytest.mark.parametrize(
    ("rules", "wall"),
    [("sichuan,exchange_three=false", WALL), ("taiyuan", list(range(34)) * 4)],
)
def test_a_direction_where_none_is_drawn_names_the_rules(rules: str, wall: list[int]) -> None:
    profile = rules.split(",")[0]
    with pytest.raises(InvalidArgumentError, match="no exchange with a drawn direction") as err:
        Game(rules, wall=wall, exchange_direction="previous")
    assert f"({profile})" in str(err.value)


def test_a_seeded_hand_draws_its_own_direction() -> None:
    with pytest.raises(InvalidArgumentError, match="only together with a wall"):
        Game("sichuan", seed=1, exchange_direction="next")
    drawn = {Game("sichuan", seed=s).events[0]["exchange_direction"] for s in range(40)}
    assert drawn == {"next", "previous", "opposite"}
    assert "exchange_direction" not in Game("sichuan,exchange_three=false", seed=1).events[0]


# -- Match ---------------------------------------------------------------------------------


def expected_next_dealer(result: HandResult) -> int:
    """The contract's next dealer: the first seat to win; the discarder (or the konger of a
    robbed kong) when that first win had several winners; the dealer's 下家 if nobody won."""
    if not result.wins:
        return (result.dealer + 1) % 4
    first = result.wins[0]
    several = len(result.wins) > 1 and result.wins[1].event == first.event
    if several and first.discarder is not None:
        return first.discarder
    return first.seat


def play_match(match: Match, seed: int) -> None:
    bots = [BOTS["greedy"](seed + s) for s in range(4)]
    while not match.is_over:
        s = match.to_act[0]
        legal = match.legal_actions(s)
        match.step(s, bots[s].act(match.view(s), legal))


@pytest.mark.parametrize("seed", [3, 11])
def test_a_match_is_eight_hands_dealt_as_the_profile_says(seed: int) -> None:
    match = Match("sichuan", seed=seed)
    play_match(match, seed)
    assert len(match.games) == 8
    assert match.games[0].dealer == match.first_dealer
    for game, after in zip(match.games, match.games[1:]):
        assert game.result is not None
        assert after.dealer == expected_next_dealer(game.result)
        assert after.dealer == match.next_dealer(game.result)
    assert sum(match.scores) == 0
    assert match.scores == tuple(
        sum(g.result.deltas[s] for g in match.games if g.result is not None) for s in range(4)
    )


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    firsts = {Match("sichuan", seed=s).first_dealer for s in range(24)}
    assert firsts == {0, 1, 2, 3}
    assert Match("sichuan", seed=5).first_dealer == Match("sichuan", seed=5).first_dealer


# -- simulate ------------------------------------------------------------------------------


def test_simulate_counts_every_win() -> None:
    """A hand has up to three wins: the summary counts each, as the logs show them."""
    log = io.StringIO()
    summary = kd.simulate(120, rules="sichuan", bots="greedy", seed=7, log=log)
    wins = [0, 0, 0, 0]
    kinds = {"self_draw": 0, "discard": 0, "robbed_kong": 0}
    several = 0
    for line in log.getvalue().splitlines():
        result = json.loads(line)["events"][-1]["result"]
        several += len(result["wins"]) > 1
        for w in result["wins"]:
            wins[w["seat"]] += 1
            kinds[w["kind"]] += 1
    assert several > 0, "some hands had several wins"
    assert list(summary.wins) == wins
    assert summary.self_draw_wins == kinds["self_draw"]
    assert summary.discard_wins == kinds["discard"]
    assert summary.robbed_kong_wins == kinds["robbed_kong"]
    assert summary.rules == "sichuan"


def test_simulate_plays_matches_of_the_profile() -> None:
    summary = kd.simulate(2, rules="sichuan", bots="greedy", seed=4, match=8)
    assert summary.matches == 2
    assert summary.hands == 16


# -- the command line ----------------------------------------------------------------------


def test_cli_simulate_and_rules() -> None:
    out = run("simulate", "--rules", "sichuan,fan_cap=4", "--hands", "30", "--seed", "2")
    assert "rules: sichuan (fan_cap=4)" in out
    report = json.loads(
        run("simulate", "--rules", "sichuan", "--hands", "30", "--seed", "2", "--json")
    )
    assert (
        sum(report["wins"])
        == report["self_draw_wins"] + report["discard_wins"] + report["robbed_kong_wins"]
    )
    text = run("rules")
    assert "Profile `sichuan`:" in text and "| `fan_cap` | 封顶 | 3 / 4 / 5 | 3 |" in text


def test_cli_analyze_with_a_void_suit(capsys: pytest.CaptureFixture[str]) -> None:
    out = run("analyze", "123456789m11p55s", "--rules", "sichuan", "--void", "s")
    assert "shanten:   2 (2 from ready)" in out
    assert main(["analyze", "123456789m11p55s", "--rules", "sichuan", "--void", "x"]) != 0
    assert "invalid void_suit 'x'" in capsys.readouterr().err


def test_cli_play_plays_a_sichuan_hand() -> None:
    """``koudiandian play --rules sichuan``: the person takes option 1 at every decision (the
    exchange and the void suit included), and the hand ends with its settlement."""
    from koudiandian.play import play_terminal

    out = io.StringIO()
    code = play_terminal(
        rules=Rules.preset("sichuan"),
        seed=9,
        seat=0,
        bots=["greedy"] * 3,
        style="mpsz",
        match=False,
        out=out,
        read=lambda: "1\n",
    )
    text = out.getvalue()
    assert code == 0
    assert "── the hand is over" in text
    assert "deltas:" in text
