"""Every command of the README's tour, exactly as written, run in a temporary copy of
the samples with ``bpn`` on PATH: its exit status, and a line of the output shown.

A ``console`` block holds commands (``$ ...``) each followed by the output the README
shows. ``$ echo $?`` shows the status of the command before it (0 otherwise). ``$ cat
FILE`` of a file the samples do not have creates it with the text shown, so the tour's
own example files exist. A command whose output is shown as ``...`` first (the typed-in
``bpn record`` dialogue) is interactive and is not run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def tour() -> list[tuple[str, list[str], int]]:
    """(command, the output lines shown, the exit status expected), in README order."""
    steps: list[tuple[str, list[str]]] = []
    for block in BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8")):
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
    out = []
    for i, (command, shown) in enumerate(steps):
        if command.strip() == "echo $?":
            continue
        status = 0
        if i + 1 < len(steps) and steps[i + 1][0].strip() == "echo $?":
            status = int(steps[i + 1][1][0])
        out.append((command, shown, status))
    return out


STEPS = tour()


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("tour")
    shutil.copytree(ROOT / "samples", work / "samples")
    return work


def _env() -> dict[str, str]:
    bindir = Path(sys.executable).parent
    if not (bindir / "bpn").exists():  # pragma: no cover - a bpn of our own, from this checkout
        bindir = Path(os.environ.get("TMPDIR", "/tmp")) / "bpn-tour-bin"
        bindir.mkdir(exist_ok=True)
        script = bindir / "bpn"
        script.write_text(f"#!/bin/sh\nexec {sys.executable} -m bismarck_pbn \"$@\"\n")
        script.chmod(0o755)
    return {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}", "COLUMNS": "80",
            "NO_COLOR": "1", "TERM": "dumb", "PYTHONPATH": str(ROOT)}


def test_the_tour_has_commands():
    assert len(STEPS) >= 15
    assert any(c.startswith("bpn deal --append") for c, _, _ in STEPS)


@pytest.mark.slow
def test_every_tour_command_runs_as_written(workdir):
    env = _env()
    failures = []
    for command, shown, status in STEPS:
        if shown[:1] == ["..."]:
            continue  # interactive
        cat = re.fullmatch(r"cat (\S+)", command.strip())
        if cat and not (workdir / cat.group(1)).exists():
            (workdir / cat.group(1)).write_text("\n".join(shown) + "\n", encoding="utf-8")
        result = subprocess.run(["bash", "-c", command], cwd=workdir, env=env, capture_output=True,
                                text=True, stdin=subprocess.DEVNULL)
        got = [l.rstrip() for l in (result.stdout + result.stderr).splitlines()]
        expected = [l.rstrip() for l in shown if l.strip() and l.strip() != "..."]
        if result.returncode != status:
            failures.append(f"{command}: exit {result.returncode}, not {status}\n{result.stderr}")
        elif expected and expected[0] not in got:
            failures.append(f"{command}: {expected[0]!r} not in the output:\n" + "\n".join(got[:12]))
    assert not failures, "\n\n".join(failures)
