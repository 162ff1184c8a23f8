"""show, replay (printed and Textual), annotate and record on tables of four and of two
seats. The games here are stand-ins registered for the test (plain whist rules: follow
suit, the turned card's suit is trump, 13 tricks), so that what is tested is that the
views ask the rules for seats, tricks and sides, whatever rulesets the package has."""

from __future__ import annotations

import asyncio
import json
import io
import random

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bismarck_pbn import games
from bismarck_pbn.cli import app
from bismarck_pbn.games import Asks, Ruleset
from bismarck_pbn.games.tricks import trick_winner
from bismarck_pbn.model.cards import DECK, holding_text

runner = CliRunner()


class FourSeats(Ruleset):
    name = "Whist"

    def asks(self) -> Asks:
        return Asks(turned=True)

    def find_trump(self, deal, hands, kitty, out):
        return deal.trump or (deal.turned[0] if deal.turned else None)

    def implied_trump(self, deal):
        return deal.turned[0] if deal.turned else None


class TwoSeats(FourSeats):
    name = "GermanWhist"
    seats = 2
    kitty_size = 26

    def asks(self) -> Asks:
        return Asks(turned=True, stock_in_order=True)

    def kitty_name(self) -> str:
        return "stock"


@pytest.fixture(autouse=True)
def stand_ins(monkeypatch):
    monkeypatch.setitem(games.RULESETS, "Whist", FourSeats)
    monkeypatch.setitem(games.RULESETS, "GermanWhist", TwoSeats)
    games.ruleset.cache_clear()
    yield
    games.ruleset.cache_clear()


