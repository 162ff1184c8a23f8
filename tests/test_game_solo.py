"""Solo Whist: the payments, the auction (Propose/Accept, passed seats skipped, throw-ins),
the turned card and named trumps, and property tests against the independent generator
(tests/gen_solobid.py)."""

from __future__ import annotations

import re

import pytest

from bismarck_pbn.format.reader import parse
from bismarck_pbn.games import ruleset
from bismarck_pbn.games.solo import payments
import solobid_props as props
from gen_solobid import gen_solo
from solobid_props import HEADER, errors, line_of

SOLO = props.Game(
    generate=gen_solo,
    bad_score=lambda line: '[Score "+9 -3 -3 -3"]' if "+9 -3 -3 -3" not in line else '[Score "+1 -1 +1 -1"]',
    bad_tricks=lambda line: '[Tricks "13 0 0 0"]' if line != '[Tricks "13 0 0 0"]' else '[Tricks "0 13 0 0"]',
    bad_contract=lambda line: '[Contract "Slam"]' if "Slam" not in line else '[Contract "Solo"]',
    revoke_rows=(3, 11),
)


@pytest.mark.parametrize(("contract", "declarer", "partner", "tricks", "score"), [
    ("Solo", 1, None, (5, 3, 3, 2), (6, -2, -2, -2)),          # made: each opponent pays 2
    ("Solo", 1, None, (4, 3, 3, 3), (-6, 2, 2, 2)),            # failed: the reverse
    ("Propose", 1, 3, (4, 2, 4, 3), (1, -1, 1, -1)),           # 8 together: each partner +1
    ("Propose", 1, 3, (4, 3, 3, 3), (-1, 1, -1, 1)),
    ("Misere", 2, None, (4, 0, 5, 4), (-3, 9, -3, -3)),
    ("Misere", 2, None, (4, 1, 4, 4), (3, -9, 3, 3)),
    ("Abundance", 4, None, (1, 1, 2, 9), (-4, -4, -4, 12)),
    ("AbundanceTrump", 4, None, (1, 1, 3, 8), (4, 4, 4, -12)),
    ("SpreadMisere", 3, None, (5, 4, 0, 4), (-6, -6, 18, -6)),
    ("Slam", 2, None, (0, 13, 0, 0), (-8, 24, -8, -8)),
    ("Slam", 2, None, (0, 12, 1, 0), (8, -24, 8, 8)),
])
def test_the_payments(contract, declarer, partner, tricks, score):
    assert payments(contract, declarer, partner, tricks) == score
    assert sum(score) == 0


def first_deal(needle: str, seeds=range(12)) -> str:
    """The first generated deal whose text holds ``needle`` (regex), on its own."""
    return props.first_deal(SOLO, needle, seeds)


@pytest.mark.parametrize("seed", range(6))
def test_generated_sessions_validate_clean_and_round_trip(seed):
    props.check_clean_and_round_trip(SOLO, seed)


@pytest.mark.parametrize("seed", range(3))
def test_bpn_json_bpn_is_byte_identical(seed):
    props.check_json_round_trip(SOLO, seed)


def _auction(calls: str, dealer: int = 4) -> str:
    """A record of only an auction (dealer 4: seat 1 calls first) and its Contract
    left to the auction."""
    return (f'{HEADER}[Game "SoloWhist"]\n[Dealer "{dealer}"]\n[Turned "H7"]\n'
            f'[Auction "{dealer % 4 + 1}"]\n{calls}\n')


def _result(calls: str):
    deal = parse(_auction(calls))[0]
    return ruleset("SoloWhist").check_auction(deal)


@pytest.mark.parametrize(("calls", "contract", "declarer", "partner", "bad"), [
    ("Pass Pass Pass Pass", "None", None, None, []),                       # four passes: thrown in
    ("Propose Pass Pass Pass", "None", None, None, []),                    # unaccepted Propose: thrown in
    ("Propose Accept Pass Pass", "Propose", 1, 2, []),
    ("Pass Propose Pass Accept", "Propose", 2, 4, []),                     # seat 1 passed: skipped after
    ("Propose Accept Solo Pass Pass Pass", "Solo", 3, None, []),           # an overcall ends the partnership
    ("Solo Misere Pass Pass Abundance Pass", "Abundance", 1, None, []),    # 3, 4 skipped in round two
    ("Solo Accept Pass Pass", "Solo", 1, None, [1]),                       # nothing to accept: counts as Pass
    ("Misere Solo Pass Pass", "Misere", 1, None, [1]),                     # not higher
    ("Propose Accept Accept Pass", "Propose", 1, 2, [2]),                  # accepted already
    ("Slam Pass Pass Pass Pass", "Slam", 1, None, [4]),                    # after the end
    ("Propose Pass Pass Bogus", "None", None, None, [3]),
])
def test_the_auction(calls, contract, declarer, partner, bad):
    result = _result(calls)
    assert result.complete
    assert (result.contract, result.declarer, result.partner) == (contract, declarer, partner)
    assert [f.call for f in result.findings] == bad
    assert all(f.code == "BPN801" for f in result.findings)


