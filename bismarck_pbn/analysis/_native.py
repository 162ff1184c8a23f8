"""The C solver core, loaded with ctypes (no CPython extension, no new dependency).

Where the library comes from, in order:

1. the copy built into the wheel by ``pip install`` (``hatch_build.py`` compiles
   ``native/solver.c``, with its parts core.h, table.h, rules.h, moves.h, later.h and
   misere.h, next to it);
2. a copy compiled on first use, with the system C compiler (``$CC`` or ``cc``), into
   the user's cache directory (``$XDG_CACHE_HOME/bismarck-pbn`` or
   ``~/.cache/bismarck-pbn``), named after a hash of the source, so an editable
   install picks up a changed ``solver.c``;
3. none: :func:`load` returns None and the pure-Python core is used.

On x86-64 the core is built twice: plain, for any CPU, and with the popcnt, BMI1 and
BMI2 instructions (``hw``, the flags in ``native/cflags.txt``). The plain build's
``bpn_dds_cpu_hw()`` says whether this CPU should run the other (it has them, and its
pext is fast); then the ``hw`` build is loaded, if it builds. Both search the same
nodes and give the same values. ``BPN_SOLVER_HW=0`` keeps the plain build.

``BPN_SOLVER=python`` skips all of this (the fallback, as on a machine without a
compiler); ``BPN_SOLVER=native`` makes a missing C core an error instead of a fallback.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from bismarck_pbn.analysis._pysolver import SolverLimit
from bismarck_pbn.analysis.problem import Encoded

HERE = Path(__file__).resolve().parent / "native"
SOURCE = HERE / "solver.c"
PARTS = (SOURCE, HERE / "core.h", HERE / "table.h", HERE / "rules.h", HERE / "moves.h", HERE / "later.h",
         HERE / "misere.h")
"""The files of the one translation unit that ``SOURCE`` is."""
FLAGS_FILE = HERE / "cflags.txt"
SUFFIX = ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so"
BUILT = HERE / f"_bpnsolver{SUFFIX}"
BUILT_HW = HERE / f"_bpnsolver_hw{SUFFIX}"
"""Where the wheel's build hook puts the compiled core (and its ``hw`` build)."""


DEFAULT_FLAGS = {"plain": ["-O3", "-shared", "-fPIC", "-std=c99"], "hw": ["-mpopcnt", "-mbmi", "-mbmi2"]}
"""What ``cflags.txt`` says today, for a copy of the package that lost the file (a vendored
or frozen one): the C core is still built, and the Python one still works."""


def read_flags(path: Path = FLAGS_FILE) -> dict[str, list[str]]:
    """The compiler flags of ``native/cflags.txt``: ``name = flags`` lines, ``#`` comments.
    (hatch_build.py reads the same file the same way.) Without the file: DEFAULT_FLAGS."""
    flags: dict[str, list[str]] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {name: list(value) for name, value in DEFAULT_FLAGS.items()}
    for line in text.splitlines():
        name, eq, value = line.partition("=")
        if eq and not line.lstrip().startswith("#"):
            flags[name.strip()] = value.split()
    return flags


_FLAGS = read_flags()
CFLAGS = _FLAGS.get("plain", DEFAULT_FLAGS["plain"])
HW_CFLAGS = _FLAGS.get("hw", DEFAULT_FLAGS["hw"])


class _Problem(ctypes.Structure):
    _fields_ = [("n", ctypes.c_int), ("hands", ctypes.c_uint64 * 4), ("trump", ctypes.c_int),
                ("must_trump", ctypes.c_int), ("maxmask", ctypes.c_int), ("countmask", ctypes.c_int),
                ("to_play", ctypes.c_int),
                ("ntable", ctypes.c_int), ("table", ctypes.c_int * 4)]


class NativeUnavailable(RuntimeError):
    """``BPN_SOLVER=native`` was asked for and the C core cannot be loaded."""


def _cc() -> str:
    return os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"


def compile_library(source: Path, target: Path, cc: str | None = None, hw: bool = False) -> bool:
    """Compile ``source`` into the shared library ``target`` (atomically: a half-written
    library is never left behind), with the ``hw`` flags too if asked. Returns whether it
    worked; prints nothing."""
    cc = cc or _cc()
    exe = shutil.which(cc.split()[0]) if cc else None
    if exe is None:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=SUFFIX, dir=target.parent)
    os.close(fd)
    try:
        flags = [*CFLAGS, *HW_CFLAGS] if hw else CFLAGS
        done = subprocess.run([*cc.split(), *flags, "-o", tmp, str(source)], capture_output=True,
                              timeout=120)
        if done.returncode != 0:
            return False
        os.replace(tmp, target)
        return True
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bismarck-pbn"


def _cached_library(hw: bool = False) -> Path | None:
    try:
        # solver.c includes its parts (PARTS): a change to any rebuilds,
        # as does one of the flags or of the compiler ($CC="gcc -march=native" is its own)
        digest = hashlib.sha256(b"".join(p.read_bytes() for p in PARTS)
                                + " ".join([*CFLAGS, "|", *HW_CFLAGS, "|", _cc()]).encode()).hexdigest()[:16]
    except OSError:
        return None
    tag = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    target = _cache_dir() / f"bpnsolver-{digest}-{tag}{'-hw' if hw else ''}{SUFFIX}"
    if target.exists():
        return target
    # a compile that failed once (a compiler without -mbmi2, say) is not retried on every
    # run: a marker beside where the library would be, under the same hash, says so
    failed = target.with_name(target.name + ".failed")
    if failed.exists():
        return None
    if compile_library(SOURCE, target, hw=hw):
        return target
    try:
        failed.parent.mkdir(parents=True, exist_ok=True)
        failed.touch()
    except OSError:
        pass
    return None


