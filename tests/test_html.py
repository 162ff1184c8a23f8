"""bpn html without a browser: the data a page carries, the page's text, the command."""

import json
import re

from typer.testing import CliRunner

from bismarck_pbn import parse
from bismarck_pbn.check.validate import validate_deals
from bismarck_pbn.cli import app
from bismarck_pbn.views.html import deal_data, page_data, render_html
from bismarck_pbn.views.position import positions
from conftest import ROOT

runner = CliRunner()
CLUB = ROOT / "samples" / "club-night.bpn"
REVOKE = ROOT / "samples" / "invalid" / "BPN503-revoke.bpn"
SYNTAX = ROOT / "samples" / "invalid" / "BPN001-syntax-card.bpn"


def club_deals():
    return parse(CLUB.read_text(encoding="utf-8"))


def embedded(page: str) -> dict:
    blob = re.search(r'<script type="application/json" id="bpn-data">(.*?)</script>', page, re.S).group(1)
    return json.loads(blob)


def test_deal_data_has_every_card_with_its_seat_and_trick_winners():
    deals = club_deals()
    checked = next(validate_deals(deals[:1]))
    data = deal_data(checked.deal, checked)
    assert data["seats"] == 3 and data["sides"] == [] and data["auction"] == []
    assert data["players"] == ["Anna", "Bertil", "Cecilia"]
    assert len(data["play"]) == 48 and data["leader"] == 3
    assert [p["card"] for p in data["play"][:3]] == ["C2", "C6", "CQ"]
    assert [p["seat"] for p in data["play"][:3]] == [3, 1, 2]
    assert data["play"][2]["winner"] == 2 and "winner" not in data["play"][1]
    winners = [p["winner"] for p in data["play"] if "winner" in p]
    assert [winners.count(s) for s in (1, 2, 3)] == data["tricks"] == [7, 4, 5]
    # The start of the play is the position the replay starts from (after the exchange).
    assert data["start"] == [list(h) for h in positions(checked.deal)[0].hands]
    assert data["quotas"] == [4, 8, 4] and data["trump"] == "S"


def test_notes_are_at_their_card_with_nag_words():
    deals = club_deals()
    checked = next(validate_deals(deals[:1]))
    c3 = deal_data(checked.deal, checked)["play"][9]  # trick 4, card 1
    assert c3["card"] == "C3" and c3["suffix"] == "?"
    assert c3["nags"] == [[2, "poor move"]]
    assert c3["comments"] == ["Anna should cash the ace of clubs first"]


def test_a_validator_fault_goes_to_its_card_not_to_the_deal():
    deals = parse(REVOKE.read_text(encoding="utf-8"))
    checked = next(validate_deals(deals))
    data = deal_data(checked.deal, checked)
    at_cards = [(i, f["code"]) for i, p in enumerate(data["play"]) for f in p.get("faults", ())]
    assert len(at_cards) == 1 and at_cards[0][1] == "BPN503"
    assert all(d["code"] != "BPN503" for d in data["problems"])


def test_the_index_has_the_session_with_every_board_and_the_winner():
    data = page_data(club_deals())
    (session,) = data["index"]
    assert [row["deal"] for row in session["boards"]] == list(range(1, 13))
    assert session["totals"] == [-6, 16, -10] and session["leaders"] == [2] and session["complete"]
    assert [d["number"] for d in data["deals"]] == list(range(1, 13))
    assert data["title"] == "Club night · 2026.11.20"


def test_one_deal_has_no_index_and_a_missing_one_is_an_error():
    data = page_data(club_deals(), deal=3)
    assert data["index"] == [] and [d["number"] for d in data["deals"]] == [3]
    try:
        page_data(club_deals(), deal=13)
    except LookupError:
        pass
    else:
        raise AssertionError("deal 13 does not exist")


def test_page_is_self_contained_and_the_data_cannot_close_its_script():
    text = CLUB.read_text(encoding="utf-8").replace("{Bertil ruffs}", "{</script><script>alert(1)</script>}", 1)
    page = render_html(parse(text), title="A & B <c>")
    assert "<title>A &amp; B &lt;c&gt;</title>" in page
    assert page.count("</script>") == 2  # the data blob and the viewer, nothing smuggled in
    data = embedded(page)
    assert "</script><script>alert(1)</script>" in json.dumps(data["deals"][0]["play"])
    # Nothing to fetch: no external URLs in attributes, no imports, no fetch().
    assert not re.search(r'(src|href)="(https?:)?//', page)
    assert "fetch(" not in page and "@import" not in page and "XMLHttpRequest" not in page


def test_cli_writes_the_page_to_a_file_and_to_stdout(tmp_path):
    out = tmp_path / "club.html"
    result = runner.invoke(app, ["html", str(CLUB), "-o", str(out), "--title", "Thursday"])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and embedded(page)["title"] == "Thursday"
    result = runner.invoke(app, ["html", "-", "--deal", "2"], input=CLUB.read_text(encoding="utf-8"))
    assert result.exit_code == 0
    assert [d["number"] for d in embedded(result.stdout)["deals"]] == [2]


