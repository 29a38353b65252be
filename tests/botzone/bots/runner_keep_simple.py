"""A keep-running bot in simple interaction (tests/botzone/test_runner_keep.py): it reads its
first turn whole, then one request a line; it plays the tile it draws (``2 T``) and passes
otherwise, its process id on the debug line (the output's second), and ends every answer
with the keep-running line. With an argument ``N`` it exits after answering its N-th turn
since it started (back to restart mode)."""

import os
import sys

MARKER = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def answer(request: str) -> str:
    words = request.split()
    if words and words[0] == "2":
        return "PLAY " + words[1]
    return "PASS"


def main() -> None:
    stop_after = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    turns = int(sys.stdin.readline())
    lines = [sys.stdin.readline().rstrip("\n") for _ in range(2 * turns + 1)]
    request = lines[2 * turns - 2]  # turn n's request: line 2n-1 of the 2n-1 history lines
    answered = 0
    while True:
        answered += 1
        print(answer(request))
        print(os.getpid())
        if stop_after and answered >= stop_after:
            return  # no marker: the runner starts it afresh next turn
        print(MARKER, flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        request = line.rstrip("\n")


main()
