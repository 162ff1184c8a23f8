"""Points of BPN 1.0 and 1.1 that an audit of the specs against the code found unchecked.

Each test plants one fault the spec names in an otherwise valid record taken from the
samples, and states the diagnostic the spec demands.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import genbpn
import pytest

from bismarck_pbn import dumps, parse, validate_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def thrown_in(path: str) -> str:
    """The sample's deal thrown in (``Contract "None"``), standing alone: no Board, no Total."""
    deal = next(d for d in (SAMPLES / path).read_text(encoding="utf-8").split("\n\n") if '[Contract "None"]' in d)
    return re.sub(r'^\[(Board|Total) [^\n]*\n?', "", deal, flags=re.M)


THROWN_IN = ["bid-whist/rent-party.bpn", "solo-whist/sunday-school.bpn", "israeli-whist/haifa.bpn"]


@pytest.mark.parametrize("path", THROWN_IN)
def test_a_thrown_in_deal_as_recorded_is_valid(path: str) -> None:
    assert [str(d) for d in validate_text(thrown_in(path))] == []


@pytest.mark.parametrize("path", THROWN_IN)
def test_a_thrown_in_deal_scores_zeros(path: str) -> None:
    """BPN 1.1 §4: a deal thrown in has Score all zeros. Here the score sums to 0, so
    a zero-sum check alone would not catch it."""
    deal = thrown_in(path)
    n = len(re.search(r'\[Score "([^"]*)"\]', deal)[1].split())  # type: ignore[index]
    bad = re.sub(r'\[Score "[^"]*"\]', '[Score "%s"]' % " ".join(["+1", "-1"] + ["0"] * (n - 2)), deal)
    found = [d for d in validate_text(bad) if d.is_error]
    assert [d.code for d in found] == ["BPN602"]
    line = bad[:bad.index("[Score")].count("\n") + 1
    assert (found[0].line, found[0].column) == (line, 1)
    assert "thrown in" in found[0].message


def first_deal(path: str) -> str:
    return (SAMPLES / path).read_text(encoding="utf-8").split("\n\n")[0]


@pytest.mark.parametrize("path", ["club-night.bpn", "estonian.bpn", "finnish.bpn"])
def test_a_bismarck_dealer_tag_names_the_forehand(path: str) -> None:
    """BPN 1.1 §1: in Bismarck the forehand acts as dealer; a Dealer tag, if given,
    must name the forehand's seat (BPN103 at the Dealer tag: docs/format.md)."""
    deal = first_deal(path)
    forehand = int(re.search(r'\[Forehand "(\d)"\]', deal)[1])  # type: ignore[index]
    right = deal.replace("[Forehand", f'[Dealer "{forehand}"]\n[Forehand', 1)
    assert [str(d) for d in validate_text(right) if d.is_error] == []
    other = forehand % 3 + 1
    wrong = deal.replace("[Forehand", f'[Dealer "{other}"]\n[Forehand', 1)
    found = [d for d in validate_text(wrong) if d.is_error]
    line = wrong[:wrong.index("[Dealer")].count("\n") + 1
    assert [(d.code, d.line, d.column) for d in found] == [("BPN103", line, 1)]
    assert f"seat {forehand}" in found[0].message and f"seat {other}" in found[0].message


# ---- BPN 1.1 §1: "A writer keeps the version a file declared unless a deal needs 1.1"

def bismarck_deal() -> str:
    return first_deal("club-night.bpn").removeprefix("% BPN 1.0\n")


def whist_deal() -> str:
    return first_deal("whist/friday-whist.bpn").removeprefix("% BPN 1.1\n")


@pytest.mark.parametrize(("header", "version"), [("", "1.0"), ("% BPN 1.0\n", "1.0"), ("% BPN 1.1\n", "1.1"),
                                                 ("% BPN 1.1\n\n", "1.1"), ("%BPN 1.1\n{a note}\n\n", "1.1")])
