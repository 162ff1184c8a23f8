"""The scores ``bpn analyse`` gives a Bismarck deal come from the ruleset's quotas: the
seat analysed against its own quota, Finnish Pass's 2/7/7 included."""

from __future__ import annotations

from pathlib import Path

from bismarck_pbn.analysis.analyse import DealAnalysis
from bismarck_pbn.analysis.contracts import quota_score
from bismarck_pbn.analysis.sides import sides_of
from bismarck_pbn.format.reader import parse
from bismarck_pbn.model.deal import Deal

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _deal(sample: str, contract: str) -> Deal:
    return next(d for d in parse((SAMPLES / sample).read_text(encoding="utf-8"))
                if d.contract == contract and d.tricks is not None and d.score is not None)


def _actual_score(deal: Deal, seat: int) -> int | None:
    """The analysis's score for ``seat`` taking the tricks the record says it took."""
    assert deal.tricks is not None
    a = DealAnalysis(deal, sides=sides_of(deal, seat), dd_side=(seat,), actual_tricks=deal.tricks[seat - 1])
    score: int | None = a.as_dict()["actual"]["score"]
    return score


def test_each_seat_scores_as_the_record_does() -> None:
    for sample, contract in [("club-night.bpn", "Spel"), ("club-night.bpn", "Pass"), ("finnish.bpn", "Pass"),
                             ("finnish.bpn", "Trump")]:
        deal = _deal(sample, contract)
        assert deal.score is not None
        for seat in (1, 2, 3):
            assert _actual_score(deal, seat) == deal.score[seat - 1], (sample, contract, seat)


def test_finnish_pass_quota_is_two_for_the_forehand() -> None:
    deal = _deal("finnish.bpn", "Pass")
    assert deal.forehand is not None
    assert quota_score(deal, "Pass", deal.forehand, 2, misere=True) == 0
    assert quota_score(deal, "Pass", deal.forehand, 5, misere=True) == -3
    assert quota_score(deal, "Spel", deal.forehand, 9, misere=False) == 1