def test_an_unfinished_auction_takes_the_tags_as_given():
    result = _result("Solo Pass")
    assert not result.complete and result.contract is None


def test_a_thrown_in_deal_scores_zero_and_carries_the_total():
    text = gen_solo(40, 1)
    deals = [d for d in parse(text) if d.tags]
    thrown = next(d for d in deals if d.contract == "None" and d.board > 1)
    before = next(d for d in deals if d.board == thrown.board - 1)
    assert thrown.score == (0, 0, 0, 0) and thrown.total == before.total and thrown.play is None


def test_a_misere_is_played_without_trump_and_a_trump_tag_says_otherwise():
    deal = first_deal(r'Contract "Misere"')
    assert errors(deal) == []
    bad = deal.replace('[Trump "NT"]', '[Trump "S"]')
    assert errors(bad) == [(line_of(bad, "[Trump"), "BPN802")]  # the auction makes it NT
    start, end = bad.index("[Auction"), bad.index("[Contract")
    bad = bad[:start] + bad[end:]
    assert errors(bad) == [(line_of(bad, "[Trump"), "BPN401")]  # the contract makes it NT


def test_abundance_names_a_suit_never_no_trump():
    deal = first_deal(r'Contract "Abundance"')
    trump = re.search(r'\[Trump "(\w+)"\]', deal).group(1)
    bad = deal.replace(f'[Trump "{trump}"]', '[Trump "NT"]')
    assert (line_of(bad, "[Trump"), "BPN401") in errors(bad)
    missing = deal.replace(f'[Trump "{trump}"]\n', "")
    assert errors(missing) == [(line_of(missing, "[Contract"), "BPN101")]


def test_in_slam_the_declarer_leads():
    deal = first_deal(r'Contract "Slam"')
    declarer = re.search(r'\[Declarer "(\d)"\]', deal).group(1)
    assert f'[Play "{declarer}"]' in deal and errors(deal) == []


def test_a_turned_card_not_in_the_dealers_hand_is_bpn205():
    deal = first_deal(r'Contract "Solo"')
    d = parse(deal)[0]
    turned = d.turned
    other = next(c for c in d.hands[d.dealer % 4] if c[0] == turned[0])  # the dealer's left holds it
    bad = deal.replace(f'[Turned "{turned}"]', f'[Turned "{other}"]')
    assert errors(bad) == [(line_of(bad, "[Turned"), "BPN205")]


def test_a_trump_tag_against_the_turned_card_is_bpn205():
    deal = first_deal(r'Contract "(Solo|Propose|AbundanceTrump)"')
    trump = re.search(r'\[Trump "(\w)"\]', deal).group(1)
    other = "S" if trump != "S" else "H"
    bad = deal.replace(f'[Trump "{trump}"]', f'[Trump "{other}"]')
    assert errors(bad) == [(line_of(bad, "[Turned"), "BPN205")]


def test_a_joker_is_not_in_the_deck_of_solo_whist():
    deal = first_deal(r'Contract "Solo"')
    hands = re.search(r'\[Deal "1:(\S+) ', deal).group(1)
    bad = deal.replace(f'[Deal "1:{hands} ', f'[Deal "1:{hands}.B ')
    assert (line_of(bad, '[Deal "'), "BPN204") in errors(bad)
    play = line_of(deal, '[Play "')
    lines = deal.splitlines()
    row = lines[play].split()
    row[1] = "JB"
    lines[play] = " ".join(row)
    bad = "\n".join(lines) + "\n"
    assert errors(bad) == [(play + 1, "BPN204")]


@pytest.mark.parametrize("seed", range(24))
def test_single_mutations_are_caught_with_the_right_code_and_line(seed):
    props.check_single_mutation(SOLO, seed)


def test_a_wrong_total_is_bpn603_at_that_deal():
    props.check_wrong_total(SOLO, "+99 -33 -33 -33")


def test_the_sample_session_validates_clean_and_is_canonical():
    deals = props.check_sample("solo-whist/sunday-school.bpn")
    assert any(d.contract == "None" for d in deals) and any(d.contract == "Misere" for d in deals)


def test_no_seat_is_shown_a_quota_of_its_own():
    """A Propose's 8 tricks belong to both partners and a misère's 0 is a most: show,
    the web page and the replay give tricks without a 'quota' in Solo Whist."""
    from typer.testing import CliRunner

    from bismarck_pbn.cli import app
    from conftest import ROOT

    sample = ROOT / "samples" / "solo-whist" / "sunday-school.bpn"
    runner = CliRunner()
    for deal in ("1", "3"):  # Propose and Accept; Spread Misère
        text = runner.invoke(app, ["show", str(sample), "-d", deal, "-t", "13"], env={"COLUMNS": "100"})
        assert text.exit_code == 0 and "quota" not in text.stdout, text.stdout
        data = runner.invoke(app, ["show", str(sample), "-d", deal, "-t", "13", "-f", "json"])
        assert '"quotas": null' in data.stdout
