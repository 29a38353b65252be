"""A bot that allocates 1 GB in 32 MB steps, touching every page so that its resident
memory grows (MLE at 256 MB), then passes."""

import sys

sys.stdin.readline()
held = []
for _ in range(32):
    held.append(b"\x01" * (32 << 20))
print('{"response": "PASS"}', flush=True)
