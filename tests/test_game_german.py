"""German Whist (BPN 1.1 §2, §4): the draws, the scoring and its options, the turned card,
and property tests against the independent reference rules of ``tests/gen_german.py``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps
from bismarck_pbn.games import ruleset
from bismarck_pbn.games.german import GermanTricks, GermanWhist, german_score
from bismarck_pbn.games.tricks import DealState
from bismarck_pbn.views.position import positions

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import gen_german as g  # noqa: E402
from two_props import check_clean, check_mutations, line_of, problems  # noqa: E402
from gen_german import _holding_at  # noqa: E402


def one_deal(seed: int = 1, variant: str = "Standard", dealer: int = 1) -> tuple[dict, list[str]]:
    d = g.play_deal(random.Random(seed), dealer, variant)
    return d, g.session_text([d]).split("\n")


# ---- scoring: the spec's rules, worked ---------------------------------------------------

@pytest.mark.parametrize(("counted", "options", "expected"), [
    ((7, 6), {}, (1, 0)),               # endgame 7–6: tricks − 6 to the seat with more
    ((3, 10), {}, (0, 4)),
    ((13, 0), {}, (7, 0)),              # all thirteen endgame tricks
    ((9, 4), {"low": True}, (0, 3)),    # playing low: to the seat with fewer, the other's − 6
    ((2, 11), {"low": True}, (5, 0)),
    ((15, 11), {"all_tricks": True}, (2, 0)),   # AllTricks: tricks − 13
    ((13, 13), {"all_tricks": True}, (0, 0)),   # 13–13: both 0
    ((10, 16), {"all_tricks": True, "low": True}, (3, 0)),
])
def test_score_rules(counted, options, expected) -> None:
    assert german_score(counted, **options) == expected


def test_the_ruleset_is_registered_with_its_table() -> None:
    rules = ruleset("GermanWhist")
    assert isinstance(rules, GermanWhist)
    assert (rules.seats, rules.sizes(), rules.tricks, rules.partnership) == (2, (13, 26), 26, False)
    assert rules.kitty_name() == "stock"


def test_endgame_is_what_scores() -> None:
    """Standard counts tricks 14–26 only: a seat may win the draw phase and still lose."""
    d, lines = one_deal(3)
    endgame = [d["winners"][13:].count(s) for s in (1, 2)]
    assert sum(endgame) == 13
    assert d["score"] == list(german_score(endgame))
    assert problems("\n".join(lines)) == []
    deal = next(iter(parse("\n".join(lines))))
    rules = ruleset("GermanWhist", deal.variant)
    assert rules.counted_tricks(deal, d["won"], d["winners"]) == tuple(endgame)
    assert rules.counted_tricks(deal, d["won"], d["winners"][:12]) is None  # draw phase not over


def test_wrong_score_names_the_endgame() -> None:
    d, lines = one_deal(3)
    i = line_of(lines, "[Score ")
    lines[i] = '[Score "+9 +9"]'
    found = [x for x in validate_text("\n".join(lines)) if x.code == "BPN602"]
    assert len(found) == 1 and found[0].line == i + 1
    assert "endgame tricks (tricks 14 to 26)" in found[0].message


def test_high_low_plays_low_on_a_black_card() -> None:
    seed = next(s for s in range(100) if g.play_deal(random.Random(s), 1, "HighLow")["turned"][0] in "SC")
    d, lines = one_deal(seed, "HighLow")
    assert d["trump"] == "NT" and lines[line_of(lines, "[Trump ")] == '[Trump "NT"]'
    fewer = 0 if d["winners"][13:].count(1) < d["winners"][13:].count(2) else 1
    assert d["score"][fewer] > 0 and d["score"][1 - fewer] == 0
    assert problems("\n".join(lines)) == []
    lines[line_of(lines, "[Trump ")] = f'[Trump "{d["turned"][0]}"]'  # a suit under HighLow
    assert problems("\n".join(lines)) == [("BPN205", line_of(lines, "[Turned ") + 1)]


# ---- the turned card and the stock -------------------------------------------------------

def test_trump_is_implied_by_the_turned_card_and_written() -> None:
    d, lines = one_deal(5)
    i = line_of(lines, "[Trump ")
    without = lines[:i] + lines[i + 1:]
    assert problems("\n".join(without)) == []
    assert dumps(parse("\n".join(without))) == "\n".join(lines)


def test_turned_or_kitty_is_required() -> None:
    d, lines = one_deal(5)
    keep = [ln for ln in lines if not ln.startswith(("[Turned ", "[Kitty "))]
    found = problems("\n".join(keep))
    assert ("BPN101", line_of(keep, "[Event ") + 1) in found


def test_turned_dealt_to_a_hand_without_the_stock() -> None:
    d, lines = one_deal(5)
    keep = [ln for ln in lines if not ln.startswith("[Kitty ")]
    i = line_of(keep, "[Turned ")
    card = next(c for c in sorted(d["dealt"][2]) if c[0] == d["turned"][0])  # same suit: same trump
    keep[i] = f'[Turned "{card}"]'
    assert problems("\n".join(keep)) == [("BPN205", i + 1)]


def test_a_stock_written_as_a_holding_is_malformed() -> None:
    d, lines = one_deal(5)
    i = line_of(lines, "[Kitty ")
    lines[i] = f'[Kitty "{g.holding(d["stock"])}"]'
    assert ("BPN103", i + 1) in problems("\n".join(lines))


def test_without_the_stock_the_play_is_not_misread() -> None:
    """Without the Kitty the draws are unknown: no false revoke or card not held."""
    for seed in range(20):
        d, lines = one_deal(seed, random.Random(seed).choice(g.VARIANTS))
        keep = [ln for ln in lines if not ln.startswith("[Kitty ")]
        assert problems("\n".join(keep)) == [], seed


def test_a_stock_card_played_before_it_is_drawn() -> None:
    d, lines = one_deal(7)
    # trick 1's follower plays a card of the suit led that is still deep in the stock
    (ls, lc), (fs, fc) = d["tricks"][0]
    deep = [c for c in d["stock"][2:] if c[0] == lc[0] and g.trick_winner(
        [(ls, lc), (fs, c)], None if d["trump"] == "NT" else d["trump"]) == d["winners"][0]]
    if not deep:
        pytest.skip("no such card in this deal")
    i = line_of(lines, "[Play ") + 1
    lines[i] = f"{lc} {deep[0]}"
    found = [x for x in validate_text("\n".join(lines)) if x.severity == "error"]
    assert [(x.code, x.line, x.column) for x in found][:1] == [("BPN502", i + 1, 4)]
    assert "in the stock" in found[0].message


def test_wrong_leader_message() -> None:
    d, lines = one_deal(2, dealer=2)
    i = line_of(lines, "[Play ")
    lines[i] = '[Play "2"]'
    found = validate_text("\n".join(lines))
    assert [(x.code, x.line) for x in found] == [("BPN501", i + 1)]
    assert "the non-dealer leads: seat 1" in found[0].message


def test_dealer_alternates() -> None:
    rng = random.Random(11)
    deals = [g.play_deal(rng, 1), g.play_deal(rng, 1)]  # board 2 dealt by seat 1 again
    lines = g.session_text(deals).split("\n")
    dealer2 = [i for i, ln in enumerate(lines) if ln.startswith("[Dealer ")][1]
    assert problems("\n".join(lines)) == [("BPN701", dealer2 + 1)]


# ---- hands grow in play ------------------------------------------------------------------

def test_draws_and_undo() -> None:
    stock = tuple(g.DECK[26:])
    hands = [set(g.DECK[:13]), set(g.DECK[13:26])]  # seat 1 all spades, seat 2 all hearts
    state = DealState(hands, GermanTricks(trump="S", stock=stock), 1)
    state.play("SA")
    assert state.play("H2") == 1
    assert stock[0] in state.hands[0] and stock[1] in state.hands[1]
    state.undo()
    assert stock[0] not in state.hands[0] and stock[1] not in state.hands[1]
    assert state.play("H2") == 1
    state.relead(2, won_last=True)  # the record shows seat 2 won it: the draws follow
    assert stock[0] in state.hands[1] and stock[1] in state.hands[0]
    assert stock[0] not in state.hands[0]


def test_a_drawn_card_must_follow_suit() -> None:
    """Seat 2 draws D2 after trick 1; when diamonds are led it must play it."""
    spades = [c for c in g.DECK if c[0] == "S"]
    hands = [set(spades[:12]) | {"DA"}, {c for c in g.DECK if c[0] == "H"}]
    rest = [c for c in g.DECK if c not in hands[0] | hands[1] | {"C3", "D2"}]
    state = DealState(hands, GermanTricks(trump="S", stock=("C3", "D2", *rest)), 1)
    state.play("SA")
    assert state.play("H2") == 1
    assert "C3" in state.hands[0] and "D2" in state.hands[1]
    state.play("DA")
    fault = state.check("HA")
    assert fault is not None and (fault.kind, fault.detail) == ("revoke", "D")
    assert state.check("D2") is None


def test_positions_show_the_hands_after_each_draw() -> None:
    d, lines = one_deal(9)
    deal = next(iter(parse("\n".join(lines))))
    ps = positions(deal)
    for k in range(26):
        pos = ps[2 * k]
        for s in (1, 2):
            assert set(pos.hands[s - 1]) == _holding_at(d, s, k), (k, s)
        assert pos.stock == tuple(d["stock"][2 * k:])
    assert ps[-1].hands == ((), ())


# ---- property tests against the reference rules -----------------------------------------

def test_random_sessions_validate_clean_and_round_trip() -> None:
    check_clean(g, 40)


@pytest.mark.parametrize("name", sorted(g.MUTATIONS))
def test_single_mutation_is_caught_at_its_line(name: str) -> None:
    assert check_mutations(g, [name], 25, 1000) >= 15


@pytest.mark.slow
def test_many_random_sessions() -> None:
    check_mutations(g, list(g.MUTATIONS), 300, 5000, clean=True)


# ---- samples ------------------------------------------------------------------------------

SAMPLES = sorted((ROOT / "samples" / "german-whist").glob("*.bpn"))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_samples_are_clean_and_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert problems(text) == []
    assert dumps(parse(text)) == text
    deals = [d for d in parse(text) if d.tags]
    assert all(d.game == "GermanWhist" for d in deals)
    assert [d.dealer for d in deals[1:]] != [d.dealer for d in deals[:-1]]


def test_samples_are_annotated() -> None:
    text = (ROOT / "samples" / "german-whist" / "kitchen-table.bpn").read_text(encoding="utf-8")
    deals = [d for d in parse(text) if d.tags]
    cards = [c for d in deals for c in d.play.cards]
    assert any(c.comments for c in cards) and any(c.nags for c in cards) and any(c.suffix for c in cards)
    assert any(len(d.play.cards) < 52 for d in deals)  # a claim


# ---- rulings on what can be scored -------------------------------------------------------

def _without_play(lines: list[str]) -> list[str]:
    return lines[:line_of(lines, "[Play ")] + [""]


def test_no_play_standard_score_is_taken_as_written() -> None:
    """Without the play the endgame split is unknown: any Score stands (no BPN602)."""
    d, lines = one_deal(4)
    lines = _without_play(lines)
    i = line_of(lines, "[Score ")
    lines[i] = '[Score "+9 +9"]'  # no deal scores this: it is not checked
    lines[line_of(lines, "[Total ")] = '[Total "+9 +9"]'
    assert problems("\n".join(lines)) == []


def test_no_play_all_tricks_score_is_computed_from_tricks() -> None:
    d, lines = one_deal(4, "AllTricks")
    lines = _without_play(lines)
    assert problems("\n".join(lines)) == []
    i = line_of(lines, "[Score ")
    lines[i] = f'[Score "{g.signed([d["score"][0] + 1, d["score"][1]])}"]'
    assert ("BPN602", i + 1) in problems("\n".join(lines))


def test_claim_before_the_draws_end_takes_the_score_as_written() -> None:
    d, lines = one_deal(6)
    play = line_of(lines, "[Play ")
    cut = lines[:play + 1 + 10] + ["*", ""]  # ten tricks, then Tricks gives the final count
    i = line_of(cut, "[Score ")
    cut[i] = '[Score "+9 +9"]'  # no deal scores this: it is not checked
    cut[line_of(cut, "[Total ")] = '[Total "+9 +9"]'
    assert problems("\n".join(cut)) == []


def test_both_options_are_written_in_order() -> None:
    d, lines = one_deal(8, "HighLow AllTricks")
    i = line_of(lines, "[Variant ")
    lines[i] = '[Variant "alltricks highlow"]'
    text = "\n".join(lines)
    assert problems(text) == []
    assert '[Variant "HighLow AllTricks"]' in dumps(parse(text))
