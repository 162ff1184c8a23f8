"""What the bytes are: UTF-16/32 files are read with a warning (BPN004), and a file
that is not text gets one diagnostic from every command (format/encoding.py)."""

import gzip
import io
import shutil

import pytest
from typer.testing import CliRunner

from bismarck_pbn import parse, read_deals, validate_file
from bismarck_pbn.cli import app
from bismarck_pbn.format.encoding import sniff
from conftest import EXAMPLE, ROOT

runner = CliRunner()
CLUB = ROOT / "samples" / "club-night.bpn"
BINARY = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 12
GZIPPED = gzip.compress(EXAMPLE.encode("utf-8"), mtime=0)
WIDE = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff", "utf-32-le": b"\xff\xfe\x00\x00",
        "utf-32-be": b"\x00\x00\xfe\xff"}


def located(diagnostics):
    return [(d.code, d.line, d.column, d.message) for d in diagnostics]


@pytest.mark.parametrize("codec", sorted(WIDE))
def test_utf16_and_utf32_with_a_mark_read_like_utf8_plus_one_warning(tmp_path, codec):
    utf8 = tmp_path / "utf8.bpn"
    shutil.copyfile(CLUB, utf8)
    wide = tmp_path / "wide.bpn"
    wide.write_bytes(WIDE[codec] + CLUB.read_text(encoding="utf-8").encode(codec))
    first, *rest = validate_file(wide)
    assert (first.code, first.severity, first.line, first.column) == ("BPN004", "warning", 1, 1)
    assert codec[:6].upper() in first.message and "bpn fmt --in-place" in first.message
    assert located(rest) == located(validate_file(utf8))


def test_notepads_unicode_goes_through_every_reading_command(tmp_path):
    path = tmp_path / "notepad.bpn"
    path.write_bytes(b"\xff\xfe" + CLUB.read_text(encoding="utf-8").encode("utf-16-le"))
    for args in (["validate"], ["show", "--deal", "2"], ["replay", "--plain", "--deal", "2"], ["standings"],
                 ["convert", "--to", "json"]):
        result = runner.invoke(app, [*args, str(path)])
        assert result.exit_code == 0, (args, result.output)
    check = runner.invoke(app, ["fmt", "--check", str(path)])
    assert check.exit_code == 1 and "BPN004" in check.stderr
    assert runner.invoke(app, ["fmt", "--in-place", str(path)]).exit_code == 0
    assert path.read_bytes() == CLUB.read_bytes()  # rewritten as canonical UTF-8
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0


def test_annotate_refuses_utf16_and_says_how_to_convert(tmp_path):
    path = tmp_path / "notepad.bpn"
    data = b"\xff\xfe" + EXAMPLE.encode("utf-16-le")
    path.write_bytes(data)
    result = runner.invoke(app, ["annotate", str(path), "--deal", "1", "--comment", "x"])
    assert result.exit_code == 1 and "bpn fmt --in-place" in result.stderr
    assert path.read_bytes() == data


COMMANDS = [["validate"], ["fmt"], ["fmt", "--check"], ["convert", "--to", "json"], ["show"],
            ["replay", "--plain"], ["standings"], ["annotate", "--deal", "1", "--comment", "x"]]


@pytest.mark.parametrize("data", [BINARY, GZIPPED], ids=["png", "gzip"])
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_a_binary_file_gets_one_diagnostic_from_every_command(tmp_path, args, data):
    path = tmp_path / "photo.bpn"
    path.write_bytes(data)
    result = runner.invoke(app, [*args, str(path)])
    lines = [ln for ln in (result.stdout + result.stderr).splitlines() if "BPN" in ln]
    assert len(lines) == 1 and "not a text file" in lines[0] and "BPN003" in lines[0], result.output
    assert f"{path}:1:1:" in lines[0]
    assert result.exit_code == 1 and "internal error" not in result.output
    assert result.stdout.strip() == "" or args[0] == "validate"
    assert path.read_bytes() == data


def test_the_library_gives_one_diagnostic_for_bytes_text_and_text_streams():
    from_bytes = [p for d in read_deals(io.BytesIO(BINARY)) for p in d.problems]
    text = BINARY.decode("latin-1")
    from_text = [p for d in parse(text) for p in d.problems]
    from_stream = [p for d in read_deals(io.StringIO(text)) for p in d.problems]
    assert len(from_bytes) == len(from_text) == len(from_stream) == 1
    assert {p.code for p in from_bytes + from_text + from_stream} == {"BPN003"}


@pytest.mark.parametrize("data, binary", [
    (EXAMPLE.replace("Stockholm", "G\u00f6teborg").encode("latin-1"), False),  # one bad byte: text
    (EXAMPLE.encode("utf-8").replace(b"{", b"\x1b{"), False),  # a few escape characters
    (("{Anna spelar hjärter, Bertil och Cecilia följer}\n" * 200).encode("latin-1"), False),  # Latin-1
    (bytes(range(128, 256)) * 40, True),  # nothing decodes
    (EXAMPLE.encode("utf-16-le"), True),  # UTF-16 without a mark
    (b"[Event \"x\"]\n" * 700 + b"\x00", False),  # a NUL past the first 8 KB
])
def test_what_counts_as_text(data, binary):
    found = sniff(data)
    assert found.is_text is not binary, found.problem
    if data.startswith(b"[\x00"):
        assert "--encoding utf-16-le" in found.problem.message


