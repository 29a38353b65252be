"""PPO with action masks on koudiandian's Gymnasium vector environment: one file, CleanRL's
layout (arguments, agent, rollout, GAE, clipped update), PyTorch only.

The learner sits at one seat of each table against three built-in bots (``--opponents``),
one hand per episode; illegal actions are masked out of the policy's distribution, so it
never plays one. After training, the greedy (argmax) policy plays ``--eval-hands`` hands
against greedy and against random bots and the mean reward per hand is printed with its 95%
interval, next to a uniformly random legal policy's.

    pip install "koudiandian[rl-train]"
    python examples/ppo_masked.py --quick            # seconds: a smoke run
    python examples/ppo_masked.py --seed 1           # a million steps: 5-10 minutes on two cores

Same ``--seed``, same numbers (one torch thread, CPU)."""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass

import numpy as np
import torch
from koudiandian.rl.actions import DEFAULT_ACTION_SPACE
from koudiandian.rl.encoding import DEFAULT_VERSION
from koudiandian.rl.vector import KoudiandianVectorEnv
from torch import nn
from torch.distributions import Categorical


@dataclass
class Args:
    """The run's settings (``--help``)."""

    seed: int = 1
    rules: str = "taiyuan"
    opponents: str = "greedy"
    version: str = DEFAULT_VERSION
    action_space: int = DEFAULT_ACTION_SPACE
    num_envs: int = 16
    num_steps: int = 128
    total_timesteps: int = 1_000_000
    learning_rate: float = 3e-4
    gamma: float = 1.0  # one hand per episode, reward at its end: no discount needed
    gae_lambda: float = 0.95
    num_minibatches: int = 4
    update_epochs: int = 4
    clip_coef: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    reward_scale: float = 0.05  # a hand's score delta is tens of points
    hidden: int = 256
    eval_hands: int = 2000
    threads: int = 1


def parse_args() -> Args:
    defaults = Args()
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for name, value in vars(defaults).items():
        p.add_argument("--" + name.replace("_", "-"), type=type(value), default=value)
    p.add_argument("--quick", action="store_true", help="a few seconds: tiny run and evaluation")
    ns = p.parse_args()
    quick = ns.__dict__.pop("quick")
    args = Args(**vars(ns))
    if quick:
        args.num_envs, args.num_steps, args.total_timesteps = 4, 32, 256
        args.eval_hands, args.hidden = 40, 64
    return args


class Agent(nn.Module):
    """Actor and critic MLPs on the flattened observation (``log1p`` of the planes: counts
    0–4 and a few larger numbers)."""

    def __init__(self, obs_size: int, n_actions: int, hidden: int) -> None:
        super().__init__()

        def mlp(out: int, gain: float) -> nn.Sequential:
            layers = [
                nn.Linear(obs_size, hidden),
                nn.Linear(hidden, hidden),
                nn.Linear(hidden, out),
            ]
            for layer, g in zip(layers, (math.sqrt(2), math.sqrt(2), gain)):
                nn.init.orthogonal_(layer.weight, g)
                nn.init.zeros_(layer.bias)
            return nn.Sequential(layers[0], nn.Tanh(), layers[1], nn.Tanh(), layers[2])

        self.critic = mlp(1, 1.0)
        self.actor = mlp(n_actions, 0.01)

    @staticmethod
    def features(obs: np.ndarray) -> torch.Tensor:
        return torch.log1p(torch.as_tensor(obs, dtype=torch.float32).flatten(1))

    def value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(x).squeeze(-1)

    def policy(self, x: torch.Tensor, mask: torch.Tensor) -> Categorical:
        """The action distribution with every masked-out action at probability 0."""
        logits = self.actor(x).masked_fill(~mask, -1e9)
        return Categorical(logits=logits)


def make_env(args: Args, opponents: str, seed: int, num_envs: int) -> KoudiandianVectorEnv:
    return KoudiandianVectorEnv(
        num_envs,
        args.rules,
        opponents,
        seed=seed,
        version=args.version,
        action_space=args.action_space,
        threads=args.threads,
    )


