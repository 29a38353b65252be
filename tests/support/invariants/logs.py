"""A hand's event log and its copies: ``Game.replay``, JSON, pickling and deepcopy rebuild an
equal game; corrupted logs (dropped, swapped or edited events, changed tiles or wall, bad JSON,
wrong format or version) and randomly fuzzed ones raise ``InvalidEventLogError``."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest
from koudiandian import Game, InvalidEventLogError

from tests.support.invariants.checks import kinds_in_play
from tests.support.invariants.state import log_of


def check_round_trips(game: Game) -> None:
    text = game.to_json()
    for rebuilt in (
        Game.replay(game.events),
        Game.from_json(text),
        Game.from_json(text.encode()),
        pickle.loads(pickle.dumps(game)),
        copy.deepcopy(game),
    ):
        assert rebuilt == game
        assert rebuilt.to_json() == text
        assert rebuilt.to_act == game.to_act and rebuilt.result == game.result
        assert rebuilt._hands == game._hands and rebuilt._discards == game._discards
        assert rebuilt._melds == game._melds and rebuilt.phase == game.phase
        for s in range(4):
            assert rebuilt.legal_actions(s) == game.legal_actions(s)


def expect_invalid_log(events: Any, what: str) -> None:
    try:
        Game.replay(events)
    except InvalidEventLogError:
        pass
    except Exception as err:  # noqa: BLE001
        raise AssertionError(
            f"Game.replay raised {type(err).__name__}: {err} for a corrupted log ({what})"
        ) from None
    else:
        raise AssertionError(f"Game.replay accepted a corrupted log ({what})")
    try:
        text = json.dumps({"format": "koudiandian-game", "version": 1, "events": events})
    except (TypeError, ValueError):
        return
    with pytest.raises(InvalidEventLogError):
        Game.from_json(text)


def _is_decision(e: dict[str, Any]) -> bool:
    """Whether the event records a seat's own decision (rather than the engine's)."""
    kind = e["type"]
    if kind in ("concealed_kong", "added_kong"):
        return True
    if kind in ("discard", "answer"):
        return not e["auto"]
    return kind == "win" and e["kind"] == "self_draw" and not e["auto"]


def check_corrupted_logs(game: Game, rng: random.Random) -> None:
    """``game`` is finished or waits for a decision. In a log that ends in the middle of a
    hand, a last decision may be dropped or made differently and the log stays valid, so
    there only the engine's own events are dropped or edited."""
    events = game.events
    n = len(events)
    finished = events[-1]["type"] == "end_hand"
    mutable = [i for i in range(1, n) if finished or not _is_decision(events[i])]
    # drop an event (each position has a different effect; try a few and the first)
    for i in {0, *rng.sample(mutable, min(3, len(mutable))), *([n - 1] if finished else [])}:
        expect_invalid_log(events[:i] + events[i + 1 :], f"dropped event {i}")

    # swap two different events (not two answers to the same claim, whose order is free)
    def swappable(i: int, j: int) -> bool:
        return events[i] != events[j] and not (events[i]["type"] == events[j]["type"] == "answer")

    pairs = [sorted(rng.sample(range(n), 2)) for _ in range(3)] if n >= 2 else []
    if n >= 3:
        i = rng.randrange(1, n - 1)
        pairs.append([i, i + 1])
    for i, j in pairs:
        decisions = _is_decision(events[i]) or _is_decision(events[j])
        if swappable(i, j) and (finished or not decisions):
            bad = list(events)
            bad[i], bad[j] = bad[j], bad[i]
            expect_invalid_log(bad, f"swapped events {i} and {j}")
    # change a tile in an event
    in_play = kinds_in_play(game.rules)
    with_tile = [i for i in mutable if isinstance(events[i].get("tile"), int)]
    for i in rng.sample(with_tile, min(3, len(with_tile))):
        bad = copy.deepcopy(events)
        bad[i]["tile"] = (bad[i]["tile"] + rng.randrange(1, in_play)) % in_play
        expect_invalid_log(bad, f"changed the tile of event {i} ({events[i]})")
    # change a wall tile (the counts no longer match), a dealt hand, the result, the end
    bad = copy.deepcopy(events)
    p = rng.randrange(len(bad[0]["wall"]))
    bad[0]["wall"][p] = (bad[0]["wall"][p] + 1) % in_play
    expect_invalid_log(bad, f"changed wall tile {p}")
    if any(e["type"] == "draw" and not e["replacement"] for e in events):
        bad = copy.deepcopy(events)  # wall[53] is the first ordinary draw
        w = bad[0]["wall"]
        p = next(p for p in range(52) if w[p] != w[53])
        w[p], w[53] = w[53], w[p]
        expect_invalid_log(bad, f"swapped dealt tile {p} with the first drawn one")
    if events[-1]["type"] == "end_hand":
        bad = copy.deepcopy(events)
        bad[-1]["result"]["deltas"][0] += 1
        expect_invalid_log(bad, "edited deltas")
        bad = copy.deepcopy(events)
        bad[-1]["hands"][0].append(0)
        expect_invalid_log(bad, "edited final hands")
        bad = copy.deepcopy(events)
        bad[-1]["discards"] = bad[-1]["discards"][::-1]
        if bad[-1]["discards"] != events[-1]["discards"]:
            expect_invalid_log(bad, "edited final discards")
    bad = copy.deepcopy(events)
    bad[0]["scores"] = [1, 0, 0, 0]
    expect_invalid_log(bad + [copy.deepcopy(events[-1])], "extra end event")
    bad = copy.deepcopy(events)
    bad[0]["dealer"] = (bad[0]["dealer"] + 1) % 4
    expect_invalid_log(bad, "changed dealer")
    bad = copy.deepcopy(events)
    bad[0]["rules"]["no_such_option"] = True
    expect_invalid_log(bad, "unknown option")
    # structurally bad logs
    for bad_log, what in (
        ([], "empty"),
        ([events[1]] + events[1:], "no start"),
        (events + [{"type": "draw"}], "trailing junk"),
        (events[:1] + [None] + events[1:], "None event"),
        (events[:1] + [{"type": "teleport", "seat": 0}] + events[1:], "unknown type"),
        (events[:1] + ["discard"] + events[1:], "string event"),
    ):
        expect_invalid_log(bad_log, what)
    # bad JSON, wrong format / version
    text = game.to_json()
    data = json.loads(text)
    for bad_text in (
        text[:-1],
        text[: len(text) // 2],
        text + "x",
        "",
        "null",
        "[]",
        "{}",
        '"koudiandian-game"',
        b"\xff\xfe\x00",
        text.replace('"events"', '"evnts"'),
        json.dumps({**data, "version": 2}),
        json.dumps({**data, "version": 0}),
        json.dumps({**data, "version": "1"}),
        json.dumps({k: v for k, v in data.items() if k != "version"}),
        json.dumps({**data, "format": "koudiandian-match"}),
        json.dumps({**data, "events": {"0": events[0]}}),
        json.dumps({**data, "events": None}),
    ):
        with pytest.raises(InvalidEventLogError):
            Game.from_json(bad_text)
    for not_text in (None, 123, [text]):
        with pytest.raises(InvalidEventLogError):
            Game.from_json(not_text)  # type: ignore[arg-type]


BULKY = ("wall", "rules", "result", "hands", "melds", "discards")  # left out of messages


FUZZ_JUNK: tuple[Any, ...] = (
    None,
    -1,
    34,
    99,
    "x",
    "",
    [],
    {},
    True,
    False,
    1.5,
    2**70,
    [0],
    ["x"],
    {"a": 1},
    "discard",
)


def fuzz_log(events: list[dict[str, Any]], rng: random.Random, tries: int) -> list[str]:
    """Random edits of a log (a value replaced by junk, a key deleted or added, an item of
    a list or dict replaced): each must be refused with :class:`InvalidEventLogError`, or
    (for edits Python's ``==`` cannot see, such as ``1`` -> ``1.0``) replay to the same log.
    Returns a description of each edit handled otherwise."""
    bad_cases = []
    for _ in range(tries):
        bad = copy.deepcopy(events)
        i = rng.randrange(len(bad))
        e = bad[i]
        key = rng.choice(sorted(e))
        r = rng.random()
        if r < 0.6:
            e[key] = rng.choice(FUZZ_JUNK)
        elif r < 0.75:
            del e[key]
        elif r < 0.85:
            e["extra"] = 1
        elif isinstance(e[key], list) and e[key]:
            e[key][rng.randrange(len(e[key]))] = rng.choice(FUZZ_JUNK)
        elif isinstance(e[key], dict) and e[key]:
            e[key][rng.choice(sorted(e[key]))] = rng.choice(FUZZ_JUNK)
        else:
            continue
        shown = {k: v for k, v in e.items() if k not in BULKY}
        try:
            rebuilt = Game.replay(bad)
        except InvalidEventLogError:
            continue
        except Exception as err:  # noqa: BLE001
            bad_cases.append(
                f"Game.replay raised {type(err).__name__}: {err} (not InvalidEventLogError) "
                f"for event {i} edited to {shown}"
            )
            continue
        if log_of(rebuilt) != bad:
            bad_cases.append(f"Game.replay accepted a log whose event {i} was edited to {shown}")
    return bad_cases
