"""bpn html in a real headless Chromium: stepping, notes, links, the index, no network.

One browser serves the whole module; each test opens the page afresh. Every request
the page makes is recorded and anything that is not file:// or data: is aborted; the
tests assert that none was even attempted, and that the console stayed free of errors.
"""

from __future__ import annotations

import functools

import pytest

from bismarck_pbn import parse
from bismarck_pbn.views.html import page_html, render_html
from bismarck_pbn.views.position import positions
from browser import Opened, contrast, launch, why_no_browser
from conftest import ROOT

_reason = why_no_browser()
pytestmark = pytest.mark.skipif(_reason is not None, reason=f"browser tests skipped: {_reason}")

CLUB = ROOT / "samples" / "club-night.bpn"
REVOKE = ROOT / "samples" / "invalid" / "BPN503-revoke.bpn"


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = launch(pw)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def club_page_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("html") / "club-night.html"
    path.write_text(render_html(parse(CLUB.read_text(encoding="utf-8"))), encoding="utf-8")
    return path


@pytest.fixture
def opened(browser, club_page_file):
    pages = []

    def open_(fragment="", path=None, width=1100):
        page = Opened(browser, path or club_page_file, fragment, width)
        pages.append(page)
        return page

    yield open_
    for page in pages:
        page.close()


@functools.cache
def _club_positions():
    return positions(parse(CLUB.read_text(encoding="utf-8"))[0])


def _expected(played: int):
    """Hands, the trick on the table and its winner after ``played`` cards of club night's deal 1."""
    pos = _club_positions()[played]
    return [list(h) for h in pos.hands], [list(t) for t in pos.table], pos.table_winner


@pytest.mark.slow
def test_keys_step_card_by_card_and_trick_by_trick(opened):
    view = opened()
    view.page.focus("#deal-1 .viewer")
    moments = [
        ((), 0),
        (("ArrowRight",), 1),
        (("ArrowRight", "ArrowRight"), 3),      # trick 1 complete: C2 C6 CQ, won by Bertil
        (("ArrowDown", "ArrowDown"), 9),        # to the end of trick 3
        (("ArrowRight",), 10),                  # trick 4 card 1: Anna's C3?
        (("ArrowUp",), 9),                      # back to the end of trick 3
        (("ArrowLeft",), 8),
        (("End",), 48),
        (("Home",), 0),
    ]
    for keys, played in moments:
        view.press(*keys)
        assert view.state(1) == list(_expected(played)), (keys, played)
    # The independent facts, not only the replay's word for them:
    view.press("ArrowDown")
    assert view.table(1) == [[3, "C2"], [1, "C6"], [2, "CQ"]] and view.winner(1) == 2
    assert "C2" not in view.hand(1, 3) and len(view.hand(1, 3)) == 15
    status = view.text("#deal-1 .status")
    assert "Trick 1, card 3" in status and "Bertil wins the trick" in status
    assert "tricks 1 of 8" in view.text("#deal-1 .seat[data-seat='2'] .won")
    view.press("End")
    assert all(view.hand(1, seat) == [] for seat in (1, 2, 3))
    assert "Final tricks: Anna 7, Bertil 4, Cecilia 5" in view.text("#deal-1 .notes")


@pytest.mark.slow
def test_a_comment_nag_and_suffix_appear_at_their_card_only(opened):
    view = opened()
    view.page.focus("#deal-1 .viewer")
    view.press("ArrowDown", "ArrowDown", "ArrowDown")   # after trick 3: nothing noted there
    assert "should cash" not in view.text("#deal-1 .viewer")
    view.press("ArrowRight")                             # trick 4 card 1: C3? $2 {…}
    notes = view.text("#deal-1 .notes")
    assert "Anna should cash the ace of clubs first" in notes and "poor move" in notes and "?" in notes
    view.press("ArrowRight")
    assert "should cash" not in view.text("#deal-1 .viewer")


