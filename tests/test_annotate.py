"""bpn annotate: commentary added and removed by splicing the text, every other byte kept.

The expected texts are written out by hand: each edit is one slice inserted, removed or
replaced in a hand-formatted record (CRLF, tabs, odd spacing, ; comments, comments over
several lines, a tag after the play section)."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bismarck_pbn import parse

from bismarck_pbn.format import edit as annotate
from bismarck_pbn.format.edit import AnnotateError, NotUTF8, Target, annotate_file, annotate_text, edit_text
from bismarck_pbn.cli import app
from bismarck_pbn.safewrite import ChangedOnDisk
from conftest import ROOT

runner = CliRunner()

HAND = (
    "% BPN 1.0\r\n"
    "{A record kept by hand,\r\n"
    "  typed in at the table}\r\n"
    '[Event  "Club night"]\t; the monthly one\r\n'
    '[Site "Stockholm"]   [Date "2026.11.20"]\r\n'
    '[Forehand "1"]\r\n'
    '[Contract"Spader"] {brave,\r\n'
    "very brave}\r\n"
    '[Play "2"]\r\n'
    "C3\tCJ  CT\r\n"
    "H3 H5 HK ; Cecilia wins it\r\n"
    "D7 DK!  D5 {a long\r\n"
    "comment over two lines}\r\n"
    "  HJ H8 H9\r\n"
    "*\r\n"
    '[Tricks "4 2 10"] {after the play}\r\n'
    "\r\n"
    '[Event "Club night"]\r\n'
    '[Forehand "2"] [Contract "Pass"]\r\n'
    '[Play "3"]\r\n'
    "S2 $1 !\tS3 S4\r\n"
    "*\r\n"
)


def replaced(text: str, old: str, new: str) -> str:
    """``text`` with the one occurrence of ``old`` replaced by ``new``."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


def card(text: str, deal: int, trick: int, number: int):
    d = next(d for d in parse(text.lstrip("\ufeff")) if d.number == deal)
    return d.play.cards[(trick - 1) * 3 + number - 1]


def comments(thing) -> list[tuple[str, str]]:
    return [(c.kind, c.text) for c in thing.comments]


def deal(text: str, number: int):
    return next(d for d in parse(text) if d.number == number)


def test_the_hand_written_record_reads_cleanly():
    deals = parse(HAND)
    assert [d.number for d in deals] == [1, 2]
    assert all(d.syntax_ok for d in deals)
    assert comments(card(HAND, 1, 2, 3)) == [(";", " Cecilia wins it")]


# ---- cards ---------------------------------------------------------------------------------

def test_comment_on_a_card_without_notes():
    new = annotate_text(HAND, Target(1, trick=2, card=1), comment="a low heart")
    assert new == replaced(HAND, "H3 H5 HK", "H3 {a low heart} H5 HK")
    assert comments(card(new, 1, 2, 1)) == [("{", "a low heart")]
    assert card(new, 1, 2, 2).comments == ()


def test_comment_goes_after_the_cards_last_note():
    new = annotate_text(HAND, Target(1, trick=3, card=3), comment="so it is")
    assert new == replaced(HAND, "lines}\r\n", "lines} {so it is}\r\n")
    assert comments(card(new, 1, 3, 3)) == [("{", "a long\r\ncomment over two lines"), ("{", "so it is")]


def test_comment_goes_before_a_line_comment_that_would_swallow_it():
    new = annotate_text(HAND, Target(1, trick=2, card=3), comment="the king")
    assert new == replaced(HAND, "HK ; Cecilia", "HK {the king} ; Cecilia")
    assert comments(card(new, 1, 2, 3)) == [("{", "the king"), (";", " Cecilia wins it")]


def test_line_comment_at_the_end_of_the_cards_line():
    new = annotate_text(HAND, Target(1, trick=1, card=3), comment="clubs first", kind=";")
    assert new == replaced(HAND, "CJ  CT\r\n", "CJ  CT ; clubs first\r\n")
    assert comments(card(new, 1, 1, 3)) == [(";", " clubs first")]


