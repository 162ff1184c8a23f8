"""What each contract would have scored double dummy, for the forehand of a Bismarck deal.

With the kitty as exchanged (the forehand's hand when play starts), each contract the
variant allows — Spel, Spader, Valfri in each suit it permits, Pass — is solved from
the opening lead: the forehand against the other two, in Pass wanting few tricks.

With ``exchange``, the forehand's twenty cards (hand and kitty) are tried with every
set of four discards, touching cards counted once (discarding the king or the queen of
a K-Q both held is the same), and the best discard kept for each contract. That is
C(20, 4) = 4,845 sets at most, each a full solve: slow, minutes with the C core.
"""

from __future__ import annotations

from collections.abc import Callable

from bismarck_pbn.analysis.problem import Problem
from bismarck_pbn.analysis.solver import Solver, SolverLimit
from bismarck_pbn.model.cards import DECK, ORDER, RANKS, holding_text
from bismarck_pbn.model.deal import Deal

Progress = Callable[[int, int], None]


def contract_options(deal: Deal) -> list[tuple[str, str | None, bool]]:
    """(label, trump or None, misère) for every contract the deal's variant allows."""
    variant = deal.variant
    out: list[tuple[str, str | None, bool]] = []
    for contract in variant.contracts:
        if contract == "Spel":
            out.append(("Spel", None, False))
        elif contract == "Spader":
            out.append(("Spader", "S", False))
        elif contract == "Valfri":
            if "NoTrumpValfri" not in variant.options:
                out.extend((f"Valfri {suit}", suit, False) for suit in "SHDC")
            if "ValfriNT" in variant.options or "NoTrumpValfri" in variant.options:
                out.append(("Valfri NT", None, False))
        elif contract == "Pass":
            out.append(("Pass", None, True))
    return out


def _score(misere: bool, tricks: int) -> int:
    return 4 - tricks if misere else tricks - 8


def _solve(start: Problem, hand: frozenset[str] | None, trump, misere, solver: Solver) -> int:
    hands = start.hands
    if hand is not None:
        fh = next(iter(start.side))
        hands = tuple(hand if i == fh else h for i, h in enumerate(hands))
    problem = Problem(hands, trump=trump, to_play=start.to_play, side=start.side, misere=misere)
    return solver.solve(problem)


def discard_choices(twenty: frozenset[str], others: frozenset[str]) -> list[frozenset[str]]:
    """Sets of four cards to discard from ``twenty``, one for each class of equivalent
    sets: cards of one suit with none of ``others`` between them are interchangeable."""
    runs: list[list[str]] = []
    for suit in "SHDC":
        run: list[str] = []
        for rank in RANKS:
            card = suit + rank
            if card in twenty:
                run.append(card)
            elif card in others:
                if run:
                    runs.append(run)
                run = []
        if run:
            runs.append(run)
    # choose how many to discard from each run (always its lowest cards)
    out: list[frozenset[str]] = []

    def rec(i: int, left: int, chosen: list[str]) -> None:
        if left == 0:
            out.append(frozenset(chosen))
            return
        if i == len(runs):
            return
        run = runs[i]
        for k in range(min(left, len(run)), -1, -1):
            rec(i + 1, left - k, chosen + run[len(run) - k:])

    rec(0, 4, [])
    return out


def contract_table(start: Problem, deal: Deal, solver: Solver, *, exchange: bool = False,
                   progress: Progress | None = None) -> list[dict]:
    """For each contract: {"contract", "trump", "tricks", "score"} with the exchange as
    made, and with ``exchange`` also "best_discard", "best_tricks", "best_score" (the
    best of the discards solved within the node limit), "discards" (how many were
    tried) and "discards_unsolved" (how many hit the limit)."""
    options = contract_options(deal)
    rows = []
    for label, trump, misere in options:
        try:
            tricks: int | None = _solve(start, None, trump, misere, solver)
        except SolverLimit:
            tricks = None
        rows.append({"contract": label.split()[0], "trump": trump or "NT", "tricks": tricks,
                     "score": _score(misere, tricks) if tricks is not None else None})
    if not exchange:
        return rows
    fh = next(iter(start.side))
    others = frozenset().union(*(h for i, h in enumerate(start.hands) if i != fh))
    twenty = frozenset(DECK) - others
    choices = discard_choices(twenty, others)
    total, done = len(choices) * len(options), 0
    for row, (_label, trump, misere) in zip(rows, options):
        best = None
        unsolved = 0
        for discard in choices:
            done += 1
            try:
                tricks = _solve(start, twenty - discard, trump, misere, solver)
            except SolverLimit:
                unsolved += 1
            else:
                score = _score(misere, tricks)
                if best is None or score > best[0]:
                    best = (score, tricks, discard)
            if progress is not None:
                progress(done, total)
        # the best is the best of those solved: say how many were not
        row["discards"] = len(choices)
        row["discards_unsolved"] = unsolved
        if best is not None:
            row["best_discard"] = holding_text(sorted(best[2], key=ORDER.__getitem__))
            row["best_tricks"] = best[1]
            row["best_score"] = best[0]
    return rows
