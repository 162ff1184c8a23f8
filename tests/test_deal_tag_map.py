"""A deal's index of its tags (``Deal.tag_map``, behind ``Deal.tag``) always follows its
tags: for a deal read, a deal made in code, and a copy made with ``dataclasses.replace``."""

from __future__ import annotations

import dataclasses

from bismarck_pbn import parse
from bismarck_pbn.model.build import build
from bismarck_pbn.model.deal import Deal, Tag

TEXT = """% BPN 1.0
[Event "Club night"]
[Site "Stockholm"]
[Event "A second Event"]
[Board "1"]
"""


def test_a_deal_made_from_tags_indexes_them():
    event, site = Tag("Event", "Club night"), Tag("Site", "Stockholm")
    deal = Deal(tags=(event, site))
    assert deal.tag_map == {"Event": event, "Site": site}
    assert deal.tag("Site") is site and deal.tag("Date") is None


def test_the_first_tag_of_a_name_is_the_one_indexed():
    first, second = Tag("Event", "A"), Tag("Event", "B")
    deal = Deal(tags=(first, Tag("Site", "S"), second))
    assert deal.tag("Event") is first
    assert list(deal.tag_map) == ["Event", "Site"]


def test_a_deal_read_indexes_the_first_of_each_name_in_order():
    deal = parse(TEXT)[0]
    assert list(deal.tag_map) == ["Event", "Site", "Board"]
    assert deal.tag("Event").value == "Club night"
    assert all(deal.tag_map[t.name] is t for t in deal.tags if t.name != "Event" or t.value == "Club night")


def test_replacing_the_tags_replaces_the_index():
    deal = parse(TEXT)[0]
    moved = dataclasses.replace(deal, tags=(Tag("Event", "Elsewhere"),))
    assert moved.tag("Event").value == "Elsewhere"
    assert moved.tag("Site") is None
    assert set(moved.tag_map) == {"Event"}


def test_replacing_the_tags_of_a_deal_made_in_code_replaces_the_index():
    deal = build(event="Club night", site="Stockholm", board=1, forehand=1)
    moved = dataclasses.replace(deal, tags=deal.tags[1:])
    assert moved.tag("Event") is None and moved.tag("Site").value == "Stockholm"


def test_the_session_key_reads_the_tags_of_a_deal_made_in_code():
    one = Deal(tags=(Tag("Event", "A"),))
    other = Deal(tags=(Tag("Event", "B"),))
    assert one.session_key() != other.session_key()
    assert dataclasses.replace(one, tags=other.tags).session_key() == other.session_key()


def test_equal_deals_stay_equal():
    assert parse(TEXT)[0] == parse(TEXT)[0]
    assert Deal(tags=(Tag("Event", "A"),)) == Deal(tags=(Tag("Event", "A"),))