def test_line_comment_falls_back_to_braces_and_says_so():
    # Other cards follow CJ on its line: a ; comment would take them in.
    result = edit_text(HAND, Target(1, trick=1, card=2), comment="why?", kind=";")
    assert result.text == replaced(HAND, "CJ  CT", "CJ {why?}  CT")
    assert "written as {…}" in result.notice
    # HK already ends its line with a ; comment.
    result = edit_text(HAND, Target(1, trick=2, card=3), comment="K", kind=";")
    assert result.text == replaced(HAND, "HK ; Cecilia", "HK {K} ; Cecilia")
    assert "already ends its line with a ; comment" in result.notice


def test_multi_line_comment_takes_the_files_line_end():
    new = annotate_text(HAND, Target(1, trick=1, card=1), comment="two\nlines")
    assert new == replaced(HAND, "C3\tCJ", "C3 {two\r\nlines}\tCJ")
    assert comments(card(new, 1, 1, 1)) == [("{", "two\r\nlines")]


def test_nag_goes_after_suffix_and_nags_before_comments():
    new = annotate_text(HAND, Target(1, trick=3, card=2), nag=4)
    assert new == replaced(HAND, "DK!  D5", "DK! $4  D5")
    assert card(new, 1, 3, 2).nags == (4,) and card(new, 1, 3, 2).suffix == "!"
    new = annotate_text(HAND, Target(1, trick=2, card=3), nag=5)
    assert new == replaced(HAND, "HK ; Cecilia", "HK $5 ; Cecilia")
    new = annotate_text(HAND, Target(2, trick=1, card=1), nag=7)
    assert new == replaced(HAND, "S2 $1 !", "S2 $1 ! $7")
    assert card(new, 2, 1, 1).nags == (1, 7)


def test_adding_a_nag_the_card_has_changes_nothing():
    result = edit_text(HAND, Target(2, trick=1, card=1), nag=1)
    assert not result.changed and result.text == HAND and "already has $1" in result.notice


def test_suffix_set_replaced_and_moved_onto_the_card():
    new = annotate_text(HAND, Target(1, trick=2, card=2), suffix="!?")
    assert new == replaced(HAND, "H3 H5 HK", "H3 H5!? HK")
    new = annotate_text(HAND, Target(1, trick=3, card=2), suffix="??")
    assert new == replaced(HAND, "DK!  D5", "DK??  D5")
    assert card(new, 1, 3, 2).suffix == "??"
    # A suffix written apart from the card is taken out and the new one put on the card.
    new = annotate_text(HAND, Target(2, trick=1, card=1), suffix="?")
    assert new == replaced(HAND, "S2 $1 !\tS3", "S2? $1\tS3")
    assert (card(new, 2, 1, 1).suffix, card(new, 2, 1, 1).nags) == ("?", (1,))


def test_clear_a_card():
    new = annotate_text(HAND, Target(1, trick=3, card=3), clear=True)
    assert new == replaced(HAND, "D5 {a long\r\ncomment over two lines}\r\n", "D5\r\n")
    new = annotate_text(HAND, Target(1, trick=2, card=3), clear=True)
    assert new == replaced(HAND, "HK ; Cecilia wins it\r\n", "HK\r\n")
    new = annotate_text(HAND, Target(2, trick=1, card=1), clear=True)
    assert new == replaced(HAND, "S2 $1 !\tS3", "S2\tS3")
    c = card(new, 2, 1, 1)
    assert (c.suffix, c.nags, c.comments) == (None, (), ())


def test_clear_keeps_revoke_marks_and_never_joins_cards():
    text = '[Forehand "1"]\n[Play "2"]\n^R C3 {x}D4!D5\n'
    new = annotate_text(text, Target(1, trick=1, card=1), clear=True)
    assert new == '[Forehand "1"]\n[Play "2"]\n^R C3 D4!D5\n'
    assert card(new, 1, 1, 1).revoke
    new = annotate_text(new, Target(1, trick=1, card=2), clear=True)
    assert new == '[Forehand "1"]\n[Play "2"]\n^R C3 D4 D5\n'
    assert [c.card for c in parse(new)[0].play.cards] == ["C3", "D4", "D5"]


