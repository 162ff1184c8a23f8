#!/usr/bin/env python3
"""Throughput and memory benchmark of the BPN reader and validator.

    python benchmarks/bench_read.py [--deals N] [--annotate P] [--repeat R] [--json]

1. Generates N deals (default 10,000) as complete legal Standard sessions with the
   reference generator ``tests/genbpn.py`` (fixed seed, so every run measures the same
   file), with a share P of comments, suffixes and NAGs (default 0.05), and writes them
   once to a temporary ``.bpn`` file.
2. Times, best of R runs (default 3): reading alone (``read_deals`` over the opened
   binary file) and reading + validating (``validate_deals`` over ``read_deals``), in
   deals/s and cards/s (cards in play sections: 48 per complete deal). Aborts if the
   validator reports any error on the legal file.
3. Measures the peak memory of read + validate in fresh subprocesses, for N and for 4·N
   deals: ``ru_maxrss`` in one child, the ``tracemalloc`` peak in another. The reader
   streams one deal at a time, so neither should grow with the file.

Standard library and the package only. See benchmarks/README.md for what the figures mean.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# Measure the working tree's package (not some installed copy), and reach the generator.
for _p in (os.path.join(ROOT, "tests"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

SEED = 20261121
TARGET_DEALS_PER_S = 2500


# ------------------------------------------------------------------ generation ----------
def generate(path: str, n: int, annotate: float, seed: int = SEED, path4: str | None = None) -> dict:
    """Write ``n`` deals of complete legal Standard sessions to ``path``.

    Sessions come from ``genbpn.random_session``: 12 regular deals, plus the Valfri
    tie-break deals a tied session needs. The last session is cut at ``n`` deals (a
    session that stops early is legal). With ``path4``, also write the same text four
    times over there (the 4·N file of the memory test: each copy's sessions start again
    at Board 1, and the repeated ``% BPN 1.0`` line is an escape line readers ignore).
    Runs in a child process (see :func:`main`). Returns what the parent needs to know.
    """
    import genbpn  # tests/genbpn.py: stdlib only, independent of the package

    rng = random.Random(seed)
    t0 = time.perf_counter()
    deals: list[dict] = []
    sessions = 0
    while len(deals) < n:
        deals += genbpn.random_session(rng, "Standard", annotate=annotate)
        sessions += 1
    del deals[n:]
    cards = sum(len(trick) for d in deals for trick in d["play"])
    data = genbpn.to_bpn(deals).encode("utf-8")
    with open(path, "wb") as fp:
        fp.write(data)
    seconds = time.perf_counter() - t0
    out = {"deals": n, "sessions": sessions, "cards": cards, "bytes": len(data), "seconds": seconds}
    if path4:
        with open(path4, "wb") as fp:
            fp.write(b"\n".join([data] * 4))  # an empty line between one copy and the next
        out["bytes4"] = os.path.getsize(path4)
    return out


# ---------------------------------------------------------------------- timing ----------
def read_only(path: str) -> tuple[int, int]:
    """Iterate the reader over the file. Returns (deals, cards in play sections)."""
    from bismarck_pbn import read_deals

    n = cards = 0
    with open(path, "rb") as fp:
        for deal in read_deals(fp):
            n += 1
            if deal.play is not None:
                cards += len(deal.play.cards)
    return n, cards


def read_validate(path: str) -> tuple[int, int, list]:
    """Read and validate the file. Returns (deals, cards, the first few errors)."""
    from bismarck_pbn import read_deals, validate_deals

    n = cards = errors = 0
    first: list = []
    with open(path, "rb") as fp:
        for checked in validate_deals(read_deals(fp)):
            n += 1
            play = checked.deal.play
            if play is not None:
                cards += len(play.cards)
            if not checked.ok:
                for d in checked.diagnostics:
                    if d.is_error:
                        errors += 1
                        if len(first) < 5:
                            first.append(d)
    return n, cards, first if errors else []


def best_of(repeat: int, fn, *args):
    """(best wall seconds, best CPU seconds, last result) over ``repeat`` runs, with a
    collection before each. CPU time (this process only) is the steadier figure on a
    machine that other work shares; wall time is the one the target is stated in."""
    best = cpu = float("inf")
    result = None
    for _ in range(repeat):
        gc.collect()
        c0, t0 = time.process_time(), time.perf_counter()
        result = fn(*args)
        best = min(best, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    return best, cpu, result


# ---------------------------------------------------------------------- memory ----------
def _vm_hwm_mb() -> float | None:
    """This process's own peak RSS (Linux ``VmHWM``, which starts afresh at exec)."""
    try:
        with open("/proc/self/status") as fp:
            for line in fp:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def child_main(mode: str, path: str, args) -> None:
    """Run in a fresh interpreter; print the result as one JSON line.

    ``generate``: write the benchmark file(s). ``rss`` / ``tracemalloc``: read + validate
    ``path`` and report the peak memory measured that way.
    """
    if mode == "generate":
        print(json.dumps(generate(path, args.deals, args.annotate, args.seed, args.path4)))
        return
    import resource

    import bismarck_pbn  # noqa: F401  (the import is part of the baseline, not of the peak)

    rss_start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    if mode == "tracemalloc":
        import tracemalloc

        tracemalloc.start()
    n, _cards, errors = read_validate(path)
    out = {"deals": n, "errors": len(errors)}
    if mode == "tracemalloc":
        out["tracemalloc_peak_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    else:
        out["rss_start_mb"] = rss_start / 1024
        out["rss_peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        out["vm_hwm_mb"] = _vm_hwm_mb()
    print(json.dumps(out))


def _child_cmd(mode: str, path: str, extra: list[str] = ()) -> list[str]:
    return [sys.executable, os.path.abspath(__file__), "--child", mode, path, *extra]


def _child_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _child_result(mode: str, proc_or_result) -> dict:
    out, err, code = proc_or_result
    if code != 0:
        sys.exit(f"bench_read: the {mode} child failed:\n{err}")
    return json.loads(out.strip().splitlines()[-1])


def run_children(jobs: list[tuple[str, str]], parallel: int) -> list[dict]:
    """Run ``(mode, path)`` children, ``parallel`` at a time; their results in order."""
    results: list = [None] * len(jobs)
    running: list = []
    queue = list(enumerate(jobs))
    while queue or running:
        while queue and len(running) < parallel:
            k, (mode, path) = queue.pop(0)
            proc = subprocess.Popen(_child_cmd(mode, path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    text=True, env=_child_env())
            running.append((k, mode, proc))
        k, mode, proc = running.pop(0)
        out, err = proc.communicate()
        results[k] = _child_result(mode, (out, err, proc.returncode))
    return results


# ------------------------------------------------------------------------ main ----------
def _commit() -> str | None:
    """``git describe --always --dirty`` of the working tree measured, if git is there."""
    try:
        proc = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                              capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout.strip() or None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000, metavar="N", help="deals to generate (default 10000)")
    ap.add_argument("--annotate", type=float, default=0.05, metavar="P",
                    help="chance of a comment/suffix/NAG at each place (default 0.05)")
    ap.add_argument("--repeat", type=int, default=3, metavar="R", help="timing runs; the best counts (default 3)")
    ap.add_argument("--seed", type=int, default=SEED, help="generator seed (default %(default)s)")
    ap.add_argument("--no-memory", action="store_true", help="skip the memory measurements")
    ap.add_argument("--json", action="store_true", help="also print the figures as one JSON object")
    ap.add_argument("--child", nargs=2, metavar=("MODE", "FILE"), help=argparse.SUPPRESS)
    ap.add_argument("--path4", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.child:
        child_main(*args.child, args)
        return 0
    if args.deals < 1 or args.repeat < 1:
        ap.error("--deals and --repeat must be at least 1")

    out: dict = {"date": time.strftime("%Y-%m-%d"), "python": platform.python_version(),
                 "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores",
                 "deals": args.deals, "annotate": args.annotate, "repeat": args.repeat, "seed": args.seed}
    out["commit"] = _commit()
    print(f"bismarck-pbn read benchmark: Python {out['python']}, {out['machine']}, "
          f"tree {out['commit'] or 'unknown'}", flush=True)

    with tempfile.TemporaryDirectory(prefix="bpn-bench-") as tmp:
        path = os.path.join(tmp, f"bench-{args.deals}.bpn")
        path4 = os.path.join(tmp, f"bench-{4 * args.deals}.bpn")
        # Generation runs in a child, and so do the memory measurements, before this
        # process has grown: on Linux ru_maxrss is carried over across exec, so a child
        # of a big parent would report the parent's peak, not its own.
        extra = ["--deals", str(args.deals), "--annotate", repr(args.annotate), "--seed", str(args.seed)]
        if not args.no_memory:
            extra += ["--path4", path4]
        proc = subprocess.run(_child_cmd("generate", path, extra), capture_output=True, text=True, env=_child_env())
        gen = _child_result("generate", (proc.stdout, proc.stderr, proc.returncode))
        cards = gen["cards"]
        out["generate"] = {"seconds": round(gen["seconds"], 3), "sessions": gen["sessions"],
                           "cards": cards, "file_mb": round(gen["bytes"] / 1e6, 3)}
        print(f"generated {args.deals:,} deals ({gen['sessions']:,} Standard sessions, {cards:,} cards "
              f"played, annotate {args.annotate}) in {gen['seconds']:.2f} s; file {gen['bytes'] / 1e6:.2f} MB",
              flush=True)

        # --- memory, each in a fresh interpreter (two at a time: nothing is timed there)
        if not args.no_memory:
            print("measuring peak memory in subprocesses (tracemalloc slows Python down: this takes "
                  "a while) ...", flush=True)
            res = run_children([("rss", path), ("rss", path4), ("tracemalloc", path), ("tracemalloc", path4)],
                               parallel=max(1, min(2, os.cpu_count() or 1)))
            mem: dict = {}
            for label, size, deals, rss, trace in (("n", gen["bytes"], args.deals, res[0], res[2]),
                                                   ("4n", gen["bytes4"], 4 * args.deals, res[1], res[3])):
                if rss["deals"] != deals or trace["deals"] != deals or rss["errors"] or trace["errors"]:
                    sys.exit(f"bench_read: a memory child on {deals} deals saw {rss['deals']}/{trace['deals']} "
                             f"deals and {rss['errors'] + trace['errors']} errors")
                mem[label] = {"deals": deals, "file_mb": round(size / 1e6, 3),
                              "rss_after_import_mb": round(rss["rss_start_mb"], 1),
                              "rss_peak_mb": round(rss["rss_peak_mb"], 1),
                              "vm_hwm_mb": None if rss["vm_hwm_mb"] is None else round(rss["vm_hwm_mb"], 1),
                              "tracemalloc_peak_mb": round(trace["tracemalloc_peak_mb"], 3)}
            mem["rss_growth_mb"] = round(mem["4n"]["rss_peak_mb"] - mem["n"]["rss_peak_mb"], 1)
            mem["tracemalloc_growth_mb"] = round(mem["4n"]["tracemalloc_peak_mb"] - mem["n"]["tracemalloc_peak_mb"], 3)
            grow = mem["4n"]["file_mb"] - mem["n"]["file_mb"]
            mem["streams"] = mem["rss_growth_mb"] < 0.1 * grow + 2
            out["memory"] = mem

        # --- timing, in this process (which has not imported the package until now)
        t0 = time.perf_counter()
        from bismarck_pbn import read_deal

        with open(path, "rb") as fp:
            read_deal(fp)  # one-time costs (import, building the parser) stay out of the runs
        setup = time.perf_counter() - t0
        out["setup_seconds"] = round(setup, 3)
        print(f"import + first deal: {setup:.3f} s (one-time; not in the figures below)", flush=True)
        gc.collect()
        secs, cpu, (n, seen) = best_of(args.repeat, read_only, path)
        if n != args.deals or seen != cards:
            sys.exit(f"bench_read: the reader saw {n} deals / {seen} cards, expected {args.deals} / {cards}")
        out["read"] = {"seconds": round(secs, 4), "deals_per_s": round(n / secs, 1),
                       "cards_per_s": round(cards / secs), "mb_per_s": round(gen["bytes"] / 1e6 / secs, 3),
                       "cpu_seconds": round(cpu, 4), "deals_per_cpu_s": round(n / cpu, 1)}
        print(f"read only        : {secs:7.3f} s  {n / secs:9,.0f} deals/s  {cards / secs:11,.0f} cards/s"
              f"  {gen['bytes'] / 1e6 / secs:6.2f} MB/s  (best of {args.repeat}; "
              f"{n / cpu:,.0f} deals per CPU-second)", flush=True)

        secs, cpu, (n, seen, errors) = best_of(args.repeat, read_validate, path)
        if errors:
            lines = "\n".join(f"  line {d.line}:{d.column} {d.code} {d.message}" for d in errors)
            sys.exit(f"bench_read: ABORTED: the validator reported errors on a legal generated file "
                     f"(seed {args.seed}); the first ones:\n{lines}")
        if n != args.deals or seen != cards:
            sys.exit(f"bench_read: the validator saw {n} deals / {seen} cards, expected {args.deals} / {cards}")
        ok = n / secs >= TARGET_DEALS_PER_S
        out["read_validate"] = {"seconds": round(secs, 4), "deals_per_s": round(n / secs, 1),
                                "cards_per_s": round(cards / secs), "mb_per_s": round(gen["bytes"] / 1e6 / secs, 3),
                                "cpu_seconds": round(cpu, 4), "deals_per_cpu_s": round(n / cpu, 1),
                                "errors": 0, "target_deals_per_s": TARGET_DEALS_PER_S, "meets_target": ok}
        print(f"read + validate  : {secs:7.3f} s  {n / secs:9,.0f} deals/s  {cards / secs:11,.0f} cards/s"
              f"  {gen['bytes'] / 1e6 / secs:6.2f} MB/s  (best of {args.repeat}; "
              f"{n / cpu:,.0f} deals per CPU-second; 0 errors)")
        print(f"target           : >= {TARGET_DEALS_PER_S:,} deals/s read + validate on one core: "
              + ("met" if ok else "NOT met"))

        if not args.no_memory:
            print("peak memory of read + validate, each in a fresh interpreter:")
            for label in ("n", "4n"):
                m = mem[label]
                hwm = "" if m["vm_hwm_mb"] is None else f", VmHWM {m['vm_hwm_mb']:.1f} MB"
                print(f"  {m['deals']:>9,} deals ({m['file_mb']:6.2f} MB file): ru_maxrss {m['rss_peak_mb']:6.1f} MB "
                      f"(after import {m['rss_after_import_mb']:.1f} MB{hwm}), "
                      f"tracemalloc peak {m['tracemalloc_peak_mb']:6.3f} MB")
            print(f"  4x the file (+{grow:.1f} MB) -> ru_maxrss {mem['rss_growth_mb']:+.1f} MB, "
                  f"tracemalloc peak {mem['tracemalloc_growth_mb']:+.3f} MB: "
                  + ("memory does not grow with the file (streaming)" if mem["streams"]
                     else "memory GROWS with the file"))

    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
