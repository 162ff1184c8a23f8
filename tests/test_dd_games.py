"""Double-dummy analysis in every game: the sides each game plays (checked against a
plain minimax on late positions of the samples), Bid Whist's jokers and downtown ranks,
German Whist's endgame, and ``bpn analyse`` on a sample of each game (text, JSON shape,
the --annotate round trip)."""

from __future__ import annotations

import json
import shutil
from functools import cache, lru_cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bismarck_pbn.analysis.problem import DOWNTOWN, Problem, problem
from bismarck_pbn.analysis.sides import NotYet, Unanalysable, problem_at, sides_of
from bismarck_pbn.analysis.solver import Solver
from bismarck_pbn.analysis.values import make_solver, values_at
from bismarck_pbn.format.reader import parse
from bismarck_pbn.views.position import positions

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()


def _app():
    from bismarck_pbn.cli import app

    return app


@cache
def _deal(name: str, number: int):
    return next(d for d in parse((SAMPLES / name).read_text(encoding="utf-8")) if d.number == number)


@cache
def _positions(name: str, number: int):
    return positions(_deal(name, number))


def minimax(p: Problem) -> dict[str, int]:
    """Every card of every seat tried: for each legal card, the tricks the side of the
    seat to play takes from the current trick on. Knows ranks only through
    :meth:`Problem.bit` and suits through :meth:`Problem.suit_of` (jokers included)."""
    n = p.seats

    def winner(table):  # ((seat, card), ...)
        best_seat, best = table[0]
        for seat, card in table[1:]:
            b_suit, c_suit = p.suit_of(best), p.suit_of(card)
            if (c_suit == b_suit and p.bit(card) > p.bit(best)) or (c_suit == p.trump and b_suit != p.trump):
                best_seat, best = seat, card
        return best_seat

    def legal(hand, table):
        if not table:
            return sorted(hand)
        led = p.suit_of(table[0][1])
        same = [c for c in hand if p.suit_of(c) == led]
        if same:
            return sorted(same)
        trumps = [c for c in hand if p.suit_of(c) == p.trump]
        return sorted(trumps) if p.must_trump and trumps else sorted(hand)

    def wants_more(seat):
        return (seat in p.side) != p.misere

    @lru_cache(maxsize=None)
    def value(hands, table, seat):
        if not hands[seat]:
            return 0
        results = [after(hands, table, seat, c) for c in legal(hands[seat], table)]
        return max(results) if wants_more(seat) else min(results)

    def after(hands, table, seat, card):
        hands = tuple(h - {card} if i == seat else h for i, h in enumerate(hands))
        table = (*table, (seat, card))
        if len(table) == n:
            w = winner(table)
            return (w in p.side) + value(hands, (), w)
        return value(hands, table, (seat + 1) % n)

    table = tuple((p.seat_of_table_card(i), c) for i, c in enumerate(p.table))
    out = {}
    for card in legal(p.hands[p.to_play], table):
        v = after(p.hands, table, p.to_play, card)
        out[card] = v if p.to_play in p.side else p.tricks_left - v
    return out


# ---- the sides of each game ------------------------------------------------------------