@pytest.mark.slow
def test_stepping_updates_the_fragment_and_a_fragment_opens_that_moment(opened):
    view = opened()
    view.page.focus("#deal-3 .viewer")
    view.press("ArrowDown", "ArrowRight")
    assert view.page.evaluate("location.hash") == "#deal-3/trick-2/card-1"
    view.press("Home")
    assert view.page.evaluate("location.hash") == "#deal-3"

    linked = opened("#deal-2/trick-9/card-1")             # board 2: C4? $2 {Bertil should cash …}
    assert "Trick 9, card 1" in linked.text("#deal-2 .status")
    assert "Bertil should cash the ace of clubs first" in linked.text("#deal-2 .notes")
    assert len(linked.table(2)) == 1
    assert linked.page.evaluate("document.activeElement.closest('.deal').id") == "deal-2"
    linked.press("ArrowRight")                           # keys go to the deal the link opened
    assert linked.page.evaluate("location.hash") == "#deal-2/trick-9/card-2"
    assert "Trick 1" not in linked.text("#deal-1 .status")  # deal 1 has not moved
    assert "Before the first lead" in linked.text("#deal-1 .status")


@pytest.mark.slow
def test_the_index_lists_every_deal_and_links_to_it(opened):
    view = opened()
    links = view.page.eval_on_selector_all("#index a", "els => els.map(e => e.getAttribute('href'))")
    assert links == [f"#deal-{n}" for n in range(1, 13)]
    assert view.page.locator("section.deal").count() == 12
    assert "Winner: Bertil (+16)" in view.text("#index")
    view.page.click("#index a[href='#deal-7']")
    # focus moves when the page has handled the new address: wait for it (a loaded
    # machine may take a moment), then check where it went
    view.page.wait_for_function("document.activeElement && document.activeElement.closest('.deal')",
                                timeout=10_000)
    assert view.page.evaluate("document.activeElement.closest('.deal').id") == "deal-7"


@pytest.mark.slow
def test_buttons_and_the_play_record_step_too(opened):
    view = opened()
    view.page.click("#deal-1 button[aria-label='next trick']")
    view.page.click("#deal-1 button[aria-label='next card']")
    assert "Trick 2, card 1" in view.text("#deal-1 .status")
    view.page.click("#deal-1 .record summary")
    view.page.click("#deal-1 .record .rc >> nth=14")
    assert view.page.evaluate("location.hash") == "#deal-1/trick-5/card-3"


