"""bpn show, render_position and position_dict, through typer's test runner."""

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bismarck_pbn import parse, read_file, validate_file
from bismarck_pbn.cli import app
from bismarck_pbn.views.position import position_at, positions
from bismarck_pbn.views.render import NAG_MEANINGS, position_dict, render_position
from conftest import ROOT

runner = CliRunner()
CLUB = str(ROOT / "samples" / "club-night.bpn")
REVOKE = ROOT / "samples" / "invalid" / "BPN503-revoke.bpn"
SYNTAX = str(ROOT / "samples" / "invalid" / "BPN001-syntax-card.bpn")
UNRECORDED = ('[Forehand "1"]\n[Contract "Spader"]\n'
              '[Deal "1:Q953.Q854.J532.T742 J42.K9762.A876.AK63 -"]\n[Play "2"]\nC3 CJ CT\n*\n')


def show_json(*args, **kwargs) -> dict:
    result = runner.invoke(app, ["show", *args, "--format", "json"], **kwargs)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_mid_trick_has_the_table_turn_count_and_comment():
    # Club night, board 1, trick 4: Anna (seat 1) leads C3? $2 with a teacher's comment.
    data = show_json(CLUB, "--deal", "1", "--trick", "4", "--card", "1")
    assert (data["deal"], data["board"], data["trick"], data["card"], data["played"]) == (1, 1, 4, 1, 10)
    assert data["table"] == [{"seat": 1, "card": "C3"}]
    assert data["leader"] == 1 and data["winner"] is None
    assert data["to_play"] == 2
    assert data["won"] == [2, 1, 0]
    assert data["quotas"] == [4, 8, 4]  # seat 2 is forehand in Valfri
    assert data["contract"] == "Valfri" and data["trump"] == "S"
    assert data["notes"]["suffix"] == "?" and data["notes"]["nags"] == [2]
    assert data["notes"]["comments"] == [{"kind": "{", "text": "Anna should cash the ace of clubs first"}]
    assert data["faults"] == []
    assert [len(data["hands"][s]) for s in "123"] == [12, 13, 13]
    assert "C3" not in data["hands"]["1"]


def test_default_is_the_deal_before_the_first_lead():
    data = show_json(CLUB)
    assert data["played"] == 0 and data["trick"] == 0 and data["table"] == []
    assert data["to_play"] == 3  # the forehand's (seat 2's) left
    assert all(len(data["hands"][s]) == 16 for s in "123")
    assert data["discard"] == ["S8", "H6", "H4", "D5"] and data["kitty"] == ["SJ", "DK", "D5", "D4"]


def test_trick_without_card_is_the_completed_trick():
    data = show_json(CLUB, "--trick", "5")
    assert data["card"] == 3 and len(data["table"]) == 3
    assert data["winner"] == 2  # SJ! ruffs
    assert data["to_play"] == 2
    assert data["notes"]["nags"] == [1]


def test_last_trick_agrees_with_the_tricks_tag():
    stopped_early = 0
    for deal in read_file(CLUB):
        tricks = len(deal.play.cards) // 3
        data = show_json(CLUB, "--deal", str(deal.number), "--trick", str(tricks))
        assert data["finished"]
        if tricks == 16:
            assert data["to_play"] is None
            assert tuple(data["won"]) == deal.tricks
            assert all(hand == [] for hand in data["hands"].values())
        else:  # a claim: the Tricks tag gives the final count
            stopped_early += 1
            assert sum(data["won"]) == tricks
            assert all(w <= t for w, t in zip(data["won"], deal.tricks))
    assert stopped_early  # club night has a claimed deal


def test_text_draws_names_cards_nag_meaning_and_comment():
    result = runner.invoke(app, ["show", CLUB, "-t", "4", "-c", "1"])
    assert result.exit_code == 0
    out = result.stdout
    for word in ("Anna", "Bertil", "Cecilia", "forehand", "C3?", "$2", "poor move",
                 "Anna should cash the ace of clubs first", "trumps S", "J..K54."):
        assert word in out, word
    assert "\x1b[" not in out  # no colour when not on a terminal


def test_fault_at_the_card_uses_the_validators_words():
    (diagnostic,) = [d for d in validate_file(REVOKE) if d.code == "BPN503"]
    deal = next(iter(read_file(REVOKE)))
    index = next(i for i, c in enumerate(deal.play.cards) if c.pos.line == diagnostic.line
                 and c.pos.column == diagnostic.column)
    trick, card = index // 3 + 1, index % 3 + 1
    data = show_json(str(REVOKE), "--trick", str(trick), "--card", str(card))
    assert [(f["kind"], f["code"], f["message"]) for f in data["faults"]] == [
        ("revoke", "BPN503", diagnostic.message)]
    text = runner.invoke(app, ["show", str(REVOKE), "-t", str(trick), "-c", str(card)]).stdout
    assert diagnostic.message.split(":")[0] in text
    # the next card is clean again
    if card < 3:
        assert show_json(str(REVOKE), "--trick", str(trick), "--card", str(card + 1))["faults"] == []


