"""Never lose a file (issue 5): ``bismarck_pbn.safewrite.atomic_write`` and the commands
that write through it.

* A writer killed with SIGKILL in the middle of a write (a child process writing a large
  content slowly through atomic_write's piece iterator) leaves the original file byte for
  byte as it was. What else remains: the temporary file ``.NAME.XXXXXXXX.tmp`` beside it,
  holding the part written so far. SIGKILL runs no clean-up, so atomic_write cannot
  remove it; the tests pin that down (exactly one such file, never anything else, never
  the original touched) so that a change there is seen.
* The original's permissions are kept; a new file gets 0o666 less the umask.
* A Fingerprint that no longer matches (the file edited, replaced or removed since it
  was read) refuses the write with ChangedOnDisk and leaves the file as it was, with no
  temporary file behind.
* The same through ``bpn fmt --in-place``.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bismarck_pbn import parse
from bismarck_pbn.cli import app
from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint, atomic_write
from bismarck_pbn.format.writer import dumps
from conftest import EXAMPLE, ROOT

runner = CliRunner()
MESSY = EXAMPLE.replace('[Contract "Spader"]', '[Contract "spader"]')  # fmt rewrites it


def _others(directory: Path, keep: str) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name != keep)


# ---- killed in the middle -------------------------------------------------------------------

_SLOW_WRITER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from bismarck_pbn.safewrite import atomic_write

    def pieces():
        for i in range(100_000):
            yield "x" * 65536
            if i == 3:
                print("started", flush=True)  # four pieces are in the temporary file
            time.sleep(0.005)

    atomic_write(sys.argv[1], pieces())
    print("finished", flush=True)
""")


def _start(script: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)


def _kill_after_start(child: subprocess.Popen, delay: float = 0.05) -> None:
    line = child.stdout.readline()
    assert line.strip() == "started", (line, child.stderr.read() if child.poll() is not None else "")
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2])
def test_a_writer_killed_in_the_middle_leaves_the_original_intact(tmp_path, delay):
    target = tmp_path / "club.bpn"
    target.write_text(EXAMPLE)
    os.chmod(target, 0o640)
    before = target.stat()
    child = _start(_SLOW_WRITER.format(root=str(ROOT)), str(target))
    _kill_after_start(child, delay)

    assert target.read_text() == EXAMPLE
    after = target.stat()
    assert (after.st_ino, after.st_mtime_ns, stat.S_IMODE(after.st_mode)) == \
        (before.st_ino, before.st_mtime_ns, 0o640)
    # What remains besides the original: the temporary file of the killed write, and
    # only that (SIGKILL runs no clean-up). It holds the part written so far.
    (stray,) = _others(tmp_path, "club.bpn")
    assert stray.startswith(".club.bpn.") and stray.endswith(".tmp")
    partial = (tmp_path / stray).read_bytes()
    assert set(partial) <= {ord("x")} and len(partial) < 100_000 * 65536


def test_after_a_killed_write_the_next_write_succeeds(tmp_path):
    target = tmp_path / "club.bpn"
    target.write_text(EXAMPLE)
    child = _start(_SLOW_WRITER.format(root=str(ROOT)), str(target))
    _kill_after_start(child)
    (stray,) = _others(tmp_path, "club.bpn")
    atomic_write(target, "new content\n")
    assert target.read_text() == "new content\n"
    # the stray temporary file of the killed write is still there (nobody removes it)
    assert _others(tmp_path, "club.bpn") == [stray]


def test_a_writer_that_finishes_leaves_only_the_new_file(tmp_path):
    target = tmp_path / "club.bpn"
    target.write_text(EXAMPLE)
    script = _SLOW_WRITER.format(root=str(ROOT)).replace("range(100_000)", "range(6)")
    child = _start(script, str(target))
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    assert out.split() == ["started", "finished"]
    assert target.read_text() == "x" * 65536 * 6
    assert _others(tmp_path, "club.bpn") == []


