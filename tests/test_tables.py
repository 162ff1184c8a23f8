"""The deals and cards tables: bpn convert --to parquet, and bismarck_pbn.dask."""

from pathlib import Path

import pytest

from bismarck_pbn.convert import tables
from cli_run import run_cli

pq = pytest.importorskip("pyarrow.parquet")

ROOT = Path(__file__).resolve().parent.parent
CLUB = str(ROOT / "samples" / "club-night.bpn")


def test_parquet_tables_hold_every_deal_and_card(tmp_path):
    one = tmp_path / "one"
    code, out, err = run_cli(["convert", CLUB, "--to", "parquet", "-o", str(one), "--jobs", "1"])
    assert code == 0 and out == "" and "12 deals" in err
    deals = pq.read_table(one / "deals.parquet").to_pylist()
    assert [c for c, _, _ in tables.DEAL_COLUMNS] == pq.read_schema(one / "deals.parquet").names
    club = [d for d in deals if d["file"] == CLUB]
    assert len(club) == 12 and {d["session"] for d in club} == {club[0]["line"]}
    assert club[0]["contract"] == "Valfri" and club[0]["tricks"] == [7, 4, 5] and club[0]["total"] == [3, -4, 1]
    cards = pq.read_table(one / "cards.parquet").to_pylist()
    first = [c for c in cards if c["file"] == CLUB and c["line"] == club[0]["line"]]
    assert len(first) == 48 and sum(c["won"] for c in first) == 16  # one winner a trick
    assert first[0] == {"file": CLUB, "line": club[0]["line"], "trick": 1, "position": 1, "seat": 3,
                        "card": "C2", "won": False, "cost": None}


def test_a_large_file_is_cut_at_a_session_start(tmp_path, monkeypatch):
    text = Path(CLUB).read_text()
    path = tmp_path / "three.bpn"
    path.write_text(text + "\n" + text + "\n" + text)
    monkeypatch.setattr(tables, "WHOLE", 0)
    monkeypatch.setattr(tables, "BATCH", 5)  # 5 deals, then the next Board 1
    cut = [len(chunks) for chunks, _ in tables.batches(path)]
    assert len(cut) == 3 and sum(cut) >= 36
    rows = [tables.batch_rows(c, ctx, "x")[0] for c, ctx in tables.batches(path)]
    whole = tables.rows(tables.read_batch([c for chunks, _ in tables.batches(path) for c in chunks], {}), "x")[0]
    assert [r for part in rows for r in part] == whole  # the same totals and errors as the whole file


@pytest.mark.slow
def test_parquet_tables_are_the_same_whatever_the_jobs(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    inputs = [CLUB, str(ROOT / "samples" / "bid-whist" / "rent-party.bpn")]
    assert run_cli(["convert", *inputs, "--to", "parquet", "-o", str(one), "--jobs", "1"])[0] == 0
    assert run_cli(["convert", *inputs, "--to", "parquet", "-o", str(two), "--jobs", "2"])[0] == 0
    for name in ("deals.parquet", "cards.parquet"):
        assert pq.read_table(one / name).equals(pq.read_table(two / name))


@pytest.mark.parametrize("args, says", [
    (["--to", "parquet"], "give -o DIR"),
    (["--to", "json", "--dd"], "give --to parquet"),
])
def test_parquet_usage_errors(args, says):
    code, out, err = run_cli(["convert", CLUB, *args])
    assert code == 2 and says in err and out == ""


@pytest.mark.slow
def test_the_dask_library_gives_the_same_tables(tmp_path):
    pytest.importorskip("dask.dataframe")
    import pyarrow as pa

    from bismarck_pbn.dask import DEAL_SCHEMA, cards_frame, deals_frame, read_bpn

    text = Path(CLUB).read_text()
    two = tmp_path / "two.bpn"
    two.write_text(text[: text.rindex("\n\n", 0, text.index('[Board "3"]'))] + "\n")  # two quick deals
    bag = read_bpn([str(two)])
    assert bag.filter(lambda d: bool(d.tags)).count().compute() == 2
    frame = deals_frame(bag).compute()
    assert run_cli(["convert", str(two), "--to", "parquet", "-o", str(tmp_path), "--jobs", "1"])[0] == 0
    assert pa.Table.from_pandas(frame, schema=DEAL_SCHEMA, preserve_index=False).equals(
        pq.read_table(tmp_path / "deals.parquet"))
    cards = cards_frame(bag, dd=True).compute()
    assert len(cards) == len(pq.read_table(tmp_path / "cards.parquet"))
    assert cards.cost.notna().sum() > 0  # analysed: what each card cost
    assert deals_frame(bag, dd=True).compute().dd_tricks.notna().all()


def test_convert_reads_a_directory_as_its_bpn_files(tmp_path):
    (tmp_path / "a").mkdir()
    code, out, err = run_cli(["convert", str(tmp_path / "a"), "--to", "jsonl"])
    assert code == 2 and "no BPN file found" in err and out == ""
    (tmp_path / "a" / "night.bpn").write_text(Path(CLUB).read_text())
    code, out, _ = run_cli(["convert", str(tmp_path / "a"), "--to", "jsonl"])
    assert code == 0 and out.count("\n") == 12


@pytest.mark.slow
def test_the_readme_duckdb_example_runs_as_written(tmp_path):
    """The README's two lines, on a copy of the samples as the archive (skipped without
    DuckDB, which is no dependency of the package)."""
    import re
    import shutil
    import subprocess
    import sys

    pytest.importorskip("duckdb")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(bpn convert archive/ --to parquet[^\n]*\n[^\n]*duckdb[^\n]*)\n```", readme)
    assert block, "the README's DuckDB example is gone"
    shutil.copytree(ROOT / "samples", tmp_path / "archive", ignore=shutil.ignore_patterns("invalid"))
    bin_dir = Path(sys.executable).parent
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path)}
    for line in block.group(1).splitlines():
        done = subprocess.run(line, shell=True, cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, (line, done.stderr)
    assert "Spel" in done.stdout and "avg(errors)" in done.stdout, done.stdout
