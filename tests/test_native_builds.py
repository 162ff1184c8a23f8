"""The C core's two builds (plain, and with popcnt/BMI2 on x86-64) and the choice between
them: the same values and the same nodes, and the plain one can be forced."""

from __future__ import annotations

import importlib.util
import platform
import random
import sys
import types
from pathlib import Path

import pytest

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis.solver import SolverLimit, core_description
from ddref import random_ending, reference_values

ROOT = Path(__file__).resolve().parent.parent
PLAIN = _native.open_build(hw=False)
X86 = platform.machine().lower() in ("x86_64", "amd64")
HW = _native.open_build(hw=True) if PLAIN is not None and X86 and PLAIN[0].bpn_dds_cpu_hw() else None

needs_plain = pytest.mark.skipif(PLAIN is None, reason="no C compiler here")
needs_hw = pytest.mark.skipif(HW is None, reason="this CPU or compiler has no popcnt/BMI2 build")


def _reload(monkeypatch) -> None:
    monkeypatch.setattr(_native, "_TRIED", False)
    monkeypatch.setattr(_native, "_LIB", None)
    monkeypatch.setattr(_native, "_PATH", None)


def test_the_wheel_and_the_cache_build_with_the_flags_of_one_file(monkeypatch):
    # the build hook, read without hatchling (a stand-in for the one class it imports)
    interface = types.ModuleType("hatchling.builders.hooks.plugin.interface")
    interface.BuildHookInterface = object  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, interface.__name__, interface)
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    flags = hook.read_flags(ROOT / hook.FLAGS)
    assert flags == _native.read_flags()
    assert flags["plain"] == _native.CFLAGS and "-O3" in flags["plain"]
    assert flags["hw"] == _native.HW_CFLAGS and "-mbmi2" in flags["hw"]


@needs_plain
def test_the_plain_build_says_so():
    assert PLAIN is not None
    assert PLAIN[0].bpn_dds_build_hw() == 0


@needs_plain
def test_the_plain_build_is_forced_by_environment(monkeypatch):
    _reload(monkeypatch)
    monkeypatch.setenv("BPN_SOLVER_HW", "0")
    loaded = _native.load()
    assert loaded is not None and loaded[0].bpn_dds_build_hw() == 0
    assert PLAIN is not None and loaded[1] == PLAIN[1]
    assert "plain build" in core_description()


@needs_hw
def test_a_cpu_with_the_instructions_gets_the_hw_build(monkeypatch):
    _reload(monkeypatch)
    monkeypatch.delenv("BPN_SOLVER_HW", raising=False)
    loaded = _native.load()
    assert loaded is not None and loaded[0].bpn_dds_build_hw() == 1
    assert "-hw" in loaded[1].name or "_hw" in loaded[1].name
    assert "popcnt/BMI2 build" in core_description()


@needs_hw
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_builds_agree_on_endings_value_and_nodes(seats):
    assert PLAIN is not None and HW is not None
    plain = _native.NativeSolver(PLAIN[0], table_bits=16)
    hw = _native.NativeSolver(HW[0], table_bits=16)
    rng = random.Random(40 + seats)
    for _ in range(40):
        p = random_ending(rng, seats, rng.choice((2, 3) if seats == 4 else (2, 3, 4)))
        e = p.encode()
        got = plain.solve_moves(e)
        assert hw.solve_moves(e) == got, p
        assert {p.card(bit): p.side_tricks(v, p.to_play) for bit, v in got.items()} == reference_values(p), p
        assert hw.solve(e) == plain.solve(e), p
        assert hw.stats()["nodes"] == plain.stats()["nodes"], p


@needs_hw
def test_the_builds_search_the_same_nodes_on_full_deals():
    assert PLAIN is not None and HW is not None
    from test_solver import _random_deal

    rng = random.Random(16)
    for _ in range(3):
        e = _random_deal(rng, tricks=16).encode()
        values = []
        for lib in (PLAIN[0], HW[0]):
            solver = _native.NativeSolver(lib, node_limit=100_000)
            try:
                values.append(solver.solve(e))
            except SolverLimit:
                values.append(None)
            values.append(solver.stats()["nodes"])
        assert values[:2] == values[2:]


