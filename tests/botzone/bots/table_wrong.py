"""A Botzone bot for the table's tests (JSON interaction, restart mode) that plays its
drawn tile until its draw number ``N`` (the first argument, default 3), and there answers
the second argument (default ``HU``: a wrong win, WH; ``PLAY W0``: a wrong answer, WA)."""

import json
import sys

turn = json.loads(sys.stdin.read())
requests = turn["requests"]
draws = sum(1 for r in requests if r.split(" ")[0] == "2")
words = requests[-1].split(" ")
wrong_at = int(sys.argv[1]) if len(sys.argv) > 1 else 3
wrong = sys.argv[2] if len(sys.argv) > 2 else "HU"
if words[0] != "2":
    response = "PASS"
elif draws == wrong_at:
    response = wrong
else:
    response = f"PLAY {words[1]}"
print(json.dumps({"response": response}))
