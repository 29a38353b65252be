"""A simple-interaction bot that passes, and on its first draw plays a tile it does not hold
(the judge's WA)."""

from runner_hand import hand_of, read_turn

KINDS = [s + str(n) for s in "WBT" for n in range(1, 10)] + [
    "F1",
    "F2",
    "F3",
    "F4",
    "J1",
    "J2",
    "J3",
]

requests, responses = read_turn()
if requests[-1].split()[0] == "2":
    held = hand_of(requests, responses)
    print("PLAY " + next(k for k in KINDS if k not in held))
else:
    print("PASS")