def test_the_flags_have_defaults_equal_to_the_file(tmp_path):
    """A copy of the package without cflags.txt still builds the core, with today's flags."""
    assert _native.read_flags() == _native.DEFAULT_FLAGS
    assert _native.read_flags(tmp_path / "missing.txt") == _native.DEFAULT_FLAGS


@needs_plain
def test_the_plain_build_needs_only_the_c_library():
    """The CPU check reads cpuid itself: no __cpu_model from the compiler's runtime library,
    which Apple's x86-64 toolchain lacks (every Intel Mac would lose the C core)."""
    import shutil
    import subprocess

    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("no nm here")
    assert PLAIN is not None
    undefined = subprocess.run([nm, "-u", str(PLAIN[1])], capture_output=True, text=True, check=True).stdout
    names = {line.split()[-1].split("@")[0] for line in undefined.splitlines() if line.strip()}
    assert names, undefined
    assert not any("cpu_model" in n or "cpu_indicator" in n for n in names), names
    assert names <= {"calloc", "free", "malloc", "memset", "memcpy", "__cxa_finalize", "__gmon_start__",
                     "_ITM_deregisterTMCloneTable", "_ITM_registerTMCloneTable", "__stack_chk_fail",
                     "posix_memalign", "aligned_alloc", "madvise"}, names   # madvise: Linux's libc


def test_a_failed_compile_is_not_retried_on_every_run(monkeypatch, tmp_path):
    calls = []

    def failing(source, target, cc=None, hw=False):
        calls.append(hw)
        return False

    monkeypatch.setattr(_native, "_cache_dir", lambda: tmp_path)
    monkeypatch.setattr(_native, "compile_library", failing)
    assert _native._cached_library(hw=True) is None
    assert _native._cached_library(hw=True) is None
    assert calls == [True]  # the second run finds the marker
    assert [p.name.endswith(".failed") for p in tmp_path.iterdir()] == [True]


def test_a_wheel_with_the_plain_build_alone_compiles_no_other(monkeypatch, tmp_path):
    plain = tmp_path / "_bpnsolver.so"
    plain.write_bytes(b"")
    monkeypatch.setattr(_native, "BUILT", plain)
    monkeypatch.setattr(_native, "BUILT_HW", tmp_path / "_bpnsolver_hw.so")
    monkeypatch.setattr(_native, "_cached_library", lambda hw=False: pytest.fail("compiled into the cache"))
    assert _native._open(hw=True) is None


@needs_plain
def test_the_plain_build_is_used_when_the_other_cannot_be_opened(monkeypatch):
    _reload(monkeypatch)
    monkeypatch.delenv("BPN_SOLVER_HW", raising=False)
    real = _native._open
    monkeypatch.setattr(_native, "_wants_hw", lambda lib: True)
    monkeypatch.setattr(_native, "_open", lambda hw: None if hw else real(hw))
    loaded = _native.load()
    assert loaded is not None and loaded[0].bpn_dds_build_hw() == 0


@needs_plain
def test_another_architecture_never_asks_for_the_other_build(monkeypatch):
    _reload(monkeypatch)
    monkeypatch.delenv("BPN_SOLVER_HW", raising=False)
    monkeypatch.setattr(platform, "machine", lambda: "arm64")
    asked = []
    real = _native._open
    monkeypatch.setattr(_native, "_open", lambda hw: asked.append(hw) or real(hw))
    loaded = _native.load()
    assert loaded is not None and asked == [False]
    assert loaded[0].bpn_dds_build_hw() == 0


@pytest.mark.slow
@pytest.mark.skipif(_native.BUILT.exists(), reason="this install carries a built core")
def test_native_asked_for_without_a_compiler_is_a_usage_error(tmp_path):
    import os
    import subprocess

    env = {**os.environ, "BPN_SOLVER": "native", "CC": str(tmp_path / "no-cc"), "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "bismarck_pbn", "analyse", str(ROOT / "samples" / "club-night.bpn"),
                           "--deal", "1"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("bpn: BPN_SOLVER=native, but the C solver core could not be built"), done.stderr
    assert "internal error" not in done.stderr


def test_the_cached_build_hashes_every_part_of_the_core():
    """A change to any header solver.c includes must rebuild the cached library."""
    native = ROOT / "bismarck_pbn" / "analysis" / "native"
    assert set(_native.PARTS) == {native / "solver.c", *native.glob("*.h")}
