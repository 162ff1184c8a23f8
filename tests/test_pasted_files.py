"""Two records pasted together without an empty line between them: the second starts a
new deal, with a BPN005 warning (format/split.py)."""

import random

import genbpn
from bismarck_pbn import parse, validate_text

SESSION = genbpn.random_session(random.Random(5), "Standard", deals=2, tie_break=False)
FIRST = genbpn.to_bpn(SESSION[:1])


def problems(text):
    return [(d.code, d.line) for d in validate_text(text) if d.severity != "info"]


def test_a_second_file_with_its_version_line():
    text = FIRST + genbpn.to_bpn(SESSION[1:])  # `cat a.bpn b.bpn`, no empty line between
    line = FIRST.count("\n") + 1
    assert [d.board for d in parse(text) if d.number] == [1, 2]
    assert problems(text) == [("BPN005", line)]


def test_a_second_deal_right_after_the_star():
    text = FIRST + genbpn.to_bpn(SESSION[1:], header=False)
    assert FIRST.rstrip().endswith("*")
    assert [d.board for d in parse(text) if d.number] == [1, 2]
    (warning,) = [d for d in validate_text(text) if d.code == "BPN005"]
    assert warning.line == FIRST.count("\n") + 1 and "[Event]" in warning.message


def test_a_new_tag_after_the_star_stays_in_its_deal():
    text = '[Forehand "1"]\n[Contract "Pass"]\n[Play "2"]\nS2 S3 S4\n*\n[Tricks "1 0 0"] {after the play}\n'
    (deal,) = parse(text)
    assert deal.tag("Tricks") is not None and not [p for p in deal.problems if p.code == "BPN005"]


def test_a_star_or_a_version_line_inside_a_comment_starts_nothing():
    text = ('[Forehand "1"]\n[Contract "Pass"] {a note with * in it\n% BPN 1.0 in a comment}\n'
            '[Play "2"] ; the last * here is a comment\n[Forehand "2"]\n')
    (deal,) = parse(text)
    assert [p.code for p in deal.problems] == ["BPN102"]  # a duplicate tag, no new deal


def test_the_version_line_of_the_first_file_starts_nothing():
    assert [p.code for d in parse(FIRST) for p in d.problems] == []
