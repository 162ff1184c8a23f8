"""Standings for every game: per side in partnership games (both players named), the
game's own session length and schedule, and games that end inside a session."""

from __future__ import annotations

import json

import pytest
from gen_family import whist_deal
from typer.testing import CliRunner

from bismarck_pbn import parse
from bismarck_pbn.cli import app
from bismarck_pbn.diagnostics import CODES, INFO
from bismarck_pbn.games import RULESETS, Finding, Played, Ruleset, SessionRules, ruleset
from bismarck_pbn.session.standings import standings

runner = CliRunner()


class _GameToFive(SessionRules):
    """Whist's game end, simplified: a side that reaches 5 wins, the totals restart."""

    def after(self, deal, totals):
        if totals is not None and max(totals) >= 5:
            side = totals.index(max(totals)) + 1
            return [Finding("BPN707", f"side {side} wins the game", "Board", INFO)], True
        return [], False


class _ToyWhist(Ruleset):
    """Whist's table, trump and a score of one point a trick over six; game to 5."""

    name = "Whist"

    def find_trump(self, deal, hands, kitty, out):
        return deal.turned[0] if deal.turned else deal.trump

    def score(self, deal, tricks, taken=None):
        per_side = self.per_side(tricks) if len(tricks) == 4 else tuple(tricks)
        return tuple(max(0, t - 6) for t in per_side)

    def session_rules(self):
        return _GameToFive(self)


@pytest.fixture
def toy_whist(monkeypatch):
    monkeypatch.setitem(RULESETS, "Whist", _ToyWhist)
    monkeypatch.setitem(CODES, "BPN707", CODES.get("BPN707", (INFO, "a game ends here")))
    ruleset.cache_clear()
    yield
    ruleset.cache_clear()


SESSION = "\n".join(whist_deal(seed, board=b, dealer=(b - 1) % 4 + 1) for b, seed in enumerate(range(10, 22), 1))


def _json(text: str) -> list[dict]:
    result = runner.invoke(app, ["standings", "-", "--format", "json"], input=text)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["sessions"]


def test_a_partnership_session_is_scored_by_side(toy_whist):
    (session,) = _json(SESSION)
    assert session["game"] == "Whist" and session["length"] is None
    assert session["sides"] == [{"side": 1, "seats": [1, 3], "players": ["Ann", "Cy"]},
                                {"side": 2, "seats": [2, 4], "players": ["Bo", "Di"]}]
    assert session["to_play"] is None and session["deals_left"] is None
    assert not session["complete"] and not session["tie_break_due"]
    rows = session["boards"]
    assert [r["dealer"] for r in rows] == [(b - 1) % 4 + 1 for b in range(1, 13)]
    assert all(r["forehand"] is None and r["contract"] is None for r in rows)
    assert all(len(r["score"]) == 2 and len(r["total"]) == 2 for r in rows)


def test_games_end_and_the_totals_start_again(toy_whist):
    (session,) = _json(SESSION)
    running = [0, 0]
    games = []
    for row in session["boards"]:
        running = [a + b for a, b in zip(running, row["score"])]
        assert row["total"] == running
        if max(running) >= 5:
            assert row["game_end"] is not None
            games.append({"board": row["board"], "winners": [1 if running[0] > running[1] else 2],
                          "totals": running})
            running = [0, 0]
        else:
            assert row["game_end"] is None
    assert games, "the session should hold at least one complete game"
    assert [{k: g[k] for k in ("board", "winners", "totals")} for g in session["games"]] == games
    won = {"1": 0, "2": 0}
    for g in games:
        won[str(g["winners"][0])] += 1
    assert session["games_won"] == won
    assert session["totals"] == running


def test_the_text_names_both_players_of_a_side(toy_whist):
    result = runner.invoke(app, ["standings", "-"], input=SESSION)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Ann & Cy" in out and "Bo & Di" in out
    assert "dealer" in out and "forehand" not in out and "contract" not in out
    assert "games won: Ann & Cy" in out
    assert "the last two columns are the running totals" in out
    (session,) = standings(parse(SESSION))
    winner = session.games[0].winners[0]
    assert f"won by {'Ann & Cy' if winner == 1 else 'Bo & Di'}" in out


