"""A simple-interaction bot that plays the tiles it draws, and chows a discard of a seat other
than the one before it when it holds the two tiles the run needs (the judge's WA: a chow
only takes the previous seat's discard)."""

from runner_hand import hand_of, read_turn, seat_of, tsumogiri


def chow(hand: list[str], tile: str) -> str | None:
    """``CHI middle discard`` for a run ``tile`` completes with two tiles of ``hand``."""
    suit, n = tile[0], int(tile[1])
    if suit not in "WBT":
        return None
    for low in (n - 2, n - 1, n):
        run = [f"{suit}{k}" for k in (low, low + 1, low + 2)]
        if low < 1 or low + 2 > 9:
            continue
        rest = list(hand)
        others = [t for t in run if t != tile]
        if all(t in rest for t in others):
            for t in others:
                rest.remove(t)
            return f"CHI {suit}{low + 1} {rest[0]}"
    return None


requests, responses = read_turn()
words = requests[-1].split()
me = seat_of(requests)
answer = None
if words[0] == "3" and words[2] == "PLAY" and int(words[1]) not in (me, (me + 3) % 4):
    answer = chow(hand_of(requests, responses), words[3])
print(answer or tsumogiri(requests[-1]))
