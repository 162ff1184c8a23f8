"""bpn standings and bismarck_pbn.session.standings, through typer's test runner."""

import json

import pytest
from typer.testing import CliRunner

from bismarck_pbn import parse, read_file
from bismarck_pbn.cli import app
from bismarck_pbn.session.standings import iter_standings, standings
from bismarck_pbn.format.writer import dumps
from conftest import ROOT

runner = CliRunner()
SAMPLES = ROOT / "samples"
INVALID = SAMPLES / "invalid"


def standings_json(path: str, **kwargs) -> list[dict]:
    result = runner.invoke(app, ["standings", path, "--format", "json"], **kwargs)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["sessions"]


def cut(sample: str, n: int) -> str:
    """The first n deals of a sample, as BPN text."""
    return dumps(parse((SAMPLES / sample).read_text(encoding="utf-8"))[:n])


@pytest.mark.parametrize("sample", ["club-night.bpn", "grand.bpn", "short.bpn", "fixed-kitty.bpn"])
def test_totals_are_the_last_total_tag_of_a_complete_session(sample):
    deals = list(read_file(SAMPLES / sample))
    (session,) = standings_json(str(SAMPLES / sample))
    assert session["totals"] == list(deals[-1].total)
    assert [b["total"] for b in session["boards"]] == [list(d.total) for d in deals]
    assert [b["score"] for b in session["boards"]] == [list(d.score) for d in deals]
    assert [b["board"] for b in session["boards"]] == list(range(1, len(deals) + 1))
    assert session["to_play"] == {"1": [], "2": [], "3": []}
    assert session["complete"] and not session["tie_break_due"]
    top = max(session["totals"])
    assert session["leaders"] == [s for s in (1, 2, 3) if session["totals"][s - 1] == top]
    assert session["players"] == ["Anna", "Bertil", "Cecilia"]
    assert session["variant"] == str(deals[0].variant)


def test_a_session_cut_after_five_deals_lists_what_each_forehand_still_plays():
    text = cut("club-night.bpn", 5)
    (session,) = standings_json("-", input=text)
    played = {(d.forehand, d.contract) for d in parse(text)}
    contracts = ["Spel", "Spader", "Valfri", "Pass"]
    expected = {str(s): [c for c in contracts if (s, c) not in played] for s in (1, 2, 3)}
    assert session["to_play"] == expected
    assert sum(len(v) for v in expected.values()) == 12 - 5
    assert session["deals_left"] == {s: len(v) for s, v in expected.items()}
    assert not session["complete"] and not session["tie_break_due"]
    assert session["totals"] == list(parse(text)[-1].total)


def test_short_is_at_most_twice_capped_by_the_deals_left():
    text = cut("short.bpn", 5)
    (session,) = standings_json("-", input=text)
    left = session["deals_left"]
    assert sum(left.values()) == 3
    for seat, contracts in session["to_play"].items():
        for contract in ("Spel", "Pass"):
            done = sum(1 for d in parse(text) if d.forehand == int(seat) and d.contract == contract)
            assert contracts.count(contract) == min(2 - done, left[seat])


def test_a_tie_at_the_top_makes_a_tie_break_due():
    (session,) = standings_json(str(INVALID / "BPN704-tie-no-tiebreak.bpn"))
    assert session["tie_break_due"] and not session["complete"]
    assert len(session["leaders"]) == 2
    text = runner.invoke(app, ["standings", str(INVALID / "BPN704-tie-no-tiebreak.bpn")]).stdout
    assert "a tie-break is due" in text


def test_a_slip_in_a_total_tag_does_not_carry_on():
    path = INVALID / "BPN603-total-slip.bpn"
    (session,) = standings_json(str(path))
    deals = list(read_file(path))
    running = [0, 0, 0]
    for row, deal in zip(session["boards"], deals):
        running = [a + b for a, b in zip(running, deal.score)]
        assert row["total"] == running
    result = runner.invoke(app, ["standings", str(path)])
    assert result.exit_code == 0
    assert "1 error" in result.stderr and "!" in result.stdout


def test_sessions_split_at_board_1_and_standalone_deals_are_text_only():
    standalone = '[Forehand "1"]\n[Contract "Spel"]\n[Tricks "8 4 4"]\n'
    text = cut("club-night.bpn", 3) + "\n" + standalone + "\n" + (SAMPLES / "short.bpn").read_text()
    sessions = standings_json("-", input=text)
    assert [s["event"] for s in sessions] == ["Club night", "A short game before dinner"]
    assert [len(s["boards"]) for s in sessions] == [3, 8]
    items = list(iter_standings(parse(text)))
    assert [type(i).__name__ for i in items] == ["BoardRow", "Session", "Session"]
    out = runner.invoke(app, ["standings", "-"], input=text).stdout
    assert "deals without a Board tag" in out and "8 4 4" in out


def test_text_names_the_winner_and_the_running_totals():
    result = runner.invoke(app, ["standings", str(SAMPLES / "club-night.bpn")])
    assert result.exit_code == 0 and result.stderr == ""
    assert "session complete: Bertil wins on +16" in result.stdout
    board12 = next(line for line in result.stdout.splitlines() if line.split()[:1] == ["12"])
    assert board12.split()[-3:] == ["-6", "+16", "-10"]  # board 12's running totals
    cut5 = runner.invoke(app, ["standings", "-"], input=cut("club-night.bpn", 5)).stdout
    assert "still to play as forehand" in cut5 and "7 regular deals to play" in cut5


def test_library_sessions_match_the_json():
    (session,) = standings(read_file(SAMPLES / "grand.bpn"))
    assert session.variant.base == "Grand" and len(session.boards) == 24
    assert session.as_dict()["totals"] == list(session.totals)


