"""What ``simulate(bots=...)`` accepts (issue 22, item 10): names, factories taking a seed,
classes or functions taking nothing, and bot instances, which play every hand of their
seat; anything else is refused before a hand is played, naming it."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import pytest
from koudiandian import ArgumentTypeError, InvalidArgumentError, SeatView, simulate
from koudiandian.action import Action
from koudiandian.bots import GreedyBot, RandomBot


class FirstLegal:
    """A bot class whose constructor takes no argument (no seed)."""

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[0]


class Counting:
    """A stateful bot: counts the decisions it is asked for."""

    def __init__(self) -> None:
        self.asked = 0

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        self.asked += 1
        return legal_actions[-1]


def first_legal() -> FirstLegal:
    """A factory function that takes no seed."""
    return FirstLegal()


def seeded_random(seed: int) -> RandomBot:
    return RandomBot(seed)


def _run(bots: Any, **kwargs: Any) -> tuple[dict[str, Any], str]:
    log = io.StringIO()
    summary = simulate(24, bots=bots, seed=9, log=log, **kwargs)
    out = summary.comparable()
    del out["bots"]
    for b in out.get("bot_stats", []):
        del b["name"]
    return out, log.getvalue()


def test_instances_of_the_greedy_bot_play_as_the_built_in_one() -> None:
    by_name = simulate(40, bots="greedy,random,greedy,random", seed=3)
    by_instance = simulate(40, bots=[GreedyBot(), "random", GreedyBot(), "random"], seed=3)
    assert by_instance.comparable() == by_name.comparable()
    assert by_instance.bots == ("greedy", "random", "greedy", "random")


def test_an_instance_plays_as_a_class_building_the_same_bot() -> None:
    assert _run([FirstLegal(), "greedy", FirstLegal(), "random"]) == _run(
        [FirstLegal, "greedy", first_legal, "random"]
    )


def test_one_instance_plays_every_seat_and_every_hand() -> None:
    bot = Counting()
    summary = simulate(6, bots=bot, seed=1)
    assert summary.hands == 6 and summary.bots == ("Counting",) * 4
    assert bot.asked > 6 * 4  # one object, asked for every seat of every hand


def test_a_seeded_instance_keeps_its_state_across_hands_and_runs() -> None:
    # One RandomBot(5) object plays on: its generator is not reseeded for each hand, so a
    # second run with the same object goes on from where the first stopped.
    bots: list[Any] = [RandomBot(5), "greedy", "greedy", "greedy"]
    first, second = _run(bots), _run(bots)
    assert first != second
    assert _run([RandomBot(5), "greedy", "greedy", "greedy"]) == first


def test_instances_go_to_worker_processes_as_copies() -> None:
    bots = [FirstLegal(), "random", seeded_random, GreedyBot()]
    assert _run(bots, workers=2) == _run(bots)


@pytest.mark.parametrize("bots", [FirstLegal, first_legal])
def test_a_class_or_function_taking_no_seed_builds_each_hands_bot(bots: Any) -> None:
    summary = simulate(4, bots=bots, seed=2)
    assert summary.hands == 4 and summary.bots == (bots.__name__,) * 4


class TwoArguments:
    def __init__(self, level: int, style: str) -> None:
        del level, style

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[0]


def needs_two(a: int, b: int) -> FirstLegal:
    return FirstLegal()


@pytest.mark.parametrize(
    ("spec", "named"),
    [(TwoArguments, "class 'TwoArguments'"), (needs_two, "factory 'needs_two'")],
)
def test_a_factory_that_takes_neither_a_seed_nor_nothing_is_named(spec: Any, named: str) -> None:
    with pytest.raises(ArgumentTypeError) as info:
        simulate(1, bots=[spec, "greedy", "greedy", "greedy"])
    message = str(info.value)
    assert named in message and "seat 0" in message
    assert "with one argument, the bot's seed, or with none" in message


class NoAct:
    pass


@pytest.mark.parametrize(
    ("spec", "named"),
    [(NoAct, "NoAct"), (42, "42"), (NoAct(), "NoAct object"), (3.5, "3.5")],
)
def test_what_is_no_bot_is_refused_before_play_naming_what_is_accepted(
    spec: Any, named: str
) -> None:
    with pytest.raises(ArgumentTypeError) as info:
        simulate(1, bots=["greedy", spec, "greedy", "greedy"])
    message = str(info.value)
    assert named in message and "seat 1" in message
    assert "a built-in's name" in message and "seed" in message and "act(" in message


def test_an_unknown_name_and_a_wrong_count_stay_value_errors() -> None:
    with pytest.raises(InvalidArgumentError, match="unknown bot 'smart'"):
        simulate(1, bots=["smart"] * 4)
    with pytest.raises(InvalidArgumentError, match="four bots"):
        simulate(1, bots=[GreedyBot(), GreedyBot()])


@pytest.mark.parametrize("bots", [42, 3.5])
def test_bots_that_are_no_bot_and_no_list_are_a_type_error(bots: Any) -> None:
    with pytest.raises(ArgumentTypeError, match=f"a list of four bots, got {bots!r}"):
        simulate(1, bots=bots)
