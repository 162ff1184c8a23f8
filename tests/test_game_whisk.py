"""Whisk: Whist with 48 cards (no 2s), twelve each, twelve tricks (BPN 1.1 §2)."""

from __future__ import annotations

import pytest

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.games import ruleset
from bismarck_pbn.games.whist import Whisk
from whist_props import by_suit, check_clean, check_mutation, codes, g, record

RANKS = "AKQJT9876543"  # twelve of each suit, no 2
BASE = dict(hands=by_suit(RANKS), dealer=1, turned="S3")  # seat 1 holds S A K Q J


def test_the_deck_has_no_twos() -> None:
    rules = ruleset("Whisk")
    assert type(rules) is Whisk
    assert len(rules.deck) == 48 and not any(c[1] == "2" for c in rules.deck)
    assert (rules.hand_size, rules.tricks) == (12, 12)


@pytest.mark.parametrize("tricks, score", [((6, 6), (4, 0)), ((8, 4), (6, 0)), ((12, 0), (10, 0)),
                                           ((4, 8), (4, 2))])
def test_scores_over_a_book_of_six(tricks, score) -> None:
    assert codes(record([dict(BASE, tricks=tricks, score=score)], "Whisk")) == []


def test_tricks_must_add_up_to_twelve() -> None:
    assert codes(record([dict(BASE, tricks=(7, 6), score=(5, 0))], "Whisk")) == [("BPN604", 8)]


def test_a_two_dealt_is_bpn204_at_the_deal() -> None:
    hands = by_suit(RANKS)
    hands[2] = (hands[2] - {"H3"}) | {"H2"}
    found = validate_text(record([dict(BASE, hands=hands, tricks=(6, 6), score=(4, 0))], "Whisk"))
    assert [(d.code, d.line) for d in found] == [("BPN204", 6)]
    assert "H2" in found[0].message


def test_a_two_turned_is_bpn204_at_the_turned_card() -> None:
    found = codes(record([dict(BASE, turned="S2", trump="S", tricks=(6, 6), score=(4, 0))], "Whisk"))
    assert found == [("BPN204", 7)]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("variant", ["Standard", "Long"])
def test_random_sessions_validate_clean(seed: int, variant: str) -> None:
    check_clean("Whisk", seed, variant=variant)


@pytest.mark.parametrize("name", [n for n in g.MUTATIONS if n != "wrong_declarer"])
def test_single_mutations_are_caught(name: str) -> None:
    assert sum(check_mutation("Whisk", name, seed) for seed in range(4)) >= 3


def test_samples() -> None:
    from whist_props import check_samples

    check_samples("whisk", "Whisk")


def test_json_round_trip() -> None:
    from whist_props import check_json_round_trip

    check_json_round_trip("whisk")
