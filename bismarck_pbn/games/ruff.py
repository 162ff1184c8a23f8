"""Ruff and Honours: Whist with a stock of four and a ruff, games of 10.

Twelve cards each and four to the stock (``Kitty``); the stock's top card is turned
(``Turned``, one of the ``Kitty`` cards) and its suit is trump. The holder of the ace of
trumps takes the stock and discards four (``Discard``), *the ruff*; if the ace is in
the stock, the dealer ruffs. ``Declarer`` names the seat that ruffs (BPN303 when it
names another). Twelve tricks; scored as Whist over a book of six, with the honours
counted in the hands as they stand after the ruff; a game is 10 (no honours at 9).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bismarck_pbn.games.base import Asks, Finding, Hand, Setup
from bismarck_pbn.games.whist import Counts, Whist, honours_held
from bismarck_pbn.model.cards import ORDER, rest_of_deck

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal


class RuffAndHonours(Whist):
    """Ruff and Honours (BPN 1.1 §2): no options."""

    own_tags = frozenset(("Declarer", "Discard"))

    name = "RuffAndHonours"
    hand_size = 12
    kitty_size = 4
    tricks = 12
    turns = "stock"

    def asks(self) -> Asks:
        """The turned card (the stock's top), the ruffer and its four discards."""
        return Asks(turned=True, discard=4, declarer=True)

    @property
    def target(self) -> int:
        return 10

    def kitty_name(self) -> str:
        return "stock"

    def turned_place(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None) -> str | None:
        turned = deal.turned
        if kitty is not None:
            if turned in kitty:
                return None
            return (f"the turned card {turned} is not in the stock; the stock's top card is turned"
                    f"{self._where(turned, hands)}")
        owner = self._owner(turned, hands)
        return None if owner is None else f"the turned card {turned} was dealt to seat {owner}, not left in the stock"

    # ---- the ruff

    def ruffer(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None, trump: str | None) -> int | None:
        """The seat that takes the stock: the holder of the ace of trumps, the dealer when
        the ace is in the stock; None when the record does not tell."""
        if trump in (None, "NT"):
            return None
        ace = trump + "A"
        owner = self._owner(ace, hands)
        if owner is not None:
            return owner
        if kitty is not None and ace in kitty:
            return deal.dealer
        unknown = [s for s, h in enumerate(hands, 1) if h is None]
        if kitty is not None and len(unknown) == 1:
            return unknown[0]
        return None

    def setup(self, deal: Deal, out: list[Finding]) -> Setup:
        """Holdings, the turned card, who ruffs (BPN303), the discard (BPN201, 202, 301,
        302), and each seat's cards after the ruff."""
        hands = self.dealt_hands(deal)
        kitty = deal.kitty
        if not self.check_holdings(deal, hands, kitty, out):
            hands = [None] * self.seats
            kitty = None
        if kitty is None and all(h is not None for h in hands):
            kitty = rest_of_deck(hands)
        trump = self.find_trump(deal, hands, kitty, out)
        seat = self.ruffer(deal, hands, kitty, trump)
        if seat is not None and deal.declarer is not None and deal.declarer != seat:
            # (a seat ruffs only where there is a trump suit)
            holds_ace = trump is not None and self._owner(trump + "A", hands) == seat
            why = "holds the ace of trumps" if holds_ace else "is the dealer and the ace of trumps is in the stock"
            out.append(Finding("BPN303", f"seat {seat} {why}, so seat {seat} takes the stock, not seat "
                               f"{deal.declarer}", "Declarer"))
        elif seat is None:
            seat = deal.declarer
        discard, exchange = self.check_discard(deal, seat, hands, kitty, out)
        play_hands: list[set[str] | None] = [set(h) if h is not None else None for h in hands]
        exact = [True] * self.seats
        gone = set(discard) if exchange and discard else set()
        if seat is None:
            # someone took the stock, and who is unknown: check against what each plays
            setup = self.finish_setup(deal, trump, hands, kitty, discard, exchange, play_hands, exact,
                                      gone)
            return setup._replace(play_hands=[None] * self.seats, excluded=[gone] * self.seats)
        dealt = play_hands[seat - 1]
        if dealt is not None:
            if kitty is None:
                play_hands[seat - 1] = None
            elif exchange and discard is not None:
                play_hands[seat - 1] = (dealt | set(kitty)) - set(discard)
            else:
                play_hands[seat - 1] = dealt | set(kitty)
                exact[seat - 1] = False  # which four went out is not recorded
        setup = self.finish_setup(deal, trump, hands, kitty, discard, exchange, play_hands, exact, gone)
        if kitty is not None and any(h is None for h in play_hands):
            excluded = [e | set(kitty) if s != seat else e for s, e in enumerate(setup.excluded, 1)]
            setup = setup._replace(excluded=excluded)
        return setup

    def check_discard(self, deal: Deal, seat: int | None, hands: list[Hand | None], kitty: Hand | None,
                      out: list[Finding]) -> tuple[Hand | None, bool | None]:
        """BPN202/201 of the discard, BPN302 a ruff declined, BPN301 a card discarded
        that was not in the ruffer's hand or the stock. Returns (discard, exchange)."""
        discard, exchange = deal.discard, deal.exchange
        if exchange is False:
            out.append(Finding("BPN302", "the ruff is not optional: the seat that takes the stock discards four, "
                               "but the discard is '-'", "Discard"))
            return None, None
        if discard is None:
            return None, exchange
        twice = [c for c, n in Counter(discard).items() if n > 1]
        if twice:
            out.append(Finding("BPN202", f"the discard lists {' '.join(sorted(twice, key=lambda c: ORDER.get(c, len(ORDER))))} more than "
                               "once", "Discard"))
            discard = tuple(dict.fromkeys(discard))
        elif len(discard) != 4:
            out.append(Finding("BPN201", f"the discard has {len(discard)} cards; it must have 4", "Discard"))
        if seat is not None and hands[seat - 1] is not None and kitty is not None:
            possible = set(hands[seat - 1]) | set(kitty)  # type: ignore[arg-type]
            bad = [c for c in discard if c not in possible]
            if bad:
                shown = ", ".join(f"{c} (in seat {o}'s hand)" if (o := self._owner(c, hands)) else c for c in bad)
                out.append(Finding("BPN301", f"seat {seat} discards {shown}, not in its hand or the stock",
                                   "Discard"))
        return discard, exchange

    # ---- the result

    def honours(self, deal: Deal) -> Counts | None:
        """Honour points per side in the hands as they stand after the ruff."""
        setup = self.setup(deal, [])
        if setup.trump in (None, "NT"):
            return None
        gone = set(setup.discard) if setup.exchange and setup.discard else set()
        return honours_held(setup.trump, setup.play_hands, setup.exact, gone)
