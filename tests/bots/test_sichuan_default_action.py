"""Sichuan's auto-play rule before play (``RULES-sichuan.md``): ``Game.default_action``
exchanges the three lowest tiles of the suit held least often among suits held 3 times or
more, then declares void the suit held least often; ties go 万, 筒, 条."""

from __future__ import annotations

from koudiandian import ActionKind, Game, Rules


def _suits(hand: list[int]) -> list[int]:
    return [sum(1 for t in hand if t // 9 == s) for s in range(3)]


def test_the_default_action_before_play_is_the_contracts_rule() -> None:
    rules = Rules.preset("sichuan")
    for seed in range(40):
        game = Game(rules, seed=seed, dealer=seed % 4)
        picks = [0, 0, 0, 0]
        while game.phase in ("exchange", "void"):
            seat = game.to_act[0]
            hand = sorted(int(t) for t in game.hand(seat))
            suits = _suits(hand)
            action = game.default_action(seat)
            if game.phase == "exchange":
                suit = min((n, s) for s, n in enumerate(suits) if n >= 3)[1]
                lowest = [t for t in hand if t // 9 == suit][:3]
                assert action.kind == ActionKind.EXCHANGE
                assert int(action.tile) == lowest[picks[seat]], (seed, seat, hand)
                picks[seat] += 1
            else:
                assert action.kind == ActionKind.VOID
                assert int(action.tile) == min((n, s) for s, n in enumerate(suits))[1]
            game.step(seat, action)
        assert picks == [3, 3, 3, 3]
