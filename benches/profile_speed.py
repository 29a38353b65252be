"""Issue 42's figures, this build side by side with a baseline build (db14eab) in one run,
each run a process of its own, the two builds' runs interleaved (this, baseline, this, …),
best of three each::

    python benches/profile_speed.py --baseline /work/venv-db14eab/bin/python
    python benches/profile_speed.py --baseline PYTHON profiles random threads  # some parts

- ``profiles``: ``koudiandian simulate --hands N --threads 1 --rules P --bots B --json``
  with four identical bots, for every profile ``P`` and bot ``B`` (greedy 30,000 hands,
  expert 5,000 by default): each build's hands/s, each over the baseline's Taiyuan rate of
  the same bot (target ≥ 0.5 for every profile; Taiyuan's own ≥ 0.95, and four experts
  ≥ 10,000 hands/s). The rate is the steady one: this build's summary times its start-up
  (the bots' tables) apart (``hands_per_second``, ``startup_seconds``); a build whose
  summary does not (db14eab) gets its run's ``seconds`` less the shortest of three
  start-up runs of 4 hands of the same profile and bot, interleaved with the others.
- ``random``: ``simulate(N, bots="random")`` (Taiyuan, one thread, timed from Python
  around the call, the tables built by a run before) over riichienv's ``RiichiEnv`` loop
  with four ``RandomAgent`` s (the ``bench`` extra), both builds (issue 42: ≥ 250×).
- ``threads``: ``simulate`` on two threads over the machine's ceiling, two one-thread runs
  of half the hands at once in two processes (started together once both have built their
  tables; the later end counts), at 10,000 and 60,000 greedy Taiyuan hands (issue 42: not
  below the baseline's ratio − 0.05).

Without ``--baseline`` only this build is measured. The machine's other processes only slow
a run down, so the best of three is the figure; a profile the baseline does not know
(sichuan at db14eab) is measured for this build alone.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import koudiandian as kdd

sys.path.insert(0, str(Path(__file__).parent))
from machine import machine  # noqa: E402  (benches/ is no package)

PROFILES = ("taiyuan", "hebei", "queyimen", "changsha", "guobiao", "sichuan")
BOTS = ("greedy", "expert")
#: Hands of a ``profiles`` run, by bot.
HANDS = {"greedy": 30_000, "expert": 5_000}
#: Hands of a start-up run (one per dealer).
STARTUP_HANDS = 4
#: Hands of a ``simulate(bots="random")`` run of the ``random`` part, and of a riichienv loop.
RANDOM_HANDS = 20_000
LOOP_HANDS = 300
#: Hands of the ``threads`` part's runs.
THREAD_HANDS = (10_000, 60_000)
#: Issue 42's targets.
TARGET_PROFILE, TARGET_TAIYUAN, TARGET_EXPERT = 0.5, 0.95, 10_000
TARGET_RANDOM = 250

#: A process that times ``simulate`` from Python: argv ``hands bots rules threads``; it plays
#: a few hands first (the tables built), prints ``ready``, waits for a line on standard input,
#: then prints the seconds of the timed call.
_TIMED = """
import sys, time
import koudiandian as kdd
hands, bots, rules, threads = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
rules = kdd.Rules.preset(rules)
kdd.simulate(8, bots=bots, rules=rules, seed=1)
print("ready", flush=True)
sys.stdin.readline()
t = time.perf_counter()
kdd.simulate(hands, bots=bots, rules=rules, seed=1, threads=threads)
print(time.perf_counter() - t, flush=True)
"""


class Build:
    """A Python with a koudiandian: this tree's (the one this script imports) or a
    baseline's, run in a process of its own from an empty directory."""

    def __init__(self, name: str, python: str, path: str | None) -> None:
        self.name, self.python = name, python
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if path is not None:
            self.env["PYTHONPATH"] = path
        self.cwd = tempfile.mkdtemp(prefix="profile_speed-")
        self._presets: tuple[str, ...] | None = None

    def run(self, args: Sequence[str], stdin: str | None = None) -> str:
        """Standard output of ``python ARGS``; exits with its error if it fails."""
        done = subprocess.run(
            [self.python, *args],
            capture_output=True,
            text=True,
            cwd=self.cwd,
            env=self.env,
            input=stdin,
            check=False,
        )
        if done.returncode:
            sys.exit(f"{self.name} ({self.python} {' '.join(args)}) failed:\n{done.stderr}")
        return done.stdout

    def presets(self) -> tuple[str, ...]:
        if self._presets is None:
            out = self.run(["-c", "import koudiandian as k; print(*k.Rules.PRESETS)"])
            self._presets = tuple(out.split())
        return self._presets

    def simulate(self, hands: int, profile: str, bot: str) -> dict[str, Any]:
        """``koudiandian simulate``'s JSON summary of one run, four ``bot`` s, one thread."""
        args = ["-m", "koudiandian", "simulate", "--hands", str(hands), "--threads", "1"]
        args += ["--rules", profile, "--bots", bot, "--json", "--quiet"]
        out: dict[str, Any] = json.loads(self.run(args))
        return out

    def timed(self, hands: int, bots: str, profile: str, threads: int) -> float:
        """Seconds of one ``simulate`` call from Python (:data:`_TIMED`)."""
        out = self.run(
            ["-c", _TIMED, str(hands), bots, profile, str(threads)], stdin="go\n"
        ).split()
        return float(out[-1])

    def at_once(self, hands: int, bots: str, profile: str, n: int) -> float:
        """Seconds until ``n`` one-thread ``simulate`` calls of ``hands`` hands each, in ``n``
        processes started together (once each has built its tables), have all ended."""
        procs = [
            subprocess.Popen(
                [self.python, "-c", _TIMED, str(hands), bots, profile, "1"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                cwd=self.cwd,
                env=self.env,
            )
            for _ in range(n)
        ]
        for p in procs:
            assert p.stdout is not None
            if p.stdout.readline().strip() != "ready":
                sys.exit(f"{self.name}: a timed process did not start")
        for p in procs:
            assert p.stdin is not None
            p.stdin.write("go\n")
            p.stdin.flush()
        seconds = [float(p.communicate()[0].split()[-1]) for p in procs]
        return max(seconds)


def steady_rate(summary: dict[str, Any], startup: float | None) -> float:
    """Hands/s of a run less its start-up: the summary's own when it times the start-up
    apart, else its ``seconds`` less ``startup`` (a start-up run's)."""
    if "startup_seconds" in summary or startup is None:
        return float(summary["hands_per_second"])
    seconds: float = summary["seconds"] - startup
    return float(summary["hands"]) / max(seconds, 1e-9)


def interleaved(
    builds: Sequence[Build], measure: Callable[[Build], float], rounds: int
) -> list[float]:
    """The best (largest) of ``rounds`` figures of each build, measured in turn."""
    best = [0.0] * len(builds)
    for _ in range(rounds):
        for i, b in enumerate(builds):
            best[i] = max(best[i], measure(b))
    return best


def _cell(x: float | None, fmt: str = ",.0f") -> str:
    return "–" if x is None else format(x, fmt)


def profiles_part(
    builds: Sequence[Build], profiles: Sequence[str], bots: Sequence[str], rounds: int
) -> None:
    """Per bot, a table of every profile's steady rate in each build, and the ratios to the
    baseline's (the last build's) Taiyuan rate."""
    subtracted: set[str] = set()
    for bot in bots:
        hands = HANDS[bot]
        print(
            f"\n{bot}: koudiandian simulate --hands {hands:,} --threads 1 --bots {bot}, hands/s "
            f"(steady; best of {rounds} interleaved runs)"
        )
        rates: dict[tuple[str, str], float] = {}
        for profile in profiles:
            known = [b for b in builds if profile in b.presets()]
            # per build: its summaries, and its start-up runs' seconds when it needs them
            runs: dict[str, list[dict[str, Any]]] = {b.name: [] for b in known}
            startups: dict[str, list[float]] = {b.name: [] for b in known}
            for _ in range(rounds):
                for b in known:
                    runs[b.name].append(summary := b.simulate(hands, profile, bot))
                    if "startup_seconds" not in summary:
                        tiny = b.simulate(STARTUP_HANDS, profile, bot)
                        startups[b.name].append(tiny["seconds"])
            for b in known:
                startup = min(startups[b.name], default=None)
                rates[profile, b.name] = max(steady_rate(r, startup) for r in runs[b.name])
                if startup is not None:
                    subtracted.add(b.name)
        _print_profiles(builds, profiles, bot, rates)
    for name in sorted(subtracted):
        print(
            f"({name}'s summary has no start-up apart: its rate is the hands over its run's "
            f"seconds less the shortest of {rounds} runs of {STARTUP_HANDS} hands, each after "
            "a run, of the same profile and bot)"
        )


def _print_profiles(
    builds: Sequence[Build], profiles: Sequence[str], bot: str, rates: dict[tuple[str, str], float]
) -> None:
    base = builds[-1].name
    ref = rates.get(("taiyuan", base))
    head = f"{'profile':<10}" + "".join(f"{b.name:>12}" for b in builds)
    if len(builds) > 1:
        head += "".join(f"{b.name + ' ÷ ' + base + ' taiyuan':>28}" for b in builds)
        head += f"{'target':>9}"
    print(head)
    for profile in profiles:
        line = f"{profile:<10}" + "".join(
            f"{_cell(rates.get((profile, b.name))):>12}" for b in builds
        )
        if len(builds) > 1:
            for b in builds:
                rate = rates.get((profile, b.name))
                ratio = None if rate is None or not ref else rate / ref
                line += f"{_cell(ratio, '.2f'):>28}"
            line += f"{'≥ ' + str(TARGET_TAIYUAN if profile == 'taiyuan' else TARGET_PROFILE):>9}"
        print(line)
    if bot == "expert":
        rate = rates.get(("taiyuan", builds[0].name), 0.0)
        print(
            f"taiyuan, four experts, {builds[0].name}: {rate:,.0f} hands/s (target ≥ {TARGET_EXPERT:,})"
        )
    if len(builds) > 1:
        print(f"(the ratios are over {base}'s Taiyuan {bot} rate: {_cell(ref)} hands/s)")


def riichienv_rate(rounds: int) -> float | None:
    """Hands/s of riichienv's ``RiichiEnv`` loop with four ``RandomAgent`` s (one hand a
    reset), the best of ``rounds`` runs of :data:`LOOP_HANDS` hands; ``None`` without it."""
    try:
        import riichienv  # type: ignore[import-untyped]
        from riichienv.agents import RandomAgent  # type: ignore[import-untyped]
    except ImportError:
        print("  (riichienv is not installed: pip install '.[bench]' for its ratio)")
        return None

    def loop() -> float:
        agents = [RandomAgent(seed=i) for i in range(4)]
        env = riichienv.RiichiEnv(skip_mjai_logging=True)
        t = time.perf_counter()
        for _ in range(LOOP_HANDS):
            obs = env.reset()
            while not env.done():
                obs = env.step({pid: agents[pid].act(o) for pid, o in obs.items()})
        return LOOP_HANDS / (time.perf_counter() - t)

    loop()  # warm
    return max(loop() for _ in range(rounds))


def random_part(builds: Sequence[Build], rounds: int) -> None:
    print(
        f"\nRandom self-play from Python: simulate({RANDOM_HANDS:,}, bots='random'), Taiyuan, "
        f"one thread, against riichienv's RiichiEnv loop with four RandomAgents ({LOOP_HANDS} "
        f"hands a run; best of {rounds})"
    )
    peer = riichienv_rate(rounds)
    ours = interleaved(
        builds, lambda b: RANDOM_HANDS / b.timed(RANDOM_HANDS, "random", "taiyuan", 1), rounds
    )
    if peer is not None:
        print(f"  riichienv RiichiEnv loop: {peer:,.0f} hands/s")
    for b, rate in zip(builds, ours):
        line = f"  {b.name}: {rate:,.0f} hands/s"
        if peer is not None:
            line += f", {rate / peer:,.0f}× riichienv (target ≥ {TARGET_RANDOM}×)"
        print(line)


def threads_part(
    builds: Sequence[Build], rounds: int, bot: str, sizes: Sequence[int] = THREAD_HANDS
) -> None:
    print(
        f"\nsimulate on two threads ÷ the ceiling (two one-thread runs of half the hands at "
        f"once, two processes), four {bot}, Taiyuan (best of {rounds} interleaved runs each)"
    )
    print(f"{'hands':>8}{'build':>12}{'2 threads':>12}{'ceiling':>12}{'ratio':>8}")
    ratios: dict[tuple[int, str], float] = {}
    for hands in sizes:
        two = [float("inf")] * len(builds)
        ceiling = [float("inf")] * len(builds)
        for _ in range(rounds):
            for i, b in enumerate(builds):
                two[i] = min(two[i], b.timed(hands, bot, "taiyuan", 2))
                ceiling[i] = min(ceiling[i], b.at_once(hands // 2, bot, "taiyuan", 2))
        for i, b in enumerate(builds):
            ratios[hands, b.name] = ceiling[i] / two[i]
            print(
                f"{hands:>8,}{b.name:>12}{hands / two[i]:>12,.0f}{hands / ceiling[i]:>12,.0f}"
                f"{ratios[hands, b.name]:>8.2f}"
            )
    if len(builds) > 1:
        base = builds[-1].name
        for hands in sizes:
            target = ratios[hands, base] - 0.05
            print(
                f"{hands:,} hands: {builds[0].name} {ratios[hands, builds[0].name]:.2f}, "
                f"target ≥ {base}'s − 0.05 = {target:.2f}"
            )


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("parts", nargs="*", help="profiles, random, threads (default all)")
    parser.add_argument("--baseline", help="the baseline build's Python (db14eab's)")
    parser.add_argument("--baseline-name", default="db14eab")
    parser.add_argument("--hands", type=int, default=HANDS["greedy"], help="greedy hands a run")
    parser.add_argument("--expert-hands", type=int, default=HANDS["expert"])
    parser.add_argument("--profiles", default=",".join(PROFILES))
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--thread-bots", default="greedy", help="the threads part's bot")
    parser.add_argument(
        "--thread-hands", default=",".join(map(str, THREAD_HANDS)), help="the threads part's sizes"
    )
    args = parser.parse_args(argv)
    known = ["profiles", "random", "threads"]
    unknown = [p for p in args.parts if p not in known]
    if unknown:
        sys.exit(f"unknown part {unknown[0]!r}; the parts are {', '.join(known)}")
    parts = args.parts or known
    HANDS["greedy"], HANDS["expert"] = args.hands, args.expert_hands
    builds = [Build("this", sys.executable, str(Path(kdd.__file__).parent.parent))]
    if args.baseline:
        builds.append(Build(args.baseline_name, args.baseline, None))
    print(machine())
    for b in builds:
        print(f"{b.name}: {b.python}")
    started = time.perf_counter()
    if "profiles" in parts:
        profiles_part(builds, args.profiles.split(","), args.bots.split(","), args.rounds)
        print(f"(profiles: {time.perf_counter() - started:.0f} s)")
    if "random" in parts:
        t = time.perf_counter()
        random_part(builds, args.rounds)
        print(f"(random: {time.perf_counter() - t:.0f} s)")
    if "threads" in parts:
        t = time.perf_counter()
        sizes = [int(n) for n in args.thread_hands.split(",")]
        threads_part(builds, args.rounds, args.thread_bots, sizes)
        print(f"(threads: {time.perf_counter() - t:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
