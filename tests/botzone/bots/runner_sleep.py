"""A bot that reads its input's first line and sleeps (TLE)."""

import sys
import time

sys.stdin.readline()
time.sleep(600)
