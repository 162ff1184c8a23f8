"""Finnish and Estonian Bismarck (BPN 1.1): legal sessions from an independent generator
validate clean and round-trip; each planted fault is found with its code at its place;
a wrong opening leader and a card missing from a trick are one diagnostic each."""

import random

import pytest

import gen_variants as gv
from bismarck_pbn import dumps, parse, validate_text
from conftest import EXAMPLE

SEEDS = range(12)


def session_text(variant: str, seed: int) -> tuple[str, list[dict]]:
    deals = gv.session(random.Random(seed), variant)
    return gv.to_bpn(deals), deals


def problems(text: str) -> list[tuple[int, str]]:
    return [(d.line, d.code) for d in validate_text(text) if d.severity != "info"]


def line_of(text: str, needle: str, nth: int = 1) -> int:
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1


@pytest.mark.parametrize("variant", ["Finnish", "Estonian"])
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_sessions_validate_clean_and_round_trip(variant, seed):
    text, _ = session_text(variant, seed)
    assert problems(text) == []
    assert dumps(parse(text)) == text


def test_the_samples_are_canonical_and_clean():
    from conftest import ROOT

    for name in ("finnish.bpn", "estonian.bpn"):
        text = (ROOT / "samples" / name).read_text(encoding="utf-8")
        assert problems(text) == [], name
        assert dumps(parse(text)) == text


def _deal_block(text: str, board: int) -> tuple[int, int]:
    """Start and end offsets of the deal with ``board`` in ``text``."""
    start = text.index(f'[Board "{board}"]')
    blank = text.rfind("\n\n", 0, start)
    start = blank + 2 if blank >= 0 else text.index("\n") + 1  # (after the % BPN line)
    end = text.find("\n\n", start)
    return start, (end if end >= 0 else len(text))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_missed_trump_is_a_revoke(seed):
    """Finnish: a seat that cannot follow must trump. The generator plants one side card
    where a trump was due; the validator finds exactly that card."""
    planted: list = []
    deals = gv.session(random.Random(seed), "Finnish", planted=planted)
    text = gv.to_bpn(deals)
    (board, trick, card), = planted
    start, _ = _deal_block(text, board)
    play_line = text.count("\n", 0, text.index("[Play \"", start)) + 1
    found = problems(text)
    assert [(line, code) for line, code in found if code != "BPN603"] == [(play_line + 1 + trick, "BPN503")]
    assert "does not trump" in next(d.message for d in validate_text(text) if d.code == "BPN503")


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_a_wrong_turned_card(seed):
    text, deals = session_text("Finnish", seed)
    turned = deals[0]["values"]["Turned"]
    stranger = next(c for c in gv.DECK if c[0] == turned[0] and c not in deals[0]["values"]["Kitty"]
                    and c != turned)
    # a card of the same suit that is not in the kitty: only the turned card is wrong
    bad = text.replace(f'[Turned "{turned}"]', f'[Turned "{stranger}"]', 1)
    assert problems(bad) == [(line_of(bad, "[Turned"), "BPN205")]


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_a_contract_off_the_schedule(seed):
    text, deals = session_text("Finnish", seed)
    board4 = deals[3]
    assert board4["contract"] == "Spel"
    start, end = _deal_block(text, 4)
    block = text[start:end].replace('[Contract "Spel"]', '[Contract "Pass"]')
    # Pass scores otherwise: write the score and totals Pass gives, so only the schedule is wrong
    counts = list(map(int, board4["values"]["Tricks"].split()))
    f = board4["forehand"]
    score = [(2 if s == f else 7) - counts[s - 1] for s in (1, 2, 3)]
    block = block.replace(f'[Score "{board4["values"]["Score"]}"]', f'[Score "{gv.signed(score)}"]')
    bad = text[:start] + block + text[end:]
    found = [p for p in problems(bad) if p[1] != "BPN603"]
    assert found == [(line_of(bad, '[Contract "Pass"]'), "BPN703")]


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_wrong_misere_scores(seed):
    """A Finnish Pass scored with Standard's quotas (4/6/6) is BPN602 at the Score tag."""
    text, deals = session_text("Finnish", seed)
    d = deals[6]
    assert d["contract"] == "Pass"
    counts = list(map(int, d["values"]["Tricks"].split()))
    f = d["forehand"]
    standard = [(4 if s == f else 6) - counts[s - 1] for s in (1, 2, 3)]
    start, end = _deal_block(text, 7)
    block = text[start:end].replace(f'[Score "{d["values"]["Score"]}"]', f'[Score "{gv.signed(standard)}"]', 1)
    bad = text[:start] + block + text[end:]
    assert [p for p in problems(bad) if p[1] != "BPN603"] == [(text.count("\n", 0, start) + 1 +
                                                             block.split("\n").index(
                                                                 f'[Score "{gv.signed(standard)}"]'),
                                                             "BPN602")]


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_estonian_nohearts_and_noqueen_are_scored_from_the_cards_taken(seed):
    text, deals = session_text("Estonian", seed)
    for k, d in enumerate(deals):
        if d["contract"] in ("NoHearts", "NoQueen"):
            start, end = _deal_block(text, k + 1)
            wrong = [d["score"][1], d["score"][2], d["score"][0]]
            if wrong == d["score"]:
                continue
            block = text[start:end].replace(f'[Score "{gv.signed(d["score"])}"]', f'[Score "{gv.signed(wrong)}"]')
            bad = text[:start] + block + text[end:]
            assert "BPN602" in [c for _, c in problems(bad)]
            return


@pytest.mark.parametrize("variant,leader_tag", [("Standard", '[Play "2"]'), ("Finnish", None)])
def test_a_wrong_opening_leader_is_one_diagnostic(variant, leader_tag):
    """The record's own leader plays first: BPN501 once, and the rest is checked as written."""
    if variant == "Standard":
        # the spec's example with the forehand (seat 1) leading: the trick-1 cards rotated
        bad = EXAMPLE.replace('[Play "2"]\nC3 CJ CT', '[Play "1"]\nCT C3 CJ')
    else:
        text, deals = session_text("Finnish", 3)
        d = deals[0]
        f = d["forehand"]
        first = " ".join(c for _, c in d["tricks"][0])
        rotated = " ".join(c for _, c in d["tricks"][0][1:] + d["tricks"][0][:1])
        bad = text.replace(f'[Play "{f}"]\n{first}', f'[Play "{f % 3 + 1}"]\n{rotated}', 1)
    found = problems(bad)
    assert [c for _, c in found] == ["BPN501"], found


def test_a_card_missing_from_a_trick_is_one_diagnostic():
    bad = EXAMPLE.replace("HA HQ H7", "HA H7", 1)
    found = validate_text(bad)
    assert [(d.code, d.line) for d in found] == [("BPN507", line_of(bad, "HA H7"))]
    assert "missing" in found[0].message


def test_a_card_written_twice_is_one_diagnostic():
    bad = EXAMPLE.replace("HA HQ H7", "HA HQ H7 H7", 1)
    assert [d.code for d in validate_text(bad)] == ["BPN507"]
