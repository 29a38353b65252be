"""The golden playthroughs (``tests/golden/*.txt``) are what the engine and the bots play now:
each seeded hand of ``playthrough.HANDS``, under each rule set of ``playthrough.RULE_SETS``,
written again and compared with the committed text, line by line."""

from __future__ import annotations

import difflib

import pytest
from koudiandian import Rules

from tests.golden.playthrough import RULE_SETS, golden_path, render

REGENERATE = "python -m tests.golden.regenerate (or make golden), then review git diff tests/golden"


def test_every_registered_profile_has_a_golden_rule_set() -> None:
    profiles = {profile for _, profile, _ in Rules.presets()}
    covered = {Rules.preset(name).profile for name in RULE_SETS}
    assert profiles <= covered, f"no golden playthrough for {sorted(profiles - covered)}"


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_golden_playthrough(rule_set: str) -> None:
    path = golden_path(rule_set)
    assert path.exists(), f"{path.name} is missing: write it with {REGENERATE}"
    expected = path.read_text(encoding="utf-8")
    actual = render(rule_set)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"{path.name} (committed)",
            f"{path.name} (played now)",
            lineterm="",
        )
        shown = list(diff)
        more = f"\n... {len(shown) - 200} more diff lines" if len(shown) > 200 else ""
        pytest.fail(
            f"the playthrough of {rule_set!r} differs from {path.name}:\n"
            + "\n".join(shown[:200])
            + more
            + f"\nIf the change is meant, regenerate: {REGENERATE}",
            pytrace=False,
        )


def test_the_text_is_the_same_when_played_twice() -> None:
    assert render(RULE_SETS[0]) == render(RULE_SETS[0])
