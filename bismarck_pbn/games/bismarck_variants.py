"""Bismarck as played in Estonia and in Finland: the BPN 1.1 base variants ``Estonian``
and ``Finnish``, each a small change to :class:`~bismarck_pbn.games.bismarck.Bismarck`.

- Estonian: eight deals; six contracts, the four of Standard and two that avoid cards
  (``NoHearts``: each seat's quota of hearts, forehand 3, others 5, score quota − hearts
  taken; ``NoQueen``: the seat that takes SQ scores −2, the others +1), each of the six
  exactly once in deals 1–6, any contract in deals 7 and 8. Cards out of play count as
  the forehand's, so the scores still sum to 0.
- Finnish: the forehand always takes the kitty and leads trick 1, a seat that cannot
  follow must trump if it can; deals 1–3 ``Trump`` (the turned kitty card's suit),
  4–6 ``Spel``, 7–9 ``Pass`` with quotas 2/7/7, 10–12 the forehand's choice of Valfri
  (a suit), Spel or Pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from bismarck_pbn.games.base import Finding, Hand, Played, SessionRules
from bismarck_pbn.games.bismarck import TRICKS_PER_DEAL, Bismarck, BismarckSession, scores
from bismarck_pbn.games.tricks import TrickRules

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal

ESTONIAN_CONTRACTS = ("Spel", "Spader", "Valfri", "Pass", "NoHearts", "NoQueen")
HEART_QUOTAS = (3, 5)
"""NoHearts: the forehand's quota of hearts, and each other seat's."""

FINNISH_SCHEDULE = {1: ("Trump",), 2: ("Trump",), 3: ("Trump",), 4: ("Spel",), 5: ("Spel",), 6: ("Spel",),
                    7: ("Pass",), 8: ("Pass",), 9: ("Pass",), 10: ("Valfri", "Spel", "Pass"),
                    11: ("Valfri", "Spel", "Pass"), 12: ("Valfri", "Spel", "Pass")}
"""The contracts each Finnish deal may be played in, by board."""


class Estonian(Bismarck):
    """Bismarck, variant Estonian (BPN 1.1)."""

    needs_taken = True

    def contracts(self) -> tuple[str, ...]:
        return ESTONIAN_CONTRACTS

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        if deal.contract in ("NoHearts", "NoQueen"):
            if deal.trump is not None and deal.trump != "NT":
                out.append(Finding("BPN401", f"{deal.contract} is played at no trump, not {deal.trump}", "Trump"))
            return "NT"
        return super().find_trump(deal, hands, kitty, out)

    def implied_trump(self, deal: Deal) -> str | None:
        if deal.contract in ("NoHearts", "NoQueen"):
            return "NT"
        return super().implied_trump(deal)

    def tricks_needed(self, deal: Deal) -> tuple[int, ...] | None:
        if deal.contract in ("NoHearts", "NoQueen"):
            return None  # the quotas are of cards, not of tricks
        return super().tricks_needed(deal)

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        if deal.contract not in ("NoHearts", "NoQueen"):
            return super().score(deal, tricks)
        if taken is None or deal.forehand is None:
            return None
        won = [list(cards) for cards in taken]
        won[deal.forehand - 1] += self.out_of_play(deal)
        if deal.contract == "NoQueen":
            holder = next((s for s in range(3) if "SQ" in won[s]), None)
            if holder is None:
                return None
            return tuple(-2 if s == holder else 1 for s in range(3))
        own, other = HEART_QUOTAS
        return tuple((own if s + 1 == deal.forehand else other) - sum(1 for c in won[s] if c[0] == "H")
                     for s in range(3))

    @staticmethod
    def out_of_play(deal: Deal) -> list[str]:
        """The cards no seat plays: the discards, or the kitty when the exchange was declined."""
        if deal.exchange is False:
            return list(deal.kitty or ())
        return list(deal.discard or ())

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        if deal.contract == "NoHearts":
            return (f"for the hearts each seat took in NoHearts (quotas {HEART_QUOTAS[0]} for the forehand, "
                    f"{HEART_QUOTAS[1]} for the others; cards out of play count as the forehand's)")
        if deal.contract == "NoQueen":
            return "in NoQueen (−2 for the seat that took SQ, +1 for the others)"
        return super().score_explained(deal, tricks)

    def session_rules(self) -> SessionRules:
        return EstonianSession(self)


class EstonianSession(BismarckSession):
    """Deals 1–6: each of the six contracts exactly once in the session; 7 and 8: any."""

    def deal(self, deal: Deal, totals: tuple[int, ...] | None) -> list[Finding]:
        if deal.board is None or deal.contract is None:
            return []
        if deal.board > self.ruleset.variant.deals:
            return super().deal(deal, totals)
        if deal.board <= 6:
            self.counts[(0, deal.contract)] += 1
            if self.counts[(0, deal.contract)] > 1:
                return [Finding("BPN703", f"{deal.contract} has already been played in this session; in "
                                "Estonian deals 1–6 play each of the six contracts once", "Contract")]
        return []

    def remaining(self, played: Sequence[Played]) -> dict[int, list[str]]:
        """Deals 1–6: the six contracts not yet played, whoever is forehand (key 0);
        deals 7 and 8 are free."""
        done = {p.contract for p in played if p.board <= 6}
        last = max((p.board for p in played), default=0)
        return {0: [c for c in ESTONIAN_CONTRACTS if c not in done] if last < 6 else []}

    def schedule_text(self) -> str:
        return "deals 1–6 each contract once, whoever is forehand; 7 and 8 free"


@lru_cache(maxsize=8)
def finnish_tricks(trump: str | None) -> TrickRules:
    """Finnish tricks: who cannot follow must trump if able."""
    return TrickRules(3, TRICKS_PER_DEAL, trump, must_trump=trump is not None)


class Finnish(Bismarck):
    """Bismarck, variant Finnish (BPN 1.1)."""

    def opening_leader(self, deal: Deal) -> int | None:
        return deal.forehand

    def turns_card(self, deal: Deal) -> bool:
        """The first kitty card is turned in the Trump deals (and where the contract is not known)."""
        return deal.contract in (None, "Trump")

    def required(self, deal: Deal) -> list[Finding]:
        """Bismarck's, and BPN103 at a Variant tag that gives Finnish a Valfri option:
        Finnish Valfri is played in a suit, so the option is ignored."""
        out = super().required(deal)
        if deal.tag("Variant") is not None:
            out += [Finding("BPN103", f"[Variant] {option} does not go with Finnish, whose Valfri is played in a "
                            "suit; the option is ignored", "Variant")
                    for option in ("ValfriNT", "NoTrumpValfri") if option in deal.variant.options]
        return out

    def leader_rule(self) -> str:
        return "in Finnish the forehand leads"

    def contracts(self) -> tuple[str, ...]:
        return ("Trump", "Spel", "Pass", "Valfri")

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        if deal.contract != "Trump":
            return super().find_trump(deal, hands, kitty, out)
        turned, trump = deal.turned, deal.trump
        if turned is None:
            if deal.tag("Turned") is None:
                out.append(Finding("BPN101", "the [Turned] tag is missing; in a Trump deal the first kitty "
                                   "card is turned and its suit is trump", "Contract"))
            return trump
        if deal.kitty is not None and turned not in deal.kitty:
            out.append(Finding("BPN205", f"the turned card {turned} is not in the kitty; the first kitty card "
                               "is turned", "Turned"))
        elif trump is not None and trump != turned[0]:
            out.append(Finding("BPN205", f"the turned card {turned} makes {turned[0]} trump, not {trump}",
                               "Turned"))
        return turned[0]

    def implied_trump(self, deal: Deal) -> str | None:
        if deal.contract == "Trump":
            return deal.turned[0] if deal.turned else None
        return super().implied_trump(deal)

    def trick_rules(self, deal: Deal, trump: str | None) -> TrickRules:
        return finnish_tricks(trump)

    def tricks_needed(self, deal: Deal) -> tuple[int, ...] | None:
        if deal.contract == "Pass" and deal.forehand is not None:
            return tuple(2 if s == deal.forehand else 7 for s in (1, 2, 3))
        return super().tricks_needed(deal)

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        if deal.contract == "Pass" and deal.forehand is not None:
            quotas = self.tricks_needed(deal)
            assert quotas is not None
            return tuple(q - t for q, t in zip(quotas, tricks))
        if deal.contract == "Trump" and deal.forehand is not None:
            return scores("Spel", deal.forehand, tricks)  # quotas 8/4/4
        return super().score(deal, tricks)

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        text = super().score_explained(deal, tricks)
        return text + (" (Finnish Pass quotas: 2 for the forehand, 7 for the others)" if deal.contract == "Pass"
                       else "")

    def session_rules(self) -> SessionRules:
        return FinnishSession(self)


class FinnishSession(BismarckSession):
    """Each board has its contracts (:data:`FINNISH_SCHEDULE`)."""

    def deal(self, deal: Deal, totals: tuple[int, ...] | None) -> list[Finding]:
        if deal.board is None or deal.contract is None:
            return []
        if deal.board > self.ruleset.variant.deals:
            return super().deal(deal, totals)
        allowed = FINNISH_SCHEDULE[deal.board]
        if deal.contract not in allowed:
            return [Finding("BPN703", f"board {deal.board} of a Finnish session is played in "
                            f"{' or '.join(allowed)}, not {deal.contract}", "Contract")]
        return []

    def remaining(self, played: Sequence[Played]) -> dict[int, list[str]]:
        """Each board's contract by the schedule, for the seat that will be forehand
        then (a free choice as ``Valfri/Spel/Pass``)."""
        out: dict[int, list[str]] = {s: [] for s in self.ruleset.seat_range()}
        known = [(p.board, p.seat) for p in played if p.seat is not None]
        if not known:
            return out
        (ref_board, ref_seat), last = known[-1], max(p.board for p in played)
        for board in range(last + 1, self.length() + 1):
            seat = ref_seat
            for _ in range((board - ref_board) % 3):
                seat = self.ruleset.left_of(seat)
            out[seat].append("/".join(FINNISH_SCHEDULE[board]))
        return out

    def schedule_text(self) -> str:
        return "boards 1–3 Trump, 4–6 Spel, 7–9 Pass, 10–12 the forehand's choice"
