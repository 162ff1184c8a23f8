"""Bid Whist: jokers in the format, uptown/downtown and joker play, the auction with Take,
the kitty and discard, the score and the game of 7, and property tests against the
independent generator (tests/gen_solobid.py)."""

from __future__ import annotations

import re

import pytest

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.format import values
from bismarck_pbn.format.reader import parse
from bismarck_pbn.games import ruleset
from bismarck_pbn.games.bidwhist import BidTricks, bid_score
from bismarck_pbn.model.cards import holding_text
import solobid_props as props
from gen_solobid import gen_bid
from solobid_props import HEADER, errors, line_of

BID = props.Game(
    generate=gen_bid,
    bad_score=lambda line: '[Score "+9 0"]',
    bad_tricks=lambda line: '[Tricks "12 0"]' if line != '[Tricks "12 0"]' else '[Tricks "0 12"]',
    bad_contract=lambda line: '[Contract "7NT"]' if "7NT" not in line else '[Contract "3U"]',
    revoke_rows=(3, 10),
)


# ---- the format -----------------------------------------------------------------------------

def test_a_holding_has_a_fifth_field_of_jokers():
    cards = values.holding("AK2.QJT.5.9876.B")
    assert cards[-1] == "JB" and len(cards) == 12
    assert holding_text(cards) == "AK2.QJT.5.9876.B"
    assert holding_text(values.holding("...2.lb")) == "...2.BL"
    assert holding_text(values.holding("AK2.QJT.5.9876")) == "AK2.QJT.5.9876"  # no jokers: four fields
    with pytest.raises(values.BadValue) as bad:
        values.holding("AK2.QJT.5.9876.X")
    assert bad.value.index == 15


def test_jokers_are_cards_in_the_play():
    text = gen_bid(20, 3)
    assert re.search(r"\bJ[BL]\b", text.split('[Play "', 1)[1])
    played = [c.card for d in parse(text) if d.play for c in d.play.cards]
    assert "JB" in played and "JL" in played


# ---- the play -------------------------------------------------------------------------------

def test_uptown_and_downtown_ranks_the_ace_high_in_both():
    trick = [(1, "H2"), (2, "HK"), (3, "HA"), (4, "H3")]
    assert BidTricks(trump="S").winner(trick) == 3
    assert BidTricks(trump="S", downtown=True).winner(trick) == 3
    trick = [(1, "H2"), (2, "HK"), (3, "H5"), (4, "H3")]
    assert BidTricks(trump="S").winner(trick) == 2
    assert BidTricks(trump="S", downtown=True).winner(trick) == 1


def test_in_trump_the_jokers_are_the_highest_trumps():
    rules = BidTricks(trump="S")
    assert rules.winner([(1, "SA"), (2, "JL"), (3, "JB"), (4, "S2")]) == 3
    assert rules.winner([(1, "HA"), (2, "JL"), (3, "SA"), (4, "H2")]) == 2
    assert rules.suit_of("JB") == "S"
    assert rules.legal({"JB", "H2"}, [(1, "S3")]) == {"JB"}  # a joker follows trumps
    assert rules.revoke("H2", [(1, "S3")], {"JB", "H2"}) == "S"


def test_in_no_trump_a_joker_never_wins_and_a_led_joker_lets_the_next_card_set_the_suit():
    rules = BidTricks(trump=None)
    assert rules.winner([(1, "JB"), (2, "D4"), (3, "DK"), (4, "HA")]) == 3
    assert rules.winner([(1, "C2"), (2, "JB"), (3, "JL"), (4, "H3")]) == 1
    assert rules.legal({"JB", "H2", "D5"}, [(1, "JL")]) == {"JB", "H2", "D5"}
    assert rules.legal({"JB", "H2", "D5"}, [(1, "H4")]) == {"H2"}  # a joker only when void
    assert rules.legal({"JB", "D5"}, [(1, "H4")]) == {"JB", "D5"}
    assert rules.revoke("JB", [(1, "H4")], {"JB", "H2"}) == "H"


@pytest.mark.parametrize(("contract", "books", "score"), [
    ("4U", 10, 4), ("4U", 11, 5), ("4U", 9, -4), ("3D", 9, 3), ("7D", 13, 7), ("7D", 12, -7),
    ("3NT", 10, 8), ("5NT", 10, -10),
])
def test_the_score(contract, books, score):
    assert bid_score(contract, books) == score


# ---- generated sessions ---------------------------------------------------------------------

def first_deal(needle: str, seeds=range(12)) -> str:
    return props.first_deal(BID, needle, seeds)


@pytest.mark.parametrize("seed", range(6))
def test_generated_sessions_validate_clean_and_round_trip(seed):
    props.check_clean_and_round_trip(BID, seed)


@pytest.mark.parametrize("seed", range(3))
def test_bpn_json_bpn_is_byte_identical(seed):
    props.check_json_round_trip(BID, seed)


