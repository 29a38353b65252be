"""build_dataset reads every log shape ``koudiandian replay`` reads, and gives for a hand the
samples its plain log gives; seats chosen by the bot's name where the log records names."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from koudiandian import Match, Rules, simulate
from koudiandian.botzone import botzone_log, engine_events
from koudiandian.botzone.arena import seatings
from koudiandian.cli import main
from koudiandian.rl import Dataset, build_dataset
from koudiandian.rl.dataset_info import FIELDS

from tests.botzone.arena_bots import JSON, SIMPLE
from tests.rl.test_dataset import played


def samples(tmp_path: Path, name: str, text: str, **kw: object) -> dict[str, np.ndarray]:
    """The samples of the log whose text is ``text``."""
    log = tmp_path / name
    log.write_text(text, encoding="utf-8")
    build_dataset(log, tmp_path / f"{name}.ds", **kw)  # type: ignore[arg-type]
    return Dataset(tmp_path / f"{name}.ds").arrays()


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return all(np.array_equal(a[k], b[k]) for k in FIELDS)


def test_games_events_server_hands_and_matches_give_their_hands_samples(tmp_path: Path) -> None:
    game = played(Rules.preset("taiyuan"), 4)
    plain = samples(tmp_path, "plain.jsonl", json.dumps({"hand": 0, "events": game.events}))
    assert len(plain["action"]) > 0
    one_line = samples(tmp_path, "game.json", game.to_json())
    pretty = samples(tmp_path, "pretty.json", json.dumps(json.loads(game.to_json()), indent=2))
    events = samples(tmp_path, "events.json", json.dumps(game.events))
    server = samples(tmp_path, "server.json", json.dumps({"hand": 3, "events": game.events}))
    for other in (one_line, pretty, events, server):
        assert same(plain, other)

    match = Match(Rules.preset("taiyuan"), seed=3, length=2)
    while not match.is_over:
        seat = match.to_act[0]
        match.step(seat, match.default_action(seat))
    by_match = samples(tmp_path, "match.json", match.to_json())
    hands = "".join(json.dumps({"events": g.events}) + "\n" for g in match.games)
    assert same(by_match, samples(tmp_path, "hands.jsonl", hands))
    assert set(by_match["hand"].tolist()) == set(range(len(match.games)))


def test_a_botzone_log_gives_the_samples_of_the_game_its_judge_plays(tmp_path: Path) -> None:
    game = played(Rules.preset("botzone"), 2)
    text = botzone_log(game).to_json()
    got = samples(tmp_path, "botzone.json", text)
    want = samples(tmp_path, "engine.jsonl", json.dumps({"events": engine_events(text)}))
    assert same(got, want) and len(got["action"]) > 0
    # the platform's shape: the list of outputs and answers alone
    entries = json.dumps(json.loads(text)["log"])
    assert same(got, samples(tmp_path, "entries.json", entries))


def test_simulate_logs_and_the_seats_of_a_named_bot(tmp_path: Path) -> None:
    log = tmp_path / "sim.jsonl"
    simulate(3, bots=["expert", "greedy", "greedy", "greedy"], duplicate=True, log=log, seed=2)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    info = build_dataset(log, tmp_path / "expert", bot="expert")
    got = Dataset(tmp_path / "expert").arrays()
    assert info.bot == "expert" and info.hands == len(lines) == 12
    for h, line in enumerate(lines):
        seats = set(got["seat"][got["hand"] == h].tolist())
        assert seats == {line["bots"].index("expert")}, h
    assert build_dataset(log, tmp_path / "all").samples > info.samples  # every seat's


def test_an_arenas_games_name_their_bots_from_its_report(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    argv = ["botzone", "arena", "--bots", SIMPLE, JSON, JSON, JSON, "--walls", "1"]
    assert main([*argv, "--orders", "4", "--out", f"{out}/", "--json"]) == 0
    info = build_dataset(out / "games.jsonl", tmp_path / "ds", bot=SIMPLE)
    got = Dataset(tmp_path / "ds").arrays()
    assert info.hands == 4 and info.samples > 0
    for game, seating in enumerate(seatings(4)):
        assert set(got["seat"][got["hand"] == game].tolist()) == {seating.index(0)}


def test_a_simulate_log_of_matches(tmp_path: Path) -> None:
    log = tmp_path / "matches.jsonl"
    simulate(2, bots="greedy", match=2, log=log, seed=1)
    info = build_dataset(log, tmp_path / "ds", seats=[0, 1])
    assert info.hands == 4 and set(Dataset(tmp_path / "ds").arrays()["seat"].tolist()) == {0, 1}


def test_logs_an_earlier_release_wrote(tmp_path: Path) -> None:
    """The logs of koudiandian db14eab (results without the ledger's fields) still replay."""
    logs = sorted((Path(__file__).parents[1] / "data" / "logs_db14eab").iterdir())
    info = build_dataset(logs, tmp_path / "ds", version="v3", action_space=2)
    assert [r.name for r in info.logs] == [p.name for p in logs]
    assert all(r.hands > 0 and r.samples > 0 for r in info.logs)
