"""The web page's score sheet for every game, in a real headless Chromium.

Each sheet is read as a person sees it (the cells' text) and compared with what
``bpn standings --format json`` gives for the same file: Swedish Whist's team points,
individual points, exits and rounds; Solo Whist's payments, balances and the zero-sum
check; Israeli Whist's per-player scores; Bid Whist's games to 7. Every page is
checked to stay offline and free of console errors (``Opened.close``).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from bismarck_pbn import parse
from bismarck_pbn.cli import app
from bismarck_pbn.views.html import render_html
from browser import Opened, contrast, launch, why_no_browser
from conftest import ROOT
from test_standings_auction import bare, deals, retag

_reason = why_no_browser()
pytestmark = pytest.mark.skipif(_reason is not None, reason=f"browser tests skipped: {_reason}")

SAMPLES = ROOT / "samples"
SWEDISH = SAMPLES / "swedish-whist" / "uppsala.bpn"
SOLO = SAMPLES / "solo-whist" / "sunday-school.bpn"
ISRAELI = SAMPLES / "israeli-whist" / "haifa.bpn"
BID = SAMPLES / "bid-whist" / "rent-party.bpn"

# The first session's sheets, each row as the text of its cells.
_READ = """() => {
  const s = document.querySelector('#index .session');
  const rows = (sel) => [...s.querySelectorAll(sel + ' tbody tr')].map(
    (tr) => [...tr.cells].map((c) => c.innerText.trim()));
  return {sheet: rows('table.sheet:not(.rounds):not(.to-play-grid)'), rounds: rows('table.rounds'),
          heads: [...s.querySelectorAll('table.sheet:not(.rounds):not(.to-play-grid) thead tr:last-child th')].map((th) => th.innerText.trim()),
          groups: [...s.querySelectorAll('table.sheet:not(.rounds):not(.to-play-grid) thead th.grp')].map((th) => th.innerText.trim()),
          gameEnds: [...s.querySelectorAll('table.sheet:not(.rounds):not(.to-play-grid) tbody tr.game-end th')].map((th) => th.innerText.trim()),
          off: [...s.querySelectorAll('tbody tr.off th')].map((th) => th.innerText.trim()),
          balance: (s.querySelector('.balance') || {}).innerText || null,
          verdict: s.querySelector('.winner').innerText};
}"""


_COLOURS = """(sels) => {
  const rgb = (s) => s.match(/\\d+/g).slice(0, 3).map(Number);
  const bg = (e) => { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;
    if (!c.startsWith('rgba(0, 0, 0, 0')) return rgb(c); } return [255, 255, 255]; };
  return sels.map((s) => { const e = document.querySelector(s); return [s, rgb(getComputedStyle(e).color), bg(e)]; });
}"""


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = launch(pw)
        yield chromium
        chromium.close()


@pytest.fixture
def sheet_of(browser, tmp_path):
    """Open the page of a BPN text; give the first session's sheet as read, the JSON
    session of ``bpn standings`` and the opened page."""
    pages = []

    def open_(text: str, width: int = 1100):
        path = tmp_path / f"page{len(pages)}.html"
        path.write_text(render_html(parse(text)), encoding="utf-8")
        view = Opened(browser, path, width=width)
        pages.append(view)
        result = CliRunner().invoke(app, ["standings", "-", "--format", "json"], input=text)
        assert result.exit_code == 0, result.output
        return view.page.evaluate(_READ), json.loads(result.stdout)["sessions"][0], view

    yield open_
    for view in pages:
        view.close()


def assert_contrast(view, selectors: list[str]) -> None:
    """The text of each selector's first element passes WCAG AA (4.5:1) on its background."""
    for selector, fg, bg in view.page.evaluate(_COLOURS, selectors):
        assert contrast(fg, bg) >= 4.5, (selector, fg, bg)


def number(text: str) -> int | None:
    """A figure as the page writes it: +5, −3 (a minus sign), 0; – for none."""
    return None if text == "\u2013" else int(text.replace("\u2212", "-"))


def columns(row: list[str], start: int, width: int) -> list[int | None]:
    return [number(t) for t in row[start:start + width]]


