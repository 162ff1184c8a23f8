"""bpn record in the auction games (Solo, Bid, Israeli and Swedish Whist): the auction
taken call by call, each call judged as it is typed by the ruleset's own check (an
illegal call refused with the validator's words, undo), what follows from the auction,
thrown-in deals, and the words Tab offers. The deals are the games' own samples, typed
in as a player would (tests/record_answers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bismarck_pbn import parse, validate_text
from bismarck_pbn.cli import app
from bismarck_pbn.games import ruleset
from bismarck_pbn.games.auction import judge, legal_calls
from bismarck_pbn.model.cards import holding_text
from bismarck_pbn.session.completion import Completer
from bismarck_pbn.session.record import record
from conftest import ROOT
from record_answers import after_auction, answers, before_auction, calls_of, play_of, session_answers

runner = CliRunner()
SAMPLES = {"IsraeliWhist": "israeli-whist/haifa.bpn", "SwedishWhist": "swedish-whist/uppsala.bpn",
           "SoloWhist": "solo-whist/sunday-school.bpn", "BidWhist": "bid-whist/rent-party.bpn"}


def sample(game: str, index: int):
    return [d for d in parse((ROOT / "samples" / SAMPLES[game]).read_text(encoding="utf-8")) if d.tags][index]


def complete(deal) -> bool:
    rules = ruleset(deal.game)
    return deal.contract == "None" or (deal.play is not None and len(deal.play.cards) == rules.seats * rules.tricks)


ALL = [(game, i) for game in SAMPLES for i, d in enumerate(
    [d for d in parse((ROOT / "samples" / SAMPLES[game]).read_text(encoding="utf-8")) if d.tags]) if complete(d)]


def run(tmp_path: Path, lines: list[str]):
    path = tmp_path / "new.bpn"
    result = runner.invoke(app, ["record", str(path)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert [d for d in validate_text(text) if d.is_error] == [], validate_text(text)
    return result, [d for d in parse(text) if d.tags][-1]


def same_record(written, deal) -> None:
    """The recorded deal says what the sample says (auction, contract, play, result)."""
    assert [c.call for c in written.auction.calls] == [c.call for c in deal.auction.calls]
    for attr in ("contract", "declarer", "trump", "direction", "bids", "frisch", "discard"):
        assert getattr(written, attr) == getattr(deal, attr), attr
    assert play_of(written) == play_of(deal)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "index"), ALL, ids=lambda v: str(v))
def test_every_sample_deal_records_clean_from_its_auction(tmp_path, game, index):
    deal = sample(game, index)
    _, written = run(tmp_path, answers(deal))
    same_record(written, deal)


# ---- illegal calls refused with the validator's words, undo -------------------------------------

CASES = {
    # game: (sample deal, where to type the wrong call, the wrong call, the reason the validator gives)
    "IsraeliWhist": (0, 5, "6S", "seat 3 calls 6S, which is not higher than 6NT (seat 2)"),
    "SwedishWhist": (1, 6, "Clubs", "seat 1 calls Clubs, which is not higher than Diamonds (seat 4)"),
    "SoloWhist": (0, 0, "Accept", "seat 2 calls Accept: Accept answers a Propose, and Propose is not the "
                  "highest call"),
    "BidWhist": (1, 1, "Take", "seat 4 calls Take: only the dealer, calling last, may take the highest bid"),
}


@pytest.mark.parametrize("game", list(CASES))
def test_an_illegal_call_is_refused_with_its_reason_and_undo_takes_back_a_call(tmp_path, game):
    index, at, wrong, reason = CASES[game]
    deal = sample(game, index)
    calls = calls_of(deal)
    typed = [*calls[:at], wrong, "u", *calls[at - 1:at], "?", *calls[at:]] if at else [wrong, *calls]
    lines = [*session_answers(deal), *before_auction(deal), *typed, *after_auction(deal), *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert f"refused: {reason} (BPN801)" in result.stderr
    assert "counts as Pass" not in result.stderr  # refused here, not counted
    if at:
        assert f"took back {calls[at - 1]}" in result.stderr
        assert "may call: Pass" in result.stderr
    same_record(written, deal)


def test_undo_takes_back_the_frisch_with_the_fourth_pass(tmp_path):
    deal = sample("IsraeliWhist", 0)  # four passes, a Frisch, then 6NT 7C
    calls = calls_of(deal)
    typed = [*calls[:4], "u", "u", "pass", "p", *calls[4:]]
    lines = [*session_answers(deal), *before_auction(deal), *typed, *after_auction(deal), *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert result.stderr.count("Frisch: the auction begins again") == 2
    assert result.stderr.count("took back Pass") == 2
    same_record(written, deal)


# ---- thrown in: the auction, no play -------------------------------------------------------------

@pytest.mark.parametrize(("game", "index"), [("IsraeliWhist", 2), ("SoloWhist", 9), ("BidWhist", 12)])
def test_a_thrown_in_deal_is_written_with_its_auction_and_no_play(tmp_path, game, index):
    deal = sample(game, index)
    assert deal.contract == "None"
    result, written = run(tmp_path, answers(deal))
    assert "the deal is thrown in (no play)" in result.stderr
    assert written.contract == "None" and written.play is None and written.tricks is None
    assert set(written.score) == {0}
    assert [c.call for c in written.auction.calls] == [c.call for c in deal.auction.calls]


def test_a_thrown_in_deal_taken_back_goes_on_with_the_auction(tmp_path):
    deal = sample("BidWhist", 0)  # 3NT Pass Pass Pass
    # four passes throw it in; u at "All right?" takes back the fourth, three more undo the rest
    lines = [*session_answers(deal), *before_auction(deal), "Pass", "Pass", "Pass", "Pass", "u", "u", "u", "u",
             *calls_of(deal), *after_auction(deal), *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert "All right? y: record it, u: take back the last call" in result.stderr
    assert result.stderr.count("took back Pass") == 4
    same_record(written, deal)


# ---- what the auction leaves open --------------------------------------------------------------

def test_abundance_asks_for_a_trump_suit_and_refuses_no_trump(tmp_path):
    deal = sample("SoloWhist", 1)  # Abundance in hearts, the rest conceded after trick 10
    lines = [*session_answers(deal), *before_auction(deal), *calls_of(deal), "NT", *after_auction(deal),
             *play_of(deal), "claim " + " ".join(map(str, deal.tricks)), ""]
    result, written = run(tmp_path, lines)
    assert "in Abundance the declarer names a trump suit, never no trump" in result.stderr
    assert written.trump == "H" and written.contract == "Abundance" and written.declarer == 2


def test_israeli_bids_that_break_a_rule_are_refused_as_they_are_made(tmp_path):
    deal = sample("IsraeliWhist", 1)  # 6S by seat 4; the bids 1 4 0 6
    bids = after_auction(deal)
    wrong = str(13 - sum(int(b) for b in bids[:3]))
    # the declarer's bid below its trump bid (6S), then the last bid that makes the sum 13: each asked again
    lines = [*session_answers(deal), *before_auction(deal), *calls_of(deal), "5", *bids[:3], wrong, bids[3],
             *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert "refused: the declarer (seat 4) bids 5, below the 6 tricks of the trump bid 6S (BPN803)" in result.stderr
    assert "refused: the bids add up to 13: seat 3, the last to bid, may not make them 13 (BPN803)" in result.stderr
    assert written.bids == deal.bids


# ---- Tab: the legal calls and cards offered --------------------------------------------------------

@pytest.mark.parametrize(("game", "calls", "offered"), [
    ("IsraeliWhist", [], ["Pass", "5C", "5D", "5H", "5S", "5NT", "6C"]),
    ("IsraeliWhist", ["Pass"] * 4, ["Frisch"]),
    ("IsraeliWhist", ["Pass"] * 4 + ["Frisch"], ["Pass", "6C", "6D"]),
    ("IsraeliWhist", ["7H", "Pass"], ["Pass", "7S", "7NT", "8C"]),
    ("SwedishWhist", [], ["Pass", "Clubs", "Spades", "Diamonds", "Hearts", "Nolle", "Spel", "Misere"]),
    ("SwedishWhist", ["Clubs", "Hearts"], ["Pass", "Nolle", "Spel", "Misere"]),
    ("SwedishWhist", ["Misere", "Pass", "Pass"], ["Pass"]),
    ("SoloWhist", [], ["Pass", "Propose", "Solo", "Misere", "Abundance", "AbundanceTrump", "SpreadMisere",
                       "Slam"]),
    ("SoloWhist", ["Propose"], ["Pass", "Accept", "Solo", "Misere"]),
    ("SoloWhist", ["Propose", "Accept"], ["Pass", "Solo", "Misere"]),
    ("SoloWhist", ["Abundance", "Pass", "Pass"], ["Pass", "AbundanceTrump", "SpreadMisere", "Slam"]),
    ("BidWhist", [], ["Pass", "3U", "3D", "3NT", "4U"]),
    ("BidWhist", ["4U", "Pass"], ["Pass", "4NT", "5U"]),
    ("BidWhist", ["Pass", "3D", "4D"], ["Pass", "Take", "4NT", "5U"]),
])
def test_the_legal_calls_after_an_auction(game, calls, offered):
    deal = sample(game, 0)  # dealt by seat 1: seat 2 calls first
    assert legal_calls(ruleset(game), deal, calls)[:len(offered)] == offered


def test_no_call_after_the_end():
    deal = sample("BidWhist", 0)
    calls = ["Pass", "Pass", "Pass", "4U"]
    assert judge(ruleset("BidWhist"), deal, calls).complete and legal_calls(ruleset("BidWhist"), deal, calls) == []


def test_the_completer_offers_what_begins_the_word():
    completer = Completer()
    completer.options = ("Pass", "Propose", "Solo", "Abundance", "AbundanceTrump")
    assert [completer.complete("ab", i) for i in range(3)] == ["Abundance", "AbundanceTrump", None]
    assert completer.matches("P") == ["Pass", "Propose"] and completer.matches("x") == []


def test_the_dialogue_tells_the_completer_the_legal_calls_and_cards():
    deal = sample("SoloWhist", 0)  # Propose Pass Accept Pass
    completer = Completer()
    lines = iter(answers(deal))
    seen: dict[str, tuple] = {}

    def ask(prompt: str) -> str:
        seen.setdefault(prompt, tuple(completer.options))
        return next(lines)
    out: list[str] = []
    assert record(None, ask, lambda *a: None, emit=out.append, completer=completer) == 0
    assert seen["seat 2 (Bo) calls: "] == ("Pass", "Propose", "Solo", "Misere", "Abundance", "AbundanceTrump",
                                           "SpreadMisere", "Slam")
    assert seen["seat 3 (Cy) calls: "] == ("Pass", "Accept", "Solo", "Misere", "Abundance", "AbundanceTrump",
                                           "SpreadMisere", "Slam")
    assert seen["seat 4 (Di) calls: "] == seen["seat 3 (Cy) calls: "]  # seat 3 passed: Propose still open
    assert "seat 1 (Ann) calls: " in seen and seen["seat 1 (Ann) calls: "][:2] == ("Pass", "Solo")
    first_card = next(p for p in seen if p.startswith("Trick 1, seat 2"))
    assert set(seen[first_card]) == set(deal.hands[1])  # the leader may lead any card it holds
    assert completer.options == ()  # nothing offered between questions


def test_swedish_team_points_are_written_as_the_round_scores_them(tmp_path):
    deal = sample("SwedishWhist", 0)  # board 1: an unbid Nolle, side 2 takes 30 trick points
    _, written = run(tmp_path, answers(deal))
    assert written.score == deal.score == (0, 30) and written.total == deal.total == (0, 30)
    assert written.points == (0, 0, 0, 0)


def test_swedish_points_are_written_for_a_misere_with_its_tricks_per_seat(tmp_path):
    deal = sample("SwedishWhist", 4)  # Misère by seat 1, who takes tricks: lost
    _, written = run(tmp_path, answers(deal))
    assert written.contract == "Misere" and written.declarer == 1
    assert written.points == deal.points == (-15, 5, 5, 5)
    assert written.tricks == deal.tricks and len(written.tricks) == 4  # the declarer's own tricks decide


def test_undo_before_the_first_card_goes_back_into_the_auction(tmp_path):
    deal = sample("SwedishWhist", 1)  # ... Spel Pass Pass Pass: Spel by seat 4
    calls = calls_of(deal)
    lines = [*session_answers(deal), *before_auction(deal), *calls[:-1], "Hearts"]
    # four-seat ladder: after Spel, Hearts is refused; then Pass ends it, and u takes that Pass back
    lines += ["Pass", "u", "Pass", *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert "refused: seat 3 calls Hearts, which is not higher than Spel (seat 4) (BPN801)" in result.stderr
    assert "took back Pass" in result.stderr
    assert result.stderr.count("The auction ends: Spel, declarer seat 4 (Di)") == 2
    same_record(written, deal)


def test_a_swedish_deal_outside_any_session_gets_its_points_too():
    deal = sample("SwedishWhist", 4)
    lines = answers(deal)
    lines[0] = "-"  # no board: a deal on its own
    feed = iter(lines)
    out: list[str] = []
    assert record(None, lambda prompt: next(feed), lambda *a: None, emit=out.append) == 0
    written = [d for d in parse(out[0]) if d.tags][-1]
    assert written.board is None and written.points == (-15, 5, 5, 5) and written.score == (0, 0)
    assert [d for d in validate_text(out[0]) if d.is_error] == []


# ---- a new session of another game: the players of seats it does not have -------------------------

@pytest.mark.parametrize(("first", "then"), [("Whist", "Bismarck"), ("Whist", "GermanWhist")])
def test_a_smaller_table_does_not_inherit_the_players_of_the_bigger_one(tmp_path, first, then):
    import random

    import gen_german
    import genbpn
    from test_record import played, setup_answers

    text = (ROOT / "samples" / "whist" / "friday-whist.bpn").read_text(encoding="utf-8")
    path = tmp_path / "night.bpn"
    path.write_text(text[:parse(text)[1].pos.offset], encoding="utf-8")  # one Whist deal, four players
    if then == "Bismarck":
        d = genbpn.random_deal(random.Random(3), forehand=1, contract="Spel")
        lines = setup_answers(d, board="1", forehand="1")
        lines = [lines[0], "", "", "", then, "", "", "", "", *lines[1:], *played(d), ""]
    else:
        g = gen_german.play_deal(random.Random(5), dealer=2)
        lines = ["1", "", "", "", then, "", "", "", "2", holding_text(g["dealt"][2]), holding_text(g["dealt"][1]),
                 " ".join(g["stock"]), "", *(c for trick in g["tricks"] for _, c in trick), ""]
    result = runner.invoke(app, ["record", str(path)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    new = path.read_text(encoding="utf-8")
    assert [d for d in validate_text(new) if d.is_error] == []
    last = [d for d in parse(new) if d.tags][-1]
    seats = ruleset(then).seats
    assert last.game == then
    assert [last.headers.get(f"Player{s}") for s in range(1, 5)] == (
        ["Alice", "Bob", "Carol", "Dave"][:seats] + [None] * (4 - seats))
    assert "Player4" not in new[new.rindex("[Event"):]


def test_the_completer_is_installed_where_readline_is():
    readline = pytest.importorskip("readline")
    from bismarck_pbn.session.completion import install

    completer = Completer()
    before = readline.get_completer()
    try:
        assert install(completer) is True
        assert readline.get_completer() == completer.complete
    finally:
        readline.set_completer(before)


def test_an_empty_call_is_answered_with_the_help_said_once(tmp_path):
    deal = sample("BidWhist", 0)
    lines = [*session_answers(deal), *before_auction(deal), "", *calls_of(deal), *after_auction(deal),
             *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert "type the call (Tab completes it), or: u / undo" in result.stderr
    assert "type the call (type the call" not in result.stderr
    same_record(written, deal)


def test_an_abbreviation_is_read_among_the_legal_calls_first(tmp_path):
    deal = sample("SoloWhist", 0)  # Propose Pass Accept Pass
    assert calls_of(deal) == ["Propose", "Pass", "Accept", "Pass"]
    lines = [*session_answers(deal), *before_auction(deal), "p", "prop", "p", "acc", "p", *after_auction(deal),
             *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert result.stderr.count("'p' could be Pass or Propose") == 1  # only where both may be called
    assert result.stderr.count("'p': Pass, the only legal call it begins") == 2  # and said where it is read so
    same_record(written, deal)


# ---- back into the auction from the questions after it ------------------------------------------

def test_u_at_the_trump_question_takes_back_the_last_call(tmp_path):
    deal = sample("SoloWhist", 1)  # ... Abundance Pass: Abundance in hearts
    calls = calls_of(deal)
    lines = [*session_answers(deal), *before_auction(deal), *calls, "u", calls[-1], "undo", calls[-1],
             *after_auction(deal), *play_of(deal), "claim " + " ".join(map(str, deal.tricks)), ""]
    result, written = run(tmp_path, lines)
    assert result.stderr.count(f"took back {calls[-1]}") == 2
    assert "u or undo at the questions that follow takes back the last call" in result.stderr
    same_record(written, deal)


def test_undo_at_the_direction_goes_back_and_u_there_is_uptown(tmp_path):
    deal = sample("BidWhist", 0)  # 3NT Pass Pass Pass, Uptown
    calls = calls_of(deal)
    after = after_auction(deal)
    assert after[0] == "Uptown"
    lines = [*session_answers(deal), *before_auction(deal), *calls, "undo", calls[-1], "u", *after[1:],
             *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert "Direction named by the declarer (Uptown or Downtown; undo takes back the last call)" in result.stderr
    assert result.stderr.count("took back Pass") == 1
    same_record(written, deal)


def test_u_at_a_contract_bid_goes_back_into_the_auction(tmp_path):
    deal = sample("IsraeliWhist", 1)  # 6S by seat 4; the bids 6 1 4 0
    calls = calls_of(deal)
    bids = after_auction(deal)
    lines = [*session_answers(deal), *before_auction(deal), *calls, bids[0], "u", calls[-1], *bids,
             *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert "took back Pass" in result.stderr
    same_record(written, deal)


def test_the_bid_whist_trump_refusal_offers_only_the_suits(tmp_path):
    deal = sample("BidWhist", 1)  # 4D: the declarer names hearts
    lines = [*session_answers(deal), *before_auction(deal), *calls_of(deal), "x", *after_auction(deal),
             *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert "the trump must be S, H, D or C, not 'x'" in result.stderr
    assert "or NT, not 'x'" not in result.stderr
    same_record(written, deal)


# ---- Swedish Whist: the score record shows and writes is the one the round computes ---------------

def _record_next(text: str, deal, path: Path) -> tuple[list[str], object]:
    """Record ``deal`` as the board after the file ``text`` ends with (a dry run):
    what record said, and the deal it would write."""
    path.write_text(text, encoding="utf-8")
    feed = iter(["", *before_auction(deal), *calls_of(deal), *after_auction(deal), *play_of(deal), ""])
    said: list[str] = []
    out: list[str] = []
    assert record(str(path), lambda prompt: next(feed), lambda text, style=None: said.append(text),
                  emit=out.append, dry_run=True) == 0, said
    return said, [d for d in parse(out[0]) if d.tags][-1]


@pytest.mark.slow
def test_swedish_record_shows_the_rounds_score_board_by_board(tmp_path):
    from gen_auction import gen_swedish

    # a round to its second exit; the generator scores it on its own (honours, penalties, exits)
    text = gen_swedish(12, seed=1)
    lines = text.splitlines(keepends=True)
    deals = [d for d in parse(text) if d.tags]
    assert deals[-1].board == 12 and any(d.points != (0, 0, 0, 0) for d in deals)  # misères, second exit
    for deal in deals[1:]:
        said, written = _record_next("".join(lines[:deal.pos.line - 1]), deal, tmp_path / "round.bpn")
        assert (written.score, written.total, written.points) == (deal.score, deal.total, deal.points)
        rows = [line for line in said if " & " in line and " score " in line]
        assert [r.split("score")[1].split()[0] for r in rows] == [f"{v:+d}" if v else "0" for v in deal.score]


def test_record_says_where_the_files_total_differs_from_the_rounds(tmp_path):
    text = (ROOT / "samples" / SAMPLES["SwedishWhist"]).read_text(encoding="utf-8")
    deals = [d for d in parse(text) if d.tags]
    lines = text.splitlines(keepends=True)
    before = "".join(lines[:deals[2].pos.line - 1])  # boards 1 and 2: 40-30 after board 2
    assert deals[1].total == (40, 30) and before.count('[Total "+40 +30"]') == 1
    said, _ = _record_next(before, deals[2], tmp_path / "ok.bpn")
    assert "The file ends at board 2; running total +40 +30." in said
    slipped = before.replace('[Total "+40 +30"]', '[Total "+40 +20"]')
    said, written = _record_next(slipped, deals[2], tmp_path / "slip.bpn")
    assert ("The file ends at board 2; running total +40 +30 (its Total tag says +40 +20: bpn validate "
            "shows why).") in said
    assert written.total == deals[2].total  # the round's, not the slip's


def test_a_trakarl_session_asks_the_dummys_seat_and_no_player_for_it(tmp_path):
    deal = [d for d in parse((ROOT / "samples" / "swedish-whist" / "trakarl.bpn").read_text(encoding="utf-8"))
            if d.tags][0]
    players = [p for s, p in enumerate(("Ann", "Bo", "Cy", "Di"), 1) if s != deal.dummy]
    lines = ["", "Test", "", "", "SwedishWhist", "träkarl", "9", str(deal.dummy), *players,
             *before_auction(deal), *calls_of(deal), *after_auction(deal), *play_of(deal), ""]
    result, written = run(tmp_path, lines)
    assert "Seat of the träkarl" in result.stderr and "a seat must be" in result.stderr  # 9 asked again
    assert written.dummy == deal.dummy and "Trakarl" in written.variant.options
    assert written.tag(f"Player{deal.dummy}") is None
    assert written.points == deal.points and written.points[deal.dummy - 1] == 0
    same_record(written, deal)