def test_cli_exit_codes(tmp_path):
    assert runner.invoke(app, ["html", str(tmp_path / "nope.bpn")]).exit_code == 2
    result = runner.invoke(app, ["html", str(CLUB), "--deal", "13"])
    assert result.exit_code == 2 and "there is no deal 13" in result.stderr
    assert runner.invoke(app, ["html", str(CLUB), "--deal", "0"]).exit_code == 2
    (tmp_path / "empty.bpn").write_text("% BPN 1.0\n", encoding="utf-8")
    assert runner.invoke(app, ["html", str(tmp_path / "empty.bpn")]).exit_code == 2
    out = tmp_path / "broken.html"
    result = runner.invoke(app, ["html", str(SYNTAX), "-o", str(out)])
    assert result.exit_code == 1 and "does not read" in result.stderr
    assert "cannot be replayed" in out.read_text(encoding="utf-8")  # written all the same, saying so
    result = runner.invoke(app, ["html", str(CLUB), "-o", str(tmp_path / "no-dir" / "x.html")])
    assert result.exit_code == 2 and "cannot write" in result.stderr


def test_the_auction_of_an_auction_game_is_laid_out_for_its_table():
    from bismarck_pbn import parse
    from bismarck_pbn.check.validate import validate_deals
    from bismarck_pbn.views.html.data import deal_data
    from conftest import ROOT

    deals = parse((ROOT / "samples" / "israeli-whist" / "haifa.bpn").read_text(encoding="utf-8"))
    checked = next(validate_deals(deals[:1]))
    calls = deal_data(deals[0], checked)["auction"]
    frisch = [i for i, c in enumerate(calls) if c["call"] == "Frisch"]
    # a Frisch starts a row of its own, the row before it filled out
    assert frisch and all(i % 4 == 0 and calls[i + 1]["call"] == "" for i in frisch)
    assert all(c["seat"] == (calls[0]["seat"] - 1 + i) % 4 + 1 for i, c in enumerate(calls))
    written = [c.call for c in deals[0].auction.calls]
    assert [c["call"] for c in calls if c["call"]] == written


SWEDISH = ROOT / "samples" / "swedish-whist" / "uppsala.bpn"


def test_a_session_on_the_page_is_what_bpn_standings_gives_with_each_deals_link():
    from bismarck_pbn.session.standings import standings

    deals = parse(SWEDISH.read_text(encoding="utf-8"))
    (session,) = page_data(deals)["index"]
    (expected,) = standings(parse(SWEDISH.read_text(encoding="utf-8")))
    want = expected.as_dict()
    assert [r.pop("deal") for r in session["boards"]] == [1, 2, 3, 4, 5, 6]
    assert [r.pop("errors") for r in session["boards"]] == [0] * 6
    assert session.pop("kind") == "session" and session == want
    assert session["rounds"][0]["points"] == [-26, 16, -6, 16] and session["unit"] == "round"


def test_a_deal_shows_the_score_its_session_settles_and_its_individual_points():
    # board 3 with a slip in its Score tag: the first exit's +10 left out
    slipped = SWEDISH.read_text(encoding="utf-8").replace('[Score "0 +50"]', '[Score "0 +40"]')
    checked = list(validate_deals(parse(slipped)))
    third = deal_data(checked[2].deal, checked[2])
    # 40 for the defeated Spel, +10 for Dag & Elsa's first exit, as the sheet has it
    assert checked[2].result.score == (0, 40) and third["score"] == [0, 50]
    assert deal_data(checked[4].deal, checked[4])["points"] == [-15, 5, 5, 5]
    club = next(validate_deals(club_deals()[:1]))
    assert deal_data(club.deal, club)["points"] is None


def test_the_script_is_its_parts_in_order_in_one_function_and_parses():
    import shutil
    import subprocess

    from bismarck_pbn.views.html.page import SCRIPT_PARTS, _asset, script

    text = script()
    starts = [text.index(f"/* ---- {name} ---- */") for name in SCRIPT_PARTS]
    assert starts == sorted(starts) and all(_asset("script/" + name) in text for name in SCRIPT_PARTS)
    assert text.count("(function () {") == 1 and text.rstrip().endswith("})();")
    assert script() in render_html(club_deals())
    for name in SCRIPT_PARTS:  # parts by concern, each readable on its own
        part = _asset("script/" + name)
        assert len(part.splitlines()) <= 200, name
        assert not any(word in part for word in ("import ", "export ", "fetch(", "XMLHttpRequest")), name
    node = shutil.which("node")
    if node is not None:  # a syntax error is caught here even where no browser runs
        done = subprocess.run([node, "--check", "-"], input=text, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr


def test_an_output_that_is_the_input_is_refused_and_the_record_kept(tmp_path):
    """-o naming the record itself (or a link to it) would replace the hand record
    with the web page: refused, exit 2, the record byte for byte as it was."""
    record = tmp_path / "night.bpn"
    record.write_bytes(CLUB.read_bytes())
    link = tmp_path / "link.bpn"
    link.symlink_to(record)
    for out in (record, link):
        result = runner.invoke(app, ["html", str(record), "-o", str(out)])
        assert result.exit_code == 2 and "is also the input" in result.stderr
        assert record.read_bytes() == CLUB.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.bpn", "night.bpn"]
