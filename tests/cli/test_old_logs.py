"""Logs written before the hand's ledger (koudiandian db14eab: `simulate --log` lines of six
presets and `Game.to_json` of three, in ``tests/data/logs_db14eab/``) still replay: their
results are compared on the fields they have (the ledger's fields, issue 37, are left out),
and read into a :class:`~koudiandian.HandResult` whose new fields say they are unknown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from koudiandian import Game
from koudiandian.cli import main
from koudiandian.result import HandResult

LOGS = Path(__file__).resolve().parents[1] / "data" / "logs_db14eab"
FILES = sorted(LOGS.iterdir())


def test_every_profile_has_an_old_log() -> None:
    presets = {f.name.split(".")[0] for f in FILES if f.suffix == ".jsonl"}
    assert presets == {"taiyuan", "double_wildcard", "queyimen", "hebei", "changsha", "guobiao"}


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_an_old_log_replays_and_verifies(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "replayed and verified" in out


@pytest.mark.parametrize("path", [f for f in FILES if f.suffix == ".jsonl"], ids=lambda p: p.name)
def test_an_old_result_reads_with_its_new_fields_unknown(path: Path) -> None:
    for line in path.read_text().splitlines():
        events = json.loads(line)["events"]
        logged = events[-1]["result"]
        assert "end" not in logged, "written before the ledger"
        result = HandResult.from_dict(logged)
        assert result.end == ("exhausted" if result.winner is None else "win")
        assert all(t.event is None and t.undoes is None for t in result.transfers)
        assert all(w.event is None and w.value == () for w in result.wins)
        replayed = Game.replay(events).result
        assert replayed is not None
        assert replayed.deltas == result.deltas
        assert [t.amount for t in replayed.transfers] == [t.amount for t in result.transfers]
        assert all(t.event is not None for t in replayed.transfers)


def test_a_changed_old_result_is_still_refused(tmp_path: Path) -> None:
    line = json.loads((LOGS / "taiyuan.jsonl").read_text().splitlines()[0])
    line["events"][-1]["result"]["deltas"][0] += 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(line) + "\n")
    assert main(["replay", str(bad)]) != 0
