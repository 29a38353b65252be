"""A bot that starts a child meant to outlive it (a sleeping process in its group) and
answers at once: ``{"response": "PASS", "data": child's pid}`` in JSON interaction, the
child's pid on the debug line in simple interaction (argument ``simple``)."""

import json
import subprocess
import sys

simple = sys.argv[1:] == ["simple"]
sys.stdin.readline()
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
if simple:
    print("PASS")
    print(child.pid)
else:
    print(json.dumps({"response": "PASS", "data": str(child.pid)}))
