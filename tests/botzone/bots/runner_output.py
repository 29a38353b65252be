"""A bot that prints four megabytes (OLE: more than a turn's 1 MiB)."""

import sys

sys.stdin.readline()
for _ in range(64):
    sys.stdout.write("x" * 65536)
sys.stdout.write("\n")
