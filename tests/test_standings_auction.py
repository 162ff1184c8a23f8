"""bpn standings for the auction games, on their samples: Swedish Whist's rounds, exits
and individual points; Israeli Whist's per-player totals; Solo Whist's payments and
their balance; Bid Whist's games to 7. The expected figures are worked out by hand from
the rules and the samples' hands and tricks (the comments show the sums), not read back
from the code."""

from __future__ import annotations

import csv
import io
import json
import re

from typer.testing import CliRunner

from bismarck_pbn.cli import app
from conftest import ROOT

runner = CliRunner()
SAMPLES = ROOT / "samples"
SWEDISH = (SAMPLES / "swedish-whist" / "uppsala.bpn").read_text(encoding="utf-8")
ISRAELI = (SAMPLES / "israeli-whist" / "haifa.bpn").read_text(encoding="utf-8")
SOLO = (SAMPLES / "solo-whist" / "sunday-school.bpn").read_text(encoding="utf-8")
BID = (SAMPLES / "bid-whist" / "rent-party.bpn").read_text(encoding="utf-8")


def run(text: str, *args: str, code: int = 0):
    result = runner.invoke(app, ["standings", "-", *args], input=text, env={"COLUMNS": "200"})
    assert result.exit_code == code, result.output
    return result


def sessions(text: str) -> list[dict]:
    return json.loads(run(text, "--format", "json").stdout)["sessions"]


def players(text: str) -> dict[str, dict]:
    return {p["name"]: p for p in json.loads(run(text, "--by-player", "--format", "json").stdout)["players"]}


def deals(text: str) -> list[str]:
    """The deals of a sample, each as its own text (the file's comment line dropped)."""
    return [d for d in re.split(r"\n\s*\n", text.split("\n", 1)[1]) if d.strip()]


def bare(deal: str) -> str:
    """A deal without its auction and play: scored from its tags and hands alone."""
    deal = re.sub(r"\[Auction [^\]]*\]\n(?:[^\[]*\n)*?(?=\[)", "", deal)
    return re.sub(r"\[Play [^\]]*\]\n.*", "", deal, flags=re.S)


def retag(deal: str, **tags: str) -> str:
    for name, value in tags.items():
        deal, n = re.subn(rf'\[{name} "[^"]*"\]', f'[{name} "{value}"]', deal)
        assert n == 1, name
    return deal


# ---- Swedish Whist ----------------------------------------------------------------------------

# Uppsala, by hand (sides: Cecilia & Bo = seats 1, 3; Dag & Elsa = seats 2, 4):
#  1 unbid Nolle, sides 7/6 tricks: Dag & Elsa 10 trick points + 20 honours (three 2s)   0 +30
#  2 Spel by Elsa, sides 8/5: Cecilia & Bo 20 trick points, doubled (the bidders lost)  +40 0
#  3 Spel by Cecilia, 5/8: Dag & Elsa 20 doubled = 40; their trick points 10+20 = 30:
#    first exit +10                                                                     0 +50
#  4 Hearts by Cecilia, 8/5: 20 + 20 honours; trick points 20+20 = 40: first exit +10   +50 0
#  5 Misère by Cecilia, who took 7 tricks: lost, −15 to her, +5 to each other seat       0 0
#  6 unbid Nolle, 12/1: Dag & Elsa 60 trick points + 40 honours; 30+60 = 90 is 60 past
#    their first exit: second exit +20                                                  0 +120
#  round totals 90 to 200: (200 − 90) ÷ 10 = 11 individual points each way.
SWEDISH_SCORES = [[0, 30], [40, 0], [0, 50], [50, 0], [0, 0], [0, 120]]
SWEDISH_TOTALS = [[0, 30], [40, 30], [40, 80], [90, 80], [90, 80], [90, 200]]
SWEDISH_POINTS = [[0] * 4] * 4 + [[-15, 5, 5, 5], [-11, 11, -11, 11]]
SWEDISH_ROUND = [-15 - 11, 5 + 11, 5 - 11, 5 + 11]  # Cecilia, Dag, Bo, Elsa


