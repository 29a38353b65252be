"""A hand's settlement in words, for the terminal table and the command line: each win's
value in its profile's words and its score items as the formula they combine into, who paid
what for each win, the wins that came at later moments and the seats that left, every
transfer by its reason (Chinese, English beside it; a refund or a transfer passed on naming
the one it undoes) and what the bird (扎鸟) changed.

Nothing here decides a rule: the values, the items and the ledger are the profile's
(``HandResult.wins``, ``HandResult.transfers``, each transfer's ``event`` and ``undoes``),
what the bird changed is the core's (``Game.bird_changes``), and whether the items' total is
a payment is the profile's (``Rules.score_items_are_payment``). The text only puts them side
by side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .result import HandResult, WinKind, WinSummary
from .score import ScoreItem
from .tile import TileStyle

__all__ = ["VERDICTS", "score_formula", "settlement_lines", "seat_name", "value_text"]

#: What each judge's verdict (``HandResult.verdict``, :meth:`Game.end_by_verdict`) means.
VERDICTS: Mapping[str, str] = {
    "WA": "a wrong answer",
    "WH": "a wrong win (错和)",
    "TLE": "too slow (time limit exceeded)",
    "MLE": "memory limit exceeded",
    "OLE": "output limit exceeded",
    "NJ": "not JSON",
    "RE": "a runtime error",
}


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


def _discarder(result: HandResult, win: WinSummary) -> int | None:
    """The seat ``win`` was won from: the win's own, or, in a result read from a log
    written before wins named theirs (``event`` ``None``), the result's (the first win's)."""
    return win.discarder if win.event is not None else result.discarder


def _how(result: HandResult, win: WinSummary, me: int | None) -> str:
    discarder = _discarder(result, win)
    if win.kind is WinKind.SELF_DRAW or discarder is None:
        return "by self-draw"
    if win.kind is WinKind.ROBBED_KONG:
        return f"robbing {_whose(discarder, me)} kong"
    return f"on {_whose(discarder, me)} discard"


# The values' words that are units, read after their number in brackets as in the headline
# ("3 番 (8 分)"); the others are labels, read before it ("底分 8", "倍 1").
_UNITS = frozenset({"分", "番"})


def value_text(win: WinSummary) -> str:
    """A win's value in its profile's words: the headline, then the others in brackets:
    ``"23 番 (底分 8)"``, ``"4 分 (点数 4, 倍 1)"``, ``"1 小胡"``, ``"2 番 (4 分)"``; ``""``
    for a win read from a log written before wins had values."""
    if not win.value:
        return ""
    head, *rest = win.value
    more = ", ".join(
        f"{v.value} {v.chinese}" if v.chinese in _UNITS else f"{v.chinese} {v.value}" for v in rest
    )
    return f"{head.value} {head.chinese}" + (f" ({more})" if more else "")


def _before_bird(result: HandResult, changes: Mapping[int, int]) -> list[int]:
    """Each transfer's amount without the bird (its amount where the bird changed none)."""
    return [changes.get(i, t.amount) for i, t in enumerate(result.transfers)]


def _win_payments(result: HandResult, win: WinSummary) -> list[int]:
    """The indices in the ledger of the payments for ``win`` (reason ``"win"``): the
    transfers to its winner that belong to its ``win`` event. A result read from a log
    written before the ledger named events (``event`` ``None``) is read as before: every
    ``"win"`` transfer to the winner."""
    return [
        i
        for i, t in enumerate(result.transfers)
        if t.reason == "win" and t.payee == win.seat and (win.event is None or t.event == win.event)
    ]


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
    for i in _win_payments(result, win):
        paid.setdefault(result.transfers[i].payer, []).append(i)
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


