"""bpn deal and bismarck_pbn.session.dealgen, through typer's test runner."""

import re

from typer.testing import CliRunner

from bismarck_pbn import parse, validate_text
from bismarck_pbn.model.cards import DECK
from bismarck_pbn.cli import app
from bismarck_pbn.session.dealgen import deal_template, random_deal
from bismarck_pbn.format.writer import dumps

runner = CliRunner()


def deal(*args: str) -> str:
    result = runner.invoke(app, ["deal", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_same_seed_gives_the_same_deal():
    assert deal("--seed", "42") == deal("--seed", "42")
    assert deal("--seed", "42") != deal("--seed", "43")
    assert random_deal(7) == random_deal(7)


def test_deal_and_kitty_make_up_the_pack():
    for seed in range(20):
        (d,) = parse(deal("--seed", str(seed)))
        assert [len(h) for h in d.hands] == [16, 16, 16] and len(d.kitty) == 4
        cards = [c for h in d.hands for c in h] + list(d.kitty)
        assert sorted(cards) == sorted(DECK)


def test_options_are_honoured():
    text = deal("--seed", "5", "--forehand", "2", "--board", "4", "--contract", "spel")
    (d,) = parse(text)
    assert (d.forehand, d.board, d.contract, d.deal_first) == (2, 4, "Spel", 2)
    assert '[Trump "NT"]' in text
    assert re.search(r'\[Deal "2:', text)
    # the seats get the same cards whoever is forehand
    (d1,) = parse(deal("--seed", "5"))
    assert d1.hands == d.hands and d1.kitty == d.kitty


def test_the_template_is_canonical_with_placeholders():
    text = deal("--seed", "1")
    assert text.startswith("% BPN 1.0\n{Dealt by bpn deal --seed 1.")
    assert dumps(parse(text)) == text
    for tag in ('[Event "?"]', '[Date "????.??.??"]', '[Player1 "?"]', '[Board "1"]', '[Forehand "1"]'):
        assert tag in text
    (d,) = parse(text)
    assert d.contract is None and d.play is None and d.tag("Contract") is None


def test_validate_says_what_is_missing():
    codes = [(d.code, d.message) for d in validate_text(deal("--seed", "3"))]
    assert codes == [("BPN101", "the [Contract] tag is missing; it is Spel, Spader, Valfri or Pass")]
    valfri = [d.code + " " + d.message for d in validate_text(deal("--seed", "3", "--contract", "Valfri"))]
    assert len(valfri) == 1 and "Trump" in valfri[0]
    assert validate_text(deal("--seed", "3", "--contract", "Spader")) == []


def test_without_a_seed_the_chosen_seed_is_printed_and_repeats():
    text = deal()
    seed = re.search(r"--seed (\d+)", text).group(1)
    assert deal("--seed", seed) == text
    assert deal_template(int(seed)) == text


def test_bad_options_exit_2():
    result = runner.invoke(app, ["deal", "--contract", "grand"])
    assert result.exit_code == 2 and "Spel, Spader, Valfri or Pass" in result.stderr
    assert runner.invoke(app, ["deal", "--forehand", "4"]).exit_code == 2
    assert runner.invoke(app, ["deal", "--board", "0"]).exit_code == 2
    assert runner.invoke(app, ["deal", "--seed", "-1"]).exit_code == 2


# ---- bpn deal --append ---------------------------------------------------------------

def _first_deals(n: int) -> str:
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "samples" / "club-night.bpn").read_text()
    return dumps([d for d in parse(text) if d.tags][:n])


def test_append_adds_the_next_board_of_the_session(tmp_path):
    night = tmp_path / "night.bpn"
    night.write_text(_first_deals(5))
    before = night.read_text()
    result = runner.invoke(app, ["deal", "--append", str(night), "--seed", "3"])
    assert result.exit_code == 0, result.output
    after = night.read_text()
    assert after.startswith(before) and after.count("% BPN") == 1
    assert after[len(before):].startswith("\n{Dealt by bpn deal --seed 3.")   # one empty line between
    deals = [d for d in parse(after) if d.tags]
    new = deals[-1]
    assert (new.board, new.forehand) == (6, 1)                     # board 5 was seat 3's
    assert new.headers["Player2"] == "Bertil" and new.headers["Event"] == "Club night"
    assert new.contract in ("Spel", "Spader", "Pass")              # seat 1 has played Valfri
    assert "?" not in after[len(before):].split("}", 1)[1]          # no placeholders
    assert not [d for d in validate_text(after) if d.is_error]


def test_append_refuses_a_contract_the_schedule_does_not_allow(tmp_path):
    night = tmp_path / "night.bpn"
    night.write_text(_first_deals(5))
    before = night.read_bytes()
    result = runner.invoke(app, ["deal", "--append", str(night), "--contract", "valfri"])
    assert result.exit_code == 1
    assert "board 6 cannot be Valfri" in result.stderr and "played it once already" in result.stderr
    assert night.read_bytes() == before
    result = runner.invoke(app, ["deal", "--append", str(night), "--contract", "pass", "-s", "1"])
    assert result.exit_code == 0 and [d for d in parse(night.read_text()) if d.tags][-1].contract == "Pass"


def test_append_keeps_crlf_and_creates_a_new_file(tmp_path):
    crlf = tmp_path / "crlf.bpn"
    crlf.write_bytes(_first_deals(2).replace("\n", "\r\n").encode())
    assert runner.invoke(app, ["deal", "-a", str(crlf), "-s", "1"]).exit_code == 0
    data = crlf.read_bytes()
    assert b"\n" not in data.replace(b"\r\n", b"") and b"\r\n\r\n{Dealt" in data
    new = tmp_path / "new.bpn"
    assert runner.invoke(app, ["deal", "-a", str(new), "-s", "1"]).exit_code == 0
    assert new.read_text().startswith("% BPN 1.0\n{Dealt")


def test_a_variant_is_written_and_dealt_by(tmp_path):
    result = runner.invoke(app, ["deal", "--variant", "grand fixedkitty", "--seed", "2"])
    assert result.exit_code == 0
    assert '[Variant "Grand FixedKitty"]' in result.stdout and "--variant 'Grand FixedKitty'" in result.stdout
    # what is still to record, as without a variant: the contract
    assert [d.code for d in validate_text(result.stdout) if d.severity == "error"] == ["BPN101"]
    for args, says in ((["--variant", "bogus"], "--variant: unknown variant 'bogus'"),
                       (["--game", "whist", "--variant", "pagat"], "'pagat' is not an option of Whist"),
                       (["-a", str(tmp_path / "x.bpn"), "--variant", "grand"], "leave out --variant")):
        result = runner.invoke(app, ["deal", *args])
        assert result.exit_code == 2 and says in result.stderr, (args, result.stderr)


def test_append_with_board_or_forehand_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["deal", "-a", str(tmp_path / "x.bpn"), "--board", "3"])
    assert result.exit_code == 2 and "leave out --board" in result.stderr
    assert not (tmp_path / "x.bpn").exists()


