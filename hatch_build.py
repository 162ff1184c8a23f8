"""Build hook: compile the double-dummy solver's C core into the wheel.

``pip install .`` runs this through hatchling. It compiles
``bismarck_pbn/analysis/native/solver.c`` with the system C compiler (``$CC`` or
``cc``, the "plain" flags of ``native/cflags.txt``, which ``analysis/_native.py`` reads
too) into ``bismarck_pbn/analysis/native/_bpnsolver.so``, and on x86-64 a second time
with the "hw" flags added (popcnt, BMI1, BMI2) into ``_bpnsolver_hw.so``, which
``_native.py`` loads instead on a CPU that has them; and marks the wheel as
platform-specific. Without a working compiler the wheel is built without the core (a
warning, not a failure) and the pure-Python core is used; without the second build, the
plain one serves every CPU.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = Path("bismarck_pbn/analysis/native/solver.c")
FLAGS = Path("bismarck_pbn/analysis/native/cflags.txt")
SUFFIX = ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so"
TARGET = "bismarck_pbn/analysis/native/_bpnsolver{}" + SUFFIX


def read_flags(path: Path) -> dict[str, list[str]]:
    """``name = flags`` lines, ``#`` comments (as ``_native.read_flags``: the build hook
    does not import the package)."""
    flags: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, eq, value = line.partition("=")
        if eq and not line.lstrip().startswith("#"):
            flags[name.strip()] = value.split()
    return flags


class NativeSolverHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return  # an editable install compiles on first use, into the user's cache
        root = Path(self.root)
        cc = os.environ.get("CC", "cc")
        if shutil.which(cc.split()[0]) is None:
            self.app.display_warning(f"no C compiler ({cc}): the wheel uses the pure-Python solver")
            return
        flags = read_flags(root / FLAGS)
        out_dir = Path(tempfile.mkdtemp(prefix="bpn-native-"))
        for name, extra in (("", []), ("_hw", flags["hw"])):
            if extra and platform.machine().lower() not in ("x86_64", "amd64"):
                continue
            out = out_dir / f"_bpnsolver{name}{SUFFIX}"
            cmd = [*cc.split(), *flags["plain"], *extra, "-o", str(out), str(root / SOURCE)]
            try:
                done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
                error = None if done.returncode == 0 else done.stderr.strip()
            except (OSError, subprocess.SubprocessError) as exc:
                error = str(exc)
            if error is not None and not extra:
                self.app.display_warning(f"compiling the solver core failed: the wheel uses the "
                                         f"pure-Python solver\n{error}")
                return
            if error is not None:
                self.app.display_warning(f"the solver core's popcnt/BMI2 build failed: the plain one "
                                         f"serves every CPU\n{error}")
                continue
            build_data["force_include"][str(out)] = TARGET.format(name)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
