#!/usr/bin/env python3
"""Does validating with two processes pay on this machine? Wall-clock time of one
process against two on the same large file (``bismarck_pbn.check.parallel``, which
``bpn validate --jobs N`` used until it was withdrawn for not scaling: see README.md).

    python benchmarks/bench_jobs.py [--size-mb 50] [--jobs 1 2] [--repeat 1] [--dir DIR] [--keep]

1. Generates about 2 MB of legal Standard sessions with ``tests/genbpn.py`` (as
   ``bench_scale.py`` does, fixed seed) and repeats the block until the file holds
   ``--size-mb`` MB (default 50).
2. For each job count validates the file in a fresh interpreter (one job:
   ``validate_deals(read_deals(f))``; more: ``parallel.validate_paths``), ``--repeat`` times, and keeps the best wall-clock time (and the
   CPU time of the children, from ``os.wait4``, so the work added by splitting and
   pickling shows).
3. Prints each time, the speed-up against one job, and the number of CPUs.

Standard library and the package only. Exits 1 if a run does not exit 0.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from bench_scale import SEED, build_large  # noqa: E402  (same generator, same block)


def run(path: str, jobs: int) -> tuple[float, float]:
    """Wall and CPU seconds (the child and its workers) of one validate run."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child", path, str(jobs)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"validating with {jobs} jobs failed:\n{err.decode(errors='replace')}")
    return wall, usage.ru_utime + usage.ru_stime


def child(path: str, jobs: int) -> None:
    """Validate ``path`` with ``jobs`` processes; exit 1 if anything is reported."""
    sys.path.insert(0, ROOT)
    from pathlib import Path

    found = 0
    if jobs == 1:
        from bismarck_pbn import read_deals, validate_deals

        with open(path, "rb") as fp:
            found = sum(len(c.diagnostics) for c in validate_deals(read_deals(fp)))
    else:
        from bismarck_pbn.check.parallel import validate_paths

        for _, diagnostics in validate_paths([(path, Path(path))], jobs, {}):
            found += sum(1 for _ in diagnostics)
    sys.exit(1 if found else 0)


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-mb", type=float, default=50)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--dir")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    directory = args.dir or tempfile.mkdtemp(prefix="bench-jobs-")
    small, large = os.path.join(directory, "small.bpn"), os.path.join(directory, "large.bpn")
    try:
        subprocess.run([sys.executable, os.path.join(HERE, "bench_scale.py"), "--child-generate", small,
                        "2", str(SEED)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        build_large(small, large, args.size_mb)
        size = os.path.getsize(large) / 1e6
        print(f"file: {size:.1f} MB; CPUs: {os.cpu_count()}")
        results = {}
        for jobs in args.jobs:
            runs = [run(large, jobs) for _ in range(args.repeat)]
            wall, cpu = min(runs)
            results[jobs] = {"wall_s": round(wall, 2), "cpu_s": round(cpu, 2)}
            speedup = results[args.jobs[0]]["wall_s"] / wall
            print(f"--jobs {jobs}: {wall:6.1f} s wall, {cpu:6.1f} s CPU, speed-up {speedup:.2f}x")
        if args.json:
            print(json.dumps({"mb": round(size, 1), "cpus": os.cpu_count(), "runs": results}))
    finally:
        if not args.keep and not args.dir:
            for p in (small, large):
                if os.path.exists(p):
                    os.unlink(p)
            os.rmdir(directory)


if __name__ == "__main__":
    main()
