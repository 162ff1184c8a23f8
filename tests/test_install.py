"""The installed package finds its grammar and schema from any working directory.

CI installs the project non-editable into a fresh venv; these tests run that install
from a directory outside the repository, so the repository's copies cannot be used.
Under an editable install (a developer's venv) the package is first installed as a
wheel into a temporary folder, so the test means the same thing everywhere.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXAMPLE

PROBE = ("import bismarck_pbn.resources as r; "
         "print(r.data_path('grammars', 'bpn.lark')); print(r.data_path('schemas', 'bpn.schema.json'))")


def _run(args, cwd, **kw):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=120, **kw)


ROOT = Path(__file__).resolve().parent.parent


def _editable() -> bool:
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        direct = distribution("bismarck-pbn").read_text("direct_url.json") or ""
    except PackageNotFoundError:
        return True
    return '"editable": true' in direct.replace(" ", "").replace('"editable":true', '"editable": true')


@pytest.fixture(scope="module")
def wheel_dir(tmp_path_factory):
    """A real (non-editable) install of this checkout, in a folder of its own."""
    target = tmp_path_factory.mktemp("wheel")
    done = _run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(ROOT)],
                target)
    if done.returncode != 0:
        pytest.skip(f"pip could not build this checkout here: {done.stderr.strip()[-200:]}")
    return target


@pytest.fixture
def installed(tmp_path, request):
    env = None
    if _editable():
        target = request.getfixturevalue("wheel_dir")
        env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "PYTHONPATH": str(target)}
    probe = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=120)
    assert probe.returncode == 0, probe.stderr
    return probe.stdout.split()


@pytest.mark.slow
def test_data_files_come_from_the_installed_package(installed):
    grammar, schema = installed
    assert not grammar.startswith(str(ROOT / "grammars")) and grammar.endswith("bpn.lark")
    assert "bismarck_pbn" in Path(grammar).parts and Path(grammar).is_file()
    assert "bismarck_pbn" in Path(schema).parts and Path(schema).is_file()


@pytest.mark.slow
def test_console_script_validates_from_another_directory(installed, tmp_path):
    if _editable():
        pytest.skip("the console script of an editable install runs the checkout; CI tests the real one")
    bpn = Path(sys.executable).with_name("bpn")
    record = tmp_path / "deal.bpn"
    record.write_text(EXAMPLE)
    done = _run([str(bpn), "validate", str(record)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "1 deal checked" in done.stderr
    schema = _run([str(bpn), "schema"], tmp_path)
    assert schema.returncode == 0 and '"bpn-json"' in schema.stdout


def test_python_dash_m(tmp_path):
    done = subprocess.run([sys.executable, "-m", "bismarck_pbn", "--version"], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("bpn ")


def test_the_plain_install_brings_what_replay_needs():
    """`pip install .` (the README's first command) must be enough for `bpn replay`:
    textual is a dependency, not an extra; the empty `tui` extra stays so that
    `pip install '.[test,tui]'` keeps working."""
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.match(r"[A-Za-z0-9_.-]+", dep).group().lower() for dep in project["dependencies"]}
    assert {"textual", "rich", "typer", "lark"} <= names
    assert project["optional-dependencies"]["tui"] == []


@pytest.mark.slow
def test_the_wheel_carries_the_solver_core_and_its_flags(wheel_dir):
    """hatch_build.py compiles the C core with the flags of native/cflags.txt (which the
    package reads too, so the file ships): plain, and on x86-64 the popcnt/BMI2 build."""
    import platform
    import shutil

    native = wheel_dir / "bismarck_pbn" / "analysis" / "native"
    assert (native / "cflags.txt").is_file()
    if shutil.which(os.environ.get("CC", "cc").split()[0]) is None:
        pytest.skip("no C compiler: the wheel has no C core")
    suffix = ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so"
    built = sorted(p.name for p in native.glob("_bpnsolver*"))
    x86 = platform.machine().lower() in ("x86_64", "amd64")
    assert built == sorted([f"_bpnsolver{suffix}"] + ([f"_bpnsolver_hw{suffix}"] if x86 else []))
