"""Each game's double-dummy side rule comes from SIDE_RULES by ruleset class, and the
ruleset says whose choice the trump is (what the analysis headings ask)."""

from __future__ import annotations

import pytest

from bismarck_pbn.analysis import sides
from bismarck_pbn.analysis.sides import SIDE_RULES, SideRule, side_rule
from bismarck_pbn.games import RULESETS, VARIANTS, Ruleset
from bismarck_pbn.games.whist import Whist


def _instance(cls: type[Ruleset]) -> Ruleset:
    return cls(None)


def test_every_game_and_variant_has_a_side_rule() -> None:
    for cls in [*(RULESETS[name] for name in RULESETS), *(VARIANTS[key] for key in VARIANTS)]:
        assert isinstance(side_rule(_instance(cls)), SideRule), cls.__name__


def test_a_variant_takes_its_bases_entry() -> None:
    bismarck = RULESETS["Bismarck"]
    for key in VARIANTS:
        assert side_rule(_instance(VARIANTS[key])) is SIDE_RULES[bismarck]
    assert side_rule(_instance(RULESETS["Whisk"])) is SIDE_RULES[Ruleset]


@pytest.mark.parametrize(("game", "who"), [("Bismarck", "forehand"), ("BidWhist", "declarer"),
                                           ("RuffAndHonours", "ruffer"), ("Whist", None), ("SoloWhist", None)])
def test_who_makes_the_exchange(game: str, who: str | None) -> None:
    assert side_rule(_instance(RULESETS[game])).exchanger == who


def test_only_german_whist_holds_positions_back() -> None:
    for name in RULESETS:
        assert (side_rule(_instance(RULESETS[name])).ready is not None) == (name == "GermanWhist"), name


def test_a_new_game_adds_one_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    class Newgame(Whist):
        name = "Whist"

    own = SideRule(lambda *args: sides.Sides(frozenset({2}), True, "seat 2"))
    assert side_rule(_instance(Newgame)) is SIDE_RULES[Ruleset]
    monkeypatch.setitem(SIDE_RULES, Newgame, own)
    assert side_rule(_instance(Newgame)) is own
    assert side_rule(_instance(Whist)) is SIDE_RULES[Ruleset]


@pytest.mark.parametrize(("game", "contract", "named"), [
    ("Bismarck", "Valfri", True), ("Bismarck", "Spel", False), ("Bismarck", "Spader", False),
    ("Bismarck", "Pass", False), ("SoloWhist", "Abundance", True), ("SoloWhist", "Slam", True),
    ("SoloWhist", "Solo", False), ("SoloWhist", "AbundanceTrump", False), ("BidWhist", "4H", True),
    ("BidWhist", None, True), ("Whist", None, False), ("SwedishWhist", "Hearts", False),
    ("IsraeliWhist", "7H", False),
])
def test_whose_choice_the_trump_is(game: str, contract: str | None, named: bool) -> None:
    assert _instance(RULESETS[game]).names_trump(contract) is named
