"""--scheduler: the same batches on a real dask.distributed cluster on localhost, the
output byte for byte that of --jobs 1; a worker with another version refused, an
address with no scheduler refused within seconds, a worker killed in the middle of a
run costing only time. Every test here starts real Dask processes (seconds): slow."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import bismarck_pbn
from bismarck_pbn.check import parallel
from bismarck_pbn.parallel import cluster
from cli_run import run_cli

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SAMPLES = sorted(str(p) for p in (ROOT / "samples").glob("*.bpn"))
INVALID = sorted(str(p) for p in (ROOT / "samples" / "invalid").glob("*.bpn"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def local_cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as lc:
        yield lc.scheduler_address


def test_validate_on_a_local_cluster_writes_what_one_process_writes(local_cluster, tmp_path, monkeypatch):
    from test_parallel import _file

    path, _ = _file(tmp_path)
    monkeypatch.setattr(parallel, "BIG_FILE", 5000)  # split into batches of 5 deals
    monkeypatch.setattr(parallel, "BATCH", 5)
    args = ["validate", str(path), *SAMPLES[:3], "--format", "json"]
    one = run_cli([*args, "--jobs", "1"])
    assert one[0] == 1 and one[1].count("BPN") >= 2
    assert run_cli([*args, "--scheduler", local_cluster])[:2] == one[:2]
    monkeypatch.setenv("BPN_SCHEDULER", local_cluster)  # the same through the environment
    assert run_cli(args)[:2] == one[:2]
    args = ["standings", *SAMPLES[:4], "--format", "csv"]  # files sent as bytes
    assert run_cli([*args, "--scheduler", local_cluster])[:2] == run_cli([*args, "--jobs", "1"])[:2]


def test_standings_of_a_large_file_on_a_local_cluster_writes_what_one_process_writes(local_cluster, tmp_path,
                                                                                     monkeypatch):
    from test_batches import _cli_case

    args, farmed = _cli_case(tmp_path, monkeypatch)  # the large file cut into batches of 5
    for options in (["--format", "json"], ["--by-player"]):
        one = run_cli([*args, *options, "--jobs", "1"])
        assert one[0] == 0 and one[1]
        assert run_cli([*args, *options, "--scheduler", local_cluster]) == one
    assert [str(p) for p in farmed] == [args[1]] * 2


def test_a_worker_with_another_version_is_refused_in_one_line(local_cluster, monkeypatch):
    monkeypatch.setattr(bismarck_pbn, "__version__", "0.0.1")  # this side differs from the workers
    code, out, err = run_cli(["validate", "samples/club-night.bpn", "--scheduler", local_cluster])
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "runs bismarck-pbn" in lines[0] and "this is 0.0.1" in lines[0], err


def _dask(*args: str, env=None) -> subprocess.Popen:
    return subprocess.Popen([str(BIN / "dask"), *args, "--host", "127.0.0.1", "--no-dashboard"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def _stop(procs) -> None:
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()


def test_a_worker_of_another_version_that_joins_later_is_refused_in_one_line(tmp_path):
    """The check at the start sees only the workers there then: a worker of another
    version that joins in the middle of a run must not run its items either."""
    preload = tmp_path / "old_bismarck_pbn.py"   # a worker whose bismarck-pbn says 0.0.1
    preload.write_text("import bismarck_pbn\nbismarck_pbn.__version__ = '0.0.1'\n")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [_dask("scheduler", "--port", str(port))]
    try:
        good = _dask("worker", address, "--nthreads", "1", "--no-nanny")
        procs.append(good)
        ex = cluster.Cluster(address, timeout=30)
        try:
            assert list(ex.map(pow, [(2, 3)])) == [8]
            procs.append(_dask("worker", address, "--nthreads", "1", "--no-nanny", "--preload", str(preload)))
            ex.client.wait_for_workers(2, timeout=60)
            good.terminate()     # only the late worker is left to run what follows
            deadline = time.monotonic() + 30
            while len(ex.client.scheduler_info()["workers"]) > 1 and time.monotonic() < deadline:
                time.sleep(0.1)
            with pytest.raises(cluster.Unavailable) as refused:
                list(ex.map(pow, [(2, k) for k in range(4)]))
            message = str(refused.value)
            assert "runs bismarck-pbn 0.0.1" in message and "127.0.0.1" in message, message
            assert len(message.splitlines()) == 1
        finally:
            ex.close()
    finally:
        _stop(procs)


def test_an_address_with_no_scheduler_is_one_line_and_exit_2_within_seconds(monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    address = f"tcp://127.0.0.1:{_free_port()}"  # nothing listens there
    code, out, err = run_cli(["validate", "samples/club-night.bpn", "--scheduler", address])
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and f"cannot reach a Dask scheduler at {address}" in lines[0], err


@pytest.fixture(scope="module")
def real_cluster():
    """`dask scheduler` and two `dask worker` processes from this venv, on localhost ports."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    procs = [_dask("scheduler", "--port", str(port), env=env)]
    workers = []
    try:
        for _ in range(2):
            w = _dask("worker", address, "--nthreads", "1", "--no-nanny", env=env)
            procs.append(w)
            workers.append(w)
        with distributed.Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        yield address, workers
    finally:
        _stop(procs)


