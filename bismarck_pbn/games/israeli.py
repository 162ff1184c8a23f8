"""Israeli Whist: four seats each for himself, a trump auction with strains, the Frisch,
contract bids whose sum may not be 13, and n² + 10 for a contract made exactly.

The rules of BPN 1.1 §2 (and the rulings in ``docs/games/israeli-whist.md``) behind
the ruleset protocol. :func:`seat_score` is the scoring rule on its own:

>>> seat_score(3, 3, 12), seat_score(4, 6, 12), seat_score(0, 2, 14)
(19, -20, -40)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bismarck_pbn.games.auction import Ladder, after_the_end, first_caller
from bismarck_pbn.games.base import Asks, AuctionResult, Finding, Hand, Ruleset, Setup
from bismarck_pbn.model.cards import sort_cards

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal

STRAINS = ("C", "D", "H", "S", "NT")
"""Low to high: at equal tricks a higher strain is the higher bid."""
FRISCHES = 3
"""Frisches allowed before four passes throw the deal in."""
PASSED = 3
"""Cards each seat passes to its left in a Frisch."""
_BID = re.compile(r"([0-9]{1,2})(C|D|H|S|NT)")


def bid_rank(word: str) -> int | None:
    """The rank of a trump bid (``5C`` lowest, ``13NT`` highest), None for another word."""
    m = _BID.fullmatch(word)
    if m is None or not 5 <= int(m.group(1)) <= 13:
        return None
    return int(m.group(1)) * len(STRAINS) + STRAINS.index(m.group(2))


def strain(contract: str | None) -> str | None:
    """The trump of a contract (``6H`` → H, ``7NT`` → NT); None for ``None`` or unknown."""
    m = _BID.fullmatch(contract or "")
    return m.group(2) if m else None


def seat_score(bid: int, took: int, bids_sum: int) -> int:
    """One seat's score: exact n ≥ 1 → n² + 10; missed → −10 a trick off; zero made →
    +50 with the bids under 13, +25 over; zero missed → −50, +10 a trick after the first."""
    if bid == 0:
        if took == 0:
            return 50 if bids_sum < 13 else 25
        return -50 + 10 * (took - 1)
    if took == bid:
        return bid * bid + 10
    return -10 * abs(took - bid)


class IsraeliWhist(Ruleset):
    """Israeli Whist: trump auction (Frisch after four passes), contract bids, n² + 10."""

    own_tags = frozenset(("Declarer", "Bids"))

    name = "IsraeliWhist"
    contract_required = True
    has_auction = True
    calls = ("Pass", "Frisch", *(f"{n}{s}" for n in range(5, 14) for s in STRAINS))

    # ---- the auction

    def check_auction(self, deal: Deal) -> AuctionResult | None:
        """Rounds of bids from the dealer's left; four passes make a Frisch (the word
        ``Frisch`` marks it) and the next round's lowest bid is one trick higher; after
        the third Frisch four passes throw the deal in. O(calls)."""
        auction = deal.auction
        if auction is None:
            return None
        out: list[Finding] = []
        first = first_caller(self, deal, out)
        frisches = 0
        ladder = self._round(first, frisches, out)
        awaiting_frisch = False
        ended: int | None = None
        for i, call in enumerate(auction.calls):
            word = call.call
            if ended is not None:
                after_the_end(out, i, word, ended)  # once: the rest follows from it
                break
            if awaiting_frisch:
                if word != "Frisch":
                    out.append(Finding("BPN801", f"after four passes the deal goes to a Frisch, written "
                                       f"Frisch before the next round; {word} comes first", call=i))
                frisches += 1
                ladder = self._round(first, frisches, out)
                awaiting_frisch = False
                if word == "Frisch":
                    continue
            elif word == "Frisch":
                out.append(Finding("BPN801", "a Frisch comes only after four passes; this one is ignored",
                                   call=i))
                continue
            ladder.call(i, word)
            if ladder.over:
                if ladder.high is not None or frisches == FRISCHES:
                    ended = i
                else:
                    awaiting_frisch = True
        if ended is None:
            return AuctionResult(out, None, None, None, False, restarts=frisches,
                                 to_call=first if awaiting_frisch else ladder.seat)
        if ladder.high is None:
            return AuctionResult(out, "None", None, None, True, restarts=frisches)
        _, seat, word = ladder.high
        return AuctionResult(out, word, seat, strain(word), True, restarts=frisches)

    def _round(self, first: int, frisches: int, out: list[Finding]) -> Ladder:
        return Ladder(self.seats, first, bid_rank, "Pass, a bid 5C to 13NT, Frisch", out,
                      minimum=bid_rank(f"{5 + frisches}C") or 0)

    # ---- before play

    def asks(self) -> Asks:
        """The contract (from the auction), the cards passed in each Frisch, the bids."""
        return Asks(contract=True, bids=True, passed=PASSED)

    def opening_leader(self, deal: Deal) -> int | None:
        """The declarer (the trump auction's winner) leads."""
        return self.contract_of(deal)[1]

    def leader_rule(self) -> str:
        return "the declarer leads"

    def implied_trump(self, deal: Deal) -> str | None:
        return strain(self.contract_of(deal)[0])

    def setup(self, deal: Deal, out: list[Finding]) -> Setup:
        """Holdings checked, the Frisches applied (BPN303), the contract bids checked
        (BPN803), trump from the contract (BPN401 for a Trump tag that disagrees)."""
        hands = self.dealt_hands(deal)
        if not self.check_holdings(deal, hands, None, out):
            hands = [None] * self.seats
        contract, declarer = self.contract_of(deal)
        play_hands = self._frisches(deal, hands, out)
        self._check_bids(deal, contract, declarer, out)
        trump = strain(contract)
        if deal.trump is not None and trump is not None and deal.trump != trump and deal.auction is None:
            out.append(Finding("BPN401", f"the contract {contract} makes {trump} trump, not {deal.trump}", "Trump"))
        exact = [h is not None for h in play_hands]
        if all(h is None for h in play_hands):
            hands = [None] * self.seats  # the Frisch moved cards we cannot follow: nothing is excluded
        return self.finish_setup(deal, trump, hands, None, None, None, play_hands, exact, set())

    def _frisches(self, deal: Deal, hands: list[Hand | None], out: list[Finding]) -> list[set[str] | None]:
        """Each seat's cards after the Frisches (None where unknown), reporting BPN303."""
        auction = self.auction_of(deal) if deal.auction is not None else None
        given = [i + 1 for i, passed in enumerate(deal.frisch) if passed is not None]
        count = auction.restarts if auction is not None else max(given, default=0)
        for k in range(count + 1, FRISCHES + 1):
            if deal.tag(f"Frisch{k}") is not None:
                out.append(Finding("BPN303", f"[Frisch{k}] gives cards passed, but the auction has "
                                   f"{count} Frisch{'es' if count != 1 else ''}", f"Frisch{k}"))
        current: list[set[str] | None] = [set(h) if h is not None else None for h in hands]
        for k in range(1, count + 1):
            passed = deal.frisch[k - 1] if k <= len(deal.frisch) else None
            if passed is None:  # not recorded: nobody's cards are known from here on
                return [None] * self.seats
            wrong = [s for s in self.seat_range() if len(passed[s - 1]) != PASSED]
            if wrong:
                s = wrong[0]
                out.append(Finding("BPN303", f"seat {s} passes {len(passed[s - 1])} cards in Frisch {k}; "
                                   f"each seat passes {PASSED}", f"Frisch{k}"))
                return [None] * self.seats
            for s in self.seat_range():
                held = current[s - 1]
                if held is not None and not held.issuperset(passed[s - 1]):
                    missing = sort_cards(set(passed[s - 1]) - held)
                    out.append(Finding("BPN303", f"seat {s} passes {' '.join(missing)} in Frisch {k}, "
                                       "which it does not hold", f"Frisch{k}"))
                    return [None] * self.seats
            nxt: list[set[str] | None] = []
            for s in self.seat_range():
                held = current[s - 1]
                right = (s - 2) % self.seats + 1  # the seat that passes to s
                nxt.append(None if held is None else (held - set(passed[s - 1])) | set(passed[right - 1]))
            current = nxt
        return current

    def _check_bids(self, deal: Deal, contract: str | None, declarer: int | None, out: list[Finding]) -> None:
        """BPN803: the contract bids, made from the declarer clockwise."""
        bids = deal.bids
        if bids is None:
            return
        if contract == "None":
            out.append(Finding("BPN803", "the deal was thrown in: nobody makes a contract bid", "Bids"))
            return
        fault = self.bids_fault(contract, declarer, bids)
        if fault is not None:
            out.append(Finding("BPN803", fault, "Bids"))

    def bids_fault(self, contract: str | None, declarer: int | None,
                   bids: Sequence[int | None]) -> str | None:
        """What is wrong with the contract bids by seat (None for a seat yet to bid, so
        that ``bpn record`` checks each bid as it is made), or None: a bid out of range,
        the declarer's below its trump bid, all four adding up to 13."""
        high = [s for s in self.seat_range() if (bids[s - 1] or 0) > self.tricks]
        if high:
            return f"seat {high[0]} bids {bids[high[0] - 1]}; a contract bid is 0 to {self.tricks}"
        m = _BID.fullmatch(contract or "")
        if declarer is not None and m is not None and bids[declarer - 1] is not None \
                and bids[declarer - 1] < int(m.group(1)):  # type: ignore[operator]
            return (f"the declarer (seat {declarer}) bids {bids[declarer - 1]}, below the {m.group(1)} tricks "
                    f"of the trump bid {contract}")
        if declarer is not None and None not in bids and sum(bids) == self.tricks:  # type: ignore[arg-type]
            last = (declarer + self.seats - 2) % self.seats + 1
            return (f"the bids add up to {self.tricks}: seat {last}, the last to bid, may not make them "
                    f"{self.tricks}")
        return None

    # ---- the result

    def counts_per_side(self) -> bool:
        return False

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        """Each seat's score for its contract bid (see :func:`seat_score`); zeros in a
        deal thrown in; None without the Bids, or with Bids that break a rule (BPN803)."""
        if self.contract_of(deal)[0] == "None":
            return (0,) * self.seats
        if deal.bids is None or len(tricks) != self.seats:
            return None
        contract, declarer = self.contract_of(deal)
        if self.bids_fault(contract, declarer, deal.bids) is not None:
            return None  # BPN803 at the Bids tag: the Score is taken as given (one fault)
        total = sum(deal.bids)
        return tuple(seat_score(b, t, total) for b, t in zip(deal.bids, tricks))

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        bids = "/".join(map(str, deal.bids or ()))
        return f"for {'/'.join(map(str, tricks))} tricks against the bids {bids}"
