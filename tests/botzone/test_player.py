"""koudiandian's built-in bots as Botzone bots (koudiandian.botzone.botmain, the core's
BotzonePlayer): games under koudiandian's judge in-process, every seat's answer accepted
(no WA, no WH) and every game finished; restart mode answering from the history as the
bot that kept running did; bad input."""

from __future__ import annotations

from typing import Any

import pytest
from koudiandian._core import BotzonePlayer
from koudiandian.botzone.convert import tile_name
from koudiandian.botzone.judge import BotzoneJudge
from koudiandian.errors import BotzoneInputError, InvalidArgumentError
from koudiandian.game import Game


def initdata(seed: int, flowers: bool, quan: int) -> dict[str, Any]:
    """A seeded wall (136 tiles, or 144 with flowers) and the prevalent wind."""
    rules = "botzone,flowers" if flowers else "botzone"
    wall = Game(rules, seed=seed).events[0]["wall"]
    return {"walltiles": " ".join(tile_name(t) for t in wall), "quan": quan, "srand": seed}


def play(players: list[Any], init: dict[str, Any]) -> dict[str, Any]:
    """One game of four players (each answers a request: ``answer(request) -> str``) under
    the judge; the final output."""
    judge = BotzoneJudge(init)
    out = judge.output()
    while out["command"] == "request":
        answers = {
            seat: {"verdict": "OK", "response": players[int(seat)].answer(request)}
            for seat, request in out["content"].items()
        }
        out = judge.answer(answers)
    return out


@pytest.mark.parametrize("flowers", [False, True])
@pytest.mark.parametrize("quan", [0, 1, 2, 3])
def test_every_bot_in_every_seat_plays_legal_mahjong(flowers: bool, quan: int) -> None:
    ends = set()
    for seed in range(6):
        names = ["greedy", "expert", "random", "greedy"]
        names = names[seed % 4 :] + names[: seed % 4]
        players = [BotzonePlayer(n, seed * 4 + s) for s, n in enumerate(names)]
        out = play(players, initdata(seed + 10 * quan, flowers, quan))
        action = out["display"]["action"]
        assert action in ("HU", "HUANG"), (seed, out["display"])
        assert sum(int(v) for v in out["content"].values()) == 0
        assert all(p.broken is None for p in players)
        ends.add(action)
    assert "HU" in ends


def test_restart_mode_answers_as_the_bot_that_kept_running() -> None:
    players = [BotzonePlayer("expert", s) for s in range(4)]
    history: list[tuple[str, str]] = []

    class Restarted:
        """Seat 2 answered by a fresh player given the history, checked against seat 2's
        own player."""

        def answer(self, request: str) -> str:
            fresh = BotzonePlayer("expert", 2)
            for r, a in history:
                fresh.replay(r, a)
            answer = fresh.answer(request)
            assert answer == players[2].answer(request)
            history.append((request, answer))
            return answer

    out = play([players[0], players[1], Restarted(), players[3]], initdata(3, True, 1))
    assert out["command"] == "finish" and out["display"]["action"] in ("HU", "HUANG")


def test_choices_are_counted_and_passes_are_quick() -> None:
    p = BotzonePlayer("greedy", 0)
    assert p.answer("0 0 0") == "PASS" and not p.had_choice
    assert p.turns == 1


def test_bad_input_is_named() -> None:
    with pytest.raises(InvalidArgumentError, match="unknown built-in bot"):
        BotzonePlayer("nobody")
    with pytest.raises(InvalidArgumentError):
        BotzonePlayer("greedy", -1)
    p = BotzonePlayer("greedy")
    with pytest.raises(BotzoneInputError, match="first request"):
        p.answer("2 W1")
    with pytest.raises(BotzoneInputError, match="not a Botzone mahjong request"):
        p.answer("3 0 PLAY X9")
