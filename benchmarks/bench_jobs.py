#!/usr/bin/env python3
"""Do more cores pay? Whole ``bpn`` commands timed side by side, interleaved in one run:

1. ``bpn validate FILE --jobs 1`` against ``--jobs 2`` on a generated archive of
   ``--size-mb`` MB (about 2 MB of legal Standard sessions from ``tests/genbpn.py``,
   as ``bench_scale.py`` makes them, repeated; written to a temporary directory), and
   in the same rounds ``bpn standings FILE --format csv`` with ``--jobs 1`` and ``--jobs 2``.
2. ``bpn analyse samples/club-night.bpn`` (12 deals) with ``--jobs 1``, ``--jobs 2``
   and ``--scheduler`` on a Dask cluster of two one-thread workers started here on
   localhost (``dask scheduler`` and two ``dask worker`` processes; needs the [dask] extra).
3. The per-deal costs the million-deal projection in benchmarks/README.md is made of:
   reading, checking, the solver, and moving a batch and its results between processes.

    python benchmarks/bench_jobs.py [--size-mb 50] [--repeat 3] [--skip-validate] [--skip-standings]
                                    [--skip-analyse] [--json]

Each round runs every variant once, in turn, so that a change in the machine's load
hits them alike; the medians and their ratios are printed, with the load average.
Every run must give the same output as the first variant of its command (byte for
byte), else the script stops: a speed-up that changes the output is no speed-up.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BIN = os.path.dirname(sys.executable)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)


CPU_SPLIT = """import resource, sys
from bismarck_pbn.cli import main
sys.argv[0] = "bpn"
try:
    main()
finally:
    me, kids = (resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    sys.stderr.write(f"\\ncpu {me.ru_utime + me.ru_stime} {kids.ru_utime + kids.ru_stime}\\n")
"""
"""``bpn`` as its console script runs it, then the CPU seconds of its own process and of
the worker processes it waited for, on the last line of standard error: figures the
machine's load moves far less than wall time."""


def bpn(*args: str) -> tuple[float, bytes, tuple[float, float]]:
    """Wall seconds, standard output and (main, workers) CPU seconds of one whole ``bpn`` command."""
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CPU_SPLIT, *args], capture_output=True, cwd=ROOT,
                          env={k: v for k, v in os.environ.items() if k != "BPN_SCHEDULER"})
    wall = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        sys.exit(f"bpn {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr.decode(errors='replace')}")
    main, workers = proc.stderr.decode(errors="replace").rstrip().rsplit("\n", 1)[-1].split()[1:]
    return wall, proc.stdout, (float(main), float(workers))


def side_by_side(variants: dict[str, list[str]], repeat: int) -> dict[str, list[float]]:
    """Each round runs every variant once, in turn; a variant's output must be that of
    the first variant of the same command (``args[0]``). Prints each run's wall time and
    its CPU seconds (the main process's, and the workers' on this machine)."""
    times: dict[str, list[float]] = {name: [] for name in variants}
    first: dict[str, bytes] = {}
    for round_ in range(repeat):
        for name, args in variants.items():
            wall, out, (main, workers) = bpn(*args)
            if first.setdefault(args[0], out) != out:
                sys.exit(f"{name}: the output differs from the first {args[0]} variant's")
            times[name].append(wall)
            print(f"  round {round_ + 1}: {name}: {wall:.1f} s, CPU {main:.1f} s main + {workers:.1f} s workers "
                  f"(load {os.getloadavg()[0]:.1f})", flush=True)
    return times