# ``bpn fmt --in-place`` killed while it writes: the child runs the real command, with
# atomic_write's content handed over slowly in pieces so that the kill lands mid-write.
_SLOW_FMT = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from bismarck_pbn import safewrite
    from bismarck_pbn.cli import fmt as fmt_module

    real = safewrite.atomic_write

    def slow_atomic_write(path, content, **kwargs):
        def pieces():
            for i in range(0, len(content), 4096):
                yield content[i : i + 4096]
                if i == 4096 * 3:
                    print("started", flush=True)
                time.sleep(0.005)
        real(path, pieces(), **kwargs)

    fmt_module.atomic_write = slow_atomic_write
    from bismarck_pbn.cli import app
    sys.argv = ["bpn", "fmt", "--in-place", sys.argv[1]]
    app()
""")


def _big_messy_file(path: Path) -> str:
    """A file of 200 copies of the example, not canonical (about 150 KB, 40 pieces)."""
    text = "\n".join([MESSY] * 200)
    path.write_text(text)
    return text


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.0, 0.1])
def test_fmt_in_place_killed_in_the_middle_leaves_the_original_intact(tmp_path, delay):
    target = tmp_path / "big.bpn"
    text = _big_messy_file(target)
    os.chmod(target, 0o600)
    child = _start(_SLOW_FMT.format(root=str(ROOT)), str(target))
    _kill_after_start(child, delay)
    assert target.read_text() == text
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    (stray,) = _others(tmp_path, "big.bpn")
    assert stray.startswith(".big.bpn.") and stray.endswith(".tmp")
    # and the next run formats the file as if nothing had happened
    assert runner.invoke(app, ["fmt", "--in-place", str(target)]).exit_code == 0
    assert target.read_text() == dumps(parse(text))
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


@pytest.mark.slow
def test_fmt_in_place_not_killed_writes_the_canonical_text(tmp_path):
    target = tmp_path / "big.bpn"
    text = _big_messy_file(target)
    child = _start(_SLOW_FMT.format(root=str(ROOT)), str(target))
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    assert target.read_text() == dumps(parse(text))
    assert _others(tmp_path, "big.bpn") == []


# ---- permissions ------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", [0o600, 0o640, 0o644, 0o664, 0o755, 0o400])
def test_permissions_are_kept(tmp_path, mode):
    target = tmp_path / "club.bpn"
    target.write_text(EXAMPLE)
    os.chmod(target, mode)
    atomic_write(target, "new\n")
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert _others(tmp_path, "club.bpn") == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
def test_the_owner_is_kept_when_root_rewrites_a_users_file(tmp_path):
    """Run as root (sudo bpn fmt -i, a cron job), the rename left the user's record owned
    by root: the new file now takes the original's owner and group, as it takes its mode."""
    target = tmp_path / "club.bpn"
    target.write_text(EXAMPLE)
    os.chown(target, 65534, 65534)
    atomic_write(target, "new\n")
    assert target.read_text() == "new\n"
    assert (target.stat().st_uid, target.stat().st_gid) == (65534, 65534)


def test_a_new_file_gets_the_umask_permissions(tmp_path):
    old = os.umask(0o027)
    try:
        atomic_write(tmp_path / "new.bpn", "new\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.bpn").stat().st_mode) == 0o640


