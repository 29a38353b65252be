"""Secrecy of the claim window and of the dice (issue 23, items 1 and 2).

A discard looks the same to every socket whether or not any seat may claim it: the same
frames, the same phase, and (while a person sits at the table) the same wait before the
next draw. The test drives a table on an injected clock, so the send times compared are
exact. Changsha's dice are shown as they are rolled, never in ``start_hand``."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("starlette")

from koudiandian import Game, Rules  # noqa: E402
from koudiandian.action import Action  # noqa: E402
from koudiandian.bots import GreedyBot, RandomBot  # noqa: E402
from koudiandian.errors import NotYourTurnError  # noqa: E402
from koudiandian.server.lobby import Lobby  # noqa: E402
from koudiandian.server.spec import HUMAN, TableSpec  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from koudiandian.server.tables import NOT_YOUR_TURN, Table  # noqa: E402
from koudiandian.server.visibility import public_view  # noqa: E402

from tests.support.virtualclock import VirtualClock  # noqa: E402


def _play(game: Game, seed: int) -> None:
    """Bots play ``game`` out, making every kong with dice they may."""
    bots = [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)]
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        dice = [a for a in legal if a.kind.name == "DICE_KONG"]
        game.step(seat, dice[0] if dice else bots[seat].act(game.view(seat), legal))


def test_no_seat_and_no_spectator_is_sent_a_roll_before_it_is_rolled() -> None:
    rolled = 0
    for seed in range(200):
        if rolled >= 2:
            break
        game = Game(Rules.preset("changsha"), seed=seed)
        _play(game, seed)
        full = game.events
        assert full[0]["dice"], "the full log keeps the dice, for replay"
        rolls = [tuple(e["dice"]) for e in full if e["type"] == "dice"]
        assert rolls == [tuple(d) for d in full[0]["dice"][: len(rolls)]]
        for viewer in (None, 0, 1, 2, 3):
            log = game.events_for(viewer)  # type: ignore[arg-type]
            assert "dice" not in log[0], f"seat {viewer}'s start_hand names the dice to come"
            assert [tuple(e["dice"]) for e in log if e["type"] == "dice"] == rolls
        assert Game.replay(full).events == full  # the full log still replays
        rolled += len(rolls)
    assert rolled > 0, "no hand rolled the dice"


def test_an_out_of_turn_action_names_no_other_seat() -> None:
    found = 0
    for seed in range(30):
        game = Game(Rules.preset("taiyuan"), seed=seed)
        bots = [GreedyBot() for _ in range(4)]
        while not game.is_over:
            for s in set(range(4)) - set(game.to_act):
                with pytest.raises(NotYourTurnError) as e:
                    game.step(s, game.legal_actions(game.to_act[0])[0])
                assert re.findall(r"\d", str(e.value)) == [str(s)], str(e.value)
                found += 1
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
    assert found > 100


def _decision(table: Table) -> int:
    """The decision number seat 0 has been shown (it may act)."""
    number = table.view(0)["decision"]
    assert isinstance(number, int)
    return number


class Recorder(asyncio.Queue):  # type: ignore[type-arg]
    """A connection's send queue that notes each frame with the clock's time."""

    def __init__(self, clock: VirtualClock, frames: list[tuple[float, list[Any]]]) -> None:
        super().__init__()
        self._clock, self._frames = clock, frames

    def put_nowait(self, item: Any) -> None:
        if item is not None:
            self._frames.append((self._clock.now, json.loads(item)))


def _record(table: Table, clock: VirtualClock, seat: int | None) -> list[tuple[float, list[Any]]]:
    frames: list[tuple[float, list[Any]]] = []
    conn = table.connect(seat, all_views=True)
    while not conn.queue.empty():
        frames.append((clock.now, json.loads(conn.queue.get_nowait())))
    conn.queue = Recorder(clock, frames)
    return frames


def _pick(legal: list[Action], drawn: int | None) -> Action:
    """Pass at once when offered a claim; else discard the drawn tile; else the first."""
    for a in legal:
        if a.kind.name.lower() == "pass":
            return a
    for a in legal:
        if a.kind.name.lower() == "discard" and drawn is not None and int(a.tile) == drawn:
            return a
    return legal[0]


def _shape(message: dict[str, Any]) -> tuple[Any, ...]:
    """A message without its tiles and numbers: its types, its keys, a view's phase."""
    if message["type"] == "event":
        e = message["event"]
        return ("event", e["type"], tuple(sorted(e)))
    if message["type"] == "view":
        v = message["view"]
        return ("view", v["phase"], v["claim_tile"] is None, tuple(sorted(v)))
    return (message["type"],)


