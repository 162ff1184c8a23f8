"""Bismarck: three seats, sixteen cards each, a kitty of four, quotas, twelve deals.

The rules of BPN 1.0 §1 behind the ruleset protocol (:mod:`bismarck_pbn.games.base`),
with the variants Standard, Grand and Short and their options; the functions at the top
(``quotas``, ``scores``, ``implied_trump``…) are the same rules for callers that want
one answer without a deal. Nothing here knows of text.

>>> scores("Spel", 1, (10, 4, 2))
(2, 0, -2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from bismarck_pbn.games.base import Asks, Finding, Hand, Played, Ruleset, SessionRules, Setup, seat_list
from bismarck_pbn.games.tricks import DealState, Fault, TrickRules, left_of, trick_winner
from bismarck_pbn.model.cards import DECK_SET, rest_of_deck

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal

__all__ = ["CONTRACTS", "SEATS", "TRICKS_PER_DEAL", "Bismarck", "DealState", "Fault", "implied_trump",
           "leader", "left_of", "quotas", "scores", "trick_rules", "trick_winner"]

SEATS = (1, 2, 3)
CONTRACTS = ("Spel", "Spader", "Valfri", "Pass")
TRICKS_PER_DEAL = 16


def implied_trump(contract: str) -> str | None:
    """The trump a contract fixes: NT for Spel and Pass, S for Spader; None for Valfri."""
    return {"Spel": "NT", "Pass": "NT", "Spader": "S"}.get(contract)


def quotas(contract: str, forehand: int) -> tuple[int, int, int]:
    """Each seat's quota: forehand 8, others 4; in Pass forehand 4, others 6."""
    own, other = (4, 6) if contract == "Pass" else (8, 4)
    return tuple(own if s == forehand else other for s in SEATS)  # type: ignore[return-value]


def scores(contract: str, forehand: int, tricks: Sequence[int]) -> tuple[int, int, int]:
    """Score of each seat: tricks − quota, or quota − tricks in Pass. Sums to 0 when the
    tricks sum to 16.

    >>> scores("Pass", 1, (3, 5, 8))
    (1, 1, -2)
    """
    q = quotas(contract, forehand)
    sign = -1 if contract == "Pass" else 1
    return tuple(sign * (t - k) for t, k in zip(tricks, q))  # type: ignore[return-value]


def leader(forehand: int) -> int:
    """The seat that leads trick 1: the forehand's left."""
    return left_of(forehand)


@lru_cache(maxsize=8)
def trick_rules(trump: str | None) -> TrickRules:
    """Bismarck's tricks with ``trump`` (a suit letter, or NT/None). Shared: rules are immutable."""
    return TrickRules(3, TRICKS_PER_DEAL, None if trump in (None, "NT") else trump)


