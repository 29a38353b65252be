#!/usr/bin/env python3
"""A TEMPLATE Botzone bot for Chinese Standard Mahjong (Botzone's game "Chinese-Standard-Mahjong").

Copy this file and change the three strategy functions marked STRATEGY below; everything
else (reading the protocol, tracking the hand) is what every bot needs and may stay as it is.
Standard library only, one file: it runs on the platform's Python as it runs here, from
Python 3.6 on (so the annotations that 3.6 cannot evaluate are written in quotes).

Protocol (docs/botzone.md, "The runner" and "Templates"). Every turn the judge sends the bot
one request, a line of words:

    0 SEAT QUAN                    turn 1: my seat (0-3) and the prevalent wind
    1 F0 F1 F2 F3 T1..T13 H..      turn 2: each seat's flower count, my 13 tiles, the flowers
    2 TILE                         I drew TILE: answer PLAY t (or HU)
    3 P DRAW                       seat P drew
    3 P BUHUA H5                   seat P set a flower aside (and will draw again)
    3 P PLAY t                     seat P discarded t
    3 P PENG t                     seat P ponged the last discard, then discarded t
    3 P CHI m t                    seat P chowed the last discard (run around m), then discarded t
    3 P GANG                       seat P made a kong (its tile not told when concealed)
    3 P BUGANG t                   seat P added t to its pong

and the bot answers every request: PASS, or PLAY t, PENG t, HU (this template never chows or
kongs). A wrong answer ends the game with the bot judged WA (-30); a HU that does not win
with at least 8 fans is WH (-30).

Interaction: detected from the first input byte that is not blank: "{" is Botzone's JSON
interaction (the input {"requests": [...], "responses": [...], ...}, the answer printed as
{"response": "..."}), anything else its simple interaction (the turn number n, then 2n-1
lines alternating request and answer, then data and globaldata; the answer is one line).
Nothing to configure: the same file works under either checkbox on the upload page.

Mode: with KEEP_RUNNING (the default; ``--restart`` turns it off, ``--keep-running`` on) the
bot prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after each answer and waits for the next
request: a bare request line, or in JSON interaction a JSON string or an object whose
"requests" holds it (the bot accepts each). Without it the bot answers the last request of
its input and exits (restart mode: the platform starts it again with the whole history).
Either way the bot rebuilds its state from the requests alone, so it never needs data.
"""

import json
import sys
from typing import TextIO

#: Keep running between turns (see the module's doc). Edit here for an upload to Botzone:
#: the platform passes no command-line arguments.
KEEP_RUNNING = True
#: The line that asks the platform to keep the bot running.
KEEP_RUNNING_MARKER = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
#: Tiles in each seat's part of the wall of 136 tiles. A wall of 144 (with flowers) has 36:
#: counting 34 underestimates what is left, which only makes the bot more careful.
PART_TILES = 34

SUITS = "WBT"  # 万 筒 条: W1-W9, B1-B9, T1-T9; honours F1-F4 (winds), J1-J3 (dragons)


def is_flower(tile: str) -> bool:
    """Whether ``tile`` is a flower (H1-H8): set aside, never held."""
    return tile.startswith("H")


