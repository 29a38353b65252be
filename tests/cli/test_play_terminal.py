"""``koudiandian play``, driven through its Python entry with scripted replies: the
settlement says what was paid and why (every transfer by its reason, the win's formula from
the profile's score items, who paid what, what the bird changed), the table marks claimed
discards and echoes the player's own moves, the prompt takes a tile however it is printed,
and a match's ranking shows its ties."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from koudiandian import Game, Rules
from koudiandian.result import HandResult, Transfer
from koudiandian.simulate import BOTS
from koudiandian.tile import Tile, TileStyle

_PAUSE = "press Enter for the next hand (q to quit): "


def first_option(out: io.StringIO) -> str:
    """A person who takes option 1 and goes on to the next hand of a match."""
    return "\n" if out.getvalue().endswith(_PAUSE) else "1\n"


def terminal(
    rules: Rules,
    seed: int,
    *,
    match: bool = False,
    style: TileStyle = "mpsz",
    reply: Callable[[io.StringIO], str] = first_option,
) -> str:
    """What ``koudiandian play`` prints for seat 0 against greedy bots."""
    from koudiandian.play import play_terminal

    out = io.StringIO()
    code = play_terminal(
        rules=rules,
        seed=seed,
        seat=0,
        bots=["greedy"] * 3,
        style=style,
        match=match,
        out=out,
        read=lambda: reply(out),
    )
    assert code == 0
    return out.getvalue()


def played(rules: Rules, seed: int) -> Game:
    """The hand :func:`terminal` plays (seat 0 taking option 1), played here again."""
    game = Game(rules, seed=seed)
    bots = [BOTS["greedy"](seed + s) for s in range(4)]
    while not game.is_over:
        s = game.to_act[0]
        legal = game.legal_actions(s)
        game.step(s, legal[0] if s == 0 else bots[s].act(game.view(s), legal))
    return game


def name(seat: int) -> str:
    return "you" if seat == 0 else f"seat {seat}"


def pays(seat: int) -> str:
    return f"{name(seat)} {'pay' if seat == 0 else 'pays'}"


def transfer_line(t: Transfer) -> str:
    """A transfer as the settlement lists it: the reason's Chinese name, English beside it."""
    return f"  {pays(t.payer)} {t.amount} to {name(t.payee)}: {t.chinese} ({t.english}"


def settlement(text: str) -> str:
    return text[text.index("── the hand is over") :]


# -- item 3: every transfer of every hand, drawn hands too --------------------------------


def test_a_drawn_hand_lists_the_kongs_it_paid() -> None:
    rules = Rules.preset("queyimen")
    result = played(rules, 11).result
    assert result is not None and result.winner is None and result.transfers  # kongs paid
    text = settlement(terminal(rules, 11))
    assert "nothing is paid" not in text
    assert "drawn hand (荒庄)" in text
    for t in result.transfers:
        assert transfer_line(t) in text
    assert "补杠 (added kong" in text


def test_the_issues_match_hand_13_lists_its_kong() -> None:
    """``koudiandian play --rules queyimen --seed 3 --match --ascii``: hand 13 is drawn, and
    the scores moved by a kong."""
    text = terminal(Rules.preset("queyimen"), 3, match=True)
    hand = text[text.index("══ hand 13 of") : text.index("══ hand 14 of")]
    before = re.findall(r"^scores: (.*)$", text[: text.index("══ hand 13 of")], re.M)[-1]
    after = re.search(r"^scores: (.*)$", hand, re.M)
    assert after and after.group(1) != before  # the scores moved
    assert "drawn hand (荒庄)" in hand and "nothing is paid" not in hand
    assert re.search(r"^  .* pays? \d+ to .*: (明杠|补杠|暗杠) \(", hand, re.M)


def test_every_transfer_is_named_by_its_reason() -> None:
    rules = Rules.preset("taiyuan")
    result = played(rules, 6).result
    assert result is not None and {t.reason for t in result.transfers} >= {
        "win",
        "dealer_bonus",
        "added_kong",
    }
    text = settlement(terminal(rules, 6))
    for t in result.transfers:
        assert transfer_line(t) in text
    assert " for win" not in text and " for added_kong" not in text  # no raw names


# -- item 4: the formula the score items give, the payments the transfers give -----------


