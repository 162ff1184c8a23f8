"""The installed package finds its grammar and schema from any working directory.

CI installs the project non-editable into a fresh venv; these tests run that install
from a directory outside the repository, so the repository's copies cannot be used.
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


@pytest.fixture
def installed(tmp_path):
    probe = _run([sys.executable, "-c", PROBE], tmp_path)
    if probe.returncode != 0:
        pytest.skip("bismarck-pbn is not installed in this interpreter (run through .ci/run)")
    return probe.stdout.split()


def test_data_files_come_from_the_installed_package(installed):
    grammar, schema = installed
    assert "site-packages" in grammar and grammar.endswith("bpn.lark")
    assert "site-packages" in schema and Path(schema).is_file()


def test_console_script_validates_from_another_directory(installed, tmp_path):
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
