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

from tests.support.claiming_game import claiming_game as played  # claims: answers sampled


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
        ("hebei", "v3", 2, None),
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


@pytest.mark.parametrize(
    ("preset", "version", "space"), [("taiyuan", "v2", 1), ("sichuan", "v3", 2)]
)
def test_a_hand_played_in_the_aec_environment_gives_what_it_observed(
    tmp_path: Path, preset: str, version: str, space: int
) -> None:
    pytest.importorskip("pettingzoo")
    from koudiandian.rl import raw_env

    rng = random.Random(5)
    seen: dict[str, list[Any]] = {"obs": [], "mask": [], "action": [], "seat": []}
    env = raw_env(preset, seed=11, version=version, action_space=space)
    env.reset()
    while not all(env.terminations.values()):
        agent = env.agent_selection
        o = env.observe(agent)
        action = rng.choice(np.flatnonzero(o["action_mask"]).tolist())
        seen["obs"].append(o["observation"])
        seen["mask"].append(o["action_mask"].astype(bool))
        seen["action"].append(action)
        seen["seat"].append(int(agent[-1]))
        env.step(action)
    log = write_log(tmp_path / "aec.jsonl", [env.game])
    build_dataset(log, tmp_path / "ds", version=version, action_space=space)
    got = Dataset(tmp_path / "ds").arrays()
    for k, values in seen.items():
        assert np.array_equal(got[k], np.asarray(values, dtype=FIELDS[k])), k
    assert np.array_equal(got["ret"], np.asarray(env.game.result.deltas)[got["seat"]])


def test_progress_counts_the_logs_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = [played(Rules.preset("taiyuan"), seed) for seed in range(3)]
    a = write_log(tmp_path / "a.jsonl", games[:2])
    b = write_log(tmp_path / "b.jsonl", games[2:])
    calls: list[tuple[int, int]] = []
    build_dataset([a, b], tmp_path / "ds", progress=lambda done, total: calls.append((done, total)))
    total = a.stat().st_size + b.stat().st_size
    assert len(calls) == 3 and all(t == total for _, t in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and calls[-1][0] == total
    build_dataset([a, b], tmp_path / "ds", progress=True)  # tqdm's bar, on standard error
    assert "100%" in capsys.readouterr().err


def test_what_no_seat_saw_changes_no_sample(tmp_path: Path) -> None:
    """Twin logs whose walls differ only in the tiles nobody drew (the hand replays the
    same) give the same samples, though the games differ (the oracle, which sees the wall,
    tells them apart)."""
    twins = 0
    for preset in ("taiyuan", "changsha", "sichuan", "hebei"):
        for seed in range(4):
            game = played(Rules.preset(preset), seed)
            front, back = game.engine.wall_position()  # tiles drawn from each end
            events = json.loads(json.dumps(game.events))
            wall = events[0]["wall"]
            undrawn = wall[front : len(wall) - back]
            random.Random(seed).shuffle(undrawn)
            if undrawn == wall[front : len(wall) - back]:
                continue
            events[0]["wall"] = wall[:front] + undrawn + wall[len(wall) - back :]
            twin = Game.replay(events)
            assert not np.array_equal(encode(twin, 0, oracle=True), encode(game, 0, oracle=True))
            a = write_log(tmp_path / f"{preset}{seed}a.jsonl", [game])
            b = write_log(tmp_path / f"{preset}{seed}b.jsonl", [twin])
            build_dataset(a, tmp_path / "a", version="v3", action_space=2)
            build_dataset(b, tmp_path / "b", version="v3", action_space=2)
            x, y = Dataset(tmp_path / "a").arrays(), Dataset(tmp_path / "b").arrays()
            assert all(np.array_equal(x[k], y[k]) for k in FIELDS), (preset, seed)
            twins += 1
    assert twins >= 8
