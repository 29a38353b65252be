"""Train a small policy on ``koudiandian.rl.VecEnv`` and show that it beats three random bots.

A linear softmax policy over the observation planes (NumPy only), trained with
REINFORCE (return = the hand's score delta, batch-mean baseline, Adam) on tables whose other
three seats play uniformly random legal actions inside Rust (the same policy as
``koudiandian.bots.RandomBot``). Then the trained policy (its most likely legal action)
plays fresh seeded hands against the same opponents, then against three ``greedy`` and three
``expert`` bots (``VecEnv(opponents=...)``), and the learner's mean score delta is reported
with a 95% confidence interval for each, beside the untrained policy's.

It uses the package's default observation version and action space
(``koudiandian.rl.DEFAULT_VERSION``, ``DEFAULT_ACTION_SPACE``: what a new user gets), and
prints them first; ``--version`` and ``--action-space`` name others. The same seed gives the
same figures, whatever ``--threads`` (``VecEnv``'s threads) and from run to run.
``examples/rl_figures.py`` runs it for the README's figures.

    python examples/train_policy.py                 # a few minutes on one CPU core
    python examples/train_policy.py --quick         # a few iterations (CI)
    python examples/train_policy.py --iterations 50 --envs 128 --threads 2
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from koudiandian.rl import (
    ACTION_SPACES,
    DEFAULT_ACTION_SPACE,
    DEFAULT_VERSION,
    OBS_SHAPES,
    VERSIONS,
    VecEnv,
)

F = npt.NDArray[np.float32]


def features(obs: npt.NDArray[np.uint8]) -> F:
    """The planes flattened, scaled by 1/4, and a bias."""
    x = np.empty((obs.shape[0], obs[0].size + 1), np.float32)
    np.multiply(obs.reshape(obs.shape[0], -1), np.float32(1 / 4), out=x[:, :-1])
    x[:, -1] = 1.0
    return x


def masked_softmax(logits: F, mask: npt.NDArray[np.bool_]) -> F:
    z = np.where(mask, logits, -np.inf)
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    return p.astype(np.float32)


class Policy:
    """Logits = x @ W; Adam on W. ``obs_shape`` and ``n_actions`` are the environment's."""

    def __init__(self, seed: int, obs_shape: tuple[int, int], n_actions: int) -> None:
        rng = np.random.default_rng(seed)
        n_features = obs_shape[0] * obs_shape[1] + 1  # the planes and a bias
        self.w = (rng.standard_normal((n_features, n_actions)) * 0.01).astype(np.float32)
        self.m = np.zeros_like(self.w)
        self.v = np.zeros_like(self.w)
        self.t = 0

    def probs(self, obs: npt.NDArray[np.uint8], mask: npt.NDArray[np.bool_]) -> F:
        return masked_softmax(features(obs) @ self.w, mask)

    def update(self, grad: F, lr: float) -> None:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        mhat = self.m / (1 - 0.9**self.t)
        vhat = self.v / (1 - 0.999**self.t)
        self.w += lr * mhat / (np.sqrt(vhat) + 1e-8)  # ascent: grad is of the objective


def sample(rng: np.random.Generator, p: F) -> npt.NDArray[np.int64]:
    u = rng.random((p.shape[0], 1), dtype=np.float32)
    a = (p.cumsum(axis=1) < u).sum(axis=1)
    return np.minimum(a, p.shape[1] - 1).astype(np.int64)


def vec_env(args: argparse.Namespace, seed: int, opponents: str) -> VecEnv:
    """``args.envs`` tables of ``args.rules`` against three ``opponents`` bots."""
    return VecEnv(
        args.envs,
        args.rules,
        seed=seed,
        opponents=opponents,
        threads=args.threads,
        version=args.version,
        action_space=args.action_space,
    )


