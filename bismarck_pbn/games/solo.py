"""Solo Whist: four seats, no fixed partners, the dealer's last card turned for trump, an
auction of solo contracts from Propose to Slam, and zero-sum payments.

The rules of BPN 1.1 §2 and §4 (rulings in ``docs/games/solo-whist.md``) behind the
ruleset protocol. Calls, low to high: ``Propose`` (8 tricks with a partner who
``Accept``\\ s), ``Solo`` (5), ``Misere`` (none, no trump), ``Abundance`` (9, trump named
by the declarer), ``AbundanceTrump`` (9, the turned trump), ``SpreadMisere`` (none, no
trump) and ``Slam`` (13, trump named; the declarer leads). Values 1, 2, 3, 4, 4, 6, 8:
made, each opponent pays the value to the declarer (after Propose/Accept each partner
gains it and each opponent loses it); failed, the reverse.

>>> payments("Solo", 1, None, (5, 3, 3, 2))
(6, -2, -2, -2)
>>> payments("Propose", 1, 3, (4, 3, 3, 3))
(-1, 1, -1, 1)
>>> payments("Misere", 2, None, (4, 0, 5, 4))
(-3, 9, -3, -3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bismarck_pbn.games.auction import PASS, after_the_end, first_caller
from bismarck_pbn.games.base import Asks, AuctionResult, Finding, Hand, Ruleset
from bismarck_pbn.games.tricks import SUIT_NAMES

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal

__all__ = ["CALLS", "NEEDED", "SoloWhist", "VALUES", "made", "payments"]

CALLS = ("Propose", "Solo", "Misere", "Abundance", "AbundanceTrump", "SpreadMisere", "Slam")
"""The contracts, low to high; each call must be higher than the highest so far."""
ACCEPT = "Accept"
VALUES = dict(zip(CALLS, (1, 2, 3, 4, 4, 6, 8)))
"""What each opponent pays (or is paid) per contract."""
NEEDED = {"Propose": 8, "Solo": 5, "Misere": 0, "Abundance": 9, "AbundanceTrump": 9, "SpreadMisere": 0,
          "Slam": 13}
"""Tricks the declarer (with its partner after Propose) must take; misères must take none."""
MISERES = ("Misere", "SpreadMisere")
NAMED = ("Abundance", "Slam")
"""Contracts whose trump the declarer names (a suit, never no trump)."""
TURNED = ("Propose", "Solo", "AbundanceTrump")
"""Contracts played with the turned card's suit as trump."""
THROWN_IN = "None"


def made(contract: str, declarer: int, partner: int | None, tricks: Sequence[int]) -> bool:
    """Whether the contract is made with ``tricks`` by seat."""
    took = tricks[declarer - 1] + (tricks[partner - 1] if partner is not None else 0)
    if contract in MISERES:
        return took == 0
    return took >= NEEDED[contract]


def payments(contract: str, declarer: int, partner: int | None, tricks: Sequence[int]) -> tuple[int, ...]:
    """Each seat's score: made, each opponent pays the value to the declarer (after
    Propose, to each partner); failed, the declarer (each partner) pays each opponent.
    Always sums to 0."""
    value = VALUES[contract] * (1 if made(contract, declarer, partner, tricks) else -1)
    side = {declarer} if partner is None else {declarer, partner}
    seats = range(1, len(tricks) + 1)
    if partner is not None:
        return tuple(value if s in side else -value for s in seats)
    return tuple(value * (len(tricks) - 1) if s == declarer else -value for s in seats)


