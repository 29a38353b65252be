"""Which claim wins on one discard (RULES §3): win priority, two winners under ``must_win``,
answering a kong when a win is offered; and an illegal action leaves the game byte-identical.

Every expected number below is worked out by hand from RULES.md (and the engine decisions
of docs/rules.md where RULES.md is silent); the comment above each expectation shows the
sum. The walls come from ``tests.support.walls.build_wall``; the moves and checks from
``tests.support.scenario`` (``H69`` waits on 6p / 9p; a seat declares by discarding a useless
honor face down).
"""

from __future__ import annotations

import pytest
from koudiandian import Action, IllegalActionError, NotYourTurnError, Rules, Tile

from tests.support.scenario import (
    H69,
    K,
    T,
    act,
    check,
    declare,
    discard,
    drawn,
    kinds,
    new_game,
    win_alone,
)

# ---------------------------------------------------------------------------------------
# §3: win priority on one discard
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answers, winner",
    [
        # seats 3 and 1 can both win on seat 2's 9p; seat 3 is nearer (2 -> 3 -> 0 -> 1)
        ([(1, K.WIN), (0, K.PONG), (3, K.WIN)], 3),
        ([(3, K.WIN), (1, K.WIN), (0, K.PASS)], 3),
        ([(0, K.PONG), (3, K.WIN), (1, K.WIN)], 3),
        # seat 3 passes: seat 1 wins, over seat 0's pong
        ([(3, K.PASS), (1, K.WIN), (0, K.PONG)], 1),
        ([(0, K.PONG), (1, K.WIN), (3, K.PASS)], 1),
        # both pass: the pong stands
        ([(0, K.PONG), (1, K.PASS), (3, K.PASS)], None),
    ],
)
def test_win_priority(answers, winner):
    g = new_game(
        hands={0: "99p", 1: H69, 3: "123s456s789s111z9p"},
        draws=["5z", None, "6z", None, None, "9p"],
    )
    discard(g, 0)
    declare(g, 1, "5z")
    discard(g, 2)
    declare(g, 3, "6z")
    discard(g, 0)
    assert g.to_act == (2,) and drawn(g, 2) == T("9p")
    discard(g, 2, passing=False)
    assert g.to_act == (0, 1, 3)
    assert kinds(g, 0) == {K.PONG, K.PASS}
    assert kinds(g, 1) == kinds(g, 3) == {K.WIN, K.PASS}
    for n, (seat, kind) in enumerate(answers):
        assert not g.is_over
        act(g, seat, kind)
        assert g.to_act == tuple(sorted(s for s, _ in answers[n + 1 :])) or n == len(answers) - 1
    if winner is None:
        assert not g.is_over and g.to_act == (0,)
        assert [(m.kind, m.tile, m.source) for m in g.view(0).melds[0]] == [("pong", T("9p"), 2)]
        assert g.view(1).passed_win and g.view(3).passed_win
    else:
        assert g.result.winner == winner and g.result.discarder == 2
        # seat 2 had not declared: it pays 3 x 9 alone
        deltas = [0, 0, -27, 0]
        deltas[winner] = 27
        check(g, win_alone(winner, 2, 9), tuple(deltas))
        if winner == 1:
            assert g.view(3).passed_win


# ---------------------------------------------------------------------------------------
# errors leave the game untouched
# ---------------------------------------------------------------------------------------


def test_errors_leave_the_game_byte_identical():
    g = new_game(hands={1: H69}, draws=["1z", "6p"])

    def refused(error, seat, action):
        before = g.to_json()
        events = g.events
        legal = {s: g.legal_actions(s) for s in range(4)}
        with pytest.raises(error):
            g.step(seat, action)
        assert g.to_json() == before
        assert g.events == events
        assert {s: g.legal_actions(s) for s in range(4)} == legal

    missing = next(t for t in Tile if t not in g.view(0).hand)
    refused(NotYourTurnError, 1, Action(K.DISCARD, T("1m")))
    refused(IllegalActionError, 0, Action(K.DISCARD, missing))
    refused(IllegalActionError, 0, Action(K.SELF_DRAW_WIN))
    refused(IllegalActionError, 0, Action(K.PASS))
    refused(IllegalActionError, 0, Action(K.DECLARE, g.view(0).hand[0]))
    refused(IllegalActionError, 0, "discard")
    discard(g, 0)
    refused(IllegalActionError, 1, Action(K.CONCEALED_KONG, T("1m")))
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    # seat 1 is asked about seat 2's 6p
    refused(NotYourTurnError, 2, Action(K.PASS))
    refused(NotYourTurnError, 3, Action(K.PASS))
    refused(IllegalActionError, 1, Action(K.PONG))
    refused(IllegalActionError, 1, Action(K.KONG))
    refused(IllegalActionError, 1, Action(K.SELF_DRAW_WIN))
    refused(IllegalActionError, 1, Action(K.DISCARD, T("1m")))
    act(g, 1, K.WIN)
    assert g.is_over
    refused(NotYourTurnError, 1, Action(K.PASS))
    refused(NotYourTurnError, 0, Action(K.DISCARD, T("1m")))


def test_must_win_two_winners_the_nearest_wins():
    g = new_game(
        Rules(must_win=True),
        hands={0: "99p", 1: H69, 3: "123s456s789s111z9p"},
        draws=["5z", None, "6z", None, None, "9p"],
    )
    discard(g, 0)
    declare(g, 1, "5z")
    discard(g, 2)
    declare(g, 3, "6z")
    discard(g, 0)
    discard(g, 2, passing=False)
    # seats 1 and 3 answered by themselves; seat 0 is still asked about its pong
    assert g.to_act == (0,) and kinds(g, 0) == {K.PONG, K.PASS}
    act(g, 0, K.PONG)
    assert g.result.winner == 3
    check(g, win_alone(3, 2, 9), (0, 0, -27, 27))


def test_answering_kong_when_a_win_is_offered_passes_the_win():
    # 777p89p123m456m99s waits 7p / 9s; seat 2's 7p: win, kong or pass
    g = new_game(
        hands={1: "777p89p123m456m99s"},
        draws=["1z", "7p", None, None, None, "9s"],
        replacements=[None],
    )
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    assert g.legal_actions(1) == [Action(K.WIN), Action(K.KONG), Action(K.PASS)]
    act(g, 1, K.KONG)
    # 过胡: a kong answer gives up the win; the replacement is discarded for seat 1
    assert g.view(1).passed_win and g.to_act == (2,)
    assert [(m.kind, m.tile, m.source) for m in g.view(0).melds[1]] == [("kong", T("7p"), 2)]
