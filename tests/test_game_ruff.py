"""Ruff and Honours: the stock, the ruff, honours after it, games of ten (BPN 1.1 §2)."""

from __future__ import annotations

import pytest

from bismarck_pbn.games import ruleset
from bismarck_pbn.games.ruff import RuffAndHonours
from whist_props import by_suit, check_clean, check_mutation, codes, g, record

RANKS = "AKQJT9876543"
STOCK = {"S2", "H2", "D2", "C2"}
# seat 2 holds H A K Q J and takes the stock; it throws the 2s of the plain suits and H3
BASE = dict(hands=by_suit(RANKS), kitty=STOCK, dealer=4, turned="H2", declarer=2,
            discard={"S2", "D2", "C2", "H3"}, tricks=(6, 6), score=(0, 4))
LINE = {"Turned": 8, "Declarer": 9, "Discard": 10, "Score": 12}


def deal(**changes) -> str:
    return record([dict(BASE, **changes)], "RuffAndHonours")


def test_is_registered() -> None:
    rules = ruleset("RuffAndHonours")
    assert type(rules) is RuffAndHonours
    assert (rules.hand_size, rules.kitty_size, rules.tricks, rules.target) == (12, 4, 12, 10)


def test_a_clean_deal() -> None:
    assert codes(deal()) == []


def test_honours_count_after_the_ruff() -> None:
    """Seat 2 is dealt A Q J of hearts (2 points) and finds the king in the stock (4)."""
    hands = by_suit(RANKS)
    hands[2] = (hands[2] - {"HK"}) | {"S2"}
    kitty = {"HK", "H2", "D2", "C2"}
    text = deal(hands=hands, kitty=kitty)
    assert codes(text) == []
    assert codes(deal(hands=hands, kitty=kitty, score=(0, 2))) == [("BPN602", LINE["Score"])]
    # thrown away again in the ruff: three honours, 2 points
    assert codes(deal(hands=hands, kitty=kitty, discard={"HK", "D2", "C2", "H3"}, score=(0, 2))) == []


def test_the_holder_of_the_ace_ruffs() -> None:
    assert codes(deal(declarer=3)) == [("BPN303", LINE["Declarer"])]


def test_the_dealer_ruffs_when_the_ace_is_in_the_stock() -> None:
    hands = {s: h - {"HA"} for s, h in by_suit(RANKS).items()}
    hands[2] = hands[2] | {"C2"}
    kitty = {"HA", "S2", "H2", "D2"}
    dealer_ruffs = dict(hands=hands, kitty=kitty, declarer=4, discard={"C3", "C4", "C5", "S2"}, score=(0, 4))
    assert codes(deal(**dealer_ruffs)) == []
    assert codes(deal(**dict(dealer_ruffs, declarer=2))) == [("BPN303", LINE["Declarer"])]


def test_the_turned_card_is_the_stocks() -> None:
    assert codes(deal(turned="H3", trump="H")) == [("BPN205", LINE["Turned"])]
    assert codes(deal(trump="S")) == [("BPN205", LINE["Turned"])]


def test_the_discard() -> None:
    assert codes(deal(discard={"S2", "D2", "C2"})) == [("BPN201", LINE["Discard"])]
    assert codes(deal(discard={"S2", "D2", "C2", "SA"})) == [("BPN301", LINE["Discard"])]
    text = deal().replace('[Discard "2.3.2.2"]', '[Discard "-"]')
    assert codes(text) == [("BPN302", LINE["Discard"])]


def test_game_is_ten_with_no_honours_at_nine() -> None:
    rules = RuffAndHonours()
    assert rules.points((0, 1), (4, 0), (9, 0)) == (0, 1)
    assert rules.points((0, 1), (4, 0), (5, 0)) == (4, 1)
    assert rules.points((4, 0), (0, 4), (6, 8)) == (4, 0)  # side 1 goes out on tricks first


@pytest.mark.parametrize("seed", range(10))
def test_random_sessions_validate_clean(seed: int) -> None:
    check_clean("RuffAndHonours", seed)


@pytest.mark.parametrize("name", [n for n in g.MUTATIONS if "whisk" not in n])
def test_single_mutations_are_caught(name: str) -> None:
    assert sum(check_mutation("RuffAndHonours", name, seed) for seed in range(4)) >= 3


def test_samples() -> None:
    from whist_props import check_samples

    check_samples("ruff", "RuffAndHonours")


def test_json_round_trip() -> None:
    from whist_props import check_json_round_trip

    check_json_round_trip("ruff")
