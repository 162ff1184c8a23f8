"""Regressions for defects a review found: each was reproduced, then fixed."""

import os
import random
import time

import genbpn
import pytest
from typer.testing import CliRunner

from bismarck_pbn import parse, validate_text
from bismarck_pbn.cli import app
from bismarck_pbn.format.writer import dumps
from conftest import EXAMPLE

runner = CliRunner()


def codes(text):
    return sorted({d.code for d in validate_text(text) if d.severity != "info"})


def test_bare_cr_line_ends_are_an_error_and_fmt_refuses(tmp_path):
    f = tmp_path / "cr.bpn"
    f.write_bytes(EXAMPLE.replace("\n", "\r").encode())
    assert "BPN001" in codes(EXAMPLE.replace("\n", "\r"))
    before = f.read_bytes()
    assert runner.invoke(app, ["fmt", "--in-place", str(f)]).exit_code == 1
    assert f.read_bytes() == before


def test_a_huge_board_number_is_answered_at_once():
    second = EXAMPLE.split("\n", 1)[1].replace('[Board "1"]', '[Board "99999999"]').replace(
        '[Forehand "1"]', '[Forehand "2"]')
    text = EXAMPLE + "\n" + second
    assert "BPN702" in codes(text)  # (before the fix: a loop of 99,999,998 steps)


@pytest.mark.parametrize("tag", ["Board", "Score", "Tricks"])
def test_numbers_too_long_are_malformed_values(tag):
    text = EXAMPLE.replace(f'[{tag} "', f'[{tag} "{"9" * 5000} ', 1)
    assert "BPN103" in codes(text)


def test_a_nag_too_long_is_a_syntax_error():
    assert "BPN001" in codes(EXAMPLE.replace("$1", "$" + "9" * 5000))


def test_fmt_refuses_to_drop_a_duplicate_tag(tmp_path):
    f = tmp_path / "dup.bpn"
    f.write_text(EXAMPLE.replace('[Site "Stockholm"]', '[Site "Stockholm"]\n[Site "Uppsala"] {per Anna}'))
    before = f.read_text()
    result = runner.invoke(app, ["fmt", "--in-place", str(f)])
    assert result.exit_code == 1 and "BPN102" in result.stderr
    assert f.read_text() == before
    with pytest.raises(ValueError):
        dumps(parse(before))


def test_a_revoke_does_not_excuse_a_lead_out_of_turn():
    # Trick 2 is H3 (seat 3), H5 (seat 1), HK (seat 2): seat 2 wins. Seat 1 revokes with
    # C7 instead (marked ^R), and trick 3 is led by seat 1 (D5) out of turn. A revoke
    # cannot change who won trick 2, so the out-of-turn lead is reported at D5.
    text = EXAMPLE.replace("H3 H5 HK\nD7 DK D5", "H3 ^R C7 HK\nD5 D7 DK")
    found = [(d.code, d.line, d.column) for d in validate_text(text)]
    assert ("BPN503", 21, 7) in found  # at the card, after its ^R
    assert ("BPN502", 22, 1) in found


def test_the_replay_is_the_same_whatever_the_hash_seed(tmp_path):
    import subprocess
    import sys
    text = EXAMPLE.replace("D4 D8 DQ", "D4 D8 D2").replace("C9 C2 H6", "C9 C2 DQ")
    f = tmp_path / "x.bpn"
    f.write_text(text)
    outs = set()
    for seed in ("1", "2", "3", "4"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-m", "bismarck_pbn", "validate", "-q", str(f)],
                              capture_output=True, text=True, env=env,
                              cwd=os.path.dirname(os.path.dirname(__file__)))
        outs.add(done.stdout)
    assert len(outs) == 1


def test_a_discard_repeating_a_card_is_reported():
    assert codes(EXAMPLE.replace('[Discard ".4.32.4"]', '[Discard ".44.32."]')) == ["BPN202"]


def test_many_comments_after_one_tag_read_in_linear_time():
    def timed(n):
        text = '[Forehand "1"] ' + "{c} " * n + '\n[Contract "Spel"]\n'
        t = time.perf_counter()
        (deal,) = parse(text)
        assert len(deal.tag("Forehand").comments) == n
        return time.perf_counter() - t
    timed(1000)
    assert timed(40_000) < 8 * timed(10_000) + 0.05  # 4x the input: well under 16x


def test_an_unclosed_brace_in_every_deal_reads_in_linear_time():
    def timed(n):
        text = '; deal\n[Event "x"] {open\n\n; c\n[Board "1"]\n' * n
        t = time.perf_counter()
        deals = parse(text)
        assert len(deals) >= n
        return time.perf_counter() - t
    timed(100)
    assert timed(2000) < 8 * timed(500) + 0.05


def test_session_boundaries_compare_values():
    deals = genbpn.random_session(random.Random(2), "Standard", tie_break=False)[:4]
    text = genbpn.to_bpn(deals)
    blocks = text.split("\n\n")
    blocks[0] = blocks[0].replace('[Variant "Standard"]\n', "")
    blocks[1] = blocks[1].replace('[Variant "Standard"]', '[Variant "standard"]')
    assert codes("\n\n".join(blocks)) == []


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
