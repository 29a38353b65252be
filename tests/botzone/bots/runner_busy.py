"""A keep-running simple-interaction bot that passes, then spends 1.5 s of CPU before it
reads its next request (with argument ``idle``: it only waits), as CPU used between turns
is charged to the next turn."""

import sys
import time

idle = sys.argv[1:] == ["idle"]
turns = int(sys.stdin.readline())
for _ in range(2 * turns + 1):
    sys.stdin.readline()
while True:
    print("PASS")
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
    end = time.process_time() + 1.5
    while not idle and time.process_time() < end:
        pass
    if not sys.stdin.readline():
        break
