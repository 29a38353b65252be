"""The command line: each subcommand, and one-line errors with a non-zero exit."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from koudiandian import Rules, __version__, simulate
from koudiandian.cli import main
from koudiandian.cli import simulate as simulate_command
from koudiandian.play import play_terminal
from koudiandian.simulate import DEFAULT_BOTS


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_table_json_and_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "simulate", "--hands", "40", "--seed", "3")
    assert code == 0 and "win rate" in out and err == ""  # no progress bar off a terminal
    log = tmp_path / "hands.jsonl"
    code, out, _ = run(
        capsys,
        "simulate",
        "--hands",
        "30",
        "--json",
        "--quiet",
        "--log",
        str(log),
        "--rules",
        "taiyuan,wildcards=random",
        "--bots",
        "greedy,greedy,greedy,random",
    )
    summary = json.loads(out)
    assert code == 0 and summary["hands"] == 30 and summary["rules"]["wildcards"] == "random"
    assert summary["rules"]["dealer_bonus"] is True
    assert len(log.read_text().splitlines()) == 30
    code, out, _ = run(capsys, "replay", str(log))
    assert code == 0 and "30 hand(s) replayed and verified" in out
    code, out, err = run(capsys, "simulate", "--hands", "3", "--match", "one_round")
    assert code == 0 and "3 matches: first places" in out


def test_replay_refuses_a_tampered_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    run(capsys, "simulate", "--hands", "3", "--quiet", "--log", str(log))
    entry = json.loads(log.read_text().splitlines()[0])
    draw = next(e for e in entry["events"] if e["type"] == "draw")
    draw["tile"] = (draw["tile"] + 1) % 34
    log.write_text(json.dumps(entry) + "\n")
    code, _, err = run(capsys, "replay", str(log))
    assert code == 2 and err.startswith("koudiandian: error: line 1:")
    # one line, then the seat's view there, indented (tests/cli/test_replay_sources.py)
    assert all(line.startswith("  ") for line in err.splitlines()[1:]) and err.count("\n") == 6


def test_analyze(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "123p456p789p11s467m", "--ascii")
    assert code == 0
    assert "shanten:   0 (ready, 听牌)" in out
    assert "  discard 4m: waits 5m (5), 8m (8); 报听 possible" in out
    assert "  discard 7m: waits 5m (5); 报听 not possible" in out
    code, out, _ = run(capsys, "analyze", "11223355m778899m", "--rules", "patterns")
    assert "清一色 七小对" in out and "factor ×4" in out
    code, out, _ = run(
        capsys,
        "analyze",
        "2m345p",
        "--meld",
        "pong:7z",
        "--meld",
        "kong:1s",
        "--meld",
        "pong:9p",
        "--ascii",
    )
    assert "winning tiles:\n  2m: p=2, too few points to win\n" in out


def test_analyze_a_named_win_and_who_pays(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "123m456p11z45m"
    args = ["analyze", hand, "--meld", "concealed_kong:7z", "--ascii", "--win", "6m"]
    _, out, _ = run(capsys, *args, "--rules", "taiyuan")
    assert "rules:     taiyuan (dealer_bonus," in out
    assert "by self-draw" not in out
    assert "win with 6m on a discard: p=6, 平胡, factor ×1: allowed\n" in out
    assert "pays all three shares (点炮包胡): 18\n" in out
    assert "each other seat pays its share (三家均摊): 6\n" in out
    assert "each other seat also pays 20 for the winner's kongs\n" in out
    assert "shares of them too (点炮包杠): 60 in all\n" in out
    assert "dealer bonus: +5 on the dealer's share" in out
    _, out, _ = run(capsys, *args, "--self-draw", "--rules", "taiyuan")
    assert "on a discard" not in out
    assert "win with 6m by self-draw: p=6, 平胡, factor ×1: allowed\n" in out
    assert "  each other seat pays its share: 12\n" in out and "+10 on the dealer's share" in out
    _, out, _ = run(capsys, "analyze", "123m456p789s11z45m", "--win", "3m", "--ascii")
    assert "p=3, 平胡, factor ×1: not allowed (a win on a discard needs 6 points or more)" in out
    _, out, _ = run(capsys, "analyze", "123m456p789s11z345m", "--ascii")
    assert "the last tile, 5m, is the winning tile" in out
    assert "by self-draw: p=5" in out and "on a discard: p=5" in out


def test_analyze_a_waiting_hand(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(
        capsys,
        "analyze",
        "123p456p789p11s46m",
        "--wildcards",
        "5m",
        "--ascii",
        "--rules",
        "random_wildcard",
    )
    assert "winning tiles: none\n" in out
    assert "a drawn wildcard (5m) completes it: p=5 by self-draw, allowed\n" in out
    assert "报听: not possible" in out
    _, out, _ = run(capsys, "analyze", "123p456p789p11s57m", "--ascii")
    assert "winning tiles:\n  6m: p=6, self-draw or discard\n" in out
    assert "报听: possible" in out
    _, out, _ = run(capsys, "analyze", "123p456p789p11s23m", "--ascii")
    assert "  1m: p=1, too few points to win\n  4m: p=4, self-draw only\n" in out


def test_analyze_suggests_discards_for_a_hand_not_ready(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "analyze", "123p456p789p11s5s9m1z", "--ascii")
    assert "shanten:   1 (1 from ready)" in out
    assert out.endswith(
        "best discards (each leaves it 1 from ready):\n"
        "  discard 1z: then 7m 8m 9m 1s 3s 4s 5s 6s 7s bring it nearer (32 tiles)\n"
        "  discard 9m: then 1s 3s 4s 5s 6s 7s 1z bring it nearer (24 tiles)\n"
        "  discard 5s: then 7m 8m 9m 1s 1z bring it nearer (16 tiles)\n"
    )
    _, out, _ = run(capsys, "analyze", "123p456p789p11s58m", "--ascii")
    assert out.endswith("\ntiles that bring it nearer: 3m 4m 5m 6m 7m 8m 9m 1s (28 tiles)\n")


def test_analyze_lists_the_ready_discards_of_changsha(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """issue 22: a changsha hand one discard from a 2-5-8 pair wait lists that discard."""
    _, out, _ = run(capsys, "analyze", "123m456m789m123p33p", "--rules", "changsha", "--ascii")
    assert "shanten:   0 (ready, 听牌)" in out
    assert out.endswith("discards that leave it ready:\n  discard 1p: waits 2p\n")


def test_analyze_writes_tiles_one_way(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(
        capsys, "analyze", "123p456p789p11s467m", "--wildcards", "9s", "--rules", "random_wildcard"
    )
    assert "discard 四万: waits 五万 (5), 八万 (8)" in out
    assert re.search(r"[1-9][mpsz]", out) is None, out
    _, out, _ = run(capsys, "analyze", "123p456p789p11s467m", "--glyphs")
    assert "🀋" in out and re.search(r"[1-9][mpsz]|[一二三四五六七八九][万筒条]", out) is None


@pytest.mark.parametrize(
    "args, needle",
    [
        (["123m456p789s11z45m", "--win", "9m"], "the hand is not complete with 9m"),
        (["123m456p789s11z345m", "--win", "9m"], "the winning tile 9m is not in the hand"),
        (["123m456p789s11z45m", "--self-draw"], "--self-draw describes a win"),
        (["123m456p789s1z45m", "--rules", "nonsense"], "nonsense"),
        (["123m456p789s11z45m", "--ascii", "--glyphs"], "not allowed with argument --ascii"),
    ],
)
def test_analyze_prints_nothing_before_an_error(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    try:
        code = main(["analyze", *args])
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and needle in err


@pytest.mark.parametrize(
    "args, needle",
    [
        (["simulate", "--hands", "x"], "invalid int value"),
        (["simulate", "--bots", "foo"], "unknown bot 'foo'; known: random, greedy"),
        (["simulate", "--bots", "greedy,random"], "or 4, one per seat; got 2"),
        (["play", "--bots", "greedy", "random"], "or 3, one per seat; got 2"),
        (["simulate", "--rules", "nonsense", "--hands", "1"], 'unknown option "nonsense"'),
        (["analyze", "123m0z"], "invalid tile '0z'"),
        (["analyze", "123m", "--rules", "random_wildcard"], "need 1 distinct wildcard kind(s)"),
        (["analyze", "123m", "--wildcards", "1z2z", "--rules", "random_wildcard"], "got 2"),
        (["analyze", "123m", "--wildcards", "1z"], "need 0 distinct wildcard kind(s)"),
        (["analyze", "12m"], "2 tiles"),
        (["analyze", "123m", "--meld", "pong"], "KIND:TILE"),
        (["replay", "/nonexistent/log.jsonl"], "No such file"),
        (["play", "--seat", "7"], "--seat must be 0–3"),
        (["play", "--ascii", "--glyphs"], "argument --glyphs: not allowed with argument --ascii"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_get_one_line_and_non_zero(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    try:
        code = main(args)
    except SystemExit as e:  # argparse usage errors
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    assert code != 0
    assert needle in err, err
    assert err.strip().count("\n") == 0, err
    assert "Traceback" not in err


def test_play_a_hand_in_the_terminal() -> None:
    """A person who always picks the first option plays a whole hand to its settlement."""
    out = io.StringIO()
    answers = iter(["9", "1"] + ["1"] * 400)
    code = play_terminal(
        rules=Rules(),
        seed=3,
        seat=0,
        bots=["greedy"] * 3,
        style="mpsz",
        match=False,
        out=out,
        read=lambda: next(answers) + "\n",
    )
    text = out.getvalue()
    assert code == 0
    assert "your hand:" in text and "your choice" in text
    assert "deltas:" in text or "drawn hand" in text


def test_play_quits_cleanly_on_q_and_end_of_input() -> None:
    for reply in ("q\n", ""):
        out = io.StringIO()
        assert (
            play_terminal(
                rules=Rules(),
                seed=1,
                seat=0,
                bots=["random"] * 3,
                style="chinese",
                match=False,
                out=out,
                read=lambda r=reply: r,
            )
            == 0
        )
        assert "bye" in out.getvalue()


def test_console_script_and_module_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "koudiandian", "simulate", "--hands", "5", "--quiet"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "5 hands" in done.stdout


def test_replay_of_no_hands_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for text in ("", "\n  \n"):
        log = tmp_path / "empty.jsonl"
        log.write_text(text)
        code, out, err = run(capsys, "replay", str(log))
        assert code == 2 and out == ""
        assert err == f"koudiandian: error: {log} holds no logged hands\n"


def test_replay_says_a_truncated_log_ends_early(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "hands.jsonl"
    run(capsys, "simulate", "--hands", "2", "--quiet", "--log", str(log))
    first, second = log.read_text().splitlines()
    entry = json.loads(second)
    entry["events"] = entry["events"][:30]
    log.write_text(first + "\n" + json.dumps(entry) + "\n")
    code, _, err = run(capsys, "replay", str(log))
    assert code == 2
    assert err.startswith("koudiandian: error: line 2: the log ends early: hand 1 stops after ")
    log.write_text(first + "\n" + second[: len(second) // 2])  # cut in the middle of a line
    code, _, err = run(capsys, "replay", str(log))
    assert (code, err) == (
        2,
        "koudiandian: error: line 2: the log ends early: the line is cut off\n",
    )


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "hands.jsonl"
    run(capsys, "simulate", "--hands", "3", "--quiet", "--log", str(log))
    monkeypatch.setattr(sys, "stdin", io.StringIO(log.read_text()))
    code, out, _ = run(capsys, "replay", "-")
    assert code == 0 and "3 hand(s) replayed and verified" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, _, err = run(capsys, "replay", "-")
    assert code == 2 and err == "koudiandian: error: standard input holds no logged hands\n"


def test_log_to_standard_output_and_replay_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, "simulate", "--hands", "4", "--quiet", "--log", "-")
    assert code == 0 and "win rate" in err  # the summary keeps out of the log's way
    lines = out.splitlines()
    assert len(lines) == 4 and all(json.loads(line)["events"] for line in lines)
    monkeypatch.setattr(sys, "stdin", io.StringIO(out))
    code, out, _ = run(capsys, "replay", "-")
    assert code == 0 and "4 hand(s) replayed and verified" in out


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--hands", "200", "--quiet", "--log", "-"],
        ["replay", "--verbose", "LOG"],
    ],
)
def test_piping_into_head_ends_quietly(tmp_path: Path, args: list[str]) -> None:
    """``koudiandian ... | head -1``: no traceback, no error, the status of a closed pipe."""
    log = tmp_path / "hands.jsonl"
    assert main(["simulate", "--hands", "20", "--quiet", "--log", str(log)]) == 0
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    command = [sys.executable, "-m", "koudiandian", *(str(log) if a == "LOG" else a for a in args)]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline()
        proc.stdout.close()  # what head does after its first line
        err = proc.stderr.read()
        assert proc.wait(timeout=120) == 141 and err == ""


def test_bare_command_prints_usage_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 0 and err == "" and out.startswith("usage: koudiandian")
    assert all(command in out for command in ("simulate", "analyze", "replay", "play"))
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0 and capsys.readouterr().out == f"koudiandian {__version__}\n"


@pytest.mark.parametrize("command", ["simulate", "analyze", "play"])
def test_help_names_the_presets_and_the_seed(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())  # undo argparse's line wrapping
    assert all(preset in text for preset in Rules.PRESETS), text
    if command != "analyze":
        assert "--seed SEED the" in text  # the seed has help


def test_bots_and_rules_are_forgiving(capsys: pytest.CaptureFixture[str]) -> None:
    def summary(*args: str) -> dict[str, Any]:
        code, out, _ = run(capsys, "simulate", "--hands", "2", "--json", "--quiet", *args)
        assert code == 0
        return dict(json.loads(out))

    default = summary()
    assert default["bots"] == list(DEFAULT_BOTS) == list(simulate(2).bots)
    assert summary("--bots", "Greedy")["bots"] == ["greedy"] * 4
    mixed = ["greedy", "random", "random", "greedy"]
    assert summary("--bots", "greedy, random, RANDOM, greedy")["bots"] == mixed
    assert summary("--bots", "greedy,", "random,", "random,", "greedy")["bots"] == mixed
    assert summary("--bots", "greedy", "random", "random", "greedy")["bots"] == mixed
    rules = summary("--rules", "TAIYUAN,Wind_Runs")["rules"]
    assert rules == Rules.parse("taiyuan,wind_runs").to_dict()


def test_rules_reference_and_help_come_from_rules_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from koudiandian import Rules
    from koudiandian.rules import options_reference

    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert out == options_reference()
    for o in Rules.options():
        assert f"`{o['name']}`" in out and o["chinese"] in out
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    help_text = capsys.readouterr().out
    assert "dealer_selfdraw_double" in help_text and "koudiandian rules" in help_text


def test_simulate_says_what_it_played(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "simulate", "--hands", "4")
    assert out.startswith("4 hands, seed 0, 1 worker(s), ")
    assert "hands/s (start-up " in out.splitlines()[0]
    assert out.splitlines()[1] == "rules: default (every option off)"
    _, out, _ = run(capsys, "simulate", "--hands", "4", "--rules", "taiyuan")
    assert out.splitlines()[1] == (
        "rules: taiyuan (dealer_bonus, dealer_selfdraw_double, feeder_pays_kong, feeder_pays_all)"
    )
    _, out, _ = run(capsys, "simulate", "--hands", "4", "--rules", "wildcards=random,wind_runs")
    assert out.splitlines()[1] == "rules: taiyuan (wind_runs, wildcards=random)"
    _, out, _ = run(capsys, "simulate", "--hands", "2", "--match", "2")
    assert out.startswith("2 matches (4 hands), seed 0")
    _, out, _ = run(capsys, "simulate", "--hands", "2", "--json")
    assert not {"matches", "first_places", "mean_rank"} & set(json.loads(out))
    _, out, _ = run(capsys, "simulate", "--hands", "2", "--json", "--match", "2")
    summary = json.loads(out)
    assert summary["matches"] == 2 and summary["hands"] == 4 and sum(summary["first_places"]) == 2


def test_simulate_progress_bar_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, _, err = run(capsys, "simulate", "--hands", "5")
    assert err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    _, _, err = run(capsys, "simulate", "--hands", "5")
    assert "5/5 hands" in err
    _, _, err = run(capsys, "simulate", "--hands", "5", "--quiet")
    assert err == ""


def test_simulate_draws_a_bar_from_python_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate(progress=True)`` draws tqdm's bar on standard error, terminal or not;
    off by default; a callable is called with the units written; anything else refused."""
    simulate(6, match=1)
    assert capsys.readouterr().err == ""
    simulate(6, match=1, progress=True)
    err = capsys.readouterr().err
    assert "6/6 matches" in err and "100%" in err
    calls: list[tuple[int, int]] = []
    simulate(3, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (3, 3) and capsys.readouterr().err == ""
    with pytest.raises(TypeError, match="progress must be a bool or a callable"):
        simulate(3, progress="yes")  # type: ignore[arg-type]


def test_simulate_workers_capped_at_the_cpus(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate_command, "_cpus", lambda: 1)
    code, out, err = run(capsys, "simulate", "--hands", "3", "--workers", "4", "--json")
    assert code == 0 and json.loads(out)["workers"] == 1
    assert err == "koudiandian: --workers 4 is more than the 1 CPU(s) here; using 1\n"