def test_help_example_appends_with_the_option_not_a_redirection():
    result = runner.invoke(app, ["deal", "--help"], terminal_width=100)
    assert ">>" not in result.stdout and "--append" in result.stdout


def test_append_to_standard_output_or_to_a_file_that_is_not_text_is_refused(tmp_path, monkeypatch):
    """--append - wrote a file named '-' in the current directory; a file with a NUL byte
    (not text: every reader refuses it with BPN003) had a deal appended to it."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["deal", "--append", "-", "--seed", "3"])
    assert result.exit_code == 2 and "standard output" in result.stderr
    assert list(tmp_path.iterdir()) == []
    photo = tmp_path / "photo.bpn"
    data = b"\x89PNG\r\n\x1a\n\x00\x00" + bytes(range(256))
    photo.write_bytes(data)
    result = runner.invoke(app, ["deal", "--append", str(photo), "--seed", "3"])
    assert result.exit_code == 2 and f"{photo}:1:1: BPN003 error: not a text file" in result.stderr
    assert photo.read_bytes() == data


def test_append_to_a_file_that_is_not_utf8_names_the_line_and_column(tmp_path):
    night = tmp_path / "night.bpn"
    data = '% BPN 1.0\n[Event "Malmö"]\n'.encode("latin-1")
    night.write_bytes(data)
    result = runner.invoke(app, ["deal", "--append", str(night), "--seed", "3"])
    assert result.exit_code == 2
    assert f"{night}:2:13: BPN003 error: not valid UTF-8 at byte offset 22 (byte 0xf6)" in result.stderr
    assert night.read_bytes() == data


def test_append_after_an_unclosed_comment_is_refused_not_swallowed(tmp_path):
    """The last deal's '{' left open: the new deal's own '{Dealt by ...}' comment closed it,
    so its tags read as second [Event], [Board], ... tags of the deal before (BPN102), and
    the file still had one deal. bpn record checks that its deal reads back; --append now
    does too: exit 1, the file as it was."""
    night = tmp_path / "night.bpn"
    data = b'[Event "x"]\n[Board "1"]\n[Forehand "1"]\n{ an open comment\n'
    night.write_bytes(data)
    result = runner.invoke(app, ["deal", "--append", str(night), "--seed", "4"])
    assert result.exit_code == 1 and "appended cleanly" in result.stderr
    assert night.read_bytes() == data


def test_append_to_a_json_file_is_refused(tmp_path):
    """--append to what bpn convert wrote (season.json) added BPN text after the JSON,
    which then no longer parsed; bpn record offered to do the same. Both exit 2, the
    file as it was."""
    season = tmp_path / "season.json"
    assert runner.invoke(app, ["convert", "-", "--to", "json", "-o", str(season)],
                         input=_first_deals(2)).exit_code == 0
    data = season.read_bytes()
    result = runner.invoke(app, ["deal", "--append", str(season), "--seed", "3"])
    assert result.exit_code == 2 and f"{season} is JSON" in result.stderr
    result = runner.invoke(app, ["record", str(season)], input="")
    assert result.exit_code == 2 and f"{season} is JSON" in result.stderr
    assert season.read_bytes() == data