def test_clear_keeps_escape_lines_among_the_notes():
    text = '[Forehand "1"]\r\n[Play "2"]\r\nC3 {a}\r\n% kept\r\n{b}\r\nC4\r\n'
    new = annotate_text(text, Target(1, trick=1, card=1), clear=True)
    assert new == '[Forehand "1"]\r\n[Play "2"]\r\nC3\r\n% kept\r\nC4\r\n'
    text = '[Forehand "1"]\n[Play "2"]\nC3 {a}\n% kept\n{b} C4\n'
    new = annotate_text(text, Target(1, trick=1, card=1), clear=True)
    assert new == '[Forehand "1"]\n[Play "2"]\nC3\n% kept\n C4\n'
    assert [c.card for c in parse(new)[0].play.cards] == ["C3", "C4"]


def test_clear_takes_out_a_note_on_its_own_line_with_that_line():
    text = '[Forehand "1"]\n[Play "2"]\nC3\n   {a}  \nC4\n'
    new = annotate_text(text, Target(1, trick=1, card=1), clear=True)
    assert new == '[Forehand "1"]\n[Play "2"]\nC3\nC4\n'


def test_clear_with_nothing_to_clear_changes_nothing():
    result = edit_text(HAND, Target(1, trick=1, card=1), clear=True)
    assert not result.changed and result.text == HAND and "nothing to clear" in result.notice


# ---- tags ------------------------------------------------------------------------------------

def test_comment_on_a_tag_keeps_the_spacing_around_it():
    new = annotate_text(HAND, Target(1, tag="Site"), comment="upstairs")
    assert new == replaced(HAND, '"Stockholm"]   [Date', '"Stockholm"] {upstairs}   [Date')
    assert comments(deal(new, 1).tag("Site")) == [("{", "upstairs")]
    assert deal(new, 1).tag("Date").comments == ()


def test_comment_on_a_tag_with_a_line_comment():
    new = annotate_text(HAND, Target(1, tag="Event"), comment="the 40th")
    assert new == replaced(HAND, '"Club night"]\t; the', '"Club night"]\t{the 40th} ; the')
    assert comments(deal(new, 1).tag("Event")) == [("{", "the 40th"), (";", " the monthly one")]


def test_comment_on_a_tag_after_the_play_section():
    new = annotate_text(HAND, Target(1, tag="Tricks"), comment="claimed", kind=";")
    assert new == replaced(HAND, "{after the play}\r\n", "{after the play} ; claimed\r\n")
    assert comments(deal(new, 1).tag("Tricks")) == [("{", "after the play"), (";", " claimed")]


def test_comment_on_the_play_tag_belongs_to_the_play_section():
    new = annotate_text(HAND, Target(2, tag="Play"), comment="fast")
    assert new == replaced(HAND, '[Play "3"]\r\n', '[Play "3"] {fast}\r\n')
    assert comments(deal(new, 2).play) == [("{", "fast")]
    assert annotate_text(new, Target(2, tag="Play"), clear=True) == HAND


def test_line_comment_on_a_tag_sharing_its_line_falls_back_to_braces():
    result = edit_text(HAND, Target(2, tag="Forehand"), comment="Bertil", kind=";")
    assert result.text == replaced(HAND, '[Forehand "2"] [Contract', '[Forehand "2"] {Bertil} [Contract')
    assert result.notice


def test_clear_a_tag():
    new = annotate_text(HAND, Target(1, tag="Contract"), clear=True)
    assert new == replaced(HAND, '[Contract"Spader"] {brave,\r\nvery brave}\r\n', '[Contract"Spader"]\r\n')
    assert deal(new, 1).tag("Contract").comments == ()
    new = annotate_text(HAND, Target(1, tag="Event"), clear=True)
    assert new == replaced(HAND, '"Club night"]\t; the monthly one\r\n', '"Club night"]\r\n')


# ---- deals -----------------------------------------------------------------------------------

