"""`bpn convert` places a fault in JSON input as `bpn validate` does: FILE:LINE:COL and
a code, the same line and column for the same fault."""

import json

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


# ---- the version line of BPN written (BPN 1.1 §1) -----------------------------------------

WHIST = """[Event "Whist evening"]
[Game "Whist"]
[Board "1"]
[Dealer "1"]
"""


def _mixed() -> str:
    """A BPN 1.0 file whose Bismarck deal is followed by a Whist deal (which needs 1.1)."""
    return EXAMPLE + "\n" + WHIST


@pytest.mark.parametrize("via", ["bpn", "jsonl", "json"])
@pytest.mark.parametrize("stdin", [False, True], ids=["file", "stdin"])
def test_a_later_deal_that_needs_1_1_makes_the_version_line_1_1(tmp_path, via, stdin):
    """The writer picked the version line from the first deal of the stream, so a
    Whist deal after a Bismarck one was written under '% BPN 1.0'."""
    assert EXAMPLE.startswith("% BPN 1.0")
    path = tmp_path / f"mixed.{via}"
    if via == "bpn":
        path.write_text(_mixed(), encoding="utf-8")
    else:
        made = runner.invoke(app, ["convert", "-", "--to", via, "-o", str(path)], input=_mixed())
        assert made.exit_code == 0, made.output
    args = ["convert", "-" if stdin else str(path), "--to", "bpn"]
    result = runner.invoke(app, args, input=path.read_bytes() if stdin else None)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("% BPN 1.1\n")
    assert result.stdout.count('[Game "Whist"]') == 1 and result.stdout.count("[Event ") >= 2


def test_all_bismarck_1_0_stays_1_0_and_several_inputs_are_looked_at_whole(tmp_path):
    first = tmp_path / "a.bpn"
    first.write_text(EXAMPLE, encoding="utf-8")
    second = tmp_path / "b.bpn"
    second.write_text("% BPN 1.0\n" + WHIST, encoding="utf-8")
    alone = runner.invoke(app, ["convert", str(first), "--to", "bpn"])
    assert alone.exit_code == 0 and alone.stdout.startswith("% BPN 1.0\n")
    both = runner.invoke(app, ["convert", str(first), str(second), "--to", "bpn"])
    assert both.exit_code == 0 and both.stdout.startswith("% BPN 1.1\n")


# ---- the declared version in JSON ----------------------------------------------------------

@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_a_declared_1_1_survives_bpn_json_bpn(tmp_path, to):
    """An all-Bismarck file declared '% BPN 1.1' came back from JSON as '% BPN 1.0'."""
    declared = EXAMPLE.replace("% BPN 1.0", "% BPN 1.1", 1)
    assert declared.startswith("% BPN 1.1\n")
    src = tmp_path / "night.bpn"
    src.write_text(declared, encoding="utf-8")
    middle = tmp_path / f"night.{to}"
    assert runner.invoke(app, ["convert", str(src), "--to", to, "-o", str(middle)]).exit_code == 0
    back = runner.invoke(app, ["convert", str(middle), "--to", "bpn"])
    assert back.exit_code == 0 and back.stdout.startswith("% BPN 1.1\n")
    assert runner.invoke(app, ["validate", str(middle), "--quiet"]).exit_code == 0


def test_the_declared_version_is_on_the_first_deal_only_and_optional():
    declared = jsonio.dumps(parse(EXAMPLE.replace("% BPN 1.0", "% BPN 1.1", 1) + "\n" + WHIST))
    first, second = json.loads(declared)["deals"]
    assert first["bpn_version"] == "1.1" and "bpn_version" not in second
    plain = json.loads(jsonio.dumps(parse(EXAMPLE)))["deals"][0]
    assert "bpn_version" not in plain
    assert [d.version for d in jsonio.loads(declared)] == ["1.1", None]
    assert jsonio.loads(jsonio.dumps(parse(EXAMPLE)))[0].version is None  # old JSON still reads


@pytest.mark.parametrize("lines", [False, True], ids=["json", "jsonl"])
def test_json_nested_too_deeply_is_placed_where_convert_places_it(tmp_path, lines):
    """validate put JSON nested too deeply at 1:1; convert at the bracket that goes too deep."""
    deep = "[" * 5_000 + "]" * 5_000
    first = "".join(jsonio.iter_jsonl(parse(EXAMPLE)))
    path = tmp_path / ("deep.jsonl" if lines else "deep.json")
    path.write_text(first + deep + "\n" if lines else "\n  " + deep, encoding="utf-8")
    where = f"{path}:2:101:" if lines else f"{path}:2:103:"
    checked = runner.invoke(app, ["validate", str(path), "--quiet"])
    assert checked.exit_code == 1 and f"{where} BPN001 error: JSON nested more than 100 levels deep" in checked.stdout
    converted = runner.invoke(app, ["convert", str(path), "--to", "bpn"])
    assert converted.exit_code == 1  # the same exit as validate's (it was 2)
    assert converted.stderr == f"bpn: {checked.stdout.strip()}; nothing was written\n"


@pytest.mark.parametrize("lines", [False, True], ids=["json", "jsonl"])
def test_convert_reports_every_schema_fault_as_validate_does(tmp_path, lines):
    """convert stopped at the first fault; validate gave them all. Now convert gives
    validate's lines, each after ``bpn:``, and writes nothing."""
    good = "".join(jsonio.iter_jsonl(parse(EXAMPLE)))
    if lines:
        text = good + '{"tags": 3}\n' + good + '[[[\n' + good.replace('"value":"Stockholm"', '"value":7', 1)
    else:
        text = ('{"format": "bpn-json", "version": 2, "deals": [\n {"number": 1, "comments": [], "tags": 3},\n'
                ' {"number": 2, "comments": 5, "tags": []}\n]}\n')
    path = tmp_path / ("bad.jsonl" if lines else "bad.json")
    path.write_text(text, encoding="utf-8")
    checked = runner.invoke(app, ["validate", str(path), "--quiet"]).stdout.strip().splitlines()
    assert len(checked) == (3 if lines else 2)
    out = tmp_path / "out.bpn"
    converted = runner.invoke(app, ["convert", str(path), "--to", "bpn", "-o", str(out)])
    assert converted.exit_code == 1 and not out.exists()
    assert converted.stderr.strip().splitlines() == [f"bpn: {line}" for line in checked[:-1]] + [
        f"bpn: {checked[-1]}; nothing was written to {out}"]


def test_json_lines_that_do_not_fit_the_schema_are_still_reported_after_the_look_for_1_1(tmp_path):
    """The look for BPN 1.1 reads JSON Lines without the schema; a line it cannot read
    ends the look, and the conversion reports the fault as before."""
    path = tmp_path / "bad.jsonl"
    good = "".join(jsonio.iter_jsonl(parse(EXAMPLE)))
    path.write_text(good + '{"tags": 3, "comments": [{"kind": ";", "text": "Game"}]}\n', encoding="utf-8")
    result = runner.invoke(app, ["convert", str(path), "--to", "bpn"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"bpn: {path}:2:10: BPN001 error: $.tags: 3 is not of type 'array'" in result.stderr
