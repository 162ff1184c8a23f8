"""Solo Whist: the payments, the auction (Propose/Accept, passed seats skipped, throw-ins),
the turned card and named trumps, and property tests against the independent generator
(tests/gen_solobid.py)."""

from __future__ import annotations

import random
import re

import pytest

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps
from bismarck_pbn.games import ruleset
from bismarck_pbn.games.solo import payments
from gen_solobid import gen_solo

HEADER = "% BPN 1.1\n"


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


def errors(text: str) -> list[tuple[int, str]]:
    return [(d.line, d.code) for d in validate_text(text) if d.severity != "info"]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def deals_of(text: str) -> list[str]:
    return text[len(HEADER):].split("\n\n")


def alone(deal: str) -> str:
    """A deal of a session on its own: no Board, no Total."""
    lines = [ln for ln in deal.rstrip("\n").splitlines() if not ln.startswith(("[Board", "[Total"))]
    return HEADER + "\n".join(lines) + "\n"


def first_deal(needle: str, seeds=range(12)) -> str:
    """The first generated deal whose text holds ``needle`` (regex), on its own."""
    for seed in seeds:
        for deal in deals_of(gen_solo(40, seed)):
            if re.search(needle, deal):
                return alone(deal)
    raise AssertionError(f"no generated deal has {needle!r}")


@pytest.mark.parametrize("seed", range(6))
def test_generated_sessions_validate_clean_and_round_trip(seed):
    text = gen_solo(16, seed)
    assert errors(text) == []
    assert dumps(parse(text)) == text


@pytest.mark.parametrize("seed", range(3))
def test_bpn_json_bpn_is_byte_identical(seed):
    from bismarck_pbn.convert import jsonio

    text = gen_solo(12, seed)
    assert dumps(jsonio.loads(jsonio.dumps(parse(text)))) == text


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
    rng = random.Random(seed)
    deal = first_deal(r'\[Play "', seeds=[seed % 6])
    lines = deal.splitlines()
    kind = ["score", "tricks", "contract", "declarer", "revoke", "leader"][seed % 6]
    if kind == "score":
        at = line_of(deal, "[Score")
        lines[at - 1] = '[Score "+9 -3 -3 -3"]' if "+9 -3 -3 -3" not in lines[at - 1] else '[Score "+1 -1 +1 -1"]'
        assert errors("\n".join(lines) + "\n") == [(at, "BPN602")]
    elif kind == "tricks":
        at = line_of(deal, "[Tricks")
        lines[at - 1] = '[Tricks "13 0 0 0"]' if lines[at - 1] != '[Tricks "13 0 0 0"]' else '[Tricks "0 13 0 0"]'
        assert errors("\n".join(lines) + "\n") == [(at, "BPN601")]
    elif kind == "contract":
        at = line_of(deal, "[Contract")
        lines[at - 1] = '[Contract "Slam"]' if "Slam" not in lines[at - 1] else '[Contract "Solo"]'
        assert (at, "BPN802") in errors("\n".join(lines) + "\n")
    elif kind == "declarer":
        at = line_of(deal, "[Declarer")
        d = int(re.search(r'\d', lines[at - 1]).group())
        lines[at - 1] = f'[Declarer "{d % 4 + 1}"]'
        assert (at, "BPN802") in errors("\n".join(lines) + "\n")
    elif kind == "revoke":
        play = line_of(deal, '[Play "')
        k = rng.randrange(3, 11)
        row = lines[play + k].split()
        row[1], row[2] = row[2], row[1]
        lines[play + k] = " ".join(row)
        found = errors("\n".join(lines) + "\n")
        assert found and found[0] == (play + k + 1, found[0][1]) and found[0][1] in ("BPN502", "BPN503")
    else:
        at = line_of(deal, '[Play "')
        leader = int(re.search(r'\d', lines[at - 1]).group())
        lines[at - 1] = f'[Play "{leader % 4 + 1}"]'
        assert errors("\n".join(lines) + "\n")[0] == (at, "BPN501")


def test_a_wrong_total_is_bpn603_at_that_deal():
    text = gen_solo(8, 2)
    deals = deals_of(text)
    m = re.search(r'\[Total "([^"]+)"\]', deals[4])
    wrong = deals[4].replace(m.group(0), '[Total "+99 -33 -33 -33"]')
    bad = HEADER + "\n\n".join(deals[:4] + [wrong] + deals[5:])
    assert errors(bad) == [(line_of(bad, '[Total "+99'), "BPN603")]


def test_the_sample_session_validates_clean_and_is_canonical():
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "samples" / "solo-whist" / "sunday-school.bpn"
    text = path.read_text(encoding="utf-8")
    assert [d for d in validate_text(text) if d.severity != "info"] == []
    assert dumps(parse(text)) == text
    deals = [d for d in parse(text) if d.tags]
    assert any(d.contract == "None" for d in deals) and any(d.contract == "Misere" for d in deals)