def test_the_writer_keeps_the_declared_version(header: str, version: str) -> None:
    text = dumps(parse(header + bismarck_deal() + "\n\n" + bismarck_deal() + "\n"))
    assert text.startswith(f"% BPN {version}\n")
    assert text.count("% BPN") == 1


def test_a_later_deal_that_needs_1_1_makes_the_file_1_1() -> None:
    deals = parse("% BPN 1.0\n" + bismarck_deal() + "\n\n" + whist_deal() + "\n")
    assert dumps(deals).startswith("% BPN 1.1\n")
    assert dumps(deals[:1]).startswith("% BPN 1.0\n")


def test_a_version_line_after_the_first_line_declares_nothing() -> None:
    """Only the first line declares the version (1.0 §2); a later '% BPN 1.1' is an
    escape line like any other."""
    text = dumps(parse("% BPN 1.0\n" + bismarck_deal() + "\n\n% BPN 1.1\n\n" + bismarck_deal() + "\n"))
    assert text.startswith("% BPN 1.0\n")


@pytest.mark.parametrize(("planted", "word"), [("D3 D8 TD", "TD"), ("D3 D8 DTT", "DTT"),
                                               ('[Site "Stockholm"] hello', "hello")])
def test_a_stray_word_is_named_in_its_syntax_error(planted: str, word: str) -> None:
    """BPN 1.0 §4: BPN001 says what is unexpected and what was expected; a word that is
    not a card (outside an auction) is quoted as written, not called 'a call'."""
    deal = bismarck_deal()
    text = deal.replace("D3 D8 DT", planted) if planted.startswith("D3") else \
        re.sub(r'\[Site "Stockholm"\][^\n]*', planted, deal)
    assert text != deal
    found = [d for d in validate_text(text) if d.code == "BPN001"]
    assert len(found) == 1
    assert found[0].message.startswith(f"unexpected {word!r}; expected ")
    assert "a call" not in found[0].message


@pytest.mark.parametrize("path", sorted((SAMPLES / "invalid").glob("BPN707-*.bpn")), ids=lambda p: p.stem)
def test_bpn707_names_the_side_ahead(path: Path) -> None:
    """BPN 1.1 §3: BPN707 says who won the game or round: the side with the higher Total
    of the deal it points at."""
    found = [d for d in validate_text(path.read_text(encoding="utf-8")) if d.code == "BPN707"]
    assert len(found) == 1
    deal = next(d for d in parse(path.read_text(encoding="utf-8"))
                if d.tags and d.pos.line <= found[0].line <= d.pos.line + 60 and d.total is not None
                and any(t.pos.line == found[0].line for t in d.tags))
    assert deal.total is not None and deal.total[0] != deal.total[1]
    ahead = 1 if deal.total[0] > deal.total[1] else 2
    assert f"side {ahead} (seats {ahead} and {ahead + 2})" in found[0].message
    assert f"side {3 - ahead} " not in found[0].message


@pytest.mark.parametrize("contract", ["Valfri", "Spel", "Pass"])
def test_a_tie_break_deal_is_valfri(contract: str) -> None:
    """BPN 1.0 §1: after a tie at the top, extra *Valfri* deals may follow (in Short
    too, which has no Valfri otherwise); any other contract there is BPN705."""
    tied = (SAMPLES / "invalid" / "BPN704-tie-no-tiebreak.bpn").read_text(encoding="utf-8")
    tags = {"Event": "Club night", "Site": "Stockholm", "Date": "2026.11.20", "Player1": "Anna",
            "Player2": "Bertil", "Player3": "Cecilia"}
    extra = genbpn.random_deal(random.Random(7), forehand=3, contract=contract, trump="H", variant="Short",
                               board=9, session_tags=tags)
    extra["total"] = [a + b for a, b in zip((2, -4, 2), extra["score"])]
    text = tied.rstrip("\n") + "\n\n" + genbpn.deal_text(genbpn.retag(extra)) + "\n"
    ninth = text.count("\n", 0, text.index('[Board "9"]')) + 1
    found = [(d.code, d.line) for d in validate_text(text) if d.is_error]
    if contract == "Valfri":
        assert found == []
    else:
        assert found == [("BPN705", ninth)]
        assert f"a tie-break deal is Valfri, not {contract}" in \
            next(d.message for d in validate_text(text) if d.code == "BPN705")


