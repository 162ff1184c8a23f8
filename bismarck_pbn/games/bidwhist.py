"""Bid Whist: partnerships, 54 cards with two jokers, a six-card kitty, one round of bids
in books over six, uptown and downtown, the kitty's book, and a game of 7.

The rules of BPN 1.1 §2 and §4 (rulings in ``docs/games/bid-whist.md``) behind the
ruleset protocol. The play's twists live in :class:`BidTricks`: ranks run A K … 2
uptown and A 2 3 … K downtown (the ace high in both); in a trump contract the jokers
are the two highest trumps (``JB`` over ``JL``); in no trump a joker belongs to no
suit, never wins, may be played only by a seat that cannot follow suit, and a joker
led lets the next card set the suit.

>>> bid_score("4U", 10), bid_score("4U", 9), bid_score("3NT", 10)
(4, -4, 8)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from bismarck_pbn.diagnostics import INFO
from bismarck_pbn.games.auction import PASS, after_the_end, first_caller
from bismarck_pbn.games.base import Asks, AuctionResult, Finding, Hand, Ruleset, SessionRules, Setup
from bismarck_pbn.games.tricks import TrickRules
from bismarck_pbn.model.cards import DECK, DECK_54, JOKER, RANK_VALUE, sort_cards

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal

__all__ = ["BidTricks", "BidWhist", "bid_rank", "bid_score"]

TAKE = "Take"
BOOK = 6
"""Books a side must take before it scores: bids count the books over six."""
GAME = 7
"""Points that win a game."""
_BID = re.compile(r"([3-7])(U|D|NT)")

_UP = {c: RANK_VALUE[c] for c in DECK} | {"JL": 15, "JB": 16}
_DOWN = {c: 14 if c[1] == "A" else 15 - RANK_VALUE[c] for c in DECK} | {"JL": 15, "JB": 16}
"""Card strength within its suit (jokers as the top trumps): uptown A K … 2, downtown A 2 … K."""


def bid_rank(word: str) -> int | None:
    """The rank of a bid (``3U`` = ``3D`` lowest, ``7NT`` highest); None for another word.
    At an equal number NT is higher, uptown and downtown are equal."""
    m = _BID.fullmatch(word)
    if m is None:
        return None
    return int(m.group(1)) * 2 + (m.group(2) == "NT")


def bid_score(contract: str, books: int) -> int:
    """The declaring side's score for ``books`` taken, the kitty's book included: made
    (6 + the bid), the books over six; failed, minus the bid; no trump doubles both."""
    m = _BID.fullmatch(contract)
    assert m is not None, contract
    bid = int(m.group(1))
    points = books - BOOK if books >= BOOK + bid else -bid
    return 2 * points if m.group(2) == "NT" else points


@dataclass(frozen=True)
class BidTricks(TrickRules):
    """Bid Whist's tricks: uptown or downtown ranks, jokers as the top trumps, or in no
    trump as cards of no suit that never win. O(1) a card but :meth:`legal`/:meth:`revoke`."""

    seats: int = 4
    tricks: int = 12
    downtown: bool = False
    deck: ClassVar[frozenset[str]] = frozenset(DECK_54)

    def suit_of(self, card: str) -> str | None:
        """A joker is a trump, or in no trump of no suit."""
        return self.trump if card[0] == JOKER else card[0]

    def led(self, trick: Sequence[tuple[int, str]]) -> str | None:
        """The suit to follow: the first card's, or after a joker led in no trump the
        first suited card's (None while there is none)."""
        for _, card in trick:
            suit = self.suit_of(card)
            if suit is not None:
                return suit
        return None

    def winner(self, trick: Sequence[tuple[int, str]]) -> int:
        values = _DOWN if self.downtown else _UP
        led, trump = self.led(trick), self.trump
        best_seat, best = trick[0][0], (-1, -1)
        for seat, card in trick:
            suit = self.suit_of(card)
            if suit is None or (suit != trump and suit != led):
                continue
            key = (suit == trump, values.get(card, 0))
            if key > best:
                best_seat, best = seat, key
        return best_seat

    def legal(self, hand: Iterable[str], trick: Sequence[tuple[int, str]]) -> set[str]:
        cards = set(hand)
        led = self.led(trick)
        if led is None:
            return cards
        same = {c for c in cards if self.suit_of(c) == led}
        return same or cards

    def revoke(self, card: str, trick: Sequence[tuple[int, str]], held: Iterable[str]) -> str | None:
        led = self.led(trick)
        if led is None or self.suit_of(card) == led:
            return None
        return led if any(self.suit_of(h) == led for h in held) else None


