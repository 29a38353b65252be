"""Peak memory of ``koudiandian simulate --log`` as the run grows (issue 22, item 1): the
log streams, so the peak resident set size stays flat from 10^4 to 10^6 hands although
10^6 hands are about 9.5 GB of log.

Each size runs the command line in a fresh process, its log going to a pipe that this
script reads and counts (``--sink pipe``, the default) or to ``/dev/null``; the peak RSS
is the child's ``ru_maxrss`` from ``wait4`` (the largest of the process and the worker
processes it waited for, not their sum). Prints a Markdown table: hands, log size,
seconds, when the first line arrived, peak RSS.

    python benches/log_memory.py                          # 10^4 and 10^5 hands
    python benches/log_memory.py --hands 10000 100000 1000000 --threads 2
    python benches/log_memory.py --sink devnull --workers 2
    python benches/log_memory.py --rules queyimen --bots random --match one_round --hands 100

Bounded: every run is killed after ``--timeout`` seconds (default 600) and reported so.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time


def measure(hands: int, sink: str, how: list[str], timeout: float) -> dict[str, object]:
    """One run of ``hands`` hands: its figures, or ``killed`` after ``timeout`` seconds."""
    log = "-" if sink == "pipe" else os.devnull
    command = [sys.executable, "-m", "koudiandian", "simulate", "--hands", str(hands)]
    command += [*how, "--quiet", "--seed", "1", "--log", log]
    started = time.perf_counter()
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE if sink == "pipe" else subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,  # with the log on stdout, the summary goes here
    )
    size = lines = 0
    first_line: float | None = None
    killed = False
    if proc.stdout is not None:
        fd = proc.stdout.fileno()
        while chunk := os.read(fd, 1 << 20):
            if first_line is None:
                first_line = time.perf_counter() - started
            size += len(chunk)
            lines += chunk.count(b"\n")
            if time.perf_counter() - started > timeout:
                proc.kill()
                killed = True
                break
        proc.stdout.close()
    while True:  # wait4 reaps the child and gives its peak RSS (Popen.wait would not)
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if not killed and time.perf_counter() - started > timeout:
            proc.kill()
            killed = True
        time.sleep(0.05)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - started
    return {
        "hands": hands,
        "lines": lines,
        "bytes": size,
        "seconds": seconds,
        "first_line": first_line,
        "peak_rss_mb": usage.ru_maxrss / 1024,  # kB on Linux
        "status": "killed" if killed else proc.returncode,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--hands", type=int, nargs="+", default=[10_000, 100_000])
    p.add_argument("--sink", choices=["pipe", "devnull"], default="pipe")
    p.add_argument("--bots", default="greedy")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--rules", help="simulate's --rules")
    p.add_argument("--match", help="simulate's --match (--hands then counts matches)")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds a run may take")
    args = p.parse_args()
    how = ["--bots", args.bots, "--threads", str(args.threads), "--workers", str(args.workers)]
    for flag in ("rules", "match"):
        if getattr(args, flag):
            how += [f"--{flag}", getattr(args, flag)]
    sink = "-" if args.sink == "pipe" else os.devnull
    print(f"koudiandian simulate {' '.join(how)} --log {sink}")
    print()
    print("| units | log lines | log | seconds | first line after | peak RSS | exit |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for hands in args.hands:
        r = measure(hands, args.sink, how, args.timeout)
        size = f"{r['bytes'] / 1e9:.2f} GB" if args.sink == "pipe" else "–"
        first = r["first_line"]
        first_text = f"{first:.2f} s" if isinstance(first, float) else "–"
        seconds = float(r["seconds"])  # type: ignore[arg-type]
        print(
            f"| {hands:,} | {r['lines']:,} | {size} | {seconds:.1f} | {first_text} "
            f"| {r['peak_rss_mb']:,.0f} MB | {r['status']} |",
            flush=True,
        )
        if args.sink == "pipe" and r["status"] == 0 and r["lines"] != hands and not args.match:
            print(f"  ! {r['lines']} lines for {hands} hands", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
