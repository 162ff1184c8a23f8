"""Hostile sizes: numbers too long, a huge board gap, and reading in linear time.

The linear-time tests count the Python lines the reader runs (``workcount``), which is
the same on every run and machine; the CPU-time ratios of ``test_scale.py`` (slow) cover
larger inputs and work done inside C.
"""

import pytest

from bismarck_pbn import parse, validate_text
from bismarck_pbn.model.deal import Tag
from conftest import EXAMPLE
from workcount import growth


def codes(text):
    return sorted({d.code for d in validate_text(text) if d.severity != "info"})


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


def test_many_comments_after_one_tag_are_each_copied_once(monkeypatch):
    """Each comment was once added to its tag by building a new tuple (n²/2 copies for
    n comments): count the comment slots handed to Tag._replace."""
    copied = 0
    original = Tag._replace

    def counting(self, **kw):
        nonlocal copied
        copied += len(kw.get("comments", ()))
        return original(self, **kw)

    monkeypatch.setattr(Tag, "_replace", counting)
    n = 2000
    (deal,) = parse('[Forehand "1"] ' + "{c} " * n + '\n[Contract "Spel"]\n')
    assert len(deal.tag("Forehand").comments) == n
    assert copied <= n


def test_many_comments_after_one_tag_read_in_linear_time():
    def make(n):
        text = '[Forehand "1"] ' + "{c} " * n + '\n[Contract "Spel"]\n'
        return lambda: parse(text)
    assert growth(make, 500, 4) < 8  # linear: about 4; quadratic: about 16


def test_an_unclosed_brace_in_every_deal_reads_in_linear_time():
    def make(n):
        text = '; deal\n[Event "x"] {open\n\n; c\n[Board "1"]\n' * n
        return lambda: parse(text)
    assert growth(make, 100, 4) < 8


def test_many_unclosed_braces_without_tags_read_in_linear_time():
    """The splitter read to the end of the file again for each unclosed '{' followed by
    an empty line when no tag pair came after it (10,000 of them took 47 s)."""
    def make(n):
        text = "{\n\n" * n
        return lambda: parse(text)
    assert growth(make, 100, 4) < 8
