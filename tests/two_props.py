"""Property checks shared by the German Whist and Turnover Bridge tests, against their
independent reference rules (``gen_german``, ``gen_turnover``, both built on
:mod:`gen_two`): random sessions validate clean and write back byte for byte, and each
single fault the reference plants is caught with exactly its code on its line."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import ModuleType

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps


def problems(text: str) -> list[tuple[str, int]]:
    """(code, line) of every error and warning (claims are info)."""
    return [(d.code, d.line) for d in validate_text(text) if d.severity != "info"]


def line_of(lines: list[str], prefix: str) -> int:
    return next(i for i, ln in enumerate(lines) if ln.startswith(prefix))


def sessions(g: ModuleType, n: int, seed0: int = 0) -> Iterator[tuple[int, list[dict], str]]:
    """``n`` random sessions of 1–4 deals (claims among them) by the reference ``g``, from
    seed ``seed0`` on: (seed, its deals, its text)."""
    for seed in range(seed0, seed0 + n):
        rng = random.Random(seed)
        deals = g.make_session(rng, rng.randint(1, 4), claims=True)
        yield seed, deals, g.session_text(deals)


def check_clean(g: ModuleType, n: int) -> None:
    """``n`` sessions validate with no error or warning, and write back unchanged."""
    for seed, _, text in sessions(g, n):
        assert problems(text) == [], seed
        assert dumps(parse(text)) == text, seed


def check_mutations(g: ModuleType, names: list[str], n: int, seed0: int, clean: bool = False) -> int:
    """Each fault of ``names`` planted in each of ``n`` sessions from ``seed0`` (``clean``:
    each session checked clean first) is exactly one problem, the planted code on the
    planted line; how many were planted (a session may have no place for one)."""
    caught = 0
    for seed, deals, text in sessions(g, n, seed0):
        assert not clean or problems(text) == [], seed
        for name in names:
            lines = text.split("\n")
            code, line = g.MUTATIONS[name](random.Random(seed), deals, lines)
            if code is not None:
                assert problems("\n".join(lines)) == [(code, line)], (seed, name)
                caught += 1
    return caught