def test_a_side_reaching_seven_wins_the_game_and_the_total_restarts():
    text = gen_bid(60, 1)
    found = [d for d in validate_text(text) if d.code == "BPN707"]
    assert found and all(d.severity == "info" for d in found)
    deals = [d for d in parse(text) if d.tags]
    for diag in found:
        deal = next(d for d in deals if d.tag("Score").pos.line == diag.line)
        assert max(deal.total) >= 7
        after = next((d for d in deals if d.board == deal.board + 1), None)
        if after is not None:
            assert after.total == after.score  # the next game starts from 0


def _auction(calls: str) -> str:
    return f'{HEADER}[Game "BidWhist"]\n[Dealer "4"]\n[Auction "1"]\n{calls}\n'


@pytest.mark.parametrize(("calls", "contract", "declarer", "bad"), [
    ("Pass Pass Pass Pass", "None", None, []),
    ("4U Pass 5D Pass", "5D", 3, []),
    ("4U 4NT Pass Take", "4NT", 4, []),              # the dealer takes the bid as it stands
    ("3D Pass Pass 5NT", "5NT", 4, []),
    ("4D 4U Pass Pass", "4D", 1, [1]),               # U and D are equal: not higher
    ("4NT 5U Pass Pass", "5U", 2, []),
    ("4U Take Pass Pass", "4U", 1, [1]),             # only the dealer takes
    ("Pass Pass Pass Take", "None", None, [3]),      # nothing to take
    ("4U Pass Pass Pass 5U", "4U", 1, [4]),          # one round only
    ("8U Pass Pass Pass", "None", None, [0]),        # bids run 3 to 7
])
def test_the_auction(calls, contract, declarer, bad):
    result = ruleset("BidWhist").check_auction(parse(_auction(calls))[0])
    assert result.complete and (result.contract, result.declarer) == (contract, declarer)
    assert [f.call for f in result.findings] == bad and all(f.code == "BPN801" for f in result.findings)


def test_no_trump_needs_a_direction_and_trump_bids_a_suit():
    deal = first_deal(r'Direction "')
    assert errors(deal) == []
    missing = re.sub(r'\[Direction "\w+"\]\n', "", deal)
    assert errors(missing) == [(line_of(missing, "[Contract"), "BPN101")]
    deal = first_deal(r'Contract "\dU"')
    trump = re.search(r'\[Trump "(\w)"\]', deal).group(1)
    bad = deal.replace(f'[Trump "{trump}"]', '[Trump "NT"]')
    assert errors(bad)[0] == (line_of(bad, "[Trump"), "BPN401")


def test_the_discard():
    deal = first_deal(r'Discard "')
    d = parse(deal)[0]
    value = d.tag("Discard").value
    # a card the declarer never had: one of the opponents'
    other = next(c for c in d.hands[d.declarer % 4] if c[0] in "SHDC")
    foreign = holding_text(tuple(d.discard[1:]) + (other,))
    bad = deal.replace(f'[Discard "{value}"]', f'[Discard "{foreign}"]')
    assert errors(bad)[0] == (line_of(bad, "[Discard"), "BPN301")
    five = holding_text(d.discard[1:])
    bad = deal.replace(f'[Discard "{value}"]', f'[Discard "{five}"]')
    assert errors(bad)[0] == (line_of(bad, "[Discard"), "BPN201")
    # without a Discard the declarer holds hand and kitty: the play still checks
    assert errors(deal.replace(f'[Discard "{value}"]\n', "")) == []


def test_a_joker_played_in_no_trump_while_able_to_follow_is_a_revoke():
    from bismarck_pbn.games.tricks import DealState

    hands = [{"H4", "S2"}, {"JB", "H9"}, {"JL", "C3"}, {"D2", "D3"}]
    state = DealState(hands, BidTricks(trump=None, tricks=2), 1)
    state.play("H4")
    fault = state.check("JB")
    assert fault is not None and fault.kind == "revoke" and fault.detail == "H"
    state.play("H9")
    assert state.check("JL") is None  # void in hearts: the joker may go
    state.play("JL")
    state.play("D2")
    assert state.winners == [2]
    # a joker led: the next card sets the suit
    state = DealState([{"JB", "S2"}, {"H9", "C4"}, {"C3", "JL"}, {"D2", "H2"}], BidTricks(trump=None, tricks=2), 1)
    state.play("JB")
    assert state.check("C4") is None
    state.play("C4")
    assert state.check("JL").kind == "revoke" and state.check("C3") is None


@pytest.mark.parametrize("seed", range(24))
def test_single_mutations_are_caught_with_the_right_code_and_line(seed):
    props.check_single_mutation(BID, seed)


def test_a_wrong_total_is_bpn603_at_that_deal():
    props.check_wrong_total(BID, "+99 -33")


def test_the_sample_session_validates_clean_and_is_canonical():
    deals = props.check_sample("bid-whist/rent-party.bpn")
    assert any(d.contract == "None" for d in deals) and any((d.contract or "").endswith("NT") for d in deals)
