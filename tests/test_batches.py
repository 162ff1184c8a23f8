"""One large file cut into batches of deals with their session context
(check/parallel.py), each deal checked by a worker, the sessions followed in the main
process: ``validate`` gives the diagnostics of one process. (The Dask cluster's cases
are in test_cluster.py.)"""

from pathlib import Path

import pytest

from bismarck_pbn import validate_file
from bismarck_pbn.check import parallel
from bismarck_pbn.parallel.local import InProcess

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "samples").rglob("*.bpn"))


@pytest.mark.slow
def test_every_sample_validated_in_batches_gives_the_diagnostics_of_one_process(monkeypatch):
    """Swedish Whist with a träkarl among them: its session checks need the träkarl's seat."""
    monkeypatch.setattr(parallel, "BIG_FILE", 0)
    monkeypatch.setattr(parallel, "BATCH", 3)
    for path in SAMPLES:
        counts: dict[str, int] = {}
        got = [d for _, diags in parallel.validate_paths([(str(path), path)], InProcess(), counts) for d in diags]
        assert got == validate_file(path), path
