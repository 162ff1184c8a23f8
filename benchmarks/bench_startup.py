#!/usr/bin/env python3
"""Start-up of every ``bpn`` command against the interpreter's own (issue 25).

    python benchmarks/bench_startup.py [--rounds R] [--checkout DIR ...] [--json]

Times whole processes, from start to exit, side by side in one run: ``python -c pass``
(the yardstick), ``bpn validate`` of a one-deal file, ``bpn --help``, and
``bpn COMMAND --help`` for every command. Each round runs every command once, in turn,
so that a machine that slows down or speeds up during the run moves them all alike;
the figures are medians over the rounds, and each ratio is the median of the
per-round ratios to ``python -c pass`` of the same round. Wall time, and CPU time
(user + system of the child, from the operating system's accounting).

``bpn`` is the console script beside this Python, else ``python -m bismarck_pbn``.
With ``--checkout DIR`` (repeatable), the package in this checkout and in each DIR is
run instead, as ``python -c 'from bismarck_pbn.cli import main; main()'`` with
PYTHONPATH=DIR, so that two versions are compared in one run (commands a checkout
does not have are skipped for it).

Each command runs once untimed first, with byte code cached in a temporary folder
(PYTHONPYCACHEPREFIX) as an installed package has it, and the parser's cache and the
rendered help filled (BPN_CACHE_DIR, a temporary folder: a user's second run on).
Standard library and the package only.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LAUNCH = "import sys; sys.argv[0] = 'bpn'; from bismarck_pbn.cli import main; main()"


def one_deal(folder: str) -> str:
    """The first deal of samples/short.bpn, alone in a file."""
    with open(os.path.join(ROOT, "samples", "short.bpn"), encoding="utf-8") as fp:
        text = fp.read()
    path = os.path.join(folder, "one.bpn")
    with open(path, "w", encoding="utf-8") as fp:
        fp.write(text[: text.index("\n*\n") + 3])
    return path


def commands_of(checkout: str) -> list[str]:
    """The command names of the package in ``checkout``, asked of a fresh interpreter."""
    code = ("import typer.main; from bismarck_pbn.cli import app; "
            "print(' '.join(typer.main.get_command(app).list_commands(None)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": checkout})
    return done.stdout.split()


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Wall and CPU seconds of one run of ``argv``, and its exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15, help="runs of each command (default 15)")
    parser.add_argument("--checkout", action="append", default=[], metavar="DIR",
                        help="also run the package in this checkout (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()

    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["COLUMNS"] = "100"
    folder = tempfile.mkdtemp(prefix="bench-startup-")
    env["PYTHONPYCACHEPREFIX"] = os.path.join(folder, "pycache")
    env["BPN_CACHE_DIR"] = os.path.join(folder, "cache")
    try:
        deal = one_deal(folder)
        runs: list[tuple[str, list[str], dict[str, str]]] = [("python -c pass", [sys.executable, "-c", "pass"], env)]
        trees = [ROOT, *map(os.path.abspath, args.checkout)] if args.checkout else [None]
        for tree in trees:
            if tree is None:
                script = shutil.which("bpn", path=os.path.dirname(sys.executable))
                bpn = [script] if script else [sys.executable, "-m", "bismarck_pbn"]
                tree_env, label = env, ""
                names = commands_of(ROOT)
            else:
                bpn = [sys.executable, "-c", LAUNCH]
                tree_env, label = {**env, "PYTHONPATH": tree}, f"[{os.path.basename(tree.rstrip('/'))}] "
                names = commands_of(tree)
            runs.append((f"{label}bpn validate ONE-DEAL", [*bpn, "validate", deal], tree_env))
            runs.append((f"{label}bpn --help", [*bpn, "--help"], tree_env))
            runs += [(f"{label}bpn {name} --help", [*bpn, name, "--help"], tree_env) for name in names]

        for _, argv, run_env in runs:  # untimed: byte code, the parser's cache, the disk's cache
            timed(argv, run_env)
        walls: dict[str, list[float]] = {name: [] for name, _, _ in runs}
        cpus: dict[str, list[float]] = {name: [] for name, _, _ in runs}
        status: dict[str, int] = {}
        for _ in range(args.rounds):
            for name, argv, run_env in runs:
                wall, cpu, code = timed(argv, run_env)
                walls[name].append(wall)
                cpus[name].append(cpu)
                status[name] = code
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    base = "python -c pass"
    rows = []
    for name, _, _ in runs:
        ratio_wall = statistics.median(w / b for w, b in zip(walls[name], walls[base]))
        ratio_cpu = statistics.median(c / b for c, b in zip(cpus[name], cpus[base]) if b > 0) \
            if any(b > 0 for b in cpus[base]) else float("nan")
        rows.append({"command": name, "wall_ms": 1000 * statistics.median(walls[name]),
                     "cpu_ms": 1000 * statistics.median(cpus[name]), "x_wall": ratio_wall, "x_cpu": ratio_cpu,
                     "exit": status[name]})
    width = max(len(r["command"]) for r in rows)
    print(f"{args.rounds} rounds, Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f} at the end")
    print(f"{'command':<{width}}  {'wall ms':>8}  {'cpu ms':>7}  {'x wall':>7}  {'x cpu':>6}  exit")
    for r in rows:
        print(f"{r['command']:<{width}}  {r['wall_ms']:8.1f}  {r['cpu_ms']:7.1f}  {r['x_wall']:7.1f}  "
              f"{r['x_cpu']:6.1f}  {r['exit']}")
    if args.json:
        print(json.dumps({"rounds": args.rounds, "rows": rows}))


if __name__ == "__main__":
    main()