def test_unreadable_input_exits_2():
    result = runner.invoke(app, ["standings", "nosuch.bpn"])
    assert result.exit_code == 2 and "no such file" in result.stderr
    assert runner.invoke(app, ["standings", "-"], input="").stdout.strip() == "no deals"
    assert standings_json("-", input="") == []


# ---- several files, CSV, by player --------------------------------------------------------

def test_several_files_and_stdin(tmp_path):
    from pathlib import Path
    from typer.testing import CliRunner
    from bismarck_pbn.cli import app

    samples = Path(__file__).resolve().parent.parent / "samples"
    club, short = samples / "club-night.bpn", samples / "short.bpn"
    result = CliRunner().invoke(app, ["standings", str(club), "-", "--format", "json"], input=short.read_bytes())
    assert result.exit_code == 0, result.output
    import json
    sessions = json.loads(result.stdout)["sessions"]
    assert [s["variant"] for s in sessions][0] == "Standard" and sessions[-1]["variant"].startswith("Short")


def test_csv_has_one_row_per_board():
    import csv
    import io
    from pathlib import Path
    from typer.testing import CliRunner
    from bismarck_pbn.cli import app

    club = Path(__file__).resolve().parent.parent / "samples" / "club-night.bpn"
    result = CliRunner().invoke(app, ["standings", str(club), "-f", "csv"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 12
    assert (rows[0]["board"], rows[0]["forehand_player"], rows[0]["contract"], rows[0]["score2"]) == (
        "1", "Bertil", "Valfri", "-4")
    assert (rows[-1]["total1"], rows[-1]["total2"], rows[-1]["total3"]) == ("-6", "16", "-10")


def test_by_player_sums_each_player_over_the_sessions():
    import json
    from pathlib import Path
    from typer.testing import CliRunner
    from bismarck_pbn.cli import app

    club = Path(__file__).resolve().parent.parent / "samples" / "club-night.bpn"
    result = CliRunner().invoke(app, ["standings", str(club), str(club), "--by-player", "-f", "json"])
    players = {p["name"]: p for p in json.loads(result.stdout)["players"]}
    bertil = players["Bertil"]
    assert (bertil["sessions"], bertil["wins"], bertil["deals"], bertil["total"]) == (2, 2, 24, 32)
    assert bertil["by_seat"]["2"]["deals"] == 24
    assert sum(t["deals"] for t in bertil["as_forehand"].values()) == 8   # 4 boards as forehand, twice
    text = CliRunner().invoke(app, ["standings", str(club), "--by-player"]).stdout
    assert "Bertil" in text and "+16" in text and "+1.33" in text


@pytest.mark.slow
def test_by_player_at_80_columns_splits_the_averages_rather_than_cut_their_cells():
    files = [str(SAMPLES / name) for name in ("club-night.bpn", "estonian.bpn", "finnish.bpn", "grand.bpn",
                                              "solo-whist/sunday-school.bpn", "swedish-whist/uppsala.bpn",
                                              "whist/friday-whist.bpn")]
    narrow = CliRunner().invoke(app, ["standings", *files, "--by-player"], env={"COLUMNS": "80"})
    assert narrow.exit_code == 0, narrow.output
    assert "…" not in narrow.stdout
    assert "average score per deal: as forehand, by contract\n" in narrow.stdout
    assert "average score per deal: by seat\n" in narrow.stdout
    assert "+33.33" in narrow.stdout  # the Swedish round's averages, whole
    assert max(len(line) for line in narrow.stdout.splitlines()) <= 80
    assert narrow.stdout.count("--format csv or json gives the number of deals of each") == 1
    wide = CliRunner().invoke(app, ["standings", *files, "--by-player"], env={"COLUMNS": "200"})
    assert "average score per deal: as forehand, by contract; and by seat" in wide.stdout
    assert "…" not in wide.stdout


@pytest.mark.slow
def test_standings_take_one_pass_over_a_session_of_many_games():
    """Each game's end used to rescan the session's boards for its individual points:
    O(boards x games). A Whist session ends a game every two or three deals."""
    from bismarck_pbn.check.validate import validate_deals
    from bismarck_pbn.session.standings import standings_of_checked
    from genwhist import gen_whist
    from workcount import growth

    def make(n):
        checked = list(validate_deals(parse(gen_whist(n, seed=3))))
        return lambda: list(standings_of_checked(checked))

    [session] = list(standings_of_checked(validate_deals(parse(gen_whist(100, seed=3)))))
    assert len(session.boards) == 100 and len(session.games) > 30
    assert growth(make, 100, 4) < 5.5  # linear: about 4 (3.8); the rescan made it 7.3


def test_square_brackets_in_names_and_paths_are_printed_as_they_are(tmp_path):
    """Tag values and paths went to rich as markup: a player 'Anna [captain]' lost
    '[captain]', an event with '[/]' stopped standings with 'internal error: MarkupError',
    and so did a path with '[/]' in any command's message."""
    text = (SAMPLES / "short.bpn").read_text(encoding="utf-8")
    path = tmp_path / "brackets.bpn"
    path.write_text(text.replace("A short game before dinner", "Night [/] [bold]x[/bold]")
                    .replace("Anna", "Anna [captain]"), encoding="utf-8")
    for args in (["standings"], ["standings", "--by-player"]):
        result = runner.invoke(app, [*args, str(path)])
        assert result.exit_code == 0, result.output
        assert "Anna [captain]" in result.stdout
    assert "Night [/] [bold]x[/bold]" in runner.invoke(app, ["standings", str(path)]).stdout
    result = runner.invoke(app, ["validate", str(tmp_path / "[/]" / "nope.bpn")])
    assert result.exit_code == 2 and "internal error" not in result.output
    assert f"{tmp_path}/[/]/nope.bpn: no such file or directory" in result.stderr
