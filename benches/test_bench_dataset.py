"""Speed of datasets from logs (issue 41): ``build_dataset`` over ``expert`` self-play, and
the dataset read back in batches.

Run: ``python -m pytest benches/test_bench_dataset.py -p no:cacheprovider -s``
(``KOUDIANDIAN_BENCH_HANDS`` hands, 4,000 by default). Target: well over 20,000 samples/s
written (behaviour cloning builds 1–2 million samples). Prints samples/s of wall time and
per CPU-second (the process's: the shards are compressed on a second thread), and the
reading rates in order and shuffled.
"""

from __future__ import annotations

import os
import platform
import time
from pathlib import Path

from koudiandian import simulate
from koudiandian.rl import Dataset, build_dataset

HANDS = int(os.environ.get("KOUDIANDIAN_BENCH_HANDS", "4000"))


def test_report(tmp_path: Path) -> None:
    log = tmp_path / "expert.jsonl"
    simulate(HANDS, bots="expert", rules="taiyuan", log=log, seed=1)
    lines = [f"{HANDS} hands of expert self-play, taiyuan ({log.stat().st_size / 1e6:.0f} MB)"]
    for version, space in (("v1", 1), ("v3", 2)):
        out = tmp_path / f"ds-{version}"
        wall, cpu = time.perf_counter(), time.process_time()
        info = build_dataset(log, out, version=version, action_space=space)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        lines.append(
            f"build {version}/{space}: {info.samples} samples in {wall:.2f} s: "
            f"{info.samples / wall:,.0f} samples/s, {info.samples / cpu:,.0f} per CPU-second"
        )
        ds = Dataset(out)
        for shuffle in (False, True):
            t = time.perf_counter()
            n = sum(len(b["action"]) for b in ds.batches(1024, shuffle=shuffle, seed=0))
            t = time.perf_counter() - t
            lines.append(f"  read {'shuffled' if shuffle else 'in order'}: {n / t:,.0f} samples/s")
    cpus = os.cpu_count()
    print(f"\n{platform.processor() or platform.machine()}, {cpus} CPUs, load {os.getloadavg()}")
    print("\n".join(lines))
