"""A deal's auction is read once when it is checked: the checker, ``contract_of`` and a
game's setup (Bid Whist's trump, Solo Whist's partner, Israeli Whist's Frisches) all
asked for it, and each asking judged every call again (20 reads for 14 Bid Whist deals)."""

from __future__ import annotations

from collections import Counter

import pytest

from bismarck_pbn import read_file, validate_file
from bismarck_pbn.games import RULESETS
from conftest import ROOT

SAMPLES = ["bid-whist/rent-party.bpn", "israeli-whist/haifa.bpn", "solo-whist/sunday-school.bpn",
           "swedish-whist/uppsala.bpn"]


@pytest.mark.parametrize("name", SAMPLES)
def test_each_auction_is_read_once(name, monkeypatch):
    path = ROOT / "samples" / name
    deals = [d for d in read_file(path) if d.tags]
    (rules,) = {RULESETS[d.game] for d in deals}
    reads: Counter[int] = Counter()
    judge = rules.check_auction

    def counted(self, deal):
        reads[deal.number] += 1
        return judge(self, deal)

    monkeypatch.setattr(rules, "check_auction", counted)
    assert [d for d in validate_file(path) if d.severity == "error"] == []
    assert reads == Counter({d.number: 1 for d in deals if d.auction is not None})