# (file, deal, side seats, misère, cards from the end of the play where the test starts)
GAMES = [
    pytest.param("club-night.bpn", 4, {2}, True, 7, id="bismarck-pass"),
    pytest.param("club-night.bpn", 2, {3}, False, 8, id="bismarck-valfri"),
    pytest.param("finnish.bpn", 1, {3}, False, 8, id="finnish-must-trump"),
    pytest.param("whist/friday-whist.bpn", 1, {1, 3}, False, 9, id="whist"),
    pytest.param("whisk/whisk-evening.bpn", 1, {1, 3}, False, 9, id="whisk"),
    pytest.param("ruff/ruff-and-honours.bpn", 1, {2, 4}, False, 9, id="ruff-the-ruffers-side"),
    pytest.param("swedish-whist/uppsala.bpn", 1, {1, 3}, True, 9, id="swedish-nolle"),
    pytest.param("swedish-whist/uppsala.bpn", 5, {1}, True, 9, id="swedish-misere-alone"),
    pytest.param("swedish-whist/uppsala.bpn", 4, {1, 3}, False, 9, id="swedish-hearts"),
    pytest.param("solo-whist/sunday-school.bpn", 5, {2, 3}, False, 9, id="solo-propose-accepted"),
    pytest.param("solo-whist/sunday-school.bpn", 4, {1}, True, 9, id="solo-misere"),
    pytest.param("solo-whist/sunday-school.bpn", 6, {2}, False, 9, id="solo-solo"),
    pytest.param("german-whist/kitchen-table.bpn", 1, {1}, False, 6, id="german"),
    pytest.param("german-whist/options.bpn", 2, {1}, True, 6, id="german-highlow-low"),
    pytest.param("bid-whist/rent-party.bpn", 2, {2, 4}, False, 9, id="bidwhist-downtown-jokers"),
    pytest.param("bid-whist/rent-party.bpn", 3, {1, 3}, False, 9, id="bidwhist-uptown"),
    pytest.param("bid-whist/rent-party.bpn", 8, {2, 4}, False, 13, id="bidwhist-nt-jokers-gone"),
]


@pytest.mark.parametrize(("name", "number", "side", "misere", "back"), GAMES)
def test_each_game_plays_its_sides_and_the_solver_agrees_with_a_minimax(name, number, side, misere, back):
    deal = _deal(name, number)
    sides = sides_of(deal)
    assert sides.side == side and sides.misere == misere
    every = _positions(name, number)
    solver = Solver()
    for pos in every[-back:-1]:
        p = problem_at(pos)
        assert {s + 1 for s in p.side} == side and p.misere == misere
        assert solver.solve_moves(p) == minimax(p), (pos.played, p)


def test_israeli_whist_is_each_seat_for_itself_and_a_zero_bid_minimises():
    deal = _deal("israeli-whist/haifa.bpn", 2)  # bids 1 4 0 6
    assert deal.bids == (1, 4, 0, 6)
    sides = sides_of(deal)
    assert sides.side == frozenset() and sides.few_seats == {3}
    seen = set()
    for pos in _positions("israeli-whist/haifa.bpn", 2)[-9:-1]:
        p = problem_at(pos)
        assert p.side == {pos.to_play - 1}
        assert p.misere == (pos.to_play == 3)
        seen.add((pos.to_play, p.misere))
        assert Solver().solve_moves(p) == minimax(p)
    assert (3, True) in seen and (1, False) in seen
    # --side: one seat against the other three throughout
    assert problem_at(_positions("israeli-whist/haifa.bpn", 2)[-3], side_seat=2).side == {1}


def test_side_seat_chooses_the_quota_question_or_the_partnership():
    assert sides_of(_deal("club-night.bpn", 2), side_seat=1).side == {1}
    assert sides_of(_deal("whist/friday-whist.bpn", 1), side_seat=4).side == {2, 4}
    solo = sides_of(_deal("solo-whist/sunday-school.bpn", 6), side_seat=1)  # a defender of a Solo
    assert solo.side == {1, 3, 4}
    misere = sides_of(_deal("swedish-whist/uppsala.bpn", 5), side_seat=2)  # against the misère
    assert misere.side == {2, 3, 4} and misere.misere
    with pytest.raises(Unanalysable, match="seats 1 to 3"):
        sides_of(_deal("club-night.bpn", 2), side_seat=4)


def test_unanalysable_deals_say_why():
    with pytest.raises(Unanalysable, match="cards taken"):
        sides_of(_deal("estonian.bpn", 1))  # NoHearts
    with pytest.raises(Unanalysable, match="thrown in"):
        sides_of(_deal("israeli-whist/haifa.bpn", 3))
    import re

    text = re.sub(r'\[Discard "[^"]*"\]\n', "", (SAMPLES / "ruff/ruff-and-honours.bpn").read_text(encoding="utf-8"),
                  count=1)
    no_discard = next(d for d in parse(text) if d.tags)
    assert no_discard.discard is None
    with pytest.raises(Unanalysable, match="ruffer's hand after the exchange"):
        problem_at(positions(no_discard)[-3])