class BidWhist(Ruleset):
    """Bid Whist (BPN 1.1 §2): bids 3–7 uptown, downtown or no trump; Take; game 7."""

    own_tags = frozenset(("Declarer", "Direction", "Discard"))

    name = "BidWhist"
    deck = DECK_54
    hand_size = 12
    kitty_size = 6
    tricks = 12
    contract_required = True
    has_auction = True
    calls = (PASS, TAKE, *(f"{n}{w}" for n in range(3, 8) for w in ("U", "D", "NT")))

    # ---- the auction

    def check_auction(self, deal: Deal) -> AuctionResult | None:
        """One round of four calls from the dealer's left: Pass, or a bid higher than the
        highest so far; the dealer (the fourth call) may instead ``Take`` the highest bid
        as it stands. Four passes throw the deal in. O(calls)."""
        auction = deal.auction
        if auction is None:
            return None
        out: list[Finding] = []
        seat = first_caller(self, deal, out)
        high: tuple[int, int, str] | None = None
        ended: int | None = None
        for i, call in enumerate(auction.calls):
            word = call.call
            if ended is not None:
                after_the_end(out, i, word, ended)
                break
            why = self._wrong(word, i, high)
            if why is not None:
                out.append(Finding("BPN801", f"seat {seat} calls {word}: {why}; it counts as Pass", call=i))
            elif word == TAKE:
                high = (high[0], seat, high[2])  # type: ignore[index]
            elif word != PASS:
                high = (bid_rank(word), seat, word)  # type: ignore[assignment]
            if i == self.seats - 1:
                ended = i
            seat = self.left_of(seat)
        if ended is None:
            return AuctionResult(out, None, None, None, False, to_call=seat)
        if high is None:
            return AuctionResult(out, "None", None, None, True)
        _, declarer, contract = high
        return AuctionResult(out, contract, declarer, "NT" if contract.endswith("NT") else None, True)

    def _wrong(self, word: str, index: int, high: tuple[int, int, str] | None) -> str | None:
        if word == PASS:
            return None
        if word == TAKE:
            if index != self.seats - 1:
                return "only the dealer, calling last, may take the highest bid"
            if high is None:
                return "there is no bid to take"
            return None
        rank = bid_rank(word)
        if rank is None:
            return "it is not a call of Bid Whist (Pass, Take, or a bid 3 to 7 with U, D or NT: 4U, 5D, 4NT)"
        if high is not None and rank <= high[0]:
            return f"it is not higher than {high[2]} (seat {high[1]})"
        return None

    # ---- before play

    def asks(self) -> Asks:
        """The contract, its declarer and the declarer's six discards."""
        return Asks(contract=True, discard=self.kitty_size, declarer=True)

    def required(self, deal: Deal) -> list[Finding]:
        out = super().required(deal)
        contract, declarer = self.contract_of(deal)
        if contract is None or contract == "None":
            return out
        if declarer is None and deal.tag("Declarer") is None:
            out.append(Finding("BPN101", f"the [Declarer] tag is missing: who plays the {contract}?", "Contract"))
        named = self.declarer_names(contract)
        if "Direction" in named:
            if deal.tag("Direction") is None:
                out.append(Finding("BPN101", "the [Direction] tag is missing: in no trump the declarer says "
                                   "Uptown or Downtown", "Contract"))
        elif "Trump" in named and deal.tag("Trump") is None:
            out.append(Finding("BPN101", f"the [Trump] tag is missing: in {contract} the declarer names the "
                               "trump suit", "Contract"))
        return out

    def declarer_names(self, contract: str | None) -> tuple[str, ...]:
        """In no trump the declarer says Uptown or Downtown; in U or D it names trump."""
        if contract is None or bid_rank(contract) is None:
            return ()
        return ("Direction",) if contract.endswith("NT") else ("Trump",)

    def names_trump(self, contract: str | None) -> bool:
        """Always: the winning bid and the declarer's naming make the trump, never a
        turned card."""
        return True

    def opening_leader(self, deal: Deal) -> int | None:
        """The declarer leads."""
        return self.contract_of(deal)[1]

    def leader_rule(self) -> str:
        return "the declarer leads"

    def implied_trump(self, deal: Deal) -> str | None:
        contract = self.contract_of(deal)[0]
        return "NT" if contract is not None and contract.endswith("NT") else None

    def downtown(self, deal: Deal) -> bool:
        """Whether ranks run downtown: a ``D`` bid, or no trump played Downtown."""
        contract = self.contract_of(deal)[0] or ""
        return contract.endswith("D") or (contract.endswith("NT") and deal.direction == "Downtown")

    def _auction_makes_nt(self, deal: Deal) -> bool:
        """Whether a complete auction ends in no trump (a Trump tag naming a suit is then
        BPN802, from :meth:`auction_agreement`). O(calls)."""
        result = self.auction_of(deal) if deal.auction is not None else None
        return result is not None and result.complete and result.trump == "NT"

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        """NT for a no-trump bid; the named suit for U and D (BPN401 where the Trump or
        Direction tag does not fit the bid)."""
        contract = self.contract_of(deal)[0]
        if contract is None or contract == "None":
            return deal.trump
        if deal.direction is not None and not contract.endswith("NT"):
            way = "Downtown" if contract.endswith("D") else "Uptown"
            if deal.direction != way:
                out.append(Finding("BPN401", f"{contract} is played {way}, not {deal.direction}", "Direction"))
        if contract.endswith("NT"):
            if deal.trump is not None and deal.trump != "NT" and not self._auction_makes_nt(deal):  # else BPN802
                out.append(Finding("BPN401", f"{contract} is played without trump, not {deal.trump}", "Trump"))
            return "NT"
        if deal.trump == "NT":
            out.append(Finding("BPN401", f"in {contract} the declarer names a trump suit (NT is bid as NT)",
                               "Trump"))
            return None
        return deal.trump

    def trick_rules(self, deal: Deal, trump: str | None) -> TrickRules:
        return BidTricks(trump=trump, downtown=self.downtown(deal))

    def setup(self, deal: Deal, out: list[Finding]) -> Setup:
        """Holdings (12 each and a kitty of 6, jokers included) checked; the declarer takes
        the kitty and discards six (BPN201 for another number, BPN301 for a card it did
        not have, BPN302 for a refusal); the trump or direction found."""
        hands = self.dealt_hands(deal)
        kitty = deal.kitty
        if not self.check_holdings(deal, hands, kitty, out):
            hands, kitty = [None] * self.seats, None
        elif kitty is None and None not in hands:
            held = {c for h in hands for c in h}  # type: ignore[union-attr]
            kitty = tuple(c for c in DECK_54 if c not in held)
        trump = self.find_trump(deal, hands, kitty, out)
        declarer = self.contract_of(deal)[1]
        discard = deal.discard
        play_hands: list[set[str] | None] = [set(h) if h is not None else None for h in hands]
        exact = [True] * self.seats
        if deal.exchange is False:
            out.append(Finding("BPN302", "the declarer always takes the kitty and discards six", "Discard"))
        if discard is not None and len(discard) != self.kitty_size:
            out.append(Finding("BPN201", f"the declarer discards {len(discard)} cards; it discards "
                               f"{self.kitty_size}", "Discard"))
            discard = None
        if declarer is not None and play_hands[declarer - 1] is not None and kitty is not None:
            taken = play_hands[declarer - 1] | set(kitty)  # type: ignore[operator]
            if discard is not None:
                foreign = [c for c in discard if c not in taken]
                if foreign:
                    out.append(Finding("BPN301", f"{' '.join(sort_cards(foreign))} "
                                       f"{'was' if len(foreign) == 1 else 'were'} neither in the declarer's "
                                       "hand nor in the kitty", "Discard"))
                    discard = None
            play_hands[declarer - 1] = taken - set(discard) if discard is not None else taken
            exact[declarer - 1] = discard is not None
        elif declarer is None and kitty is not None:
            play_hands = [None] * self.seats  # the kitty went to a seat the record does not name
        return self.finish_setup(deal, trump, hands, kitty, discard, True, play_hands, exact,
                                 set(discard or ()))

    # ---- the result

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        """The declaring side's books over six (the kitty's book counted), or minus the
        bid; doubled in no trump; the other side 0. Zeros in a deal thrown in."""
        contract, declarer = self.contract_of(deal)
        if contract == "None":
            return (0, 0)
        if contract is None or bid_rank(contract) is None or declarer is None:
            return None
        sides = self.per_side(tricks) if len(tricks) == self.seats else tuple(tricks)
        side = self.side_of(declarer)
        out = [0, 0]
        out[side] = bid_score(contract, sides[side] + 1)
        return tuple(out)

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        contract, declarer = self.contract_of(deal)
        if contract is None or bid_rank(contract) is None or declarer is None:
            return f"for {'/'.join(map(str, tricks))} tricks"
        sides = self.per_side(tricks) if len(tricks) == self.seats else tuple(tricks)
        side = self.side_of(declarer)
        books = sides[side] + 1
        need = BOOK + int(contract[0])
        return (f"for {'/'.join(map(str, sides))} tricks: side {side + 1} bid {contract} and took {books} books "
                f"with the kitty's, needing {need}")

    def session_rules(self) -> SessionRules:
        return BidWhistGame(self)


class BidWhistGame(SessionRules):
    """A game of Bid Whist: the first side to reach 7 points wins it (BPN707 at the
    deal's Score) and the totals start again from 0."""

    def after(self, deal: Deal, totals: tuple[int, ...] | None) -> tuple[list[Finding], bool]:
        if totals is None or max(totals) < GAME:
            return [], False
        side = 0 if totals[0] >= GAME else 1
        message = (f"side {side + 1} (seats {side + 1} and {side + 3}) reaches {totals[side]} and wins the "
                   f"game, {totals[side]} to {totals[1 - side]}")
        return [Finding("BPN707", message, "Score", INFO)], True
