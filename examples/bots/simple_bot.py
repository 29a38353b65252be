"""An exec bot for koudiandian in plain Python (it does not import koudiandian).

    koudiandian simulate --bots greedy greedy greedy "exec:python examples/bots/simple_bot.py"

It reads one frame a line on standard input (a JSON array of messages, docs/bots.md) and
answers every frame that holds a ``view`` with one line on standard output. Its play: win
whenever it may; never claim another seat's discard; discard the tile it holds that has the
fewest neighbours (same kind, or a suit tile one or two away), honors first; take every
other decision's first legal action. It keeps the seat's events only to show how: a bot
that reads discards would read them there.
"""

import json
import sys

WINS = ("win", "self_draw_win", "opening_win")


def isolation(tile, hand):
    """How few of ``hand``'s tiles go with ``tile`` (higher: a better discard)."""
    near = 0
    for other in hand:
        if other == tile:
            near += 2
        elif tile < 27 and other // 9 == tile // 9 and abs(other - tile) <= 2:
            near += 1
    return (-near, tile >= 27, tile)


def choose(view):
    legal = view["legal_actions"]
    for action in legal:
        if action["kind"] in WINS:
            return action
    if view["phase"] != "turn":
        passes = [a for a in legal if a["kind"] == "pass"]
        return passes[0] if passes else legal[0]
    discards = [a for a in legal if a["kind"] == "discard"]
    if not discards:
        return legal[0]
    hand = list(view["hand"]) + ([view["drawn"]] if view["drawn"] is not None else [])
    return max(discards, key=lambda a: isolation(a["tile"], hand))


def main():
    events = []
    for line in sys.stdin:
        for message in json.loads(line):
            if message["type"] == "event":
                if message["n"] == 0:
                    events = []
                events.append(message["event"])
            elif message["type"] == "view":
                view = message["view"]
                answer = {"decision": view["decision"], "action": choose(view)}
                sys.stdout.write(json.dumps(answer) + "\n")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
