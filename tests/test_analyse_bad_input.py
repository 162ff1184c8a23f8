"""``bpn analyse`` on records it cannot analyse: one clear line and exit 1, never a
traceback and never a silent empty table."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bismarck_pbn.analysis.analyse import analyse_deal
from bismarck_pbn.analysis.values import make_solver
from bismarck_pbn.format.reader import parse

INVALID = Path(__file__).resolve().parent.parent / "samples" / "invalid"
runner = CliRunner()


def _app():
    from bismarck_pbn.cli import app

    return app


def test_a_last_card_not_held_is_an_error_not_a_crash():
    # the last card of the play (H4) was discarded: the position before it is clean
    deal = parse((INVALID / "BPN502-discarded-card.bpn").read_text(encoding="utf-8"))[0]
    a = analyse_deal(deal, make_solver(500), contracts=False)
    assert a.error is not None and a.error.startswith("trick 16: H4 ")
    assert all(p.card in p.values for p in a.plays if p.values is not None)
    result = runner.invoke(_app(), ["analyse", str(INVALID / "BPN502-discarded-card.bpn"), "--limit", "500",
                                    "--no-contracts"])
    assert result.exit_code == 1, result.output
    assert "deal 1: not analysed: trick 16: H4 is not a legal card there" in result.stderr


def test_a_deal_not_analysed_is_placed_at_its_first_tag(tmp_path):
    club = (INVALID.parent / "club-night.bpn").read_text(encoding="utf-8")
    bad = (INVALID / "BPN502-discarded-card.bpn").read_text(encoding="utf-8").replace("% BPN 1.0\n", "")
    night = tmp_path / "night.bpn"
    night.write_text(club.rstrip("\n") + "\n\n  " + bad, encoding="utf-8")
    line = club.rstrip("\n").count("\n") + 3  # the club's lines, a blank one, then the deal's first tag
    assert night.read_text(encoding="utf-8").splitlines()[line - 1] == '  [Event "Club night"]'
    result = runner.invoke(_app(), ["analyse", str(night), "--deal", "13", "--limit", "500", "--no-contracts"])
    assert result.exit_code == 1, result.output
    assert f"{night}:{line}:3: deal 13: not analysed: trick 16: H4 is not a legal card there" in result.stderr


def test_a_deal_that_does_not_read_says_where_and_exits_1():
    path = INVALID / "BPN001-syntax-card.bpn"
    deal = parse(path.read_text(encoding="utf-8"))[0]
    assert analyse_deal(deal, make_solver(500)).error.startswith("the deal does not read")
    result = runner.invoke(_app(), ["analyse", str(path), "--limit", "500"])
    assert result.exit_code == 1, result.output
    assert f"{path}:28:7: BPN001 error" in result.stderr
    assert "deal 1: not analysed: the deal does not read" in result.stderr
    assert "trick  seat" not in result.stdout  # no empty table of cards


def test_a_side_no_deal_has_is_wrong_usage():
    club = INVALID.parent / "club-night.bpn"  # Bismarck: three seats
    result = runner.invoke(_app(), ["analyse", str(club), "--side", "4", "--no-contracts"])
    assert result.exit_code == 2, result.output
    assert "--side 4: the deals here have seats 1 to 3" in result.stderr
    assert "not analysed" not in result.stderr  # said once, not once a deal


def test_standard_input_and_other_encodings_are_read_as_every_command_reads_them(tmp_path):
    club = (INVALID.parent / "club-night.bpn").read_text(encoding="utf-8")
    args = ["--deal", "2", "--no-contracts", "--limit", "500", "--format", "json"]
    from_file = runner.invoke(_app(), ["analyse", str(INVALID.parent / "club-night.bpn"), *args])
    piped = runner.invoke(_app(), ["analyse", "-", *args], input=club)
    assert piped.exit_code == from_file.exit_code == 0, piped.output
    assert piped.stdout == from_file.stdout
    wide = tmp_path / "wide.bpn"
    wide.write_bytes(club.encode("utf-16"))  # with its byte-order mark
    assert runner.invoke(_app(), ["analyse", str(wide), *args]).stdout == from_file.stdout
    latin = tmp_path / "latin.bpn"
    latin.write_bytes(club.replace("Stockholm", "Göteborg").encode("latin-1"))
    assert "BPN003" in runner.invoke(_app(), ["analyse", str(latin), *args]).stderr
    assert runner.invoke(_app(), ["analyse", str(latin), "-e", "latin-1", *args]).exit_code == 0


def test_annotate_needs_a_utf8_file_and_an_empty_file_has_nothing_to_analyse(tmp_path):
    piped = runner.invoke(_app(), ["analyse", "-", "--annotate"], input="")
    assert piped.exit_code == 2 and "give a file, not -" in piped.stderr
    latin = runner.invoke(_app(), ["analyse", str(INVALID / "BPN003-latin1-byte.bpn"), "-e", "latin-1",
                                   "--annotate"])
    assert latin.exit_code == 2 and "--annotate edits UTF-8 files in place" in latin.stderr
    empty = tmp_path / "empty.bpn"
    empty.write_text("", encoding="utf-8")
    result = runner.invoke(_app(), ["analyse", str(empty)])
    assert result.exit_code == 2 and "there are no deals in this file" in result.stderr


def test_standard_input_is_named_stdin_in_the_messages():
    text = (INVALID / "BPN001-syntax-card.bpn").read_text(encoding="utf-8")
    result = runner.invoke(_app(), ["analyse", "-", "--limit", "500"], input=text)
    assert result.exit_code == 1
    assert "<stdin>:28:7: BPN001 error" in result.stderr
    assert "<stdin>:2:1: deal 1: not analysed" in result.stderr
    assert "-: deal" not in result.stderr


def test_hands_recorded_with_errors_are_not_called_unrecorded():
    for name in ("BPN201-hand-fifteen", "BPN202-duplicate-card", "BPN204-whisk-two-dealt"):
        deal = parse((INVALID / f"{name}.bpn").read_text(encoding="utf-8"))[0]
        assert analyse_deal(deal, make_solver(500)).error == "the hands dealt have errors (bpn validate shows them)"
    unrecorded = parse('[Forehand "1"]\n[Contract "Spel"]\n[Deal "1:- - -"]\n')[0]
    assert analyse_deal(unrecorded, make_solver(500)).error == "not every hand is recorded"