class Hand:
    """What the bot knows of the game: its seat, its concealed tiles, its pongs, the last
    tile discarded, and how many tiles each seat has taken from its part of the wall."""

    def __init__(self) -> None:
        self.seat = 0
        self.quan = 0
        self.tiles: dict[str, int] = {}  # concealed tile -> count
        self.pongs: list[str] = []  # tiles of my pongs (exposed melds)
        self.last_discard = ""  # the tile the last PLAY, PENG or CHI discarded
        self.taken = [0, 0, 0, 0]  # tiles each seat took from its part (deal, draws, flowers)

    def add(self, tile: str) -> None:
        """Take ``tile`` into the concealed hand (a flower is set aside instead)."""
        if not is_flower(tile):
            self.tiles[tile] = self.tiles.get(tile, 0) + 1

    def remove(self, tile: str, n: int = 1) -> None:
        """Take ``n`` of ``tile`` out of the concealed hand (as many as it holds)."""
        left = self.tiles.get(tile, 0) - n
        if left > 0:
            self.tiles[tile] = left
        else:
            self.tiles.pop(tile, None)

    def count(self, tile: str) -> int:
        return self.tiles.get(tile, 0)

    def part_left(self, seat: int) -> int:
        """Tiles left in ``seat``'s part of the wall (at least: see PART_TILES)."""
        return PART_TILES - self.taken[seat]

    def respond(self, request: str) -> str:
        """Take one request into the state and return the answer to it."""
        words = request.split()
        if not words:
            return "PASS"
        kind = words[0]
        if kind == "0":  # 0 SEAT QUAN
            self.seat, self.quan = int(words[1]), int(words[2])
            return "PASS"
        if kind == "1":  # 1 F0 F1 F2 F3 my13 flowers...
            flowers = [int(w) for w in words[1:5]]
            self.taken = [13 + f for f in flowers]
            for tile in words[5:18]:
                self.add(tile)
            return "PASS"
        if kind == "2":  # 2 TILE: my draw
            self.taken[self.seat] += 1
            self.add(words[1])
            if choose_hu_on_draw(self):
                return "HU"
            return "PLAY " + choose_discard(self)
        # 3 P ACTION ...
        player, action = int(words[1]), words[2]
        if action in ("DRAW", "BUHUA"):
            self.taken[player] += 1
            return "PASS"
        if action in ("GANG", "BUGANG"):
            return "PASS"  # this template never robs a kong
        # a discard: PLAY t, PENG t (after a pong), CHI m t (after a chow)
        tile = words[-1]
        if player == self.seat:
            self.take_own_discard(action, words)
            self.last_discard = tile
            return "PASS"
        self.last_discard = tile
        if choose_hu_on_discard(self, tile):
            return "HU"
        # a pong is refused (WA) when the part of the seat after the discarder is empty
        if self.count(tile) >= 2 and self.part_left((player + 1) % 4) > 0:
            self.remove(tile, 2)
            discard = choose_pong(self, tile)
            self.add(tile)
            self.add(tile)
            if discard is not None:
                return "PENG " + discard
        return "PASS"

    def take_own_discard(self, action: str, words: "list[str]") -> None:
        """My own PLAY, PENG or CHI came back: take its tiles from my hand."""
        if action == "PENG":
            self.remove(self.last_discard, 2)
            self.pongs.append(self.last_discard)
        elif action == "CHI":  # never answered by this template; kept for a writer's own
            middle = words[3]
            run = [middle[0] + str(int(middle[1]) + d) for d in (-1, 0, 1)]
            run.remove(self.last_discard)
            for t in run:
                self.remove(t)
        self.remove(words[-1])


# ----------------------------------------------------------------------------------------
# STRATEGY: the three places a writer plugs in a bot of their own. Each must answer only
# what is legal: PLAY a tile held, PENG only with a tile to discard after it, HU only on a
# hand that wins with at least 8 fans (the judge counts; 花牌 does not count toward the 8).


def keep_value(hand: Hand, tile: str) -> int:
    """How much ``tile`` is worth keeping: pairs and sets, then suited neighbours."""
    value = 4 * hand.count(tile)
    if tile[0] in SUITS:
        n = int(tile[1])
        for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            if 1 <= n + d <= 9:
                value += w * min(hand.count(tile[0] + str(n + d)), 1)
    return value


def choose_discard(hand: Hand) -> str:
    """STRATEGY: the tile to PLAY; the hand holds 3n+2 tiles. Must be a tile held."""
    return min(sorted(hand.tiles), key=lambda t: keep_value(hand, t))


