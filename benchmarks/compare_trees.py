#!/usr/bin/env python3
"""The same measurements in two (or more) checkouts, side by side, interleaved.

    python benchmarks/compare_trees.py OLD NEW [--deals N | --file F] [--rounds K] [--repeat R]
                                       [--only validate,read,import,command,follow] [--callgrind] [--json]

``OLD`` and ``NEW`` are checkouts (git worktrees) of bismarck-pbn. Each is run in fresh
child interpreters: by default this script's own interpreter with ``PYTHONPATH`` set to
the checkout (so its package wins over any installed one); ``--python OLD_PY NEW_PY``
gives each tree an interpreter of its own (e.g. a venv with that tree installed).
Every measurement runs in the trees in turn, round after round (A B A B …), so a load
from other programs on a shared machine falls on both alike; the figure reported is the
median over the rounds, with the spread beside it, then NEW ÷ OLD of the medians and,
in brackets, of the best runs (the least disturbed by other work). For deals/CPU-s a
ratio above 1 is faster; for costs (CPU ms, CPU s, instructions) below 1 is cheaper.

Measurements (all CPU time of the child, ``time.process_time()`` or its rusage):

- ``validate``: the file read once into ``Deal`` objects, then ``validate_deals`` over
  them, best of ``--repeat`` runs in each child: deals per CPU-second of the checker alone;
- ``read``: ``validate_deals(read_deals(f))`` over the file, best of ``--repeat``: deals
  per CPU-second of reading and checking;
- ``follow`` (only when asked for): the file checked in batches once, as ``--jobs``
  workers check a large file, then ``follow_deals`` over the batches' results, best of
  ``--repeat``: deals per CPU-second of the main process's session following, the part
  of a parallel validate that does not spread over workers;
- ``import``: CPU time of ``import bismarck_pbn`` plus building the parser (one tiny
  deal parsed) in a fresh interpreter, timed inside it; and the number of modules it loads;
- ``command``: ``python -m bismarck_pbn validate FILE`` as a whole, CPU seconds and peak
  memory (``ru_maxrss`` from ``os.wait4``);
- ``--callgrind``: instructions (``valgrind --tool=callgrind``, ``PYTHONHASHSEED=0``),
  load-independent, so one run per tree suffices: the import + parser build, and per
  deal, reading and validating the first ``--callgrind-deals`` deals (default 300); with
  ``follow`` asked for, also the session following per deal.

The file is ``--file F``, or ``--deals N`` deals (default 2,000, whole sessions, so a
few more) of Standard Bismarck from ``tests/genbpn.py`` of the checkout this script sits
in, with a fixed seed: every tree reads the same text. Standard library only.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

VALIDATE = r"""
import gc, sys, time
import bismarck_pbn as bpn
from bismarck_pbn import validate_deals
path, repeat = sys.argv[1], int(sys.argv[2])
with open(path, "rb") as fp:
    deals = list(bpn.read_deals(fp))
errors = sum(d.is_error for c in validate_deals(deals) for d in c.diagnostics)  # warm-up
best = float("inf")
for _ in range(repeat):
    gc.collect()
    t = time.process_time()
    for _c in validate_deals(deals):
        pass
    best = min(best, time.process_time() - t)
print(len(deals), best, errors)
"""

READ = r"""
import gc, sys, time
import bismarck_pbn as bpn
from bismarck_pbn import validate_deals
path, repeat = sys.argv[1], int(sys.argv[2])
best, n, errors = float("inf"), 0, 0
for _ in range(repeat + 1):  # the first run warms up
    gc.collect()
    t = time.process_time()
    n = errors = 0
    with open(path, "rb") as fp:
        for c in validate_deals(bpn.read_deals(fp)):
            n += 1
            errors += sum(d.is_error for d in c.diagnostics)
    if _:
        best = min(best, time.process_time() - t)
print(n, best, errors)
"""

FOLLOW = r"""
import gc, sys, time
from pathlib import Path
from bismarck_pbn.check.parallel import checked_batches, follow_deals
from bismarck_pbn.parallel.local import InProcess
path, repeat = sys.argv[1], int(sys.argv[2])
results = list(checked_batches(InProcess(), Path(path), "utf-8"))  # the workers' part, done once here
best = float("inf")
for _ in range(repeat + 1):  # the first run warms up
    gc.collect()
    t = time.process_time()
    n = sum(1 for _f in follow_deals(iter(results), path, {}))
    if _:
        best = min(best, time.process_time() - t)
print(n, best, 0)
"""

IMPORT = r"""
import sys, time
before = len(sys.modules)
t = time.process_time()
import bismarck_pbn as bpn
bpn.parse('[Board "1"]\n')
print(time.process_time() - t, len(sys.modules) - before, bpn.__file__)
"""


def child_cpu(python: str, env: dict, args: list[str]) -> tuple[float, int, str]:
    """Run a child in its tree (``-c`` puts the working directory first on ``sys.path``);
    its (user + system CPU seconds, ru_maxrss in kB, stdout)."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([python, *args], env=env, stdout=out, stderr=subprocess.DEVNULL, cwd=env["BPN_TREE"])
        _pid, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{python} {' '.join(args[:2])} failed with exit code {proc.returncode}")
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, usage.ru_maxrss, out.read().decode()