@pytest.mark.slow
def test_swedish_whist_sheet_has_the_standings_team_points_individual_points_exits_and_rounds(sheet_of):
    read, session, view = sheet_of(SWEDISH.read_text(encoding="utf-8"))
    boards = session["boards"]
    assert len(read["sheet"]) == len(boards) == 6
    # Board, dealer, contract; tricks by seat (4), score and total by side (2 + 2), points by seat (4), round.
    assert read["heads"] == ["Cecilia", "Dag", "Bo", "Elsa", "Cecilia & Bo", "Dag & Elsa", "Cecilia & Bo",
                             "Dag & Elsa", "Cecilia", "Dag", "Bo", "Elsa"]
    for row, want in zip(read["sheet"], boards):
        assert row[0] == str(want["board"]) and row[2].startswith(want["contract"])
        assert columns(row, 3, 4) == want["tricks"]
        assert columns(row, 7, 2) == want["score"]
        assert columns(row, 9, 2) == want["total"]
        assert columns(row, 11, 4) == want["points"]
    notes = [row[15] for row in read["sheet"]]
    assert notes[2] == "first exit: Dag & Elsa" and notes[3] == "first exit: Cecilia & Bo"
    assert notes[5] == "second exit: Dag & Elsa; won by Dag & Elsa" and notes[0] == ""
    assert read["gameEnds"] == ["6"]                       # the totals start again after it
    (rnd,) = session["rounds"]
    (row,) = read["rounds"]
    assert row[:4] == ["1", "1\u20136", "Dag & Elsa (3), Cecilia & Bo (4)", "Dag & Elsa (6)"]
    assert columns(row, 4, 2) == rnd["totals"] and columns(row, 6, 4) == rnd["points"] == [-26, 16, -6, 16]
    assert read["verdict"] == "Rounds won: Cecilia & Bo 0, Dag & Elsa 1; the last deal ended a round: the next starts from 0"
    assert read["balance"] is None                         # not a zero-sum game
    # a deal's own facts name the side a score belongs to, and give the players' points
    facts = view.text("#deal-5 .facts")
    assert "Cecilia & Bo 0, Dag & Elsa 0" in facts and "Cecilia \u221215, Dag +5, Bo +5, Elsa +5" in facts
    view.page.focus("#deal-3 .viewer")
    view.press("End")
    assert "Score: Cecilia & Bo 0, Dag & Elsa +50." in view.text("#deal-3 .notes")
    assert_contrast(view, [".session h3 .variant", ".sheet .nt", ".sheet td.notes", ".sheet tr.game-end td",
                           "table.rounds th", ".winner", ".sheet td.top"])


@pytest.mark.slow
def test_two_swedish_rounds_and_an_all_row(sheet_of):
    first = deals(SWEDISH.read_text(encoding="utf-8"))
    again = [retag(bare(d), Board=str(b), Dealer=str((b - 1) % 4 + 1)) for b, d in enumerate(first, 7)]
    read, session, _ = sheet_of("% BPN 1.1\n" + "\n\n".join(first + again) + "\n")
    assert [r[:2] for r in read["rounds"]] == [["1", "1\u20136"], ["2", "7\u201312"], ["All", ""]]
    assert [columns(r, 6, 4) for r in read["rounds"]] == [r["points"] for r in session["rounds"]] + [session["points"]]
    assert read["gameEnds"] == ["6", "12"]


@pytest.mark.slow
def test_solo_whist_sheet_has_the_payments_balances_and_the_zero_sum_check(sheet_of):
    read, session, view = sheet_of(SOLO.read_text(encoding="utf-8"))
    boards = session["boards"]
    assert len(read["sheet"]) == len(boards) == 12
    for row, want in zip(read["sheet"], boards):
        assert row[0] == str(want["board"])
        assert columns(row, 3, 4) == (want["tricks"] or [None] * 4)
        assert columns(row, 7, 4) == want["score"] and sum(want["score"]) == 0      # payments
        assert columns(row, 11, 4) == want["total"]                                  # balances
    assert columns(read["sheet"][-1], 11, 4) == session["totals"] == [-5, -35, 25, 15]
    assert read["groups"] == ["Tricks", "Payment", "Balance"]                      # Solo Whist's words
    assert read["balance"] == "Every deal\u2019s payments add up to 0, and so do the balances."
    assert read["verdict"] == "Cath leads on +25" and read["off"] == []
    assert_contrast(view, [".balance.ok"])


@pytest.mark.slow
def test_a_bismarck_sheet_says_score_and_total_as_its_record_does(sheet_of):
    """Bismarck's scores add up to 0 as Solo Whist's payments do, but a Bismarck record
    says Score and Total, and so does its sheet (Payment and Balance are Solo Whist's)."""
    read, session, view = sheet_of((SAMPLES / "club-night.bpn").read_text(encoding="utf-8"))
    assert read["groups"] == ["Tricks", "Score", "Total"]
    assert read["balance"] == "Every deal\u2019s scores add up to 0, and so do the totals."
    assert columns(read["sheet"][-1], 9, 3) == session["totals"]
    wrong = view.page.evaluate("() => document.querySelector('#index').innerText")
    assert "Payment" not in wrong and "Balance" not in wrong and "balances" not in wrong
    result = CliRunner().invoke(app, ["standings", str(SAMPLES / "club-night.bpn")])
    assert "every deal's scores add up to 0, and so do the totals" in result.stdout


