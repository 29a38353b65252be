"""What a new user trips over (issue 14) in the terminal game (``koudiandian.play``): every bot
action reported, whose turn it is, the declaration's waits and the automatic moves shown, every
tile revealed at the end, a match numbered with pauses and ranks, a tile name taken at the
discard prompt, wildcards marked in the hand."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from koudiandian import ActionKind, Game, Rules, Tile, parse_tiles
from koudiandian.play import play_terminal, render

from tests.support.greedy_game import first_option_game


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


@pytest.mark.parametrize("seed, seat", [(3, 0), (11, 2)])
def test_play_reports_every_bot_action(seed: int, seat: int) -> None:
    text = _play(seed, seat=seat)
    game = first_option_game(seed, seat)
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
    game = first_option_game(6, 1, prefer=ActionKind.DECLARE)
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
