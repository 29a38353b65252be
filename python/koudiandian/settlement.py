"""A hand's settlement in words, for the terminal table and the command line: a win's score
items as the formula they combine into, who paid what for each win, every transfer by its
reason (Chinese, English beside it) and what the bird (扎鸟) changed.

Nothing here decides a rule: the items and the transfers are the profile's
(``HandResult.wins``, ``HandResult.transfers``), what the bird changed is the core's
(``Game.bird_changes``), and whether the items' total is a payment is the profile's
(``Rules.score_items_are_payment``). The text only puts them side by side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .result import HandResult, Transfer, WinKind, WinSummary
from .score import ScoreItem
from .tile import TileStyle

__all__ = ["score_formula", "settlement_lines", "seat_name"]


def seat_name(seat: int, me: int | None) -> str:
    """``"you"`` for ``me``, else ``"seat 2"``."""
    return "you" if seat == me else f"seat {seat}"


def _whose(seat: int, me: int | None) -> str:
    return "your" if seat == me else f"seat {seat}'s"


def _verb(subject: str, verb: str) -> str:
    """``verb`` agreeing with ``subject``: "you pay", "seat 2 pays"."""
    return verb if subject == "you" else verb + "s"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def score_formula(items: Sequence[ScoreItem], *, payment: bool = True) -> tuple[str, int | None]:
    """The score items as the formula they make, in order, and its total.

    With ``payment`` (the profile's items add up to a payment:
    ``Rules.score_items_are_payment``), each item by its Chinese name and value, the base
    first, then ``+`` or ``×`` as its ``combine`` says: ``("点数 8 × 自摸 2 = 16", 16)``,
    ``("平胡 1", 1)`` for a single item. Without, the items only name the win:
    ``("清一色 + 七小对", None)``. Precondition: the first item's ``combine`` is ``"base"``
    (as every profile lists them); no items give ``("", None)``."""
    if not items:
        return "", None
    if not payment:
        return " + ".join(i.chinese for i in items), None
    total = 0
    text = ""
    for i in items:
        if i.combine == "base":
            total = i.value
        elif i.combine == "add":
            total += i.value
        else:
            total *= i.value
        op = "" if not text else " + " if i.combine == "add" else " × "
        text += f"{op}{i.chinese} {i.value}"
    return (text + f" = {total}" if len(items) > 1 else text), total


def _how(result: HandResult, win: WinSummary, me: int | None) -> str:
    if win.kind is WinKind.SELF_DRAW or result.discarder is None:
        return "by self-draw"
    if win.kind is WinKind.ROBBED_KONG:
        return f"robbing {_whose(result.discarder, me)} kong"
    return f"on {_whose(result.discarder, me)} discard"


def _before_bird(result: HandResult, changes: Mapping[int, int]) -> list[int]:
    """Each transfer's amount without the bird (its amount where the bird changed none)."""
    return [changes.get(i, t.amount) for i, t in enumerate(result.transfers)]


def _payers(
    result: HandResult,
    win: WinSummary,
    total: int | None,
    changes: Mapping[int, int],
    me: int | None,
) -> str:
    """Who paid this win and how much, from the transfers: ``"you, seat 2 and seat 3 pay 16
    each"``; a payer whose payment is not the formula's total says why where the table
    knows (``"seat 0 pays 64 (the dealer)"``, ``"seat 2 pays 21 (3 shares of 7)"``, ``"(10,
    doubled by the bird)"``)."""
    before = _before_bird(result, changes)
    paid: dict[int, list[int]] = {}  # payer -> the indices of its transfers for this win
    for i, t in enumerate(result.transfers):
        if t.reason == "win" and t.payee == win.seat:
            paid.setdefault(t.payer, []).append(i)
    all_total = total is not None and all(
        before[i] == total for indices in paid.values() for i in indices
    )
    phrases: dict[str, list[str]] = {}  # what is paid -> who pays it
    for payer, indices in paid.items():
        amount = sum(result.transfers[i].amount for i in indices)
        base = sum(before[i] for i in indices)
        notes = []
        if len(indices) > 1 and all_total:
            notes.append(f"{len(indices)} shares of {total}")
        elif payer == result.dealer and not all_total:
            notes.append("the dealer")
        if base != amount:
            notes.append(
                f"{base}, doubled by the bird" if amount == 2 * base else f"{base} before the bird"
            )
        what = f"{amount}" + (f" ({'; '.join(notes)})" if notes else "")
        phrases.setdefault(what, []).append(seat_name(payer, me))
    out = []
    for what, names in phrases.items():
        subject = _and(names)
        verb = "pay" if len(names) > 1 else _verb(subject, "pay")
        out.append(f"{subject} {verb} {what}" + (" each" if len(names) > 1 else ""))
    return "; " + ", ".join(out) if out else ""


def _transfer_line(t: Transfer, before: int, me: int | None) -> str:
    payer = seat_name(t.payer, me)
    share = f", {_whose(t.share_of, me)} share" if t.share_of is not None else ""
    bird = f", {before} before the bird" if before != t.amount else ""
    return (
        f"  {payer} {_verb(payer, 'pay')} {t.amount} to {seat_name(t.payee, me)}: "
        f"{t.chinese} ({t.english}{share}{bird})"
    )


def _bird_line(
    result: HandResult, changes: Mapping[int, int], style: TileStyle, me: int | None
) -> str:
    assert result.bird is not None
    head = (
        f"the bird (扎鸟) is {result.bird.tile.format(style)}, counting to "
        f"{seat_name(result.bird.seat, me)}: "
    )
    if not changes:
        return head + "it changed no payment"
    done = []
    for i, before in changes.items():
        t = result.transfers[i]
        how = "doubled" if t.amount == 2 * before else "changed"
        done.append(
            f"{how} {_whose(t.payer, me)} payment to {seat_name(t.payee, me)} "
            f"({before} → {t.amount})"
        )
    return head + "it " + ", ".join(done)


def settlement_lines(
    result: HandResult,
    style: TileStyle,
    *,
    payment: bool = True,
    me: int | None = None,
    bird_changes: Sequence[tuple[int, int]] = (),
) -> list[str]:
    """The settlement of a hand as lines of text: each win with its formula and who paid
    it, the bird and what it changed, every transfer with its reason, and the deltas.

    ``payment`` is ``Rules.score_items_are_payment`` of the hand's rules, ``me`` the seat to
    call "you", ``bird_changes`` what ``Game.bird_changes`` says the bird changed (``(index
    in result.transfers, amount without the bird)``)."""
    changes = dict(bird_changes)
    lines = []
    if result.winner is None:
        lines.append("drawn hand (荒庄)" + ("" if result.transfers else ": nothing is paid"))
    for win in result.wins:
        winner = seat_name(win.seat, me)
        dealer = " (the dealer)" if win.seat == result.dealer else ""
        formula, total = score_formula(win.score_items, payment=payment)
        lines.append(
            f"{winner}{dealer} {'win' if winner == 'you' else 'wins'} {_how(result, win, me)} "
            f"with {win.tile.format(style)}: {formula}{_payers(result, win, total, changes, me)}"
        )
    if result.bird is not None:
        lines.append(_bird_line(result, changes, style, me))
    before = _before_bird(result, changes)
    if result.transfers:
        lines.append("transfers:")
        lines += [_transfer_line(t, before[i], me) for i, t in enumerate(result.transfers)]
    lines.append(f"deltas: {list(result.deltas)}")
    return lines