def _openers(game: Game, viewer: int | None) -> list[tuple[int, str]]:
    """For each discard (or added kong) of ``game`` that ``viewer`` was not asked about, by
    its number in ``viewer``'s log: ``"none"`` if no seat was asked about it, ``"passed"``
    if seats were and all passed, ``"claimed"`` otherwise."""
    out: list[tuple[int, str]] = []
    full = game.events
    n = -1
    for i, e in enumerate(full):
        if e["type"] == "answer" and e["seat"] != viewer:
            continue
        n += 1
        if e["type"] not in ("discard", "added_kong"):
            continue
        answers = []
        for f in full[i + 1 :]:
            if f["type"] != "answer":
                break
            answers.append(f)
        if any(f["seat"] == viewer for f in answers):
            continue  # it was asked: it knows
        actions = {f["action"] for f in answers}
        out.append((n, "none" if not answers else "passed" if actions == {"pass"} else "claimed"))
    return out


def _around(frames: list[tuple[float, list[Any]]], hand: int, n: int) -> tuple[Any, ...] | None:
    """What a socket was sent from event ``n`` of ``hand`` to the next event: the shapes of
    the messages in between, where frames began, the next event's type and the time it
    took (``None`` if the hand has no next event)."""
    messages = [(t, i, m) for i, (t, frame) in enumerate(frames) for m in frame]
    where = {(m["hand"], m["n"]): k for k, (_, _, m) in enumerate(messages) if m["type"] == "event"}
    if (hand, n + 1) not in where:
        return None
    p, q = where[(hand, n)], where[(hand, n + 1)]
    between = messages[p : q + 1]
    return (
        tuple(_shape(m) for _, _, m in between[1:-1]),
        tuple(i - between[0][1] for _, i, _ in between),
        between[-1][2]["event"]["type"],
        round(between[-1][0] - between[0][0], 9),
    )


WAIT = 0.5


@pytest.mark.parametrize("bot_delay", [0, 0.25])
def test_a_discard_looks_the_same_whether_or_not_a_seat_may_claim_it(
    bot_delay: float, new_db: Callable[[], str]
) -> None:
    clock = VirtualClock()
    seen: dict[str, dict[str, set[Any]]] = {"seat": {}, "spectator": {}}
    errors: set[str] = set()
    public: dict[str, set[Any]] = {"none": set(), "passed": set()}

    async def play(seed: int) -> None:
        store = Store(new_db())
        lobby = Lobby(store, claim_wait=WAIT, clock=clock.clock, sleep=clock.sleep)
        spec = TableSpec.parse(
            {
                "rules": "taiyuan",
                "seats": [HUMAN, "greedy", "greedy", "greedy"],
                "seed": seed,
                "bot_delay": bot_delay,
            }
        )
        table, _, _, _ = lobby.create(spec)
        lobby.start()
        seat_frames = _record(table, clock, 0)
        public_frames = _record(table, clock, None)
        states: list[tuple[int, dict[str, Any]]] = []  # (events sent, GET /tables/{id})

        def sample() -> None:
            sent = sum(m["type"] == "event" for _, f in public_frames for m in f)
            states.append((sent, table.public_state()))

        while True:
            await clock.settle()
            sample()
            if table.may_act(0):
                game = table.match.game
                table.act(0, _pick(table.legal_actions(0), game.view(0).drawn), _decision(table))
                continue
            if not table.match.is_over:
                with pytest.raises(NotYourTurnError) as e:
                    table.act(0, Action.parse("pass"), 1)
                errors.add(str(e.value))
            if not await clock.advance():
                break
        await lobby.stop()
        store.close()
        assert table.match.is_over
        game = table.match.games[0]
        for n, kind in _openers(game, None):
            # What GET /tables/{id} says while the spectator has been sent the discard and
            # not the next event, and how far the public action count moved.
            window = [st for sent, st in states if sent == n + 1]
            if kind != "claimed" and window:
                changes = {(st["actions"], st["wall_remaining"], st["turn"]) for st in window}
                public[kind].add((frozenset(st["phase"] for st in window), len(changes)))
        for who, viewer, frames in (("spectator", None, public_frames), ("seat", 0, seat_frames)):
            for n, kind in _openers(game, viewer):
                if kind == "claimed":
                    continue
                around = _around(frames, 0, n)
                if around is not None:
                    seen[who].setdefault(kind, set()).add(around)

    for seed in range(6):
        asyncio.run(play(seed))
    for who in ("seat", "spectator"):
        assert set(seen[who]) == {"none", "passed"}, who
        assert seen[who]["none"] == seen[who]["passed"], who
        assert {d for *_, d in seen[who]["none"]} == {WAIT}, who
    assert public["none"] == public["passed"] == {(frozenset({"wait"}), 1)}
    assert errors == {NOT_YOUR_TURN}
    assert not re.search(r"\d", NOT_YOUR_TURN)


