"""bpn fmt, bpn convert and bpn schema, through typer's test runner, and the samples'
round trips."""

import json
import os
import stat

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from bismarck_pbn import parse, read_file

from bismarck_pbn.convert import jsonio
from bismarck_pbn.cli import app
from bismarck_pbn.format.writer import dumps
from conftest import EXAMPLE, ROOT

SAMPLES = sorted((ROOT / "samples").glob("*.bpn"))
runner = CliRunner()
MESSY = '[Forehand "1"]\n[Contract "spader"]  {c}\n[Play "2"]\nC3 CJ\nCT\n*\n'


@pytest.mark.slow
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_samples_are_canonical_and_round_trip_through_json(sample):
    text = sample.read_text(encoding="utf-8")
    deals = parse(text)
    assert dumps(deals) == text
    doc = json.loads(jsonio.dumps(deals, with_replay=True))
    Draft202012Validator(jsonio.schema()).validate(doc)
    assert dumps(jsonio.loads(json.dumps(doc))) == text


def test_fmt_prints_canonical_text(tmp_path):
    f = tmp_path / "a.bpn"
    f.write_text(MESSY)
    result = runner.invoke(app, ["fmt", str(f)])
    assert result.exit_code == 0
    assert result.stdout == ('% BPN 1.0\n[Forehand "1"]\n[Contract "Spader"] {c}\n[Trump "S"]\n'
                             '[Play "2"]\nC3 CJ CT\n*\n')


