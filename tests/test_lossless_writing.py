"""`bpn fmt` writes back only what it can write back whole: it refuses a file whose
canonical form would lose or change text, and writes through symlinks."""

import pytest
from typer.testing import CliRunner

from bismarck_pbn import parse, validate_text
from bismarck_pbn.cli import app
from bismarck_pbn.format.writer import dumps
from conftest import EXAMPLE

runner = CliRunner()


def test_bare_cr_line_ends_are_an_error_and_fmt_refuses(tmp_path):
    f = tmp_path / "cr.bpn"
    f.write_bytes(EXAMPLE.replace("\n", "\r").encode())
    assert "BPN001" in {d.code for d in validate_text(EXAMPLE.replace("\n", "\r"))}
    before = f.read_bytes()
    assert runner.invoke(app, ["fmt", "--in-place", str(f)]).exit_code == 1
    assert f.read_bytes() == before


def test_fmt_refuses_to_drop_a_duplicate_tag(tmp_path):
    f = tmp_path / "dup.bpn"
    f.write_text(EXAMPLE.replace('[Site "Stockholm"]', '[Site "Stockholm"]\n[Site "Uppsala"] {per Anna}'))
    before = f.read_text()
    result = runner.invoke(app, ["fmt", "--in-place", str(f)])
    assert result.exit_code == 1 and "BPN102" in result.stderr
    assert f.read_text() == before
    with pytest.raises(ValueError):
        dumps(parse(before))


def test_crlf_inside_a_comment_is_written_as_lf():
    text = EXAMPLE.replace("{Cecilia wins it with the king}", "{Cecilia wins\nit with the king}")
    out = dumps(parse(text.replace("\n", "\r\n")))
    assert "\r" not in out


def test_in_place_through_a_symlink_writes_the_real_file(tmp_path):
    real = tmp_path / "real.bpn"
    real.write_text(EXAMPLE.replace('[Contract "Spader"]', '[Contract "spader"]'))
    link = tmp_path / "link.bpn"
    link.symlink_to(real)
    assert runner.invoke(app, ["fmt", "--in-place", str(link)]).exit_code == 0
    assert link.is_symlink() and real.read_text() == EXAMPLE
