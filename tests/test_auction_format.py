"""The auction section (BPN 1.1 §1, §4): read, written, annotated, visited."""

from __future__ import annotations

import pytest

from bismarck_pbn.format.edit import AnnotateError, Target, annotate_text
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps
from bismarck_pbn.model.deal import BaseVisitor
from bismarck_pbn.model.games import call_word

HEAD = '[Game "IsraeliWhist"]\n[Dealer "4"]\n'

TEXT = HEAD + """[Auction "1"] {before the first call}
pass 5c! $3 Pass {thinks} 5nt; a line comment
Pass
pass pass pass
frisch
Pass Pass 6h Pass Pass Pass * {after the end}
[Contract "6h"]
[Zap "1"]
"""

CANONICAL = """% BPN 1.1
[Game "IsraeliWhist"]
[Dealer "4"]
[Auction "1"] {before the first call}
Pass 5C! $3 Pass {thinks} 5NT ; a line comment
Pass Pass Pass Pass
Frisch
Pass Pass 6H Pass
Pass Pass
* {after the end}
[Contract "6H"]
[Trump "H"]
[Zap "1"]
"""


def test_calls_are_read_in_order_with_their_notes_and_places():
    deal = parse(TEXT)[0]
    assert [p.code for p in deal.problems] == ["BPN104"]  # [Zap] only
    auction = deal.auction
    assert auction.first == 1 and auction.closed
    assert [c.call for c in auction.calls] == (["Pass", "5C", "Pass", "5NT", "Pass"] + ["Pass"] * 3
                                               + ["Frisch"] + ["Pass", "Pass", "6H", "Pass", "Pass", "Pass"])
    five_clubs = auction.calls[1]
    assert (five_clubs.suffix, five_clubs.nags) == ("!", (3,))
    assert (five_clubs.pos.line, five_clubs.pos.column) == (4, 6)
    assert [c.text for c in auction.calls[2].comments] == ["thinks"]
    assert [c.text for c in auction.comments] == ["before the first call"]
    assert [c.text for c in auction.trailing] == ["after the end"]
    assert deal.tag("Auction").value == "1"


def test_the_writer_puts_four_calls_a_line_and_frisch_alone():
    text = dumps(parse(TEXT))
    assert text == CANONICAL
    assert dumps(parse(text)) == text


def test_the_auction_goes_after_turned_and_before_contract_without_a_star():
    text = ('[Game "IsraeliWhist"]\n[Contract "5S"]\n[Dealer "1"]\n[Auction "2"]\n'
            '5S Pass Pass Pass *\n[Declarer "2"]\n')
    out = dumps(parse(text))
    assert '[Dealer "1"]\n[Auction "2"]\n5S Pass Pass Pass\n[Contract "5S"]\n' in out
    assert "*" not in out
    assert dumps(parse(out)) == out


def test_an_auction_ends_at_the_next_tag_pair_or_the_end_of_the_deal():
    deal = parse(HEAD + '[Auction "1"]\nPass 5C\n[Contract "5C"]\n\n' + HEAD + '[Auction "1"]\nPass\n')
    assert [len(d.auction.calls) for d in deal] == [2, 1]
    assert deal[0].contract == "5C" and not deal[0].auction.closed


def test_any_word_is_a_call_to_the_reader():
    deal = parse(HEAD + '[Auction "1"]\nPass Bogus 4nt\n')[0]
    assert not deal.problems
    assert [c.call for c in deal.auction.calls] == ["Pass", "Bogus", "4NT"]


@pytest.mark.parametrize(("word", "canonical"), [
    ("pass", "Pass"), ("FRISCH", "Frisch"), ("4nt", "4NT"), ("13nt", "13NT"), ("misere", "Misere"),
    ("spreadmisere", "SpreadMisere"), ("5d", "5D"), ("Whatever", "Whatever"),
])
def test_call_words_are_read_without_regard_to_case(word, canonical):
    assert call_word(word) == canonical


def test_a_second_auction_and_a_bad_first_seat_are_reported():
    deal = parse(HEAD + '[Auction "1"]\nPass\n[Auction "2"]\nPass\n')[0]
    assert [p.code for p in deal.problems] == ["BPN102"]
    bad = parse(HEAD + '[Auction "7"]\nPass\n')[0]
    assert [p.code for p in bad.problems] == ["BPN103"] and bad.auction.first is None


def test_calls_outside_an_auction_are_a_syntax_error():
    deal = parse(HEAD + "Pass\n")[0]
    assert [p.code for p in deal.problems] == ["BPN001"]


def test_the_visitor_sees_the_auction_between_turned_and_contract():
    class Order(BaseVisitor):
        def __init__(self):
            self.seen = []

        def visit_tag(self, tag):
            self.seen.append(tag.name)

        def begin_auction(self, auction):
            self.seen.append("<auction")

        def visit_call(self, call):
            self.seen.append(call.call)

        def end_auction(self, auction):
            self.seen.append("auction>")

        def result(self):
            return self.seen

    deal = parse('[Contract "5C"]\n' + HEAD + '[Auction "1"]\n5C Pass\n')[0]
    assert deal.accept(Order()) == ["Game", "Dealer", "<auction", "5C", "Pass", "auction>", "Contract"]


@pytest.mark.parametrize(("target", "edit", "line"), [
    (Target(1, call=2), {"suffix": "?"}, "pass 5c? $3 Pass {thinks} 5nt; a line comment"),
    (Target(1, call=3), {"nag": 1}, "pass 5c! $3 Pass $1 {thinks} 5nt; a line comment"),
    (Target(1, call=2), {"clear": True}, "pass 5c Pass {thinks} 5nt; a line comment"),
    (Target(1, call=1), {"comment": "opens"}, "pass {opens} 5c! $3 Pass {thinks} 5nt; a line comment"),
])
def test_annotate_targets_a_call(target, edit, line):
    new = annotate_text(TEXT, target, **edit)
    assert new.splitlines()[3] == line
    others = [ln for i, ln in enumerate(new.splitlines()) if i != 3]
    assert others == [ln for i, ln in enumerate(TEXT.splitlines()) if i != 3]


def test_annotate_the_auction_tag_and_a_missing_call():
    new = annotate_text(TEXT, Target(1, tag="Auction"), comment="N")
    assert parse(new)[0].auction.comments[-1].text == "N"
    with pytest.raises(AnnotateError, match="no call 99"):
        annotate_text(TEXT, Target(1, call=99), comment="x")
    with pytest.raises(AnnotateError, match="no auction"):
        annotate_text('[Event "x"]\n', Target(1, call=1), comment="x")


def test_bpn_to_json_to_bpn_keeps_the_auction_and_its_notes():
    from bismarck_pbn.convert import jsonio

    text = ('% BPN 1.0\n[Event "x"]\n[Auction "2"] {first}\nPass! $4 {a} Clubs ; b\nFrisch\nPass\n* {tail}\n'
            '[Contract "Spel"]\n')
    deals = parse(text)
    doc = jsonio.dumps(deals)
    assert '"seat": 3' in doc  # Clubs: the call after seat 2's
    back = jsonio.loads(doc)
    assert dumps(back) == dumps(deals)
    assert back[0].auction.calls[0].suffix == "!" and back[0].auction.trailing[0].text == "tail"