def report(title: str, times: dict[str, list[float]], base: str) -> dict:
    print(title)
    med = {name: statistics.median(t) for name, t in times.items() if t}
    for name, m in med.items():
        print(f"  {name:32} median {m:7.1f} s   {med[base] / m:5.2f}x against {base}")
    return {name: {"median_s": round(m, 2), "runs": [round(t, 2) for t in times[name]]} for name, m in med.items()}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_cluster() -> tuple[str, list[subprocess.Popen]]:
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    procs = [subprocess.Popen([os.path.join(BIN, "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard"], **quiet)]
    for _ in range(2):
        procs.append(subprocess.Popen([os.path.join(BIN, "dask"), "worker", address, "--nthreads", "1",
                                       "--host", "127.0.0.1", "--no-dashboard"], **quiet))
    from distributed import Client

    with Client(address, timeout=60) as client:
        client.wait_for_workers(2, timeout=120)
    return address, procs


def per_deal_costs(path: str, deals: int = 3000) -> dict[str, float]:
    """Seconds per deal: reading (split + parse), checking, and moving a batch of 1,000
    deals and its results between processes (pickling both ways); and the solver's
    seconds per deal on the club night (median of its 12 deals, from one process)."""
    from itertools import islice

    from bismarck_pbn.check.parallel import batches, check_batch
    from bismarck_pbn.check.validate import check_deal
    from bismarck_pbn.format.reader import read_deals

    with open(path, "rb") as fp:
        t0 = time.process_time()
        read = list(islice(read_deals(fp), deals))
        t_read = (time.process_time() - t0) / len(read)
    t0 = time.process_time()
    for deal in read:
        check_deal(deal)
    t_check = (time.process_time() - t0) / len(read)
    chunks, context = next(batches(Path(path), "utf-8"))
    result = check_batch(chunks, context)
    t0 = time.process_time()
    for _ in range(3):
        pickle.loads(pickle.dumps((chunks, context)))
        pickle.loads(pickle.dumps(result))
    t_move = (time.process_time() - t0) / 3 / len(chunks)
    sent = len(pickle.dumps((chunks, context))) / len(chunks)
    back = len(pickle.dumps(result)) / len(chunks)
    return {"read_ms": t_read * 1e3, "check_ms": t_check * 1e3, "move_ms": t_move * 1e3,
            "bytes_sent": sent, "bytes_back": back}


def solver_costs() -> list[float]:
    from bismarck_pbn.analysis.problem import DEFAULT_LIMIT
    from bismarck_pbn.analysis.worker import analyse_one
    from bismarck_pbn.format.reader import parse

    text = Path(ROOT, "samples", "club-night.bpn").read_text(encoding="utf-8")
    out = []
    for deal in (d for d in parse(text) if d.tags):
        t0 = time.process_time()
        analysed = analyse_one(deal, DEFAULT_LIMIT)
        out.append(time.process_time() - t0)
        pickle.loads(pickle.dumps(analysed))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-mb", type=float, default=50)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--analyse-repeat", type=int, default=1)
    ap.add_argument("--analyse-deals", type=int, default=12,
                    help="analyse the club night's first N deals (12: all; a quick look on a loaded machine)")
    ap.add_argument("--skip-validate", action="store_true")
    ap.add_argument("--skip-standings", action="store_true")
    ap.add_argument("--skip-analyse", action="store_true")
    ap.add_argument("--skip-costs", action="store_true", help="leave out the per-deal costs (the solver's take minutes)")
    ap.add_argument("--dir", help="keep the generated archive here (reused when present)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    print(f"CPUs: {os.cpu_count()}; load average at start {os.getloadavg()[0]:.1f}")
    out: dict = {"cpus": os.cpu_count()}
    directory = args.dir or tempfile.mkdtemp(prefix="bench-jobs-")
    large = os.path.join(directory, "large.bpn")
    try:
        if not os.path.exists(large):
            from bench_scale import SEED, build_large

            small = os.path.join(directory, "small.bpn")
            subprocess.run([sys.executable, os.path.join(HERE, "bench_scale.py"), "--child-generate", small,
                            "2", str(SEED)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
            build_large(small, large, args.size_mb)
        size = os.path.getsize(large) / 1e6
        commands = {}
        if not args.skip_validate:
            commands["validate"] = ["validate", large, "-q"]
        if not args.skip_standings:
            commands["standings"] = ["standings", large, "--format", "csv"]
        if commands:
            print(f"{' and '.join(commands)}, a {size:.1f} MB archive, interleaved:")
            times = side_by_side({f"{command} --jobs {n}": [*line, "--jobs", str(n)]
                                  for command, line in commands.items() for n in (1, 2)}, args.repeat)
            for command in commands:
                mine = {name.split(" ", 1)[1]: t for name, t in times.items() if name.startswith(command + " ")}
                out[command] = report(f"{command}:", mine, "--jobs 1") | {"mb": round(size, 1)}
        if not args.skip_costs:
            out["per_deal"] = costs = per_deal_costs(large)
            solver = solver_costs()
            costs["solver_median_s"] = statistics.median(solver)
            costs["solver_mean_s"] = statistics.fmean(solver)
            print("per deal: " + ", ".join(f"{k} {v:.3g}" for k, v in costs.items()))
        if not args.skip_analyse:
            club = os.path.join("samples", "club-night.bpn")
            if args.analyse_deals < 12:
                text = Path(ROOT, club).read_text(encoding="utf-8")
                cut = text.index(f'[Board "{args.analyse_deals + 1}"]')
                club = os.path.join(directory, "first-deals.bpn")
                with open(club, "w", encoding="utf-8") as f:
                    f.write(text[: text.rindex("\n\n", 0, cut)] + "\n")
            address, procs = start_cluster()
            try:
                times = side_by_side({"--jobs 1": ["analyse", club, "--format", "json", "--jobs", "1"],
                                      "--jobs 2": ["analyse", club, "--format", "json", "--jobs", "2"],
                                      "--scheduler (2 local workers)": ["analyse", club, "--format", "json",
                                                                        "--scheduler", address]},
                                     args.analyse_repeat)
            finally:
                for p in procs:
                    p.terminate()
                for p in procs:
                    p.wait(timeout=30)
            out["analyse"] = report(f"analyse, the club night ({args.analyse_deals} deals):", times, "--jobs 1")
        print(f"load average at the end {os.getloadavg()[0]:.1f}")
        if args.json:
            print(json.dumps(out))
    finally:
        if not args.dir:
            for name in ("small.bpn", "large.bpn", "first-deals.bpn"):
                if os.path.exists(os.path.join(directory, name)):
                    os.unlink(os.path.join(directory, name))
            os.rmdir(directory)


if __name__ == "__main__":
    main()