def test_comment_on_a_deal_goes_on_its_own_line_before_the_deal():
    new = annotate_text(HAND, Target(1), comment="Board 1")
    assert new == replaced(HAND, "% BPN 1.0\r\n{A record", "% BPN 1.0\r\n{Board 1}\r\n{A record")
    assert comments(deal(new, 1)) == [("{", "Board 1"),
                                      ("{", "A record kept by hand,\r\n  typed in at the table")]
    new = annotate_text(HAND, Target(2), comment="Board 2", kind=";")
    assert new == replaced(HAND, '\r\n\r\n[Event "Club night"]\r\n',
                           '\r\n\r\n; Board 2\r\n[Event "Club night"]\r\n')
    assert comments(deal(new, 2)) == [(";", " Board 2")]


def test_deal_comment_uses_lf_in_an_lf_file():
    text = '[Forehand "1"]\n[Contract "Spel"]\n'
    assert annotate_text(text, Target(1), comment="x") == '{x}\n[Forehand "1"]\n[Contract "Spel"]\n'


def test_clear_a_deal():
    new = annotate_text(HAND, Target(1), clear=True)
    assert new == replaced(HAND, "{A record kept by hand,\r\n  typed in at the table}\r\n", "")
    assert deal(new, 1).comments == ()
    text = "{a} {b}\n% kept\n  {c}\n  [Forehand \"1\"]\n"
    assert annotate_text(text, Target(1), clear=True) == "% kept\n  [Forehand \"1\"]\n"
    text = "{a}\n{b} [Forehand \"1\"]\n"
    assert annotate_text(text, Target(1), clear=True) == "[Forehand \"1\"]\n"


def test_byte_order_mark_is_kept_and_offsets_allow_for_it():
    text = "\ufeff" + HAND
    new = annotate_text(text, Target(1, trick=2, card=1), comment="x")
    assert new == replaced(text, "H3 H5", "H3 {x} H5")
    assert annotate_text(text, Target(1), comment="y").startswith("\ufeff% BPN 1.0\r\n{y}\r\n{A record")


# ---- what cannot be done -----------------------------------------------------------------------

@pytest.mark.parametrize("target, edit, message", [
    (Target(3), {"comment": "x"}, "there is no deal 3: the file has 2 deals"),
    (Target(0), {"comment": "x"}, "numbered from 1"),
    (Target(1, tag="Board"), {"comment": "x"}, "deal 1 has no [Board] tag"),
    (Target(1, tag="site"), {"comment": "x"}, "did you mean Site?"),
    (Target(1, trick=5, card=1), {"comment": "x"},
     "no trick 5, card 1: its play section holds 12 cards (4 tricks)"),
    (Target(1, trick=1, card=4), {"comment": "x"}, "a trick of Bismarck has 3 cards"),
    (Target(1, trick=1), {"comment": "x"}, "both are needed"),
    (Target(1, tag="Site", trick=1, card=1), {"comment": "x"}, "not several"),
    (Target(1, tag="Site"), {"nag": 3}, "NAGs go with a card"),
    (Target(1), {"suffix": "!"}, "suffixes go with a card"),
    (Target(1, trick=1, card=1), {"suffix": "!!!"}, "a suffix is one of"),
    (Target(1, trick=1, card=1), {"nag": 256}, "from 0 to 255"),
    (Target(1, trick=1, card=1), {"comment": "a } b"}, "contains '}'"),
    (Target(1, trick=1, card=3), {"comment": "a\nb", "kind": ";"}, "cannot hold a line break"),
    (Target(1, trick=1, card=1), {"comment": "x", "nag": 1}, "exactly one edit"),
    (Target(1, trick=1, card=1), {}, "exactly one edit"),
])
def test_bad_targets_and_edits(target, edit, message):
    with pytest.raises(AnnotateError) as info:
        annotate_text(HAND, target, **edit)
    assert message in str(info.value)


def test_a_deal_without_play_has_no_cards():
    with pytest.raises(AnnotateError, match="no play section"):
        annotate_text('[Forehand "1"]\n', Target(1, trick=1, card=1), comment="x")


