"""The reader: lexical rules of BPN §2–3, positions, attachment of comments, leniency."""

import io

from bismarck_pbn import parse, read_deals
from bismarck_pbn.diagnostics import CODES


def codes(deal):
    return [p.code for p in deal.problems]


def test_example_reads_cleanly(example):
    (deal,) = parse(example)
    assert deal.problems == ()
    assert deal.forehand == 1 and deal.board == 1 and deal.contract == "Spader"
    assert deal.trump == "S" and deal.exchange is True
    assert deal.tricks == (4, 2, 10) and deal.score == (-4, -2, 6)
    assert len(deal.play.cards) == 48 and deal.play.leader == 2 and deal.play.closed


def test_every_card_keeps_line_and_column(example):
    (deal,) = parse(example)
    first = deal.play.cards[0]
    assert (first.card, first.pos.line, first.pos.column) == ("C3", 20, 1)
    s5 = deal.play.cards[23]
    assert (s5.card, s5.pos.line, s5.pos.column) == ("S5", 27, 7)
    assert example[s5.pos.offset : s5.pos.offset + 2] == "S5"


def test_annotations_attach_to_the_card_before_them(example):
    (deal,) = parse(example)
    s5 = deal.play.cards[23]
    assert s5.suffix == "!" and s5.nags == (1,)
    assert [c.text for c in s5.comments] == ["Anna ruffs low"]
    d5 = deal.play.cards[8]
    assert [(c.kind, c.text) for c in d5.comments] == [("{", "Cecilia wins it with the king")]


def test_comments_belong_to_deal_tag_and_play():
    text = ('{before the deal}\n[Event "E"] ; about the event\n{still the event}\n[Forehand "1"]\n'
            '[Contract "Spel"]\n[Play "2"] {about the play}\nC3 C4 C5 *  {after the end}\n')
    (deal,) = parse(text)
    assert [c.text for c in deal.comments] == ["before the deal"]
    event = deal.tag("Event")
    assert [(c.kind, c.text) for c in event.comments] == [(";", " about the event"), ("{", "still the event")]
    assert [c.text for c in deal.play.comments] == ["about the play"]
    assert [c.text for c in deal.play.trailing] == ["after the end"]


def test_lenient_reading():
    text = ('\ufeff[Forehand "2"]\r\n[Contract "sPaDeR"]\r\n'
            '[Deal "2:2KA.QJ10.5.9876 - -"]\r\n[Play "3"]\r\nH10 H2\r\n')
    (deal,) = parse(text)
    assert deal.problems == ()
    assert deal.contract == "Spader"
    assert deal.hands[1][:3] == ("SA", "SK", "S2")  # ranks in any order, sorted
    assert "HT" in deal.hands[1]
    assert [c.card for c in deal.play.cards] == ["HT", "H2"]
    assert deal.play.cards[1].pos.column == 5


def test_lower_case_cards_are_read_with_one_warning_naming_the_capitals():
    (deal,) = parse('[Forehand "1"]\n[Play "2"]\nH2 h3\nsa Dt c10\n')
    assert [c.card for c in deal.play.cards] == ["H2", "H3", "SA", "DT", "CT"]
    assert codes(deal) == ["BPN006"]
    (p,) = deal.problems
    assert (p.line, p.column, p.severity) == (3, 4, "warning")
    assert "'h3' (and 3 more cards)" in p.message and "'H3'" in p.message


def test_lower_case_ranks_in_holdings_are_read_with_a_warning():
    (deal,) = parse('[Forehand "1"]\n[Deal "1:akq.jt9..2 - -"]\n[Discard "q..2."]\n')
    assert deal.hands[0] == ("SA", "SK", "SQ", "HJ", "HT", "H9", "C2")
    assert [(p.code, p.line, p.column) for p in deal.problems] == [("BPN006", 2, 10), ("BPN006", 3, 11)]
    assert "'1:AKQ.JT9..2 - -'" in deal.problems[0].message


def test_a_holding_that_does_not_read_is_one_fault_whatever_its_case():
    """A Deal in lower case with a bad first seat: one BPN103 quoting it as written, no
    BPN006 beside it (fmt cannot mend a value it cannot read). Found by the fuzz test."""
    (deal,) = parse('[Forehand "1"]\n[Deal "sa1:q953.Q854.J532.T742 J42.K9762.A876.AK63 AK87.AJT3.KQT9.QJ98"]\n')
    assert codes(deal) == ["BPN103"]
    assert "'sa1:q953." in deal.problems[0].message


