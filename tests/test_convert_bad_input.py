"""`bpn convert` on bad input: one line with the place, exit 2, no output file touched;
an output that is also an input is refused."""

import json

import pytest
from typer.testing import CliRunner

from bismarck_pbn import parse
from bismarck_pbn.cli import app
from bismarck_pbn.convert import jsonio
from conftest import EXAMPLE

runner = CliRunner()


@pytest.fixture
def jsonl(tmp_path):
    path = tmp_path / "night.jsonl"
    path.write_text("".join(jsonio.iter_jsonl(parse(EXAMPLE + "\n" + EXAMPLE.split("\n", 1)[1].replace(
        '[Board "1"]', '[Board "2"]')))), encoding="utf-8")
    return path


def run(*args):
    result = runner.invoke(app, ["convert", *map(str, args)])
    assert "internal error" not in result.output and "Traceback" not in result.output
    return result


@pytest.mark.parametrize("existing", [False, True])
def test_jsonl_that_is_not_utf8(tmp_path, jsonl, existing):
    first, second = jsonl.read_bytes().splitlines(keepends=True)
    jsonl.write_bytes(first + second.replace(b'"Stockholm"', '"Göteborg"'.encode("latin-1")))
    out = tmp_path / "out.bpn"
    if existing:
        out.write_text("keep me")
    result = run(jsonl, "--to", "bpn", "-o", out)
    bad = jsonl.read_bytes().index(b"\xf6")
    assert result.exit_code == 2
    column = jsonl.read_bytes().splitlines()[1].index(b"\xf6") + 1  # (the line is ASCII before it)
    assert result.stderr.strip() == (f"bpn: {jsonl}:2:{column}: BPN003 error: not valid UTF-8 at byte offset {bad} "
                                     "(byte 0xf6): "
                                     "JSON Lines are read as UTF-8")
    assert (out.read_text() == "keep me") if existing else not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["night.jsonl"] + (["out.bpn"] if existing else []))


def test_a_json_document_that_is_not_utf8(tmp_path):
    path = tmp_path / "night.json"
    path.write_bytes(jsonio.dumps(parse(EXAMPLE)).replace("Stockholm", "Göteborg").encode("latin-1"))
    result = run(path, "--to", "bpn")
    assert result.exit_code == 2 and result.stdout == ""
    assert f"bpn: {path}:" in result.stderr and "not valid UTF-8 at byte offset" in result.stderr


def test_an_unknown_encoding(tmp_path):
    src = tmp_path / "a.bpn"
    src.write_text(EXAMPLE)
    out = tmp_path / "a.json"
    result = run(src, "--to", "json", "--encoding", "nonsense", "-o", out)
    assert result.exit_code == 2 and "unknown encoding 'nonsense'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not out.exists() and [p.name for p in tmp_path.iterdir()] == ["a.bpn"]


@pytest.mark.parametrize("lines", [False, True], ids=["json", "jsonl"])
def test_json_nested_too_deeply(tmp_path, jsonl, lines):
    path = tmp_path / ("deep.jsonl" if lines else "deep.json")
    deep = "[" * 100_000 + "]" * 100_000
    path.write_text((jsonl.read_text().splitlines(keepends=True)[0] + deep + "\n") if lines else deep)
    out = tmp_path / "out.bpn"
    result = run(path, "--to", "bpn", "-o", out)
    assert result.exit_code == 1 and not out.exists()  # a fault in the input, as bpn validate's exit says
    assert run(path, "--to", "json").exit_code == 1
    where = f"{path}:2:101:" if lines else f"{path}:1:101:"
    assert result.stderr.startswith(f"bpn: {where} BPN001 error: JSON nested more than 100 levels deep")
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_library_says_nested_too_deeply_not_recursion_error():
    with pytest.raises(jsonio.UnreadableJSON) as caught:
        jsonio.loads('{"deals": ' + "[" * 50_000 + "]" * 50_000 + "}")
    assert (caught.value.line, caught.value.column) == (1, 110)  # the 101st level: { and 100 [


@pytest.mark.parametrize("same", ["itself", "a symlink to it"])
def test_an_output_that_is_an_input_is_refused(tmp_path, same):
    src = tmp_path / "night.bpn"
    src.write_text(EXAMPLE)
    out = src
    if same != "itself":
        out = tmp_path / "link.bpn"
        out.symlink_to(src)
    result = run(src, "--to", "json", "-o", out)
    assert result.exit_code == 2 and "is also an input" in result.stderr
    assert src.read_text() == EXAMPLE


def test_standard_output_stays_empty_when_the_first_input_fails(tmp_path):
    path = tmp_path / "photo.bpn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00" + bytes(range(256)))
    result = run(path, "--to", "json")
    assert result.exit_code == 1 and result.stdout == ""
    assert "not a text file" in result.stderr


def test_good_input_still_converts(tmp_path, jsonl):
    result = run(jsonl, "--to", "json")
    assert result.exit_code == 0 and len(json.loads(result.stdout)["deals"]) == 2


def test_a_syntax_error_after_good_deals_leaves_no_half_json_document_on_standard_output(tmp_path):
    """The JSON document went to standard output as the deals were read, so a syntax
    error in deal 2 left '{"format": ..., "deals": [ deal 1' there: not JSON, for jq or a
    script to choke on. Standard output now gets the whole document or nothing; JSON Lines
    (one deal a line, every line whole) and BPN still stream."""
    path = tmp_path / "night.bpn"
    path.write_text(EXAMPLE + "\n" + EXAMPLE.split("\n", 1)[1].replace('[Board "1"]', '[Board "2" @'),
                    encoding="utf-8")
    result = run(path, "--to", "json")
    assert result.exit_code == 1 and result.stdout == ""
    assert "BPN001" in result.stderr or "BPN002" in result.stderr
    lines = run(path, "--to", "jsonl")
    assert lines.exit_code == 1 and all(json.loads(line) for line in lines.stdout.splitlines())


@pytest.mark.parametrize("name", ["photo.json", "photo.jsonl"])
def test_a_json_file_that_is_not_text_is_exit_1_like_any_file_that_is_not_text(tmp_path, name):
    """A picture named .json exited 2 ('unreadable'), where the help (and every other
    command, and convert itself for a .bpn) gives 1 to a file that is not text."""
    path = tmp_path / name
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00" + bytes(range(256)))
    result = run(path, "--to", "bpn")
    assert result.exit_code == 1 and result.stdout == ""
    assert f"{path}:1:1: BPN003 error: not a text file" in result.stderr


def test_a_json_document_that_does_not_parse_names_its_line_and_column(tmp_path):
    """JSON Lines said '(column N)' for a line that does not parse, a JSON document only
    its line: now both, the column where the decoder stopped (as bpn validate gives it)."""
    path = tmp_path / "cut.json"
    path.write_text('{"format": "bpn-json", "deals": [', encoding="utf-8")
    result = run(path, "--to", "bpn")
    assert result.exit_code == 1
    assert f"bpn: {path}:1:34: BPN001 error: not JSON: Expecting value" in result.stderr


def test_with_replay_is_refused_for_bpn_output(tmp_path):
    """--with-replay adds to JSON; asked for with --to bpn it was dropped silently."""
    src = tmp_path / "a.bpn"
    src.write_text(EXAMPLE)
    result = run(src, "--to", "bpn", "--with-replay")
    assert result.exit_code == 2 and "--with-replay" in result.stderr and result.stdout == ""
