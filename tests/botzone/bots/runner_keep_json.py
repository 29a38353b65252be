"""A keep-running bot in JSON interaction (tests/botzone/test_runner_keep.py): its first turn
is the JSON object on one line, every later turn one line holding the request's text; it
plays the tile it draws (``2 T``) and passes otherwise, answering ``{"response": ...,
"data": pid}``, and ends every answer with the keep-running line."""

import json
import os
import sys

MARKER = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def answer(request: str) -> str:
    words = request.split()
    if words and words[0] == "2":
        return "PLAY " + words[1]
    return "PASS"


def main() -> None:
    first = json.loads(sys.stdin.readline())
    request = first["requests"][-1]
    while True:
        print(json.dumps({"response": answer(request), "data": str(os.getpid())}))
        print(MARKER, flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        request = line.rstrip("\n")


main()
