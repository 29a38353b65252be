"""Write the golden playthroughs anew: ``python -m tests.golden.regenerate`` (``make golden``),
from the repository's root. Review the diff (``git diff tests/golden``) before committing it:
every change in it is a change of the engine's behaviour or of the bots' choices."""

from __future__ import annotations

import sys

from tests.golden.playthrough import RULE_SETS, golden_path, render


def main() -> int:
    """Write every rule set's text; print each file and its line count."""
    for rule_set in RULE_SETS:
        path = golden_path(rule_set)
        text = render(rule_set)
        path.write_text(text, encoding="utf-8", newline="\n")
        print(f"{path.name}: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