def test_cards_in_lower_case_are_still_cards_only_in_the_play():
    (deal,) = parse('[Forehand "1"]\n[Play "2"]\nH2 hx\n')
    assert codes(deal) == ["BPN001"] and deal.problems[0].column == 4


def test_tag_value_escapes():
    (deal,) = parse('[Event "Say \\"hi\\" \\\\ bye"]\n[Forehand "1"]\n[Contract "Spel"]\n')
    assert deal.headers["Event"] == 'Say "hi" \\ bye'


def test_session_tags_are_inherited_from_the_previous_deal():
    text = ('[Event "E"]\n[Player1 "Anna"]\n[Forehand "1"]\n[Contract "Spel"]\n\n'
            '[Forehand "2"]\n[Contract "Pass"]\n')
    first, second = parse(text)
    assert second.inherited == {"Event": "E", "Player1": "Anna"}
    assert second.headers["Player1"] == "Anna"


def test_deals_split_at_empty_lines_but_not_inside_brace_comments():
    text = '[Forehand "1"]\n{a comment\n\nwith an empty line}\n[Contract "Spel"]\n\n\n[Forehand "2"]\n'
    deals = parse(text)
    assert len(deals) == 2
    assert deals[0].contract == "Spel"


def test_an_unclosed_brace_does_not_swallow_the_next_deals():
    text = '[Forehand "1"] {oops\n[Contract "Spel"]\n\n[Forehand "2"]\n[Contract "Pass"]\n'
    first, second = parse(text)
    assert codes(first) == ["BPN002"]
    assert second.forehand == 2 and second.problems == ()
    assert second.pos.line == 4


def test_a_syntax_error_keeps_tags_and_later_deals():
    text = '[Board "1"]\n[Forehand "1"]\n[Contract "Spel"]\n[Play "2"]\nC3 XX\n\n[Forehand "3"]\n'
    first, second = parse(text)
    (p,) = first.problems
    assert (p.code, p.line, p.column) == ("BPN001", 5, 4)
    assert first.board == 1 and first.forehand == 1  # tags recovered by a scan
    assert second.forehand == 3


def test_unterminated_string_is_bpn002():
    (deal,) = parse('[Event "no end\n[Forehand "1"]\n')
    assert codes(deal) == ["BPN002"]


def test_duplicate_unknown_and_malformed_tags():
    text = '[Forehand "1"]\n[Forehand "2"]\n[Mood "good"]\n[Board "zero"]\n[forehand "1"]\n'
    (deal,) = parse(text)
    assert codes(deal) == ["BPN102", "BPN104", "BPN103", "BPN104"]
    assert deal.forehand == 1  # the first one counts
    assert "did you mean [Forehand]" in deal.problems[3].message


def test_bad_card_in_a_holding_points_inside_the_value():
    (deal,) = parse('[Deal "1:AKX.QJT.5.9876 - -"]\n')
    (p,) = deal.problems
    assert p.code == "BPN103" and p.column == len('[Deal "1:AK') + 1


def test_invalid_utf8_is_reported_with_byte_offset_and_reading_goes_on():
    data = b'[Event "Caf\xe9"]\n[Forehand "1"]\n\n[Forehand "2"]\n'
    first, second = list(read_deals(io.BytesIO(data)))
    (p,) = first.problems
    assert p.code == "BPN003" and "byte offset 11" in p.message and p.line == 1
    assert second.forehand == 2


def test_latin1_encoding():
    data = '[Event "Café"]\n[Forehand "1"]\n'.encode("latin-1")
    (deal,) = read_deals(io.BytesIO(data), encoding="latin-1")
    assert deal.headers["Event"] == "Café" and deal.problems == ()


def test_nag_range_and_double_suffix():
    (deal,) = parse('[Forehand "1"]\n[Play "2"]\nC3! ? $256\n')
    assert codes(deal) == ["BPN001", "BPN001"]


def test_revoke_mark():
    (deal,) = parse('[Forehand "1"]\n[Play "2"]\nC3 ^R H4 C5\n')
    assert [c.revoke for c in deal.play.cards] == [False, True, False]


def test_comment_block_between_deals_is_kept():
    deals = parse('[Forehand "1"]\n\n{ a note between deals }\n\n[Forehand "2"]\n')
    assert [bool(d.tags) for d in deals] == [True, False, True]
    assert deals[1].comments[0].text == " a note between deals "
    assert [d.number for d in deals] == [1, 0, 2]


def test_all_codes_have_a_severity():
    assert {sev for sev, _ in CODES.values()} == {"error", "warning", "info"}