@pytest.mark.parametrize(("old", "new"), [('[Event "Club night"]', '[Event "Cup"]'),
                                          ('[Player2 "Bertil"]', '[Player2 "Dag"]'),
                                          ('[Variant "Standard"]', '[Variant "Standard FixedKitty"]')])
def test_a_changed_session_tag_starts_a_new_session(old: str, new: str) -> None:
    """BPN 1.0 §3 Sessions: a new session starts where a session tag changes value, so
    board 4 of the club night with another Event (Player, Variant) opens a session that
    does not start at board 1 (BPN702, docs/format.md), and its running total starts
    from 0 (BPN603: the Total tag carried the old session on)."""
    deals = (SAMPLES / "club-night.bpn").read_text(encoding="utf-8").split("\n\n")
    fourth = deals[3].replace(old, new)
    assert fourth != deals[3]
    text = "\n\n".join([*deals[:3], fourth]) + "\n"
    board = text.count("\n", 0, text.index('[Board "4"]')) + 1
    total = text.count("\n", 0, text.rindex("[Total")) + 1
    assert [(d.code, d.line) for d in validate_text(text)] == [("BPN702", board), ("BPN603", total)]
    assert [str(d) for d in validate_text("\n\n".join(deals[:4]) + "\n")] == []


@pytest.mark.parametrize("value", ["back\\slash", "two \\\\ in a row", "ends in one\\", 'a \\" pair', 'say "hi"'])
def test_a_tag_value_round_trips_through_its_escapes(value: str) -> None:
    """BPN 1.0 §2: inside a value ``\\"`` stands for ``"`` and ``\\\\`` for ``\\``; a writer
    escapes both, so every value reads back as it was."""
    written = value.replace("\\", "\\\\").replace('"', '\\"')
    deal = bismarck_deal().replace('[Event "Club night"]', f'[Event "{written}"]', 1)
    assert f'[Event "{written}"]' in deal
    (read,) = parse(deal)
    assert read.headers["Event"] == value
    text = dumps([read])
    assert f'[Event "{written}"]' in text
    assert parse(text)[0].headers["Event"] == value


def german_deal() -> str:
    return first_deal("german-whist/kitchen-table.bpn").removeprefix("% BPN 1.1\n")


@pytest.mark.parametrize(("deal", "extra", "seats"), [(bismarck_deal, "Player4", 3), (german_deal, "Player3", 2)])
def test_a_player_tag_beyond_the_games_seats_is_unknown(deal, extra: str, seats: int) -> None:
    """BPN 1.1 §1: seats are 1..N and the player tags Player1..PlayerN. In 1.0 a Player4
    is an unknown tag (BPN104), kept as it is and written after the known tags in the
    order it came, and 1.1 does not change a 1.0 file's meaning: so a Player tag beyond
    the game's seats is still unknown there, and is no session tag."""
    text = deal().replace("[Board", f'[{extra} "Zed"]\n[Board', 1) + '\n[Scorer "Dag"]\n'
    line = text.count("\n", 0, text.index(f"[{extra}")) + 1
    found = [(d.code, d.line) for d in validate_text(text)]
    assert found == [("BPN104", line), ("BPN104", text.count("\n", 0, text.index("[Scorer")) + 1)]
    assert f"{seats} seats" in next(d.message for d in validate_text(text))
    (read,) = parse(text)
    names = [t.name for t in read.canonical_tags()]
    assert names[-2:] == [extra, "Scorer"]
    second = deal().replace("[Board", f'[{extra} "Zed"]\n[Board', 1)
    two = parse(second + "\n\n" + re.sub(r'^\[(Event|Site|Date|Game|Variant|Player\d) [^\n]*\n', "", deal(),
                                           flags=re.M))
    assert extra not in two[1].inherited
    assert two[0].session_key() == two[1].session_key()