def test_unrecorded_hand_is_null_in_json_and_a_question_mark_in_text():
    data = show_json("-", "--trick", "1", "--card", "1", input=UNRECORDED)
    assert data["hands"]["3"] is None
    assert data["hands"]["1"] is None  # the forehand's: the kitty is unknown, so is the exchange
    assert len(data["hands"]["2"]) == 15
    text = runner.invoke(app, ["show", "-", "-t", "1", "-c", "1"], input=UNRECORDED).stdout
    assert "? not recorded" in text
    assert "CJ" not in text and "C J" in text  # seat 3's card to come, by suit


@pytest.mark.parametrize("args, code, words", [
    (["--deal", "13"], 2, "there is no deal 13: the file has only 12 deals"),
    (["--trick", "17"], 2, "--trick"),
    (["--card", "2"], 2, "--card needs --trick"),
    (["--deal", "0"], 2, "--deal"),
])
def test_bad_targets_exit_2_with_a_message(args, code, words):
    result = runner.invoke(app, ["show", CLUB, *args])
    assert result.exit_code == code
    assert words in result.stderr or words in result.output
    assert "Traceback" not in result.output


def test_missing_file_and_directory_exit_2():
    for path, words in (("nosuch.bpn", "no such file"), (str(ROOT / "samples"), "not a regular file")):
        result = runner.invoke(app, ["show", path])
        assert result.exit_code == 2 and words in result.stderr


def test_play_shorter_than_the_trick_asked_for():
    result = runner.invoke(app, ["show", "-", "--trick", "2"], input=UNRECORDED)
    assert result.exit_code == 2
    assert "the play has 3 cards (1 tricks)" in result.stderr
    result = runner.invoke(app, ["show", "-", "--trick", "1"], input='[Forehand "1"]\n[Contract "Spel"]\n')
    assert result.exit_code == 2 and "no play recorded" in result.stderr


def test_a_deal_that_does_not_read_exits_1():
    result = runner.invoke(app, ["show", SYNTAX])
    assert result.exit_code == 1
    assert "BPN001" in result.stderr and "does not read" in result.stderr


def test_stdin():
    text = (ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8")
    assert show_json("-", "-d", "2", "-t", "1", input=text) == show_json(CLUB, "-d", "2", "-t", "1")


@pytest.mark.slow
def test_every_position_of_every_sample_is_json_and_draws():
    console = Console(file=io.StringIO(), width=80)
    for sample in sorted((ROOT / "samples").glob("*.bpn")):
        for deal in read_file(sample):
            for pos in positions(deal):
                data = position_dict(pos)
                json.dumps(data)
                assert sum(data["won"]) == pos.played // 3
                if deal.number == 1:
                    console.print(render_position(pos))
    assert "Anna" in console.file.getvalue()


def test_render_before_the_lead_shows_the_play_comments():
    deal = parse('[Forehand "1"]\n[Contract "Spel"]\n[Play "2"] {a quiet start}\nC3 CJ CT\n*\n')[0]
    console = Console(file=io.StringIO(), width=80)
    console.print(render_position(position_at(deal)))
    assert "a quiet start" in console.file.getvalue()
    assert position_dict(position_at(deal))["notes"]["comments"] == [{"kind": "{", "text": "a quiet start"}]


def test_nag_meanings():
    assert [NAG_MEANINGS[n] for n in range(1, 7)] == [
        "good move", "poor move", "very good move", "very poor move", "speculative move", "questionable move"]


def test_valfri_without_trump_replays_only_trick_1():
    path = str(ROOT / "samples" / "invalid" / "BPN101-valfri-without-trump.bpn")
    assert show_json(path, "--trick", "1")["winner"] is not None
    result = runner.invoke(app, ["show", path, "--trick", "2"])
    assert result.exit_code == 2 and "only trick 1 can be replayed" in result.stderr


@pytest.mark.parametrize("command", ["show", "html"])
def test_limit_without_dd_is_a_usage_error_as_side_is(command):
    """--limit only bounds the double-dummy search, so without --dd it did nothing,
    silently, where --side without --dd is refused: now refused the same way, exit 2."""
    result = CliRunner().invoke(app, [command, str(ROOT / "samples" / "short.bpn"), "--limit", "5"])
    assert result.exit_code == 2 and "--limit needs --dd" in result.stderr


def test_a_very_long_event_is_shortened_in_the_heading(tmp_path):
    """A 5 MB Event (one unbroken run of letters) took rich some 20 s to lay out, in
    quadratic time; the heading now shows its first 119 characters and '…'."""
    text = (ROOT / "samples" / "short.bpn").read_text(encoding="utf-8")
    path = tmp_path / "long.bpn"
    path.write_text(text.replace("A short game before dinner", "X" * 5000), encoding="utf-8")
    result = runner.invoke(app, ["show", str(path)])
    assert result.exit_code == 0
    assert result.stdout.count("X") == 119 and "X…" in result.stdout.replace("\n", "")
