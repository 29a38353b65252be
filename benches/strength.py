"""The built-in bots' strength under duplicate play (issue 26): in each profile, one ``bot``
against three ``field`` bots over ``--walls`` walls, each played four times with the seats
rotated, so that every bot holds every seat's tiles. Prints, per profile, the bot's mean
points per hand with its 95% interval (from the spread of its per-wall means), its win and
deal-in rates, and the field's; ``--json`` writes the figures. ``benches/README.md`` has
the results.

    python benches/strength.py --walls 2000                 # expert against three greedy
    python benches/strength.py --bot expert --field random --walls 500
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from koudiandian import Rules, simulate

PROFILES = ("taiyuan", "queyimen", "hebei", "changsha", "guobiao")


def measure(
    profile: str, bot: str, field: str, walls: int, seed: int, threads: int
) -> dict[str, Any]:
    """One profile's figures: ``bot`` in the first listed seat, ``field`` in the others."""
    start = time.perf_counter()
    s = simulate(
        walls,
        rules=Rules.preset(profile),
        bots=[bot, field, field, field],
        seed=seed,
        duplicate=True,
        threads=threads,
    )
    me, others = s.bot_stats[0], s.bot_stats[1:]
    ci = me.points_ci95 or 0.0
    return {
        "profile": profile,
        "bot": bot,
        "field": field,
        "walls": walls,
        "hands": me.hands,
        "mean_points": me.mean_points,
        "ci95": ci,
        "above_zero": me.mean_points - ci > 0,
        "win_rate": me.win_rate,
        "deal_in_rate": me.deal_in_rate,
        "field_win_rate": sum(o.win_rate for o in others) / 3,
        "field_deal_in_rate": sum(o.deal_in_rate for o in others) / 3,
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bot", default="expert")
    p.add_argument("--field", default="greedy")
    p.add_argument("--walls", type=int, default=2000)
    p.add_argument("--seed", type=int, default=26)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--profiles", default=",".join(PROFILES))
    p.add_argument("--json", help="write the figures to this file")
    args = p.parse_args()
    rows = []
    print(
        f"{'profile':<10}{'mean/hand':>10}{'±95%':>8}{'> 0':>5}{'win':>8}{'deal-in':>9}"
        f"{'field win':>11}{'field deal-in':>15}{'s':>7}"
    )
    for profile in args.profiles.split(","):
        r = measure(profile, args.bot, args.field, args.walls, args.seed, args.threads)
        rows.append(r)
        print(
            f"{profile:<10}{r['mean_points']:>10.3f}{r['ci95']:>8.3f}"
            f"{'yes' if r['above_zero'] else 'no':>5}{r['win_rate']:>8.1%}{r['deal_in_rate']:>9.1%}"
            f"{r['field_win_rate']:>11.1%}{r['field_deal_in_rate']:>15.1%}{r['seconds']:>7.1f}",
            flush=True,
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
