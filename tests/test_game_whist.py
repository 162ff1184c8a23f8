"""Whist: the rulings of BPN 1.1 §2 and §4 on worked examples, and properties of random
sessions made by the independent reference (tests/genwhist.py)."""

from __future__ import annotations

import pytest

from bismarck_pbn.games import ruleset
from bismarck_pbn.games.whist import Whist, honours_held
from bismarck_pbn.model.variant import Variant
from bismarck_pbn.check.validate import validate_text
from whist_props import by_suit, check_clean, check_mutation, codes, g, record

SPADES_TO_SIDE_1 = dict(hands=by_suit(), dealer=1, turned="S2")  # seat 1 holds S A K Q J
HEARTS_TO_SIDE_2 = dict(hands=by_suit(), dealer=2, turned="H2")  # seat 2 holds H A K Q J
SCORE_LINE = 9  # of a one-deal record without Board


def test_is_registered() -> None:
    assert type(ruleset("Whist")) is Whist
    assert ruleset("Whist").target == 5
    assert ruleset("Whist", Variant("Standard", frozenset({"Long"}))).target == 10


@pytest.mark.parametrize("tricks, score", [
    ((9, 4), (7, 0)),    # three over the book, and four honours
    ((6, 7), (4, 1)),    # the honours outscore the tricks
    ((13, 0), (11, 0)),  # a grand slam: 7 and the honours (points past the target are kept)
])
def test_a_deal_on_its_own_scores_tricks_and_honours(tricks, score) -> None:
    deal = dict(SPADES_TO_SIDE_1, tricks=tricks, score=score)
    assert codes(record([deal])) == []
    assert g.score(tuple(max(0, t - 6) for t in tricks), (4, 0), (0, 0), 5) == score  # the reference agrees


def test_a_wrong_score_is_bpn602_at_the_score() -> None:
    deal = dict(SPADES_TO_SIDE_1, tricks=(9, 4), score=(3, 0))
    assert codes(record([deal])) == [("BPN602", SCORE_LINE)]


def test_tricks_score_before_honours() -> None:
    """Side 1 goes out on tricks (five over the book): side 2's four honours do not count."""
    assert codes(record([dict(HEARTS_TO_SIDE_2, tricks=(11, 2), score=(5, 0))])) == []
    assert codes(record([dict(HEARTS_TO_SIDE_2, tricks=(11, 2), score=(5, 4))])) == [("BPN602", SCORE_LINE)]


def test_three_honours_score_two() -> None:
    hands = by_suit(swaps=(("HJ", "S3"),))  # side 1 holds the jack, side 2 A K Q
    assert codes(record([dict(hands=hands, dealer=2, turned="H2", tricks=(7, 6), score=(1, 2))])) == []


def test_no_honours_option() -> None:
    deal = dict(SPADES_TO_SIDE_1, tricks=(9, 4), score=(3, 0))
    assert codes(record([deal], variant="NoHonours")) == []


# A session: the totals, the standing's effect on honours, the end of each game.
SESSION = [
    dict(SPADES_TO_SIDE_1, board=1, tricks=(6, 7), score=(4, 1), total=(4, 1)),
    # side 1 goes out on one trick over the book: side 2's honours do not count
    dict(HEARTS_TO_SIDE_2, board=2, tricks=(7, 6), score=(1, 0), total=(5, 1)),
    # a new game starts from 0
    dict(hands=by_suit(), dealer=3, turned="D2", board=3, tricks=(5, 8), score=(4, 2), total=(4, 2)),
    # side 1 stands at 4 and holds all four honours of hearts: they do not count
    dict(hands=by_suit(swaps=(("HA", "S3"), ("HK", "S4"), ("HQ", "S5"), ("HJ", "S6"), ("H2", "C3"))),
         dealer=4, turned="H2", board=4, tricks=(6, 7), score=(0, 1), total=(4, 3)),
]


def _session_text(changes: dict | None = None) -> tuple[str, dict[tuple[int, str], int]]:
    deals = [dict(d) for d in SESSION]
    for (k, key), value in (changes or {}).items():
        deals[k][key] = value
    text = record(deals)
    lines = text.splitlines()
    where = {}
    k = -1
    for i, line in enumerate(lines, 1):
        if line.startswith("[Game"):
            k += 1
        if line.startswith("["):
            where[(k, line[1:line.index(" ")])] = i
    return text, where


def test_the_session_scores_with_the_standing() -> None:
    text, where = _session_text()
    assert codes(text) == [("BPN707", where[(1, "Total")])]


def test_a_side_at_four_scores_no_honours() -> None:
    text, where = _session_text({(3, "score"): (4, 1)})
    assert codes(text) == [("BPN707", where[(1, "Total")]), ("BPN602", where[(3, "Score")])]
    message = next(d.message for d in validate_text(text) if d.code == "BPN602")
    assert "stood at 4" in message


def test_honours_voided_by_tricks_in_a_session() -> None:
    text, where = _session_text({(1, "score"): (1, 4)})
    assert codes(text) == [("BPN602", where[(1, "Score")]), ("BPN707", where[(1, "Total")])]


def test_points_long_whist() -> None:
    long = Whist(Variant("Standard", frozenset({"Long"})))
    assert long.points((0, 1), (4, 0), (9, 0)) == (0, 1)   # no honours at 9
    assert long.points((0, 1), (4, 0), (8, 0)) == (4, 1)
    assert long.points((2, 0), (0, 2), (8, 9)) == (2, 0)   # side 1 out on tricks first
    assert Whist().points((0, 2), (2, 0), (1, 1)) == (2, 2)  # nobody reaches 5 on tricks
    assert Whist().points((0, 2), (2, 0), (3, 3)) == (0, 2)  # side 2 does: side 1's honours go


def test_honours_held_needs_every_honour_placed() -> None:
    hands = [set(h) for h in by_suit().values()]
    assert honours_held("S", hands) == (4, 0)
    assert honours_held("S", [None, *hands[1:]]) == (4, 0)  # the one unknown hand holds them
    assert honours_held("S", [None, None, *hands[2:]]) is None


def test_turned_card_rulings() -> None:
    base = dict(SPADES_TO_SIDE_1, tricks=(9, 4), score=(7, 0))
    # not the dealer's card: the Trump tag, where given, says the trump
    assert codes(record([dict(base, turned="H2", trump="S")])) == [("BPN205", 7)]
    # the Trump disagrees with the card: the card says the trump
    assert codes(record([dict(base, trump="H")])) == [("BPN205", 7)]
    text = record([base]).replace('[Turned "S2"]\n', "")
    assert codes(text) == [("BPN101", 3)]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("variant", ["Standard", "Long", "NoHonours"])
def test_random_sessions_validate_clean(seed: int, variant: str) -> None:
    check_clean("Whist", seed, variant=variant)


@pytest.mark.parametrize("name", [n for n in g.MUTATIONS if "whisk" not in n and n != "wrong_declarer"])
def test_single_mutations_are_caught(name: str) -> None:
    assert sum(check_mutation("Whist", name, seed) for seed in range(4)) >= 3


def test_samples() -> None:
    from whist_props import check_samples

    check_samples("whist", "Whist")


def test_json_round_trip() -> None:
    from whist_props import check_json_round_trip

    check_json_round_trip("whist")