def tree_env(tree: str, own_python: bool, cache: str) -> dict:
    """The children's environment: the tree first on the path, and byte code cached (in
    ``cache``, out of the tree) even where PYTHONDONTWRITEBYTECODE is set, as an installed
    package has it: otherwise the import would measure the compiler."""
    env = dict(os.environ, BPN_TREE=tree, PYTHONPYCACHEPREFIX=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not own_python:
        env["PYTHONPATH"] = tree
    return env


def measure(kind: str, python: str, env: dict, path: str, repeat: int) -> dict:
    """One measurement in a fresh child of one tree."""
    if kind in ("validate", "read", "follow"):
        code = {"validate": VALIDATE, "read": READ, "follow": FOLLOW}[kind]
        _cpu, _rss, out = child_cpu(python, env, ["-c", code, path, str(repeat)])
        n, best, errors = out.split()
        return {"value": int(n) / float(best), "errors": int(errors)}
    if kind == "import":
        _cpu, _rss, out = child_cpu(python, env, ["-c", IMPORT])
        cpu, modules, where = out.split()
        if not where.startswith(env["BPN_TREE"]):
            raise SystemExit(f"{python} imported {where}, not the package of {env['BPN_TREE']}")
        return {"value": float(cpu), "modules": int(modules)}
    if kind == "command":
        cpu, rss, _ = child_cpu(python, env, ["-m", "bismarck_pbn", "validate", path])
        return {"value": cpu, "maxrss_mb": rss / 1024}
    raise ValueError(kind)


CALLGRIND = r"""
import sys
import bismarck_pbn as bpn
mode, path = sys.argv[1], sys.argv[2]
bpn.parse('[Board "1"]\n')
if mode != "import":
    with open(path, "rb") as fp:
        deals = list(bpn.read_deals(fp))
    if mode == "validate":
        for _c in bpn.validate_deals(deals):
            pass
    if mode in ("batches", "follow"):
        from pathlib import Path
        from bismarck_pbn.check.parallel import checked_batches, follow_deals
        from bismarck_pbn.parallel.local import InProcess
        results = list(checked_batches(InProcess(), Path(path), "utf-8"))
        if mode == "follow":
            for _f in follow_deals(iter(results), path, {}):
                pass
"""


def instructions(python: str, env: dict, mode: str, path: str) -> int | None:
    """Instructions of a child under callgrind (``PYTHONHASHSEED=0``; None without
    valgrind): ``import`` (the import and the parser's build), ``read`` (that, then the
    file read), ``validate`` (that, then the deals validated); ``batches`` (the file read
    and checked in batches as ``--jobs`` workers do, here), ``follow`` (that, then the
    sessions followed over the batches' results, as the main process does)."""
    env = dict(env, PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory() as tmp:
        try:
            done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                                   python, "-c", CALLGRIND, mode, path], env=env, capture_output=True,
                                  text=True, cwd=env["BPN_TREE"])
        except FileNotFoundError:
            return None
        found = re.search(r"Collected : (\d+)", done.stderr)
        return int(found.group(1)) if found else None


def first_deals(path: str, n: int, out: str) -> int:
    """The first ``n`` deals of the file (blocks between empty lines) written to ``out``."""
    with open(path, encoding="utf-8") as fp:
        blocks = fp.read().split("\n\n")
    kept: list[str] = []
    count = 0
    for block in blocks:
        if count >= n:
            break
        kept.append(block)
        count += "[Board " in block
    with open(out, "w", encoding="utf-8") as fp:
        fp.write("\n\n".join(kept) + "\n")
    return count


def callgrind_figures(pythons: list[str], envs: list[dict], path: str, follow: bool = False) -> list[dict] | None:
    """Per tree: instructions of the import + parser build, and per deal of reading and
    of validating, from three callgrind runs on the same small file; with ``follow``, two
    more: per deal, the main process's following of the sessions under ``--jobs``."""
    out = []
    modes = ("import", "read", "validate") + (("batches", "follow") if follow else ())
    for python, env in zip(pythons, envs):
        counts = {mode: instructions(python, env, mode, path) for mode in modes}
        if None in counts.values():
            return None
        out.append(counts)
    return out


UNITS = {"validate": "deals/CPU-s", "read": "deals/CPU-s", "follow": "deals/CPU-s", "import": "CPU ms",
         "command": "CPU s"}
HIGHER_IS_BETTER = {"validate": True, "read": True, "follow": True, "import": False, "command": False}


