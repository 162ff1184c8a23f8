"""The rules engine: scores, trick winners, and step-by-step play."""

import pytest

from bismarck_pbn.check.replay import replay
from bismarck_pbn.games import bismarck as engine


def test_worked_examples_from_the_rules():
    assert engine.scores("Spel", 1, (10, 4, 2)) == (2, 0, -2)
    assert engine.scores("Pass", 1, (3, 5, 8)) == (1, 1, -2)


@pytest.mark.parametrize("contract", engine.CONTRACTS)
@pytest.mark.parametrize("forehand", engine.SEATS)
def test_scores_sum_to_zero(contract, forehand):
    for a in range(17):
        for b in range(17 - a):
            assert sum(engine.scores(contract, forehand, (a, b, 16 - a - b))) == 0


def test_quotas():
    assert engine.quotas("Spel", 2) == (4, 8, 4)
    assert engine.quotas("Pass", 3) == (6, 6, 4)


def test_rotation_and_leader():
    assert [engine.left_of(s) for s in (1, 2, 3)] == [2, 3, 1]
    assert engine.leader(3) == 1


def test_trick_winner():
    assert engine.trick_winner([(1, "HK"), (2, "HA"), (3, "H2")], None) == 2
    assert engine.trick_winner([(1, "HK"), (2, "SA"), (3, "H2")], None) == 1  # off-suit never wins at NT
    assert engine.trick_winner([(1, "HK"), (2, "HA"), (3, "S2")], "S") == 3  # a ruff
    assert engine.trick_winner([(1, "HK"), (2, "S3"), (3, "S2")], "S") == 2  # over-ruff
    assert engine.trick_winner([(1, "D2"), (2, "DA"), (3, "DK")], "C") == 2


def test_implied_trumps():
    assert engine.implied_trump("Spader") == "S"
    assert engine.implied_trump("Spel") == engine.implied_trump("Pass") == "NT"
    assert engine.implied_trump("Valfri") is None


def _state():
    hands = [{"HA", "H2", "S3"}, {"HK", "D4", "C5"}, {"S9", "D9", "C9"}]
    return engine.DealState(hands, engine.trick_rules(None), leader=1)


def test_legal_cards_follow_suit():
    st = _state()
    assert st.legal_cards() == {"HA", "H2", "S3"}
    st.play("H2")
    assert st.to_play == 2
    assert st.legal_cards() == {"HK"}
    assert st.check("D4").kind == "revoke"
    st.play("HK")
    assert st.legal_cards() == {"S9", "D9", "C9"}  # void in hearts: anything
    assert st.check("S9") is None


def test_play_completes_trick_and_winner_leads():
    st = _state()
    for card in ("H2", "HK", "D9"):
        winner = st.play(card)
    assert winner == 2 and st.to_play == 2 and st.won == [0, 1, 0]


def test_undo_restores_everything():
    st = _state()
    for card in ("H2", "HK", "D9"):
        st.play(card)
    assert st.undo() == "D9"
    assert st.won == [0, 0, 0] and st.to_play == 3 and "D9" in st.hands[2]
    assert st.undo() == "HK" and st.undo() == "H2" and st.undo() is None


def test_check_reports_cards_not_held_and_played_twice():
    st = _state()
    assert st.check("HK").kind == "not_held"
    st.play("H2")
    st.play("HK")
    st.play("D9")
    st.play("D4")  # seat 2 leads
    assert st.check("D4", seat=3) == engine.Fault("not_held", 4, 3, "D4", "played")


def test_replay_goes_on_after_a_fault():
    hands = [{"HA", "H2"}, {"HK", "D4"}, {"S9", "D9"}]
    r = replay(["H2", "D4", "S9", "HA", "HK", "D9"], hands=hands, rules=engine.trick_rules(None), leader=1)
    kinds = [(f.kind, f.index) for f in r.faults]
    assert kinds == [("revoke", 1)]
    assert r.tricks == 2 and sum(r.won) == 2


def test_replay_takes_unknown_hands_from_the_play():
    # Seat 2's hand unknown: it plays D4 on a heart lead and a heart later: a revoke.
    hands = [{"HA", "H2"}, None, {"S9", "D9"}]
    r = replay(["H2", "D4", "S9", "HA", "HK", "D9"], hands=hands, rules=engine.trick_rules(None), leader=1)
    assert [f.kind for f in r.faults] == ["revoke"]


def test_replay_reports_more_than_16_tricks():
    hands = [None, None, None]
    cards = [s + r for r in "AKQJT98765432" for s in "SHDC"][:51]
    r = replay(cards, hands=hands, rules=engine.trick_rules(None), leader=1)
    assert any(f.kind == "too_many" and f.index == 48 for f in r.faults)
