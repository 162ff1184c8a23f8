"""Every stated number is checked: each number of a valid sample's ``Tricks``, ``Score``,
``Total`` and ``Points`` tags, changed by one up or down, draws at least one error.

The whole sweep (every valid sample of every game, about 2,600 changed files) is slow and
runs in CI's second step; the default run keeps one slice of it, the Swedish Whist misère
with its Tricks written per side (whose Points once passed unchecked).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from bismarck_pbn import Deal, parse, read_file, validate_deals, validate_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
VALID = sorted(p for p in SAMPLES.rglob("*.bpn") if "invalid" not in p.parts)
NUMBER_TAG = re.compile(r'^\[(Tricks|Score|Total|Points) "([^"]*)"\]', re.M)
NUMBER = re.compile(r"[+-]?\d+")
FIELDS = ("tricks", "score", "total", "points")


def one_off_changes(text: str, lines: range | None = None):
    """(line, tag, new value, changed text) for every number of a Tricks, Score, Total or
    Points tag changed by +1 and by -1 (Tricks never below 0; signed tags written signed)."""
    for m in NUMBER_TAG.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        if lines is not None and line not in lines:
            continue
        signed = m.group(1) != "Tricks"
        for n in NUMBER.finditer(m.group(2)):
            for delta in (1, -1):
                v = int(n.group()) + delta
                if v < 0 and not signed:
                    continue
                new = (f"{v:+d}" if v else "0") if signed else str(v)
                at = m.start(2)
                value = m.group(2)[:n.start()] + new + m.group(2)[n.end():]
                yield line, m.group(1), value, text[:at + n.start()] + new + text[at + n.end():]


def missed(text: str, lines: range | None = None) -> list[str]:
    assert [d for d in validate_text(text) if d.severity == "error"] == []
    out = []
    count = 0
    for line, tag, value, changed in one_off_changes(text, lines):
        count += 1
        if not any(d.severity == "error" for d in validate_text(changed)):
            out.append(f'line {line}: [{tag} "{value}"] passes')
    assert count > 0, "the slice holds no number to change"
    return out


def misere_by_side() -> tuple[str, range]:
    """The Swedish Whist sample with its misère's Tricks written per side (10 3 rather than
    7 2 3 1, as BPN allows), and the lines of that deal."""
    text = (SAMPLES / "swedish-whist" / "uppsala.bpn").read_text(encoding="utf-8")
    assert text.count('[Tricks "7 2 3 1"]') == 1
    text = text.replace('[Tricks "7 2 3 1"]', '[Tricks "10 3"]')
    start = text.index('[Contract "Misere"]')
    first = text.count("\n", 0, start) + 1
    return text, range(first, first + 8)


def test_misere_points_checked_with_tricks_by_side() -> None:
    """The play says who took each trick, so a misère's Points are known even when
    Tricks gives only the sides' counts."""
    text, _ = misere_by_side()
    changed = text.replace('[Points "-15 +5 +5 +5"]', '[Points "1 2 3 4"]')
    found = [d for d in validate_text(changed) if d.severity == "error"]
    assert [(d.code, d.message) for d in found] == [
        ("BPN602", "the individual points are -15 +5 +5 +5, not +1 +2 +3 +4")]


def test_every_number_of_the_misere_deal_is_checked() -> None:
    text, lines = misere_by_side()
    assert missed(text, lines) == []


def changed_deals(deals: list[Deal]):
    """(deal's board, field, new values, the deals with that one changed) for every number
    of every deal's tricks, score, total and points changed by +1 and by -1, as the reader
    gives them for the text changed so (a deal is remade with ``dataclasses.replace``:
    reading each changed file again would take three times as long)."""
    for i, deal in enumerate(deals):
        for name in FIELDS:
            values = getattr(deal, name)
            for k in range(len(values or ())):
                for delta in (1, -1):
                    new = values[:k] + (values[k] + delta,) + values[k + 1:]
                    if name == "tricks" and new[k] < 0:
                        continue
                    yield deal.board, name, new, deals[:i] + [dataclasses.replace(deal, **{name: new})] + deals[i + 1:]


@pytest.mark.slow
@pytest.mark.parametrize("path", VALID, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_every_number_of_every_valid_sample_is_checked(path: Path) -> None:
    deals = list(read_file(path))
    assert [d for c in validate_deals(deals) for d in c.diagnostics if d.severity == "error"] == []
    passed = []
    count = 0
    for board, name, new, changed in changed_deals(deals):
        count += 1
        if not any(d.severity == "error" for c in validate_deals(changed) for d in c.diagnostics):
            passed.append(f"board {board}: {name} {new} passes")
    assert count >= 20
    assert passed == []


def test_a_changed_deal_reads_as_the_changed_text_does():
    """What the sweep above checks is what the reader gives for the changed text."""
    text = (SAMPLES / "whist" / "friday-whist.bpn").read_text(encoding="utf-8")
    deals = parse(text)
    pairs = list(zip(one_off_changes(text), changed_deals(deals)))[:6]
    assert len(pairs) == 6
    for (_, _, _, changed_text), (_, _, _, changed) in pairs:
        assert [d.headers for d in parse(changed_text)] == [d.headers for d in changed]
