"""Build hook: compile the double-dummy solver's C core into the wheel.

``pip install .`` runs this through hatchling. It compiles
``bismarck_pbn/analysis/native/solver.c`` with the system C compiler (``$CC`` or
``cc``, ``-O2 -shared -fPIC``) into ``bismarck_pbn/analysis/native/_bpnsolver.so``
and marks the wheel as platform-specific. Without a working compiler the wheel is
built without it (a warning, not a failure) and the pure-Python core is used.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = Path("bismarck_pbn/analysis/native/solver.c")
SUFFIX = ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so"
TARGET = f"bismarck_pbn/analysis/native/_bpnsolver{SUFFIX}"


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
        out_dir = Path(tempfile.mkdtemp(prefix="bpn-native-"))
        out = out_dir / f"_bpnsolver{SUFFIX}"
        cmd = [*cc.split(), "-O2", "-shared", "-fPIC", "-std=c99", "-o", str(out), str(root / SOURCE)]
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.SubprocessError) as exc:
            self.app.display_warning(f"compiling the solver core failed ({exc}): pure-Python solver")
            return
        if done.returncode != 0:
            self.app.display_warning("compiling the solver core failed: the wheel uses the pure-Python "
                                     f"solver\n{done.stderr.strip()}")
            return
        build_data["force_include"][str(out)] = TARGET
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
