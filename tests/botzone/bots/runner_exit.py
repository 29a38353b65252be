"""A bot that prints an answer and exits with status 1 (RE)."""

import sys

sys.stdin.readline()
print("PASS", flush=True)
sys.exit(1)
