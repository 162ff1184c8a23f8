"""``bpn validate`` through typer's test runner (and once through ``python -m``).

Exit status: 0 clean, 1 errors (or warnings under --strict), 2 a path that cannot be
read. Text output: one line per problem, ``path:line:col: CODE severity: message``.
JSON output: an array of objects with path, line, column, code, severity, message.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bismarck_pbn.cli import app
from bismarck_pbn.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
INVALID = SAMPLES / "invalid"
CLEAN = SAMPLES / "club-night.bpn"
ERRORS = INVALID / "BPN502-discarded-card.bpn"      # one error at 35:7
WARNING_ONLY = INVALID / "BPN104-unknown-tag.bpn"   # one warning at 19:1
INFO_ONLY = INVALID / "BPN704-tie-no-tiebreak.bpn"  # one info

LINE = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<col>\d+): (?P<code>BPN\d{3}) "
                  r"(?P<severity>error|warning|info): (?P<message>\S.*)$")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | bytes | None = None):
    result = runner.invoke(app, ["validate", *args], input=input)
    # a clean exit is 0/1/2 through typer.Exit, never an escaped exception
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def problem_lines(text: str) -> list[re.Match]:
    return [m for m in map(LINE.match, text.splitlines()) if m]


# ---- exit status -----------------------------------------------------------------------

def test_clean_file_exits_0(runner) -> None:
    result = run(runner, str(CLEAN))
    assert result.exit_code == 0
    # the one line is the claim in the last deal, reported as info
    assert [(m["code"], m["severity"]) for m in problem_lines(result.stdout)] == [("BPN506", "info")]


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.bpn")), ids=lambda p: p.name)
def test_every_valid_sample_exits_0(runner, path: Path) -> None:
    assert run(runner, str(path)).exit_code == 0


def test_errors_exit_1(runner) -> None:
    assert run(runner, str(ERRORS)).exit_code == 1


def test_missing_file_exits_2(runner, tmp_path) -> None:
    missing = tmp_path / "no-such.bpn"
    result = run(runner, str(missing))
    assert result.exit_code == 2
    assert "no-such.bpn" in result.output
    assert "Traceback" not in result.output


def test_missing_file_beside_a_good_one_still_exits_2(runner, tmp_path) -> None:
    result = run(runner, str(CLEAN), str(tmp_path / "gone.bpn"))
    assert result.exit_code == 2


def test_info_alone_exits_0_even_strict(runner) -> None:
    assert run(runner, str(INFO_ONLY)).exit_code == 0
    assert run(runner, "--strict", str(INFO_ONLY)).exit_code == 0


def test_strict_turns_a_warning_into_exit_1(runner) -> None:
    plain = run(runner, str(WARNING_ONLY))
    assert plain.exit_code == 0
    assert [m["code"] for m in problem_lines(plain.stdout)] == ["BPN104"]
    strict = run(runner, "--strict", str(WARNING_ONLY))
    assert strict.exit_code == 1


# ---- text output ------------------------------------------------------------------------

def test_text_line_format(runner) -> None:
    result = run(runner, str(ERRORS))
    lines = problem_lines(result.stdout)
    assert len(lines) == 1
    m = lines[0]
    assert m["path"] == str(ERRORS)
    assert (int(m["line"]), int(m["col"]), m["code"], m["severity"]) == (35, 7, "BPN502", "error")
    assert "H4" in m["message"]
    # nothing else on stdout but problem lines (the summary goes to stderr)
    assert [ln for ln in result.stdout.splitlines() if ln.strip()] == [m.group(0)]


def test_every_stdout_line_is_a_problem_line(runner) -> None:
    result = run(runner, str(INVALID))
    out = [ln for ln in result.stdout.splitlines() if ln.strip()]
    assert out and all(LINE.match(ln) for ln in out), [ln for ln in out if not LINE.match(ln)]
    assert {LINE.match(ln)["code"] for ln in out} == set(CODES) - {"BPN106"}  # (JSON import only)


# ---- json output ------------------------------------------------------------------------

def test_json_output(runner) -> None:
    result = run(runner, "--format", "json", str(ERRORS), str(WARNING_ONLY))
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 2
    for item in data:
        assert set(item) == {"path", "line", "column", "code", "severity", "message"}
        assert isinstance(item["line"], int) and isinstance(item["column"], int)
        assert item["severity"] == CODES[item["code"]][0]
        assert item["message"]
    assert {(d["path"], d["line"], d["column"], d["code"], d["severity"]) for d in data} == {
        (str(ERRORS), 35, 7, "BPN502", "error"), (str(WARNING_ONLY), 19, 1, "BPN104", "warning")}


def test_json_clean_has_only_the_claim(runner) -> None:
    result = run(runner, "--format", "json", str(CLEAN))
    assert result.exit_code == 0
    assert [(d["code"], d["message"]) for d in json.loads(result.stdout)] == [
        ("BPN506", "claim after trick 11: Tricks 8 7 1")]


def test_json_keeps_non_ascii(runner) -> None:
    result = run(runner, "-f", "json", str(INVALID / "BPN003-latin1-byte.bpn"))
    data = json.loads(result.stdout)
    assert [d["code"] for d in data] == ["BPN003"]


# ---- inputs ---------------------------------------------------------------------------

def test_directory_finds_bpn_files_below_it(runner, tmp_path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "top.bpn").write_bytes(ERRORS.read_bytes())
    (tmp_path / "a" / "b" / "deep.bpn").write_bytes(WARNING_ONLY.read_bytes())
    (tmp_path / "a" / "notes.txt").write_bytes(b"\xff\xfe not a record [[[")
    (tmp_path / "a" / "clean.bpn").write_bytes(CLEAN.read_bytes())
    result = run(runner, "--format", "json", str(tmp_path))
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert {Path(d["path"]).name for d in data if d["severity"] != "info"} == {"top.bpn", "deep.bpn"}
    assert all("notes.txt" not in d["path"] for d in data)


def test_directory_of_invalid_samples(runner) -> None:
    result = run(runner, "-f", "json", str(INVALID))
    names = {Path(d["path"]).name for d in json.loads(result.stdout)}
    assert names == {p.name for p in INVALID.glob("*.bpn")}


def test_stdin(runner) -> None:
    result = run(runner, "-", input=ERRORS.read_bytes())
    assert result.exit_code == 1
    lines = problem_lines(result.stdout)
    assert [(int(m["line"]), int(m["col"]), m["code"]) for m in lines] == [(35, 7, "BPN502")]
    assert lines[0]["path"] != str(ERRORS)


def test_stdin_clean(runner) -> None:
    result = run(runner, "-", input=CLEAN.read_text(encoding="utf-8"))
    assert result.exit_code == 0


def test_stdin_invalid_utf8(runner) -> None:
    result = run(runner, "-", input=(INVALID / "BPN003-latin1-byte.bpn").read_bytes())
    assert result.exit_code == 1
    assert [(int(m["line"]), int(m["col"]), m["code"]) for m in problem_lines(result.stdout)] == \
        [(3, 9, "BPN003")]


# ---- garbage --------------------------------------------------------------------------

GARBAGE = [random.Random(seed).randbytes(random.Random(seed).randint(1, 4000)) for seed in range(12)]
GARBAGE += [b"[[[[", b'[Play "2"]\nC3 C3 C3 C3 ^R ^R $999 !!!!', b"{" * 50, b"\x00" * 100,
            b'[Deal "1:' + b"A" * 300 + b'"]', b"\xef\xbb\xbf\r\n\r\n*\r\n", b"}" * 10]


@pytest.mark.parametrize("data", GARBAGE, ids=range(len(GARBAGE)))
def test_garbage_gives_no_traceback(runner, tmp_path, data: bytes) -> None:
    path = tmp_path / "garbage.bpn"
    path.write_bytes(data)
    for args, inp in (((str(path),), None), (("-",), data), (("-f", "json", str(path)), None)):
        result = run(runner, *args, input=inp)
        assert result.exit_code in (0, 1), result.output
        assert "Traceback" not in result.output
        if "json" in args:
            json.loads(result.stdout)


def test_garbage_through_python_m(tmp_path) -> None:
    path = tmp_path / "noise.bpn"
    path.write_bytes(random.Random(99).randbytes(3000))
    proc = subprocess.run([sys.executable, "-m", "bismarck_pbn", "validate", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode in (0, 1)
    assert "Traceback" not in proc.stderr + proc.stdout


# ---- help -----------------------------------------------------------------------------

def test_python_m_help() -> None:
    proc = subprocess.run([sys.executable, "-m", "bismarck_pbn", "--help"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "validate" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_validate_help(runner) -> None:
    result = runner.invoke(app, ["validate", "--help"])
    assert result.exit_code == 0
    for option in ("--format", "--strict"):
        assert option in result.stdout


# ---- nothing to check; JSON and JSON Lines ----------------------------------------------

def test_a_directory_without_bpn_files_is_exit_2(runner, tmp_path) -> None:
    (tmp_path / "notes.txt").write_text("not a record")
    result = run(runner, str(tmp_path))
    assert result.exit_code == 2
    assert "no BPN file found" in result.stderr and "valid" not in result.stderr


def _json_of(tmp_path: Path, sample: Path, to: str) -> Path:
    out = tmp_path / (sample.stem + "." + to)
    result = CliRunner().invoke(app, ["convert", str(sample), "--to", to, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_json_is_validated_through_the_json_import(runner, tmp_path, to) -> None:
    clean = _json_of(tmp_path, CLEAN, to)
    result = run(runner, str(clean))
    assert result.exit_code == 0 and "12 deals checked" in result.stderr
    revoke = _json_of(tmp_path, INVALID / "BPN503-revoke.bpn", to)
    result = run(runner, str(revoke))
    assert result.exit_code == 1
    (m,) = problem_lines(result.stdout)
    assert m["code"] == "BPN503" and m["message"].startswith("deal 1: revoke")
    assert m["path"] == str(revoke)


def test_json_schema_faults_each_with_path_and_place(runner, tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "bpn-json", "version": 1,\n "deals": [{"tags": 3},\n  {"tags": [], "x": 1}]}\n')
    result = run(runner, str(bad))
    assert result.exit_code == 1
    lines = problem_lines(result.stdout)
    assert [(m["line"], m["col"], m["code"]) for m in lines] == [("2", "21", "BPN001"), ("3", "3", "BPN001")]
    assert "$.deals[0].tags: 3 is not of type 'array'" in lines[0]["message"]
    assert "$.deals[1]" in lines[1]["message"]


def test_json_that_does_not_parse_is_one_diagnostic_at_its_place(runner, tmp_path) -> None:
    bad = tmp_path / "bad.jsonl"
    good = _json_of(tmp_path, INVALID / "BPN503-revoke.bpn", "jsonl").read_text()
    bad.write_text('{"tags": [\n' + good)
    result = run(runner, str(bad))
    found = [(m["line"], m["code"]) for m in problem_lines(result.stdout)]
    assert found == [("1", "BPN001"), ("2", "BPN503")]     # the next line is still checked


def test_json_on_standard_input_is_sniffed(runner, tmp_path) -> None:
    for to in ("json", "jsonl"):
        data = _json_of(tmp_path, INVALID / "BPN503-revoke.bpn", to).read_bytes()
        result = run(runner, "-", input=data)
        assert [m["code"] for m in problem_lines(result.stdout)] == ["BPN503"], to
    # a BPN file that opens with a comment is still BPN
    result = run(runner, "-", input=b"{a note}\n" + CLEAN.read_bytes().split(b"\n", 1)[1])
    assert result.exit_code == 0 and "12 deals" in result.stderr


def test_bpn_on_standard_input_that_opens_with_a_tag_is_bpn(runner) -> None:
    """A BPN file whose first line is a tag pair (no version line, no comment) was read as
    a JSON array, and every deal was lost to one JSON syntax fault."""
    data = CLEAN.read_bytes()
    body = data[data.index(b"[Event"):]    # no version line, no opening comment
    result = run(runner, "-", input=body)
    assert result.exit_code == 0 and "12 deals" in result.stderr, result.stdout


@pytest.mark.parametrize("head", ['[{"game": "Bismarck"}]', "[]", " [ [1] ]", '["x"]', "[-1]", "[null]"])
def test_a_json_array_is_still_sniffed_as_json(head) -> None:
    from bismarck_pbn.convert.jsoncheck import looks_like_json

    assert looks_like_json(head)
    assert not looks_like_json('[Event "Club night"]') and not looks_like_json("[nullable \"x\"]")


@pytest.mark.parametrize("command", ["validate", "fmt", "standings"])
def test_standard_input_named_twice_is_a_usage_error(runner, command):
    """`bpn validate - -` read standard input once and then an empty second 'file'
    ('2 files, 8 deals checked'); bpn convert already refused it. Now all do, exit 2."""
    text = (ROOT / "samples" / "short.bpn").read_text(encoding="utf-8")
    result = runner.invoke(app, [command, "-", "-"], input=text)
    assert result.exit_code == 2
    assert "- (standard input) can be given only once" in result.stderr
