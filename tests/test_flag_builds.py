"""Every rule of the C core can be built out with a ``-DNO_...`` flag (grep native/ for
``NO_``), and a node-count test whose docstring names the flag (e.g. "(-DNO_KEYREST)")
says what the rule saves. Such a test must FAIL in a build with its flag: one that passes
there too cannot fail, and says nothing. Here each flag named in a docstring gets its own
build (``CC="cc -DNO_X"``, the plain build, a cache of its own) and the tests naming it
run in a subprocess against it: each must fail there (the default run shows they pass in
the plain build). A new rule's test joins by naming its flag as the others do.

Slow: one compile and one pytest run per flag, 3.4 minutes for the 24 flags on two
workers (6 to 8 beside other work; ``pytest -m slow tests/test_flag_builds.py``: each
worker runs one build at a time, so the machine stays at two busy processes)."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import pytest

from bismarck_pbn.analysis import _native

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
NATIVE = ROOT / "bismarck_pbn" / "analysis" / "native"

FLAG_IN_SOURCE = re.compile(r"\bNO_[A-Z0-9_]+\b")
FLAG_IN_DOC = re.compile(r"-D(NO_[A-Z0-9_]+(?:=\w+)?)")


def source_flags() -> set[str]:
    """The flags the C core's sources test (``#ifdef NO_X``, ``#ifndef NO_X``, ``!NO_X``)."""
    found: set[str] = set()
    for path in sorted(NATIVE.glob("*.[ch]")):
        found |= set(FLAG_IN_SOURCE.findall(path.read_text()))
    return found


def named_tests() -> dict[str, list[str]]:
    """Each ``-DNO_X`` (as written: ``NO_MOVER=1`` builds so) -> the tests whose docstring
    names it, as pytest node ids (``tests/file.py::test`` or ``...::Class::test``)."""
    named: dict[str, list[str]] = defaultdict(list)
    for path in sorted(TESTS.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(), str(path))

        def visit(body: list[ast.stmt], prefix: str) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef):
                    visit(node.body, f"{prefix}::{node.name}")
                elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
                    for define in dict.fromkeys(FLAG_IN_DOC.findall(ast.get_docstring(node) or "")):
                        named[define].append(f"{prefix}::{node.name}")

        visit(tree.body, f"tests/{path.name}")
    return dict(named)


NAMED = named_tests()


def test_the_docstrings_name_flags():
    """The parse finds today's convention (so a rename of it does not empty the check below)."""
    assert "NO_KEYREST" in NAMED and "NO_MOVER=1" in NAMED
    assert any("test_solver_bridge.py::" in n for n in NAMED["NO_KEYREST"])


def test_every_flag_of_the_sources_has_a_test_and_every_named_flag_is_in_them():
    named = {define.split("=")[0] for define in NAMED}
    assert source_flags() - named == set(), "flags of native/ with no node-count test naming them"
    assert named - source_flags() == set(), "flags named in a test that no source tests"


def _cache_build_used() -> str | None:
    """Why the flag builds cannot be checked here, or None."""
    if _native.open_build(hw=False) is None:
        return "no C compiler here"
    if _native.BUILT.exists():
        return "the package carries a prebuilt core, which is loaded before the cache's builds"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("define", sorted(NAMED))
def test_the_tests_naming_a_flag_fail_in_its_build(define, tmp_path_factory):
    why = _cache_build_used()   # asked here, not at collection: the default run builds nothing for it
    if why is not None:
        pytest.skip(why)
    cache = tmp_path_factory.getbasetemp() / "flag-builds"   # one cache: each flag hashes apart
    env = {**os.environ, "CC": f"{_native._cc()} -D{define}", "BPN_SOLVER_HW": "0",
           "XDG_CACHE_HOME": str(cache), "BPN_SOLVER": "auto", "PYTHONDONTWRITEBYTECODE": "1"}
    # build it, and make sure it is that build the tests will load
    probe = subprocess.run([sys.executable, "-c", "from bismarck_pbn.analysis import _native; "
                            "r = _native.load(); print(r[1] if r else '')"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert probe.returncode == 0 and probe.stdout.strip().startswith(str(cache)), (define, probe)

    report = tmp_path_factory.mktemp("report") / "junit.xml"
    nodes = NAMED[define]
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-n", "0",
                          "-m", "", "-o", "addopts=", "--junitxml", str(report), *nodes],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    outcome: dict[str, set[str]] = defaultdict(set)
    for case in ET.parse(report).iter("testcase"):
        name = f'{case.get("classname")}::{case.get("name", "").split("[")[0]}'
        kind = ("error" if case.find("error") is not None else "failed" if case.find("failure") is not None
                else "skipped" if case.find("skipped") is not None else "passed")
        outcome[name].add(kind)
    summary = run.stdout[-2000:]
    for node in nodes:
        where, test = node.rsplit("::", 1)
        got = outcome.get(f'{where.removesuffix(".py").replace(".py::", ".").replace("/", ".").replace("::", ".")}::{test}', set())
        assert "error" not in got, (define, node, summary)
        assert "failed" in got, f"{node} passes in the build with -D{define}: it cannot fail\n{summary}"
