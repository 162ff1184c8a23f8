"""bpn deal for every game (N hands, a kitty or an ordered stock, the turned card, the
dealer), and bpn fmt on 2- and 4-seat files."""

from __future__ import annotations

import re

import pytest
from gen_family import german_deal, whist_deal
from typer.testing import CliRunner

from bismarck_pbn import parse
from bismarck_pbn.cli import app
from bismarck_pbn.format.writer import dumps
from bismarck_pbn.games import RULESETS, Ruleset, ruleset
from bismarck_pbn.model.cards import DECK
from bismarck_pbn.session.dealgen import deal_template, random_deal

runner = CliRunner()


class _TurnsWhist(Ruleset):
    """Whist's table: the dealer's last card is turned and makes the trump."""

    name = "Whist"
    turns = "dealer"

    def implied_trump(self, deal):
        return deal.turned[0] if deal.turned else None


class _TurnsGerman(Ruleset):
    """German Whist's table: a stock of 26 in order, its top card turned; the non-dealer leads."""

    name = "GermanWhist"
    seats = 2
    kitty_size = 26
    tricks = 26
    turns = "stock"
    ordered_stock = True


@pytest.fixture
def family(monkeypatch):
    monkeypatch.setitem(RULESETS, "Whist", RULESETS.get("Whist", _TurnsWhist))
    monkeypatch.setitem(RULESETS, "GermanWhist", RULESETS.get("GermanWhist", _TurnsGerman))
    ruleset.cache_clear()
    yield
    ruleset.cache_clear()


def deal(*args: str) -> str:
    result = runner.invoke(app, ["deal", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_four_seat_deal_turns_the_dealers_last_card(family):
    for seed in range(10):
        text = deal("--game", "whist", "--dealer", "2", "--seed", str(seed), "--board", "2")
        assert text.startswith("% BPN 1.1\n")
        assert dumps(parse(text)) == text
        (d,) = parse(text)
        assert (d.game, d.dealer, d.board, d.deal_first, d.forehand) == ("Whist", 2, 2, 2, None)
        assert [len(h) for h in d.hands] == [13, 13, 13, 13] and d.kitty is None
        assert sorted(c for h in d.hands for c in h) == sorted(DECK)
        assert d.turned in d.hands[1]  # the dealer's
        assert f'[Trump "{d.turned[0]}"]' in text
        assert '[Player4 "?"]' in text and "[Forehand" not in text and "[Contract" not in text
        assert '[Play "3"]' in text  # the dealer's left leads


def test_the_turned_card_is_the_last_one_dealt_to_the_dealer(family):
    rules = ruleset("Whist")
    cards = list(DECK)
    hands, kitty, turned = rules.deal_cards(cards, 3)
    assert turned == cards[3 * 13 - 1] and turned in hands[2] and kitty == ()


def test_the_seats_get_the_same_cards_whoever_deals(family):
    one = parse(deal("--game", "Whist", "--seed", "9"))[0]
    four = parse(deal("--game", "Whist", "--seed", "9", "--dealer", "4"))[0]
    assert one.hands == four.hands and one.turned != four.turned
    assert random_deal(9, "Whist", 1)[0] == one.hands


def test_a_two_seat_deal_keeps_its_stock_in_order(family):
    text = deal("--game", "germanwhist", "--seed", "5", "--dealer", "2")
    assert dumps(parse(text)) == text
    (d,) = parse(text)
    assert [len(h) for h in d.hands] == [13, 13] and len(d.kitty) == 26
    assert list(d.kitty) != sorted(d.kitty, key=DECK.index)  # as it lies, not sorted
    assert d.turned == d.kitty[0]
    assert sorted([*d.hands[0], *d.hands[1], *d.kitty]) == sorted(DECK)
    assert re.search(r'\[Kitty "(?:[SHDC][2-9TJQKA] ){25}[SHDC][2-9TJQKA]"\]', text)
    assert "the discard" not in text and '[Play "1"]' in text


def test_bismarck_is_dealt_as_before():
    hands, kitty = random_deal(7)
    assert [len(h) for h in hands] == [16, 16, 16] and len(kitty) == 4
    text = deal_template(7, forehand=2)
    assert text == deal("--seed", "7", "--dealer", "2") == deal("--seed", "7", "--forehand", "2")
    assert "[Game" not in text and "[Dealer" not in text and text.startswith("% BPN 1.0\n")


def test_bad_game_options_exit_2(family):
    cases = [(["--game", "Skat"], "unknown game"),
             (["--game", "SoloWhist"], "does not know the rules of SoloWhist"),
             (["--game", "Whist", "--forehand", "2"], "Whist has no forehand"),
             (["--game", "GermanWhist", "--dealer", "3"], "seats 1 to 2"),
             (["--game", "Whist", "--contract", "Spel"], "not a contract of Whist"),
             (["--forehand", "1", "--dealer", "2"], "disagree")]
    for args, message in cases:
        result = runner.invoke(app, ["deal", *args])
        assert result.exit_code == 2, args
        assert message in result.stderr, (args, result.stderr)


@pytest.mark.parametrize("text", [whist_deal(4) + "\n" + whist_deal(5, board=2, dealer=2), german_deal(6)])
def test_fmt_writes_two_and_four_seat_files_canonically(tmp_path, text):
    path = tmp_path / "family.bpn"
    path.write_text(text.replace("\n[", "\n  [").replace("\n*", " *"), encoding="utf-8")
    once = runner.invoke(app, ["fmt", str(path)])
    assert once.exit_code == 0, once.output
    assert once.stdout == dumps(parse(text))
    seats = parse(text)[0].seats
    play = once.stdout.split("[Play ")[1].split("*")[0].splitlines()[1:]
    assert {len(line.split()) for line in play if line and "$" not in line} == {seats}  # a trick a line
    path.write_text(once.stdout, encoding="utf-8")
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 0
