"""One conformance test over every registered rule set (pgx's ``api_test``): each preset of
``Rules.presets()`` (so a profile or preset added to the registry is tested here without
editing this file) and the unlisted test profile ``tiny`` (every optional mechanism: decisions
before play, winners that leave, payments as play goes), with a few seeds, must keep the
API's promises.

- while the hand runs some seat is to act, and exactly the seats to act have legal actions;
- the RL action mask is exactly the legal actions (in action space 2 for ``tiny``, whose
  decisions before play space 1 cannot number, and which space 1 refuses);
- replaying the log (whole or cut mid-hand) gives the game that was played;
- a seat's view and log hold nothing it may not know: no wall, no other seat's draws, and
  twin games that differ only in tiles the seat has not seen look the same to it;
- the deltas sum to zero and are the transfers' net;
- pickle and JSON round trips of a game and of a match give equal state and play on alike;
- every built-in bot (random, greedy, expert, and search with a small budget) finishes hands;
- the RL environments pass Gymnasium's and PettingZoo's checkers.

A check that fails for one rule set is not weakened here: it is marked ``xfail`` below with
the reason (a bug to fix in the engine).
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from koudiandian import Action, Game, Match, Rules
from koudiandian.bots import ExpertBot, GreedyBot, RandomBot, SearchBot
from koudiandian.errors import InvalidArgumentError
from koudiandian.game import replay_decisions
from koudiandian.rl import ACTION_SPACES, action_mask, number_of

PRESETS = [*(name for name, _, _ in Rules.presets()), "tiny"]
SEEDS = (5, 6, 7)
#: A bound on the decisions of one hand, far above any real hand's.
MAX_STEPS = 2000

#: Checks known to fail for a rule set: ``(test name, preset) -> reason``.
KNOWN_FAILURES: dict[tuple[str, str], str] = {}


def _cases(test: str) -> list[Any]:
    return [
        pytest.param(p, marks=pytest.mark.xfail(reason=KNOWN_FAILURES[(test, p)], strict=True))
        if (test, p) in KNOWN_FAILURES
        else p
        for p in PRESETS
    ]


def _space(preset: str) -> int:
    """The smallest RL action space that numbers the preset's decisions, which it is
    played in here: 2 where its profile asks decisions before play (which space 1
    refuses), else 1 (2, the default, gives the same masks with 37 more numbers never
    legal: ``test_rl_action_space_v2.py``)."""
    return 2 if Game(preset, seed=0).phase in ("exchange", "void") else 1


def _dealer(preset: str, seed: int) -> int:
    """The dealer of seed ``seed``'s hand: seat ``seed % 4``, or the seat the rules fix
    (``botzone``: seat 0)."""
    fixed = Rules.preset(preset).fixed_dealer
    return seed % 4 if fixed is None else fixed


def _random_play(game: Game, rng: random.Random) -> Iterator[tuple[int, Action]]:
    """Random legal decisions until the hand ends, each yielded before it is taken."""
    for _ in range(MAX_STEPS):
        if game.is_over:
            return
        seat = game.to_act[0]
        action = rng.choice(game.legal_actions(seat))
        yield seat, action
        game.step(seat, action)
    raise AssertionError(f"the hand did not end in {MAX_STEPS} decisions")


def _played(preset: str, seed: int) -> Game:
    game = Game(Rules.preset(preset), seed=seed, dealer=_dealer(preset, seed))
    for _ in _random_play(game, random.Random(seed)):
        pass
    return game


def _state(game: Game) -> tuple[Any, ...]:
    """What the game tells its players now: the phase, who acts, what each may do and see."""
    return (
        game.phase,
        game.to_act,
        [game.legal_actions(s) for s in range(4)],
        [game.view(s).to_dict() for s in range(4)],
        [game.events_for(s) for s in range(4)],
        game.events_for(None),
    )


# -- legal actions and the mask ----------------------------------------------------------------


@pytest.mark.parametrize("preset", _cases("legal_actions_and_mask"))
def test_legal_actions_and_mask(preset: str) -> None:
    space = _space(preset)
    n_actions = ACTION_SPACES[space]
    for seed in SEEDS:
        game = Game(Rules.preset(preset), seed=seed, dealer=_dealer(preset, seed))
        for seat, _ in _random_play(game, random.Random(seed)):
            to_act = game.to_act
            assert to_act and seat in to_act and game.phase != "over", (seed, game.events[-1])
            for s in range(4):
                legal = game.legal_actions(s)
                assert bool(legal) == (s in to_act), (seed, s, to_act, legal)
                mask = action_mask(game, s, space)
                assert mask.shape == (n_actions,) and mask.dtype == np.bool_
                assert sorted(np.flatnonzero(mask)) == sorted(number_of(a, space) for a in legal), (
                    seed,
                    s,
                    legal,
                )
        assert game.phase == "over" and game.to_act == ()
        assert all(
            game.legal_actions(s) == [] and not action_mask(game, s, space).any() for s in range(4)
        )
        if space != 1:
            with pytest.raises(InvalidArgumentError, match="action_space=2"):
                action_mask(game, 0, 1)


# -- replay ------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", _cases("replay_equals_play"))
def test_replay_equals_play(preset: str) -> None:
    for seed in SEEDS:
        game = Game(Rules.preset(preset), seed=seed, dealer=_dealer(preset, seed))
        for n, _ in enumerate(_random_play(game, random.Random(seed))):
            if n % 17 == 3:  # the log cut mid-hand replays to the same position
                assert _state(Game.replay(game.events)) == _state(game), (seed, n)
        events = game.events
        replayed = Game.replay(events)
        assert replayed == game and replayed.events == events
        assert replayed.result == game.result
        # The decisions of the log, taken on a fresh game of the same seed, play the same hand.
        fresh = Game(Rules.preset(preset), seed=seed, dealer=_dealer(preset, seed))
        replay_decisions(events, fresh.step)
        assert fresh.events == events and fresh.result == game.result


# -- what a seat may see -----------------------------------------------------------------------

VIEW_FIELDS = set(Game("default", seed=0).view(0).to_dict())


@pytest.mark.parametrize("preset", _cases("views_show_no_hidden_fields"))
def test_views_show_no_hidden_fields(preset: str) -> None:
    for seed in SEEDS:
        game = Game(Rules.preset(preset), seed=seed, dealer=_dealer(preset, seed))
        for n, _ in enumerate(_random_play(game, random.Random(seed))):
            if n % 5:
                continue
            for viewer in [*range(4), None]:
                log = game.events_for(viewer)
                assert "wall" not in log[0], (seed, viewer)
                if viewer is not None:
                    view = game.view(viewer).to_dict()
                    # A wall cut in parts (botzone) adds each part's tiles left.
                    parts = {"part_remaining"} if game.part_remaining is not None else set()
                    assert set(view) == VIEW_FIELDS | parts, set(view) ^ VIEW_FIELDS
                    assert sorted(view["hand"]) == sorted(int(t) for t in game.hand(viewer))
                for e in log[1:]:
                    if e.get("seat") != viewer and e["type"] == "draw":
                        assert e["tile"] is None, (seed, viewer, e)
                    if e.get("seat") != viewer and e["type"] == "concealed_kong":
                        assert e["tile"] is None, (seed, viewer, e)
                    if e["type"] == "exchange" and viewer not in (e["seat"], e["to"]):
                        assert e["tiles"] is None, (seed, viewer, e)


def _twin(game: Game, viewer: int, rng: random.Random) -> Game | None:
    """A game dealt from ``game``'s wall with two tiles of different kinds swapped, such that
    ``viewer``'s tiles and the public log are the same and another seat's tiles are not (or
    ``None`` if no such swap is found in a few tries)."""
    start = game.events[0]
    wall = list(start["wall"])
    kw: dict[str, Any] = {"dealer": start["dealer"], "scores": start["scores"]}
    if not game.rules.wildcard_from_indicator:
        kw["wildcards"] = start["wildcards"]
    if start.get("dice"):
        kw["dice"] = [tuple(d) for d in start["dice"]]
    if start.get("exchange_direction"):
        kw["exchange_direction"] = start["exchange_direction"]
    for _ in range(200):
        a, b = rng.randrange(len(wall)), rng.randrange(len(wall))
        if wall[a] == wall[b] or wall[a] >= 34 or wall[b] >= 34:
            continue
        twin_wall = list(wall)
        twin_wall[a], twin_wall[b] = twin_wall[b], twin_wall[a]
        twin = Game(game.rules, wall=twin_wall, **kw)
        if (
            twin.hand(viewer) == game.hand(viewer)
            and twin.events_for(None) == game.events_for(None)
            and any(twin.hand(s) != game.hand(s) for s in range(4) if s != viewer)
        ):
            return twin
    return None


@pytest.mark.parametrize("preset", _cases("twins_look_alike_to_a_seat"))
def test_twins_look_alike_to_a_seat(preset: str) -> None:
    """Two games that differ only in tiles a seat has not seen give it the same view, log and
    table view, as long as its own tiles and everything public are the same in both."""
    rules = Rules.preset(preset)
    compared = 0
    for seed in (*SEEDS, 8, 9):
        viewer = seed % 4
        rng = random.Random(seed)
        a = Game(rules, seed=seed, dealer=_dealer(preset, seed))
        b = _twin(a, viewer, rng)
        assert b is not None, f"no twin found for seed {seed}"
        for _ in range(MAX_STEPS):
            if (
                a.is_over
                or b.is_over
                or a.to_act != b.to_act
                or a.hand(viewer) != b.hand(viewer)
                or a.events_for(None) != b.events_for(None)
            ):
                break
            assert a.view(viewer).to_dict() == b.view(viewer).to_dict(), (seed, viewer)
            assert a.events_for(viewer) == b.events_for(viewer), (seed, viewer)
            assert a.table_view(viewer) == b.table_view(viewer), (seed, viewer)
            assert a.legal_actions(viewer) == b.legal_actions(viewer), (seed, viewer)
            compared += 1
            seat = a.to_act[0]
            common = [x for x in a.legal_actions(seat) if x in b.legal_actions(seat)]
            if not common:
                break
            action = rng.choice(common)
            a.step(seat, action)
            b.step(seat, action)
    assert compared >= 20, compared


# -- settlement --------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", _cases("deltas_sum_to_zero"))
def test_deltas_sum_to_zero(preset: str) -> None:
    for seed in range(8):
        result = _played(preset, seed).result
        assert result is not None
        assert sum(result.deltas) == 0, (seed, result.deltas)
        net = [0, 0, 0, 0]
        for t in result.transfers:
            net[t.payer] -= t.amount
            net[t.payee] += t.amount
        assert net == list(result.deltas), (seed, result.transfers)


# -- persistence -------------------------------------------------------------------------------

_ROUND_TRIPS: dict[str, Callable[[Game], Game]] = {
    "pickle": lambda g: pickle.loads(pickle.dumps(g)),
    "json": lambda g: Game.from_json(g.to_json()),
}


@pytest.mark.parametrize("preset", _cases("game_round_trips"))
def test_game_round_trips(preset: str) -> None:
    for seed in SEEDS:
        game = Game(Rules.preset(preset), seed=seed, dealer=_dealer(preset, seed))
        rng = random.Random(seed)
        copies: list[Game] = []
        for n, (seat, action) in enumerate(_random_play(game, rng)):
            if n in (0, 9, 30):
                for how, trip in _ROUND_TRIPS.items():
                    copy = trip(game)
                    assert copy == game and _state(copy) == _state(game), (seed, n, how)
                    copies.append(copy)
            for copy in copies:  # every copy plays on as the original does
                copy.step(seat, action)
        for copy in copies:
            assert copy.events == game.events and copy.result == game.result
        end = {how: trip(game) for how, trip in _ROUND_TRIPS.items()}
        assert all(g == game and g.result == game.result for g in end.values())
        assert json.loads(game.to_json()) == json.loads(end["json"].to_json())


@pytest.mark.parametrize("preset", _cases("match_round_trips"))
def test_match_round_trips(preset: str) -> None:
    match = Match(Rules.preset(preset), seed=3, length=2)
    rng = random.Random(3)
    copies: list[Match] = []
    for n in range(MAX_STEPS):
        if match.is_over:
            break
        if n in (5, 80):
            for copy in (pickle.loads(pickle.dumps(match)), Match.from_json(match.to_json())):
                assert copy.to_json() == match.to_json() and copy.scores == match.scores
                assert copy.to_act == match.to_act
                copies.append(copy)
        seat = match.to_act[0]
        action = rng.choice(match.legal_actions(seat))
        for m in (match, *copies):
            m.step(seat, action)
    assert match.is_over and copies
    for copy in copies:
        assert copy.is_over and copy.to_json() == match.to_json()
        assert copy.scores == match.scores and copy.ranking == match.ranking
    assert sum(match.scores) == 0


# -- bots --------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", _cases("every_bot_finishes_hands"))
def test_every_bot_finishes_hands(preset: str) -> None:
    rules = Rules.preset(preset)
    for name, make in (("random", RandomBot), ("greedy", GreedyBot), ("expert", ExpertBot)):
        game = Game(rules, seed=21, dealer=_dealer(preset, 1))
        bots = [make(21 * 4 + s) for s in range(4)]
        for _ in range(MAX_STEPS):
            if game.is_over:
                break
            seat = game.to_act[0]
            view = game.view(seat)
            action = bots[seat].act(view, list(view.legal_actions))
            assert action in game.legal_actions(seat), (name, action)
            game.step(seat, action)
        assert game.is_over and game.result is not None, name
    # The search, with a small budget, in seat 0 against experts.
    game = Game(rules, seed=22, dealer=0)
    search, expert = SearchBot(seed=1, name="search:8"), ExpertBot()
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        seat = game.to_act[0]
        if seat == 0:
            action = search.choose(game, 0)
        else:
            view = game.view(seat)
            action = expert.act(view, list(view.legal_actions))
        assert action in game.legal_actions(seat), ("search", seat, action)
        game.step(seat, action)
    assert game.is_over and game.result is not None


# -- the RL environments -----------------------------------------------------------------------


@pytest.mark.parametrize("preset", _cases("gymnasium_check_env"))
def test_gymnasium_check_env(preset: str) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from koudiandian.rl.gym_env import KoudiandianEnv

    check_env(KoudiandianEnv(preset, "random", action_space=_space(preset)), skip_render_check=True)


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize("preset", _cases("pettingzoo_api_test"))
def test_pettingzoo_api_test(preset: str) -> None:
    pytest.importorskip("pettingzoo")
    from koudiandian.rl import env
    from pettingzoo.test import api_test

    api_test(env(rules=preset, seed=1, action_space=_space(preset)), num_cycles=100)


@pytest.mark.parametrize("preset", _cases("vecenv_masks"))
def test_vecenv_masks(preset: str) -> None:
    """The vectorised env keeps every table playable: a non-empty mask each step, and the
    masked actions accepted."""
    from koudiandian.rl import VecEnv

    vec = VecEnv(4, preset, seed=1, action_space=_space(preset))
    obs, mask, seat = vec.reset()
    assert mask.shape == (4, ACTION_SPACES[_space(preset)]) and obs.shape[0] == 4
    rng = np.random.default_rng(1)
    for _ in range(150):
        assert mask.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask], np.int64)
        obs, _reward, _term, _trunc, mask, seat = vec.step(actions)
        assert ((0 <= seat) & (seat < 4)).all()
