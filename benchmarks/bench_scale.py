#!/usr/bin/env python3
"""Read + validate a ~200 MB BPN file and a 2 MB one: time and peak memory of each.

    python benchmarks/bench_scale.py [--size-mb 200] [--small-mb 2] [--dir DIR] [--keep] [--json]

1. Generates, in a child process, a block of about ``--small-mb`` MB (default 2) of
   complete legal Standard sessions with the reference generator ``tests/genbpn.py``
   (fixed seed, 5 % of the places annotated: comments, suffixes, NAGs) and writes it as
   the small file. The large file is that block repeated until it reaches ``--size-mb``
   MB (default 200: about 350,000 deals). Each copy starts its sessions again at
   Board 1, and its ``% BPN 1.0`` line is an escape line that readers ignore, so the
   large file is as legal as the small one.
2. Runs ``validate_deals(read_deals(f))`` over each file in a fresh interpreter and
   reports the wall-clock and CPU time, deals/s, MB/s and the peak memory of that child:
   ``ru_maxrss`` as the parent gets it from ``os.wait4`` for that one child, and the
   child's own ``VmHWM`` (Linux). The parent never holds more than one block, and the
   generation runs in a child of its own, so no child inherits a larger peak from it
   (Linux carries ``ru_maxrss`` across fork and exec).
3. Prints the ratios large / small: time should grow with the size (linear), peak
   memory should not grow at all (the reader streams one deal at a time).

Exits 1 if the validator reports any error: the files are legal by construction.
Standard library and the package only; the files go to a temporary directory that is
removed afterwards unless ``--keep``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SEED = 20261121
MB = 1_000_000


# ------------------------------------------------------------------ children ----------

def generate_child(path: str, small_mb: float, seed: int) -> None:
    """Write about ``small_mb`` MB of legal Standard sessions to ``path``."""
    import random

    sys.path[:0] = [os.path.join(ROOT, "tests"), ROOT]
    import genbpn

    rng = random.Random(seed)
    target = small_mb * MB
    pieces: list[str] = []
    size = deals = 0
    first = True
    while size < target:
        session = genbpn.random_session(rng, "Standard", annotate=0.05)
        text = genbpn.to_bpn(session, header=first)
        if not first:
            text = "\n" + text
        first = False
        pieces.append(text)
        size += len(text.encode("utf-8"))
        deals += len(session)
    with open(path, "w", encoding="utf-8", newline="") as fp:
        fp.write("".join(pieces))
    print(json.dumps({"deals": deals, "bytes": os.path.getsize(path)}))


def _vm_hwm_mb() -> float | None:
    try:
        with open("/proc/self/status") as fp:
            for line in fp:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def validate_child(path: str) -> None:
    """Read + validate ``path``; print what was found and how long it took, as JSON."""
    import resource

    t0 = time.perf_counter()
    sys.path.insert(0, ROOT)
    from bismarck_pbn import read_deals, validate_deals

    import_s = time.perf_counter() - t0
    after_import = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    deals = errors = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    with open(path, "rb") as fp:
        for checked in validate_deals(read_deals(fp)):
            if checked.deal.tags:
                deals += 1
            errors += sum(1 for d in checked.diagnostics if d.is_error)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    print(json.dumps({
        "deals": deals, "errors": errors, "wall_s": wall, "cpu_s": cpu, "import_s": import_s,
        "rss_after_import_mb": after_import,
        "rss_self_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "vm_hwm_mb": _vm_hwm_mb(),
    }))


# ------------------------------------------------------------------ parent ------------

def _run_child(args: list[str]) -> tuple[dict, float]:
    """Run this script as a child; return its JSON line and its ru_maxrss (MB) from wait4."""
    proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"child {args[0]} failed ({proc.returncode}):\n{err.decode(errors='replace')}")
    return json.loads(out.decode().strip().splitlines()[-1]), usage.ru_maxrss / 1024


def build_large(small: str, large: str, size_mb: float) -> int:
    """``small`` repeated until ``large`` holds ``size_mb`` MB; returns the copies made."""
    with open(small, "rb") as fp:
        block = fp.read()
    if not block.endswith(b"\n"):
        block += b"\n"
    copies = max(1, round(size_mb * MB / len(block)))
    with open(large, "wb") as fp:
        for i in range(copies):
            if i:
                fp.write(b"\n")  # an empty line between the copies: one deal ends, the next begins
            fp.write(block)
    return copies


def measure(path: str) -> dict:
    result, rusage_mb = _run_child(["--child-validate", path])
    size = os.path.getsize(path)
    result.update(bytes=size, ru_maxrss_mb=rusage_mb,
                  deals_per_s=result["deals"] / result["wall_s"], mb_per_s=size / MB / result["wall_s"])
    return result


def _row(name: str, r: dict) -> str:
    hwm = f"{r['vm_hwm_mb']:.1f}" if r.get("vm_hwm_mb") is not None else "n/a"
    return (f"| {name} | {r['bytes'] / MB:,.1f} MB | {r['deals']:,} | {r['wall_s']:,.1f} s "
            f"({r['cpu_s']:,.1f} s CPU) | {r['deals_per_s']:,.0f} | {r['mb_per_s']:.2f} | "
            f"{r['ru_maxrss_mb']:.1f} MB | {hwm} MB | {r['errors']} |")


def main() -> int:
    if len(sys.argv) >= 2 and sys.argv[1] == "--child-generate":
        generate_child(sys.argv[2], float(sys.argv[3]), int(sys.argv[4]))
        return 0
    if len(sys.argv) >= 2 and sys.argv[1] == "--child-validate":
        validate_child(sys.argv[2])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=float, default=200, help="size of the large file in MB (default 200)")
    parser.add_argument("--small-mb", type=float, default=2, help="size of the small file in MB (default 2)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--dir", default=None, help="where to write the files (default: a temporary directory)")
    parser.add_argument("--keep", action="store_true", help="keep the files")
    parser.add_argument("--json", action="store_true", help="also print one JSON object at the end")
    args = parser.parse_args()

    directory = args.dir or tempfile.mkdtemp(prefix="bpn-scale-")
    os.makedirs(directory, exist_ok=True)
    small = os.path.join(directory, "small.bpn")
    large = os.path.join(directory, "large.bpn")
    try:
        t0 = time.perf_counter()
        generated, _ = _run_child(["--child-generate", small, str(args.small_mb), str(args.seed)])
        copies = build_large(small, large, args.size_mb)
        print(f"generated {generated['deals']:,} deals, {generated['bytes'] / MB:.2f} MB "
              f"(small); large = {copies} copies, {os.path.getsize(large) / MB:,.1f} MB "
              f"({time.perf_counter() - t0:.1f} s)", flush=True)
        results = {}
        for name, path in (("small", small), ("large", large)):
            results[name] = measure(path)
            print(f"  {name}: {results[name]['wall_s']:.1f} s", flush=True)
    finally:
        if not args.keep and args.dir is None:
            for path in (small, large):
                if os.path.exists(path):
                    os.unlink(path)
            os.rmdir(directory)
    s, l = results["small"], results["large"]
    size_ratio = l["bytes"] / s["bytes"]
    print()
    print(f"Python {platform.python_version()}, {platform.system()} {platform.machine()}, "
          f"{os.cpu_count()} CPUs; seed {args.seed}")
    print()
    print("| file | size | deals | read + validate | deals/s | MB/s | ru_maxrss | VmHWM | errors |")
    print("|---|---|---|---|---|---|---|---|---|")
    print(_row("small", s))
    print(_row("large", l))
    print()
    print(f"size ratio large/small: x{size_ratio:.1f}; time ratio: x{l['wall_s'] / s['wall_s']:.1f} "
          f"(CPU x{l['cpu_s'] / s['cpu_s']:.1f}); time per MB ratio: "
          f"x{(l['wall_s'] / l['bytes']) / (s['wall_s'] / s['bytes']):.2f}; "
          f"peak memory ratio: x{l['ru_maxrss_mb'] / s['ru_maxrss_mb']:.2f} "
          f"({l['ru_maxrss_mb'] - s['ru_maxrss_mb']:+.1f} MB)")
    if args.json:
        print(json.dumps({"small": s, "large": l, "copies": copies, "seed": args.seed}))
    if s["errors"] or l["errors"]:
        print("the validator reported errors on legal files", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