def train(args: Args) -> Agent:
    env = make_env(args, args.opponents, args.seed, args.num_envs)
    n_actions = int(env.single_action_space.n)
    obs_size = int(np.prod(env.single_observation_space.shape))
    agent = Agent(obs_size, n_actions, args.hidden)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    n, t_len = args.num_envs, args.num_steps
    batch_size = n * t_len
    minibatch = batch_size // args.num_minibatches
    iterations = max(1, args.total_timesteps // batch_size)

    obs_buf = torch.zeros((t_len, n, obs_size))
    mask_buf = torch.zeros((t_len, n, n_actions), dtype=torch.bool)
    act_buf = torch.zeros((t_len, n), dtype=torch.long)
    logp_buf, rew_buf, done_buf, val_buf = (torch.zeros((t_len, n)) for _ in range(4))

    obs, infos = env.reset(seed=args.seed)
    x = agent.features(obs)
    mask = torch.as_tensor(infos["action_mask"], dtype=torch.bool)
    done = torch.zeros(n)
    ended: list[float] = []
    start = time.perf_counter()
    for it in range(1, iterations + 1):
        for step in range(t_len):
            obs_buf[step], mask_buf[step], done_buf[step] = x, mask, done
            with torch.no_grad():
                dist = agent.policy(x, mask)
                action = dist.sample()
                logp_buf[step], val_buf[step] = dist.log_prob(action), agent.value(x)
            act_buf[step] = action
            obs, reward, terminated, truncated, infos = env.step(action.numpy())
            rew_buf[step] = torch.as_tensor(reward) * args.reward_scale
            finished = np.logical_or(terminated, truncated)
            ended.extend(float(r) for r in reward[finished])
            x = agent.features(obs)
            mask = torch.as_tensor(infos["action_mask"], dtype=torch.bool)
            done = torch.as_tensor(finished, dtype=torch.float32)

        # GAE: a hand's last decision is followed by the next hand's first (done).
        with torch.no_grad():
            next_value = agent.value(x)
        adv = torch.zeros((t_len, n))
        last = torch.zeros(n)
        for step in reversed(range(t_len)):
            following = next_value if step == t_len - 1 else val_buf[step + 1]
            not_done = 1.0 - (done if step == t_len - 1 else done_buf[step + 1])
            delta = rew_buf[step] + args.gamma * following * not_done - val_buf[step]
            last = delta + args.gamma * args.gae_lambda * not_done * last
            adv[step] = last
        ret = adv + val_buf

        b_x, b_mask = obs_buf.flatten(0, 1), mask_buf.flatten(0, 1)
        b_act, b_logp = act_buf.flatten(), logp_buf.flatten()
        b_adv, b_ret, b_val = adv.flatten(), ret.flatten(), val_buf.flatten()
        order = np.random.default_rng(args.seed + it)
        for _ in range(args.update_epochs):
            perm = torch.as_tensor(order.permutation(batch_size))
            for lo in range(0, batch_size, minibatch):
                idx = perm[lo : lo + minibatch]
                dist = agent.policy(b_x[idx], b_mask[idx])
                ratio = (dist.log_prob(b_act[idx]) - b_logp[idx]).exp()
                a = b_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg_loss = torch.max(
                    -a * ratio, -a * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)
                ).mean()
                v = agent.value(b_x[idx])
                v_clipped = b_val[idx] + (v - b_val[idx]).clamp(-args.clip_coef, args.clip_coef)
                v_loss = (
                    0.5 * torch.max((v - b_ret[idx]) ** 2, (v_clipped - b_ret[idx]) ** 2).mean()
                )
                loss = pg_loss - args.ent_coef * dist.entropy().mean() + args.vf_coef * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()
        recent = ended[-500:]
        mean = f"{np.mean(recent):7.2f}" if recent else "    n/a"
        print(
            f"iteration {it:4d}/{iterations}  steps {it * batch_size:9,d}  "
            f"hands {len(ended):7,d}  mean reward (last 500 hands) {mean}  "
            f"{it * batch_size / (time.perf_counter() - start):7,.0f} steps/s",
            flush=True,
        )
    env.close()
    return agent


def evaluate(args: Args, agent: Agent | None, opponents: str, seed: int) -> tuple[float, float]:
    """Mean reward per hand over ``args.eval_hands`` hands and its 95% interval's half
    width; ``agent=None``: uniformly random legal actions."""
    env = make_env(args, opponents, seed, min(64, args.eval_hands))
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    rewards: list[float] = []
    while len(rewards) < args.eval_hands:
        mask = np.asarray(infos["action_mask"], dtype=bool)
        if agent is None:
            action = (rng.random(mask.shape) * mask).argmax(1)
        else:
            with torch.no_grad():
                logits = agent.policy(agent.features(obs), torch.as_tensor(mask)).logits
            action = logits.argmax(1).numpy()
        obs, reward, terminated, truncated, infos = env.step(action)
        rewards.extend(float(r) for r in reward[np.logical_or(terminated, truncated)])
    env.close()
    r = np.asarray(rewards[: args.eval_hands])
    return float(r.mean()), float(1.96 * r.std(ddof=1) / math.sqrt(len(r)))


def main() -> None:
    args = parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    agent = train(args)
    for opponents in ("greedy", "random"):
        seed = args.seed + 10_000
        for who, policy in (("trained policy", agent), ("random legal policy", None)):
            mean, half = evaluate(args, policy, opponents, seed)
            print(
                f"{who} vs three {opponents} bots: mean reward {mean:+.2f} ± {half:.2f} "
                f"per hand ({args.eval_hands} hands)"
            )


if __name__ == "__main__":
    main()