@pytest.mark.slow
def test_cards_have_text_alternatives_and_the_keyboard_alone_reaches_the_viewer(opened):
    view = opened()
    labels = view.page.eval_on_selector_all("#deal-1 .seat[data-seat='1'] .hand .card",
                                            "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels[0] == "ace of spades" and "ten of spades" in labels
    for _ in range(60):                                   # Tab until the first deal's viewer has focus
        view.press("Tab")
        if view.page.evaluate("document.activeElement.matches('#deal-1 .viewer')"):
            break
    else:
        raise AssertionError("Tab never reached the viewer")
    view.press("ArrowRight")
    assert "Trick 1, card 1" in view.text("#deal-1 .status")


@pytest.mark.slow
def test_text_contrast_passes_wcag_aa(opened):
    view = opened("#deal-1/trick-4/card-1")
    pairs = view.page.evaluate("""() => {
      const rgb = (s) => s.match(/\\d+/g).slice(0, 3).map(Number);
      const bg = (e) => { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;
        if (!c.startsWith('rgba(0, 0, 0, 0')) return rgb(c); } return [255, 255, 255]; };
      const sel = ['.card.s-H', '.card.s-S', '.felt .who', '.won', '.facts dt', '.status', '.nag', '.tagnotes',
                   'header p', '.sheet th', '.badge', '.controls button'];
      return sel.map((s) => { const e = document.querySelector(s); return [s, rgb(getComputedStyle(e).color), bg(e)]; });
    }""")
    for selector, fg, bg in pairs:
        assert contrast(fg, bg) >= 4.5, (selector, fg, bg)


@pytest.mark.slow
def test_phone_width_needs_no_sideways_scrolling(opened):
    view = opened("#deal-1/trick-5/card-2", width=360)
    assert view.page.evaluate("document.documentElement.scrollWidth") <= 360
    box = view.page.eval_on_selector("#deal-1 .felt", "e => e.getBoundingClientRect().width")
    assert box <= 360


@pytest.mark.slow
def test_print_shows_the_score_sheet_and_a_diagram_per_deal(opened):
    view = opened()
    view.page.emulate_media(media="print")
    visible = view.page.evaluate("""() => ({
      viewers: [...document.querySelectorAll('.viewer')].filter(e => e.offsetParent !== null).length,
      diagrams: [...document.querySelectorAll('.diagram')].filter(e => e.offsetParent !== null).length,
      sheet: document.querySelector('#index table').offsetParent !== null })""")
    assert visible == {"viewers": 0, "diagrams": 12, "sheet": True}
    dealt = view.page.eval_on_selector_all("#deal-1 .diagram .seat.at-bottom .card", "els => els.map(e => e.dataset.card)")
    assert dealt[:5] == ["SA", "SK", "ST", "S4", "S2"] and len(dealt) == 16


@pytest.mark.slow
def test_a_validator_fault_is_shown_at_its_card(opened, tmp_path):
    path = tmp_path / "revoke.html"
    path.write_text(render_html(parse(REVOKE.read_text(encoding="utf-8"))), encoding="utf-8")
    view = opened(path=path)
    view.page.focus("#deal-1 .viewer")
    faulty = view.page.evaluate("""() => { const d = JSON.parse(document.getElementById('bpn-data').textContent);
      return d.deals[0].play.findIndex(p => p.faults); }""")
    for _ in range(faulty):
        view.press("ArrowRight")
    assert "BPN503" not in view.text("#deal-1 .notes") if view.page.is_visible("#deal-1 .notes") else True
    view.press("ArrowRight")
    assert "BPN503 error" in view.text("#deal-1 .notes") and "revoke" in view.text("#deal-1 .notes")


@pytest.mark.slow
def test_four_seats_with_sides_and_an_auction(opened, tmp_path):
    """The viewer takes seats, trick size, sides and the auction from the data."""
    start = [["SA", "H2"], ["SK", "H3"], ["SQ", "H4"], ["SJ", "H5"]]
    play = [{"seat": 1, "card": "SA"}, {"seat": 2, "card": "SK"}, {"seat": 3, "card": "SQ"},
            {"seat": 4, "card": "SJ", "winner": 1}, {"seat": 1, "card": "H2"}]
    deal = {"number": 1, "board": 1, "game": "whist", "seats": 4, "players": ["N1", "E2", "S3", "W4"],
            "sides": [[1, 3], [2, 4]], "auction": [{"seat": 4, "call": "Pass"}, {"seat": 1, "call": "1S"},
                                                   {"seat": 2, "call": "Pass"}, {"seat": 3, "call": "Pass"},
                                                   {"seat": 4, "call": "Pass"}],
            "forehand": None, "contract": "1S", "trump": "S", "kitty": None, "exchange": None, "discard": None,
            "dealt": start, "start": start, "quotas": None, "leader": 1, "play": play, "unreplayed": [],
            "tricks": None, "score": None, "total": None, "comments": [], "tag_notes": [], "play_comments": [],
            "trailing": [], "problems": [], "error": None}
    path = tmp_path / "four.html"
    path.write_text(page_html({"title": "Four", "index": [], "deals": [deal], "single": True}), encoding="utf-8")
    view = opened(path=path)
    assert view.page.locator("#deal-1 .viewer .seat").count() == 4
    assert view.page.locator("#deal-1 .viewer .seat.side-0").count() == 2
    assert view.page.eval_on_selector_all("#deal-1 .auction tbody tr", "rs => rs.length") == 2
    view.page.focus("#deal-1 .viewer")
    view.press("ArrowDown")                               # a trick is four cards here
    assert len(view.table(1)) == 4 and view.winner(1) == 1
    view.press("ArrowRight")
    assert view.page.evaluate("location.hash") == "#deal-1/trick-2/card-1"
    assert view.hand(1, 1) == []


@pytest.mark.slow
def test_every_broken_sample_draws_without_a_script_error(opened, tmp_path):
    """All of samples/invalid in one page: unknown hands, missing trumps, syntax errors,
    seventeen tricks... each deal gets its section and the console stays clean."""
    texts = []
    for path in sorted((ROOT / "samples" / "invalid").glob("*.bpn")):
        try:
            texts.append(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:
            continue
    deals = [d for d in parse("\n".join(texts)) if d.tags]
    path = tmp_path / "invalid.html"
    path.write_text(render_html(deals), encoding="utf-8")
    view = opened(path=path)
    assert view.page.locator("section.deal").count() == len(deals) > 30
    for number in (1, len(deals) // 2, len(deals)):
        view.page.focus(f"#deal-{number} .viewer") if view.page.locator(f"#deal-{number} .viewer").count() else None
        view.press("End", "ArrowUp", "ArrowLeft", "Home")


BID_WHIST = ROOT / "samples" / "bid-whist" / "rent-party.bpn"


@pytest.mark.slow
def test_bid_whist_jokers_are_drawn_in_hands_and_tricks(opened, tmp_path):
    """Deal 1 of the rent party: Lena holds both jokers (her fifth holding group) and
    discards the big joker on a heart in trick 11 (no trump: it cannot win)."""
    deal = parse(BID_WHIST.read_text(encoding="utf-8"))[0]
    path = tmp_path / "bid.html"
    path.write_text(render_html([deal]), encoding="utf-8")
    view = opened("#deal-1", path=path)
    lena = "#deal-1 .viewer .seat:nth-of-type(1) .hand"
    jokers = view.page.locator(f"{lena} .suit-row.jokers .card")
    assert [jokers.nth(i).get_attribute("aria-label") for i in range(jokers.count())] == ["big joker", "little joker"]
    assert jokers.nth(0).inner_text().replace("\n", " ").endswith("Big Joker")
    assert view.page.locator(f"{lena} .suit-row.jokers [role=img][aria-label=jokers]").count() == 1
    assert view.page.locator("#deal-1 .diagram .card[data-card=JB]").count() == 1  # the printed diagram
    played = positions(deal)
    k = next(i for i, c in enumerate(deal.play.cards) if c.card == "JB") + 1
    assert (k - 1) // 4 + 1 == 11
    view.page.goto(path.as_uri() + f"#deal-1/trick-11/card-{(k - 1) % 4}")
    view.page.wait_for_selector("html[data-ready]")
    view.page.focus("#deal-1 .viewer")
    view.press("ArrowRight")
    assert view.page.evaluate("location.hash") == f"#deal-1/trick-11/card-{(k - 1) % 4 + 1}"
    big = view.page.locator("#deal-1 .felt .played .card.joker.big")
    assert big.count() == 1 and big.get_attribute("aria-label") == "big joker"
    assert "Big Joker" in big.inner_text()
    assert "plays the big joker" in view.text("#deal-1 .status")
    hands, table, _ = view.state(1)
    assert hands == [list(h) for h in played[k].hands]
    assert table == [list(t) for t in played[k].table]
    assert "JB" not in hands[0] and "JL" in hands[0]
    view.press("ArrowDown")                     # the trick completes: a joker never wins in no trump
    assert view.winner(1) == played[(k - 1) // 4 * 4 + 4].table_winner != 1
    view.press("End")
    assert view.hand(1, 1) == []
    assert view.page.locator("#deal-1 .record .card.joker").count() == 2  # the play record, trick by trick


@pytest.mark.slow
def test_double_dummy_values_at_each_moment(browser, tmp_path):
    """bpn html --dd: the table of the legal cards' values follows the moment shown."""
    from bismarck_pbn.analysis.analyse import analyse_deal
    from bismarck_pbn.analysis.sides import problem_at
    from bismarck_pbn.analysis.solver import Solver
    from bismarck_pbn.analysis.values import make_solver
    from bismarck_pbn.views.html.data import dd_data

    deals = [d for d in parse(CLUB.read_text(encoding="utf-8")) if d.tags]
    analysis = analyse_deal(deals[1], make_solver(200), contracts=False)
    path = tmp_path / "dd.html"
    path.write_text(render_html(deals, deal=2, dd={2: dd_data(analysis)}), encoding="utf-8")
    every = positions(deals[1])
    view = Opened(browser, path, "#deal-2/trick-14/card-1")
    try:
        rows = view.page.eval_on_selector_all(
            "#deal-2 .dd-table tbody tr", "(rs) => rs.map((r) => [r.dataset.card, r.cells[1].textContent, r.className])")
        expected = Solver().solve_moves(problem_at(every[40]))
        assert {c: int(v) for c, v, _ in rows} == expected
        best = max(expected.values())
        assert all((cls == "dd-best") == (expected[c] == best) for c, _, cls in rows)
        caption = view.text("#deal-2 .dd-table caption")  # whose tricks: the forehand's, Cecilia's
        assert caption == ("Double dummy for the forehand, seat 3, against the other two: Cecilia to play; "
                           "the tricks of Cecilia from this trick on")
        view.page.focus("#deal-2 .viewer")
        view.press("ArrowRight")
        after = view.page.eval_on_selector_all("#deal-2 .dd-table tbody tr", "(rs) => rs.map((r) => r.dataset.card)")
        assert set(after) == set(Solver().solve_moves(problem_at(every[41])))
        view.press("End")
        assert "the play is over" in view.text("#deal-2 .dd")
        view.press("Home")  # the opening lead: beyond the node limit
        assert "not analysed" in view.text("#deal-2 .dd")
    finally:
        view.close()
