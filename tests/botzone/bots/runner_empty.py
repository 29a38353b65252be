"""A simple-interaction bot that answers an empty line (the judge's WA: no word)."""

import sys

sys.stdin.readline()
print("")