def test_fmt_in_place_keeps_permissions(tmp_path):
    target = tmp_path / "club.bpn"
    target.write_text(MESSY)
    os.chmod(target, 0o604)
    result = runner.invoke(app, ["fmt", "--in-place", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_text() == EXAMPLE
    assert stat.S_IMODE(target.stat().st_mode) == 0o604
    assert _others(tmp_path, "club.bpn") == []


# ---- a file changed on disk since it was read ---------------------------------------------------

def _changes():
    """Ways the file can change between reading and writing."""
    def edit_same_size_same_mtime(path: Path) -> None:
        st = path.stat()
        data = path.read_bytes()
        path.write_bytes(data.replace(b"Anna", b"Anja"))
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # even the mtime is the same

    def append(path: Path) -> None:
        with open(path, "a") as fp:
            fp.write("; a late note\n")

    def replace(path: Path) -> None:
        tmp = path.with_name("other")
        tmp.write_text(EXAMPLE.replace("Anna", "Anja"))
        os.replace(tmp, path)

    def remove(path: Path) -> None:
        path.unlink()

    return [edit_same_size_same_mtime, append, replace, remove]


@pytest.mark.parametrize("change", _changes(), ids=lambda f: f.__name__)
def test_a_fingerprint_mismatch_refuses_the_write(tmp_path, change):
    target = tmp_path / "club.bpn"
    target.write_text(EXAMPLE)
    data = target.read_bytes()
    fingerprint = Fingerprint.of_bytes(target, data)
    assert fingerprint.matches(target)
    change(target)
    as_changed = target.read_bytes() if target.exists() else None
    with pytest.raises(ChangedOnDisk):
        atomic_write(target, "new\n", expect=fingerprint)
    assert (target.read_bytes() if target.exists() else None) == as_changed
    assert _others(tmp_path, "club.bpn") == []


def test_a_matching_fingerprint_lets_the_write_through(tmp_path):
    target = tmp_path / "club.bpn"
    target.write_text(EXAMPLE)
    fingerprint = Fingerprint.of_bytes(target, target.read_bytes())
    atomic_write(target, "new\n", expect=fingerprint)
    assert target.read_text() == "new\n"


@pytest.mark.parametrize("change", _changes(), ids=lambda f: f.__name__)
def test_fmt_in_place_refuses_a_file_changed_while_it_worked(tmp_path, monkeypatch, change):
    """The file changes after fmt has read it and before it writes (simulated by changing
    it when fmt parses the text): fmt refuses, exit 1, and the other change stays."""
    from bismarck_pbn.cli import fmt as fmt_module

    target = tmp_path / "club.bpn"
    target.write_text(MESSY)
    real_parse = fmt_module.parse
    changed = []

    def parse_while_someone_edits(text):
        change(target)
        changed.append(target.read_bytes() if target.exists() else None)
        return real_parse(text)

    monkeypatch.setattr(fmt_module, "parse", parse_while_someone_edits)
    result = runner.invoke(app, ["fmt", "--in-place", str(target)])
    assert "Traceback" not in result.output
    if change.__name__ == "remove":
        # fmt takes the fingerprint's stat when it writes (Fingerprint.of_bytes), which
        # fails on a removed file: "cannot write: No such file or directory", exit 2.
        # Either way the file is not made again.
        assert result.exit_code in (1, 2), result.output
    else:
        assert result.exit_code == 1, result.output
        assert "changed on disk" in result.stderr
    assert changed and (target.read_bytes() if target.exists() else None) == changed[0]
    assert _others(tmp_path, "club.bpn") == []


def test_a_write_that_fails_half_way_leaves_the_original_and_no_temporary_file(tmp_path):
    target = tmp_path / "club.bpn"
    target.write_text(EXAMPLE)

    def pieces():
        yield "half of it\n"
        raise RuntimeError("the producer failed")

    with pytest.raises(RuntimeError):
        atomic_write(target, pieces())
    assert target.read_text() == EXAMPLE
    assert _others(tmp_path, "club.bpn") == []


def test_a_named_pipe_is_written_into_not_replaced(tmp_path):
    """-o naming a FIFO (or, run as root, a device such as /dev/null) must write into it:
    renaming a regular file over it replaced the pipe (and /dev/null) with a file, and
    the reader at the other end got nothing."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # so that opening it to write does not block
    try:
        atomic_write(pipe, ["one ", "two\n"])
        got = os.read(reader, 1000)
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert got == b"one two\n"
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]
