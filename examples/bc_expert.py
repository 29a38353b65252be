"""Behaviour cloning of the expert bot: a policy network that plays like ``expert``, in NumPy.

The steps, each a call of the package but the training itself (torch):

1. expert self-play under Taiyuan's rules, logged (``koudiandian.simulate(..., log=...)``);
2. the logs turned into a dataset of every decision: the seat's observation (``version``),
   its legal actions' mask and the expert's action (``koudiandian.rl.dataset``);
3. a network trained on it with a masked cross-entropy (the illegal actions' logits left
   out): two convolutions along the 34 tile kinds, a dense layer, and the logits from both
   (each action on a tile scored from that tile's features by weights every tile shares);
4. exported as a :class:`koudiandian.rl.policy.Policy` (``.npz``), the plain ReLU MLP the
   bot ``policy:PATH`` plays with NumPy alone (a convolution is a dense layer with zeros);
5. its agreement with the expert on held-out hands (hands the network never saw);
6. duplicate play, the policy against three ``greedy`` (every wall four times, each seat in
   turn): its mean points a hand and the 95% interval.

Run it with torch installed (``pip install "koudiandian[rl-train]"``)::

    python examples/bc_expert.py --quick          # seconds: the pipeline, a tiny net
    python examples/bc_expert.py --out runs/bc    # the full run (under 30 minutes, 2 cores)

Deterministic for ``--seed``, whatever ``--threads``: the logs, the dataset, the split, the
initial weights and the order of the batches follow the seed, and two runs give the same
weights bit for bit. ``--threads`` runs the self-play on that many threads (a seeded
simulation is the same on any number); torch trains on one thread always, because torch
splits its sums among its threads, so that another thread count would round them otherwise
and give other weights (one thread is about as fast here: the batches are small).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter
from pathlib import Path

import koudiandian
import numpy as np
import torch
from koudiandian.rl.actions import ACTION_CODES_V2
from koudiandian.rl.dataset import Dataset, build_dataset
from koudiandian.rl.policy import Policy
from torch import nn

RULES = "taiyuan"

#: The observation and action space this example trains on (stored in the policy's file).
VERSION = "v3"
ACTION_SPACE = 2


def expert_logs(out: Path, hands: int, seed: int, threads: int) -> Path:
    """``hands`` hands of four ``expert`` under Taiyuan on ``threads`` threads, logged to
    ``out/expert.jsonl``."""
    log = out / "expert.jsonl"
    koudiandian.simulate(
        hands=hands, bots="expert", rules=RULES, seed=seed, log=log, threads=threads
    )
    return log


def dataset_arrays(log: Path, out: Path) -> dict[str, np.ndarray]:
    """Every decision of the log, as arrays (``obs``, ``mask``, ``action``, ``hand``, ...),
    through the dataset written to ``out/dataset``."""
    build_dataset([log], out / "dataset", version=VERSION, action_space=ACTION_SPACE)
    return Dataset(out / "dataset").arrays()


class Net(nn.Module):
    """``scale`` times the observation, then ``convs`` convolutions along the 34 tile kinds
    (kernel 3, ReLU: a tile sees its neighbours, the same weights for every tile), then ReLU
    dense layers of ``hidden`` units. The logits: a dense layer of the last hidden units,
    plus, for each action on a tile (a discard, a declaration, a kong, a chow...), a
    per-tile head: the same weights, for every tile, of the convolutions' features at
    that tile. Every part is linear and followed by a ReLU, or reaches the logits, so the
    whole is the MLP the policy file stores (:meth:`policy`)."""

    def __init__(
        self, scale: np.ndarray, planes: int, convs: list[int], hidden: list[int], actions: int
    ) -> None:
        super().__init__()
        self.register_buffer("scale", torch.from_numpy(scale.reshape(planes, 34)))
        channels = [planes, *convs]
        self.convs = nn.ModuleList(
            nn.Conv1d(a, b, kernel_size=3, padding=1) for a, b in zip(channels, channels[1:])
        )
        widths = [channels[-1] * 34, *hidden]
        self.dense = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths, widths[1:]))
        self.out = nn.Linear(widths[-1], actions)
        # The actions on a tile: action number, its kind's row of the head, its tile.
        codes = ACTION_CODES_V2[:actions]
        per_kind = Counter(c // 34 for c in codes)
        kinds = sorted(k for k, n in per_kind.items() if n == 34)
        on_tile = [
            (a, kinds.index(c // 34), c % 34) for a, c in enumerate(codes) if c // 34 in kinds
        ]
        self.register_buffer("head_action", torch.tensor([t[0] for t in on_tile]))
        self.register_buffer("head_kind", torch.tensor([t[1] for t in on_tile]))
        self.register_buffer("head_tile", torch.tensor([t[2] for t in on_tile]))
        self.head = nn.Conv1d(channels[-1], len(kinds), kernel_size=1)

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        f = obs.float() * self.scale
        for conv in self.convs:
            f = torch.relu(conv(f))
        h = f.flatten(1)
        for layer in self.dense:
            h = torch.relu(layer(h))
        logits = self.out(h)
        tiles = self.head(f)[:, self.head_kind, self.head_tile]
        return logits.index_add(1, self.head_action, tiles)

    @torch.no_grad()
    def policy(self, meta: dict) -> Policy:
        """The same network as a NumPy :class:`Policy`: each convolution as the dense matrix
        of its images of the unit vectors (``(in × 34, out × 34)``); the convolutions'
        features then carried through every dense layer beside its units by an identity
        block (they are ReLU outputs, never negative, so the next ReLU keeps them), to the
        last layer, whose rows for them are the per-tile head."""
        layers = []
        width = self.scale.numel()
        for conv in self.convs:
            basis = torch.eye(width).reshape(width, conv.in_channels, 34)
            w = nn.functional.conv1d(basis, conv.weight, padding=1).reshape(width, -1)
            b = conv.bias[:, None].expand(conv.out_channels, 34).reshape(-1)
            layers.append((w.numpy().copy(), b.numpy().copy()))
            width = w.shape[1]
        features = width  # the last convolution's, carried beside the dense units
        for i, layer in enumerate(self.dense):
            rows = features if i == 0 else features + layer.in_features
            w = np.zeros((rows, features + layer.out_features), np.float32)
            w[:features, :features] = np.eye(features, dtype=np.float32)
            if i == 0:
                w[:, features:] = layer.weight.numpy().T
            else:
                w[features:, features:] = layer.weight.numpy().T
            b = np.concatenate([np.zeros(features, np.float32), layer.bias.numpy()])
            layers.append((w, b))
        channels = self.head.in_channels
        head_w = self.head.weight[:, :, 0].numpy()  # (kinds, channels)
        w_head = np.zeros((features, self.out.out_features), np.float32)
        b_out = self.out.bias.numpy().copy()
        for a, k, t in zip(
            self.head_action.tolist(), self.head_kind.tolist(), self.head_tile.tolist()
        ):
            w_head[np.arange(channels) * 34 + t, a] = head_w[k]
            b_out[a] += self.head.bias[k].item()
        w_out = self.out.weight.numpy().T
        last = np.concatenate([w_head, w_out]) if self.dense else w_head + w_out
        layers.append((last, b_out))
        return Policy(
            layers,
            scale=self.scale.reshape(-1).numpy(),
            version=VERSION,
            action_space=ACTION_SPACE,
            meta=meta,
        )


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """The logits with every illegal action's set far below the legal ones'."""
    return logits.masked_fill(~mask, -1e9)


def train(data: dict[str, np.ndarray], train_rows: np.ndarray, args: argparse.Namespace) -> Net:
    """The network fitted to the rows ``train_rows`` of ``data`` (Adam, cosine decay)."""
    obs, mask, action = data["obs"], data["mask"], data["action"]
    # Each input entry scaled to at most 1 over the training rows.
    top = obs[train_rows].reshape(len(train_rows), -1).max(axis=0).astype(np.float32)
    scale = (1.0 / np.maximum(top, 1.0)).astype(np.float32)
    net = Net(
        scale,
        obs.shape[1],
        [args.channels] * args.convs,
        [args.hidden] * args.layers,
        mask.shape[1],
    )
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    steps = args.epochs * (len(train_rows) // args.batch)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, max(steps, 1))
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    for epoch in range(args.epochs):
        order = rng.permutation(train_rows)
        total, seen = 0.0, 0
        for i in range(0, len(order) - args.batch + 1, args.batch):
            rows = np.sort(order[i : i + args.batch])
            o = torch.from_numpy(obs[rows])
            m = torch.from_numpy(mask[rows])
            a = torch.from_numpy(action[rows].astype(np.int64))
            loss = nn.functional.cross_entropy(masked_logits(net(o), m), a)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(rows)
            seen += len(rows)
        print(
            f"epoch {epoch + 1}/{args.epochs}: loss {total / max(seen, 1):.4f} "
            f"({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    return net


def agreement(policy: Policy, data: dict[str, np.ndarray], rows: np.ndarray) -> float:
    """The share of the decisions ``rows`` where the policy chooses the expert's action."""
    hits = 0
    for i in range(0, len(rows), 4096):
        r = rows[i : i + 4096]
        hits += int((policy(data["obs"][r], data["mask"][r]) == data["action"][r]).sum())
    return hits / max(len(rows), 1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="a tiny run: the pipeline in seconds")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=Path("bc_run"), help="where files go")
    p.add_argument("--hands", type=int, help="expert self-play hands (default 24000)")
    p.add_argument("--epochs", type=int, help="passes over the data (default 10)")
    p.add_argument("--hidden", type=int, help="units of each hidden layer (default 256)")
    p.add_argument("--convs", type=int, default=2, help="tile convolutions (default 2)")
    p.add_argument("--channels", type=int, help="channels of each convolution (default 16)")
    p.add_argument("--layers", type=int, default=1, help="hidden dense layers (default 1)")
    p.add_argument("--batch", type=int, default=512)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--walls", type=int, help="duplicate walls against greedy (default 2000)")
    p.add_argument(
        "--threads", type=int, default=1, help="the self-play's threads (torch: always one)"
    )
    args = p.parse_args()
    quick = {"hands": 150, "epochs": 2, "channels": 4, "hidden": 32, "walls": 20}
    full = {"hands": 24000, "epochs": 10, "channels": 16, "hidden": 256, "walls": 2000}
    for k, v in (quick if args.quick else full).items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # the same weights on any machine's core count
    torch.use_deterministic_algorithms(True)
    args.out.mkdir(parents=True, exist_ok=True)

    t0 = time.perf_counter()
    log = expert_logs(args.out, args.hands, args.seed, args.threads)
    data = dataset_arrays(log, args.out)
    t1 = time.perf_counter()
    n = len(data["action"])
    print(f"{args.hands} expert hands: {n} decisions ({t1 - t0:.0f} s)", flush=True)

    # Held out: every tenth hand, so no position of those hands is trained on.
    held = data["hand"] % 10 == 9
    train_rows, test_rows = np.flatnonzero(~held), np.flatnonzero(held)
    net = train(data, train_rows, args)
    t2 = time.perf_counter()

    meta = {"rules": RULES, "seed": args.seed, "trained_on": "expert", "hands": args.hands}
    policy = net.policy(meta)
    path = args.out / "policy.npz"
    policy.save(path)
    agree = agreement(policy, data, test_rows)
    train_agree = agreement(policy, data, train_rows[:: max(1, len(train_rows) // 20000)])
    print(
        f"agreement with expert: {agree:.4f} held out ({len(test_rows)} decisions), "
        f"{train_agree:.4f} trained on; training {t2 - t1:.0f} s",
        flush=True,
    )

    s = koudiandian.simulate(
        hands=args.walls,
        bots=f"policy:{path},greedy,greedy,greedy",
        rules=RULES,
        seed=args.seed + 1,
        duplicate=True,
    )
    me = s.bot_stats[0]
    ci = me.points_ci95 if me.points_ci95 is not None else float("nan")
    print(
        f"duplicate play vs 3 greedy, {args.walls} walls: {me.mean_points:+.2f} ± {ci:.2f} "
        f"points a hand (win rate {me.win_rate:.3f}, deal-in rate {me.deal_in_rate:.3f}; "
        f"{time.perf_counter() - t2:.0f} s)",
        flush=True,
    )
    summary = {
        "seed": args.seed,
        "hands": args.hands,
        "decisions": n,
        "convs": args.convs,
        "channels": args.channels,
        "hidden": args.hidden,
        "layers": args.layers,
        "epochs": args.epochs,
        "threads": args.threads,
        "agreement_held_out": agree,
        "train_seconds": t2 - t1,
        "walls": args.walls,
        "mean_points": me.mean_points,
        "ci95": me.points_ci95,
        "weights_sha": _digest(path),
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")


def _digest(path: Path) -> str:
    """The sha256 of the policy's weights (not the file: zip headers hold times)."""
    import hashlib

    h = hashlib.sha256()
    with np.load(path) as d:
        for k in sorted(d.files):
            h.update(k.encode())
            h.update(np.ascontiguousarray(d[k]).tobytes())
    return h.hexdigest()


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    main()