# Each line of the chart under the first sheet: its name, its points, the zero line's height.
_CHART = """() => {
  const c = document.querySelector('#index .session figure.chart');
  return {label: c.querySelector('svg').getAttribute('aria-label'),
          zero: Number(c.querySelector('line.zero').getAttribute('y1')),
          ends: [...c.querySelectorAll('line.game-end')].length,
          legend: [...c.querySelectorAll('.legend li')].map((li) => li.textContent.trim()),
          series: [...c.querySelectorAll('g.series')].map((g) => [g.dataset.name,
            [...g.querySelectorAll('circle')].map((p) => [Number(p.getAttribute('cx')), Number(p.getAttribute('cy'))])])};
}"""


def drawn_to_scale(series, totals_by_row, zero):
    """Every point sits at one height per unit of total, measured from the zero line
    (SVG's y grows downwards), and the boards run left to right."""
    heights = [(y, row[k]) for k, (_, points) in enumerate(series) for (_, y), row in zip(points, totals_by_row)]
    unit = next((zero - y) / t for y, t in heights if t)
    assert unit > 0
    assert all(abs((zero - y) - unit * t) < 1e-6 for y, t in heights)
    for _, points in series:
        xs = [x for x, _ in points]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)


@pytest.mark.slow
def test_the_sheet_draws_a_chart_of_each_players_running_total(sheet_of):
    read, session, view = sheet_of((SAMPLES / "club-night.bpn").read_text(encoding="utf-8"))
    chart = view.page.evaluate(_CHART)
    totals = [row["total"] for row in session["boards"]]
    assert [name for name, _ in chart["series"]] == chart["legend"] == ["Anna", "Bertil", "Cecilia"]
    assert all(len(points) == 12 for _, points in chart["series"])
    drawn_to_scale(chart["series"], totals, chart["zero"])
    assert chart["label"] == "Running totals, board by board: Anna \u22126, Bertil +16, Cecilia \u221210 at board 12."
    assert chart["ends"] == 0
    view.page.emulate_media(media="print")                 # printed with the sheet
    box = view.page.query_selector("#index figure.chart svg").bounding_box()
    assert box is not None and box["height"] > 50 and box["width"] > 200


@pytest.mark.slow
def test_a_whist_chart_follows_each_side_and_marks_each_game_end(sheet_of):
    read, session, view = sheet_of((SAMPLES / "whist" / "friday-whist.bpn").read_text(encoding="utf-8"))
    chart = view.page.evaluate(_CHART)
    assert chart["legend"] == ["Alice & Carol", "Bob & Dave"]
    drawn_to_scale(chart["series"], [row["total"] for row in session["boards"]], chart["zero"])
    assert chart["ends"] == len(session["games"]) - 1 == 3   # the last deal's end is the chart's edge


@pytest.mark.slow
def test_solo_payments_that_do_not_balance_are_marked_with_the_code(sheet_of):
    board1, *rest = deals(SOLO.read_text(encoding="utf-8"))
    wrong = retag(bare(board1), Score="-1 +1 -1 +2")
    read, session, view = sheet_of("% BPN 1.1\n" + "\n\n".join([wrong, *rest]) + "\n")
    assert session["off_balance"] == [{"board": 1, "sum": 1}]
    assert columns(read["sheet"][0], 7, 4) == [-1, 1, -1, 2]
    assert len(read["off"]) == 1 and read["off"][0].startswith("1 \u26a0")  # board 1, with its errors
    assert read["balance"] == ("The payments do not add up to 0 on board 1 (+1) (BPN602): "
                               "the balances are off by +1.")
    assert_contrast(view, [".balance.bad", ".sheet tr.off td", ".sheet .bad"])


@pytest.mark.slow
def test_israeli_whist_scores_and_totals_by_player(sheet_of):
    read, session, _ = sheet_of(ISRAELI.read_text(encoding="utf-8"))
    assert read["heads"] == ["Noa", "Eitan", "Shira", "Yoav"] * 3
    for row, want in zip(read["sheet"], session["boards"]):
        assert columns(row, 7, 4) == want["score"] and columns(row, 11, 4) == want["total"]
    assert read["verdict"] == "Shira leads on \u221294"


@pytest.mark.slow
def test_bid_whist_tricks_by_side_and_the_games_to_seven(sheet_of):
    read, session, _ = sheet_of(BID.read_text(encoding="utf-8"))
    assert read["heads"] == ["Lena & Odette", "Marcus & Ray"] * 3     # tricks by side here
    for row, want in zip(read["sheet"], session["boards"]):
        assert columns(row, 3, 2) == (want["tricks"] or [None] * 2)
        assert columns(row, 5, 2) == want["score"] and columns(row, 7, 2) == want["total"]
    won = [g["board"] for g in session["games"]]
    assert won == [1, 6, 8] and read["gameEnds"] == [str(b) for b in won]
    assert [row[9] for row in read["sheet"] if row[9]] == ["won by Marcus & Ray"] * 3
    assert read["verdict"] == "Games won: Lena & Odette 0, Marcus & Ray 3; this game: Marcus & Ray lead on +3"


