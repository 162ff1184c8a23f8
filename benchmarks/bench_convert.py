#!/usr/bin/env python3
"""Throughput and memory of conversion both ways: BPN -> JSON Lines and JSON Lines -> BPN.

    python benchmarks/bench_convert.py [--deals N] [--repeat R] [--json]

Generates N deals (default 10,000; issue 3 asks for 100,000 to be shown to stream) of
legal Standard sessions with tests/genbpn.py, writes them as BPN and as JSONL to
temporary files, then times (best of R, default 2):

- BPN -> JSONL: read, check (seats and winners come from the replay), write;
- JSONL -> BPN: read each line, check it against the schema, build the deal, write
  the canonical text;

each through the library's streaming functions, reading from and writing to files.
Peak memory (ru_maxrss of a fresh child process) of JSONL -> BPN is measured for N and
for 4N deals: it must not grow with the file. Standard library and the package only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (os.path.join(ROOT, "tests"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import genbpn  # noqa: E402
from bismarck_pbn import read_deals  # noqa: E402
from bismarck_pbn.convert import jsonio  # noqa: E402
from bismarck_pbn.format.writer import iter_text  # noqa: E402

SEED = 20261121


def generate(path: str, n: int) -> None:
    rng = random.Random(SEED)
    written = 0
    with open(path, "w", encoding="utf-8") as fp:
        fp.write("% BPN 1.0\n")
        while written < n:
            deals = genbpn.random_session(rng, "Standard", annotate=0.05)[: n - written]
            fp.write(("\n" if written else "") + genbpn.to_bpn(deals, header=False))
            written += len(deals)


def bpn_to_jsonl(src: str, dst: str) -> None:
    with open(src, "rb") as fp, open(dst, "w", encoding="utf-8") as out:
        for line in jsonio.iter_jsonl(read_deals(fp)):
            out.write(line)


def jsonl_to_bpn(src: str, dst: str) -> None:
    with open(src, encoding="utf-8") as fp, open(dst, "w", encoding="utf-8") as out:
        for piece in iter_text(jsonio.iter_jsonl_deals(fp)):
            out.write(piece)


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def child_peak(src: str) -> int:
    """Peak RSS in KiB of a fresh process converting ``src`` (JSONL) to BPN. Read from
    VmHWM, which exec resets: ru_maxrss of a child carries over the parent's peak at
    fork on Linux, which made a big parent look like a big child."""
    code = (f"import sys, resource; sys.path[:0] = {[os.path.join(ROOT, 'tests'), ROOT]!r}; "
            "sys.argv = ['x']; import bench_convert as b; "
            f"b.jsonl_to_bpn({src!r}, {os.devnull!r}); "
            "hwm = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')]; "
            "print(hwm[0] if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    env = dict(os.environ, PYTHONPATH=HERE)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return int(done.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--json", action="store_true", help="also print the figures as one JSON object")
    args = ap.parse_args()
    n = args.deals
    with tempfile.TemporaryDirectory() as tmp:
        bpn, jsonl, back = (os.path.join(tmp, f) for f in ("a.bpn", "a.jsonl", "b.bpn"))
        t = time.perf_counter()
        generate(bpn, n)
        gen_s = time.perf_counter() - t
        to_jsonl = best(lambda: bpn_to_jsonl(bpn, jsonl), args.repeat)
        to_bpn = best(lambda: jsonl_to_bpn(jsonl, back), args.repeat)
        with open(bpn, encoding="utf-8") as a, open(back, encoding="utf-8") as b:
            if a.read() != b.read():
                sys.exit("round trip BPN -> JSONL -> BPN changed the text")
        jsonl4 = os.path.join(tmp, "a4.jsonl")
        with open(jsonl4, "w", encoding="utf-8") as out:
            for _ in range(4):
                with open(jsonl, encoding="utf-8") as fp:
                    out.writelines(fp)
        peak1, peak4 = child_peak(jsonl), child_peak(jsonl4)
        figures = {
            "deals": n,
            "bpn_mb": round(os.path.getsize(bpn) / 1e6, 1),
            "jsonl_mb": round(os.path.getsize(jsonl) / 1e6, 1),
            "generate_s": round(gen_s, 1),
            "bpn_to_jsonl_deals_per_s": round(n / to_jsonl),
            "jsonl_to_bpn_deals_per_s": round(n / to_bpn),
            "jsonl_to_bpn_peak_rss_mib": round(peak1 / 1024, 1),
            "jsonl_to_bpn_peak_rss_mib_4x": round(peak4 / 1024, 1),
        }
    print(f"{n:,} deals: BPN {figures['bpn_mb']} MB, JSONL {figures['jsonl_mb']} MB "
          f"(generated in {figures['generate_s']} s)")
    print(f"BPN -> JSONL   {figures['bpn_to_jsonl_deals_per_s']:>7,} deals/s")
    print(f"JSONL -> BPN   {figures['jsonl_to_bpn_deals_per_s']:>7,} deals/s   (round trip identical)")
    print(f"peak RSS of JSONL -> BPN: {figures['jsonl_to_bpn_peak_rss_mib']} MiB for {n:,} deals, "
          f"{figures['jsonl_to_bpn_peak_rss_mib_4x']} MiB for {4 * n:,}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
