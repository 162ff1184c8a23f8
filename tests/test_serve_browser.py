"""``bpn serve`` in a real Chromium (playwright), at a phone's size and a laptop's: a
whole Bismarck deal and a whole Solo Whist deal (auction included) recorded by taps,
and a card annotated; afterwards ``bpn validate`` finds no error and ``bpn fmt --check``
passes. Slow (seconds each): CI runs them with ``-m slow``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from browser import launch, why_no_browser
from serve_helpers import Running

from bismarck_pbn.check.validate import validate_file
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import write_deal
from bismarck_pbn.model.deal import Deal

pytestmark = [pytest.mark.slow, pytest.mark.skipif(why_no_browser() is not None, reason=str(why_no_browser()))]

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SIZES = [(390, 844), (1280, 900)]


def first_deal(path: Path) -> Deal:
    return [d for d in parse(path.read_text(encoding="utf-8")) if d.tags][0]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


class Phone:
    """A page of the app, with the taps a player makes."""

    def __init__(self, browser, server: Running, size: tuple[int, int]) -> None:
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("request", lambda r: r.url.startswith(server.url) or self.outside.append(r.url))
        self.page.goto(f"{server.url}/?token={server.token}")

    def step(self) -> int:
        return int(self.page.get_attribute("body", "data-step") or 0)

    def tap(self, selector: str) -> None:
        """Tap something that sends an answer, and wait for the page to draw the next question."""
        before = self.step()
        self.page.click(selector)
        self.page.wait_for_selector(f'body:not([data-step="{before}"])', state="attached")

    def say(self, text: str) -> None:
        self.page.fill("form.answer input", text)
        self.tap("form.answer button[type=submit]")

    def kind(self) -> str:
        return self.page.get_attribute("body", "data-kind") or ""

    def prompt(self) -> str:
        return self.page.inner_text(".prompt")

    def close(self) -> None:
        assert self.errors == [], self.errors
        assert self.outside == [], f"the page went to the network: {self.outside}"
        self.context.close()


def record(phone: Phone, deal: Deal, file_name: str) -> None:
    """Record ``deal`` as board 1 of a new session, by taps: the hands in the card grid,
    the calls and the cards as buttons (only legal cards are enabled)."""
    page = phone.page
    page.click(f"text={file_name}")
    page.click("#record")
    page.wait_for_selector("body[data-kind]")
    calls = [c.call for c in deal.auction.calls] if deal.auction is not None else []
    cards = [c.card for c in deal.play.cards]
    for _ in range(400):
        state = page.get_attribute("body", "data-state")
        if state != "asking":
            break
        kind, prompt = phone.kind(), phone.prompt()
        if kind == "hand":
            seat = int(re.search(r"seat (\d)", prompt).group(1))
            for card in deal.hands[seat - 1]:
                page.click(f'.grid [data-card="{card}"]')
            phone.tap("[data-action=done]")
        elif kind == "kitty":
            phone.tap('[data-answer=""]')
        elif kind == "cards":
            for card in deal.discard:
                page.click(f'.grid [data-card="{card}"]')
            phone.tap("[data-action=done]")
        elif kind == "turned":
            phone.tap(f'.grid [data-card="{deal.turned}"]')
        elif kind == "call":
            phone.tap(f'[data-answer="{calls.pop(0)}"]')
        elif kind == "play":
            card = cards.pop(0)
            legal = [e.get_attribute("data-card") for e in page.query_selector_all(".hand .card:not([disabled])")]
            assert card in legal, (card, legal)
            phone.tap(f'.hand [data-card="{card}"]')
        elif kind == "confirm":
            phone.tap('[data-answer="y"]')
        elif prompt.startswith("Game"):
            phone.tap(f'[data-answer="{deal.game}"]')
        elif prompt.startswith(("Forehand", "Dealer")):
            phone.tap(f'[data-answer="{deal.forehand or deal.dealer}"]')
        elif prompt.startswith("Contract ("):
            phone.tap(f'[data-answer="{deal.contract}"]')
        elif prompt.startswith("Trump"):
            phone.tap(f'[data-answer="{deal.trump}"]')
        elif prompt.startswith("Event"):
            phone.say("At the table")
        elif prompt.startswith("Player in seat"):
            phone.say(deal.headers.get(f"Player{prompt.split()[3]}", ""))
        else:
            phone.say("")  # Enter: the default (Site empty, Date today, Variant Standard)
    page.wait_for_selector("body[data-state='complete-201']")
    assert calls == [] and cards == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("sample", ["club-night.bpn", "solo-whist/sunday-school.bpn"])
def test_a_whole_deal_is_recorded_by_taps(browser, tmp_path, sample, size):
    deal = first_deal(SAMPLES / sample)
    target = tmp_path / "table.bpn"
    with Running([target], tmp_path / "drafts") as server:
        phone = Phone(browser, server, size)
        record(phone, deal, "table.bpn")
        phone.close()
    written = [d for d in parse(target.read_text(encoding="utf-8")) if d.tags]
    assert len(written) == 1
    assert [c.card for c in written[0].play.cards] == [c.card for c in deal.play.cards]
    assert written[0].hands == deal.hands
    assert [d for d in validate_file(target) if d.is_error] == []
    text = target.read_text(encoding="utf-8")
    assert "".join(write_deal(d) for d in parse(text) if d.tags) in text  # canonical: fmt --check passes


def test_a_card_is_annotated_by_taps(browser, tmp_path):
    target = tmp_path / "club.bpn"
    shutil.copy(SAMPLES / "club-night.bpn", target)
    before = target.read_text(encoding="utf-8")
    with Running([target], tmp_path / "drafts") as server:
        phone = Phone(browser, server, SIZES[0])
        page = phone.page
        page.goto(f"{server.url}/files/club/annotate/2")
        page.click('[data-trick="3"][data-index="2"]')
        page.fill("textarea[name=comment]", "the key card")
        page.click("[data-action=comment]")
        page.wait_for_selector("text=Written")
        page.click('[data-trick="3"][data-index="2"]')
        page.click('[data-suffix="!"]')
        page.wait_for_selector("text=Written")
        phone.close()
    after = target.read_text(encoding="utf-8")
    deal = [d for d in parse(after) if d.tags][1]
    card = deal.play.cards[(3 - 1) * 3 + (2 - 1)]
    assert card.suffix == "!" and [c.text for c in card.comments] == ["the key card"]
    # the lossless editor: the old text is the new text without what was added
    assert after.replace(f"{card.card}! {{the key card}}", card.card, 1) == before