@pytest.mark.slow
def test_at_phone_width_the_sheet_scrolls_in_its_own_box_with_the_board_in_view(sheet_of):
    _, _, view = sheet_of(SWEDISH.read_text(encoding="utf-8"), width=360)
    page = view.page
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = "#index .session .scroll"
    assert page.eval_on_selector(box, "e => e.scrollWidth > e.clientWidth + 100")
    page.eval_on_selector(box, "e => { e.scrollLeft = e.scrollWidth; }")
    left = page.eval_on_selector(box, "e => e.getBoundingClientRect().left")
    board = page.eval_on_selector(f"{box} tbody th", "e => e.getBoundingClientRect().left")
    assert abs(board - left) < 2                          # the board column stays at the box's edge
    page.eval_on_selector(box, "e => { e.scrollLeft = 0; }")
    page.focus(box)                                       # the arrows scroll the sheet, not a deal
    view.press("ArrowRight", "ArrowRight", "ArrowRight")
    page.wait_for_function("(box) => document.querySelector(box).scrollLeft > 0", arg=box)
    assert "Before the first lead" in view.text("#deal-1 .status")
    page.emulate_media(media="print")                    # printed, the sheet is not cut off
    assert page.eval_on_selector(box, "e => getComputedStyle(e).overflowX") == "visible"
    assert page.locator("#index table.rounds").is_visible()


@pytest.mark.slow
def test_a_bismarck_session_under_way_lists_what_each_forehand_still_plays(sheet_of):
    text = (ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8")
    five = text[:text.index('[Board "6"]')].rsplit("\n[Event", 1)[0] + "\n"
    read, session, view = sheet_of(five)
    assert len(read["sheet"]) == 5
    grid = view.page.eval_on_selector_all(
        "#index .to-play table tr", "rows => rows.map((r) => [...r.cells].map((c) => c.innerText.trim()))")
    heading = view.text("#index .to-play h4")
    # the grid of bpn standings, from the same data: a row a forehand, a column a contract
    assert heading == "Still to play as forehand (Standard: each contract exactly once)"
    assert grid == [["Forehand", "Spel", "Spader", "Valfri", "Pass", "Deals left"],
                    ["Anna", "1", "1", "\u00b7", "1", "3"],
                    ["Bertil", "1", "1", "\u00b7", "\u00b7", "2"],
                    ["Cecilia", "1", "\u00b7", "\u00b7", "1", "2"]]
    names = dict(zip(("1", "2", "3"), ("Anna", "Bertil", "Cecilia")))
    assert [row[0] for row in grid[1:]] == [names[seat] for seat in session["to_play"]]
    assert [row[-1] for row in grid[1:]] == [str(n) for n in session["deals_left"].values()]
    text = CliRunner().invoke(app, ["standings", "-"], input=five).stdout
    table = text[text.index("still to play"):].splitlines()[1:6]
    assert [line.split() for line in table if "─" not in line] == [
        [grid[0][0].lower(), *grid[0][1:-1], "deals", "left"], *grid[1:]]
    assert read["verdict"] == "Leader: Bertil on +3, 7 regular deals to play"




@pytest.mark.slow
def test_whist_without_contracts_shows_the_trump_and_each_game_to_five(sheet_of):
    read, session, view = sheet_of((SAMPLES / "whist" / "friday-whist.bpn").read_text(encoding="utf-8"))
    heads = view.page.eval_on_selector_all("#index table.sheet thead tr:first-child th", "els => els.map((e) => e.innerText)")
    assert heads[:3] == ["Board", "Dealer", "Trump"]
    trumps = view.page.eval_on_selector_all("#index table.sheet tbody td.contract [role=img]",
                                            "els => els.map((e) => e.getAttribute('aria-label'))")
    names = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    assert trumps == [names[row["trump"]] for row in session["boards"]]
    games = session["games"]
    assert read["gameEnds"] == [str(g["board"]) for g in games] == ["3", "6", "9", "12"]
    sides = {1: "Alice & Carol", 2: "Bob & Dave"}
    assert [row[-1] for row in read["sheet"] if row[-1]] == [f"won by {sides[g['winners'][0]]}" for g in games]
    assert read["verdict"] == ("Games won: Alice & Carol 2, Bob & Dave 2; "
                               "the last deal ended a game: the next starts from 0")
