"""Property checks shared by the Solo Whist and Bid Whist tests, on sessions made by the
independent reference (:mod:`gen_solobid`): they validate clean and write back byte for
byte (through BPN JSON too), a single mutation of a deal is caught with the right code
on the right line, and a wrong running total is BPN603 at that deal.

Each game is described once by a :class:`Game`: its generator and the mutated tag
values that are wrong in it."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps

HEADER = "% BPN 1.1\n"
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@dataclass(frozen=True)
class Game:
    """One game's generator and the wrong values planted in its deals."""

    generate: Callable[[int, int], str]
    """``generate(n, seed)``: the text of a session of ``n`` deals."""
    bad_score: Callable[[str], str]
    """A Score tag line → a Score tag line with a score that is wrong."""
    bad_tricks: Callable[[str], str]
    bad_contract: Callable[[str], str]
    revoke_rows: tuple[int, int]
    """The rows after the Play tag (``randrange`` bounds) where a card is swapped."""


def errors(text: str) -> list[tuple[int, str]]:
    return [(d.line, d.code) for d in validate_text(text) if d.severity != "info"]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def deals_of(text: str) -> list[str]:
    return text[len(HEADER):].split("\n\n")


def alone(deal: str) -> str:
    """A deal of a session on its own: no Board, no Total."""
    lines = [ln for ln in deal.rstrip("\n").splitlines() if not ln.startswith(("[Board", "[Total"))]
    return HEADER + "\n".join(lines) + "\n"


def first_deal(game: Game, needle: str, seeds=range(12)) -> str:
    """The first generated deal whose text holds ``needle`` (regex), on its own."""
    for seed in seeds:
        for deal in deals_of(game.generate(40, seed)):
            if re.search(needle, deal):
                return alone(deal)
    raise AssertionError(f"no generated deal has {needle!r}")


def check_clean_and_round_trip(game: Game, seed: int) -> None:
    text = game.generate(16, seed)
    assert errors(text) == []
    assert dumps(parse(text)) == text


def check_json_round_trip(game: Game, seed: int) -> None:
    from bismarck_pbn.convert import jsonio

    text = game.generate(12, seed)
    assert dumps(jsonio.loads(jsonio.dumps(parse(text)))) == text


def check_single_mutation(game: Game, seed: int) -> None:
    """One of six faults (chosen by ``seed``) planted in a generated deal with a play:
    caught with exactly the right code on the right line."""
    rng = random.Random(seed)
    deal = first_deal(game, r'\[Play "', seeds=[seed % 6])
    lines = deal.splitlines()
    kind = ["score", "tricks", "contract", "declarer", "revoke", "leader"][seed % 6]
    if kind == "score":
        at = line_of(deal, "[Score")
        lines[at - 1] = game.bad_score(lines[at - 1])
        assert errors("\n".join(lines) + "\n") == [(at, "BPN602")]
    elif kind == "tricks":
        at = line_of(deal, "[Tricks")
        lines[at - 1] = game.bad_tricks(lines[at - 1])
        assert errors("\n".join(lines) + "\n") == [(at, "BPN601")]
    elif kind == "contract":
        at = line_of(deal, "[Contract")
        lines[at - 1] = game.bad_contract(lines[at - 1])
        assert (at, "BPN802") in errors("\n".join(lines) + "\n")
    elif kind == "declarer":
        at = line_of(deal, "[Declarer")
        d = int(re.search(r'\d', lines[at - 1]).group())
        lines[at - 1] = f'[Declarer "{d % 4 + 1}"]'
        assert (at, "BPN802") in errors("\n".join(lines) + "\n")
    elif kind == "revoke":
        play = line_of(deal, '[Play "')
        k = rng.randrange(*game.revoke_rows)
        row = lines[play + k].split()
        row[1], row[2] = row[2], row[1]
        lines[play + k] = " ".join(row)
        found = errors("\n".join(lines) + "\n")
        assert found and found[0] == (play + k + 1, found[0][1]) and found[0][1] in ("BPN502", "BPN503")
    else:
        at = line_of(deal, '[Play "')
        leader = int(re.search(r'\d', lines[at - 1]).group())
        lines[at - 1] = f'[Play "{leader % 4 + 1}"]'
        assert errors("\n".join(lines) + "\n")[0] == (at, "BPN501")


def check_wrong_total(game: Game, wrong: str) -> None:
    """Deal 5's Total replaced by ``wrong``: BPN603 there, and nothing else."""
    text = game.generate(8, 2)
    deals = deals_of(text)
    m = re.search(r'\[Total "([^"]+)"\]', deals[4])
    bad_deal = deals[4].replace(m.group(0), f'[Total "{wrong}"]')
    bad = HEADER + "\n\n".join(deals[:4] + [bad_deal] + deals[5:])
    assert errors(bad) == [(line_of(bad, f'[Total "{wrong.split()[0]}'), "BPN603")]


def check_sample(path: str) -> list:
    """The sample session at ``samples/path`` validates clean and is canonical; its deals."""
    text = (SAMPLES / path).read_text(encoding="utf-8")
    assert [d for d in validate_text(text) if d.severity != "info"] == []
    assert dumps(parse(text)) == text
    return [d for d in parse(text) if d.tags]