def _paid(result: HandResult, winner: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for t in result.transfers:
        if t.reason == "win" and t.payee == winner:
            out[t.payer] = out.get(t.payer, 0) + t.amount
    return out


def test_a_taiyuan_self_draw_shows_the_self_draw_double() -> None:
    """点数 4 自摸 ×2: each of the three pays 8 (the dealer 10 more, as a dealer bonus)."""
    rules = Rules.preset("taiyuan")
    result = played(rules, 6).result
    assert result is not None and result.winner == 1 and result.discarder is None
    assert _paid(result, 1) == {0: 8, 2: 8, 3: 8}
    text = settlement(terminal(rules, 6))
    assert (
        "seat 1 wins by self-draw with 4s: 4 分 (点数 4, 倍 1): 点数 4 × 自摸 2 = 8; "
        "you, seat 2 and seat 3 pay 8 each\n" in text
    )
    assert "  you pay 10 to seat 1: 庄家 (dealer bonus)" in text


def test_a_hebei_dealer_pays_double_and_the_text_says_so() -> None:
    rules = Rules.preset("hebei")
    result = played(rules, 2).result
    assert result is not None and result.winner == 1 and result.dealer == 0
    win = result.wins[0]
    total = 1
    for item in win.score_items:
        total *= item.value
    paid = _paid(result, 1)
    assert paid == {0: 2 * total, 2: total, 3: total}
    items = " × ".join(f"{i.chinese} {i.value}" for i in win.score_items)
    text = settlement(terminal(rules, 2))
    assert (
        f"seat 1 wins by self-draw with {win.tile}: {total} 倍: {items} = {total}; "
        f"you pay {2 * total} (the dealer), seat 2 and seat 3 pay {total} each\n"
    ) in text


@pytest.mark.parametrize("profile", ["taiyuan", "queyimen", "hebei", "changsha"])
def test_every_win_line_agrees_with_the_transfers(profile: str) -> None:
    """For every profile: the formula's total is what the items combine into, and every
    payer's payment for the win is the one the transfers make."""
    rules = Rules.preset(profile)
    checked = 0
    for seed in range(12):
        result = played(rules, seed).result
        assert result is not None
        if result.winner is None:
            continue
        text = settlement(terminal(rules, seed))
        for win in result.wins:
            line = next(
                x
                for x in text.splitlines()
                if re.match(rf"{name(win.seat)} (\(the dealer\) )?wins? ", x)
            )
            names = [i.chinese for i in win.score_items]
            assert all(n in line for n in names), line
            if profile != "changsha":
                total = win.score_items[0].value
                for i in win.score_items[1:]:
                    total = total + i.value if i.combine == "add" else total * i.value
                if len(win.score_items) > 1:
                    assert f" = {total};" in line, line
            else:
                assert " = " not in line, line  # the items name the win; they are no sum
            for payer, amount in _paid(result, win.seat).items():
                assert re.search(
                    rf"{name(payer)}(, seat \d)*( and seat \d)? pays? {amount}\b", line
                ), line
            checked += 1
    assert checked >= 3


# -- item 15: the bird, claimed discards, your own discards, the prompt, ties -------------


def test_the_bird_says_what_it_changed() -> None:
    """Changsha seed 2: the bird counts to you, but neither the winner nor the discarder:
    it changes no payment (the terminal said "it hits you")."""
    rules = Rules.preset("changsha")
    result = played(rules, 2).result
    assert result is not None and result.bird is not None and result.bird.seat == 0
    assert result.winners == (2,) and result.discarder == 3
    text = terminal(rules, 2)
    assert "hits you" not in text
    assert (
        f"the bird (扎鸟) is {result.bird.tile}, counting to you: it changed no payment\n" in text
    )


def test_the_bird_names_the_payment_it_doubled() -> None:
    """Changsha seed 0: a self-draw by seat 2, the bird on seat 3: seat 3's payment doubles."""
    rules = Rules.preset("changsha")
    result = played(rules, 0).result
    assert result is not None and result.bird is not None
    assert result.winners == (2,) and result.discarder is None and result.bird.seat == 3
    (t,) = [t for t in result.transfers if t.payer == 3]
    text = terminal(rules, 0)
    assert (
        f"the bird (扎鸟) is {result.bird.tile}, counting to seat 3: it doubled seat 3's "
        f"payment to seat 2 ({t.amount // 2} → {t.amount})\n"
    ) in text
    assert f"seat 3 pays {t.amount} ({t.amount // 2}, doubled by the bird)" in text


def test_a_claimed_discard_is_marked_in_the_discarders_row() -> None:
    text = terminal(Rules(), 3)
    claim = re.search(r"· seat (\d) pongs (\d[mpsz]) from (you|seat \d)", text)
    assert claim, "a pong with its source"
    after = text[claim.end() :]
    who = claim.group(3)
    row = re.search(rf"^ *{who}: discards (.*)$", after, re.M)
    assert row and claim.group(2) + "↑" in row.group(1).split(), row
    assert "↑: a discard another seat claimed" in after


def test_your_own_discards_are_echoed() -> None:
    text = terminal(Rules(), 3)
    game = played(Rules(), 3)
    mine = [e for e in game.events_for(0) if e["type"] == "discard" and e["seat"] == 0]
    # (a scripted reply ends no line: the echo follows the prompt on its line)
    echoed = re.findall(r"  · you discard (\d[mpsz])", text)
    assert echoed == [str(Tile(e["tile"])) for e in mine]


@pytest.mark.parametrize("style", ["chinese", "mpsz", "unicode"])
def test_the_prompt_takes_an_option_as_printed(style: TileStyle) -> None:
    """Typing ``discard 南`` (as the option is printed), the tile alone in any notation, or
    ``pass``: each is taken."""
    replies: list[str] = []

    def reply(out: io.StringIO) -> str:
        text = out.getvalue()
        if text.endswith(_PAUSE):
            return "\n"
        if len(replies) > 300:
            return "q\n"  # the prompt keeps refusing: give up
        options = text[text.rfind("──") :]
        found = re.findall(r"^ +\d+\. (discard \S+|pass)(?: |$)", options, re.M)
        choice = found[-1] if found else "1"
        if len(replies) % 3 == 1 and choice.startswith("discard "):
            tile = Tile.parse(choice.split()[1])
            choice = tile.format("unicode" if style == "chinese" else "chinese")
        replies.append(choice)
        return choice + "\n"

    text = terminal(Rules(), 3, style=style, reply=reply)
    assert "please type" not in text and "cannot" not in text
    typed = [r for r in replies if r.startswith("discard ")]
    assert len(typed) > 2
    echoed = re.findall(r"  · you discard (\S+)", text)
    assert echoed[0] == typed[0].split()[1]


def test_a_tied_ranking_is_shown_as_a_tie() -> None:
    """Queyimen seed 13 ends with seats 2 and 3 both on +4: they share first place (the
    ranking put seat 2 first by its seat number, and the text said "1st seat 2, 2nd seat 3")."""
    text = terminal(Rules.preset("queyimen"), 13, match=True)
    assert text.splitlines()[-1] == (
        "match over. final ranking: 1st= seat 2 and seat 3 (+4 each), 3rd seat 1 (+3), "
        "4th you (-11); = marks a tie"
    )