def test_fmt_check_names_files_that_are_not_canonical(tmp_path):
    good, bad = tmp_path / "good.bpn", tmp_path / "bad.bpn"
    good.write_text(EXAMPLE)
    bad.write_text(MESSY)
    result = runner.invoke(app, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{bad}: not canonical" in result.stdout and str(good) not in result.stdout
    assert runner.invoke(app, ["fmt", "--check", str(good)]).exit_code == 0


def test_fmt_diff(tmp_path):
    f = tmp_path / "a.bpn"
    f.write_text(MESSY)
    result = runner.invoke(app, ["fmt", "--diff", str(f)])
    assert result.exit_code == 0
    assert '-[Contract "spader"]  {c}\n+[Contract "Spader"] {c}\n' in result.stdout


def test_fmt_in_place_is_atomic_and_keeps_permissions(tmp_path):
    f = tmp_path / "a.bpn"
    f.write_text(MESSY)
    os.chmod(f, 0o640)
    result = runner.invoke(app, ["fmt", "--in-place", str(f)])
    assert result.exit_code == 0
    assert f.read_text() == dumps(parse(MESSY))
    assert stat.S_IMODE(f.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["a.bpn"]  # no temporary file left
    again = runner.invoke(app, ["fmt", "--check", str(f)])
    assert again.exit_code == 0


def test_fmt_refuses_a_file_with_syntax_errors(tmp_path):
    f = tmp_path / "a.bpn"
    original = '[Forehand "1"]\n[Play "2"]\nC3 XX\n'
    f.write_text(original)
    result = runner.invoke(app, ["fmt", "--in-place", str(f)])
    assert result.exit_code == 1
    assert "BPN001" in result.stderr and "not formatted" in result.stderr
    assert f.read_text() == original


def test_fmt_refuses_in_place_on_stdin():
    assert runner.invoke(app, ["fmt", "--in-place", "-"], input=MESSY).exit_code == 2


def test_fmt_reads_stdin():
    result = runner.invoke(app, ["fmt", "-"], input=MESSY)
    assert result.exit_code == 0 and result.stdout.startswith("% BPN 1.0\n")


def test_convert_both_ways(tmp_path):
    src = tmp_path / "a.bpn"
    src.write_text(EXAMPLE)
    out = tmp_path / "a.json"
    assert runner.invoke(app, ["convert", str(src), "--to", "json", "-o", str(out)]).exit_code == 0
    Draft202012Validator(jsonio.schema()).validate(json.loads(out.read_text()))
    back = runner.invoke(app, ["convert", str(out), "--to", "bpn"])
    assert back.exit_code == 0 and back.stdout == EXAMPLE


def test_convert_jsonl_with_replay_from_stdin():
    result = runner.invoke(app, ["convert", "-", "--to", "jsonl", "--with-replay"], input=EXAMPLE)
    assert result.exit_code == 0
    (line,) = result.stdout.splitlines()
    deal = json.loads(line)
    assert deal["result"]["score"] == [-4, -2, 6]
    assert deal["play"]["tricks"][0]["winner"] == 3
    back = runner.invoke(app, ["convert", "-", "--to", "bpn"], input=result.stdout)
    assert back.exit_code == 0 and back.stdout == EXAMPLE


def test_convert_reports_the_json_path_of_a_schema_fault(tmp_path):
    doc = json.loads(jsonio.dumps(parse(EXAMPLE)))
    doc["deals"][0]["play"]["tricks"][3]["cards"][1]["card"] = "H1"
    src = tmp_path / "bad.json"
    src.write_text(json.dumps(doc))
    out = tmp_path / "out.bpn"
    result = runner.invoke(app, ["convert", str(src), "--to", "bpn", "-o", str(out)])
    assert result.exit_code == 1
    assert "$.deals[0].play.tricks[3].cards[1].card" in result.stderr
    assert not out.exists()


def test_convert_refuses_syntax_errors_and_writes_nothing(tmp_path):
    src = tmp_path / "a.bpn"
    src.write_text('[Forehand "1"]\n[Play "2"]\nC3 XX\n')
    out = tmp_path / "a.json"
    result = runner.invoke(app, ["convert", str(src), "--to", "json", "-o", str(out)])
    assert result.exit_code == 1 and "BPN001" in result.stderr and not out.exists()


def test_convert_missing_input_is_a_usage_error(tmp_path):
    assert runner.invoke(app, ["convert", str(tmp_path / "nope.bpn"), "--to", "json"]).exit_code == 2


def test_schema_command_prints_the_shipped_schema():
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == jsonio.schema()
    Draft202012Validator.check_schema(jsonio.schema())


def test_read_file_streams_samples():
    assert sum(1 for _ in read_file(ROOT / "samples" / "club-night.bpn")) == 12


@pytest.mark.slow
@pytest.mark.parametrize("args, copies", [(["convert", "--to", "jsonl"], 1), (["replay", "--plain"], 1),
                                          (["validate", "--format", "json"], 20), (["standings"], 4)],
                         ids=lambda a: a[0] if isinstance(a, list) else "")
def test_a_reader_that_stops_early_ends_the_command_quietly_with_status_141(tmp_path, args, copies):
    """`bpn convert big.bpn --to jsonl | head -1`: typer (and rich, for standings) took the
    broken pipe for a failure and exited 1, which a script reads as 'records with errors';
    validate said 'cannot read: Broken pipe' and exited 2. Now 141 (a SIGPIPE's status, as
    git gives) and nothing on standard error."""
    import subprocess
    import sys

    big = tmp_path / "big.bpn"
    big.write_text((ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8") * 20, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "bismarck_pbn", *args, *[str(big)] * copies],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # the reader goes away with most of the output unread
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 141
    assert b"Broken pipe" not in err and b"cannot read" not in err


@pytest.mark.parametrize("args", [["--check"], ["--in-place"], []], ids=["check", "in-place", "print"])
def test_fmt_of_a_directory_without_bpn_files_is_exit_2_as_in_validate(tmp_path, args):
    """`bpn fmt --check records/` on a directory with no .bpn file (a wrong directory, the
    files named .txt) exited 0, 'all canonical', so a CI check passed having checked
    nothing; bpn validate says 'nothing was checked' and exits 2 there, and so does fmt."""
    (tmp_path / "notes.txt").write_text("not a record\n")
    result = runner.invoke(app, ["fmt", *args, str(tmp_path)])
    assert result.exit_code == 2
    assert f"bpn: no BPN file found in {tmp_path}: nothing was formatted" in result.stderr
