"""A named pipe as input (what the shell makes of ``bpn validate <(cat x.bpn)``).

Commands that read their input once, start to end, read a pipe as they read a file;
they refused it as "not a regular file". Commands that rewrite their input in place
(annotate, analyse --annotate, fmt --in-place) still refuse it, at once, without
waiting for a writer: a pipe cannot be replaced by its new text.
"""

from __future__ import annotations

import contextlib
import errno
import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bismarck_pbn.cli import app
from bismarck_pbn.sources import is_stream, readable
from conftest import ROOT

runner = CliRunner()
SHORT = (ROOT / "samples" / "short.bpn").read_bytes()

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


@pytest.fixture
def pipe(tmp_path):
    """A named pipe that gives samples/short.bpn once to its first reader. A writer
    left waiting (the command refused the pipe) is let go at the end of the test."""
    path = tmp_path / "short.bpn"
    os.mkfifo(path)

    def write() -> None:
        with contextlib.suppress(BrokenPipeError), open(path, "wb") as fp:
            fp.write(SHORT)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    yield path
    if writer.is_alive():  # nobody read: open the reading end so that the writer's open returns
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError as exc:  # pragma: no cover - the writer finished meanwhile
            assert exc.errno == errno.ENXIO
        else:
            writer.join(5)
            os.close(fd)
    writer.join(5)


def test_a_pipe_is_a_stream_and_readable(pipe, tmp_path):
    assert is_stream(pipe) and readable(pipe)
    assert not is_stream(tmp_path) and not readable(tmp_path)
    assert not is_stream(tmp_path / "nope") and not readable(tmp_path / "nope")
    regular = tmp_path / "x.bpn"
    regular.write_bytes(SHORT)
    assert readable(regular) and not is_stream(regular)


@pytest.mark.parametrize("args, expect", [
    (["validate"], ""),
    (["show", "--deal", "8"], "Cecilia"),
    (["standings"], "Anna"),
    (["html", "-o", "-"], "<html"),
    (["replay", "--plain", "--deal", "1"], "trick 1 card 1"),
    (["fmt"], '[Event "A short game before dinner"]'),
    (["fmt", "--check"], ""),
    (["analyse", "--deal", "1", "--no-contracts", "--format", "json"], '"plays"'),
    (["convert", "--to", "bpn"], '[Event "A short game before dinner"]'),   # read twice: the look for 1.1
    (["convert", "--to", "jsonl"], '"Board"'),
], ids=lambda a: " ".join(a[:2]) if isinstance(a, list) else None)
def test_a_command_that_reads_once_reads_a_pipe(pipe, args, expect):
    result = runner.invoke(app, [*args, str(pipe)])
    assert result.exit_code == 0, result.output
    assert "not a regular file" not in result.stderr
    assert expect in result.stdout


@pytest.mark.parametrize("args", [
    ["annotate", "--deal", "1", "--comment", "x"],
    ["analyse", "--annotate"],
    ["fmt", "--in-place"],
], ids=lambda a: " ".join(a[:2]))
def test_a_command_that_rewrites_its_input_refuses_a_pipe(pipe, args):
    result = runner.invoke(app, [*args, str(pipe)])
    assert result.exit_code == 2, result.output
    assert f"{pipe}: not a regular file" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_directory_is_still_not_a_file_to_read(tmp_path):
    (tmp_path / "d").mkdir()
    for args in (["show", "--deal", "1"], ["standings"], ["html", "-o", "-"], ["analyse"], ["replay", "--plain"]):
        result = runner.invoke(app, [*args, str(tmp_path / "d")])
        assert result.exit_code == 2 and "not a regular file" in result.stderr, (args, result.output)
    # convert, like validate, searches a directory for *.bpn: none there is a usage error
    result = runner.invoke(app, ["convert", "--to", "json", str(tmp_path / "d")])
    assert result.exit_code == 2 and "no BPN file found" in result.stderr, result.output


def test_process_substitution_path(tmp_path):
    """``/dev/fd/N`` as bash passes it: a pipe read through its descriptor's name."""
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, SHORT)
        os.close(write_end)
        write_end = -1
        if not Path(f"/dev/fd/{read_end}").exists():  # pragma: no cover - no /dev/fd here
            pytest.skip("no /dev/fd")
        result = runner.invoke(app, ["validate", f"/dev/fd/{read_end}"])
        assert result.exit_code == 0, result.output
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)


def test_replay_on_a_terminal_prints_a_pipe_rather_than_open_the_view(pipe, monkeypatch):
    """The interactive view reads its file again (r) and writes notes into it (c, $):
    a pipe is printed, as standard input is."""
    import bismarck_pbn.cli.replay as replay

    monkeypatch.setattr(replay, "on_terminal", lambda: True)
    result = runner.invoke(app, ["replay", "--deal", "1", str(pipe)])
    assert result.exit_code == 0, result.output
    assert "trick 1 card 1: seat 1 plays HJ" in result.stdout