def test_swedish_round_shows_team_points_exits_and_individual_points():
    (session,) = sessions(SWEDISH)
    rows = session["boards"]
    assert [r["score"] for r in rows] == SWEDISH_SCORES
    assert [r["total"] for r in rows] == SWEDISH_TOTALS
    assert [r["points"] for r in rows] == SWEDISH_POINTS
    assert [r["marks"] for r in rows] == [[], [], [{"what": "first exit", "side": 2}],
                                          [{"what": "first exit", "side": 1}], [],
                                          [{"what": "second exit", "side": 2}]]
    assert session["unit"] == "round" and session["games_won"] == {"1": 0, "2": 1}
    (game,) = session["games"]
    assert game["board"] == 6 and game["winners"] == [2] and game["totals"] == [90, 200]
    assert game["points"] == SWEDISH_ROUND and session["points"] == SWEDISH_ROUND
    assert session["rounds"] == [{"round": 1, "first": 1, "last": 6, "finished": True, "totals": [90, 200],
                                  "points": SWEDISH_ROUND,
                                  "marks": [{"what": "first exit", "side": 2, "board": 3},
                                            {"what": "first exit", "side": 1, "board": 4},
                                            {"what": "second exit", "side": 2, "board": 6}]}]


def test_swedish_text_names_who_exited_and_the_players_points():
    out = run(SWEDISH).stdout
    assert "first exit: Dag & Elsa" in out and "first exit: Cecilia & Bo" in out
    assert "second exit: Dag & Elsa; won by Dag & Elsa" in out
    assert "-15 +5 +5 +5" in out and "-11 +11 -11 +11" in out
    line = next(line for line in out.splitlines() if line.strip().startswith("1  1–6"))
    assert "Dag & Elsa (3), Cecilia & Bo (4)" in line and "Dag & Elsa (6)" in line
    assert line.split()[-6:] == ["+90", "+200", "-26", "+16", "-6", "+16"]
    assert "rounds won: Cecilia & Bo 0, Dag & Elsa 1" in out


def test_swedish_csv_has_the_points_and_the_exits():
    rows = list(csv.DictReader(io.StringIO(run(SWEDISH, "--format", "csv").stdout)))
    assert [[int(r[f"points{i}"]) for i in range(1, 5)] for r in rows] == SWEDISH_POINTS
    assert [r["marks"] for r in rows] == ["", "", "first exit 2", "first exit 1", "", "second exit 2"]
    assert [[int(r["score1"]), int(r["score2"])] for r in rows] == SWEDISH_SCORES


def test_a_new_seating_starts_the_next_round_and_players_add_up_across_rounds():
    reseated = SWEDISH.replace('"Cecilia"]', '"X1"]').replace('"Dag"]', '"X2"]').replace(
        '"Bo"]', '"X3"]').replace('"Elsa"]', '"X4"]')
    reseated = reseated.replace('"X1"]', '"Dag"]').replace('"X2"]', '"Cecilia"]').replace(
        '"X3"]', '"Elsa"]').replace('"X4"]', '"Bo"]')
    text = SWEDISH + "\n" + reseated.split("\n", 1)[1]
    first, second = sessions(text)
    assert second["players"] == ["Dag", "Cecilia", "Elsa", "Bo"]
    assert second["boards"][0]["total"] == [0, 30]  # the team totals start again
    assert second["points"] == SWEDISH_ROUND  # by seat: Dag, Cecilia, Elsa, Bo
    stats = players(text)
    # Cecilia −26 then +16; Dag +16 then −26; Bo −6 then +16; Elsa +16 then −6
    assert {n: p["points"]["total"] for n, p in stats.items()} == {"Cecilia": -10, "Dag": -10, "Bo": 10,
                                                                   "Elsa": 10}
    assert {n: p["games"] for n, p in stats.items()} == {"Cecilia": 1, "Dag": 1, "Bo": 1, "Elsa": 1}
    assert {n: p["total"] for n, p in stats.items()} == dict.fromkeys(("Cecilia", "Dag", "Bo", "Elsa"), 290)
    out = run(text, "--by-player").stdout
    assert re.search(r"Cecilia\s+2\s+1\s+12\s+\+290\s+\+24\.17\s+-10", out)  # sessions, rounds won, deals, …
    csv_rows = list(csv.reader(io.StringIO(run(text, "--by-player", "--format", "csv").stdout)))
    assert ["Bo", "individual points", "12", "10", "0.833"] in csv_rows


