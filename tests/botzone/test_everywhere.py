"""Botzone's rule set (``botzone``, and ``botzone,flowers``: docs/botzone.md) wherever a
rule set is taken: ``simulate`` (inside Rust on threads, and the Python loop, which must
play the same hands), ``Match`` (one hand a game, under the prevalent wind ``quan``), the
ladder, the terminal replay viewer, the RL environments (Gymnasium, PettingZoo's AEC with
its ``api_test``, ``VecEnv``) and the command line. The game server's table under it is
``test_server.py``; the bots' hands checked by the engine's ``validate`` after every step
are ``rust/bots/botzone_tests.rs``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from koudiandian import Game, InvalidArgumentError, Match, Rules, simulate
from koudiandian.bots import ExpertBot, GreedyBot, RandomBot, SearchBot
from koudiandian.cli import main
from koudiandian.ladder import ladder
from koudiandian.simulate import SimulationSummary

BOTZONE = ["botzone", "botzone,flowers"]


def random_bot(seed: int) -> RandomBot:
    """Python-written factories: they force the Python loop."""
    return RandomBot(seed)


def greedy_bot(seed: int) -> GreedyBot:
    return GreedyBot(seed)


def expert_bot(seed: int) -> ExpertBot:
    return ExpertBot(seed)


def search_bot(seed: int) -> SearchBot:
    return SearchBot(seed, "search:8")


def _plain(summary: SimulationSummary) -> dict[str, Any]:
    """The summary without what names the bots or times the run."""
    out = summary.comparable()
    del out["bots"]
    for b in out.get("bot_stats", []):
        del b["name"]
    return out


def _hands(log: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.splitlines()]


def _check_botzone_hand(events: list[dict[str, Any]], rules: Rules) -> Game:
    """A logged hand replays under ``rules``: seat 0 deals, the winds are the seats', the
    dealer draws its first tile, and the deltas sum to zero."""
    game = Game.replay(events)
    assert game.is_over and game.events == events
    assert game.rules == rules and game.dealer == 0
    assert game.prevalent_wind == ["east", "south", "west", "north"].index(rules.quan)
    first = next(e for e in events if e["type"] not in ("start_hand", "flower"))
    assert first["type"] == "draw" and first["seat"] == 0, first  # 13 dealt, then a draw
    result = game.result
    assert result is not None and sum(result.deltas) == 0
    return game


# -- simulate ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", BOTZONE)
def test_simulate_in_rust_on_threads_plays_what_the_python_loop_plays(text: str) -> None:
    rules = Rules.parse(text)
    fast_log, slow_log = io.StringIO(), io.StringIO()
    bots = "random,greedy,expert,greedy"
    fast = simulate(240, rules=rules, bots=bots, seed=3, threads=2, log=fast_log)
    slow = simulate(
        240,
        rules=rules,
        bots=[random_bot, greedy_bot, expert_bot, greedy_bot],
        seed=3,
        log=slow_log,
    )
    assert _plain(fast) == _plain(slow)
    assert fast_log.getvalue() == slow_log.getvalue()
    assert fast.hands == 240 and sum(fast.wins) > 0 and fast.drawn_hands > 0
    for entry in _hands(fast_log.getvalue()):
        _check_botzone_hand(entry["events"], rules)


@pytest.mark.parametrize("text", BOTZONE)
def test_every_builtin_bot_plays_botzone_hands_in_both_loops(text: str) -> None:
    rules = Rules.parse(text)
    for bots, python in (
        ("random", [random_bot] * 4),
        ("greedy", [greedy_bot] * 4),
        ("expert", [expert_bot] * 4),
    ):
        fast = simulate(300, rules=rules, bots=bots, seed=5, threads=2)
        slow = simulate(300, rules=rules, bots=python, seed=5)
        assert _plain(fast) == _plain(slow), bots
        assert fast.hands == 300
    # The search, in Rust and in the Python loop (whose SearchBot asks the same search).
    fast = simulate(20, rules=rules, bots="search:8,greedy,expert,greedy", seed=6)
    slow = simulate(20, rules=rules, bots=[search_bot, greedy_bot, expert_bot, greedy_bot], seed=6)
    assert _plain(fast) == _plain(slow)


def test_single_hands_are_dealt_by_seat_0_under_quan_in_both_loops() -> None:
    rules = Rules.parse("botzone,quan=south")
    fast_log, slow_log = io.StringIO(), io.StringIO()
    fast = simulate(40, rules=rules, bots="greedy", seed=12, log=fast_log)
    slow = simulate(40, rules=rules, bots=[greedy_bot] * 4, seed=12, log=slow_log)
    assert _plain(fast) == _plain(slow) and fast_log.getvalue() == slow_log.getvalue()
    for entry in _hands(fast_log.getvalue()):
        assert _check_botzone_hand(entry["events"], rules).prevalent_wind == 1


def test_duplicate_play_deals_every_wall_from_seat_0() -> None:
    rules = Rules.preset("botzone")
    log = io.StringIO()
    summary = simulate(
        30, rules=rules, bots="greedy,random,random,random", seed=2, duplicate=True, log=log
    )
    assert summary.hands == 120
    hands = _hands(log.getvalue())
    for entry in hands:
        _check_botzone_hand(entry["events"], rules)
    # The four rotations of a wall deal the same tiles to the same seats.
    for w in range(30):
        deals = {json.dumps(h["events"][0]) for h in hands[4 * w : 4 * w + 4]}
        assert len(deals) == 1


def test_matches_in_simulate_are_one_hand_each() -> None:
    rules = Rules.parse("botzone,quan=north")
    log = io.StringIO()
    summary = simulate(40, rules=rules, bots="greedy", seed=8, match=1, log=log)
    assert summary.matches == 40 and summary.hands == 40
    for entry in _hands(log.getvalue()):
        assert entry["hand"] == 0
        assert _check_botzone_hand(entry["events"], rules).prevalent_wind == 3


# -- Match -------------------------------------------------------------------------------------


@pytest.mark.parametrize("quan", ["east", "south", "west", "north"])
def test_a_match_is_one_hand_under_the_prevalent_wind_quan(quan: str) -> None:
    rules = Rules.parse(f"botzone,quan={quan}")
    match = Match(rules, seed=11)
    assert match.first_dealer == 0 and match.dealer == 0
    assert match.game.prevalent_wind == ["east", "south", "west", "north"].index(quan)
    bots = [GreedyBot(s) for s in range(4)]
    while not match.is_over:
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        match.step(seat, bots[seat].act(match.view(seat), legal))
    assert len(match.games) == 1 and len(match.results) == 1
    assert match.scores == match.results[0].deltas
    again = Match.from_json(match.to_json())
    assert again.to_json() == match.to_json() and again.is_over


def test_a_longer_match_keeps_seat_0_dealing_and_the_wind() -> None:
    match = Match("botzone,quan=south", seed=3, length=3)
    bots = [GreedyBot(s) for s in range(4)]
    while not match.is_over:
        seat = match.to_act[0]
        match.step(seat, bots[seat].act(match.view(seat), match.legal_actions(seat)))
    assert len(match.games) == 3
    assert all(g.dealer == 0 and g.prevalent_wind == 1 for g in match.games)
    assert sum(match.scores) == 0


# -- the ladder --------------------------------------------------------------------------------


def test_the_ladder_takes_the_botzone_rules() -> None:
    result = ladder(
        ["random", "greedy"],
        rules=[Rules.preset("botzone"), Rules.parse("botzone,flowers")],
        walls=60,
        batch=30,
        seed=1,
    )
    assert len(result.pairings) == 2
    for label, (pair,) in result.pairings.items():
        assert "botzone" in label
        assert pair.walls in (30, 60) and pair.win_rate_b > 0


def test_koudiandian_ladder_takes_the_botzone_rules(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["ladder", "--bots", "random,greedy", "--rules", "botzone", "--walls", "40"]
    assert main([*args, "--batch", "20", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    (label,) = figures["profiles"]
    assert "botzone" in label and {r["bot"] for r in figures["ranking"]} == {"random", "greedy"}


# -- the replay viewer -------------------------------------------------------------------------


def test_the_terminal_replay_viewer_shows_botzone_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = io.StringIO()
    simulate(12, rules=Rules.parse("botzone,flowers"), bots="greedy", seed=4, log=log)
    path = tmp_path / "botzone.jsonl"
    path.write_text(log.getvalue(), encoding="utf-8")
    assert main(["replay", "-v", str(path)]) == 0
    out = capsys.readouterr().out
    assert "12 hand(s) replayed and verified" in out
    assert "flower" in out.lower() or "花" in out


# -- the RL environments -----------------------------------------------------------------------


def test_the_gymnasium_env_passes_its_checker_under_botzone() -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from koudiandian.rl import KoudiandianEnv

    for text in BOTZONE:
        env = KoudiandianEnv(text, "greedy")
        check_env(env, skip_render_check=True)
        rng = np.random.default_rng(0)
        for episode in range(20):
            obs, info = env.reset(seed=episode)
            assert env._game.dealer == 0
            done = False
            while not done:
                mask = info["action_mask"]
                action = int(rng.choice(np.flatnonzero(mask)))
                obs, reward, done, _, info = env.step(action)


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_the_pettingzoo_aec_env_passes_api_test_under_botzone() -> None:
    pytest.importorskip("pettingzoo")
    from koudiandian.rl import env
    from pettingzoo.test import api_test

    for text in BOTZONE:
        api_test(env(rules=text, seed=1), num_cycles=300)
        api_test(env(rules=text, seed=2, hands=3), num_cycles=300)


def _check_botzone_deltas(deltas: np.ndarray) -> None:
    """A botzone hand's deltas, paid once: nothing (drawn), a self-draw (three seats pay
    the same) or a win on a discard (two seats pay 8). A hand settled twice pays twice."""
    losers = sorted(int(d) for d in deltas if d < 0)
    assert not losers or (len(losers) == 3 and len(set(losers)) == 1) or losers.count(-8) == 2, (
        deltas
    )


def test_the_vecenv_plays_botzone_hands_and_resets_them() -> None:
    from koudiandian.rl import VecEnv

    for text in BOTZONE:
        for opponents in (None, "greedy"):
            kwargs = {} if opponents is None else {"opponents": opponents}
            env = VecEnv(16, text, seed=1, **kwargs)
            rng = np.random.default_rng(0)
            obs, mask, seat = env.reset()
            ended = 0
            for _ in range(400):
                action = np.argmax(rng.random(mask.shape) * mask, axis=1)
                obs, reward, term, trunc, mask, seat = env.step(action)
                ended += int(term.sum())
                if opponents is None:
                    assert np.all(reward.sum(axis=1) == 0)
                    for row in reward[term]:
                        _check_botzone_deltas(row)
                assert mask.any(axis=1).all()
            assert ended > 16


# -- the command line --------------------------------------------------------------------------


def test_koudiandian_simulate_takes_the_botzone_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--rules", "botzone", "--hands", "50", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    summary = json.loads(out)
    assert summary["hands"] == 50 and "botzone" in json.dumps(summary["rules"])


def test_the_replay_viewer_shows_a_hand_a_verdict_ended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game("botzone", seed=3)
    for _ in range(9):
        seat = game.to_act[0]
        game.step(seat, GreedyBot(seat).act(game.view(seat), game.legal_actions(seat)))
    game.end_by_verdict(2, "TLE")
    path = tmp_path / "verdict.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert main(["replay", "-v", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 2 judged TLE, deltas [10, 10, -30, 10]; verified" in out
    assert "1 hand(s) replayed and verified" in out


def test_terminal_play_shows_each_part_and_plays_the_hand_out() -> None:
    from koudiandian.play import play_terminal

    out = io.StringIO()
    code = play_terminal(
        rules=Rules.parse("botzone,flowers"),
        seed=3,
        seat=0,
        bots=["greedy"] * 3,
        style="mpsz",
        match=False,
        out=out,
        read=lambda: "1\n",
    )
    text = out.getvalue()
    assert code == 0 and "── the hand is over" in text
    # The table's head: the whole wall's tiles left, then each seat's part's.
    head = re.search(
        r"dealer: you   wall: (\d+) left \(parts: you (\d+), seat 1 (\d+), "
        r"seat 2 (\d+), seat 3 (\d+)\)",
        text,
    )
    assert head is not None, text[:300]
    wall, *parts = (int(n) for n in head.groups())
    assert sum(parts) == wall and max(parts) <= 36 - 13


def test_a_one_round_match_is_refused_where_seat_0_deals_every_hand() -> None:
    # One round ends when the deal has passed round the table: under botzone it never does.
    for make in (
        lambda: Match("botzone", seed=1, length="one_round"),
        lambda: simulate(2, rules=Rules.preset("botzone"), bots="greedy", match="one_round"),
        lambda: simulate(
            2, rules=Rules.preset("botzone"), bots=[greedy_bot] * 4, match="one_round"
        ),
        lambda: Match("botzone", seed=1, first_dealer=2),
    ):
        with pytest.raises(InvalidArgumentError, match="seat 0 deals every hand"):
            make()


def test_docs_botzone_option_table_is_the_rules_own() -> None:
    """docs/botzone.md's table of the two options is generated text (``options_reference``)."""
    from koudiandian.rules import options_reference

    doc = (Path(__file__).resolve().parents[2] / "docs" / "botzone.md").read_text("utf-8")
    rows = [
        line
        for line in options_reference().splitlines()
        if line.startswith(("| `botzone` | Botzone", "| `quan` |"))
    ]
    assert len(rows) == 2 and all(row in doc for row in rows)


