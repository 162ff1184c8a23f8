"""German Whist: two seats, thirteen cards each, a stock of 26 drawn from in play.

The rules of BPN 1.1 §2 and §4 behind the ruleset protocol (:mod:`bismarck_pbn.games.base`).
The stock (``Kitty``) is a list of cards in order, top first; its top card, the 27th
card, lies face up (``Turned``) and its suit is trump. The non-dealer leads. After each
of the first thirteen tricks the winner takes the face-up card, the loser the next
(face-down) one, and the next is turned; thirteen more tricks are played from the hands.
The draws are :class:`GermanTricks`' ``after_trick``: the replay, the positions and the
recorder see hands grow as they are played.

Scoring counts the endgame (tricks 14–26): the seat with more of them scores
tricks − 6, the other 0. ``HighLow``: no trump; a red turned card plays high (as
above), a black one low (the seat with fewer tricks scores the other's tricks − 6).
``AllTricks``: all 26 count, the seat with more scores tricks − 13 (13–13: both 0).

>>> german_score((8, 5))
(2, 0)
>>> german_score((9, 4), low=True)
(0, 3)
>>> german_score((15, 11), all_tricks=True)
(2, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bismarck_pbn.games.base import Asks, Finding, Hand, Ruleset, Setup
from bismarck_pbn.games.tricks import SUIT_NAMES, TrickRules

if TYPE_CHECKING:
    from bismarck_pbn.games.tricks import DealState
    from bismarck_pbn.model.deal import Deal

__all__ = ["DRAW_TRICKS", "GermanTricks", "GermanWhist", "german_score", "is_red"]

DRAW_TRICKS = 13
"""Tricks after which both seats draw from the stock."""


def is_red(card: str) -> bool:
    """Hearts and diamonds are red (under ``HighLow`` a red turned card plays high)."""
    return card[0] in "HD"


def german_score(counted: Sequence[int], *, low: bool = False, all_tricks: bool = False) -> tuple[int, int]:
    """The score of each seat for the tricks that count: the endgame's 13, or all 26
    under ``all_tricks``. The seat with more scores its tricks over half (6 of 13, 13 of
    26); playing ``low`` the points go to the seat with fewer, as many as the other's
    tricks over half. Equal counts (only possible in 26) score 0 each."""
    half = 13 if all_tricks else 6
    a, b = counted
    if a == b:
        return 0, 0
    more = 0 if a > b else 1
    points = max(a, b) - half
    if low:
        more = 1 - more
    return (points, 0) if more == 0 else (0, points)


@dataclass(frozen=True)
class GermanTricks(TrickRules):
    """Plain tricks for two seats, with the draws from the stock after tricks 1–13.

    ``stock`` is the stock in order, top first, or None when its order is not known:
    then nothing is drawn, and since a seat may have drawn any card the follow-suit
    check is left out (a revoke cannot be told from a card drawn)."""

    seats: int = 2
    tricks: int = 26
    stock: tuple[str, ...] | None = None

    @property
    def arriving(self) -> frozenset[str]:
        return frozenset(self.stock or ())

    def draws(self, trick: int, winner: int) -> tuple[tuple[int, str], ...]:
        """The (seat, card) drawn after trick ``trick`` (from 1) won by ``winner``: the
        face-up card to the winner, the next to the loser. O(1)."""
        stock = self.stock
        if stock is None or trick > len(stock) // 2:
            return ()
        i = 2 * (trick - 1)
        return (winner, stock[i]), (3 - winner, stock[i + 1])

    def after_trick(self, state: DealState, winner: int) -> None:
        for seat, card in self.draws(len(state.winners), winner):
            hand = state.hands[seat - 1]
            if hand is not None:
                hand.add(card)
            state.follow[seat - 1].add(card)  # now surely held (may be the hand itself)
            if card in state.excluded[seat - 1]:
                state.excluded[seat - 1] = state.excluded[seat - 1] - {card}  # (may be frozen)

    def undo_after_trick(self, state: DealState, winner: int) -> None:
        for seat, card in self.draws(len(state.winners), winner):
            hand = state.hands[seat - 1]
            if hand is not None:
                hand.discard(card)
            state.follow[seat - 1].discard(card)
            state.excluded[seat - 1] = state.excluded[seat - 1] | {card}

    def left_in_stock(self, tricks_played: int) -> tuple[str, ...] | None:
        return None if self.stock is None else self.stock[2 * tricks_played:]

    def revoke(self, card: str, trick: Sequence[tuple[int, str]], held: Iterable[str]) -> str | None:
        if self.stock is None:
            return None
        return super().revoke(card, trick, held)


class GermanWhist(Ruleset):
    """German Whist (BPN 1.1 §2): options ``HighLow`` and ``AllTricks``."""

    name = "GermanWhist"
    seats = 2
    hand_size = 13
    kitty_size = 26
    tricks = 26
    turns = "stock"
    ordered_stock = True

    def asks(self) -> Asks:
        """The stock card by card, top first, and the turned card."""
        return Asks(turned=True, stock_in_order=True)

    @property
    def high_low(self) -> bool:
        return "HighLow" in self.variant.options

    @property
    def all_tricks(self) -> bool:
        return "AllTricks" in self.variant.options

    def kitty_name(self) -> str:
        return "stock"

    def leader_rule(self) -> str:
        return "the non-dealer leads"

    # ---- before play

    def required(self, deal: Deal) -> list[Finding]:
        out = super().required(deal)
        if deal.tag("Turned") is None and deal.tag("Kitty") is None:
            out.append(Finding("BPN101", "the [Turned] tag is missing; the card turned up from the stock "
                               "decides the trump (give it, or the stock in Kitty, top card first)"))
        return out

    @staticmethod
    def stock_in_order(deal: Deal) -> bool:
        """Whether the Kitty tag gives the stock as a list in order (not a holding)."""
        tag = deal.tag("Kitty")
        return deal.kitty is not None and tag is not None and "." not in tag.value

    def turned_card(self, deal: Deal) -> str | None:
        """The 27th card, face up: the stock's top card, else the Turned tag."""
        if self.stock_in_order(deal) and deal.kitty:
            return deal.kitty[0]
        return deal.turned

    def trump_of(self, card: str | None) -> str | None:
        """The trump the turned card makes: its suit, or NT under HighLow."""
        if self.high_low:
            return "NT"
        return card[0] if card is not None else None

    def implied_trump(self, deal: Deal) -> str | None:
        return self.trump_of(self.turned_card(deal))

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        """The trump from the turned card; BPN205 where the Turned tag is not the
        stock's top card (or was dealt to a hand), or the Trump tag disagrees."""
        turned = self.turned_card(deal)
        given = deal.turned
        where = "Turned" if deal.tag("Turned") is not None else "Trump"
        if given is not None and turned is not None and given != turned:
            out.append(Finding("BPN205", f"the turned card is the stock's top card, {turned}, not {given}",
                               "Turned"))
        elif given is not None and not self.stock_in_order(deal) and (kitty is None or given not in kitty):
            holder = next((s for s, h in enumerate(hands, 1) if h is not None and given in h), None)
            if holder is not None:
                out.append(Finding("BPN205", f"{given} was dealt to seat {holder}, but the turned card is "
                                   "the top card of the stock", "Turned"))
        trump = self.trump_of(turned)
        if trump is None:
            return deal.trump
        if deal.trump is not None and deal.trump != trump:
            if self.high_low:
                why = f"under HighLow there is no trump (the Trump tag is NT), not {deal.trump}"
            else:
                why = f"the turned {turned} makes {SUIT_NAMES[trump]} trump, not {deal.trump}"
            out.append(Finding("BPN205", why, where))
        return trump

    def setup(self, deal: Deal, out: list[Finding]) -> Setup:
        """Holdings (13, 13 and a stock of 26) checked, the trump found from the turned
        card, the stock's order noted for the draws. With the stock in order the hands
        are exact and grow as the replay draws; without it the hands in play are not
        known (only the other seat's dealt cards are surely not held)."""
        hands = self.dealt_hands(deal)
        kitty = deal.kitty
        if kitty is not None and not self.stock_in_order(deal):
            out.append(Finding("BPN103", "German Whist's stock is a list of cards in order, top first "
                               "(the order decides the draws), not a holding", "Kitty"))
        trusted = self.check_holdings(deal, hands, kitty, out)
        if not trusted:
            hands = [None] * self.seats
            kitty = None
        trump = self.find_trump(deal, hands, kitty, out)
        stock = kitty if kitty is not None and self.stock_in_order(deal) else None
        rules = None if trump is None else GermanTricks(trump=None if trump == "NT" else trump, stock=stock)
        if stock is not None:
            play_hands = [set(h) if h is not None else None for h in hands]
            out_of_play = set(stock)  # not held until drawn (after_trick takes them out)
        else:
            play_hands = [None] * self.seats
            out_of_play = set()
        # (unknown hands: a card dealt to one seat never reaches the other; with the
        # stock in order, a stock card neither until it is drawn)
        setup = self.finish_setup(deal, trump, hands, kitty, None, None, play_hands, [True] * self.seats,
                                  out_of_play)
        return setup._replace(rules=rules)

    def trick_rules(self, deal: Deal, trump: str | None) -> TrickRules:
        stock = deal.kitty if self.stock_in_order(deal) else None
        return GermanTricks(trump=trump, stock=stock)

    # ---- the result

    def counted_tricks(self, deal: Deal, tricks: Sequence[int],
                       winners: Sequence[int] | None) -> tuple[int, ...] | None:
        """All 26 under AllTricks; else the endgame's: each seat's tricks less those it
        won in tricks 1–13 (known only once the play has reached trick 13)."""
        if self.all_tricks:
            return tuple(tricks)
        if winners is None or len(winners) < DRAW_TRICKS:
            return None
        early = [0, 0]
        for w in winners[:DRAW_TRICKS]:
            early[w - 1] += 1
        counted = tuple(t - e for t, e in zip(tricks, early))
        return counted if min(counted) >= 0 else None

    def plays_low(self, deal: Deal) -> bool | None:
        """Under HighLow: whether the turned card is black (None when not known)."""
        if not self.high_low:
            return False
        turned = self.turned_card(deal)
        return None if turned is None else not is_red(turned)

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        low = self.plays_low(deal)
        if low is None or len(tricks) != 2:
            return None
        return german_score(tricks, low=low, all_tricks=self.all_tricks)

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        which = "tricks" if self.all_tricks else "endgame tricks (tricks 14 to 26)"
        how = ""
        if self.high_low:
            turned = self.turned_card(deal)
            how = f", playing {'low' if self.plays_low(deal) else 'high'} (the turned {turned})"
        return f"for {'/'.join(map(str, tricks))} {which}{how}"