def generate(n: int, seed: int, path: str) -> int:
    """Whole Standard sessions from tests/genbpn.py until there are at least ``n`` deals."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import genbpn

    rng = random.Random(seed)
    deals: list[dict] = []
    while len(deals) < n:
        deals += genbpn.random_session(rng, "Standard")
    with open(path, "w", encoding="utf-8") as fp:
        fp.write(genbpn.to_bpn(deals))
    return len(deals)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+", help="checkouts to compare, the first is the baseline")
    ap.add_argument("--python", nargs="+", help="one interpreter per tree (default: this one, PYTHONPATH=tree)")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--file", help="measure this BPN file instead of generating one")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (fresh children each)")
    ap.add_argument("--repeat", type=int, default=3, help="runs within each child, best taken")
    ap.add_argument("--only", default="validate,read,import,command")
    ap.add_argument("--callgrind", action="store_true",
                    help="also count instructions (import; per deal, read and validate)")
    ap.add_argument("--callgrind-deals", type=int, default=300, help="deals of the file read under callgrind")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    trees = [os.path.abspath(t) for t in args.trees]
    if args.python and len(args.python) != len(trees):
        ap.error("--python needs one interpreter per tree")
    pythons = args.python or [sys.executable] * len(trees)
    kinds = [k for k in args.only.split(",") if k]

    with tempfile.TemporaryDirectory() as tmp:
        envs = [tree_env(t, bool(args.python), os.path.join(tmp, f"pycache{i}")) for i, t in enumerate(trees)]
        path = args.file
        if path is None:
            path = os.path.join(tmp, "deals.bpn")
            count = generate(args.deals, args.seed, path)
            print(f"{count} deals, {os.path.getsize(path) / 1e6:.2f} MB", file=sys.stderr)
        for python, env in zip(pythons, envs):  # fill the byte-code caches
            measure("command", python, env, path, 1)
            measure("import", python, env, path, 1)
        runs: dict[str, list[list[dict]]] = {k: [[] for _ in trees] for k in kinds}
        for r in range(args.rounds):
            for kind in kinds:
                order = range(len(trees)) if r % 2 == 0 else reversed(range(len(trees)))
                for i in order:
                    runs[kind][i].append(measure(kind, pythons[i], envs[i], path, args.repeat))
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
        counts = None
        if args.callgrind:
            small = os.path.join(tmp, "small.bpn")
            cg_deals = first_deals(path, args.callgrind_deals, small)
            counts = callgrind_figures(pythons, envs, small, "follow" in kinds)

    report: dict = {"trees": trees, "rounds": args.rounds, "repeat": args.repeat, "figures": {}}
    print(f"{'measure':<10} {'unit':<12} " + " ".join(f"{os.path.basename(t):>22}" for t in trees) + "   ratio")
    for kind in kinds:
        values = [[m["value"] * (1000 if kind == "import" else 1) for m in tree_runs] for tree_runs in runs[kind]]
        medians = [statistics.median(v) for v in values]
        bests = [max(v) if HIGHER_IS_BETTER[kind] else min(v) for v in values]
        ratios = [m / medians[0] if medians[0] else float("nan") for m in medians]
        best_ratios = [b / bests[0] if bests[0] else float("nan") for b in bests]
        cells = " ".join(f"{m:>10.{3 if kind == 'command' else 0}f} [{min(v):.4g}–{max(v):.4g}]"
                         for m, v in zip(medians, values))
        print(f"{kind:<10} {UNITS[kind]:<12} {cells}   " + " ".join(f"{q:.3f}" for q in ratios[1:])
              + "  (best: " + " ".join(f"{q:.3f}" for q in best_ratios[1:]) + ")")
        extra = {k: [tr[-1][k] for tr in runs[kind]] for k in runs[kind][0][-1] if k != "value"}
        if extra:
            print(f"{'':<23} " + ", ".join(f"{k}: {v}" for k, v in extra.items()))
        if any(e for e in extra.get("errors", [])):
            print("  the validator reported errors on the file: the figures do not measure the normal path")
        report["figures"][kind] = {"median": medians, "best": bests, "runs": values, "ratio": ratios,
                                   "higher_is_better": HIGHER_IS_BETTER[kind], **extra}
    if counts is not None:
        rows = [("import", "instr", [c["import"] for c in counts]),
                ("read", "instr/deal", [(c["read"] - c["import"]) / cg_deals for c in counts]),
                ("validate", "instr/deal", [(c["validate"] - c["read"]) / cg_deals for c in counts])]
        rows.append(("read+valid", "instr/deal", [a + b for a, b in zip(rows[1][2], rows[2][2])]))
        if "follow" in counts[0]:
            rows.append(("follow", "instr/deal", [(c["follow"] - c["batches"]) / cg_deals for c in counts]))
        print(f"callgrind, {cg_deals} deals (instructions, PYTHONHASHSEED=0):")
        for name, unit, figures in rows:
            print(f"  {name:<10} {unit:<10} " + " ".join(f"{f:>22,.0f}" for f in figures) + "   "
                  + " ".join(f"{f / figures[0]:.3f}" for f in figures[1:]))
        report["figures"]["callgrind"] = {"deals": cg_deals, **{name: figures for name, _u, figures in rows}}
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
