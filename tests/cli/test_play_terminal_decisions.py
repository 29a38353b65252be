"""``koudiandian play`` at a table that decides before play and goes on after a win
(``sichuan``, and ``tiny``, the test profile with every such mechanism): the player types its exchange picks
and its void suit at the prompt, told how many picks are left; the table shows the tiles
picked, every seat's void suit, the scores as they move, and each seat that won and left
with its win and the tiles it showed; the payments are said as they are made."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from koudiandian import Rules, Tile, parse_tiles

from tests.cli.test_play_terminal import terminal

_OPTION = re.compile(r"^ +\d+\. (?:exchange \(换三张\)|void \(定缺\)) (\S+)", re.M)


def _decider(picks: list[str], voids: list[str]) -> Callable[[io.StringIO], str]:
    """A player who types its decisions before play as text (``exchange 5p``: the last
    tile offered; ``void p``) and takes option 1 otherwise; what it typed is kept."""

    def reply(out: io.StringIO) -> str:
        text = out.getvalue()
        asked = text[text.rfind("── dealer") :]
        offered = _OPTION.findall(asked)
        if "▶ pick " in asked:
            picks.append(offered[-1])
            return f"exchange {offered[-1]}\n"
        if "▶ declare a suit void" in asked:
            voids.append("p")
            return "void p\n"
        return "1\n"

    return reply


@pytest.mark.parametrize(("rules", "seed"), [("tiny", 0), ("sichuan", 1)])
def test_the_decisions_before_play_are_typed_and_the_table_shows_who_left(
    rules: str, seed: int
) -> None:
    picks: list[str] = []
    voids: list[str] = []
    text = terminal(Rules.parse(rules), seed, reply=_decider(picks, voids))
    # Each pick asked with the count left and the form of a reply (sichuan's after the first
    # bound to its suit); the first shown as picked while the second is asked.
    total = Rules.parse(rules).exchange_tiles
    assert len(picks) == total and voids == ["p"]
    assert re.search(
        rf"▶ pick {total} tiles to pass on \(换三张\), .*\({total} left\): exchange \S+", text
    )
    second = text.index(f"({total - 1} left")
    assert f"picked to pass on: {picks[0]}" in text[text.rfind("── dealer", 0, second) : second]
    if rules == "sichuan":  # three of one suit
        assert text[second:].startswith(f"({total - 1} left, all in {picks[0][-1]})")
    # Where the tiles go: opposite in tiny; in sichuan the direction drawn, said first.
    drawn = re.search(
        r"^换三张 this hand: every seat passes to its \w+ .*; you pass to (seat \d)$", text, re.M
    )
    assert (drawn is None) == (rules == "tiny")
    to = "seat 2" if drawn is None else drawn.group(1)
    passed = re.search(rf"· you pass (\S+) to {to} \(换三张\)", text)
    assert passed and sorted(parse_tiles(passed.group(1))) == sorted(map(Tile.parse, picks)), passed
    assert "▶ declare a suit void (定缺): void m, void p or void s" in text
    assert "· you declare p void (定缺)" in text
    assert "please type" not in text
    # Every seat's void suit is marked once all have declared; the scores as they move.
    play = text[text.index("· seat 3 declares") :]
    assert re.search(r"^    you \[缺p\]", play, re.M)
    for s in (1, 2, 3):
        assert re.search(rf"^ seat {s} \[缺[mps]\]", play, re.M)
    paid = re.search(r"· paid as played: (.*)$", play, re.M)
    assert paid, "a payment said as it is made"
    scores = re.findall(r"^scores now: (.*)$", play[paid.end() :], re.M)
    assert scores and scores[0] != "you +0, seat 1 +0, seat 2 +0, seat 3 +0"
    # A seat that won and left: marked, with its win and the tiles it showed.
    leave = re.search(r"· (seat \d) leaves the hand \(离场\), showing (\S+)", play)
    assert leave, "a winner left and play went on"
    after = play[leave.end() :]
    row = re.search(
        rf"^ {leave.group(1)} \[缺.\] \[胡 left\]: discards .*\n +won \((.*)$", after, re.M
    )
    assert row, after[:600]
    assert re.search(r"; showed (\d[mpsz] ?)+$", row.group(1))