def test_german_whist_waits_for_the_stock_to_empty():
    every = _positions("german-whist/kitchen-table.bpn", 1)
    with pytest.raises(NotYet, match="trick 14"):
        problem_at(every[25])
    assert problem_at(every[26]).tricks_left == 13
    pv = values_at(every[3], make_solver(1000))
    assert pv.values is None and "trick 14" in pv.reason


def test_bid_whist_no_trump_with_a_joker_in_play_is_not_analysed():
    every = _positions("bid-whist/rent-party.bpn", 1)  # 3NT, a joker held to the end
    with pytest.raises(NotYet, match="joker"):
        problem_at(every[-2])


# ---- jokers and downtown, by hand --------------------------------------------------------

def test_jokers_are_the_two_top_trumps():
    p = problem([{"JL", "S2"}, {"HA", "S3"}], trump="H", to_play=1)
    assert p.legal_cards() == {"HA", "S3"}
    # the ace of trumps led, the little joker (a trump) must follow and wins it
    assert Solver().solve_moves(p) == {"HA": 1, "S3": 1} == minimax(p)
    big = problem([{"JL"}, {"JB"}], trump="C", to_play=0)
    assert Solver().solve(big) == 0 and Solver().solve(problem([{"JL"}, {"CA"}], trump="C")) == 1
    assert p.card(p.bit("JB")) == "JB" and p.bit("JB") > p.bit("JL") > p.bit("HA")
    with pytest.raises(ValueError, match="joker"):
        problem([{"JL"}, {"SA"}])


def test_downtown_ranks_put_the_two_above_the_king_below_the_ace():
    order = {s: DOWNTOWN for s in "SHDC"}
    down = problem([{"S2", "S3"}, {"SK", "SA"}], rank_order=order, to_play=0)
    up = problem([{"S2", "S3"}, {"SK", "SA"}], to_play=0)
    assert Solver().solve_moves(down) == minimax(down) == {"S2": 1, "S3": 1}  # the ace still wins one
    assert Solver().solve_moves(up) == minimax(up) == {"S2": 0, "S3": 0}
    low = problem([{"S2", "S3"}, {"SK", "SQ"}], rank_order=order)
    assert Solver().solve(low) == 2 and Solver().solve(problem([{"S2", "S3"}, {"SK", "SQ"}])) == 0


# ---- bpn analyse on each game -------------------------------------------------------------

SAMPLE_OF_EACH = [
    ("whist/friday-whist.bpn", 1), ("whisk/whisk-evening.bpn", 1), ("ruff/ruff-and-honours.bpn", 1),
    ("swedish-whist/uppsala.bpn", 1), ("solo-whist/sunday-school.bpn", 4), ("israeli-whist/haifa.bpn", 2),
    ("german-whist/kitchen-table.bpn", 1), ("bid-whist/rent-party.bpn", 2), ("finnish.bpn", 1),
]
FAST = ["--no-contracts", "--limit", "5000"]


