"""The README's figures of reinforcement learning, measured now and printed under the date,
the machine (CPU model and count, load), the package's version and its git commit::

    python examples/rl_figures.py             # every part (about 20 minutes on one core)
    python examples/rl_figures.py train       # some parts: train, train-v1, bc, ppo, sb3, vecenv
    python examples/rl_figures.py --quick     # every part in seconds (not the figures: CI)

- ``train``: ``examples/train_policy.py`` as it runs with no arguments (the package's default
  observation and action space, seed 0): the trained linear policy's mean score delta a
  hand, with its 95% interval, against three random bots in Rust (20,000 hands) and three
  ``RandomBot`` objects driving ``Game`` (2,000 hands), the untrained policy's, and the
  trained policy's against greedy and expert bots. Deterministic: the same figures run after
  run and whatever ``--threads`` (another machine's NumPy may round the training's sums
  differently).
- ``train-v1``: the same with ``--version v1 --action-space 1``, the defaults before issue 41.
- ``bc``: ``examples/bc_expert.py`` (behaviour cloning of ``expert``, seed 0): held-out
  agreement and the clone's score against three greedy in duplicate play (needs the
  ``[rl-train]`` extra; said and skipped without torch). Deterministic for the seed.
- ``ppo``: ``examples/ppo_masked.py`` (masked PPO on the vector environment, seed 1): the
  trained policy's score against greedy and random bots (needs ``[rl-train]`` too).
- ``sb3``: sb3-contrib's ``MaskablePPO("MlpPolicy")`` on ``KoudiandianSB3Env(16, "taiyuan",
  seed=1)`` (``n_steps=128``, ``batch_size=512``, seed 1, 100,000 steps), then its
  deterministic choices against three greedy bots over 2,000 hands of tables seeded 10,001
  onwards, beside uniformly random legal actions (needs ``[rl-train]``).
- ``vecenv``: ``VecEnv`` self-play, 1,024 Taiyuan tables, every table's first legal action
  (no random draws between steps), the observation and the mask written every step: table
  decisions a second timed inside ``step()``, the best of three runs, on one thread and on
  two (``benches/test_bench_rl.py``'s measure; ``cargo bench --bench rl`` times the same
  loop in Rust alone). Speeds depend on the machine and on its load, printed above them.
"""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

from koudiandian.rl import VecEnv

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benches"))
sys.path.insert(0, str(ROOT / "examples"))
import train_policy  # noqa: E402  (examples/ and benches/ are no packages)
from machine import machine  # noqa: E402
from vec_rate import first_legal_rate  # noqa: E402

#: Tables of the ``vecenv`` part, and its timed steps a run.
TABLES, STEPS = 1024, 300
#: ``--quick``: every part briefly (train_policy's ``--quick``, few steps), for CI.
QUICK = False


def train(*argv: str) -> None:
    args = train_policy.arguments([*argv, *(["--quick"] if QUICK else [])])
    print(
        f"train_policy.py {' '.join(argv) or '(no arguments)'}: observation {args.version}, "
        f"action space {args.action_space}, {args.rules}, seed {args.seed}, "
        f"{args.iterations} iterations",
        flush=True,
    )
    figures = train_policy.run(args)
    print(train_policy.report(figures, quick=QUICK))
    print(f"(trained and evaluated in {figures.seconds / 60:.1f} min)")


def vecenv() -> None:
    vec = VecEnv(1, "taiyuan", seed=1)
    print(
        f"VecEnv self-play, {TABLES} Taiyuan tables, observation {vec.version}, action space "
        f"{vec.action_space_version}, first legal actions, best of 3:"
    )
    rates = {
        t: max(first_legal_rate(TABLES, t, 5 if QUICK else STEPS) for _ in range(3)) for t in (1, 2)
    }
    print(f"one thread:  {rates[1] / 1e6:.2f} M table decisions/s in step()")
    print(f"two threads: {rates[2] / 1e6:.2f} M table decisions/s ({rates[2] / rates[1]:.2f}×)")


def example(script: str, *argv: str) -> None:
    """Run ``examples/script`` (a torch example) as it is, its output printed as it comes."""
    if importlib.util.find_spec("torch") is None:
        print(f'{script}: skipped (needs torch: pip install "koudiandian[rl-train]")')
        return
    quick = ["--quick"] if QUICK else []
    print(f"{script} {' '.join([*argv, *quick])}:", flush=True)
    with tempfile.TemporaryDirectory() as out:
        out_args = ["--out", out] if script == "bc_expert.py" else []
        command = [sys.executable, str(ROOT / "examples" / script), *argv, *quick, *out_args]
        subprocess.run(command, check=True)


def sb3() -> None:
    """The ``sb3`` part (see the module's docstring)."""
    if importlib.util.find_spec("sb3_contrib") is None:
        print('MaskablePPO: skipped (needs sb3-contrib: pip install "koudiandian[rl-train]")')
        return
    import numpy as np
    import torch
    from koudiandian.rl.sb3 import KoudiandianSB3Env
    from koudiandian.rl.vector import KoudiandianVectorEnv
    from sb3_contrib import MaskablePPO

    steps, hands = (2048, 40) if QUICK else (100_000, 2000)
    torch.set_num_threads(1)
    print(f"MaskablePPO('MlpPolicy'), 16 Taiyuan tables against greedy, seed 1, {steps:,} steps:")
    env = KoudiandianSB3Env(16, "taiyuan", opponents="greedy", seed=1)
    model = MaskablePPO("MlpPolicy", env, seed=1, device="cpu", n_steps=128, batch_size=512)
    model.learn(steps)
    rng = np.random.default_rng(1)
    for who in ("trained policy", "random legal policy"):
        vec = KoudiandianVectorEnv(min(64, hands), "taiyuan", "greedy", seed=10_001)
        obs, infos = vec.reset(seed=10_001)
        rewards: list[float] = []
        while len(rewards) < hands:
            mask = np.asarray(infos["action_mask"], dtype=bool)
            if who == "trained policy":
                action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            else:
                action = (rng.random(mask.shape) * mask).argmax(1)
            obs, reward, terminated, _, infos = vec.step(action)
            rewards.extend(float(r) for r in reward[terminated])
        r = np.asarray(rewards[:hands])
        half = 1.96 * r.std(ddof=1) / np.sqrt(len(r))
        print(f"{who} vs three greedy bots: {r.mean():+.2f} ± {half:.2f} per hand ({hands} hands)")


PARTS = {
    "train": train,
    "train-v1": functools.partial(train, "--version", "v1", "--action-space", "1"),
    "bc": functools.partial(example, "bc_expert.py", "--seed", "0"),
    "ppo": functools.partial(example, "ppo_masked.py", "--seed", "1"),
    "sb3": sb3,
    "vecenv": vecenv,
}


def main(parts: list[str]) -> int:
    global QUICK
    QUICK = "--quick" in parts
    parts = [p for p in parts if p != "--quick"]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        print(f"unknown part(s) {unknown}; parts: {', '.join(PARTS)}", file=sys.stderr)
        return 2
    print(machine())
    for part in parts or list(PARTS):
        print()
        PARTS[part]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
