"""Israeli Whist: the spec's worked examples, the auction and Frisch, the contract bids,
and property tests against the independent generator (tests/gen_auction.py)."""

from __future__ import annotations

import random
import re

import pytest

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps
from bismarck_pbn.games.israeli import seat_score
from gen_auction import gen_israeli


@pytest.mark.parametrize(("bid", "took", "total", "score"), [
    (3, 3, 12, 19),     # 3 bid, 3 taken
    (4, 6, 12, -20),    # bid 4, took 6
    (0, 2, 12, -40),    # zero missed by 2
    (0, 0, 12, 50), (0, 0, 14, 25), (0, 1, 12, -50), (13, 13, 14, 179), (5, 4, 12, -10),
])
def test_the_scoring_rule(bid, took, total, score):
    assert seat_score(bid, took, total) == score


def errors(text: str) -> list[tuple[int, str]]:
    return [(d.line, d.code) for d in validate_text(text) if d.severity != "info"]


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("seed", range(6))
def test_generated_sessions_validate_clean_and_round_trip(seed):
    text = gen_israeli(12, seed)
    assert errors(text) == []
    assert dumps(parse(text)) == text


def _first_deal(seed: int, needle: str) -> str:
    """The first deal of a generated session whose text holds ``needle``, alone."""
    text = gen_israeli(40, seed)
    deals = text[len("% BPN 1.1\n"):].split("\n\n")
    found = next(d for d in deals if needle in d)
    return "% BPN 1.1\n" + found.rstrip("\n").replace('[Board "', '[Xboard "') + "\n"


def _solo(deal: str) -> str:
    """A deal with its Board and Total taken out (checked on its own)."""
    return "\n".join(ln for ln in deal.splitlines() if not ln.startswith(("[Xboard", "[Total"))) + "\n"


def test_a_frisch_passes_cards_and_a_wrong_count_is_bpn303():
    deal = _solo(_first_deal(3, "Frisch1"))
    assert errors(deal) == []
    m = re.search(r'\[Frisch1 "(\S+) ', deal)
    first = m.group(1)
    suits = first.split(".")
    for i, s in enumerate(suits):
        if s:
            suits[i] = s[1:]
            break
    bad = deal.replace(f'[Frisch1 "{first} ', f'[Frisch1 "{".".join(suits)} ')
    assert errors(bad) == [(_line_of(bad, "[Frisch1"), "BPN303")]


def test_a_thrown_in_deal_has_no_contract():
    deal = _solo(_first_deal(2, '"None"'))
    assert errors(deal) == []
    assert deal.count("Frisch\n") == 3


def test_a_bid_not_higher_is_bpn801_at_the_call_and_counts_as_pass():
    deal = _solo(_first_deal(1, "[Auction"))
    lines = deal.splitlines()
    at = _line_of(deal, "[Auction") + 1
    calls = lines[at - 1].split()
    # A pass that is not the last call of the auction turned into a too-low bid.
    i = calls.index("Pass")
    calls[i] = "5C" if "5C" not in calls[:i] else "Bogus"
    lines[at - 1] = " ".join(calls)
    bad = "\n".join(lines) + "\n"
    found = errors(bad)
    if any(c != "Pass" for c in calls[:i]) or calls[i] == "Bogus":
        assert found == [(at, "BPN801")]


def test_contract_bids_summing_to_13_and_below_the_trump_bid_are_bpn803():
    deal = _solo(_first_deal(1, "[Bids"))
    m = re.search(r'\[Bids "(\d+) (\d+) (\d+) (\d+)"\]', deal)
    bids = [int(x) for x in m.groups()]
    declarer = int(re.search(r'\[Declarer "(\d)"\]', deal).group(1))
    last = (declarer + 2) % 4  # index of the seat to the declarer's right
    other = [b for i, b in enumerate(bids) if i != last]
    new = bids[:]
    new[last] = 13 - sum(other)
    if 0 <= new[last] <= 13:
        bad = deal.replace(m.group(0), f'[Bids "{" ".join(map(str, new))}"]')
        assert (_line_of(bad, "[Bids"), "BPN803") in errors(bad)
    low = bids[:]
    low[declarer - 1] = 0
    bad = deal.replace(m.group(0), f'[Bids "{" ".join(map(str, low))}"]')
    assert (_line_of(bad, "[Bids"), "BPN803") in errors(bad)


def test_a_declarer_other_than_the_auction_is_bpn802():
    deal = _solo(_first_deal(1, "[Declarer"))
    d = int(re.search(r'\[Declarer "(\d)"\]', deal).group(1))
    bad = deal.replace(f'[Declarer "{d}"]', f'[Declarer "{d % 4 + 1}"]')
    assert (_line_of(bad, "[Declarer"), "BPN802") in errors(bad)


@pytest.mark.parametrize("seed", range(20))
def test_single_mutations_are_caught_with_the_right_code_and_line(seed):
    rng = random.Random(seed)
    deal = _solo(_first_deal(seed % 5, "[Play \""))
    lines = deal.splitlines()
    kind = rng.choice(["score", "tricks", "contract", "revoke"])
    if kind == "score":
        at = _line_of(deal, "[Score")
        lines[at - 1] = '[Score "+999 0 0 0"]'
        assert errors("\n".join(lines) + "\n") == [(at, "BPN602")]
    elif kind == "tricks":
        at = _line_of(deal, "[Tricks")
        lines[at - 1] = '[Tricks "13 0 0 0"]'
        assert errors("\n".join(lines) + "\n") == [(at, "BPN601")]
    elif kind == "contract":
        at = _line_of(deal, "[Contract")
        lines[at - 1] = '[Contract "13NT"]'
        assert (at, "BPN802") in errors("\n".join(lines) + "\n")
    else:
        play = _line_of(deal, "[Play \"")
        # swap two cards of different seats in the last trick but one: a card not held or a revoke
        row = lines[play + 11].split()
        row[0], row[1] = row[1], row[0]
        lines[play + 11] = " ".join(row)
        found = errors("\n".join(lines) + "\n")
        assert found and found[0][0] == play + 12 and found[0][1] in ("BPN502", "BPN503")


def test_the_sample_session_validates_clean_and_is_canonical():
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "samples" / "israeli-whist" / "haifa.bpn"
    text = path.read_text(encoding="utf-8")
    assert validate_text(text) == []
    assert dumps(parse(text)) == text
    deals = [d for d in parse(text) if d.tags]
    assert any(d.frisch for d in deals) and any(d.contract == "None" for d in deals)


@pytest.mark.parametrize("seed", range(3))
def test_bpn_json_bpn_is_byte_identical(seed):
    from bismarck_pbn.convert import jsonio

    text = gen_israeli(10, seed)
    assert dumps(jsonio.loads(jsonio.dumps(parse(text)))) == text