@pytest.mark.parametrize(("name", "number"), SAMPLE_OF_EACH, ids=[n.split("/")[0] for n, _ in SAMPLE_OF_EACH])
def test_analyse_json_of_each_game(name, number):
    result = runner.invoke(_app(), ["analyse", str(SAMPLES / name), "--deal", str(number), *FAST,
                                    "--format", "json"])
    assert result.exit_code == 0, result.output
    [data] = json.loads(result.stdout)
    deal = _deal(name, number)
    n = len(_positions(name, number)[0].hands)
    plays = data["plays"]
    assert len(plays) == len(deal.play.cards)
    for i, play in enumerate(plays):
        assert {"trick", "position", "seat", "card", "values"} <= set(play)
        assert (play["trick"], play["position"]) == (i // n + 1, i % n + 1)
        assert 1 <= play["seat"] <= n and play["card"] == deal.play.cards[i].card
        if play["values"] is not None:
            assert play["card"] in play["values"]
        else:
            assert play["unsolved"]
    # the last tricks are always solved within the limit
    assert all(p["values"] is not None for p in plays[-n:])
    assert data["side"] and data["game"] == deal.game


def test_analyse_text_of_german_whist_says_what_is_not_analysed():
    result = runner.invoke(_app(), ["analyse", str(SAMPLES / "german-whist/kitchen-table.bpn"), "--deal", "1",
                                    *FAST])
    assert result.exit_code == 0, result.output
    assert "from trick 14" in result.stdout
    assert "tricks 1–13 not analysed" in result.stdout


def test_analyse_side_option(tmp_path):
    result = runner.invoke(_app(), ["analyse", str(SAMPLES / "club-night.bpn"), "--deal", "2", "--side", "1",
                                    *FAST, "--format", "json"])
    assert result.exit_code == 0, result.output
    [data] = json.loads(result.stdout)
    assert data["side"] == [1]


@pytest.mark.slow
def test_annotate_round_trip_in_a_partnership_game(tmp_path):
    path = tmp_path / "whist.bpn"
    shutil.copy(SAMPLES / "whist/friday-whist.bpn", path)
    before = path.read_text(encoding="utf-8")
    args = ["analyse", str(path), "--deal", "1", *FAST, "--annotate"]
    assert runner.invoke(_app(), args).exit_code == 0
    once = path.read_text(encoding="utf-8")
    assert once != before and "{dd:" in once
    assert runner.invoke(_app(), args).exit_code == 0
    assert path.read_text(encoding="utf-8") == once  # a re-run replaces its own marks
    user = once.replace('[Play "', '{my note} [Play "', 1)
    path.write_text(user, encoding="utf-8")
    assert runner.invoke(_app(), args).exit_code == 0
    assert path.read_text(encoding="utf-8") == user
    from bismarck_pbn.analysis.marks import strip_marks

    assert strip_marks(user, 1) == before.replace('[Play "', '{my note} [Play "', 1)


def test_fallback_core_gives_the_same_values_in_a_four_seat_game(monkeypatch):
    pos = _positions("solo-whist/sunday-school.bpn", 4)[-7]
    native = values_at(pos, make_solver(0))
    monkeypatch.setenv("BPN_SOLVER", "python")
    python = make_solver(0)
    assert python.core == "python"
    assert values_at(pos, python) == native and native.values


@pytest.mark.slow
@pytest.mark.parametrize("name", ["whist/friday-whist.bpn", "whisk/whisk-evening.bpn", "ruff/ruff-and-honours.bpn",
                                  "swedish-whist/uppsala.bpn", "solo-whist/sunday-school.bpn",
                                  "israeli-whist/haifa.bpn", "german-whist/kitchen-table.bpn",
                                  "bid-whist/rent-party.bpn", "finnish.bpn", "estonian.bpn"])
def test_analyse_a_whole_sample(name):
    """Every deal of the sample, with a node limit that solves most cards (some seconds a file)."""
    result = runner.invoke(_app(), ["analyse", str(SAMPLES / name), "--no-contracts", "--limit", "300000",
                                    "--format", "json"])
    data = json.loads(result.stdout)
    assert len(data) == len([d for d in parse((SAMPLES / name).read_text(encoding="utf-8")) if d.tags])
    plays = [p for deal in data for p in deal["plays"]]
    for deal in data:
        assert deal.get("error") or deal.get("note") or deal["plays"], deal
        assert all(p["values"] is not None or p["unsolved"] for p in deal["plays"])
    solved = [p for p in plays if p["values"] is not None]
    assert all(p["card"] in p["values"] for p in solved)
    if name != "german-whist/kitchen-table.bpn":  # (half of German Whist's cards are drawn-for tricks)
        assert len(solved) > len(plays) / 2
    # a deal thrown in, or NoHearts, has nothing to analyse: a note, not a failure
    assert not any(d.get("error") for d in data), [d["error"] for d in data if d.get("error")]
    assert result.exit_code == 0, result.output


def test_random_endings_with_jokers_and_downtown_agree_with_the_minimax():
    """Bid Whist's twists on random four-seat endings of three tricks (a trump suit with
    one or both jokers, ranks uptown or downtown, mid-trick starts): the C core (or
    whichever is in use) against the plain minimax."""
    import random

    rng = random.Random(12)
    deck = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    solver = Solver()
    for _ in range(60):
        trump = rng.choice("SHDC")
        cards = rng.sample(deck, 12 - 2) + ["JB", "JL"]
        rng.shuffle(cards)
        hands = [set(cards[i * 3:(i + 1) * 3]) for i in range(4)]
        order = {s: DOWNTOWN for s in "SHDC"} if rng.random() < 0.5 else {}
        table: list[str] = []
        to_play = rng.randrange(4)
        for k in range(rng.randrange(3)):  # a few cards already on the table, legally played
            seat = (to_play + k) % 4
            p = Problem(tuple(frozenset(h) for h in hands), trump=trump, to_play=seat, table=tuple(table),
                        rank_order=order)
            card = sorted(p.legal_cards())[0]
            hands[seat].discard(card)
            table.append(card)
        p = Problem(tuple(frozenset(h) for h in hands), trump=trump, to_play=(to_play + len(table)) % 4,
                    table=tuple(table), side=frozenset(rng.sample(range(4), 2)), misere=rng.random() < 0.2,
                    rank_order=order)
        assert solver.solve_moves(p) == minimax(p), p


@pytest.mark.slow
def test_a_suit_of_fifteen_cards_is_solved_right_by_either_core():
    """The trump suit with both jokers: fifteen cards in one suit, the most the cores'
    table keys hold (16 slots a suit). Random four-hand endings of four tricks (all the
    hearts, the jokers and a spade), mid-trick starts included: each core against the
    plain minimax."""
    import random

    from bismarck_pbn.analysis.values import solve_values

    rng = random.Random(15)
    cards = ["H" + r for r in "AKQJT98765432"] + ["JB", "JL", "S2"]
    for _ in range(4):  # each ending's minimax worked out once, for both cores
        rng.shuffle(cards)
        hands = [set(cards[i::4]) for i in range(4)]
        p = problem(hands, trump="H", to_play=rng.randrange(4), side={0, 2})
        expected = minimax(p)
        for core in _cores():
            assert solve_values(p, make_solver(core=core)) == expected, (core, p)


def _cores() -> tuple[str, ...]:
    from bismarck_pbn.analysis import _native

    return ("python", "native") if _native.load() is not None else ("python",)


def test_the_kitty_book_stays_with_the_declaring_side_whichever_side_is_analysed():
    # deal 2: 4D by seat 2 (side 2–4); late positions, so that the solves are quick
    solver = make_solver(0)
    for pos in _positions("bid-whist/rent-party.bpn", 2)[-12:-1]:
        own, defenders = values_at(pos, solver), values_at(pos, solver, side_seat=1)
        assert own.values == defenders.values
        assert own.offset == defenders.offset == (1 if pos.to_play in (2, 4) else 0)
        assert {c: own.total(c) for c in own.values} == {c: defenders.total(c) for c in defenders.values}


def test_analyse_heading_says_which_way_a_bid_whist_no_trump_runs():
    for number, direction in ((5, "Downtown"), (8, "Uptown")):
        result = runner.invoke(_app(), ["analyse", str(SAMPLES / "bid-whist/rent-party.bpn"), "--deal", str(number),
                                        *FAST])
        assert result.exit_code == 0, result.output
        assert result.stdout.splitlines()[0].startswith(f"Deal {number} (board {number}), BidWhist: 3NT {direction};")


def test_a_deal_thrown_in_has_nothing_to_analyse_and_is_no_failure():
    """A thrown-in deal is said to have nothing to analyse (a note in the text and the
    JSON), and the exit status stays 0: the record is not at fault."""
    deals = [d for d in parse((SAMPLES / "bid-whist/rent-party.bpn").read_text(encoding="utf-8")) if d.tags]
    thrown = next(d.number for d in deals if d.contract == "None")
    args = ["analyse", str(SAMPLES / "bid-whist/rent-party.bpn"), "--deal", str(thrown)]
    result = runner.invoke(_app(), [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    [data] = json.loads(result.stdout)
    assert data["note"] == "the deal was thrown in: no card was played" and "error" not in data
    assert data["plays"] == []
    text = runner.invoke(_app(), args, env={"COLUMNS": "100"})
    assert text.exit_code == 0 and "nothing to analyse: the deal was thrown in" in text.stdout