class Bismarck(Ruleset):
    """Bismarck (BPN 1.0): Standard, Grand and Short, ValfriNT, NoTrumpValfri, FixedKitty."""

    own_tags = frozenset(("Forehand", "Discard"))

    name = "Bismarck"
    seats = 3
    hand_size = 16
    kitty_size = 4
    tricks = TRICKS_PER_DEAL
    contract_required = True
    zero_sum = True

    # ---- who deals and leads

    def rotating_seat(self, deal: Deal) -> int | None:
        return deal.forehand

    def rotating_tag(self) -> str:
        return "Forehand"

    def opening_leader(self, deal: Deal) -> int | None:
        return leader(deal.forehand) if deal.forehand is not None else None

    def leader_rule(self) -> str:
        return "the seat to the forehand's left leads"

    def rotation_message(self, seat: int, previous: int, expected: int) -> str:
        return f"seat {seat} is forehand, but after seat {previous} the forehand moves to seat {expected}"

    def required(self, deal: Deal) -> list[Finding]:
        out = []
        if deal.forehand is None and deal.tag("Forehand") is None:
            out.append(Finding("BPN101", "the [Forehand] tag is missing; it says which seat (1, 2 or 3) "
                               "is forehand"))
        if deal.contract is None and deal.tag("Contract") is None:
            out.append(Finding("BPN101", "the [Contract] tag is missing; it is Spel, Spader, Valfri or Pass"))
        if deal.dealer is not None and deal.forehand is not None and deal.dealer != deal.forehand:
            # BPN 1.1 §1: the forehand acts as dealer; a Dealer tag must name its seat
            out.append(Finding("BPN103", f"[Dealer] names seat {deal.dealer}, but in Bismarck the forehand "
                               f"deals: seat {deal.forehand}", "Dealer"))
        return out

    # ---- before play

    def contracts(self) -> tuple[str, ...]:
        return self.variant.contracts

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        contract, trump, variant = deal.contract, deal.trump, self.variant
        if contract is None:
            return trump
        tie_break = deal.board is not None and deal.board > variant.deals and contract == "Valfri"
        if contract not in self.contracts() and not tie_break:
            out.append(Finding("BPN403", f"{contract} is not played in the {variant.base} variant "
                               f"(its contracts: {', '.join(self.contracts())})", "Contract"))
            if contract not in CONTRACTS:
                return trump if trump is not None else "NT"  # another variant's contract: play on
        implied = implied_trump(contract)
        if implied is not None:
            if trump is not None and trump != implied:
                out.append(Finding("BPN401", f"the trump in {contract} is {implied}, not {trump}", "Trump"))
            return implied
        if trump is None:
            if deal.tag("Trump") is None:
                out.append(Finding("BPN101", "the [Trump] tag is missing; Valfri needs the trump the "
                                   "forehand named (S, H, D or C)", "Contract"))
            return None
        allowed = variant.valfri_trumps()
        if trump not in allowed:
            how = "only at no trump" if allowed == ("NT",) else \
                ("in a suit or at no trump" if "NT" in allowed else "only in a suit (S, H, D, C)")
            out.append(Finding("BPN402", f"Valfri at {trump} is not allowed: in {variant} Valfri is "
                               f"played {how}", "Trump"))
        return trump

    def implied_trump(self, deal: Deal) -> str | None:
        return implied_trump(deal.contract) if deal.contract is not None else None

    def asks(self) -> Asks:
        return Asks(contract=True, discard=4)

    def names_trump(self, contract: str | None) -> bool:
        return contract == "Valfri"

    def exchange_mandatory(self, contract: str) -> bool:
        return self.variant.exchange_mandatory(contract)

    def setup(self, deal: Deal, out: list[Finding]) -> Setup:
        """Contract, trump, holdings and exchange checked; a Trump tag contradicting the
        contract gives way to the contract's trump, holdings that do not add up are not
        trusted, a declined exchange where it is mandatory counts as unknown."""
        hands = self.dealt_hands(deal)
        trump = self.find_trump(deal, hands, deal.kitty, out)  # (Bismarck's trump is the contract's)
        kitty = deal.kitty
        if not self.check_holdings(deal, hands, kitty, out):
            hands = [None, None, None]
            kitty = None
        if kitty is None and all(h is not None for h in hands):
            kitty = rest_of_deck(hands)  # the four cards left
        discard, exchange = self.check_exchange(deal, hands, kitty, out)
        play_hands, exact, out_of_play = self.hands_in_play(deal.forehand, hands, kitty, discard, exchange)
        setup = self.finish_setup(deal, trump, hands, kitty, discard, exchange, play_hands, exact, out_of_play)
        if deal.forehand is None and exchange is not False:
            # some seat may have taken the kitty, and which is unknown: check the play
            # against what each seat is seen to play
            return setup._replace(play_hands=[None, None, None], excluded=[out_of_play] * 3)
        if all(h is not None for h in play_hands):
            return setup
        excluded = list(setup.excluded)
        if kitty is not None:
            for s in self.seat_range():
                if s != deal.forehand:
                    excluded[s - 1] = excluded[s - 1] | set(kitty)  # only the forehand takes the kitty
        return setup._replace(excluded=excluded)

    def check_exchange(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                       out: list[Finding]) -> tuple[Hand | None, bool | None]:
        """BPN201/202 of the discard, BPN302 a declined mandatory exchange, BPN301 a
        discard that was not the forehand's to make. Returns (discard, exchange)."""
        forehand, contract = deal.forehand, deal.contract
        discard, exchange = deal.discard, deal.exchange
        if discard is not None and len(set(discard)) != len(discard):
            twice = [c for c, n in Counter(discard).items() if n > 1]
            out.append(Finding("BPN202", f"the discard lists {' '.join(sorted(twice, key=deal_order))} "
                               "more than once", "Discard"))
            discard = tuple(dict.fromkeys(discard))
        elif discard is not None and len(discard) != 4:
            out.append(Finding("BPN201", f"the discard has {len(discard)} cards; it must have 4", "Discard"))
        if exchange is False and contract is not None and self.exchange_mandatory(contract):
            why = "in Valfri" if contract == "Valfri" else "under FixedKitty"
            out.append(Finding("BPN302", f"the exchange is mandatory {why}, but the discard is '-' (declined)",
                               "Discard"))
            exchange = None  # the forehand must have exchanged: which cards went out is unknown
        if discard and forehand is not None:
            fh_hand = hands[forehand - 1]
            if fh_hand is not None and kitty is not None:
                possible = set(fh_hand) | set(kitty)
            else:
                possible = set(DECK_SET)
                for s in self.seat_range():
                    if s != forehand and hands[s - 1] is not None:
                        possible -= set(hands[s - 1])  # type: ignore[arg-type]
            bad = [c for c in discard if c not in possible]
            if bad:
                owners = []
                for c in bad:
                    owner = next((s for s in self.seat_range() if s != forehand and hands[s - 1]
                                  and c in hands[s - 1]), None)  # type: ignore[operator]
                    owners.append(f"{c} (in seat {owner}'s hand)" if owner else c)
                out.append(Finding("BPN301", f"the forehand discards {', '.join(owners)}, not in the "
                                   "forehand's hand or the kitty", "Discard"))
        return discard, exchange

    @staticmethod
    def hands_in_play(forehand: int | None, hands: Sequence[Hand | None], kitty: Hand | None,
                      discard: Hand | None, exchange: bool | None
                      ) -> tuple[list[set[str] | None], list[bool], set[str]]:
        """Each seat's cards when play starts (after the exchange), whether that is exact,
        and the cards out of play (discards, an unused kitty)."""
        play_hands = [set(h) if h is not None else None for h in hands]
        exact = [True, True, True]
        out_of_play = set(discard) if exchange and discard else set()
        if forehand is None:
            if exchange is False and kitty is not None:
                out_of_play |= set(kitty)
            return play_hands, exact, out_of_play
        i = forehand - 1
        dealt = play_hands[i]
        if exchange is False:
            if kitty is not None:
                out_of_play |= set(kitty)
        elif exchange is True and discard is not None:
            if dealt is not None:
                play_hands[i] = (dealt | set(kitty)) - set(discard) if kitty is not None else None
        elif dealt is not None:
            if kitty is not None:
                play_hands[i] = dealt | set(kitty)
                exact[i] = False  # we do not know which four went out
            else:
                play_hands[i] = None
        return play_hands, exact, out_of_play

    def trick_rules(self, deal: Deal, trump: str | None) -> TrickRules:
        return trick_rules(trump)

    # ---- the result

    def tricks_needed(self, deal: Deal) -> tuple[int, ...] | None:
        if deal.contract is None or deal.forehand is None:
            return None
        return quotas(deal.contract, deal.forehand)

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        if deal.contract is None or deal.forehand is None:
            return None
        return scores(deal.contract, deal.forehand, tricks)

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        return (f"for {'/'.join(map(str, tricks))} tricks in {deal.contract} with seat {deal.forehand} "
                "as forehand")

    def session_rules(self) -> SessionRules:
        return BismarckSession(self)


