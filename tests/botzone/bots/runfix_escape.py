"""A JSON bot whose child tries to escape the runner (tests/botzone/test_runfix.py): the
child's process id is written to the file ``argv[2]`` before the bot answers ``PASS``.

Modes (``argv[1]``): ``group`` the child moves to a process group of its own
(``setpgid``) and holds 400 MB; ``session`` the child leaves the bot's session
(``setsid``) and holds 400 MB while the bot waits for it; ``open`` the child leaves the
session and sleeps with the bot's output open, the bot exits at once; ``daemon`` the
child leaves the session, forks again and its grandchild (whose id is written) closes every
descriptor and sleeps."""

import os
import sys
import time

mode, path = sys.argv[1], sys.argv[2]
sys.stdin.readline()
pid = os.fork()
if pid == 0:
    if mode == "group":
        os.setpgid(0, 0)
    else:
        os.setsid()
    if mode == "daemon" and os.fork():
        os._exit(0)
    if mode == "daemon":
        os.closerange(0, 1024)
    with open(path + ".tmp", "w") as f:
        f.write(str(os.getpid()))
    os.rename(path + ".tmp", path)
    if mode in ("group", "session"):
        block = bytearray(400 << 20)
        for i in range(0, len(block), 4096):
            block[i] = 1
    time.sleep(120)
    os._exit(0)
while not os.path.exists(path):
    time.sleep(0.005)
if mode in ("group", "session"):
    time.sleep(120)
print('{"response": "PASS"}', flush=True)
