"""Every transfer a profile pays names its reason in the core's table (``REASONS``), so a
table and a log can show each payment by its Chinese and English names."""

from __future__ import annotations

import io
import json

import koudiandian as kd
import pytest
from koudiandian.result import REASONS, Transfer

PRESETS = [name for name, _, _ in kd.Rules.presets()]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_paid_reason_has_names(preset):
    log = io.StringIO()
    kd.simulate(300, rules=kd.Rules.preset(preset), bots="greedy", seed=5, log=log)
    seen = set()
    for line in log.getvalue().splitlines():
        end = json.loads(line)["events"][-1]
        assert end["type"] == "end_hand"
        for t in end["result"]["transfers"]:
            seen.add(t["reason"])
    assert seen, "300 greedy hands paid something"
    assert seen <= set(REASONS), seen - set(REASONS)


def test_transfer_names():
    t = Transfer(1, 0, 4, "concealed_kong")
    assert (t.chinese, t.english) == ("暗杠", "concealed kong")
    assert REASONS["pao"] == ("跑", "pao")
    # sichuan's wall-end checks: 查花猪, 查大叫; its 呼叫转移 and 退税.
    assert REASONS["void_held"] == ("花猪", "void suit held")
    assert REASONS["not_ready"] == ("查大叫", "not ready")
    assert Transfer(2, 0, 4, "not_ready").english == "not ready"
    assert {"passed_on", "refund"} <= set(REASONS)
