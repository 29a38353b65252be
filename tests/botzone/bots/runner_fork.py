"""A bot that starts a child meant to outlive it (a sleeping process in its group) and
answers at once: ``{"response": "PASS", "data": child's pid}`` in JSON interaction, the
child's pid on the debug line in simple interaction (argument ``simple``). With argument
``keep`` it keeps running (JSON interaction), passing on every later request."""

import json
import subprocess
import sys

simple = "simple" in sys.argv[1:]
keep = "keep" in sys.argv[1:]
sys.stdin.readline()
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
if simple:
    print("PASS")
    print(child.pid)
else:
    print(json.dumps({"response": "PASS", "data": str(child.pid)}))
while keep:
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
    if not sys.stdin.readline():
        break
    print(json.dumps({"response": "PASS", "data": str(child.pid)}))