def test_worker_processes_play_the_same_botzone_hands() -> None:
    rules = Rules.parse("botzone,flowers,quan=west")
    one = simulate(120, rules=rules, bots="greedy,expert,random,greedy", seed=4)
    procs = simulate(120, rules=rules, bots="greedy,expert,random,greedy", seed=4, workers=2)
    slow = simulate(
        120, rules=rules, bots=[greedy_bot, expert_bot, random_bot, greedy_bot], seed=4, workers=2
    )
    assert one.comparable() == procs.comparable()
    assert _plain(one) == _plain(slow)


def test_an_exec_bot_plays_botzone_hands_and_is_told_the_parts(tmp_path: Path) -> None:
    import shlex
    import sys

    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "simple_bot.py"
    spy = tmp_path / "spy.py"  # the example bot, keeping every message it is sent
    seen = tmp_path / "seen.jsonl"
    spy.write_text(
        "import runpy, sys\n"
        f"log = open({str(seen)!r}, 'a')\n"
        "def lines():\n"
        "    for line in iter(sys.__stdin__.readline, ''):\n"
        "        log.write(line)\n"
        "        log.flush()\n"
        "        yield line\n"
        "sys.stdin = lines()  # the example bot reads its frames line by line from stdin\n"
        f"runpy.run_path({str(bot)!r}, run_name='__main__')\n",
        encoding="utf-8",
    )
    exec_bot = "exec:" + shlex.join([sys.executable, str(spy)])
    summary = simulate(
        12, rules=Rules.preset("botzone"), bots=[exec_bot, "greedy", "expert", "greedy"], seed=2
    )
    assert summary.hands == 12
    text = seen.read_text(encoding="utf-8")
    assert '"part_remaining"' in text and '"wall":' not in text