class SoloWhist(Ruleset):
    """Solo Whist (BPN 1.1 §2): Propose < Solo < Misere < Abundance < AbundanceTrump <
    SpreadMisere < Slam."""

    own_tags = frozenset(("Declarer",))

    name = "SoloWhist"
    contract_required = True
    has_auction = True
    zero_sum = True
    turns = "dealer"
    calls = (PASS, ACCEPT, *CALLS)

    # ---- the auction

    def check_auction(self, deal: Deal) -> AuctionResult | None:
        """Calls from the dealer's left, each seat in turn, skipping seats that have
        passed (a pass is for the rest of the auction). ``Accept`` only while Propose is
        the highest call and not yet accepted, by a seat that has not passed (nor the
        proposer); a higher call ends the partnership. The auction ends when every seat
        but the highest caller (and its partner) has passed. Four passes, or Propose left
        unaccepted, throw the deal in. A call not allowed is one BPN801 and counts as
        Pass. O(calls)."""
        auction = deal.auction
        if auction is None:
            return None
        out: list[Finding] = []
        seat = first_caller(self, deal, out)
        passed: set[int] = set()
        high: tuple[int, int, str] | None = None  # (rank, seat, call)
        partner: int | None = None
        ended: int | None = None
        for i, call in enumerate(auction.calls):
            word = call.call
            if ended is not None:
                after_the_end(out, i, word, ended)
                break
            why = self._wrong(word, seat, high, partner)
            if why is not None:
                out.append(Finding("BPN801", f"seat {seat} calls {word}: {why}; it counts as Pass", call=i))
                word = PASS
            if word == PASS:
                passed.add(seat)
            elif word == ACCEPT:
                partner = seat
            else:
                high, partner = (CALLS.index(word), seat, word), None
            live = [s for s in self.seat_range() if s not in passed]
            if not live or (high is not None and all(s in (high[1], partner) for s in live)):
                ended = i
                continue
            seat = self._next(seat, passed)
        if ended is None:
            return AuctionResult(out, None, None, None, False, to_call=seat)
        if high is None or (high[2] == "Propose" and partner is None):
            return AuctionResult(out, THROWN_IN, None, None, True)
        _, declarer, contract = high
        trump = "NT" if contract in MISERES else None  # else turned or named: not the auction's
        return AuctionResult(out, contract, declarer, trump, True, partner=partner)

    def _wrong(self, word: str, seat: int, high: tuple[int, int, str] | None, partner: int | None) -> str | None:
        """Why ``word`` may not be called by ``seat`` now (None: it may)."""
        if word == PASS:
            return None
        if word == ACCEPT:
            if high is None or high[2] != "Propose":
                return "Accept answers a Propose, and Propose is not the highest call"
            if partner is not None:
                return f"seat {partner} has already accepted"
            if seat == high[1]:
                return "a seat cannot accept its own Propose"
            return None
        if word not in CALLS:
            return f"it is not a call of Solo Whist (Pass, Accept, {', '.join(CALLS)})"
        if high is not None and CALLS.index(word) <= high[0]:
            return f"it is not higher than {high[2]} (seat {high[1]})"
        return None

    def _next(self, seat: int, passed: set[int]) -> int:
        """The next seat clockwise that has not passed."""
        for _ in range(self.seats):
            seat = self.left_of(seat)
            if seat not in passed:
                return seat
        return seat

    def partner_of(self, deal: Deal) -> int | None:
        """The seat that accepted a Propose (known only from the auction)."""
        if deal.auction is None:
            return None
        result = self.auction_of(deal)
        return result.partner if result is not None and result.complete else None

    # ---- before play

    def asks(self) -> Asks:
        """The turned card, the contract and its declarer."""
        return Asks(contract=True, turned=True, declarer=True)

    def required(self, deal: Deal) -> list[Finding]:
        out = super().required(deal)
        contract, declarer = self.contract_of(deal)
        if contract in (None, THROWN_IN):
            return out
        if declarer is None and deal.tag("Declarer") is None:
            out.append(Finding("BPN101", f"the [Declarer] tag is missing: who plays the {contract}?", "Contract"))
        if "Trump" in self.declarer_names(contract) and deal.tag("Trump") is None:
            out.append(Finding("BPN101", f"the [Trump] tag is missing: in {contract} the declarer names the "
                               "trump suit", "Contract"))
        if contract in TURNED and deal.tag("Turned") is None and deal.tag("Trump") is None:
            out.append(Finding("BPN101", f"the [Turned] tag is missing: {contract} is played with the turned "
                               "card's suit as trump", "Contract"))
        return out

    def declarer_names(self, contract: str | None) -> tuple[str, ...]:
        """Abundance and Slam: the declarer names the trump suit."""
        return ("Trump",) if contract in NAMED else ()

    def opening_leader(self, deal: Deal) -> int | None:
        """The dealer's left; in Slam the declarer."""
        contract, declarer = self.contract_of(deal)
        if contract == "Slam":
            return declarer
        return super().opening_leader(deal)

    def leader_rule(self) -> str:
        return "the seat to the dealer's left leads (in Slam the declarer)"

    def implied_trump(self, deal: Deal) -> str | None:
        contract = self.contract_of(deal)[0]
        if contract in MISERES:
            return "NT"
        if contract in TURNED and deal.turned is not None and deal.turned in self.deck_set:
            return deal.turned[0]
        return None

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        """The trump the contract plays in, reporting BPN205 for a turned card that is not
        the dealer's or disagrees with the Trump tag (in the contracts that play it), and
        BPN401 for a Trump tag the contract does not allow."""
        contract = self.contract_of(deal)[0]
        turned, trump = deal.turned, deal.trump
        if turned is not None:
            self._turned_in_place(deal, turned, hands, out)
        if contract in MISERES:
            if trump is not None and trump != "NT" and deal.auction is None:  # else BPN802
                out.append(Finding("BPN401", f"{contract} is played without trump, not {trump}", "Trump"))
            return "NT"
        if contract in NAMED:
            if trump == "NT":
                out.append(Finding("BPN401", f"in {contract} the declarer names a trump suit, never no trump",
                                   "Trump"))
                return None
            return trump
        if contract in TURNED and turned is not None and turned in self.deck_set:
            suit = turned[0]
            if trump is not None and trump != suit:
                out.append(Finding("BPN205", f"the turned card {turned} makes {SUIT_NAMES[suit]} trump in "
                                   f"{contract}, but the [Trump] tag says {trump}", "Turned"))
            return suit
        return trump

    def _turned_in_place(self, deal: Deal, turned: str, hands: list[Hand | None], out: list[Finding]) -> None:
        """BPN204/BPN205: the turned card is the dealer's last card, so in its hand."""
        if turned not in self.deck_set:
            out.append(Finding("BPN204", f"the turned card {turned} is not in the deck of {self.name}", "Turned"))
            return
        dealer = deal.dealer
        owner = next((s for s, h in enumerate(hands, 1) if h is not None and turned in h), None)
        if dealer is not None and owner is not None and owner != dealer:
            out.append(Finding("BPN205", f"the turned card {turned} was dealt to seat {owner}, but the turned "
                               f"card is the dealer's last card (seat {dealer})", "Turned"))

    # ---- the result

    def tricks_needed(self, deal: Deal) -> tuple[int, ...] | None:
        """None: no seat has a quota of its own. A Propose's 8 tricks are the two
        partners' together, a misère's 0 is a most, not a least, and the opponents need
        nothing; the views showed them as 'quota 8' for one partner and 'quota 0' for
        everyone else (what the declarer needs is :data:`NEEDED`, said by the score)."""
        return None

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        """Each seat's payments (see :func:`payments`); zeros in a deal thrown in; None
        when the declarer, or after Propose the partner, is not known."""
        contract, declarer = self.contract_of(deal)
        if contract == THROWN_IN:
            return (0,) * self.seats
        if contract not in VALUES or declarer is None or len(tricks) != self.seats:
            return None
        partner = self.partner_of(deal) if contract == "Propose" else None
        if contract == "Propose" and partner is None:
            return None
        return payments(contract, declarer, partner, tricks)

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        contract, declarer = self.contract_of(deal)
        if contract not in VALUES or declarer is None:
            return f"for {'/'.join(map(str, tricks))} tricks"
        partner = self.partner_of(deal) if contract == "Propose" else None
        who = f"seat {declarer}" + (f" with seat {partner}" if partner is not None else "")
        took = tricks[declarer - 1] + (tricks[partner - 1] if partner is not None else 0)
        result = "made" if made(contract, declarer, partner, tricks) else "failed"
        goal = "no trick" if contract in MISERES else f"{NEEDED[contract]} tricks"
        return (f"for {'/'.join(map(str, tricks))} tricks: {contract} by {who} needs {goal}, took {took}, "
                f"{result} (value {VALUES[contract]})")