def _transfer_line(result: HandResult, i: int, before: int, me: int | None) -> str:
    """Transfer ``i`` of the ledger in words; a refund or a transfer passed on names the
    transfer it undoes (``undoes``): ``"seat 1 returns 2 to seat 0: 退税 (refund of the
    concealed kong)"``."""
    t = result.transfers[i]
    payer, payee = seat_name(t.payer, me), seat_name(t.payee, me)
    share = f", {_whose(t.share_of, me)} share" if t.share_of is not None else ""
    bird = f", {before} before the bird" if before != t.amount else ""
    undone = (
        result.transfers[t.undoes]
        if t.undoes is not None and 0 <= t.undoes < len(result.transfers)
        else None
    )
    if undone is None:
        what = f"{_verb(payer, 'pay')} {t.amount} to {payee}"
        why = t.english
    elif t.reason == "refund":
        what = f"{_verb(payer, 'return')} {t.amount} to {payee}"
        why = f"refund of the {undone.english}"
    else:
        paid = (
            f"{_whose(undone.payer, me)} payment to {seat_name(undone.payee, me)} "
            f"for the {undone.english}"
        )
        if t.reason == "passed_on":
            what = f"{_verb(payer, 'hand')} {t.amount} on to {payee}"
            why = f"passed on: {paid}"
        else:
            what = f"{_verb(payer, 'pay')} {t.amount} to {payee}"
            why = f"{t.english}, in place of {paid}"
    return f"  {payer} {what}: {t.chinese} ({why}{share}{bird})"


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
    """The settlement of a hand as lines of text: the verdict that ended it, if a judge's
    did; each win with its value, its formula and who paid it (a win at a later moment than the one before it begun with "then", a winner
    that left the hand said so), how a hand that went on after wins ended, the bird and what
    it changed, every transfer with its reason, and the deltas.

    ``payment`` is ``Rules.score_items_are_payment`` of the hand's rules, ``me`` the seat to
    call "you", ``bird_changes`` what ``Game.bird_changes`` says the bird changed (``(index
    in result.transfers, amount without the bird)``)."""
    changes = dict(bird_changes)
    lines = []
    if result.verdict is not None:
        seat, verdict = result.verdict
        meaning = VERDICTS.get(verdict, "a verdict")
        lines.append(
            f"the judge ends the hand: {seat_name(seat, me)} {'are' if seat == me else 'is'} "
            f"judged {verdict} ({meaning})"
        )
    elif result.winner is None:
        lines.append("drawn hand (荒庄)" + ("" if result.transfers else ": nothing is paid"))
    moment = None
    for win in result.wins:
        winner = seat_name(win.seat, me)
        dealer = " (the dealer)" if win.seat == result.dealer else ""
        then = "then " if moment is not None and win.event != moment else ""
        moment = win.event
        formula, total = score_formula(win.score_items, payment=payment)
        value = value_text(win)
        if not payment and win.headline is not None and formula == win.headline.chinese:
            formula = ""  # the headline names the win already (changsha's 小胡)
        what = ": ".join(x for x in (value, formula) if x)
        left = result.left[win.seat] if win.seat < len(result.left) else None
        left_now = left is not None and left == win.event
        leaves = f" and {_verb(winner, 'leave')} the hand" if left_now else ""
        lines.append(
            f"{then}{winner}{dealer} {'win' if winner == 'you' else 'wins'} "
            f"{_how(result, win, me)} with {win.tile.format(style)}{leaves}"
            + (f": {what}" if what else "")
            + _payers(result, win, total, changes, me)
        )
    if result.wins and result.end != "win":
        still = [seat_name(s, me) for s in range(4) if result.left[s] is None]
        lines.append("the wall ran out" + (f" with {_and(still)} still in" if still else ""))
    if result.bird is not None:
        lines.append(_bird_line(result, changes, style, me))
    before = _before_bird(result, changes)
    if result.transfers:
        lines.append("transfers:")
        lines += [_transfer_line(result, i, before[i], me) for i in range(len(result.transfers))]
    lines.append(f"deltas: {list(result.deltas)}")
    return lines
