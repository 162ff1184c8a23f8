"""Every game the project knows, through the commands a player uses: show, replay
(printed and the Textual app), deal and record, on the games' own samples and with the
real rulesets (test_views_seats.py does the same with stand-ins)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gen_german
from bismarck_pbn import parse, validate_text
from bismarck_pbn.cli import app
from bismarck_pbn.model.cards import holding_text
from conftest import ROOT
from test_views_seats import make

runner = CliRunner()
SAMPLES = ROOT / "samples"
GAME_SAMPLES = sorted([*SAMPLES.glob("*/*.bpn"), SAMPLES / "finnish.bpn", SAMPLES / "estonian.bpn"])
GAME_SAMPLES = [p for p in GAME_SAMPLES if p.parent.name != "invalid"]
GAMES = ["Bismarck", "Whist", "Whisk", "RuffAndHonours", "GermanWhist"]


def test_there_is_a_sample_of_each_game():
    games = {parse(p.read_text(encoding="utf-8"))[0].game for p in GAME_SAMPLES}
    assert set(GAMES) <= games


@pytest.mark.parametrize("path", GAME_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_show_and_printed_replay(path: Path):
    deal = parse(path.read_text(encoding="utf-8"))[0]
    shown = runner.invoke(app, ["show", str(path), "-d", "1", "-t", "2", "-c", "1"])
    assert shown.exit_code == 0, shown.output
    assert "trick 2, card 1" in shown.stdout
    printed = runner.invoke(app, ["replay", str(path), "-d", "1", "--plain"])
    assert printed.exit_code == 0, printed.output
    first = deal.play.cards[0].card
    assert f"trick 1 card 1: seat {deal.play.leader} plays {first}" in printed.stdout


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for p in GAME_SAMPLES if p.name in
                                  ("friday-whist.bpn", "kitchen-table.bpn", "ruff-and-honours.bpn",
                                   "finnish.bpn")], ids=lambda p: p.name)
def test_the_replay_app_steps_a_trick_of_the_game(path: Path):
    from bismarck_pbn.views.tui import ReplayApp

    seats = parse(path.read_text(encoding="utf-8"))[0].seats
    seen: dict = {}

    async def go():
        app_ = ReplayApp(path)
        async with app_.run_test(size=(140, 50)) as pilot:
            await pilot.press("down")
            seen["one trick"] = app_.index
            await pilot.press("right")
            seen["and a card"] = app_.index
    asyncio.run(go())
    assert seen == {"one trick": seats, "and a card": seats + 1}


@pytest.mark.parametrize("game", GAMES)
def test_deal_gives_a_template_of_the_game(game):
    result = runner.invoke(app, ["deal", "--game", game, "--seed", "7"])
    assert result.exit_code == 0, result.output
    deal = parse(result.stdout)[0]
    assert deal.game == game and len(deal.hands) == deal.seats
    # what the table decides is left out: nothing but missing tags may be reported
    codes = {d.code for d in validate_text(result.stdout) if d.is_error}
    assert codes <= {"BPN101", "BPN702"}, validate_text(result.stdout)


def _record(tmp_path, lines: list[str]):
    path = tmp_path / "new.bpn"
    result = runner.invoke(app, ["record", str(path)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert [d for d in validate_text(text) if d.is_error] == []
    return text


def test_record_a_whist_deal(tmp_path):
    hands, _, turned, plays = make(4)  # the dealer (seat 4) turns its card; seat 1 leads
    lines = ["", "Test", "", "", "Whist", "", "Ann", "Bo", "Cy", "Di", "4",
             *(holding_text(hands[s - 1]) for s in (4, 1, 2, 3)), turned, *(c for p in plays for c in p), ""]
    text = _record(tmp_path, lines)
    assert '[Game "Whist"]' in text and '[Turned "' + turned + '"]' in text


def test_record_a_german_whist_deal(tmp_path):
    d = gen_german.play_deal(random.Random(5), dealer=2)
    lines = ["", "Test", "", "", "GermanWhist", "", "Ann", "Bo", "2",
             holding_text(d["dealt"][2]), holding_text(d["dealt"][1]), " ".join(d["stock"]), "",
             *(c for trick in d["tricks"] for _, c in trick), ""]
    text = _record(tmp_path, lines)
    play = text[text.index('[Play "'):].splitlines()[1:-1]
    assert len(play) == 26
