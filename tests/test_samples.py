"""The valid samples in ``samples/``: clean under the validator, and what they claim to be.

Besides asking the validator, each session is replayed with the independent reference
rules of ``tests/genbpn.py``, so that a validator that wrongly passes everything would
not make these samples look right.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from bismarck_pbn import read_file, validate_file

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
sys.path.insert(0, str(ROOT / "tests"))
import genbpn as g  # noqa: E402

# file -> (Variant tag, number of deals, contracts, times each forehand plays each, exact?)
VALID = {
    "club-night.bpn": ("Standard", 12, ("Spel", "Spader", "Valfri", "Pass"), 1, True),
    "grand.bpn": ("Grand", 24, ("Spel", "Spader", "Valfri", "Pass"), 2, True),
    "short.bpn": ("Short", 8, ("Spel", "Pass"), 2, False),
    "fixed-kitty.bpn": ("Standard FixedKitty", 12, ("Spel", "Spader", "Valfri", "Pass"), 1, True),
}
SESSION_TAGS = ("Event", "Site", "Date", "Variant", "Player1", "Player2", "Player3")


def deals_of(name: str):
    return [d for d in read_file(SAMPLES / name) if d.tags]


@pytest.mark.parametrize("name", VALID)
def test_validates_clean(name: str) -> None:
    """No errors, no warnings, and no info but claims (no tie at the end)."""
    assert [d for d in validate_file(SAMPLES / name) if d.code != "BPN506"] == []


@pytest.mark.parametrize("name", VALID)
def test_session_shape(name: str) -> None:
    variant, n, contracts, times, exact = VALID[name]
    deals = deals_of(name)
    assert len(deals) == n
    assert [d.board for d in deals] == list(range(1, n + 1))
    for d in deals:
        written = {t.name: t.value for t in d.tags}
        assert all(tag in written for tag in SESSION_TAGS), "writers repeat the session tags"
        assert written["Variant"] == variant
        assert d.contract in contracts
    for a, b in zip(deals, deals[1:]):
        assert b.forehand == g.left(a.forehand)
    per = Counter((d.forehand, d.contract) for d in deals)
    if exact:
        assert per == Counter({(f, c): times for f in (1, 2, 3) for c in contracts})
    else:
        assert max(per.values()) <= times
    assert not g.tied(deals[-1].total), "prefer a session without a tie"


@pytest.mark.parametrize("name", VALID)
def test_reference_replay(name: str) -> None:
    """Replay every deal with genbpn's rules: legal play, tricks, scores, totals."""
    variant = VALID[name][0]
    run = [0, 0, 0]
    for d in deals_of(name):
        hands = {s: set(d.hands[s - 1]) for s in (1, 2, 3)}
        assert [len(h) for h in hands.values()] == [16, 16, 16] and len(d.kitty) == 4
        assert len(set().union(*hands.values(), d.kitty)) == 52
        f = d.forehand
        if d.exchange:
            assert set(d.discard) <= hands[f] | set(d.kitty)
            hands[f] = (hands[f] | set(d.kitty)) - set(d.discard)
        else:
            assert not g.exchange_mandatory(d.contract, variant)
        trump = g.implied_trump(d.contract, d.trump)
        assert d.trump == trump
        if d.contract == "Valfri":
            assert trump in g.valfri_trumps(variant)
        cards = [c.card for c in d.play.cards]
        assert d.play.leader == g.left(f)
        play = g.seat_play(d.play.leader, trump, cards)
        faults, wins = g.check_play(hands, d.play.leader, trump, play)
        assert faults == []
        won = [wins.count(s) for s in (1, 2, 3)]
        if len(cards) == 48:
            assert list(d.tricks) == won
        else:  # a claim: the final count is reachable from the tricks played
            assert all(t >= w for t, w in zip(d.tricks, won)) and sum(d.tricks) == 16
        assert list(d.score) == g.scores(d.contract, f, d.tricks)
        run = [a + b for a, b in zip(run, d.score)]
        assert list(d.total) == run


def test_fixed_kitty_always_exchanges() -> None:
    deals = deals_of("fixed-kitty.bpn")
    assert all(d.exchange is True and len(d.discard) == 4 for d in deals)


def test_club_night_is_annotated_like_a_teacher() -> None:
    deals = deals_of("club-night.bpn")
    text = (SAMPLES / "club-night.bpn").read_text(encoding="utf-8")
    assert text.startswith("% BPN 1.0\n")
    headers = deals[0].headers
    assert headers["Event"] and headers["Site"] and headers["Date"]
    assert [headers[f"Player{s}"] for s in (1, 2, 3)] == ["Anna", "Bertil", "Cecilia"]
    # comments before some deals, not all
    before = [d for d in deals if d.comments]
    assert 3 <= len(before) < len(deals)
    # comments after tags, of both kinds
    tag_kinds = {c.kind for d in deals for t in d.tags for c in t.comments}
    assert tag_kinds == {"{", ";"}
    # card notes: all six suffixes, NAGs, both kinds of comment
    cards = [c for d in deals for c in d.play.cards]
    assert {c.suffix for c in cards if c.suffix} == {"!", "?", "!!", "??", "!?", "?!"}
    assert any(c.nags for c in cards)
    assert all(0 <= n <= 255 for c in cards for n in c.nags)
    card_kinds = {k.kind for c in cards for k in c.comments}
    assert card_kinds == {"{", ";"}
    # one deal stops early (a claim), with its Tricks tag
    short = [d for d in deals if len(d.play.cards) < 48]
    assert len(short) == 1
    assert short[0].tag("Tricks") is not None and len(short[0].play.cards) % 3 == 0
    # the remarks name the players, as a teacher would
    words = " ".join(k.text for c in cards for k in c.comments)
    assert all(name in words for name in ("Anna", "Bertil", "Cecilia"))


@pytest.mark.slow
def test_make_samples_is_deterministic() -> None:
    sys.path.insert(0, str(SAMPLES))
    try:
        import make_samples
    finally:
        sys.path.remove(str(SAMPLES))
    assert make_samples.valid_samples() == make_samples.valid_samples()
    first = [(s, c, e) for s, _, c, e in make_samples.invalid_samples()]
    again = [(s, c, e) for s, _, c, e in make_samples.invalid_samples()]
    assert first == again
