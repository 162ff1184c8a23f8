"""check.parallel and bismarck_pbn.parallel: the same diagnostics, in the same order,
as one process; ``--jobs`` on the commands, byte for byte the output of ``--jobs 1``.
(The Dask cluster's tests are in test_cluster.py.)"""

import random
from pathlib import Path

import pytest

import genbpn
from bismarck_pbn import parse, validate_text
from bismarck_pbn.check import parallel
from bismarck_pbn.parallel.local import InProcess, Pool
from typer.testing import CliRunner

from bismarck_pbn.cli import app


def _file(tmp_path):
    rng = random.Random(3)
    parts = []
    for variant in ("Short", "Standard", "Grand FixedKitty"):
        deals = genbpn.random_session(rng, variant)
        text = genbpn.to_bpn(deals, header=False)
        # later deals leave the session tags out: they must be inherited, and the
        # variant decides what is legal (Short has no Spader)
        blocks = text.split("\n\n")
        for i in range(1, len(blocks)):
            blocks[i] = "\n".join(l for l in blocks[i].split("\n")
                                  if not l.startswith(("[Event", "[Variant", "[Site", "[Date")))
        parts.append("\n\n".join(blocks))
    text = "% BPN 1.0\n" + "\n".join(parts)
    # a decoy: a tag pair inside a comment, which a plain scan would take for a real one
    text = text.replace('[Board "3"]', '[Board "3"] {was [Variant "Grand"] last year}', 1)
    # some planted faults
    text = text.replace('[Board "5"]', '[Board "6"]', 1).replace(" S2 ", " S3 ", 1)
    path = tmp_path / "big.bpn"
    path.write_text(text)
    return path, text


def test_parallel_batches_give_the_same_diagnostics(tmp_path, monkeypatch):
    path, text = _file(tmp_path)
    expected = [d._replace(path=str(path)) for d in validate_text(text)]
    assert expected  # the planted faults are found
    monkeypatch.setattr(parallel, "BIG_FILE", 0)  # split even this small file
    monkeypatch.setattr(parallel, "BATCH", 5)
    counts = {}
    with Pool(2) as pool:
        got = [d for _, diags in parallel.validate_paths([(str(path), path)], pool, counts) for d in diags]
    assert got == expected
    assert counts[str(path)] == len([d for d in parse(text) if d.tags])


def _square(x):
    return x * x


def test_a_pool_gives_results_in_order_with_few_items_in_flight():
    taken = []

    def items():
        for i in range(40):
            taken.append(i)
            yield (i,)

    with Pool(2) as pool:
        got = []
        for result in pool.map(_square, items(), ahead=3):
            got.append(result)
            assert len(taken) - len(got) <= 4  # the bound holds: memory stays flat
    assert got == [i * i for i in range(40)]
    assert list(InProcess().map(_square, [(3,), (4,)])) == [9, 16]


def _run(args):
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stdout


@pytest.mark.slow
def test_validate_with_jobs_writes_what_one_process_writes(tmp_path, monkeypatch):
    path, _ = _file(tmp_path)
    other = tmp_path / "other.bpn"
    other.write_text(path.read_text()[:4000].rsplit("\n\n", 1)[0] + "\n")
    monkeypatch.setattr(parallel, "BIG_FILE", 5000)  # big.bpn is split, other.bpn goes whole
    monkeypatch.setattr(parallel, "BATCH", 5)
    args = ["validate", str(other), str(path), "--format", "json"]
    one = _run([*args, "--jobs", "1"])
    assert one[0] == 1 and one[1].count("BPN") >= 2
    assert _run([*args, "--jobs", "2"]) == one


def test_jobs_and_scheduler_together_are_a_usage_error():
    code, _ = _run(["validate", "samples/club-night.bpn", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert code == 2


def test_a_command_line_jobs_beats_the_environment(monkeypatch):
    monkeypatch.setenv("BPN_SCHEDULER", "tcp://127.0.0.1:9")  # nothing there: it would fail
    assert _run(["validate", "samples/club-night.bpn", "--jobs", "1", "-q"])[0] == 0


@pytest.mark.slow
def test_convert_with_jobs_writes_what_one_process_writes(tmp_path, monkeypatch):
    path, _ = _file(tmp_path)
    monkeypatch.setattr(parallel, "BATCH", 5)  # sessions and deal numbers run across batches
    args = ["convert", str(path), "samples/club-night.bpn", "--to", "jsonl", "--with-replay"]
    one = _run([*args, "--jobs", "1"])
    assert one[0] == 0 and one[1].count("\n") == 56 and '"errors":1' in one[1]
    assert _run([*args, "--jobs", "2"]) == one
    broken = tmp_path / "broken.bpn"
    broken.write_text(path.read_text().replace("[Board \"9\"]", "[Board \"9\"", 1))
    args = ["convert", str(broken), "--to", "jsonl"]
    one = _run([*args, "--jobs", "1"])
    assert one[0] == 1 and 0 < one[1].count("\n") < 20  # stopped at the syntax error, as one process stops
    assert _run([*args, "--jobs", "2"]) == one


def test_standings_with_jobs_writes_what_one_process_writes():
    files = ["samples/club-night.bpn", "samples/bid-whist/rent-party.bpn", "samples/invalid/BPN603-total-slip-midsession.bpn"]
    one = _run(["standings", *files, "--format", "csv", "--jobs", "1"])
    assert one[0] == 0 and one[1].count("Club night") == 15
    assert _run(["standings", *files, "--format", "csv", "--jobs", "2"]) == one


def test_a_file_can_be_checked_from_its_bytes_where_its_path_is_not_seen(tmp_path):
    path, text = _file(tmp_path)
    here = parallel.check_file(str(path), "utf-8")
    assert here[0] and parallel.check_file(str(path), "utf-8", path.read_bytes()) == here
    gone = parallel.check_file(str(tmp_path / "gone.bpn"), "utf-8", path.read_bytes())  # the path is not read
    assert [d._replace(path=str(path)) for d in gone[0]] == here[0] and gone[1] == here[1]
    failed = parallel.check_file(str(path), "utf-8", None, (2, "No such file or directory"))[0]
    assert isinstance(failed, OSError) and failed.strerror == "No such file or directory"


@pytest.mark.slow
def test_analyse_annotate_with_jobs_writes_the_file_one_process_writes(tmp_path):
    text = Path("samples/club-night.bpn").read_text(encoding="utf-8")
    text = text[: text.rindex("\n\n", 0, text.index('[Board "3"]'))] + "\n"  # two quick deals
    one, two = tmp_path / "one.bpn", tmp_path / "two.bpn"
    one.write_text(text)
    two.write_text(text)
    assert _run(["analyse", str(one), "--annotate", "--jobs", "1"])[0] == 0
    assert _run(["analyse", str(two), "--annotate", "--jobs", "2"])[0] == 0
    assert one.read_text() != text and two.read_text() == one.read_text()
