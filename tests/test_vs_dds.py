"""The solver agrees with DDS, the bridge double-dummy solver, card by card: on 200
random Whist deals (bridge's play: four seats in partnerships, a trump or none), the
value of every legal card at each of the 52 positions of a play. DDS comes through the
``endplay`` package, which is not a dependency of bismarck-pbn (``pip install endplay``);
without it the test is skipped and says so."""

from __future__ import annotations

import random

import pytest

from bismarck_pbn.analysis.problem import Problem
from bismarck_pbn.analysis.solver import Solver
from bismarck_pbn.model.cards import DECK, RANKS, SUITS

STRAINS = ("S", "H", "D", "C", None)


def _winner(table: list[tuple[int, str]], trump: str | None) -> int:
    led = table[0][1][0]

    def strength(card: str) -> int:
        return (100 if card[0] == trump else 50 if card[0] == led else 0) - RANKS.index(card[1])

    return max(table, key=lambda seat_card: strength(seat_card[1]))[0]


@pytest.mark.slow
def test_every_card_of_200_random_plays_agrees_with_dds():
    pytest.importorskip("endplay", reason="DDS comes through endplay, not installed (pip install endplay)")
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    rng = random.Random(22)
    solver = Solver(node_limit=0)
    positions = 0
    for _ in range(200):
        cards = rng.sample(DECK, 52)
        hands = [set(cards[13 * k:13 * k + 13]) for k in range(4)]
        trump = rng.choice(STRAINS)
        seat = rng.randrange(4)
        dds = Deal.from_pbn("N:" + " ".join(".".join("".join(r for r in RANKS if s + r in h) for s in SUITS)
                                            for h in hands))
        dds.first, dds.trump = Player(seat), Denom(SUITS.index(trump)) if trump else Denom.nt
        solver.clear()
        table: list[tuple[int, str]] = []
        for _ in range(52):
            p = Problem(tuple(frozenset(h) for h in hands), trump=trump, to_play=seat,
                        table=tuple(c for _, c in table), side=frozenset({0, 2}))
            expected = {"SHDC"[c.suit.value] + c.rank.name[1]: v for c, v in solve_board(dds)}
            assert solver.solve_moves(p) == expected, (p, table)
            positions += 1
            # among the best cards and about half the others: sound lines and slips alike
            best = max(expected.values())
            card = rng.choice(sorted(c for c, v in expected.items() if v == best or rng.random() < 0.5))
            hands[seat].discard(card)
            dds.play(card)
            table.append((seat, card))
            if len(table) == 4:
                seat, table = _winner(table, trump), []
            else:
                seat = (seat + 1) % 4
    assert positions == 200 * 52