def _bpn(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "bpn"), *args], capture_output=True, timeout=600, cwd=ROOT,
                          env={k: v for k, v in os.environ.items() if k != "BPN_SCHEDULER"})


def test_commands_on_a_real_cluster_write_what_one_process_writes(real_cluster, tmp_path):
    address, _ = real_cluster
    two = tmp_path / "two.bpn"
    text = (ROOT / "samples" / "club-night.bpn").read_text()
    two.write_text(text[: text.rindex("\n\n", 0, text.index('[Board "3"]'))] + "\n")  # its first two deals
    for args in (["validate", *SAMPLES, *INVALID, "--format", "json"], ["analyse", str(two), "--format", "json"]):
        one = _bpn(*args, "--jobs", "1")
        assert one.stdout.count(b'"code"') > 10 or one.stdout.count(b'"plays"') == 2
        there = _bpn(*args, "--scheduler", address)
        assert (there.returncode, there.stdout) == (one.returncode, one.stdout), there.stderr


def test_a_worker_killed_in_the_middle_of_analyse_costs_only_time(real_cluster):
    address, workers = real_cluster
    args = ["analyse", "samples/club-night.bpn", "--deal", "1", "--format", "json"]
    expected = _bpn(*args, "--jobs", "1")
    assert expected.returncode == 0 and b'"plays"' in expected.stdout
    run = subprocess.Popen([str(BIN / "bpn"), *args, "--scheduler", address], cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    killed = None
    with distributed.Client(address, timeout=30) as client:
        pids = client.run(os.getpid)
        deadline = time.monotonic() + 60
        while killed is None and time.monotonic() < deadline and run.poll() is None:
            busy = [addr for addr, keys in client.processing().items() if keys]
            if busy:
                killed = pids[busy[0]]
                os.kill(killed, signal.SIGKILL)
            time.sleep(0.05)
    out, err = run.communicate(timeout=600)
    assert killed in {w.pid for w in workers}, "no worker was caught working"
    assert run.returncode == 0, err
    assert out == expected.stdout


def test_ctrl_c_cancels_the_work_on_the_cluster(real_cluster):
    address, _ = real_cluster
    run = subprocess.Popen([str(BIN / "bpn"), "analyse", "samples/club-night.bpn", "--format", "json",
                            "--scheduler", address], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def tasks(dask_scheduler):
        return len(dask_scheduler.tasks)

    with distributed.Client(address, timeout=30) as client:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(client.processing().values()):
            time.sleep(0.05)
        assert client.run_on_scheduler(tasks) > 0, "the run never reached the cluster"
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
        assert run.returncode != 0 and out == b""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and client.run_on_scheduler(tasks):
            time.sleep(0.1)
        assert client.run_on_scheduler(tasks) == 0  # nothing left queued or running for the run