def test_player4_in_a_bismarck_file_does_not_make_it_1_1() -> None:
    text = "% BPN 1.0\n" + bismarck_deal().replace("[Board", '[Player4 "Zed"]\n[Board', 1) + "\n"
    assert dumps(parse(text)).startswith("% BPN 1.0\n")


def test_a_trump_suit_against_a_no_trump_auction_is_one_fault() -> None:
    """BPN 1.0 §4 "one fault gives one diagnostic": a Bid Whist deal bid 3NT whose Trump
    tag names a suit is BPN802 (the auction makes NT trump), not also BPN401."""
    deals = (SAMPLES / "bid-whist" / "rent-party.bpn").read_text(encoding="utf-8").split("\n\n")
    first = deals[0].replace('[Trump "NT"]', '[Trump "S"]')
    assert first != deals[0]
    line = first.count("\n", 0, first.index("[Trump")) + 1
    assert [(d.code, d.line) for d in validate_text(first) if d.is_error] == [("BPN802", line)]
    no_auction = re.sub(r'\[Auction "2"\]\n[^\n]*\n', "", first)
    assert [(d.code, d.line) for d in validate_text(no_auction) if d.is_error] == [("BPN401", line - 2)]


@pytest.mark.parametrize("bids", ["3 4 7 14", "3 4 6 2", "3 4 7 -1"])
def test_contract_bids_that_break_a_rule_are_one_fault(bids: str) -> None:
    """BPN 1.0 §4 "one fault gives one diagnostic": Israeli Whist contract bids that break
    a rule (out of range, the declarer below its trump bid) are BPN803 at the Bids tag
    (or BPN103 where the value does not read); the Score and Total, written for the
    bids the players meant, are not also reported as wrong."""
    deal = first_deal("israeli-whist/haifa.bpn")
    bad = deal.replace('[Bids "3 4 7 2"]', f'[Bids "{bids}"]')
    assert bad != deal and [str(d) for d in validate_text(deal)] == []
    line = bad.count("\n", 0, bad.index("[Bids")) + 1
    assert [(d.code, d.line) for d in validate_text(bad)] in ([("BPN803", line)], [("BPN103", line)])


def test_swedish_whist_has_no_thrown_in_deal() -> None:
    """BPN 1.1 §2: in Swedish Whist four passes play an unbid Nolle; no deal is thrown in,
    so ``[Contract "None"]`` is not one of its contracts (BPN103, as 'Spel' is in Whist)."""
    deal = first_deal("swedish-whist/uppsala.bpn")
    text = deal[:deal.index("[Auction")] + '[Contract "None"]\n[Score "0 0"]\n[Points "0 0 0 0"]\n'
    line = text.count("\n", 0, text.index("[Contract")) + 1
    found = [(d.code, d.line) for d in validate_text(text)]
    assert found == [("BPN103", line)]


@pytest.mark.parametrize("option", ["ValfriNT", "NoTrumpValfri"])
def test_finnish_valfri_is_a_suit_and_takes_no_valfri_option(option: str) -> None:
    """BPN 1.1 §2: Finnish Valfri is "any trump suit". An option that would change that
    contradicts the base, as ValfriNT does NoTrumpValfri: BPN103 at the option (it was
    read and silently ignored; it still is, with the diagnostic at the Variant tag). FixedKitty
    only repeats what Finnish does, and stays."""
    deal = first_deal("finnish.bpn").removeprefix("% BPN 1.1\n")
    bad = deal.replace('[Variant "Finnish"]', f'[Variant "Finnish {option}"]')
    assert bad != deal
    line = bad.count("\n", 0, bad.index("[Variant")) + 1
    found = [d for d in validate_text(bad)]
    assert [(d.code, d.line, d.column) for d in found] == [("BPN103", line, 1)]
    assert option in found[0].message
    fixed = deal.replace('[Variant "Finnish"]', '[Variant "Finnish FixedKitty"]')
    assert [str(d) for d in validate_text(fixed)] == []


