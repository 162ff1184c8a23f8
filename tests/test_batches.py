"""One large file cut into batches of deals with their session context
(check/parallel.py), each deal checked by a worker, the sessions followed in the main
process: ``validate`` gives the diagnostics of one process and ``standings`` (each deal
also scored by the worker) the sheets of ``--jobs 1``, byte for byte. (The Dask
cluster's cases are in test_cluster.py.)"""

import random
from pathlib import Path

import pytest

import genbpn
from bismarck_pbn import validate_file
from bismarck_pbn.check import parallel
from bismarck_pbn.cli import standings as cli_standings
from bismarck_pbn.parallel.local import InProcess
from bismarck_pbn.session import standings_farm
from cli_run import run_cli
from test_parallel import _file

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "samples").rglob("*.bpn"))


def _archive(tmp_path) -> Path:
    """Sessions across batches of 5: Short, Standard, then Grand FixedKitty (the variant
    changes mid-file, later deals inherit the session tags, a tag pair in a comment
    misleads the guess of the context, planted faults), a deal with no Board tag, and a
    Standard session of 13 deals whose last is a tie-break."""
    path, text = _file(tmp_path)
    tie = genbpn.random_session(random.Random(14), "Standard")
    assert len(tie) == 13  # a tie-break deal
    alone = genbpn.to_bpn(genbpn.random_session(random.Random(5), "Standard", deals=1), header=False)
    alone = "\n".join(line for line in alone.split("\n") if not line.startswith(("[Board", "[Total")))
    path.write_text(text + "\n" + alone + "\n" + genbpn.to_bpn(tie, header=False))
    return path


@pytest.mark.parametrize("batch", [pytest.param(1, marks=pytest.mark.slow), 5])
def test_the_batches_give_the_sessions_one_process_gives(tmp_path, monkeypatch, batch):
    path = _archive(tmp_path)
    monkeypatch.setattr(parallel, "BATCH", batch)
    one = cli_standings.file_standings(str(path), "utf-8")
    assert one[0] == "ok" and len(one[1]) == 4 and len(one[2]) == 1
    assert [len(s.boards) for s in one[1]][3] == 13 and sum(r.errors for s in one[1] for r in s.boards) >= 2
    assert cli_standings.big_file_standings(InProcess(), str(path), "utf-8") == one


@pytest.mark.slow
def test_every_sample_cut_into_batches_gives_what_it_gives_whole(monkeypatch):
    """Every game, the invalid samples too: their errors, a file that is not text, one in
    UTF-16, syntax errors; deals in batches of 3."""
    monkeypatch.setattr(parallel, "BATCH", 3)
    for path in SAMPLES:
        one = cli_standings.file_standings(str(path), "utf-8")
        assert cli_standings.big_file_standings(InProcess(), str(path), "utf-8") == one, path


@pytest.mark.slow
def test_every_sample_validated_in_batches_gives_the_diagnostics_of_one_process(monkeypatch):
    """Swedish Whist with a träkarl among them: its session checks need the träkarl's seat."""
    monkeypatch.setattr(parallel, "BIG_FILE", 0)
    monkeypatch.setattr(parallel, "BATCH", 3)
    for path in SAMPLES:
        counts: dict[str, int] = {}
        got = [d for _, diags in parallel.validate_paths([(str(path), path)], InProcess(), counts) for d in diags]
        assert got == validate_file(path), path


def _cli_case(tmp_path, monkeypatch) -> tuple[list[str], list[Path]]:
    """The archive, cut into batches of 5, and a small file sent whole after it; the
    files whose batches the command's main process follows are listed as it does."""
    path = _archive(tmp_path)
    small = tmp_path / "small.bpn"
    small.write_text(Path(ROOT, "samples", "short.bpn").read_text(encoding="utf-8"))
    monkeypatch.setattr(parallel, "BIG_FILE", small.stat().st_size)
    monkeypatch.setattr(parallel, "BATCH", 5)
    farmed: list[Path] = []
    real = standings_farm.farmed_standings
    monkeypatch.setattr(standings_farm, "farmed_standings", lambda *a: farmed.append(a[1]) or real(*a))
    return ["standings", str(path), str(small)], farmed


def test_standings_jobs_2_of_one_large_file_writes_what_one_process_writes(tmp_path, monkeypatch):
    args, farmed = _cli_case(tmp_path, monkeypatch)
    one = run_cli([*args, "--format", "json", "--jobs", "1"])
    assert one[0] == 0 and one[1].count('"board"') > 60 and "errors" in one[2] and not farmed
    assert run_cli([*args, "--format", "json", "--jobs", "2"]) == one
    assert [str(p) for p in farmed] == [args[1]]  # the large file went in batches


@pytest.mark.slow
@pytest.mark.parametrize("options", [["--format", "text"], ["--format", "csv"], ["--by-player"],
                                     ["--by-player", "--format", "json"]])
def test_every_format_of_a_large_file_with_jobs_is_that_of_one_process(tmp_path, monkeypatch, options):
    args, farmed = _cli_case(tmp_path, monkeypatch)
    one = run_cli([*args, *options, "--jobs", "1"])
    assert one[0] == 0 and one[1] and "errors" in one[2]
    assert run_cli([*args, *options, "--jobs", "2"]) == one and farmed