def test_an_encoding_named_explicitly_reads_utf16_without_a_mark(tmp_path):
    path = tmp_path / "bare.bpn"
    path.write_bytes(EXAMPLE.encode("utf-16-le"))
    result = runner.invoke(app, ["validate", "--encoding", "utf-16-le", str(path)])
    assert result.exit_code == 0, result.output


READERS = [["validate"], ["fmt"], ["convert", "--to", "json"], ["show"], ["standings"], ["html"], ["analyse", "--deal", "1", "--limit", "1000"]]


@pytest.mark.parametrize("args", READERS, ids=lambda a: a[0])
@pytest.mark.parametrize("wide", ["utf-16", "utf-32"])
def test_utf16_asked_for_without_a_byte_order_and_no_mark(tmp_path, args, wide):
    """--encoding utf-16 (or utf-32), no -le/-be, on a file with no byte-order mark:
    the streaming readers stopped with 'internal error: UTF-16 stream does not start
    with BOM'. Such a file is read little-endian (Windows' order, and what the
    whole-file readers did already); a UTF-8 file read so is nonsense, but no crash."""
    bare = tmp_path / "bare.bpn"
    bare.write_bytes(EXAMPLE.encode(f"{wide}-le"))
    result = runner.invoke(app, [*args, "--encoding", wide, str(bare)])
    assert "internal error" not in result.output and result.exit_code == 0, result.output
    utf8 = tmp_path / "utf8.bpn"
    utf8.write_text(EXAMPLE, encoding="utf-8")
    result = runner.invoke(app, [*args, "--encoding", wide, str(utf8)])
    assert "internal error" not in result.output and result.exit_code in (0, 1, 2), result.output


@pytest.mark.parametrize("args", [["fmt"], ["html"], ["analyse"], ["replay", "--plain"]], ids=lambda a: a[0])
def test_a_bad_byte_is_placed_at_its_line_and_column_by_the_whole_file_readers(tmp_path, args):
    """fmt, html, analyse and replay said 'FILE:2: BPN003' where validate says
    'FILE:2:13:': the same place now, with the column."""
    path = tmp_path / "latin1.bpn"
    path.write_bytes(EXAMPLE.replace("Stockholm", "Malmö").encode("latin-1"))
    where = next(d for d in validate_file(path) if d.code == "BPN003")
    result = runner.invoke(app, [*args, str(path)])
    assert result.exit_code == 1
    assert f"{path}:{where.line}:{where.column}: BPN003 error: not valid UTF-8" in result.stderr


@pytest.mark.parametrize("args", READERS, ids=lambda a: a[0])
@pytest.mark.parametrize("codec", ["rot13", "base64", "zlib", "idna", "punycode", "undefined"])
def test_a_codec_that_is_not_a_text_encoding_is_refused_as_unknown(tmp_path, args, codec):
    """Python knows these names, but they do not turn bytes into text (rot13, base64,
    zlib) or cannot read a file (idna, punycode, undefined): they ended in 'internal
    error'. Now the usage error of an unknown encoding, exit 2."""
    path = tmp_path / "night.bpn"
    path.write_text(EXAMPLE, encoding="utf-8")
    result = runner.invoke(app, [*args, "--encoding", codec, str(path)])
    assert result.exit_code == 2 and "internal error" not in result.output, result.output
    assert "unknown encoding" in result.stderr


@pytest.mark.parametrize("args", [["show"], ["replay", "--plain"], ["standings"], ["html"], ["analyse"], ["fmt"],
                                  ["annotate", "--deal", "1", "--clear"], ["analyse", "--annotate"]],
                         ids=lambda a: " ".join(a[:2]))
@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_json_given_to_a_command_that_reads_bpn_says_so(tmp_path, args, suffix):
    """What bpn convert writes, given to a command that reads BPN only, was read as BPN:
    'the file has no deals' (show, html, replay, analyse), a BPN001 (fmt), and from
    standings exit 0 with 'no deals', a silent empty score sheet for a script. Now one
    line saying it is JSON and how to convert it back, exit 2. annotate and analyse
    --annotate said 'no deal 1' (exit 1); they too say it is JSON and leave it as it was."""
    path = tmp_path / f"night{suffix}"
    to = "json" if suffix == ".json" else "jsonl"
    assert runner.invoke(app, ["convert", str(CLUB), "--to", to, "-o", str(path)]).exit_code == 0
    before = path.read_bytes()
    result = runner.invoke(app, [*args, str(path)])
    assert result.exit_code == 2, result.output
    assert f"bpn: {path} is JSON" in result.stderr and "bpn convert" in result.stderr
    assert path.read_bytes() == before


def test_a_utf16_file_cut_short_by_one_byte_is_placed_where_the_byte_is(tmp_path):
    """The lone last byte of a UTF-16 file cut short (a download stopped half a
    character early): validate named byte offset len(file) and byte 0x00 at column 1,
    where fmt names the real byte and its column. Both now agree."""
    path = tmp_path / "cut.bpn"
    data = b"\xff\xfe" + CLUB.read_text(encoding="utf-8").encode("utf-16-le")
    path.write_bytes(data[:-1])
    bad = next(d for d in validate_file(path) if d.code == "BPN003")
    assert f"at byte offset {len(data) - 2} (byte 0x0a)" in bad.message
    result = runner.invoke(app, ["fmt", str(path)])
    assert f"{path}:{bad.line}:{bad.column}: BPN003 error: not valid UTF-16-LE at byte offset {len(data) - 2}" \
        in result.stderr
