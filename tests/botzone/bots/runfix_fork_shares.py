"""A JSON bot that fills 150 MB, then forks a worker that shares them (copy on write) and
answers half a second after the worker is ready: 300 MB of resident memory summed, 150 MB
held. With argument ``write`` the worker writes to every page first, holding 150 MB of
its own: 300 MB held."""

import os
import sys
import time

sys.stdin.readline()
block = bytearray(150 << 20)
for i in range(0, len(block), 4096):
    block[i] = 1
ready, told = os.pipe()
pid = os.fork()
if pid == 0:
    if sys.argv[1:] == ["write"]:
        for i in range(0, len(block), 4096):
            block[i] = 2
    os.write(told, b"!")
    time.sleep(30)
    os._exit(0)
os.read(ready, 1)
time.sleep(0.5)
print('{"response": "PASS"}', flush=True)
os.kill(pid, 9)