def test_after_second_exit_the_same_seating_plays_a_new_round_in_the_session():
    first = deals(SWEDISH)
    again = [retag(bare(d), Board=str(b), Dealer=str((b - 1) % 4 + 1)) for b, d in enumerate(first, 7)]
    (session,) = sessions("% BPN 1.1\n" + "\n\n".join(first + again) + "\n")
    rows = session["boards"]
    assert [r["score"] for r in rows[6:]] == SWEDISH_SCORES  # the exits are counted afresh
    assert rows[6]["total"] == [0, 30] and rows[-1]["total"] == [90, 200]
    assert [g["board"] for g in session["games"]] == [6, 12]
    assert [g["points"] for g in session["games"]] == [SWEDISH_ROUND, SWEDISH_ROUND]
    assert session["points"] == [2 * p for p in SWEDISH_ROUND]
    assert [(r["first"], r["last"], r["finished"], r["points"]) for r in session["rounds"]] == [
        (1, 6, True, SWEDISH_ROUND), (7, 12, True, SWEDISH_ROUND)]
    out = run("% BPN 1.1\n" + "\n\n".join(first + again) + "\n").stdout
    assert re.search(r"\n\s*2\s+7–12\s", out) and re.search(r"\n\s*all\s+-52\s+\+32\s+-12\s+\+32", out)


def test_swedish_scores_are_the_computed_ones_not_a_slip_in_score():
    slipped = SWEDISH.replace('[Score "0 +50"]', '[Score "0 +40"]')  # board 3 without its first exit
    result = run(slipped, "--format", "json")
    rows = json.loads(result.stdout)["sessions"][0]["boards"]
    assert rows[2]["score"] == [0, 50] and rows[-1]["total"] == [90, 200]
    assert "1 error" in result.stderr


# ---- Israeli Whist ----------------------------------------------------------------------------

# The rules' worked examples in one deal: 3 bid, 3 taken → 3² + 10 = 19; bid 4, took 6 → −20;
# zero missed by 2 → −50 + 10 = −40; bid 5, took 2 → −30. Then 6 made → 46, 3 made → 19,
# 3 bid 2 taken → −10, zero with 2 taken → −40.
ISRAELI_OWN = """% BPN 1.1
[Event "Tuesday whist, Haifa"]
[Game "IsraeliWhist"]
[Player1 "Noa"]
[Player2 "Eitan"]
[Player3 "Shira"]
[Player4 "Yoav"]
[Board "1"]
[Dealer "1"]
[Contract "5S"]
[Declarer "4"]
[Bids "3 4 0 5"]
[Tricks "3 6 2 2"]

[Board "2"]
[Dealer "2"]
[Contract "6H"]
[Declarer "1"]
[Bids "6 3 3 0"]
[Tricks "6 3 2 2"]
"""
HAIFA_TOTALS = [-125, -144, -94, -210]
"""The sample's eight deals, summed by hand from its bids and tricks."""


def test_israeli_worked_examples_per_player_per_session_and_overall():
    (own,) = sessions(ISRAELI_OWN)
    assert [r["score"] for r in own["boards"]] == [[19, -20, -40, -30], [46, 19, -10, -40]]
    assert own["totals"] == [65, -1, -50, -70]
    (haifa,) = sessions(ISRAELI)
    # board 2: Eitan 4 of 4 → 26; board 8: Noa 5 of 5 → 35; board 3 thrown in: zeros
    assert haifa["boards"][1]["score"][1] == 26 and haifa["boards"][7]["score"][0] == 35
    assert haifa["boards"][2]["score"] == [0, 0, 0, 0]
    assert haifa["totals"] == HAIFA_TOTALS
    stats = players(ISRAELI + "\n" + ISRAELI_OWN.split("\n", 1)[1])
    assert {n: p["total"] for n, p in stats.items()} == {
        "Noa": -125 + 65, "Eitan": -144 - 1, "Shira": -94 - 50, "Yoav": -210 - 70}
    assert stats["Noa"]["sessions"] == 2 and stats["Noa"]["deals"] == 10
    assert all(p["points"] is None for p in stats.values())


