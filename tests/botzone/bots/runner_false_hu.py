"""A simple-interaction bot that passes, and declares a win on its first draw (the judge's WH:
the hand does not win)."""

from runner_hand import read_turn

requests, _ = read_turn()
print("HU" if requests[-1].split()[0] == "2" else "PASS")