def choose_pong(hand: Hand, tile: str) -> "str | None":
    """STRATEGY: whether to pong ``tile`` (the hand holds two more, taken out while this
    runs), and the tile to discard after it; ``None`` to pass. Here: pong unless the hand
    holds four pairs already (then it hopes for seven pairs, which needs no meld)."""
    pairs = sum(1 for n in hand.tiles.values() if n >= 2)
    if pairs >= 3:  # with the two taken out, four pairs
        return None
    return choose_discard(hand)


def is_seven_pairs(hand: Hand) -> bool:
    """Seven different pairs and no meld: 七对, 24 fans, always a legal win."""
    return not hand.pongs and len(hand.tiles) == 7 and all(n == 2 for n in hand.tiles.values())


def choose_hu_on_draw(hand: Hand) -> bool:
    """STRATEGY: whether to declare HU on my draw (14 tiles with my melds). The template
    wins only with seven pairs: a wrong HU costs -30, so declare only what surely scores 8."""
    return is_seven_pairs(hand)


def choose_hu_on_discard(hand: Hand, tile: str) -> bool:
    """STRATEGY: whether to declare HU on another seat's discard ``tile``."""
    hand.add(tile)
    win = is_seven_pairs(hand)
    hand.remove(tile)
    return win


# ----------------------------------------------------------------------------------------
# The protocol: reading requests, printing answers.


def requests_of_json(value: object) -> "list[str]":
    """The requests a JSON value holds: its "requests" list, or a request given alone."""
    if isinstance(value, dict):
        value = value.get("requests", value.get("request", []))
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [str(r) for r in value]
    return []


def read_first_turn(stream: TextIO) -> "tuple[bool, list[str]]":
    """Read turn 1's whole input (the history so far): (whether it is JSON, requests)."""
    first = stream.readline()
    while first and not first.strip():
        first = stream.readline()
    if first.lstrip().startswith("{"):
        text = first
        while True:  # an object may span lines: read until it parses
            try:
                return True, requests_of_json(json.loads(text))
            except ValueError:
                line = stream.readline()
                if not line:
                    raise
                text += line
    n = int(first.strip() or "0")
    lines = [stream.readline().rstrip("\r\n") for _ in range(2 * n - 1)]
    return False, lines[0::2]  # requests at even places, my answers between them


def next_request(stream: TextIO, is_json: bool) -> "list[str] | None":
    """Keep-running mode: the requests of the next input (usually one), ``None`` at the end.
    Blank lines (the data and globaldata lines of turn 1) are skipped."""
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            continue
        if is_json and line[0] in '{["':
            try:
                return requests_of_json(json.loads(line))
            except ValueError:
                pass
        return [line]


def answer(hand: Hand, requests: "list[str]", seen: int) -> "tuple[str, int]":
    """Take the requests not seen yet (a full history repeats the ``seen`` old ones) and
    return the answer to the last one, with the new count of requests seen."""
    new = requests[seen:] if len(requests) > seen else requests[-1:]
    response = "PASS"
    for request in new:
        response = hand.respond(request)
    return response, seen + len(new)


def emit(response: str, is_json: bool, keep_running: bool) -> None:
    """Print the answer (a JSON object or one line) and, kept running, the marker; flush."""
    out = json.dumps({"response": response}, separators=(",", ":")) if is_json else response
    sys.stdout.write(out + "\n")
    if keep_running:
        sys.stdout.write(KEEP_RUNNING_MARKER + "\n")
    sys.stdout.flush()


def main(argv: "list[str]") -> int:
    """Play one game: answer the first input, then (kept running) every later request."""
    keep_running = KEEP_RUNNING
    for arg in argv:  # the last of --restart and --keep-running counts
        if arg in ("--restart", "--keep-running"):
            keep_running = arg == "--keep-running"
    hand = Hand()
    is_json, requests = read_first_turn(sys.stdin)
    response, seen = answer(hand, requests, 0)
    emit(response, is_json, keep_running)
    while keep_running:
        later = next_request(sys.stdin, is_json)
        if later is None:  # the end of the input: the game is over
            break
        response, seen = answer(hand, later, seen)
        emit(response, is_json, keep_running)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