def make(seats: int, seed: int = 3):
    """A deal played out by the lowest legal card: (hands by seat, stock, turned, plays)."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    hands = [sorted(deck[i * 13:(i + 1) * 13]) for i in range(seats)]
    stock = deck[13 * seats:]
    dealer = seats
    turned = stock[0] if stock else hands[dealer - 1][0]
    held = [set(h) for h in hands]
    leader, plays = 1, []
    for _ in range(13):
        trick: list[tuple[int, str]] = []
        for k in range(seats):
            seat = (leader - 1 + k) % seats + 1
            same = sorted(c for c in held[seat - 1] if trick and c[0] == trick[0][1][0])
            card = (same or sorted(held[seat - 1]))[0]
            held[seat - 1].remove(card)
            trick.append((seat, card))
        plays.append([c for _, c in trick])
        leader = trick_winner(trick, turned[0])
    return hands, stock, turned, plays


def text_of(seats: int) -> str:
    hands, stock, turned, plays = make(seats)
    game = "Whist" if seats == 4 else "GermanWhist"
    players = "".join(f'[Player{s}] "{n}"]\n'.replace("] \"", ' "') for s, n in
                      zip(range(1, seats + 1), ("Ann", "Bo", "Cy", "Di")))
    kitty = f'[Kitty "{" ".join(stock)}"]\n' if stock else ""
    return (f'% BPN 1.1\n[Event "Test"]\n[Game "{game}"]\n{players}[Board "1"]\n[Dealer "{seats}"]\n'
            f'[Deal "1:{" ".join(holding_text(h) for h in hands)}"]\n{kitty}[Turned "{turned}"]\n[Play "1"]\n'
            + "\n".join(" ".join(p) for p in plays) + "\n*\n")


@pytest.fixture
def four(tmp_path):
    path = tmp_path / "four.bpn"
    path.write_text(text_of(4), encoding="utf-8")
    return path


@pytest.fixture
def two(tmp_path):
    path = tmp_path / "two.bpn"
    path.write_text(text_of(2), encoding="utf-8")
    return path


def test_the_samples_validate(four, two):
    for path in (four, two):
        result = runner.invoke(app, ["validate", str(path)])
        assert result.exit_code == 0, result.output


def test_show_draws_four_seats_as_a_compass_with_sides(four):
    result = runner.invoke(app, ["show", str(four), "-t", "3", "-c", "4"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "trick 3, card 4" in lines[0] and "Whist" in lines[0]
    row = {s: next(i for i, line in enumerate(lines) if f"seat {s} " in line) for s in (1, 2, 3, 4)}
    assert row[3] < row[2] == row[4] < row[1]  # 3 across, 2 and 4 either side, 1 below
    assert lines[row[2]].index("seat 2") < lines[row[4]].index("seat 4")
    for words in ("side 1–3", "side 2–4", "dealer", "turned", "tricks side 1–3"):
        assert words in result.stdout, words


def test_show_json_of_four_seats(four):
    data = json.loads(runner.invoke(app, ["show", str(four), "-t", "2", "-c", "4", "-f", "json"]).stdout)
    assert data["game"] == "Whist" and data["card"] == 4 and data["played"] == 8
    assert sorted(data["hands"]) == ["1", "2", "3", "4"] and all(len(h) == 11 for h in data["hands"].values())
    assert data["sides"] == [[1, 3], [2, 4]] and data["dealer"] == 4 and len(data["table"]) == 4
    end = json.loads(runner.invoke(app, ["show", str(four), "-t", "13", "-f", "json"]).stdout)
    assert end["finished"] and sum(end["won"]) == 13
    assert runner.invoke(app, ["show", str(four), "-t", "14"]).exit_code == 2


def test_show_draws_two_seats_and_the_stock(two):
    result = runner.invoke(app, ["show", str(two), "-t", "1", "-c", "2"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seat 2 Bo" in out and "seat 1 Ann" in out and "seat 3" not in out
    assert out.index("seat 2 Bo") < out.index("the table") < out.index("seat 1 Ann")
    assert "stock" in out and "side" not in out
    data = json.loads(runner.invoke(app, ["show", str(two), "-t", "1", "-c", "2", "-f", "json"]).stdout)
    assert data["card"] == 2 and data["sides"] is None and len(data["kitty"]) == 26
    assert runner.invoke(app, ["show", str(two), "-t", "1", "-c", "3"]).exit_code == 2


def test_printed_replay_counts_cards_of_the_game(four, two):
    out = runner.invoke(app, ["replay", "--plain", str(four)]).stdout
    assert "trick 1 card 4: seat 4 plays" in out and "trick 2 card 1:" in out
    assert "(seats 1 2 3 4); by side" in out and "dealer seat 4 (Di)" in out
    out = runner.invoke(app, ["replay", "--plain", str(two)]).stdout
    assert "trick 1 card 2: seat 2 plays" in out and "trick 2 card 1:" in out and "card 3" not in out


def _screen(app_) -> str:
    console = Console(width=140, record=True, file=io.StringIO())
    for selector in ("#title", "#board", "#notes"):
        console.print(app_.query_one(selector).content)
    return console.export_text()


@pytest.mark.slow
@pytest.mark.parametrize("seats", [4, 2])
def test_pilot_steps_by_the_game_s_trick(tmp_path, seats):
    from bismarck_pbn.views.tui import ReplayApp

    path = tmp_path / "deal.bpn"
    path.write_text(text_of(seats), encoding="utf-8")
    seen: dict = {}

    async def go():
        app_ = ReplayApp(path)
        async with app_.run_test(size=(140, 50)) as pilot:
            await pilot.press("down", "down")
            seen["two tricks"] = app_.index
            await pilot.press("up", "right")
            seen["one and a card"] = app_.index
            seen["text"] = _screen(app_)
            await pilot.press("g", "3", "enter")
            seen["jump"] = app_.index
            await pilot.press("c")
            await pilot.press(*"ok", "enter")
            await pilot.pause()
    asyncio.run(go())
    assert seen["two tricks"] == 2 * seats and seen["one and a card"] == seats + 1
    assert "trick 2, card 1" in seen["text"]
    assert seen["jump"] == 3 * seats
    assert "{ok}" in path.read_text(encoding="utf-8").splitlines()[-12]


def test_annotate_the_fourth_card_of_a_trick(four):
    result = runner.invoke(app, ["annotate", str(four), "-d", "1", "--trick", "2", "--card", "4", "-m", "last"])
    assert result.exit_code == 0, result.output
    line = [x for x in four.read_text(encoding="utf-8").splitlines() if "{last}" in x]
    assert len(line) == 1 and line[0].endswith(" {last}") and len(line[0].split()) == 5
    result = runner.invoke(app, ["annotate", str(four), "-d", "1", "--trick", "2", "--card", "5", "-m", "x"])
    assert result.exit_code == 2


def record_lines(seats: int) -> list[str]:
    hands, stock, turned, plays = make(seats)
    lines = ["", "Test", "", "", "Whist" if seats == 4 else "GermanWhist", "",
             *("Ann", "Bo", "Cy", "Di")[:seats], str(seats)]
    order = [seats] + list(range(1, seats))
    lines += [holding_text(hands[s - 1]) for s in order]
    if stock:
        lines.append(" ".join(stock))
    lines.append("" if stock else turned)  # the stock's top card is the default
    return lines + [c for p in plays for c in p] + [""]


@pytest.mark.parametrize("seats", [4, 2])
def test_record_a_deal_of_the_game(tmp_path, seats):
    path = tmp_path / "new.bpn"
    result = runner.invoke(app, ["record", str(path)], input="\n".join(record_lines(seats)) + "\n")
    assert result.exit_code == 0, result.output
    assert f"Dealer (seat {'1, 2, 3 or 4' if seats == 4 else '1 or 2'}) [1]:" in result.stderr
    assert "Turned card" in result.stderr and "Contract" not in result.stderr
    text = path.read_text(encoding="utf-8")
    assert text.startswith("% BPN 1.1\n") and runner.invoke(app, ["validate", str(path)]).exit_code == 0
    play = text[text.index('[Play "'):].splitlines()[1:-1]
    assert len(play) == 13 and all(len(line.split()) == seats for line in play)
    tricks = next(line for line in text.splitlines() if line.startswith("[Tricks"))
    assert len(tricks.split('"')[1].split()) == 2  # per side with four seats, per seat with two


def test_show_at_80_columns_gives_each_partner_its_side_in_full():
    """Four seats with names at 80 columns: the side stands in each hand's panel, whole
    (a panel title of 'seat 3 Odette · side 1–3' did not fit and was cut)."""
    from conftest import ROOT
    sample = ROOT / "samples" / "bid-whist" / "rent-party.bpn"
    result = runner.invoke(app, ["show", str(sample), "--deal", "1"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert result.stdout.count("side 1–3") == 2 and result.stdout.count("side 2–4") == 2
    for seat, name in ((1, "Lena"), (2, "Marcus"), (3, "Odette"), (4, "Ray")):
        assert f"seat {seat} {name}" in result.stdout
