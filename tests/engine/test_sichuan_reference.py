"""The Rust state machine against its readable Python reference under profile ``sichuan``
(RULES-sichuan): under the defaults, each non-default option value alone and all of them
together, the same seeded hands with the same decisions must offer every seat the same
legal actions at every step, show the seat that acts the same view, and end with the same
logs, results and views; the engine must replay the reference's log. Across the run the
hands must show what makes the profile: several winners on one discard, play going on
after a win, kong money passed on (呼叫转移) and refunded (退税), 花猪 and 查大叫 at the
wall's end, a robbed kong, 杠上花, and a win refused to a seat that passed one (过胡).
A reference broken on purpose must be caught. Explicit hands add what seeded play hardly
reaches: 天胡 and 地胡; and the engine's default action before play is the contract's
auto-play."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from koudiandian import Action, Game, Rules
from koudiandian.action import ActionKind

from tests.support.reference import deal, sichuan
from tests.support.reference.game import ReferenceGame
from tests.support.reference_compare import play_both
from tests.support.sichuan_play import OPTION_SETS as SETS
from tests.support.walls import build_wall


def _label(options: dict[str, Any]) -> str:
    if not options:
        return "defaults"
    if len(options) > 1:
        return "all non-defaults"
    ((name, value),) = options.items()
    return f"{name}={str(value).lower()}"


#: The option sets (``tests/support/sichuan_play.py``'s), by a label.
OPTION_SETS: dict[str, dict[str, Any]] = {_label(o): o for o in SETS}

#: Seeded hands per option set.
HANDS = 150

_WINS = {ActionKind.SELF_DRAW_WIN, ActionKind.WIN}
_MELDS = {ActionKind.PONG, ActionKind.KONG, ActionKind.ADDED_KONG, ActionKind.CONCEALED_KONG}
_BEFORE_PLAY = {ActionKind.EXCHANGE, ActionKind.VOID}


def _choose(game: Game, seat: int, legal: list[int], rng: random.Random) -> int:
    """A decision for ``seat``: before play a random pick or suit (mostly the suit held
    least, as a player would, some the suit held most); then a self-draw always, a win on
    another seat's tile mostly but passed now and then (过胡); sometimes a kong or pong;
    else mostly the engine's greedy bot, now and then a random legal action."""
    kinds = {c // 34 for c in legal}
    if kinds & _BEFORE_PLAY:
        if ActionKind.VOID in kinds and rng.random() < 0.85:
            hand = game.view(seat).hand
            held = [sum(1 for t in hand if int(t) // 9 == s) for s in range(3)]
            most = rng.random() < 0.2  # now and then the suit held most: a 花猪 at the end
            return legal[held.index(max(held) if most else min(held))]
        return rng.choice(legal)
    wins = [c for c in legal if c // 34 in _WINS]
    if wins and (wins[0] // 34 == ActionKind.SELF_DRAW_WIN or rng.random() < 0.75):
        return wins[0]
    if wins:  # a win on another seat's tile passed (过胡): the greedy bot would take it
        return legal[-1]
    melds = [c for c in legal if c // 34 in _MELDS]
    if melds and rng.random() < 0.4:
        return rng.choice(melds)
    if rng.random() < 0.93:
        return int(game.engine.greedy_action(seat))
    return rng.choice(legal)


def _blocked(slow: ReferenceGame, seat: int, code: int) -> bool:
    """Whether ``seat``'s action ``code`` (a discard or added kong) offers a tile that
    another seat still in would win with, but for having passed a win since it last drew."""
    if code // 34 not in (ActionKind.DISCARD, ActionKind.ADDED_KONG):
        return False
    tile = code % 34
    return any(
        s != seat
        and slow.seats[s].left is None
        and slow.seats[s].missed
        and not slow._holds_void(s)
        and slow._wins_with(s, tile)
        for s in range(4)
    )


def _play(rules: Rules, seed: int, seen: Counter[str]) -> None:
    """One seeded hand under both engines; counts in ``seen`` what it showed."""
    fast = Game(rules, seed=seed, dealer=seed % 4)
    slow = ReferenceGame(rules, seed=seed, dealer=seed % 4)
    _compare(fast, slow, random.Random(seed), f"seed {seed}", seen)


def _compare(
    fast: Game, slow: ReferenceGame, rng: random.Random, label: str, seen: Counter[str]
) -> None:
    """Play one hand to its end under both engines with ``rng``'s decisions, comparing at
    every step and at the end."""

    def count_blocked(seat: int, code: int) -> None:
        if _blocked(slow, seat, code):
            seen["a passed win (过胡) blocks a win"] += 1

    play_both(fast, slow, rng, _choose, label, count_blocked)
    assert fast.next_dealer() == slow.next_dealer(), f"{label}: next dealer"
    _count(fast.events, seen)


def _count(events: list[dict[str, Any]], seen: Counter[str]) -> None:
    """What the hand showed."""
    result = events[-1]["result"]
    at = [w["event"] for w in result["wins"]]
    moments = [e for e in at if e - 1 not in at]
    if len(at) > len(moments):
        seen["several winners on one discard"] += 1
    if (
        any(e["type"] == "leave" for e in events)
        and events.index(next(e for e in events if e["type"] == "leave")) < len(events) - 2
    ):
        seen["play going on after a win"] += 1
    reasons = {t["reason"] for t in result["transfers"]}
    for reason, what in [
        ("passed_on", "kong money passed on (呼叫转移)"),
        ("refund", "kong money refunded (退税)"),
        ("void_held", "a 花猪 pays (查花猪)"),
        ("not_ready", "a seat not ready pays (查大叫)"),
    ]:
        if reason in reasons:
            seen[what] += 1
    if any(w["kind"] == "robbed_kong" for w in result["wins"]):
        seen["a robbed kong"] += 1
    items = {i["name"] for w in result["wins"] for i in w["score_items"]}
    if "kong_bloom" in items:
        seen["杠上花"] += 1


#: What the whole run must show (each option set shows most of it).
WANTED = {
    "several winners on one discard",
    "play going on after a win",
    "kong money passed on (呼叫转移)",
    "kong money refunded (退税)",
    "a 花猪 pays (查花猪)",
    "a seat not ready pays (查大叫)",
    "a robbed kong",
    "杠上花",
    "a passed win (过胡) blocks a win",
}

_SEEN: Counter[str] = Counter()


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_rust_engine_matches_reference_under_sichuan(name: str) -> None:
    """``HANDS`` seeded hands of one option set, step by step."""
    rules = Rules(profile="sichuan", **OPTION_SETS[name])
    for seed in range(HANDS):
        _play(rules, seed, _SEEN)


def test_the_run_showed_every_mechanism() -> None:
    """Run after the option sets (pytest keeps the file's order): each mechanism was seen."""
    assert _SEEN, "run with the option sets"
    assert WANTED <= set(_SEEN), _SEEN


def _no_kong_money_passed_on(*_: Any) -> list[Any]:
    return []


def _wins_despite_a_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """过胡 forgotten: a seat that passed a win may win on the next discard."""
    may_win_on = ReferenceGame._may_win_on

    def forgetful(self: ReferenceGame, seat: int, tile: int, how: str) -> bool:
        missed, self.seats[seat].missed = self.seats[seat].missed, set()
        try:
            return may_win_on(self, seat, tile, how)
        finally:
            self.seats[seat].missed = missed

    monkeypatch.setattr(ReferenceGame, "_may_win_on", forgetful)


def _void_does_not_bind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ReferenceGame, "_of_void", lambda self, seat, kind: False)


def _directions_swapped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(deal.EXCHANGE_DIRECTIONS, "next", 3)
    monkeypatch.setitem(deal.EXCHANGE_DIRECTIONS, "previous", 1)


def _roots_counted_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    win_items = sichuan.win_items

    def twice(*args: Any, **kwargs: Any) -> Any:
        fans, items = win_items(*args, **kwargs)
        return fans + sum(i.value for i in items if i.name == "root"), items

    monkeypatch.setattr(sichuan, "win_items", twice)


def _no_refund(monkeypatch: pytest.MonkeyPatch) -> None:
    wall_end = sichuan._wall_end
    monkeypatch.setattr(
        sichuan, "_wall_end", lambda *a: [t for t in wall_end(*a) if t.reason != "refund"]
    )


#: Ways to break the reference on purpose, each under an option set where it shows.
BREAKS = {
    "kong money not passed on (呼叫转移)": (
        "defaults",
        lambda mp: mp.setattr(sichuan, "_passed_on", _no_kong_money_passed_on),
    ),
    "no refund (退税)": ("defaults", _no_refund),
    "a passed win forgotten (过胡)": ("defaults", _wins_despite_a_pass),
    "the void suit does not bind": ("defaults", _void_does_not_bind),
    "next and previous swapped": ("defaults", _directions_swapped),
    "each root counted twice (根)": ("defaults", _roots_counted_twice),
}


@pytest.mark.parametrize("name", list(BREAKS), ids=lambda n: n.split(" (")[0].replace(" ", "_"))
def test_a_reference_broken_on_purpose_disagrees(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison catches each break: some seed where the reference agrees with the
    engine fails once the reference is broken."""
    option_set, breaking = BREAKS[name]
    rules = Rules(profile="sichuan", **OPTION_SETS[option_set])
    for seed in range(HANDS):
        with monkeypatch.context() as mp:
            breaking(mp)
            try:
                _play(rules, seed, Counter())
                continue
            except AssertionError:
                pass
        try:
            _play(rules, seed, Counter())
        except AssertionError:
            continue  # a seed where the engine and the reference disagree anyway
        return
    pytest.fail(f"{name}: no seed shows it")


_FIRST_TURN_WINS = {
    # the dealer wins on its 14 dealt tiles: 天胡
    "heaven": ({0: "123m456m789m11p234p"}, [], ["self_draw_win"]),
    # seat 1 self-draws on its first draw: 地胡
    "earth": (
        {0: "19m19p2468m57p36p8p5m", 1: "123m456m789m11p23p"},
        ["4p"],
        ["discard 1m", "self_draw_win"],
    ),
}


@pytest.mark.parametrize("which", list(_FIRST_TURN_WINS))
def test_heaven_and_earth(which: str) -> None:
    """天胡 and 地胡 under ``heaven_earth``: worth the cap, as a self-draw; the hand played
    on to its end under both engines."""
    hands, draws, moves = _FIRST_TURN_WINS[which]
    rules = Rules(profile="sichuan", exchange_three=False, heaven_earth=True)
    wall = build_wall(hands, draws, no_honors=True)
    fast, slow = Game(rules, wall=wall), ReferenceGame(rules, wall=wall)
    for seat in range(4):
        fast.step(seat, Action.void("s"))
        slow.step(seat, Action.void("s"))
    for move in moves:
        seat = fast.to_act[0]
        fast.step(seat, Action.parse(move))
        slow.step(seat, Action.parse(move))
        while fast.phase == "claim":  # nobody claims the dealer's first discard
            for s in fast.to_act:
                fast.step(s, Action.parse("pass"))
                slow.step(s, Action.parse("pass"))
    (win,) = slow.win_scores.values()
    assert win.points == 3 and [i.name for i in win.score_items] == [which]
    _compare(fast, slow, random.Random(0), which, Counter())


def _before_play_by_default(phase: str) -> None:
    """50 seeded hands: in ``phase`` each seat to act is given the engine's default action
    (a turn clock run out, 托管), which must be the contract's auto-play; the other phase
    is decided the same way."""
    rules = Rules.preset("sichuan")
    for seed in range(50):
        fast = Game(rules, seed=seed, dealer=seed % 4)
        slow = ReferenceGame(rules, seed=seed, dealer=seed % 4)
        while fast.phase in ("exchange", "void"):
            seat = fast.to_act[0]
            mine = slow.auto_before_play(seat)
            if fast.phase == phase:
                assert fast.default_action(seat) == mine, f"seed {seed}: seat {seat} {phase}"
            fast.step(seat, mine)
            slow.step(seat, mine)


def test_the_default_exchange_is_the_contracts_auto_play() -> None:
    """RULES-sichuan: auto-play passes the three lowest tiles of the suit held least
    among the suits held three times or more (ties 万, 筒, 条)."""
    _before_play_by_default("exchange")


def test_the_default_void_is_the_contracts_auto_play() -> None:
    """RULES-sichuan: auto-play declares void the suit held least (ties 万, 筒, 条)."""
    _before_play_by_default("void")