def test_israeli_text_and_csv():
    out = run(ISRAELI).stdout
    assert "Shira leads on -94" in out
    assert re.search(r"8\s+Yoav\s+5NT.*-125\s+-144\s+-94\s+-210", out)
    rows = list(csv.DictReader(io.StringIO(run(ISRAELI, "--format", "csv").stdout)))
    assert [int(rows[-1][f"total{i}"]) for i in range(1, 5)] == HAIFA_TOTALS
    assert "points1" not in rows[0]


# ---- Solo Whist -------------------------------------------------------------------------------

# Sunday school, by hand: e.g. board 2 Abundance by Bert, 2 tricks of 9: failed, value 4, so
# Bert −12 and +4 each; board 3 Spread misère by Cath, clean: +18, −6 each. Summing the twelve
# deals' payments: Alice −5, Bert −35, Cath +25, Dick +15 (the board 10 thrown in: nothing).
SOLO_TOTALS = [-5, -35, 25, 15]


def test_solo_payments_balance_per_deal_and_in_total():
    (session,) = sessions(SOLO)
    rows = session["boards"]
    assert rows[1]["score"] == [4, -12, 4, 4] and rows[2]["score"] == [-6, -6, 18, -6]
    assert all(sum(r["score"]) == 0 for r in rows) and session["off_balance"] == []
    assert session["totals"] == SOLO_TOTALS and sum(session["totals"]) == 0
    result = run(SOLO)
    assert "every deal's payments add up to 0, and so do the balances" in result.stdout
    assert "Cath leads on +25" in result.stdout and not result.stderr
    rows = list(csv.DictReader(io.StringIO(run(SOLO, "--format", "csv").stdout)))
    assert [int(rows[-1][f"total{i}"]) for i in range(1, 5)] == SOLO_TOTALS
    assert all(sum(int(r[f"score{i}"]) for i in range(1, 5)) == 0 for r in rows)


def test_solo_payments_that_do_not_balance_are_said_so_with_the_code():
    board1, *rest = deals(SOLO)
    # A Propose recorded without its auction is not scored (the partner is not known):
    # its Score is taken as given, and this one adds up to +1.
    wrong = retag(bare(board1), Score="-1 +1 -1 +2")
    text = "% BPN 1.1\n" + "\n\n".join([wrong, *rest]) + "\n"
    (session,) = sessions(text)
    assert session["off_balance"] == [{"board": 1, "sum": 1}]
    assert sum(session["totals"]) == 1
    result = run(text)
    assert "the payments do not add up to 0 on board 1 (+1) (BPN602): the balances are off by +1" in result.stdout
    assert "board 1: the scores add up to +1, not 0 (BPN602)" in result.stderr
    csv_result = run(text, "--format", "csv")
    assert "BPN602" in csv_result.stderr and "BPN602" not in csv_result.stdout


# ---- Bid Whist --------------------------------------------------------------------------------

# Rent party, by hand (sides: Lena & Odette 1, Marcus & Ray 2): board 1 3NT by side 2 with
# 11 tricks + the kitty's book = 12 books, 6 over, doubled: 12 ≥ 7, game. Boards 2-6:
# side 2 +5 +4 = 9, game (side 1 −3 −3 −6 = −12). Board 7 −6 for side 1; board 8 3NT with
# 12 tricks: 13 books, 7 over, doubled 14, game. Boards 9-14: side 1 −4 −3 +4 = −3,
# side 2 −3 (3D down) + 6 (3U, 12 books) = +3.
def test_bid_whist_games_to_seven_by_team():
    (session,) = sessions(BID)
    assert [(g["board"], g["winners"], g["totals"]) for g in session["games"]] == [
        (1, [2], [0, 12]), (6, [2], [-12, 9]), (8, [2], [-6, 14])]
    assert session["totals"] == [-3, 3] and session["games_won"] == {"1": 0, "2": 3}
    assert session["unit"] == "game" and session["points"] is None and session["off_balance"] is None
    out = run(BID).stdout
    assert "games won: Lena & Odette 0, Marcus & Ray 3; this game: Marcus & Ray lead on +3" in out
    stats = players(BID)
    assert stats["Marcus"]["games"] == stats["Ray"]["games"] == 3 and stats["Lena"]["games"] == 0
    rows = list(csv.DictReader(io.StringIO(run(BID, "--format", "csv").stdout)))
    assert [int(rows[-1]["total1"]), int(rows[-1]["total2"])] == [-3, 3] and "marks" not in rows[0]