@pytest.mark.parametrize("path", ["club-night.bpn", "estonian.bpn", "bid-whist/rent-party.bpn",
                                  "israeli-whist/haifa.bpn", "swedish-whist/uppsala.bpn"])
def test_a_turned_card_in_a_game_that_turns_none_is_misplaced(path: str) -> None:
    """BPN 1.1 §1: ``Turned`` is the card turned up to show the trump, where the game
    turns one. A game that turns none has no place for it: BPN205 at the Turned tag."""
    deal = first_deal(path)
    at = "[Contract" if "[Auction" not in deal else "[Auction"
    text = deal.replace(at, '[Turned "SA"]\n' + at, 1)
    line = text.count("\n", 0, text.index("[Turned")) + 1
    assert [(d.code, d.line) for d in validate_text(text) if d.is_error] == [("BPN205", line)]


def test_finnish_turns_a_card_only_in_its_trump_deals() -> None:
    deals = (SAMPLES / "finnish.bpn").read_text(encoding="utf-8").split("\n\n")[:4]
    assert '[Contract "Trump"]' in deals[0] and "[Turned" in deals[0] and '[Contract "Spel"]' in deals[3]
    deals[3] = deals[3].replace("[Contract", '[Turned "SA"]\n[Contract', 1)
    text = "\n\n".join(deals) + "\n"
    line = text.count("\n", 0, text.index('[Turned "SA"]')) + 1
    assert [(d.code, d.line) for d in validate_text(text) if d.is_error] == [("BPN205", line)]


GAME_SAMPLES = {"Bismarck": "club-night.bpn", "Whist": "whist/friday-whist.bpn", "Whisk": "whisk/whisk-evening.bpn",
                "RuffAndHonours": "ruff/ruff-and-honours.bpn", "GermanWhist": "german-whist/kitchen-table.bpn",
                "SoloWhist": "solo-whist/sunday-school.bpn", "BidWhist": "bid-whist/rent-party.bpn",
                "IsraeliWhist": "israeli-whist/haifa.bpn", "SwedishWhist": "swedish-whist/uppsala.bpn"}
FOREIGN = {"Forehand": '"1"', "Declarer": '"2"', "Bids": '"1 2 3 4"', "Direction": '"Uptown"', "Points": '"0 0 0 0"',
           "Discard": '"A..."'}
USES = {"Bismarck": {"Forehand", "Kitty", "Discard"}, "Whist": set(), "Whisk": set(),
        "RuffAndHonours": {"Kitty", "Declarer", "Discard"}, "GermanWhist": {"Kitty"}, "SoloWhist": {"Declarer"},
        "BidWhist": {"Kitty", "Declarer", "Direction", "Discard"}, "IsraeliWhist": {"Declarer", "Bids"},
        "SwedishWhist": {"Declarer", "Points"}}


