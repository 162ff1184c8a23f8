"""The replay's fast path (a play without a fault, in one loop) gives exactly what the
full replay gives, and hands every record it cannot vouch for to the full replay: the
validator's diagnostics and results are the same with the fast path and without it, on
legal plays and on plays with cards swapped, dropped, doubled or replaced, in every
game's samples (the plain game, must-trump, jokers, draws from a stock)."""

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from bismarck_pbn.check import replay as replay_module
from bismarck_pbn.check.validate import check_deal
from bismarck_pbn.format.reader import parse
from bismarck_pbn.model.cards import DECK

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

SAMPLES = ["club-night.bpn", "finnish.bpn", "estonian.bpn", "short.bpn", "whist", "ruff", "german-whist",
           "bid-whist", "solo-whist", "israeli-whist"]


def _deals(name: str):
    path = ROOT / "samples" / name
    files = sorted(path.glob("*.bpn")) if path.is_dir() else [path]
    return [d for f in files for d in parse(f.read_text(encoding="utf-8")) if d.play is not None and d.play.cards]


def _spoiled(deal, rng: random.Random):
    """The deal as recorded, and with its play spoiled in a few ways."""
    cards = list(deal.play.cards)
    yield deal
    for _ in range(4):
        new = list(cards)
        how = rng.choice(["swap", "drop", "double", "replace", "swap_near"])
        i, j = sorted(rng.sample(range(len(new)), 2)) if len(new) > 1 else (0, 0)
        if how == "swap":
            new[i], new[j] = new[j], new[i]
        elif how == "swap_near" and i + 1 < len(new):
            new[i], new[i + 1] = new[i + 1], new[i]
        elif how == "drop":
            del new[i]
        elif how == "double":
            new.insert(j, new[i])
        else:
            new[i] = new[i]._replace(card=rng.choice(DECK))
        yield dataclasses.replace(deal, play=deal.play._replace(cards=tuple(new)))


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_fast_path_changes_nothing_the_validator_says(sample, monkeypatch):
    rng = random.Random(sample)
    cases = [d for deal in _deals(sample) for d in _spoiled(deal, rng)]
    assert cases
    fast = [check_deal(d) for d in cases]
    taken = []
    real = replay_module._clean_run

    def counted(*args):
        result = real(*args)
        taken.append(result is not None)
        return result

    monkeypatch.setattr(replay_module, "_clean_run", counted)
    assert [check_deal(d) for d in cases] == fast
    monkeypatch.setattr(replay_module, "_clean_run", lambda *args: None)
    full = [check_deal(d) for d in cases]
    assert full == fast
    if sample != "german-whist":  # its draws change the hands during play: never the fast path
        assert any(taken), "the fast path was never taken"
    assert not all(taken), "no spoiled play reached the full replay"
