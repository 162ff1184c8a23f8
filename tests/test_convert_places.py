"""`bpn convert` places a fault in JSON input as `bpn validate` does: FILE:LINE:COL and
a code, the same line and column for the same fault."""

import pytest
from typer.testing import CliRunner

from bismarck_pbn import parse
from bismarck_pbn.cli import app
from bismarck_pbn.convert import jsonio
from conftest import EXAMPLE

runner = CliRunner()

DOCUMENT = '{"format": "bpn-json", "version": 2,\n "deals": [\n  {"number": 1, "comments": [], "tags": 3}\n]}\n'


def _line(args) -> str:
    """The first problem a command reports (validate on standard output, convert on error)."""
    result = runner.invoke(app, list(map(str, args)))
    assert "Traceback" not in result.output and result.exit_code == 1
    return (result.stdout if args[0] == "validate" else result.stderr).strip().splitlines()[0]


def _jsonl_with_bad_value() -> str:
    good = "".join(jsonio.iter_jsonl(parse(EXAMPLE)))
    return good + good.replace('"value":"Stockholm"', '"value":7', 1)


@pytest.mark.parametrize("name, text", [("bad.json", DOCUMENT), ("bad.jsonl", _jsonl_with_bad_value())])
def test_a_schema_fault_has_the_place_and_code_validate_gives(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    checked = _line(["validate", path, "--quiet"])
    converted = _line(["convert", path, "--to", "bpn"])
    assert checked.startswith(f"{path}:") and " BPN001 error: $." in checked
    assert converted == f"bpn: {checked}; nothing was written"


def test_the_library_error_carries_line_and_column():
    with pytest.raises(jsonio.SchemaError) as caught:
        jsonio.loads(DOCUMENT)
    error = caught.value
    assert (error.line, error.column, error.where) == (3, 41, "$.deals[0].tags")
    assert error.at("x.json") == "x.json:3:41: BPN001 error: $.deals[0].tags: 3 is not of type 'array'"


def _with_bad_byte(text: str) -> tuple[bytes, int]:
    """``text`` (UTF-8, 'Stockholm' in it) with a Latin-1 'ö' put in the first
    'Stockholm' after an 'é' (two bytes, one character), and the column of the bad
    byte counted in characters."""
    data = text.replace("Stockholm", "Stéckholm", 1).encode("utf-8").replace("é".encode(), "é".encode() + b"\xf6", 1)
    at = data.index(b"\xf6")
    line_start = data.rfind(b"\n", 0, at) + 1
    return data, len(data[line_start:at].decode("utf-8")) + 1


@pytest.mark.parametrize("lines", [False, True], ids=["json", "jsonl"])
def test_bad_utf8_in_json_is_placed_at_its_line_and_column(tmp_path, lines):
    text = "".join(jsonio.iter_jsonl(parse(EXAMPLE))) * 2 if lines else jsonio.dumps(parse(EXAMPLE))
    data, column = _with_bad_byte(text)
    path = tmp_path / ("bad.jsonl" if lines else "bad.json")
    path.write_bytes(data)
    line = data[: data.index(b"\xf6")].count(b"\n") + 1
    offset = data.index(b"\xf6")
    checked = runner.invoke(app, ["validate", str(path), "--quiet"]).stdout
    assert f"{path}:{line}:{column}: BPN003 error: the file is not valid UTF-8 at byte offset {offset}" in checked
    converted = runner.invoke(app, ["convert", str(path), "--to", "bpn"])
    assert converted.exit_code == 2
    assert f"bpn: {path}:{line}:{column}: BPN003 error: not valid UTF-8 at byte offset {offset}" in converted.stderr
