"""The judge under answers no bot should give: whatever a seat answers (words of the
protocol in any order and count, tiles held or not, spaces doubled, verdicts), the judge
gives an output or a finish whose scores sum to zero, never a crash; and a finished game's
log, judged again from the start, gives the same outputs."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from koudiandian.botzone import BotzoneJudge, botzone_check, botzone_judge

WORDS = [
    "PASS",
    "PLAY",
    "GANG",
    "BUGANG",
    "PENG",
    "CHI",
    "HU",
    "DRAW",
    "",
    "W5",
    "B1",
    "T9",
    "F1",
    "J3",
    "H1",
    "X9",
]
VERDICTS = ["OK"] * 12 + ["TLE", "RE", "NJ", "MLE", "OLE"]


def _sensible(request: str, rng: random.Random) -> str:
    """A legal-looking answer: the drawn tile played, else PASS."""
    words = request.split()
    if words and words[0] == "2" and rng.random() < 0.9:
        return f"PLAY {words[1]}"
    return "PASS"


def _noise(rng: random.Random) -> str:
    n = rng.randint(0, 4)
    sep = " " if rng.random() < 0.9 else "  "
    return sep.join(rng.choice(WORDS) for _ in range(n))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    wrong=st.sampled_from([0.0, 0.002, 0.01, 0.05, 0.2]),
    flowers=st.booleans(),
)
def test_any_answers_end_in_a_judgement(seed: int, wrong: float, flowers: bool) -> None:
    rng = random.Random(seed)
    first = botzone_judge({"initdata": {"srand": seed % 100_000}, "log": []})
    initdata = first["initdata"]
    if flowers:
        tiles = initdata["walltiles"].split() + [f"H{i}" for i in range(1, 9)]
        rng.shuffle(tiles)
        initdata = {**initdata, "walltiles": " ".join(tiles)}
    judge = BotzoneJudge(initdata)
    log: list[dict[str, object]] = [{"output": judge.output()}]
    while not judge.finished:
        content = log[-1]["output"]["content"]  # type: ignore[index]
        answers = {}
        for seat, request in content.items():
            verdict = rng.choice(VERDICTS) if rng.random() < wrong / 4 else "OK"
            text = _noise(rng) if rng.random() < wrong else _sensible(request, rng)
            answers[seat] = {"verdict": verdict, "response": text}
        log.append(answers)
        log.append({"output": judge.answer(answers)})
        assert judge.turn < 1000
    end = log[-1]["output"]
    assert end["command"] == "finish"  # type: ignore[index]
    assert sum(int(v) for v in end["content"].values()) == 0  # type: ignore[index]
    assert botzone_check(json.dumps({"initdata": initdata, "log": log})) == []
