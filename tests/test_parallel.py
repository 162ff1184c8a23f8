"""check.parallel: the same diagnostics, in the same order, as one process. (bpn
validate no longer offers --jobs: two processes did not give 1.6x on two cores; see
benchmarks/README.md.)"""

import random

import genbpn
from bismarck_pbn import parse, validate_text
from bismarck_pbn.check import parallel
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
    got = [d for _, diags in parallel.validate_paths([(str(path), path)], 2, counts) for d in diags]
    assert got == expected
    assert counts[str(path)] == len([d for d in parse(text) if d.tags])


def test_validate_has_no_jobs_option():
    result = CliRunner().invoke(app, ["validate", "--jobs", "2", "x.bpn"])
    assert result.exit_code == 2 and "No such option" in result.output