def deal_order(card: str) -> int:
    from bismarck_pbn.model.cards import ORDER

    return ORDER.get(card, 99)


def _tie_at_top(totals: Sequence[int]) -> bool:
    return list(totals).count(max(totals)) > 1


class BismarckSession(SessionRules):
    """Each forehand's contracts keep to the variant's schedule (BPN703); deals beyond
    the variant's length are Valfri tie-breaks of a tie at the top (BPN705); a session
    that ends tied is reported (BPN704)."""

    def start(self) -> None:
        self.counts: Counter[tuple[int, str]] = Counter()

    def deal(self, deal: Deal, totals: tuple[int, ...] | None) -> list[Finding]:
        variant = self.ruleset.variant
        contract = deal.contract
        if deal.board is None:
            return []
        if deal.board > variant.deals:
            tie = totals is not None and _tie_at_top(totals)
            if not tie or contract != "Valfri":
                why = ("there is no tie at the top to break" if not tie else
                       f"a tie-break deal is Valfri, not {contract}")
                return [Finding("BPN705", f"board {deal.board} is beyond the {variant.deals} deals of "
                                f"{variant.base} and is not a tie-break: {why}", "Board")]
        elif deal.forehand is not None and contract in variant.contracts:
            key = (deal.forehand, contract)
            self.counts[key] += 1
            if self.counts[key] > variant.per_contract:
                times = "once" if variant.per_contract == 1 else f"{variant.per_contract} times"
                return [Finding("BPN703", f"seat {deal.forehand} has already played {contract} as forehand "
                                f"{times}, as often as {variant.base} allows", "Contract")]
        return []

    def finish(self, last: Deal, board: int | None, totals: tuple[int, ...] | None) -> list[Finding]:
        variant = self.ruleset.variant
        if board is None or board < variant.deals or totals is None or not _tie_at_top(totals):
            return []
        top = max(totals)
        tied = [s for s in SEATS if totals[s - 1] == top]
        top_text = f"{top:+d}" if top else "0"
        if board > variant.deals:
            why = "the tie-break deals so far leave the tie unbroken: another Valfri deal may follow"
        else:
            why = "no tie-break follows: a shared win, unless a Valfri tie-break is played"
        at = "Total" if last.tag("Total") is not None else "Board"
        return [Finding("BPN704", f"the session ends with seats {seat_list(tied)} tied at the top on "
                        f"{top_text}; {why}", at)]

    # ---- for standings ----------------------------------------------------------------

    def length(self) -> int:
        return self.ruleset.variant.deals

    def remaining(self, played: Sequence[Played]) -> dict[int, list[str]]:
        """In Standard and Grand each forehand plays each contract exactly once or twice,
        so the contracts left are what must still be played. In Short ("at most twice")
        the list holds every contract a seat may still choose, as often as it may, but
        never more often than the seat has deals left as forehand."""
        variant = self.ruleset.variant
        if any(p.board >= variant.deals for p in played):
            return {s: [] for s in SEATS}
        counts = Counter((p.seat, p.contract) for p in played
                         if p.board <= variant.deals and p.seat is not None and p.contract in variant.contracts)
        deals_left = self.deals_left(played)
        out: dict[int, list[str]] = {}
        for seat in SEATS:
            cap = deals_left[seat] if deals_left is not None else variant.deals
            contracts: list[str] = []
            for contract in variant.contracts:
                due = max(0, variant.per_contract - counts[(seat, contract)])
                if not variant.exact_schedule:
                    due = min(due, cap)
                contracts.extend([contract] * due)
            out[seat] = contracts
        return out

    def schedule_text(self) -> str:
        variant = self.ruleset.variant
        if not variant.exact_schedule:
            return "each contract at most twice"
        return "each contract exactly once" if variant.per_contract == 1 else "each contract exactly twice"

    def tie_break(self) -> str:
        return "a Valfri deal"