def test_a_deal_with_a_syntax_error_is_refused_but_others_can_be_edited():
    text = '[Forehand "1"]\n[Play "2"]\nC3 XX\n\n[Forehand "2"]\n[Play "3"]\nC3\n'
    with pytest.raises(AnnotateError, match="syntax error at line 3, column 4"):
        annotate_text(text, Target(1, trick=1, card=1), comment="x")
    new = annotate_text(text, Target(2, trick=1, card=1), comment="x")
    assert new == text[: -len("C3\n")] + "C3 {x}\n"


def test_an_edit_that_would_read_differently_is_refused():
    # An empty line then a tag pair inside a {…} comment: the reader takes the comment
    # as never closed and cuts the deal there. Checked after the edit, refused.
    with pytest.raises(AnnotateError, match="nothing was changed"):
        annotate_text(HAND, Target(1, trick=1, card=1), comment='a\n\n[Board "7"]')


# ---- files -------------------------------------------------------------------------------------

@pytest.fixture
def hand_file(tmp_path) -> Path:
    path = tmp_path / "hand.bpn"
    path.write_bytes(HAND.encode())
    return path


def test_annotate_file_keeps_crlf_and_every_other_byte(hand_file):
    old, new = annotate_file(hand_file, Target(1, trick=2, card=1), comment="Å la carte")
    assert old == HAND
    assert hand_file.read_bytes() == replaced(HAND, "H3 H5", "H3 {Å la carte} H5").encode()
    assert hand_file.read_bytes().count(b"\n") == hand_file.read_bytes().count(b"\r\n")
    assert new == hand_file.read_bytes().decode()


def test_file_changed_on_disk_is_not_overwritten(hand_file, monkeypatch):
    real = annotate.atomic_write

    def someone_else_writes_first(path, text, **kw):
        with open(path, "ab") as fp:  # another program edits the file meanwhile
            fp.write(b"[Board 1]\n")
        return real(path, text, **kw)

    monkeypatch.setattr(annotate, "atomic_write", someone_else_writes_first)
    with pytest.raises(ChangedOnDisk):
        annotate_file(hand_file, Target(1), comment="x")
    assert hand_file.read_bytes() == HAND.encode() + b"[Board 1]\n"
    assert [p.name for p in hand_file.parent.iterdir()] == ["hand.bpn"]  # no temporary file left
    result = runner.invoke(app, ["annotate", str(hand_file), "--deal", "1", "--comment", "x"])
    assert result.exit_code == 1 and "changed on disk" in result.stderr
    assert hand_file.read_bytes() == HAND.encode() + b"[Board 1]\n" * 2


def test_stale_fingerprint_is_refused(hand_file):
    from bismarck_pbn.safewrite import atomic_write

    old, data, fingerprint = annotate.read_source(hand_file)
    new = annotate_text(old, Target(1), comment="x")
    hand_file.write_bytes(data + b"\r\n")
    with pytest.raises(ChangedOnDisk):
        atomic_write(hand_file, new, expect=fingerprint)
    assert hand_file.read_bytes() == data + b"\r\n"


def test_invalid_utf8_is_refused(tmp_path):
    path = tmp_path / "latin1.bpn"
    data = '[Event "Malmö"]\n[Forehand "1"]\n'.encode("latin-1")
    path.write_bytes(data)
    with pytest.raises(NotUTF8, match=r":1:13: BPN003 error: not valid UTF-8 at byte offset 12 \(byte 0xf6\)"):
        annotate_file(path, Target(1), comment="x")
    result = runner.invoke(app, ["annotate", str(path), "--deal", "1", "--comment", "x"])
    assert result.exit_code == 1 and f"{path}:1:13: BPN003 error: not valid UTF-8" in result.stderr
    assert path.read_bytes() == data


# ---- the command -------------------------------------------------------------------------------