def _open(hw: bool) -> tuple[ctypes.CDLL, Path] | None:
    built = BUILT_HW if hw else BUILT
    if hw and BUILT.exists() and not BUILT_HW.exists():
        # the wheel came with a plain build alone: its hook could not make the other one,
        # and the same compiler would not do better in the user's cache
        return None
    for find in (lambda: built if built.exists() else None, lambda: _cached_library(hw)):
        path = find()
        if path is None:
            continue
        try:
            lib = ctypes.CDLL(str(path))
        except OSError:
            continue
        _declare(lib)
        return lib, path
    return None


def _wants_hw(plain: ctypes.CDLL) -> bool:
    if os.environ.get("BPN_SOLVER_HW", "").strip().lower() in ("0", "no", "off", "false"):
        return False
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    return bool(plain.bpn_dds_cpu_hw())


def open_build(hw: bool) -> tuple[ctypes.CDLL, Path] | None:
    """The plain or the ``hw`` build itself, whatever this CPU would choose (for the tests
    that compare them; the ``hw`` one only runs on a CPU with its instructions)."""
    return _open(hw)


_LIB: ctypes.CDLL | None = None
_PATH: Path | None = None
_TRIED = False


def load() -> tuple[ctypes.CDLL, Path] | None:
    """The C core and where it was loaded from, or None (see the module's docstring)."""
    global _LIB, _PATH, _TRIED
    mode = os.environ.get("BPN_SOLVER", "auto").lower()
    if mode == "python":
        return None
    if not _TRIED:
        _TRIED = True
        found = _open(hw=False)
        if found is not None and _wants_hw(found[0]):
            found = _open(hw=True) or found
        if found is not None:
            _LIB, _PATH = found
    if _LIB is None:
        if mode == "native":
            raise NativeUnavailable("BPN_SOLVER=native, but the C solver core could not be built or "
                                    "loaded (is a C compiler installed?)")
        return None
    return (_LIB, _PATH) if _PATH is not None else None


def _declare(lib: ctypes.CDLL) -> None:
    lib.bpn_dds_new.restype = ctypes.c_void_p
    lib.bpn_dds_new.argtypes = [ctypes.c_int]
    lib.bpn_dds_free.argtypes = [ctypes.c_void_p]
    lib.bpn_dds_clear.argtypes = [ctypes.c_void_p]
    lib.bpn_dds_stats.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint64)]
    lib.bpn_dds_solve.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Problem), ctypes.c_int]
    lib.bpn_dds_solve.restype = ctypes.c_int
    lib.bpn_dds_solve_moves.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Problem),
                                        ctypes.POINTER(ctypes.c_int8), ctypes.c_int]
    lib.bpn_dds_solve_moves.restype = ctypes.c_int
    lib.bpn_dds_set_limit.argtypes = [ctypes.c_void_p, ctypes.c_uint64]
    lib.bpn_dds_cpu_hw.restype = ctypes.c_int
    lib.bpn_dds_cpu_hw.argtypes = []
    lib.bpn_dds_build_hw.restype = ctypes.c_int
    lib.bpn_dds_build_hw.argtypes = []


class NativeSolver:
    """The C core with its own transposition table (``2**table_bits / 6`` chunks of 256
    bytes, ten entries each, and ``2**(table_bits - 2)`` key slots of 64 bytes, two entries
    each: see ``DEFAULT_TABLE_BITS`` in :mod:`~bismarck_pbn.analysis.solver`), kept between
    calls while the rules, trump and teams stay the same."""

    name = "native"

    def __init__(self, lib: ctypes.CDLL, table_bits: int = 20, node_limit: int = 0) -> None:
        self._lib = lib
        self._ctx = lib.bpn_dds_new(table_bits)
        if not self._ctx:
            raise MemoryError("cannot allocate the solver's transposition table")
        lib.bpn_dds_set_limit(self._ctx, node_limit)
        self._out = (ctypes.c_int8 * 64)()

    def __del__(self) -> None:
        ctx, self._ctx = getattr(self, "_ctx", None), None
        if ctx:
            self._lib.bpn_dds_free(ctx)

    @staticmethod
    def _struct(p: Encoded) -> _Problem:
        s = _Problem()
        s.n, s.trump, s.must_trump, s.to_play = p.n, p.trump, int(p.must_trump), p.to_play
        s.maxmask, s.countmask = p.maxmask, p.countmask
        for i, h in enumerate(p.hands):
            s.hands[i] = h
        s.ntable = len(p.table)
        for i, c in enumerate(p.table):
            s.table[i] = c
        return s

    def clear(self) -> None:
        self._lib.bpn_dds_clear(self._ctx)

    def stats(self) -> dict[str, int]:
        out = (ctypes.c_uint64 * 5)()
        self._lib.bpn_dds_stats(self._ctx, out)
        return {"nodes": out[0], "entries": out[1], "capacity": out[2], "bytes": out[3], "clears": out[4]}

    def solve(self, p: Encoded, guess: int = -1) -> int:
        v = self._lib.bpn_dds_solve(self._ctx, ctypes.byref(self._struct(p)), guess)
        if v == -2:
            raise SolverLimit("the node limit was reached")
        if v < 0:
            raise ValueError("the C solver core refused the problem")
        return v

    def solve_moves(self, p: Encoded, guess: int = -1) -> dict[int, int]:
        out = self._out
        n = self._lib.bpn_dds_solve_moves(self._ctx, ctypes.byref(self._struct(p)), out, guess)
        if n == -2:
            raise SolverLimit("the node limit was reached")
        if n < 0:
            raise ValueError("the C solver core refused the problem")
        return {i: v for i, v in enumerate(out) if v >= 0}
