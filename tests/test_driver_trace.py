"""The driver's trace (``-DDRIVER_TRACE``) and ``benchmarks/driver_tests.py``, which sorts
the nodes of ``bpn_dds_solve_moves`` by kind of null-window test: the kinds, and a trace
that accounts for every node the driver searched."""

from __future__ import annotations

import importlib.util
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bismarck_pbn.analysis._native import HERE
from ddref import random_ending

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_each_test_is_sorted_by_what_it_tells(tmp_path):
    """A seat that wants tricks, two cards: the first card's binary search (7 true, 10
    false) finds 8 (8 true, 9 false: the test the position's value 8 would answer); the
    second card steps down from 8 (false: its value + 1) to 7 (true: its value)."""
    dt = _load("driver_tests")
    trace = tmp_path / "t.trace"
    trace.write_text("P 0 1\nT 7 1 100\nT 10 0 10\nT 8 1 50\nT 9 0 40\nC 5 8\nT 8 0 30\nT 7 1 20\nC 3 7\n"
                     "P 1 0\nT 2 1 5\nT 3 0 6\nC 1 2\nT 2 0 7\nT 1 1 8\nC 4 1\n", encoding="utf-8")
    first, second = list(dt.positions(str(trace)))
    assert dt.kinds(*first) == {dt.SEARCH: 110, dt.NEEDED_TRUE: 70, dt.BY_V: 40, dt.NEEDED_FALSE: 30}
    # a seat that wants few (the best is the least, 1): "at least 2" true and "at least 3"
    # false pin the first card; the second steps from 2 down, and its "at least 1" true is
    # what the position's value would answer
    assert dt.kinds(*second) == {dt.NEEDED_TRUE: 5, dt.NEEDED_FALSE: 6 + 7, dt.BY_V: 8}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler here")
def test_the_trace_accounts_for_every_node(tmp_path):
    """solve_problems built with the trace: every node of its run is in one test of the
    trace, and the trace leaves the nodes and the values as the plain build has them."""
    dt = _load("driver_tests")
    dump = _load("dump_problems")
    rng = random.Random(11)
    lines = [dump._line(d, 0, random_ending(rng, 4, 6).encode())
             for d in range(6)]
    problems = tmp_path / "p.txt"
    problems.write_text("\n".join(lines) + "\n", encoding="utf-8")
    runs = []
    for flags in ([], ["-DDRIVER_TRACE"]):
        exe = tmp_path / ("trace" if flags else "plain")
        subprocess.run(["cc", "-O2", "-std=gnu99", *flags, "-I", str(HERE), "-o", str(exe),
                        str(ROOT / "benchmarks" / "solve_problems.c")], check=True)
        runs.append(subprocess.run([str(exe), str(problems), "lead", "6"], capture_output=True, text=True,
                                   check=True))
    plain, traced = runs
    assert plain.stdout == traced.stdout and not plain.stderr
    nodes = int(traced.stdout.split(": ")[1].split()[0])
    (tmp_path / "t.trace").write_text(traced.stderr, encoding="utf-8")
    counted = sum(sum(dt.kinds(*p).values()) for p in dt.positions(str(tmp_path / "t.trace")))
    assert counted == nodes > 0
