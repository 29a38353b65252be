"""koudiandian.rl.build_dataset and Dataset: a log's samples are what the seat saw, could do
and did at each of its decisions (compared with the game replayed by hand and encoded from
the seat's view), the same bytes twice, and read back in batches."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from koudiandian import Game, Rules, _core
from koudiandian.rl import Dataset, DatasetInfo, build_dataset, encode
from koudiandian.rl.actions import ACTION_SPACES, action_mask, code_to_action
from koudiandian.rl.dataset_info import FIELDS
from koudiandian.rl.encoding import OBS_SHAPES


def played(rules: Rules, seed: int) -> Game:
    """A finished hand: the default action four times in five, else a legal one at random
    (claims first, so that the samples hold claim windows' answers)."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if rng.random() < 0.8:
            action = game.default_action(seat)
        else:
            claims = [a for a in legal if a.kind.value not in ("pass", "discard")]
            action = rng.choice(claims or legal)
        game.step(seat, action)
    return game


def write_log(path: Path, games: list[Game]) -> Path:
    """The games as ``simulate --log`` writes them: a JSON line a hand."""
    with open(path, "w", encoding="utf-8") as f:
        for i, g in enumerate(games):
            f.write(json.dumps({"hand": i, "events": g.events}) + "\n")
    return path


def expected_samples(
    games: list[Game], seats: set[int], version: str, space: int
) -> dict[str, list[Any]]:
    """Each chosen decision's sample, found without the dataset's code path: the game
    replayed up to the decision's event (``Game.replay`` of the log cut there), encoded from
    the seat's view (``encode(game.view(seat))``: nothing the seat could not see), its mask
    from ``action_mask``."""
    out: dict[str, list[Any]] = {k: [] for k in FIELDS}
    for h, g in enumerate(games):
        events = g.events
        deltas = g.result.deltas if g.result else None
        assert deltas is not None
        for n, seat, code in _core.log_decisions(events):
            if seat not in seats:
                continue
            at = Game.replay(events[:n])
            out["obs"].append(encode(at.view(seat), version=version))
            out["mask"].append(action_mask(at, seat, space))
            out["action"].append(code_to_action(code, space))
            out["ret"].append(float(deltas[seat]))
            out["seat"].append(seat)
            out["hand"].append(h)
    return out


@pytest.mark.parametrize(
    ("preset", "version", "space", "seats"),
    [
        ("taiyuan", "v1", 1, None),
        ("changsha", "v2", 1, (1, 3)),
        ("sichuan", "v3", 2, None),
        ("guobiao", "v3", 2, (0,)),
    ],
)
def test_each_sample_is_the_seats_view_mask_and_action_at_its_decision(
    tmp_path: Path, preset: str, version: str, space: int, seats: tuple[int, ...] | None
) -> None:
    games = [played(Rules.preset(preset), seed) for seed in range(3)]
    log = write_log(tmp_path / "hands.jsonl", games)
    info = build_dataset(log, tmp_path / "ds", seats=seats, version=version, action_space=space)
    want = expected_samples(games, set(range(4) if seats is None else seats), version, space)
    got = Dataset(tmp_path / "ds").arrays()
    assert info.samples == len(want["action"]) == len(got["action"]) > 0
    assert info.hands == 3 and info.obs_shape == OBS_SHAPES[version]
    assert info.n_actions == ACTION_SPACES[space] and info.seats == seats
    for k, dtype in FIELDS.items():
        assert got[k].dtype == dtype
        assert np.array_equal(got[k], np.asarray(want[k], dtype=dtype)), k
    assert got["mask"][np.arange(len(got["action"])), got["action"]].all()  # taken: legal


def test_the_same_logs_give_the_same_bytes(tmp_path: Path) -> None:
    games = [played(Rules.preset("taiyuan"), seed) for seed in range(4)]
    log = write_log(tmp_path / "hands.jsonl", games)
    one = build_dataset(log, tmp_path / "one", shard_size=50)
    two = build_dataset([str(log)], tmp_path / "two", shard_size=50)
    assert one == two and len(one.shards) > 2
    files = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert files == sorted(p.name for p in (tmp_path / "two").iterdir())
    for name in files:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    # the shards cut the same samples as one shard does
    build_dataset(log, tmp_path / "whole")
    a, b = Dataset(tmp_path / "one").arrays(), Dataset(tmp_path / "whole").arrays()
    assert all(np.array_equal(a[k], b[k]) for k in FIELDS)
    # rewritten in place: the same again
    build_dataset(log, tmp_path / "one", shard_size=50)
    assert DatasetInfo.from_json((tmp_path / "one" / "meta.json").read_text()) == one


def test_the_description_names_the_logs_and_their_hashes(tmp_path: Path) -> None:
    import hashlib

    a = write_log(tmp_path / "a.jsonl", [played(Rules.preset("taiyuan"), 1)])
    b = write_log(tmp_path / "b.jsonl", [played(Rules.preset("taiyuan"), s) for s in (2, 3)])
    info = build_dataset([a, b], tmp_path / "ds", seats=[2])
    assert [(r.name, r.hands) for r in info.logs] == [("a.jsonl", 1), ("b.jsonl", 2)]
    assert info.logs[1].sha256 == hashlib.sha256(b.read_bytes()).hexdigest()
    assert sum(r.samples for r in info.logs) == info.samples
    hands = Dataset(tmp_path / "ds").arrays()["hand"]
    assert set(hands.tolist()) == {0, 1, 2}  # numbered across the logs
    assert info.seats == (2,)


def test_batches_stream_every_sample_once(tmp_path: Path) -> None:
    games = [played(Rules.preset("taiyuan"), seed) for seed in range(5)]
    log = write_log(tmp_path / "hands.jsonl", games)
    info = build_dataset(log, tmp_path / "ds", shard_size=64)
    ds = Dataset(tmp_path / "ds")
    assert len(ds) == info.samples and ds.info == info
    whole = ds.arrays()
    batches = list(ds.batches(50))
    assert [len(b["action"]) for b in batches[:-1]] == [50] * (len(batches) - 1)
    joined = {k: np.concatenate([b[k] for b in batches]) for k in FIELDS}
    assert all(np.array_equal(joined[k], whole[k]) for k in FIELDS)  # in order
    assert sum(len(b["action"]) for b in ds.batches(50, drop_last=True)) == len(ds) // 50 * 50
    shuffled = list(ds.batches(50, shuffle=True, seed=7))
    again = list(ds.batches(50, shuffle=True, seed=7))
    assert all(np.array_equal(x["obs"], y["obs"]) for x, y in zip(shuffled, again, strict=True))
    key = lambda d: sorted(zip(d["hand"].tolist(), d["seat"].tolist(), d["action"].tolist()))  # noqa: E731
    mixed = {k: np.concatenate([b[k] for b in shuffled]) for k in FIELDS}
    assert key(mixed) == key(whole) and not np.array_equal(mixed["hand"], whole["hand"])