def test_several_files_and_stdin_stream_in_turn(tmp_path):
    path = tmp_path / "uppsala.bpn"
    path.write_text(SWEDISH, encoding="utf-8")
    result = runner.invoke(app, ["standings", str(path), "-", "--format", "json"], input=SOLO)
    assert result.exit_code == 0, result.output
    swedish, solo = json.loads(result.stdout)["sessions"]
    assert swedish["points"] == SWEDISH_ROUND and solo["totals"] == SOLO_TOTALS


def test_a_four_player_sheet_fits_80_columns_without_cutting_a_cell():
    """At 80 columns the Swedish sheet drops what does not fit (notes go under the deals,
    the trump to the contract, the points to the rounds table); nothing is cut to '…'.
    At 200 columns everything stands in the table, the notes in their own column."""
    narrow = runner.invoke(app, ["standings", "-"], input=SWEDISH, env={"COLUMNS": "80"})
    assert narrow.exit_code == 0, narrow.output
    assert "…" not in narrow.stdout
    # the table's rows fit (titles and sentences are soft-wrapped by the terminal)
    rows = [line for line in narrow.stdout.splitlines() if re.match(r"\s*(board |round |\d)", line)]
    assert len(rows) > 8 and max(len(line) for line in rows) <= 80
    assert "board 3: first exit: Dag & Elsa" in narrow.stdout
    # the individual points of the round stay: Cecilia -26, Dag +16, Bo -6, Elsa +16
    assert re.search(r"1–6\s+\+90\s+\+200\s+-26\s+\+16\s+-6\s+\+16", narrow.stdout)
    wide = run(SWEDISH).stdout
    assert "board 3: first exit" not in wide
    assert re.search(r"^\s+3\s.*first exit: Dag & Elsa", wide, re.M)


def test_by_player_in_a_game_without_a_forehand_heads_its_averages_by_seat_only():
    out = run(SOLO, "--by-player").stdout
    assert "average score per deal: by seat" in out
    assert "as forehand" not in out


def test_rounds_a_session_stopped_inside_a_round_and_games_without_rounds():
    first = deals(SWEDISH)[:4]
    (session,) = sessions("% BPN 1.1\n" + "\n\n".join(first) + "\n")
    assert session["rounds"] == [{"round": 1, "first": 1, "last": 4, "finished": False, "totals": [90, 80],
                                  "points": [0, 0, 0, 0],
                                  "marks": [{"what": "first exit", "side": 2, "board": 3},
                                            {"what": "first exit", "side": 1, "board": 4}]}]
    assert "1 (unfinished)  1–4" in run("% BPN 1.1\n" + "\n\n".join(first) + "\n").stdout
    for text in (SOLO, ISRAELI, BID):  # no individual points, no marks: no rounds table
        assert [s["rounds"] for s in sessions(text)] == [[]]


def test_by_player_has_no_sessions_won_column_where_no_session_has_a_fixed_length():
    swedish = run(SWEDISH, "--by-player").stdout
    header = next(line for line in swedish.splitlines() if line.startswith("player "))
    assert header.split() == ["player", "sessions", "rounds", "won", "deals", "total", "per", "deal", "points"]
    club = runner.invoke(app, ["standings", str(SAMPLES / "club-night.bpn"), "--by-player"],
                         env={"COLUMNS": "200"}).stdout
    assert next(line for line in club.splitlines() if line.startswith("player ")).split()[:3] == \
        ["player", "sessions", "won"]
