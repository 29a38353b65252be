"""A stand-in for ``koudiandian botzone bot greedy`` in the arena's bench
(``test_bench_botzone_arena.py``, field ``python-keep``): a keep-running Botzone bot in
simple interaction that imports koudiandian as the built-in bots' process does, then plays
the tile it draws and passes on everything else. Its cost is the built-in bot's start-up
and the protocol's, without the bot's own thinking."""

import sys

import koudiandian  # noqa: F401  (the start-up measured: the package and its engine)

MARKER = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def answer(request: str) -> str:
    words = request.split()
    return "PLAY " + words[1] if words and words[0] == "2" else "PASS"


def main() -> None:
    turns = int(sys.stdin.readline())
    lines = [sys.stdin.readline().rstrip("\n") for _ in range(2 * turns + 1)]
    request = lines[2 * turns - 2]
    while True:
        sys.stdout.write(answer(request) + "\n\n" + MARKER + "\n")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return
        request = line.rstrip("\n")


main()