@pytest.mark.parametrize(("game", "tag"), [(g, t) for g in GAME_SAMPLES for t in FOREIGN if t not in USES[g]])
def test_a_tag_of_another_game_is_pointed_out(game: str, tag: str) -> None:
    """Spec silent (docs/format.md): a tag that BPN 1.1 defines for other games only
    (Forehand in Whist, Bids in Bid Whist) means nothing in this one. It is kept as it
    is, like an unknown tag, with a BPN104 warning saying so. (A Kitty where the game has
    none is checked as cards of the deck already: BPN202 or BPN201.)"""
    deal = first_deal(GAME_SAMPLES[game])
    assert f"[{tag} " not in deal
    seats = {"Bismarck": 3, "GermanWhist": 2}.get(game, 4)
    value = '"%s"' % " ".join(["0"] * seats) if tag in ("Bids", "Points") else FOREIGN[tag]  # well formed
    text = deal.replace("[Tricks", f"[{tag} {value}]\n[Tricks", 1)
    line = text.count("\n", 0, text.index(f"[{tag} ")) + 1
    found = [d for d in validate_text(text) if d.code != "BPN707"]
    assert [(d.code, d.severity, d.line) for d in found] == [("BPN104", "warning", line)]
    assert game in found[0].message
    assert f"[{tag} {value}]" in dumps(parse(text))


def test_a_thrown_in_deal_without_a_score_carries_the_total() -> None:
    """BPN 1.1 §4: a deal thrown in scores zeros and carries the Total unchanged, so its
    Total is checked even when the Score tag is left out."""
    deals = (SAMPLES / "bid-whist" / "rent-party.bpn").read_text(encoding="utf-8").split("\n\n")
    at = next(i for i, d in enumerate(deals) if '[Contract "None"]' in d)
    right = re.sub(r'\[Score "[^"]*"\]\n', "", deals[at])
    wrong = right.replace('[Total "-3 -3"]', '[Total "-3 -2"]')
    assert wrong != right != deals[at]
    text = "\n\n".join([*deals[:at], right]) + "\n"
    assert [d.code for d in validate_text(text) if d.is_error] == []
    text = "\n\n".join([*deals[:at], wrong]) + "\n"
    line = text.count("\n", 0, text.rindex("[Total")) + 1
    assert [(d.code, d.line) for d in validate_text(text) if d.is_error] == [("BPN603", line)]


def _one_trick(deal: str) -> str:
    """A trick of the deal's own cards: the first card of each hand, in the Deal tag's order."""
    holdings = re.search(r'\[Deal "\d:([^"]*)"\]', deal)[1].split()  # type: ignore[index]
    cards = []
    for holding in holdings:
        suit, ranks = next((s, r) for s, r in zip("SHDC", holding.split(".")) if r)
        cards.append(suit + ranks[0])
    return " ".join(cards)


@pytest.mark.parametrize("tricks", [False, True], ids=["no Tricks", "with Tricks"])
@pytest.mark.parametrize("path", THROWN_IN)
def test_a_thrown_in_deal_with_a_play_section_is_one_fault_at_the_play_tag(path: str, tricks: bool) -> None:
    """BPN 1.1 §1: a deal thrown in has no play. A play section in one was a BPN101 (no
    Tricks after a play that stops early), with BPN507 where the cards did not fit the
    replay, and a whole play was not reported at all. Now it is one BPN504 (more tricks
    than the deal has: it has none) at the Play tag, the cards not replayed, the score
    still the zeros of a deal thrown in."""
    deal = thrown_in(path).rstrip("\n")
    n = 2 if "BidWhist" in deal else 4
    if tricks:
        deal = deal.replace("\n[Score", f'\n[Tricks "{" ".join(["13"] + ["0"] * (n - 1))}"]\n[Score')
    text = deal + '\n[Play "1"]\n' + _one_trick(deal) + "\n"
    line = text.count("\n", 0, text.index("[Play ")) + 1
    found = [d for d in validate_text(text) if d.is_error]
    assert [(d.code, d.line, d.column) for d in found] == [("BPN504", line, 1)], [str(d) for d in found]
    assert 'thrown in ([Contract "None"])' in found[0].message and "not checked" in found[0].message
    bad_score = re.sub(r'\[Score "[^"]*"\]', '[Score "%s"]' % " ".join(["+1", "-1"] + ["0"] * (n - 2)), text)
    assert sorted(d.code for d in validate_text(bad_score) if d.is_error) == ["BPN504", "BPN602"]
