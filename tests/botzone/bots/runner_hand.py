"""What the misbehaving test bots of tests/botzone/test_runner_verdicts.py share: reading a
simple-interaction turn (restart mode), and the hand a seat holds as far as these bots need
it (its 13 dealt tiles, its draws, its own discards; they never claim before they err)."""

import sys


def read_turn() -> tuple[list[str], list[str]]:
    """The requests and this bot's answers so far (simple interaction, a turn read whole)."""
    turns = int(sys.stdin.readline())
    requests: list[str] = []
    responses: list[str] = []
    for i in range(2 * turns - 1):
        line = sys.stdin.readline().rstrip("\n")
        (requests if i % 2 == 0 else responses).append(line)
    return requests, responses


def seat_of(requests: list[str]) -> int:
    """The bot's seat (turn 1's ``0 seat quan``)."""
    return int(requests[0].split()[1])


def hand_of(requests: list[str], responses: list[str]) -> list[str]:
    """The tiles held before the last request's answer."""
    hand = requests[1].split()[5:] if len(requests) > 1 else []
    for request, response in zip(requests[2:], responses[2:]):
        words = request.split()
        if words[0] == "2":
            hand.append(words[1])
        answer = response.split()
        if answer and answer[0] == "PLAY":
            hand.remove(answer[1])
    if len(requests) > 2 and requests[-1].split()[0] == "2":
        hand.append(requests[-1].split()[1])
    return hand


def tsumogiri(request: str) -> str:
    """Play the tile drawn, pass otherwise."""
    words = request.split()
    return "PLAY " + words[1] if words[0] == "2" else "PASS"