def test_a_game_without_session_rules_of_its_own_has_no_schedule(toy_whist):
    (session,) = standings(parse(SESSION))
    rules = session.rules.session_rules()
    assert rules.length() is None and rules.remaining([Played(1, 1, None)]) is None
    assert rules.tie_break() is None and rules.schedule_text() == ""


def test_bismarck_asks_its_session_rules_for_the_schedule():
    rules = ruleset("Bismarck").session_rules()
    assert rules.length() == 12 and rules.tie_break() == "a Valfri deal"
    played = [Played(1, 1, "Spel"), Played(2, 2, "Pass"), Played(3, 3, "Spader")]
    assert rules.deals_left(played) == {1: 3, 2: 3, 3: 3}
    left = rules.remaining(played)
    assert left[1] == ["Spader", "Valfri", "Pass"] and left[2] == ["Spel", "Spader", "Valfri"]
    assert rules.remaining([Played(b, (b - 1) % 3 + 1, "Spel") for b in range(1, 13)]) == {1: [], 2: [], 3: []}


def test_csv_and_by_player_follow_the_sides(toy_whist):
    import csv
    import io

    result = runner.invoke(app, ["standings", "-", "--format", "csv"], input=SESSION)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 12 and rows[0]["game"] == "Whist" and rows[1]["dealer"] == "2"
    (session,) = standings(parse(SESSION))
    assert [int(r["total1"]) for r in rows] == [b.total[0] for b in session.boards]
    assert "total3" not in rows[0]  # two sides, two totals: the columns reach the widest count
    result = runner.invoke(app, ["standings", "-", "--by-player", "--format", "json"], input=SESSION)
    players = {p["name"]: p for p in json.loads(result.stdout)["players"]}
    side1 = sum(b.score[0] for b in session.boards)
    assert players["Ann"]["total"] == players["Cy"]["total"] == side1
    assert players["Ann"]["games"] == session.games_won()[1] and players["Bo"]["games"] == session.games_won()[2]
    assert players["Di"]["by_seat"]["4"]["deals"] == 12


def test_estonian_and_finnish_schedules():
    from bismarck_pbn.model.variant import Variant

    estonian = ruleset("Bismarck", Variant("Estonian")).session_rules()
    assert estonian.length() == 8
    left = estonian.remaining([Played(1, 1, "NoHearts"), Played(2, 2, "Spel")])
    assert left == {0: ["Spader", "Valfri", "Pass", "NoQueen"]}
    finnish = ruleset("Bismarck", Variant("Finnish")).session_rules()
    left = finnish.remaining([Played(1, 1, "Trump"), Played(2, 2, "Trump"), Played(3, 3, "Trump")])
    assert left[1] == ["Spel", "Pass", "Valfri/Spel/Pass"] and sum(map(len, left.values())) == 9


def test_a_game_end_says_which_totals_it_means_and_the_sheet_agrees():
    """An early slip in a Whist session's Total (carried on) leaves the Total tags one
    below the scores' running total: the game ends on the latter, which the score sheet
    (standings, the web page) shows too, and BPN707 says so rather than contradicting
    the Total tag beside it."""
    from pathlib import Path

    from bismarck_pbn import validate_text

    text = (Path(__file__).resolve().parent.parent / "samples" / "invalid" / "BPN707-whist-game-won.bpn").read_text()
    for right, slipped in (("+1 0", "0 0"), ("+3 +2", "+2 +2"), ("+9 +2", "+8 +2")):
        assert text.count(f'[Total "{right}"]') == 1
        text = text.replace(f'[Total "{right}"]', f'[Total "{slipped}"]')
    found = [(d.code, d.message) for d in validate_text(text)]
    assert found == [
        ("BPN603", "the running total after this deal is +1 0 (the scores so far add up to it), not 0 0"),
        ("BPN707", "side 1 (seats 1 and 3) wins the game 9 to 2; the next deal starts a new game from 0 "
                   "(by the running total of the scores, +9 +2; the Total tag reads +8 +2)")]
    (session,) = standings(parse(text))
    assert [row.total for row in session.boards] == [(1, 0), (3, 2), (9, 2)]
    assert [(g.board, g.totals) for g in session.games] == [(3, (9, 2))]
