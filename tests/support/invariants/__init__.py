"""Random-play invariants of the hand engine (:class:`koudiandian.Game`): the harness that
``tests/engine/test_game_invariants.py``, ``test_event_log_corruption.py`` and the profiles'
invariant tests drive.

For each option set (``policy.OPTION_SETS``), ``play.N_HANDS`` seeded hands are played to the
end by a seeded random policy over the legal actions (``policy.choose``), biased towards
declaring ready, winning and konging so that wins of both kinds, kongs and robbed kongs really
happen. The policy discards like a weak player (isolated tiles first) so that hands get ready.

After every step of every hand (``checks``, cheap):

- tiles are conserved: the four concealed hands, all melds, all discards and the wall
  remaining hold every tile in play exactly once (a claimed discard stays in its
  discarder's river, so the claimed copy is counted once; a tile being added to a kong
  while the kong may be robbed is counted once);
- nobody holds five of a kind, and every seat holds 13 tiles (14 for the seat on turn and
  for the winner);
- the seats in ``to_act`` have legal actions, the others none, and the legal actions obey
  the rules' basic constraints (only declared seats win, declared seats never pong, wins
  on discards only for tiles worth >= 6 and never for wildcards, no win prompts under
  ``must_win``, a declared seat's only discard is its drawn tile, ...).

At the end of every hand: the deltas sum to zero and equal the transfers; a won hand is a
complete hand of a declared seat; a drawn hand emptied the wall and paid nothing; under
``kong_keeps_waits`` a declared seat's winning tiles never changed; a few random illegal
actions and wrong seats per hand raise and leave ``to_json()`` byte-identical.

On a subset of hands (every ``play.FULL_EVERY``-th; expensive checks):

- after every step, ``view(seat)`` of each seat hides what the seat may not see (other
  seats' concealed tiles and draws, concealed-kong kinds, face-down 报听 discards, the wall,
  the seed) and agrees with the game; at the end ``events_for(seat)`` does too (others'
  draws, concealed kongs and face-down discards masked, others' answers left out, no wall)
  (``views``);
- non-interference (``noninterference``): games that differ only in what a seat cannot see
  (two undrawn wall tiles swapped; two honor kinds relabelled everywhere; another seat's
  face-down discard made a different kind; a tile dealt to another seat swapped with an
  undrawn one) give that seat identical views and event logs, so nothing hidden can be
  recovered from them;
- ``Game.replay(game.events)``, ``Game.from_json(game.to_json())``, pickling and deepcopy
  rebuild an equal game with identical JSON, at the end and in the middle of a hand
  (``logs``).

A failure names the option set and the seed; ``play_hand(OPTION_SETS[name], seed)`` replays
that hand with the same policy (the policy's generator is seeded by the seed; the dealer is
``seed % 4``).
"""
