"""One fault gives one diagnostic: recovery in the splitter, the replay and the session."""

import random

import genbpn
from bismarck_pbn import parse, validate_text
from conftest import EXAMPLE


def found(text):
    return [(d.code, d.line) for d in validate_text(text) if d.severity != "info"]


def test_escape_line_with_a_brace_does_not_open_a_comment():
    text = '% notes {\n[Forehand "1"]\n[Contract "Spel"]\n\n[Forehand "2"]\n[Contract "Pass"]\n'
    assert [d.forehand for d in parse(text)] == [1, 2]


def test_a_forgotten_closing_brace_stops_at_the_next_deal():
    text = ('[Forehand "1"] {never closed\n[Contract "Spel"]\n\n[Forehand "2"]\n[Contract "Pass"]\n'
            '\n[Forehand "3"] {a comment that is closed}\n[Contract "Pass"]\n')
    deals = parse(text)
    assert [d.forehand for d in deals] == [1, 2, 3]
    assert [p.code for d in deals for p in d.problems] == ["BPN002"]


def test_a_brace_comment_may_span_an_empty_line():
    (deal,) = parse('[Forehand "1"] {first paragraph\n\nsecond paragraph}\n[Contract "Spel"]\n')
    assert deal.contract == "Spel" and "second paragraph" in deal.tag("Forehand").comments[0].text


def test_unreachable_tricks_is_one_diagnostic():
    lines = EXAMPLE.split("\n")
    text = "\n".join(lines[:27] + ["*", ""]).replace('[Tricks "4 2 10"]', '[Tricks "0 6 10"]')
    assert [c for c, _ in found(text)] == ["BPN505"]


def test_declined_exchange_in_valfri_is_one_diagnostic():
    text = EXAMPLE.replace('[Contract "Spader"]', '[Contract "Valfri"]').replace(
        '[Discard ".4.32.4"]', '[Discard "-"]')
    assert [c for c, _ in found(text)] == ["BPN302"]


def test_a_card_written_for_the_wrong_seat_is_one_diagnostic():
    # Trick 13 is ST SJ SK; write S6 (which its owner plays in trick 14) for SJ. Only the
    # wrong entry is a fault, not the owner playing S6 afterwards.
    text = EXAMPLE.replace("ST SJ SK", "ST S6 SK")
    assert [c for c, _ in found(text)] == ["BPN502"]


def _session(seed=7):
    return genbpn.random_session(random.Random(seed), "Standard", tie_break=False)


def test_a_mistyped_board_number_is_one_diagnostic():
    deals = _session()
    deals[4]["board"] = 9
    genbpn.retag(deals[4])
    assert [c for c, _ in found(genbpn.to_bpn(deals))] == ["BPN702"]


def test_a_missing_deal_is_one_diagnostic():
    deals = _session()
    del deals[5]
    assert [c for c, _ in found(genbpn.to_bpn(deals))] == ["BPN702"]


def test_scores_must_add_up_to_zero_even_without_play():
    text = '[Forehand "1"]\n[Contract "Spel"]\n[Score "+1 +1 +1"]\n'
    assert [c for c, _ in found(text)] == ["BPN602"]


def test_a_bad_rank_after_a_ten_is_placed_exactly():
    text = '[Forehand "1"]\n[Contract "Spel"]\n[Kitty "AJ10X..."]\n'
    (d,) = [d for d in validate_text(text) if d.code == "BPN103"]
    assert d.column == len('[Kitty "AJ10') + 1