def test_a_table_of_bots_never_waits_and_a_restarted_table_holds_nothing(
    db: str, new_db: Callable[[], str]
) -> None:
    clock = VirtualClock()

    async def bots_only() -> None:
        store = Store(new_db())
        lobby = Lobby(store, claim_wait=WAIT, clock=clock.clock, sleep=clock.sleep)
        spec = TableSpec.parse({"rules": "taiyuan", "seats": ["greedy"] * 4, "bot_delay": 0})
        table, _, _, _ = lobby.create(spec)
        lobby.start()
        await clock.settle()
        while not table.match.is_over:
            await asyncio.sleep(0.001)
        assert clock.now == 0 and not await clock.advance()
        await lobby.stop()
        store.close()

    asyncio.run(bots_only())

    async def restarted() -> None:
        first = Store(db)
        lobby = Lobby(first, claim_wait=WAIT, clock=clock.clock, sleep=clock.sleep)
        spec = TableSpec.parse({"rules": "taiyuan", "seats": [HUMAN] + ["greedy"] * 3})
        table, _, _, _ = lobby.create(spec)
        table.act(0, table.legal_actions(0)[0], _decision(table))  # a discard: its window opens
        assert table.public_state()["phase"] == "wait"
        second = Store(db)
        again = Lobby(second, claim_wait=WAIT, clock=clock.clock, sleep=clock.sleep)
        assert again.load() == 1
        rebuilt = again.get(table.id)
        state = rebuilt.public_state()
        # Nothing is held: the state is the engine's own (whose phase is "wait" only while
        # a bot is asked about the discard, with no driver running here to answer).
        assert not rebuilt._windows.held()
        assert state["phase"] == public_view(rebuilt.match.game)["phase"]
        assert state["actions"] == 1
        first.close()
        second.close()

    asyncio.run(restarted())


def test_the_end_of_a_match_a_window_holds_is_not_shown(db: str) -> None:
    clock = VirtualClock()

    async def play() -> None:
        store = Store(db)
        try:
            await played(store)
        finally:
            store.close()

    async def played(store: Store) -> None:
        lobby = Lobby(store, claim_wait=WAIT, clock=clock.clock, sleep=clock.sleep)
        for seed in range(40):
            spec = TableSpec.parse({"rules": "taiyuan", "seed": seed, "bot_delay": 0})
            table, _, _, _ = lobby.create(spec)
            while not table.match.is_over:  # seat 0 discards at once; the bots wait for it
                if table.may_act(0):
                    table.act(
                        0,
                        _pick(table.legal_actions(0), table.match.game.view(0).drawn),
                        _decision(table),
                    )
                elif table.match.is_over:
                    break
                else:
                    clock.now = table._windows.until
                    table.flush()
                    table._run_bots(1)
            if table._windows.held():  # the last discard's window holds the end
                conn = table.connect(None)
                hello = json.loads(conn.queue.get_nowait())[0]
                assert hello["hand"] == 0 and not table.over
                assert not table.public_state()["over"]
                assert all(e["type"] != "end_hand" for e in table.log(0, None)[: conn.sent])
                clock.now = table._windows.until
                assert table.over and table.public_state()["over"]
                return
        pytest.fail("no match ended inside a claim window")

    asyncio.run(play())
