"""What the two-seat reference generators (``gen_german``, ``gen_turnover``) share:
cards and seats, a session written as text, and the single faults any two-seat session
can take. Standard library only; like them it must never import ``bismarck_pbn``."""
from __future__ import annotations

import random
from collections.abc import Callable

SUITS, RANKS = "SHDC", "AKQJT98765432"
DECK = [s + r for s in SUITS for r in RANKS]


def other(seat: int) -> int:
    return 3 - seat


def holding(cards) -> str:
    """``S.H.D.C``, each suit high to low."""
    return ".".join("".join(r for r in RANKS if s + r in cards) for s in SUITS)


def signed(values) -> str:
    return " ".join(f"+{v}" if v > 0 else str(v) for v in values)


def session_text(deals: list[dict], deal_lines: Callable[..., list[str]], version: str,
                 header: bool = True) -> str:
    """A session as canonical text: ``deal_lines(deal, board, running total)`` for each
    deal, an empty line between deals, ``% BPN version`` first when ``header``."""
    out = [f"% BPN {version}"] if header else []
    total = [0, 0]
    for board, d in enumerate(deals, 1):
        total = [t + s for t, s in zip(total, d["score"])]
        if board > 1 or not header:
            out.append("")
        out += deal_lines(d, board, total)
    return "\n".join(out) + "\n"


def sessions(n: int, rng: random.Random, make_session: Callable[[random.Random, int], list[dict]],
             text: Callable[..., str]) -> str:
    """``n`` deals as one text, in sessions of 1–12 boards, the version line once."""
    parts, left, first = [], n, True
    while left > 0:
        boards = min(left, rng.randint(1, 12))
        parts.append(text(make_session(rng, boards), header=first))
        left -= boards
        first = False
    return "".join(parts)


# ---- single faults ---------------------------------------------------------------

def line_of(lines: list[str], prefix: str, board: int) -> int:
    """Index of the line starting with ``prefix`` in deal ``board``."""
    seen = 0
    for i, line in enumerate(lines):
        if line.startswith("[Board "):
            seen = int(line.split('"')[1])
        if seen == board and line.startswith(prefix):
            return i
    raise LookupError(prefix)


def play_line(lines, board: int, trick: int) -> int:
    return line_of(lines, "[Play ", board) + trick


def mutate_score(rng, deals, lines):
    b = rng.randrange(len(deals)) + 1
    i = line_of(lines, "[Score ", b)
    s = list(deals[b - 1]["score"])
    s[rng.randrange(2)] += rng.choice((1, 2))
    lines[i] = f'[Score "{signed(s)}"]'
    return "BPN602", i + 1


def mutate_total(rng, deals, lines):
    b = rng.randrange(len(deals)) + 1
    i = line_of(lines, "[Total ", b)
    t = [int(v) for v in lines[i].split('"')[1].split()]
    t[rng.randrange(2)] -= 1
    lines[i] = f'[Total "{signed(t)}"]'
    return "BPN603", i + 1


def mutate_leader(rng, deals, lines):
    b = rng.randrange(len(deals)) + 1
    i = line_of(lines, "[Play ", b)
    lines[i] = f'[Play "{deals[b - 1]["dealer"]}"]'
    return "BPN501", i + 1