def train(policy: Policy, args: argparse.Namespace) -> None:
    env = vec_env(args, args.seed, "random")
    rng = np.random.default_rng(args.seed)
    obs, mask, _ = env.reset()
    horizon = args.horizon
    b = args.envs
    start = time.perf_counter()
    for it in range(args.iterations):
        xs = np.empty((horizon, b, policy.w.shape[0]), np.float32)
        ps = np.empty((horizon, b, policy.w.shape[1]), np.float32)
        acts = np.empty((horizon, b), np.int64)
        rewards = np.empty((horizon, b), np.float32)
        ends = np.empty((horizon, b), np.bool_)
        for t in range(horizon):
            x = features(obs)
            p = masked_softmax(x @ policy.w, mask)
            a = sample(rng, p)
            xs[t], ps[t], acts[t] = x, p, a
            obs, reward, term, _, mask, _ = env.step(a)
            rewards[t], ends[t] = reward, term
        # Returns within each hand; steps of a hand still in play at the end are dropped.
        ret = np.zeros(b, np.float32)
        done = np.zeros(b, np.bool_)
        returns = np.zeros((horizon, b), np.float32)
        valid = np.zeros((horizon, b), np.bool_)
        for t in reversed(range(horizon)):
            ret = np.where(ends[t], rewards[t], ret)
            done |= ends[t]
            returns[t], valid[t] = ret, done
        r = returns[valid] / args.reward_scale
        if r.size < 2:
            continue
        adv = (r - r.mean()) / (r.std() + 1e-6)
        x = xs[valid]
        g = -ps[valid]
        g[np.arange(len(g)), acts[valid]] += 1.0
        grad = x.T @ (g * adv[:, None]) / len(adv)
        policy.update(grad.astype(np.float32), args.lr)
        if it % max(1, args.iterations // 10) == 0 or it == args.iterations - 1:
            hands = int(ends.sum())
            mean = float(rewards[ends].mean()) if hands else 0.0
            print(
                f"iteration {it + 1:4d}/{args.iterations}: {hands:5d} hands, mean delta "
                f"{mean:+7.2f}, {time.perf_counter() - start:6.1f} s",
                flush=True,
            )


def evaluate(
    policy: Policy | None, args: argparse.Namespace, seed: int, opponents: str = "random"
) -> tuple[float, float]:
    """Mean learner delta per hand against three ``opponents`` bots, and its 95% half-width."""
    env = vec_env(args, seed, opponents)
    rng = np.random.default_rng(seed)
    obs, mask, _ = env.reset()
    results: list[npt.NDArray[np.float32]] = []
    n = 0
    while n < args.eval_hands:
        if policy is None:
            a = sample(rng, masked_softmax(np.zeros(mask.shape, np.float32), mask))
        else:
            logits = features(obs) @ policy.w
            a = np.argmax(np.where(mask, logits, -np.inf), axis=1).astype(np.int64)
        obs, reward, term, _, mask, _ = env.step(a)
        results.append(reward[term].copy())
        n += int(term.sum())
    r = np.concatenate(results)[: args.eval_hands].astype(np.float64)
    return float(r.mean()), 1.96 * float(r.std(ddof=1)) / math.sqrt(len(r))


def evaluate_bots(policy: Policy, args: argparse.Namespace, seed: int) -> tuple[float, float]:
    """The same against three ``koudiandian.bots.RandomBot`` objects driving ``Game``
    from Python (the learner's seat rotating), as a cross-check of the Rust opponents."""
    from koudiandian import Game
    from koudiandian.bots import RandomBot
    from koudiandian.rl import action_mask, action_of, encode

    deltas = []
    for hand in range(args.bot_hands):
        game = Game(args.rules, seed=seed + hand, dealer=hand % 4)
        me = (hand // 4) % 4
        bots = {s: RandomBot(seed + 4 * hand + s) for s in range(4) if s != me}
        while not game.is_over:
            seat = game.to_act[0]
            if seat == me:
                logits = features(encode(game, me, version=args.version)[None]) @ policy.w
                mask = action_mask(game, me, args.action_space)[None]
                a = int(np.argmax(np.where(mask, logits, -np.inf)))
                game.step(me, action_of(a, args.action_space))
            else:
                game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        assert game.result is not None
        deltas.append(game.result.deltas[me])
    r = np.array(deltas, np.float64)
    return float(r.mean()), 1.96 * float(r.std(ddof=1)) / math.sqrt(len(r))


@dataclass(frozen=True)
class Figures:
    """Mean learner deltas per hand and their 95% half-widths, after training."""

    untrained: tuple[float, float]
    random: tuple[float, float]
    random_bots: tuple[float, float]
    greedy: tuple[float, float]
    expert: tuple[float, float]
    seconds: float

    def beats_random(self) -> bool:
        """The trained policy's interval against random bots lies above 0 and above the
        untrained policy's."""
        (mean, ci), (base, base_ci) = self.random, self.untrained
        return mean - ci > max(0.0, base + base_ci)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--quick", action="store_true", help="3 iterations, a small evaluation")
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--horizon", type=int, default=64, help="steps per table per iteration")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--reward-scale", type=float, default=10.0)
    ap.add_argument("--eval-hands", type=int, default=20000)
    ap.add_argument("--bot-hands", type=int, default=2000, help="hands against RandomBot objects")
    ap.add_argument("--rules", default="taiyuan")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1, help="VecEnv's threads (same figures)")
    ap.add_argument("--version", default=DEFAULT_VERSION, choices=VERSIONS, help="observation")
    ap.add_argument(
        "--action-space", type=int, default=DEFAULT_ACTION_SPACE, choices=sorted(ACTION_SPACES)
    )
    return ap


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    args = parser().parse_args(argv)
    if args.quick:
        args.iterations, args.envs, args.horizon, args.eval_hands = 3, 64, 32, 300
        args.bot_hands = 20
    return args


def run(args: argparse.Namespace) -> Figures:
    """Train, then evaluate: the figures ``main`` prints."""
    start = time.perf_counter()
    policy = Policy(args.seed, OBS_SHAPES[args.version], ACTION_SPACES[args.action_space])
    train(policy, args)
    untrained = evaluate(None, args, seed=10**6 + args.seed)
    trained = evaluate(policy, args, seed=10**6 + args.seed)
    bots = evaluate_bots(policy, args, seed=2 * 10**6 + args.seed)
    greedy, expert = (
        evaluate(policy, args, seed=3 * 10**6 + args.seed, opponents=opponents)
        for opponents in ("greedy", "expert")
    )
    return Figures(untrained, trained, bots, greedy, expert, time.perf_counter() - start)


def report(figures: Figures, quick: bool) -> str:
    """The figures as ``main`` prints them."""

    def pm(x: tuple[float, float]) -> str:
        return f"{x[0]:+.2f} ± {x[1]:.2f} per hand"

    lines = [
        f"untrained policy (uniform over legal actions): {pm(figures.untrained)}",
        f"trained policy vs three random bots:            {pm(figures.random)}",
        f"the same, vs three RandomBot objects via Game:  {pm(figures.random_bots)}",
        f"trained policy vs three greedy bots:            {pm(figures.greedy)}",
        f"trained policy vs three expert bots:            {pm(figures.expert)}",
    ]
    if not quick:
        verdict = "beats" if figures.beats_random() else "does NOT clearly beat"
        lines.append(f"the trained policy {verdict} three random bots (95% intervals)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    print(
        f"observation {args.version}, action space {args.action_space}, {args.rules}, "
        f"seed {args.seed}, {args.iterations} iterations of {args.envs} tables x "
        f"{args.horizon} steps, {args.threads} thread(s)",
        flush=True,
    )
    print(report(run(args), args.quick))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