def test_cli_adds_a_comment_and_shows_the_line(hand_file):
    result = runner.invoke(app, ["annotate", str(hand_file), "--deal", "1", "--trick", "2", "--card", "3",
                                 "--comment", "the king"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (f"{hand_file}:11: deal 1, trick 2, card 3 (HK): comment added\n"
                             "  H3 H5 HK {the king} ; Cecilia wins it\n")
    assert hand_file.read_bytes() == replaced(HAND, "HK ; C", "HK {the king} ; C").encode()


def test_cli_line_comment_fallback_is_reported(hand_file):
    result = runner.invoke(app, ["annotate", str(hand_file), "-d", "1", "--trick", "1", "--card", "2",
                                 "--comment", "hm", "--line-comment"])
    assert result.exit_code == 0
    assert "note:" in result.stderr and "written as {…}" in result.stderr


def test_cli_nag_suffix_and_clear(hand_file):
    args = ["annotate", str(hand_file), "--deal", "1", "--trick", "3", "--card", "2"]
    assert runner.invoke(app, [*args, "--nag", "4"]).exit_code == 0
    assert runner.invoke(app, [*args, "--suffix", "?!"]).exit_code == 0
    assert hand_file.read_bytes() == replaced(HAND, "DK!  D5", "DK?! $4  D5").encode()
    result = runner.invoke(app, [*args, "--clear"])
    assert result.exit_code == 0 and "cleared" in result.stdout
    assert hand_file.read_bytes() == replaced(HAND, "DK!  D5", "DK  D5").encode()
    again = runner.invoke(app, [*args, "--clear"])
    assert again.exit_code == 0 and "nothing to clear" in again.stderr


def test_cli_dry_run_prints_a_diff_and_writes_nothing(hand_file):
    before = hand_file.stat().st_mtime_ns
    result = runner.invoke(app, ["annotate", str(hand_file), "--deal", "1", "--tag", "Site",
                                 "--comment", "upstairs", "--dry-run"])
    assert result.exit_code == 0
    # The diff keeps the file's CRLF line ends (click's result.stdout would hide them).
    assert b'-[Site "Stockholm"]   [Date "2026.11.20"]\r\n' in result.stdout_bytes
    assert b'+[Site "Stockholm"] {upstairs}   [Date "2026.11.20"]\r\n' in result.stdout_bytes
    assert result.stdout.startswith(f"--- {hand_file}\n+++ {hand_file} (annotated)\n")
    assert hand_file.read_bytes() == HAND.encode() and hand_file.stat().st_mtime_ns == before


@pytest.mark.parametrize("args, code, message", [
    (["--deal", "3", "--comment", "x"], 2, "there is no deal 3"),  # as show, replay, html, analyse
    (["--deal", "1", "--tag", "Bord", "--comment", "x"], 1, "no [Bord] tag"),
    (["--deal", "1", "--trick", "9", "--card", "1", "--clear"], 1, "no trick 9"),
    (["--deal", "1", "--trick", "1", "--card", "1", "--comment", "}"], 1, "contains '}'"),
    (["--deal", "1", "--trick", "1", "--card", "4", "--clear"], 1, "a trick of Bismarck has 3 cards"),
    (["--deal", "1", "--trick", "1", "--card", "5", "--clear"], 2, ""),
    (["--deal", "1", "--trick", "1", "--clear"], 2, "--trick and --card together"),
    (["--deal", "1", "--tag", "Site", "--trick", "1", "--card", "1", "--clear"], 2, "one target"),
    (["--deal", "1", "--comment", "x", "--clear"], 2, "give one edit"),
    (["--deal", "1"], 2, "give one edit"),
    (["--deal", "1", "--nag", "3"], 2, "--nag goes with a card"),
    (["--deal", "1", "--trick", "1", "--card", "1", "--nag", "300"], 2, ""),
    (["--deal", "1", "--trick", "1", "--card", "1", "--suffix", "!!!"], 2, "--suffix is one of"),
    (["--deal", "1", "--clear", "--line-comment"], 2, "--line-comment goes with --comment"),
    (["--deal", "0", "--clear"], 2, ""),
])
def test_cli_errors_and_exit_codes(hand_file, args, code, message):
    result = runner.invoke(app, ["annotate", str(hand_file), *args])
    assert result.exit_code == code, result.output
    assert message in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)  # never a traceback
    assert hand_file.read_bytes() == HAND.encode()


def test_cli_unreadable_paths(tmp_path):
    result = runner.invoke(app, ["annotate", str(tmp_path / "nope.bpn"), "--deal", "1", "--clear"])
    assert result.exit_code == 2 and "no such file" in result.stderr
    result = runner.invoke(app, ["annotate", str(tmp_path / "nope.json"), "--deal", "1", "--clear"])
    assert result.exit_code == 2 and "no such file" in result.stderr  # (not "is JSON")
    result = runner.invoke(app, ["annotate", str(tmp_path), "--deal", "1", "--clear"])
    assert result.exit_code == 2 and "not a regular file" in result.stderr
    assert runner.invoke(app, ["annotate", "-", "--deal", "1", "--clear"]).exit_code == 2


def test_cli_syntax_error_in_the_deal(tmp_path):
    path = tmp_path / "bad.bpn"
    path.write_text('[Forehand "1"]\n[Play "2"]\nC3 XX\n')
    result = runner.invoke(app, ["annotate", str(path), "--deal", "1", "--comment", "x"])
    assert result.exit_code == 1 and "syntax error at line 3" in result.stderr


# ---- property: annotate then clear gives the file back ------------------------------------------

CLUB = (ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8")
CLUB_DEALS = [d for d in parse(CLUB) if d.number]
texts = st.text(st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="}"), max_size=30)
edits = st.one_of(
    st.builds(lambda t: {"comment": t}, texts),
    st.builds(lambda t: {"comment": t, "kind": ";"}, texts),
    st.builds(lambda n: {"nag": n}, st.integers(0, 255)),
    st.builds(lambda s: {"suffix": s}, st.sampled_from(annotate.SUFFIXES)),
)


def signature(text):
    return [(d.number, comments(d), [(t.name, t.value, comments(t)) for t in d.tags],
             ([(c.card, c.revoke, c.suffix, c.nags, comments(c)) for c in d.play.cards], comments(d.play))
             if d.play else None)
            for d in parse(text)]


@pytest.mark.slow
@given(data=st.data(), edit=edits)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_annotate_then_clear_gives_the_card_back(data, edit):
    d = data.draw(st.sampled_from(CLUB_DEALS))
    index = data.draw(st.integers(0, len(d.play.cards) - 1))
    c = d.play.cards[index]
    target = Target(d.number, trick=index // 3 + 1, card=index % 3 + 1)
    result = edit_text(CLUB, target, **edit)
    new = result.text
    if result.changed:  # bytes outside the card and its notes are untouched
        assert new[: c.card_end] == CLUB[: c.card_end]
        assert new.endswith(CLUB[c.end :])
    back = annotate_text(new, target, clear=True)
    cleared = annotate_text(CLUB, target, clear=True)
    assert back == cleared
    assert back[: c.card_end] == CLUB[: c.card_end] and back.endswith(CLUB[c.end :])
    if not c.notes:
        assert back == CLUB
    else:
        assert signature(back) != signature(CLUB)
        (after,) = [x for x in parse(back) if x.number == d.number]
        assert (after.play.cards[index].suffix, after.play.cards[index].nags,
                after.play.cards[index].comments) == (None, (), ())


@pytest.mark.slow
@given(data=st.data(), text=texts, kind=st.sampled_from(["{", ";"]))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_annotate_then_clear_gives_the_tag_or_deal_back(data, text, kind):
    d = data.draw(st.sampled_from(CLUB_DEALS))
    tag = data.draw(st.sampled_from([None] + [t.name for t in d.tags]))
    target = Target(d.number, tag=tag)
    new = annotate_text(CLUB, target, comment=text, kind=kind)
    assert signature(new) != signature(CLUB)
    back = annotate_text(new, target, clear=True)
    assert back == annotate_text(CLUB, target, clear=True)
    had = d.comments if tag is None else (d.play.comments if tag == "Play" else d.tag(tag).comments)
    if not had:
        assert back == CLUB
